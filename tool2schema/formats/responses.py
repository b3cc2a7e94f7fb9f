"""OpenAI Responses API: a flat ``{"type": "function", "name", "description",
"parameters", "strict"}`` tool.

Rules: the same name and schema rules as Chat Completions; ``strict`` defaults to
*true* on the Responses API when omitted, so a non-strict schema must say
``"strict": false`` explicitly or the API applies strict validation to it.
"""

from __future__ import annotations

from typing import Any

from ..spec import ToolSpec
from .common import check_name, strict_or_plain
from .openai import NAME_PATTERN


def render(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    check_name(spec, NAME_PATTERN, "OpenAI")
    out: dict[str, Any] = {"type": "function", "name": spec.name}
    if spec.description:
        out["description"] = spec.description
    out["parameters"] = strict_or_plain(spec, strict)
    out["strict"] = bool(strict)
    return out
