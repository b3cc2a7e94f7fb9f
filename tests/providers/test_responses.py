"""Provider openai-responses: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

from .common import *  # noqa: F403

PROVIDER = "openai-responses"
