"""Model Context Protocol: the ``Tool`` of a ``tools/list`` result.

Rules (MCP specification, "Tools"): ``name`` is 1-128 characters of letters, digits,
``_``, ``-`` and ``.``; ``inputSchema`` is a JSON Schema object; ``outputSchema``, when
present, describes ``structuredContent`` and must be an object schema, so it is given
only when the return annotation is a structured type (model, dataclass, TypedDict,
mapping).
"""

from __future__ import annotations

from typing import Any

from ..introspect import EMPTY
from ..jsonschema import type_schema
from ..spec import ToolSpec
from .common import check_name

NAME_PATTERN = r"^[A-Za-z0-9_.-]{1,128}$"


def output_schema(spec: ToolSpec) -> dict[str, Any] | None:
    """The object schema of the return annotation, or None."""
    if spec.returns is EMPTY or spec.returns is None:
        return None
    schema = type_schema(spec.returns)
    if schema is None or schema.get("type") != "object":
        return None
    return schema


def render(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    check_name(spec, NAME_PATTERN, "MCP")
    out: dict[str, Any] = {"name": spec.name}
    if spec.description:
        out["description"] = spec.description
    out["inputSchema"] = spec.parameters
    out_schema = output_schema(spec)
    if out_schema is not None:
        out["outputSchema"] = out_schema
    return out
