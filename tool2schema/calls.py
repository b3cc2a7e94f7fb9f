"""Tool calls in, tool results out, whatever the provider.

A call may be an SDK object or its dict form, in any provider's shape (each provider
module says how its calls look), or the plain ``{"name", "arguments"}`` with a dict or
a JSON string. `parse_call` asks each provider in turn; `extract_calls`
reads every call of a whole response or message; [`ToolResult`][tool2schema.calls.ToolResult] and
[`to_messages`][tool2schema.calls.to_messages] answer in the provider's own shape.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from .errors import ToolCallError
from .providers import FormatLike, SchemaFormat, coerce_format, get, in_call_order

if TYPE_CHECKING:
    from .definition import ToolDefinition


def member(obj: Any, key: str) -> Any:
    """``obj[key]`` for a dict, ``obj.key`` for an SDK object; None when absent or unreadable.

    The SDKs' objects are Pydantic models, whose ``__getattr__`` raises for a missing
    member (several microseconds per raise; the readers ask every object for other
    providers' members): a model's field or extra is read from the instance directly,
    anything its class defines (a property) with ``getattr``."""
    if type(obj) is dict:
        return obj.get(key)
    try:
        if isinstance(obj, dict):
            return obj.get(key)
        cls = type(obj)
        direct = _DIRECT.get((cls, key))
        if direct is None:
            if len(_DIRECT) > 10_000:
                _DIRECT.clear()
            direct = _DIRECT[(cls, key)] = _is_field_or_extra(cls, key)
        if direct:
            value = obj.__dict__.get(key, _ABSENT)
            if value is not _ABSENT:
                return value
            extra = getattr(obj, "__pydantic_extra__", None)
            return extra.get(key) if type(extra) is dict else None
        return getattr(obj, key, None)
    except Exception:  # noqa: BLE001 - a hostile property or mapping must not crash dispatch
        return None


_DIRECT: dict[tuple[type, str], bool] = {}
_ABSENT = object()


def _is_field_or_extra(cls: type, key: str) -> bool:
    """Whether ``cls`` is a Pydantic model whose classes define nothing named ``key``
    (then ``key`` can only be a field, in the instance dict, or an extra)."""
    mro = getattr(cls, "__mro__", ())
    return any("__pydantic_fields__" in vars(k) for k in mro) and not any(key in vars(k) for k in mro)


def fields(obj: Any) -> Any:
    """An object's members as a mapping (``.get(key)``), for the call readers: a dict as
    it is; an SDK object's (a Pydantic model's) field values from its instance dict (no
    attribute lookups: a Pydantic model's ``__getattr__`` raises for a missing member,
    at several microseconds a raise); any other object's attributes through
    `member`; None for JSON scalars and lists. Read it, never write to it."""
    cls = type(obj)
    if cls is dict:
        return obj  # type: ignore[no-any-return]
    model = _MODELS.get(cls)
    if model is None:
        if len(_MODELS) > 1000:
            _MODELS.clear()
        model = _MODELS[cls] = any("__pydantic_fields__" in vars(k) for k in getattr(cls, "__mro__", ()))
    if model:
        try:
            values = obj.__dict__
        except Exception:  # noqa: BLE001 - a hostile model
            return None
        return values if type(values) is dict else None
    if isinstance(obj, dict):
        return obj
    if isinstance(obj, (str, bytes, int, float, list, tuple)) or obj is None:
        return None
    return _Attributes(obj)


_MODELS: dict[type, bool] = {}


class _Attributes:
    """Any object's attributes read as a mapping (``member`` semantics: None when absent)."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def get(self, key: str, default: Any = None) -> Any:
        value = member(self.obj, key)
        return default if value is None else value

    def __getitem__(self, key: str) -> Any:
        return member(self.obj, key)


def tag(obj: Any, key: str) -> Optional[str]:
    """A string member (a ``type``, a ``role``) to compare with a constant: None unless it
    is exactly a ``str`` (a subclass could make ``==`` raise or lie)."""
    value = member(obj, key)
    return value if type(value) is str else None


def has(obj: Any, key: str) -> bool:
    """Whether ``obj`` carries ``key`` (a dict key, or a non-None attribute)."""
    if type(obj) is dict:
        return key in obj
    try:
        if isinstance(obj, dict):
            return key in obj
    except Exception:  # noqa: BLE001
        return False
    return member(obj, key) is not None


def items(value: Any) -> list[Any]:
    """A list/tuple member as a list; anything else (None, a string, an object) as []."""
    if not isinstance(value, (list, tuple)):
        return []
    try:
        return list(value)
    except Exception:  # noqa: BLE001 - a hostile sequence subclass
        return []


def normalize_id(value: Any) -> Optional[str]:
    """A call id as a string (an int id as its digits); None for anything else."""
    if isinstance(value, str) and value:
        return str.__str__(value)  # a plain str, whatever subclass came in
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
        cid = call_id if type(call_id) is str and call_id else normalize_id(call_id)
        if type(name) is str and name:
            return cls(name, arguments, cid, provider, raw)
        if not isinstance(name, str) or not name:
            return cls("", arguments, cid, provider, raw, f"The tool call has no tool name ('{what}' is missing or not a string).")
        return cls(str.__str__(name), arguments, cid, provider, raw)

    @classmethod
    def malformed(cls, raw: Any, provider: Optional[SchemaFormat], problem: str, call_id: Any = None) -> ToolCall:
        return cls("", None, normalize_id(call_id), provider, raw, problem)


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(value, ensure_ascii=False)`` without building an encoder per call."""
def _jsonable(value: Any) -> Any:
    return _to_jsonable()(value, fallback=repr)


@functools.cache
def _to_jsonable() -> Any:
    """``pydantic_core.to_jsonable_python``, imported on first use and then kept (an
    ``import`` statement per call costs microseconds)."""
    from pydantic_core import to_jsonable_python

    return to_jsonable_python


class ToolResult:
    """The outcome of one tool call.

    ``value`` is what the function returned (``None`` on error); ``is_error`` tells
    success from failure; ``error_kind`` is ``"unknown_tool"``, ``"malformed_call"``,
    ``"invalid_json"``, ``"invalid_arguments"``, ``"too_large"``, ``"missing_context"``,
    ``"timeout"`` or ``"tool_error"`` (the function raised: ``exception`` holds it);
    ``errors`` are Pydantic's structured errors; ``content`` is the text the model reads.
    ``to_message(format)`` builds that provider's tool-result item.
    """

    __slots__ = ("call", "value", "is_error", "error_kind", "_errors", "message", "exception")

    def __init__(
        self,
        call: Optional[ToolCall],
        value: Any = None,
        is_error: bool = False,
        error_kind: Optional[str] = None,
        errors: Optional[list[dict[str, Any]]] = None,
        message: str = "",
        exception: Optional[BaseException] = None,
    ) -> None:
        self.call = call
        """The call this result answers (None for a message that held no readable call)."""
        self.value = value
        self.is_error = is_error
        self.error_kind = error_kind
        self._errors = errors
        self.message = message
        self.exception = exception

    @property
    def found(self) -> Optional[tuple[ToolDefinition, ...]]:
        """For a call of a registry's client search tool: the definitions of the tools it
        found (the result goes back as the provider's tool references, or the definitions,
        to load them); None for any other result."""
        if self.is_error:
            return None
        definitions = getattr(self.value, "definitions", None)
        return definitions if isinstance(definitions, tuple) else None

    @property
    def errors(self) -> list[dict[str, Any]]:
        """Pydantic's structured errors of an ``invalid_arguments`` result (else empty)."""
        if self._errors is None:
            self._errors = []
        return self._errors

    @errors.setter
    def errors(self, value: list[dict[str, Any]]) -> None:
        self._errors = value

    def __repr__(self) -> str:
        return (
            f"ToolResult(call={self.call!r}, value={self.value!r}, is_error={self.is_error!r}, "
            f"error_kind={self.error_kind!r}, errors={self.errors!r}, message={self.message!r}, exception={self.exception!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToolResult):
            return NotImplemented
        return (self.call, self.value, self.is_error, self.error_kind, self.errors, self.message, self.exception) == (
            other.call, other.value, other.is_error, other.error_kind, other.errors, other.message, other.exception
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def name(self) -> str:
        """The name of the tool called ("" when the call had none)."""
        call = self.call
        return call.name if call else ""

    @property
    def call_id(self) -> Optional[str]:
        """The id of the call this answers (None when the call carried none)."""
        call = self.call
        return call.id if call else None

    @property
    def provider(self) -> SchemaFormat:
        """The format the call came in (OpenAI Chat for plain calls)."""
        call = self.call
        return call.provider if call and call.provider else SchemaFormat.OPENAI

    @property
    def content(self) -> str:
        """The text the model reads: the error message, or the value as JSON (strings as-is)."""
        if self.is_error:
            return self.message
        if isinstance(self.value, str):
            return self.value
        return _ENCODE(_jsonable(self.value))

    @property
    def data(self) -> Any:
        """The value as JSON-compatible data (None for an error)."""
        return None if self.is_error else _jsonable(self.value)

    def to_message(self, format: Optional[FormatLike] = None) -> dict[str, Any]:
        """This result as ``format``'s tool-result item (default: the shape the call came
        in, else OpenAI Chat). For the next request use [`to_messages`][tool2schema.calls.to_messages], which groups
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
    """Read one call, whatever its shape: the plain ``{"name", "arguments"}`` dict as it
    is; anything else by the provider whose call shape it has (an SDK object's class is
    remembered with the provider that read it, so the next one goes straight there).
    Never raises: a call that cannot be read comes back with ``problem`` set (and its
    id, when it had one)."""
    cls = type(call)
    if cls is ToolCall:
        return call  # type: ignore[no-any-return]
    try:
        if cls is dict:
            kind = call.get("type")
            if kind is None:
                if "arguments" in call and "name" in call and "function" not in call:
                    return ToolCall.read(call["name"], call["arguments"], call.get("id"), None, call)
                key: Any = None
            else:
                key = kind if type(kind) is str else None
        else:
            key = cls
        known = _READ_BY.get(key) if key is not None else None
        if known is not None:
            found: Optional[ToolCall] = known(call)
            if found is not None:
                return found
        for read in _readers():
            found = read(call)
            if found is not None:
                if key is not None and len(_READ_BY) < 256:
                    _READ_BY[key] = read
                return found
    except Exception as exc:  # noqa: BLE001 - a hostile object or mapping: still an answer
        return ToolCall.malformed(call, None, f"The tool call could not be read ({type(exc).__name__}).", member(call, "id"))
    if isinstance(call, ToolCall):
        return call
    if isinstance(call, dict) and "name" in call or not isinstance(call, (dict, list, tuple, str, bytes, int, float, type(None))) and member(call, "name") is not None:
        return ToolCall.read(member(call, "name"), member(call, "arguments"), member(call, "id"), None, call)
    return ToolCall.malformed(
        call,
        None,
        "Not a tool call: expected an OpenAI, Anthropic, Gemini, Bedrock or MCP tool call, or {'name', 'arguments'}.",
        member(call, "id"),
    )


_READ_BY: dict[Any, Callable[[Any], Optional[ToolCall]]] = {}
"""The ``read_call`` of the provider that read a call of an SDK class, or a dict with that
``"type"``: tried first for the next such call (a few dozen entries; a reader that says
no falls back to asking every provider)."""


@functools.cache
def _readers() -> tuple[Callable[[Any], Optional[ToolCall]], ...]:
    """Every provider's ``read_call``, in `CALL_ORDER` (built on first use, then kept)."""
    return tuple(provider.read_call for provider in in_call_order())


def _read_by_provider(obj: Any) -> Optional[ToolCall]:
    """``obj`` read by the first provider whose call shape it has, else None."""
    for read in _readers():
        parsed = read(obj)
        if parsed is not None:
            return parsed
    return None


def _is_call(item: Any) -> Optional[ToolCall]:
    if isinstance(item, ToolCall):
        return item
    parsed = _read_by_provider(item)
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
