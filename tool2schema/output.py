"""Structured output: make a model end with a typed answer, for every provider.

``Output(CityLocation)`` describes the answer; ``request(format)`` gives the keyword
arguments of that provider SDK's request call that make the model answer in that shape
(a forced call to an output tool, or the provider's native JSON output); ``parse``
reads the answer out of the response and validates it with the same model and the same
coercions as dispatch, or raises [`OutputError`][tool2schema.OutputError] whose ``to_message()`` asks the
model to correct itself.

Every output type becomes a real [`Tool`][tool2schema.Tool] (a model, dataclass or
TypedDict as it is; a function as its arguments; any other type wrapped in a model with
one ``result`` field), so schemas, validation and error texts are exactly dispatch's.
What differs between providers lives in ``tool2schema.providers``: this module never
asks which provider it is talking to.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Iterator, Optional, TypeVar, Union, cast, overload

from pydantic import BaseModel, create_model

from .calls import ToolCall, ToolResult, parse_call, to_messages
from .definition import ToolDefinition, ToolKind
from .errors import OutputError, SchemaFormatError, Tool2SchemaError, ToolDefinitionError
from .introspect import is_typed_dict
from .providers import FormatLike, SchemaFormat, coerce_format, get, in_call_order
from .providers.base import Reply
from .tool import Tool

if TYPE_CHECKING:
    from .providers.base import Provider
    from .registry import ToolRegistry

T = TypeVar("T")

__all__ = ["Output", "OutputError"]


def _type_name(target: Any) -> str:
    """A readable name of an output type (``CityLocation``, ``list[str]``)."""
    if isinstance(target, type) and not getattr(target, "__args__", None):
        return target.__name__
    if inspect.isfunction(target) or inspect.ismethod(target):
        return target.__name__
    text = repr(target)
    for prefix in ("typing.", "typing_extensions.", "__main__."):
        text = text.replace(prefix, "")
    return text


def _name_part(target: Any) -> str:
    """The type name as a tool-name suffix (letters, digits, ``_``)."""
    return re.sub(r"[^A-Za-z0-9]+", "_", _type_name(target)).strip("_") or "value"


def _is_object_type(target: Any) -> bool:
    if not isinstance(target, type):
        return False
    return issubclass(target, BaseModel) or dataclasses.is_dataclass(target) or is_typed_dict(target)


def _is_function(target: Any) -> bool:
    """A function, method, ``functools.partial`` or callable object (not a type form)."""
    if inspect.isfunction(target) or inspect.ismethod(target) or isinstance(target, functools.partial):
        return True
    return not isinstance(target, type) and callable(target) and not _is_type_form(target)


def _is_type_form(target: Any) -> bool:
    """Whether ``target`` is a type annotation rather than a function (``list[str]``, ``Literal[...]``, ``Union``)."""
    module = getattr(type(target), "__module__", "")
    return module in ("typing", "typing_extensions", "types") or hasattr(target, "__origin__")


@dataclasses.dataclass(frozen=True)
class _Part:
    """One output type as a tool."""

    target: Any
    tool: Tool[Any, Any]
    wrapped: bool
    """The type travels as the ``result`` property of a generated model."""


def _output_error(content: str, **details: Any) -> OutputError:
    """An [`OutputError`][tool2schema.OutputError] whose ``to_message`` builds the retry message."""
    return OutputError(content, reply=retry_message, **details)


class Output(Generic[T]):
    """The structured answer a model must end with (see ``docs/output.md``).

    ``types``: a Pydantic model, dataclass, TypedDict, typed function, any other type
    (``int``, ``list[str]``, a ``Literal``, a union), or a list of them (one output tool
    each, named ``{name}_{Type}``). ``mode``: ``"tool"`` (a forced call to an output tool)
    or ``"native"`` (the provider's JSON output setting). ``name``/``description``
    override the tool name (default ``final_result``) and the description (default: the
    type's docstring). ``strict``: None (strict where the provider offers it and the
    type allows it), True (strict, or ``SchemaFormatError`` with the reason), False
    (never a strict flag).

    Raises ``ToolDefinitionError`` for a type Pydantic cannot validate or an empty list
    and ``ValueError`` for an unknown ``mode``.
    """

    @overload
    def __init__(
        self: Output[T], types: type[T], *, mode: str = ..., name: str = ..., description: Optional[str] = ..., strict: Optional[bool] = ...
    ) -> None: ...
    @overload
    def __init__(
        self: Output[T], types: Callable[..., T], *, mode: str = ..., name: str = ..., description: Optional[str] = ..., strict: Optional[bool] = ...
    ) -> None: ...
    @overload
    def __init__(
        self: Output[Any], types: Any, *, mode: str = ..., name: str = ..., description: Optional[str] = ..., strict: Optional[bool] = ...
    ) -> None: ...
    def __init__(
        self,
        types: Any,
        *,
        mode: str = "tool",
        name: str = "final_result",
        description: Optional[str] = None,
        strict: Optional[bool] = None,
    ) -> None:
        if mode not in ("tool", "native"):
            raise ValueError(f"Output: mode must be 'tool' or 'native', not {mode!r}")
        if not isinstance(name, str) or not name:
            raise ValueError(f"Output: name must be a non-empty string, not {name!r}")
        targets = [t.func if isinstance(t, Tool) else t for t in (types if isinstance(types, (list, tuple)) else [types])]
        if not targets:
            raise ToolDefinitionError("Output: the list of output types is empty; give at least one type")
        self.types: tuple[Any, ...] = tuple(targets)
        self.mode = mode
        self.name = name
        self.description = description
        self.strict = strict
        several = len(targets) > 1
        self._parts: list[_Part] = []
        seen: dict[str, Any] = {}
        for target in targets:
            part_name = f"{name}_{_name_part(target)}" if several else name
            if part_name in seen:
                raise ToolDefinitionError(
                    f"Output: {_type_name(seen[part_name])} and {_type_name(target)} both give the output tool name {part_name!r}; "
                    "give the types distinct names or use separate Output objects"
                )
            seen[part_name] = target
            self._parts.append(self._build(target, part_name, description))
        self._native: Optional[_Part] = None
        if mode == "native":
            if several:
                functions = [_type_name(t) for t in targets if _is_function(t) and not _is_object_type(t)]
                if functions:
                    raise ToolDefinitionError(
                        f"Output: native mode with several output types takes types, not functions ({', '.join(functions)}); "
                        "use mode='tool', which gives each function its own output tool"
                    )
                union: Any = Union[tuple(targets)]
                self._native = self._build(union, name, description or "One of: " + ", ".join(_type_name(t) for t in targets), force_wrap=True)
            else:
                self._native = self._parts[0]
        from .registry import ToolRegistry

        self._registry: ToolRegistry = ToolRegistry([p.tool for p in self._all_parts()])

    # -- building --------------------------------------------------------------------
    def _all_parts(self) -> list[_Part]:
        parts = list(self._parts)
        if self._native is not None and self._native not in parts:
            parts.append(self._native)
        return parts

    def _build(self, target: Any, name: str, description: Optional[str], force_wrap: bool = False) -> _Part:
        wrapped = force_wrap or not (_is_object_type(target) or _is_function(target))
        try:
            if wrapped:
                model = create_model(_name_part(target), __module__=__name__, result=(target, ...))
                model.__doc__ = None
                built: Tool[Any, Any] = Tool(model, name=name, description=description if description is not None else "")
            else:
                built = Tool(target, name=name, description=description)
            built.definition()
            built.args_model  # noqa: B018 - build the validator now: errors surface here
        except ToolDefinitionError as exc:
            raise ToolDefinitionError(f"Output({_type_name(target)}): {exc}") from None
        except Exception as exc:  # noqa: BLE001 - Pydantic's error for a type it cannot validate
            raise ToolDefinitionError(
                f"Output({_type_name(target)}): Pydantic cannot validate this type ({type(exc).__name__}: {exc}); "
                "use a Pydantic model, dataclass, TypedDict, typed function or a standard type"
            ) from None
        return _Part(target, built, wrapped)

    @property
    def names(self) -> list[str]:
        """The output tool names (``mode="tool"``), or the native answer's name."""
        return [p.tool.name for p in self._all_parts()]

    def _definition(self, part: _Part) -> ToolDefinition:
        return dataclasses.replace(part.tool.definition(), kind="output")

    def _provider(self, format: FormatLike) -> Provider:
        provider = get(format)
        if not provider.structured_output:
            raise SchemaFormatError(
                f"Output: {provider.label} has neither a forced tool choice nor native structured output "
                "(the host application chooses the tools); use the format of the model API the host calls"
            )
        return provider

    # -- requests --------------------------------------------------------------------
    def tools(self, format: FormatLike, strict: Optional[bool] = None) -> list[dict[str, Any]]:
        """The output tools in ``format`` (strict per ``strict``, else the ``Output``'s)."""
        provider = self._provider(format)
        want = self.strict if strict is None else strict
        out = []
        for part in self._parts:
            definition = self._definition(part)
            if want is False or (want is None and provider.strict_walker is None):
                out.append(provider.tool(definition, False))
            elif want:
                out.append(provider.tool(definition, True))
            else:
                try:
                    out.append(provider.tool(definition, True))
                except SchemaFormatError:
                    out.append(provider.tool(definition, False))
        return out

    def tool_names(self) -> list[str]:
        """The names of the output tools of ``mode="tool"``."""
        return [p.tool.name for p in self._parts]

    def native(self, format: FormatLike, strict: Optional[bool] = None) -> dict[str, Any]:
        """The native structured-output request arguments for ``format`` (any mode)."""
        provider = self._provider(format)
        part = self._native or self._parts[0]
        if self._native is None and len(self._parts) > 1:
            raise SchemaFormatError("Output: build it with mode='native' to get one native schema for several types")
        definition = self._definition(part)
        want = self.strict if strict is None else strict
        what = f"Output({', '.join(_type_name(t) for t in self.types)})"
        policy = provider.native_strict
        if policy is None:
            raise SchemaFormatError(f"{what}: {provider.label} has no native structured output; use mode='tool'")
        if policy == "plain" and want:
            raise SchemaFormatError(f"{what}: {provider.label} has no strict mode; use strict=None or strict=False")
        use_strict = policy == "subset" or (policy == "flag" and want is not False)
        try:
            schema = provider.native_schema(definition, use_strict)
        except SchemaFormatError as exc:
            if policy == "flag" and want is None:
                schema, use_strict = provider.native_schema(definition, False), False
            elif policy == "subset":
                raise SchemaFormatError(
                    f"{what}: {provider.label} native structured output always holds the schema to its strict subset, "
                    f"and this type is outside it: {exc} Use mode='tool' (it falls back to a plain schema)."
                ) from None
            else:
                raise SchemaFormatError(f"{what}: strict=True is impossible here: {exc}") from None
        description = definition.description
        return provider.native_output(schema, definition.name, description, use_strict and policy == "flag")

    def request(self, format: FormatLike, strict: Optional[bool] = None, force: bool = True) -> dict[str, Any]:
        """Keyword arguments for ``format``'s SDK request call (splat them): the output
        tool(s) and the tool choice that forces a call to one of them (``force=False``:
        ``auto``, what extended thinking allows), or the native output setting."""
        provider = self._provider(format)
        if self.mode == "native":
            return self.native(format, strict)
        return provider.request(self.tools(format, strict), provider.tool_choice(self.tool_names(), required=force))

    # -- reading the answer ------------------------------------------------------------
    def _reply(self, response: Any, format: Optional[FormatLike]) -> tuple[Provider, Reply]:
        from .providers.base import Reply

        if isinstance(response, ToolCall):
            fmt = coerce_format(format) if format is not None else response.provider or SchemaFormat.OPENAI
            return get(fmt), Reply([response])
        providers = [get(format)] if format is not None else in_call_order()
        for provider in providers:
            found = provider.reply(response)
            if found is not None:
                return provider, found
            call = provider.read_call(response)
            if call is not None:
                return provider, Reply([call])
        seen = _shape_of(response)
        if format is not None:
            raise ValueError(
                f"Output.parse(format={coerce_format(format).value!r}): this is not a {get(format).label} response, "
                f"message or tool call; it looks like {seen}. Pass the right format, or leave format out to detect it."
            )
        plain = parse_call(response)
        if plain.problem is None:
            return get(SchemaFormat.OPENAI), Reply([plain])
        raise ValueError(
            f"Output.parse: not a response, message or tool call of any provider (got {seen}); pass the SDK's "
            "response object (or its dict), its message, or one tool call"
        )

    def parse(self, response: Any, format: Optional[FormatLike] = None) -> T:
        """The validated answer in ``response`` (an SDK response object or its dict, a
        message, or one tool call, of any provider; ``format`` names it, else it is
        detected). Raises [`OutputError`][tool2schema.OutputError] when there is none or it is invalid."""
        provider, reply = self._reply(response, format)
        fmt = provider.format
        if self.mode == "native":
            return cast(T, self._parse_native(provider, reply))
        names = self.tool_names()
        calls = [c for c in reply.calls if c.name in names]
        if calls:
            return cast(T, self._validate(calls[0], fmt, native=False))
        return cast(T, self._missing(fmt, reply, native=False))

    def stream(self, events: Iterable[Any], format: Optional[FormatLike] = None) -> Iterator[Any]:
        """Read a provider's stream of events (``mode="tool"``): yield the output tool's
        arguments so far each time they grow (a dict parsed from what has arrived: not
        validated, required fields may be missing; the ``result`` value itself for a type
        that is wrapped), then the validated answer, exactly as [`parse`][tool2schema.output.Output.parse] gives it
        for the finished response, or raise [`OutputError`][tool2schema.OutputError] as `parse` would."""
        from .streaming import ToolCallStream

        if self.mode == "native":
            yield from self._stream_native(events, format)
            return
        names = set(self.tool_names())
        stream = ToolCallStream(format)
        calls: list[ToolCall] = []
        last: Any = None
        for event in events:
            calls += stream.feed(event)
            for _, name, partial in stream.partial():
                if name in names and partial != last:
                    last = partial
                    yield self._partial_value(name, partial)
                    break
        calls += stream.close()
        fmt = stream.format or SchemaFormat.OPENAI
        ours = [c for c in calls if c.name in names]
        if ours:
            yield self._validate(ours[0], fmt, native=False)
            return
        self._missing(fmt, Reply(calls), native=False)

    def _stream_native(self, events: Iterable[Any], format: Optional[FormatLike]) -> Iterator[Any]:
        """`stream` of a native structured answer: the JSON text as it grows."""
        from pydantic_core import from_json

        from .streaming import ToolCallStream

        stream = ToolCallStream(format)
        part = self._native or self._parts[0]
        seen = ""
        last: Any = None
        for event in events:
            stream.feed(event)
            text = stream.text
            if text != seen and text.lstrip().startswith(("{", "[")):
                seen = text
                try:
                    partial = from_json(text, allow_partial="trailing-strings")
                except ValueError:
                    continue
                if isinstance(partial, dict) and partial != last:
                    last = partial
                    yield self._partial_value(part.tool.name, partial)
        stream.close()
        fmt = stream.format or SchemaFormat.OPENAI
        yield self._parse_native(get(fmt), Reply([], stream.text or None))

    def _partial_value(self, name: str, partial: dict[str, Any]) -> Any:
        part = next(p for p in self._all_parts() if p.tool.name == name)
        return partial.get("result") if part.wrapped else partial

    def _missing(self, fmt: SchemaFormat, reply: Reply, native: bool) -> Any:
        names = self.tool_names()
        if native:
            how = "Answer with only a JSON object that matches the required schema, with no other text."
        elif len(names) == 1:
            how = f"Give your final answer by calling the tool '{names[0]}' with the answer as its arguments."
        else:
            how = "Give your final answer by calling one of the tools " + ", ".join(repr(n) for n in names) + "."
        text = (reply.text or "").strip()
        if reply.refusal is not None:
            raise _output_error(
                f"The answer was refused or blocked ({reply.refusal[:200]}). {how}",
                kind="text_instead" if text or " " in reply.refusal.strip() else "no_output",
                provider=fmt, text=reply.text, refusal=reply.refusal,
            )
        if text:
            shown = text if len(text) <= 200 else text[:197] + "..."
            raise _output_error(f"You answered in text ({shown!r}) instead of giving the answer. {how}", kind="text_instead", provider=fmt, text=reply.text)
        others = [c.name for c in reply.calls if c.name]
        if others:
            raise _output_error(
                f"The response calls {', '.join(repr(n) for n in others)} but gives no final answer. {how}",
                kind="no_output", provider=fmt,
            )
        raise _output_error(f"The response holds no answer. {how}", kind="no_output", provider=fmt)

    def _parse_native(self, provider: Provider, reply: Reply) -> Any:
        fmt = provider.format
        text = (reply.text or "").strip()
        if reply.refusal is not None or not text:
            return self._missing(fmt, reply, native=True)
        if not text.startswith(("{", "[", "`")):
            return self._missing(fmt, reply, native=True)
        part = self._native or self._parts[0]
        return self._validate(ToolCall(part.tool.name, text), fmt, native=True, raw_text=reply.text)

    def _validate(self, call: ToolCall, fmt: SchemaFormat, native: bool, raw_text: Optional[str] = None) -> Any:
        result = self._registry.dispatch(call)
        part = next(p for p in self._all_parts() if p.tool.name == call.name)
        if result.is_error:
            kind = "invalid_json" if result.error_kind in ("invalid_json", "too_large") else "invalid_arguments"
            if result.error_kind == "tool_error" and result.exception is not None and not isinstance(result.exception, Tool2SchemaError):
                raise result.exception
            content = result.message
            if native:
                content = _native_wording(content, call.name)
            raise _output_error(content, kind=kind, provider=fmt, call=None if native else call, errors=result.errors, text=raw_text)
        value = result.value
        if part.wrapped and part.tool.kind is ToolKind.MODEL:
            value = value.result
        return value  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"Output({', '.join(_type_name(t) for t in self.types)}, mode={self.mode!r})"


def retry_message(error: OutputError, format: Optional[FormatLike] = None) -> dict[str, Any]:
    """[`OutputError.to_message`][tool2schema.errors.OutputError.to_message]: when the model called an output tool, that
    provider's tool-result message for the call's id (an error where the provider has a
    flag); otherwise a user message in the provider's shape."""
    fmt = coerce_format(format) if format is not None else error.provider
    if fmt is None:
        fmt = error.call.provider if error.call is not None and error.call.provider else SchemaFormat.OPENAI
    if error.call is not None:
        result = ToolResult(error.call, is_error=True, error_kind=error.kind, errors=error.errors, message=error.content)
        return to_messages([result], fmt)[0]
    return get(fmt).user_message(error.content)


def _native_wording(message: str, name: str) -> str:
    """Dispatch's text, said about a JSON answer instead of a tool call."""
    message = message.replace(f"Invalid arguments for tool '{name}':", "Your JSON answer does not match the required schema:")
    message = message.replace(f"The arguments for tool '{name}' are not valid JSON", "Your answer is not valid JSON")
    message = message.replace("Call the tool again with corrected arguments.", "Answer again with corrected JSON only.")
    return message


def _shape_of(value: Any) -> str:
    """What ``value`` looks like, for an error message: the provider whose shape it has, or its type."""
    for provider in in_call_order():
        try:
            if provider.reply(value) is not None:
                return f"a {provider.label} ({provider.format.value}) response or message"
            if provider.read_call(value) is not None:
                return f"a {provider.label} ({provider.format.value}) tool call"
        except Exception:  # noqa: BLE001 - only describing
            continue
    module = type(value).__module__
    return f"a {type(value).__name__}" + (f" from {module}" if module not in ("builtins",) else "")

