"""Tool calls in, tool results out, whatever the provider.

A call may be an SDK object or its dict form, in any provider's shape (each provider
module says how its calls look), or the plain ``{"name", "arguments"}`` with a dict or
a JSON string. :func:`parse_call` asks each provider in turn; :func:`extract_calls`
reads every call of a whole response or message; :class:`ToolResult` and
:func:`to_messages` answer in the provider's own shape.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from .errors import ToolCallError
from .providers import FormatLike, SchemaFormat, coerce_format, get, in_call_order


def _call_id(value: Any) -> Optional[str]:
    if isinstance(value, str) and value:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


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
    problem: Optional[str] = None
    """Why the call cannot be run (no tool name, not a call); None for a well-formed call."""

    @classmethod
    def read(cls, name: Any, arguments: Any, call_id: Any, provider: Optional[SchemaFormat], raw: Any, what: str = "name") -> ToolCall:
        """A call from its members as a provider found them (any of them may be missing or
        of the wrong type: the call is then malformed, and keeps its id)."""
        cid = _call_id(call_id)
        if not isinstance(name, str) or not name:
            return cls("", arguments, cid, provider, raw, f"The tool call has no tool name ('{what}' is missing or not a string).")
        return cls(name, arguments, cid, provider, raw)

    @classmethod
    def malformed(cls, raw: Any, provider: Optional[SchemaFormat], problem: str, call_id: Any = None) -> ToolCall:
        return cls("", None, _call_id(call_id), provider, raw, problem)


def _jsonable(value: Any) -> Any:
    from pydantic_core import to_jsonable_python

    return to_jsonable_python(value, fallback=repr)


@dataclass(slots=True)
class ToolResult:
    """The outcome of one tool call.

    ``value`` is what the function returned (``None`` on error); ``is_error`` tells
    success from failure; ``error_kind`` is ``"unknown_tool"``, ``"malformed_call"``,
    ``"invalid_json"``, ``"invalid_arguments"``, ``"too_large"``, ``"missing_context"``
    or ``"tool_error"`` (the function raised: ``exception`` holds it); ``errors`` are
    Pydantic's structured errors; ``content`` is the text the model reads.
    ``to_message(format)`` builds that provider's tool-result item.
    """

    call: Optional[ToolCall]
    value: Any = None
    is_error: bool = False
    error_kind: Optional[str] = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    message: str = ""
    exception: Optional[BaseException] = None

    @property
    def name(self) -> str:
        return self.call.name if self.call else ""

    @property
    def call_id(self) -> Optional[str]:
        """The id of the call this answers (None when the call carried none)."""
        return self.call.id if self.call else None

    @property
    def provider(self) -> SchemaFormat:
        """The format the call came in (OpenAI Chat for plain calls)."""
        return self.call.provider if self.call and self.call.provider else SchemaFormat.OPENAI

    @property
    def content(self) -> str:
        """The text the model reads: the error message, or the value as JSON (strings as-is)."""
        if self.is_error:
            return self.message
        if isinstance(self.value, str):
            return self.value
        return json.dumps(_jsonable(self.value), ensure_ascii=False)

    @property
    def data(self) -> Any:
        """The value as JSON-compatible data (None for an error)."""
        return None if self.is_error else _jsonable(self.value)

    def to_message(self, format: Optional[FormatLike] = None) -> dict[str, Any]:
        """This result as ``format``'s tool-result item (default: the shape the call came
        in, else OpenAI Chat). For the next request use :func:`to_messages`, which groups
        the items of one response the way each provider requires."""
        provider = get(format) if format is not None else get(self.provider)
        return provider.result_item(self)


def to_messages(results: Sequence[ToolResult], format: Optional[FormatLike] = None) -> list[dict[str, Any]]:
    """The messages that answer one response's calls, to extend the conversation with.

    By each provider's rule: OpenAI Chat, one ``tool`` message per call; Responses, one
    ``function_call_output`` item per call; Anthropic, ONE user message holding every
    ``tool_result`` block; Gemini, ONE ``Content`` (role ``user``) holding every
    ``function_response`` part; Bedrock, ONE user message holding every ``toolResult``
    block; MCP, one ``CallToolResult`` per call. ``format`` defaults to the shape the
    calls came in. Every item carries its call's id.
    """
    results = list(results)
    if not results:
        return []
    if format is not None:
        fmt = coerce_format(format)
    else:
        formats = {r.provider for r in results}
        if len(formats) > 1:
            names = ", ".join(sorted(f.value for f in formats))
            raise ValueError(f"to_messages: the results answer calls of several providers ({names}); pass format=")
        fmt = formats.pop()
    return get(fmt).result_messages(results)


def parse_call(call: Any) -> ToolCall:
    """Normalise one call. Never raises: a call that cannot be read comes back with
    ``problem`` set (and its id, when it had one)."""
    if type(call) is dict:  # fast path for the common dict shapes
        fn = call.get("function")
        if type(fn) is dict and type(fn.get("name")) is str and fn["name"]:
            return ToolCall(fn["name"], fn.get("arguments"), _call_id(call.get("id")), SchemaFormat.OPENAI, call)
        if "arguments" in call and "type" not in call and type(call.get("name")) is str and call["name"]:
            return ToolCall(call["name"], call["arguments"], _call_id(call.get("id")), None, call)
    if isinstance(call, ToolCall):
        return call
    for provider in in_call_order():
        parsed = provider.read_call(call)
        if parsed is not None:
            return parsed
    if isinstance(call, dict) and "name" in call or not isinstance(call, (dict, list, tuple, str, bytes, int, float, type(None))) and _member(call, "name") is not None:
        return ToolCall.read(_member(call, "name"), _member(call, "arguments"), _member(call, "id"), None, call)
    return ToolCall.malformed(
        call,
        None,
        "Not a tool call: expected an OpenAI, Anthropic, Gemini, Bedrock or MCP tool call, or {'name', 'arguments'}.",
        _member(call, "id"),
    )


def _member(obj: Any, key: str) -> Any:
    from .providers.base import member

    return member(obj, key)


def _is_call(item: Any) -> Optional[ToolCall]:
    if isinstance(item, ToolCall):
        return item
    for provider in in_call_order():
        parsed = provider.read_call(item)
        if parsed is not None:
            return parsed
    if isinstance(item, dict) and "name" in item and "type" not in item:
        return parse_call(item)
    return None


def extract_calls(message: Any) -> list[ToolCall]:
    """Every tool call in a whole assistant message or response, in order.

    Accepts an OpenAI ``ChatCompletion``/message, a Responses ``Response`` (or its
    ``output`` list), an Anthropic ``Message`` (or its content list), a Gemini
    ``GenerateContentResponse``/``Content``, a Bedrock Converse response or message,
    or a list of single calls. Raises ``ToolCallError(kind="malformed_call")`` for
    anything else.
    """
    if isinstance(message, (list, tuple)):
        found = (_is_call(item) for item in message)
        return [c for c in found if c is not None]
    for provider in in_call_order():
        found_items = provider.response_items(message)
        if found_items is not None:
            return extract_calls(found_items)
    parsed = parse_call(message)
    if parsed.problem is None:
        return [parsed]
    raise ToolCallError("No tool calls found in this message: " + parsed.problem, kind="malformed_call")
