"""OpenAI Chat Completions: ``{"type": "function", "function": {name, description, parameters}}``.

Rules (platform.openai.com function calling guide): ``name`` matches
``^[a-zA-Z0-9_-]{1,64}$``; ``parameters`` is a JSON Schema object; ``strict: true``
requires the structured-outputs subset (see ``strict.py``).
"""

from __future__ import annotations

from typing import Any

from ..spec import ToolSpec
from .common import check_name, strict_or_plain

NAME_PATTERN = r"^[a-zA-Z0-9_-]{1,64}$"


def function_object(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    check_name(spec, NAME_PATTERN, "OpenAI")
    out: dict[str, Any] = {"name": spec.name}
    if spec.description:
        out["description"] = spec.description
    out["parameters"] = strict_or_plain(spec, strict)
    if strict:
        out["strict"] = True
    return out


def render(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    return {"type": "function", "function": function_object(spec, strict)}


def render_tune(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    """The bare function object of OpenAI fine-tuning files (2.x ``OPENAI_TUNE``)."""
    return function_object(spec, strict)
