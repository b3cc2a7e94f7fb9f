"""Anthropic Messages API: ``{"name", "description", "input_schema"}``.

Rules (docs.anthropic.com, tool use): ``name`` matches ``^[a-zA-Z0-9_-]{1,64}$``;
``input_schema`` is a JSON Schema whose root is ``{"type": "object"}`` and has no
``oneOf``/``anyOf``/``allOf`` at the top level. The ``strict`` flag is an OpenAI
feature and does not change this format.
"""

from __future__ import annotations

from typing import Any

from ..errors import SchemaFormatError
from ..spec import ToolSpec
from .common import check_name

NAME_PATTERN = r"^[a-zA-Z0-9_-]{1,64}$"


def input_schema(spec: ToolSpec, provider: str) -> dict[str, Any]:
    """The parameters schema, checked against the top-level rule Anthropic models share."""
    params = spec.parameters
    bad = [k for k in ("oneOf", "anyOf", "allOf") if k in params]
    if bad or params.get("type") != "object":
        raise SchemaFormatError(
            f"tool {spec.name!r}: {provider} requires input_schema to be a plain object at the top level "
            f"(found {', '.join(bad) or params.get('type')}); wrap the union in a field of a model"
        )
    return params


def render(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    check_name(spec, NAME_PATTERN, "Anthropic")
    out: dict[str, Any] = {"name": spec.name}
    if spec.description:
        out["description"] = spec.description
    out["input_schema"] = input_schema(spec, "Anthropic")
    return out
