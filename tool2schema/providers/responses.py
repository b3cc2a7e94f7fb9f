"""OpenAI Responses API.

Tool: a flat ``{"type": "function", "name", "description", "parameters", "strict"}``
(``openai.types.responses.FunctionToolParam``; ``parameters`` and ``strict`` are
required keys). The name and schema rules are Chat Completions' (:mod:`.openai`, whose
strict walker this API shares); ``strict`` defaults to *true* on this API when omitted,
so a non-strict schema says ``"strict": false`` explicitly.

Calls arrive as ``function_call`` output items ``{"type": "function_call", "call_id",
"name", "arguments"}``; results go back as one ``{"type": "function_call_output",
"call_id", "output"}`` input item per call (no error flag: the text says it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from . import SchemaFormat
from .base import Provider, items, member, tag
from .openai import OpenAIChat, OpenAIStrict

if TYPE_CHECKING:
    from ..calls import ToolCall, ToolResult
    from ..definition import ToolDefinition


class OpenAIResponses(Provider):
    format = SchemaFormat.OPENAI_RESPONSES
    label = "OpenAI"
    name_pattern = OpenAIChat.name_pattern
    name_rule = OpenAIChat.name_rule
    limits = OpenAIChat.limits
    strict_walker = OpenAIStrict

    def tool(self, definition: ToolDefinition, strict: bool) -> dict[str, Any]:
        self.check_name(definition.name)
        out: dict[str, Any] = {"type": "function", "name": definition.name}
        description = self.description(definition)
        if description:
            out["description"] = description
        out["parameters"] = self.parameters(definition, strict)
        out["strict"] = bool(strict)
        return out

    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        if not required:
            return "auto"
        if len(names) == 1:
            return {"type": "function", "name": names[0]}
        return "required"

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        return {"tools": tools, "tool_choice": choice}

    def read_call(self, obj: Any) -> Optional[ToolCall]:
        if tag(obj, "type") != "function_call":
            return None
        from ..calls import ToolCall

        return ToolCall.read(member(obj, "name"), member(obj, "arguments"), member(obj, "call_id"), self.format, obj)

    def response_items(self, response: Any) -> Optional[list[Any]]:
        output = member(response, "output")
        if isinstance(output, (list, tuple)):
            return items(output)
        return None

    def text(self, response: Any) -> Optional[str]:
        texts: list[str] = []
        for item in items(member(response, "output")):
            if tag(item, "type") == "message":
                for part in items(member(item, "content")):
                    if tag(part, "type") == "output_text" and isinstance(member(part, "text"), str):
                        texts.append(member(part, "text"))
        return "".join(texts) if texts else None

    def result_item(self, result: ToolResult) -> dict[str, Any]:
        return {"type": "function_call_output", "call_id": result.call_id or "", "output": result.content}

    def user_message(self, text: str) -> dict[str, Any]:
        return {"role": "user", "content": text}
