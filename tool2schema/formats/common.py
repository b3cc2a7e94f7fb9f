"""Helpers shared by the format modules (no provider rule lives here)."""

from __future__ import annotations

import re
from typing import Any

from ..errors import SchemaFormatError
from ..spec import ToolSpec


def check_name(spec: ToolSpec, pattern: str, provider: str) -> None:
    """Raise ``SchemaFormatError`` when the tool name breaks ``provider``'s rule."""
    if not re.match(pattern, spec.name):
        raise SchemaFormatError(
            f"tool {spec.name!r}: {provider} requires tool names matching {pattern}; "
            "pass name='...' to @tool with letters, digits, '_' or '-' (at most 64)"
        )


def strict_or_plain(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    """The parameters schema, made OpenAI-strict when asked."""
    if strict:
        from .strict import to_strict

        return to_strict(spec.parameters, spec.name)
    return spec.parameters
