"""Amazon Bedrock Converse: ``{"toolSpec": {"name", "description", "inputSchema": {"json"}}}``.

Rules (bedrock-runtime ``ToolSpecification``): ``name`` matches
``^[a-zA-Z0-9_-]{1,64}$``; ``description`` has at least one character, so an empty one
is left out; ``inputSchema.json`` is a JSON Schema object, top-level unions excluded
as for Anthropic (the models behind Converse share that rule).
"""

from __future__ import annotations

from typing import Any

from ..spec import ToolSpec
from .anthropic import NAME_PATTERN, input_schema
from .common import check_name


def render(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    check_name(spec, NAME_PATTERN, "Bedrock")
    inner: dict[str, Any] = {"name": spec.name}
    if spec.description:
        inner["description"] = spec.description
    inner["inputSchema"] = {"json": input_schema(spec, "Bedrock")}
    return {"toolSpec": inner}
