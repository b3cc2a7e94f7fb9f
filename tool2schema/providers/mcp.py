"""Model Context Protocol: the ``Tool`` of a ``tools/list`` result.

Rules (MCP specification 2025-11-25, "Tools", tool names): a name is 1-128 characters
of letters, digits, ``_``, ``-`` and ``.``; ``inputSchema`` is a JSON Schema object;
``outputSchema``, when present, describes ``structuredContent`` and must be an object
schema, so it is given only when the return annotation is a structured type (model,
dataclass, TypedDict, mapping). There is no strict flag: ``strict=True`` raises.

Calls arrive as ``tools/call`` params (``CallToolRequestParams``: ``name``,
``arguments``); a result is a ``CallToolResult`` (``content``, ``structuredContent``,
``isError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from ..calls import ToolCall, fields
from . import SchemaFormat
from .base import Provider, WrittenTool

if TYPE_CHECKING:
    from ..calls import ToolResult
    from ..definition import ToolDefinition


class MCP(Provider):
    format = SchemaFormat.MCP
    label = "MCP"
    name_pattern = r"^[A-Za-z0-9_.-]{1,128}$"
    name_rule = "1-128 characters: letters, digits, '_', '-' or '.'"
    structured_output = False
    """MCP has no request with a tool choice (the host picks tools) and no native output."""
    parameters_key = "inputSchema"

    def tool(self, definition: ToolDefinition, strict: Optional[bool], *, json_schema: bool = False, output_schema: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = self.named(definition)
        out[self.parameters_key] = self.parameters(definition, bool(strict))
        schema = self.output_schema(definition, output_schema)
        if schema is not None:
            out["outputSchema"] = schema
        return out

    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        return None  # the host chooses: MCP has no tool choice

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        return {"tools": tools}  # the body of a tools/list result

    def read_tools(self, item: dict[str, Any]) -> Optional[list[WrittenTool]]:
        if "inputSchema" not in item:
            return None
        return self.written(item, (), ("inputSchema",))

    def listed_tools(self, body: dict[str, Any]) -> Optional[tuple[tuple[str, ...], list[Any]]]:
        result = body.get("result")  # a JSON-RPC response to tools/list
        if isinstance(result, dict) and isinstance(result.get("tools"), list):
            return ("result", "tools"), result["tools"]
        return super().listed_tools(body)

    def read_call(self, obj: Any) -> Optional[ToolCall]:
        if type(obj).__name__ != "CallToolRequestParams":
            return None
        call = fields(obj) or {}
        return ToolCall.read(call.get("name"), call.get("arguments"), None, self.format, obj)

    def result_item(self, result: ToolResult) -> dict[str, Any]:
        out: dict[str, Any] = {"content": [{"type": "text", "text": result.content}], "isError": result.is_error}
        data = result.data
        if isinstance(data, dict):
            out["structuredContent"] = data
        return out
