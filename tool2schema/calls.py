"""Reading tool calls in every provider's shape.

A call may be an SDK object or its dict form:

- OpenAI Chat ``tool_calls[i]``: ``{"id", "type": "function", "function": {"name", "arguments"}}``
- OpenAI Responses ``function_call`` item: ``{"type": "function_call", "call_id", "name", "arguments"}``
- Anthropic ``tool_use`` block: ``{"type": "tool_use", "id", "name", "input"}``
- Gemini ``function_call`` (or a ``Part`` holding one): ``{"id"?, "name", "args"}``
- Bedrock ``toolUse`` content block: ``{"toolUse": {"toolUseId", "name", "input"}}``
- MCP ``tools/call`` params: ``CallToolRequestParams`` / ``{"name", "arguments"}``
- plain ``{"name", "arguments"}`` with a dict or a JSON string.

Whole messages and responses with several calls are read by :func:`extract_calls`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .errors import ToolCallError
from .formats import SchemaFormat


@dataclass(slots=True)
class ToolCall:
    """One call, whatever shape it came in."""

    name: str
    arguments: Any
    """A dict, a JSON string, or None."""
    id: Optional[str] = None
    provider: Optional[SchemaFormat] = None
    """The shape it came in, used to answer in the same shape (None: plain)."""
    raw: Any = None


def _get(obj: Any, key: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(key, default)
    return getattr(obj, key, default)


def _has(obj: Any, key: str) -> bool:
    if isinstance(obj, dict):
        return key in obj
    return getattr(obj, key, None) is not None


def parse_call(call: Any) -> ToolCall:
    """Normalise one call; raises ``ToolCallError(kind="malformed_call")``."""
    if type(call) is dict:  # fast path for the common dict shapes
        fn = call.get("function")
        if type(fn) is dict and type(fn.get("name")) is str and fn["name"]:
            return ToolCall(fn["name"], fn.get("arguments"), call.get("id"), SchemaFormat.OPENAI, call)
        if "arguments" in call and "type" not in call and type(call.get("name")) is str and call["name"]:
            return ToolCall(call["name"], call["arguments"], call.get("id"), None, call)
    if isinstance(call, ToolCall):
        return call
    ctype = _get(call, "type")
    if _has(call, "toolUse"):  # Bedrock content block
        inner = _get(call, "toolUse")
        return ToolCall(_name(inner, call), _get(inner, "input"), _get(inner, "toolUseId"), SchemaFormat.BEDROCK, call)
    if _has(call, "toolUseId"):  # Bedrock toolUse itself
        return ToolCall(_name(call, call), _get(call, "input"), _get(call, "toolUseId"), SchemaFormat.BEDROCK, call)
    if _has(call, "function_call") and not _has(call, "name"):  # Gemini Part
        return parse_call(_get(call, "function_call"))
    if _has(call, "functionCall") and not _has(call, "name"):
        return parse_call(_get(call, "functionCall"))
    if ctype == "function" or _has(call, "function"):  # OpenAI Chat
        fn = _get(call, "function")
        if fn is None:
            raise ToolCallError("An OpenAI tool call has no 'function' member.", kind="malformed_call")
        return ToolCall(_name(fn, call), _get(fn, "arguments"), _get(call, "id"), SchemaFormat.OPENAI, call)
    if ctype == "function_call":  # OpenAI Responses
        return ToolCall(_name(call, call), _get(call, "arguments"), _get(call, "call_id"), SchemaFormat.OPENAI_RESPONSES, call)
    if ctype == "tool_use":  # Anthropic
        return ToolCall(_name(call, call), _get(call, "input"), _get(call, "id"), SchemaFormat.ANTHROPIC, call)
    if _has(call, "args") and not _has(call, "arguments"):  # Gemini FunctionCall
        return ToolCall(_name(call, call), _get(call, "args"), _get(call, "id"), SchemaFormat.GEMINI, call)
    if _has(call, "name"):
        provider = SchemaFormat.MCP if type(call).__name__ == "CallToolRequestParams" else None
        return ToolCall(_name(call, call), _get(call, "arguments"), _get(call, "id"), provider, call)
    raise ToolCallError(
        "Not a tool call: expected an OpenAI, Anthropic, Gemini, Bedrock or MCP tool call, or {'name', 'arguments'}.",
        kind="malformed_call",
    )


def _name(obj: Any, call: Any) -> str:
    name = _get(obj, "name")
    if not isinstance(name, str) or not name:
        raise ToolCallError("The tool call has no tool name.", kind="malformed_call")
    return name


def extract_calls(message: Any) -> list[ToolCall]:
    """Every tool call in a whole assistant message or response, in order.

    Accepts an OpenAI ``ChatCompletion``/message, a Responses ``Response`` (or its
    ``output`` list), an Anthropic ``Message`` (or its content list), a Gemini
    ``GenerateContentResponse``/``Content``, a Bedrock Converse response or message,
    or a list of single calls.
    """
    if isinstance(message, (list, tuple)):
        calls: list[ToolCall] = []
        for item in message:
            calls.extend(_calls_in_item(item))
        return calls
    choices = _get(message, "choices")
    if choices:
        return extract_calls(_get(choices[0], "message"))
    if _has(message, "tool_calls"):
        return [parse_call(c) for c in _get(message, "tool_calls") or ()]
    candidates = _get(message, "candidates")
    if candidates:
        return extract_calls(_get(candidates[0], "content"))
    if _has(message, "parts"):
        return [parse_call(p) for p in _get(message, "parts") or () if _has(p, "function_call") or _has(p, "functionCall")]
    output = _get(message, "output")
    if isinstance(output, dict) and "message" in output:  # Bedrock Converse response
        return extract_calls(output["message"])
    if output is not None and isinstance(output, (list, tuple)):
        return extract_calls(list(output))
    content = _get(message, "content")
    if isinstance(content, (list, tuple)):
        return extract_calls(list(content))
    if _has(message, "name"):
        return [parse_call(message)]
    raise ToolCallError("No tool calls found in this message.", kind="malformed_call")


def _calls_in_item(item: Any) -> list[ToolCall]:
    ctype = _get(item, "type")
    if ctype in ("function_call", "tool_use", "function") or _has(item, "toolUse") or _has(item, "function_call") or _has(item, "functionCall"):
        return [parse_call(item)]
    if ctype is not None or _has(item, "text") or _has(item, "toolResult"):
        return []  # text, reasoning, ... blocks
    if _has(item, "name"):
        return [parse_call(item)]
    return []
