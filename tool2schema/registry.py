"""``ToolRegistry``: schemas for a set of tools, and safe dispatch of the calls a model
sends back, answered in the same provider's tool-result shape."""

from __future__ import annotations

import asyncio
import difflib
import inspect
import json
import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Union

from pydantic import ValidationError

from . import config as _config
from .calling import MAX_BYTES, MAX_DEPTH, call_with_values, validate_values
from .calls import ToolCall, extract_calls, parse_call
from .discovery import ModuleLike, find_tools
from .errors import ToolCallError
from .formats import FormatLike, SchemaFormat, coerce_format
from .tool import Tool, tool

if TYPE_CHECKING:
    from mcp.server import Server

    from .serve import ContextLike


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
    ``to_message(format)`` builds that provider's tool-result message.
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
    def content(self) -> str:
        """The text the model reads: the error message, or the value as JSON (strings as-is)."""
        if self.is_error:
            return self.message
        if isinstance(self.value, str):
            return self.value
        return json.dumps(_jsonable(self.value), ensure_ascii=False)

    def to_message(self, format: Optional[FormatLike] = None) -> dict[str, Any]:
        """This result as ``format``'s tool-result message (default: the shape the call came in,
        else OpenAI Chat)."""
        fmt = coerce_format(format) if format is not None else (self.call.provider if self.call and self.call.provider else SchemaFormat.OPENAI)
        call_id = self.call.id if self.call else None
        if fmt in (SchemaFormat.OPENAI, SchemaFormat.OPENAI_TUNE):
            return {"role": "tool", "tool_call_id": call_id or "", "content": self.content}
        if fmt is SchemaFormat.OPENAI_RESPONSES:
            return {"type": "function_call_output", "call_id": call_id or "", "output": self.content}
        if fmt is SchemaFormat.ANTHROPIC:
            msg: dict[str, Any] = {"type": "tool_result", "tool_use_id": call_id or "", "content": self.content}
            if self.is_error:
                msg["is_error"] = True
            return msg
        if fmt is SchemaFormat.GEMINI:
            response = {"error": self.message} if self.is_error else {"output": _jsonable(self.value)}
            fr: dict[str, Any] = {"name": self.name, "response": response}
            if call_id:
                fr["id"] = call_id
            return {"function_response": fr}
        if fmt is SchemaFormat.BEDROCK:
            data = None if self.is_error else _jsonable(self.value)
            block: dict[str, Any] = {"json": data} if isinstance(data, dict) else {"text": self.content}
            return {"toolResult": {"toolUseId": call_id or "", "content": [block], "status": "error" if self.is_error else "success"}}
        # MCP CallToolResult
        out: dict[str, Any] = {"content": [{"type": "text", "text": self.content}], "isError": self.is_error}
        if not self.is_error:
            data = _jsonable(self.value)
            if isinstance(data, dict):
                out["structuredContent"] = data
        return out


class ToolRegistry:
    """An explicit set of tools with unique names.

    ``ToolRegistry([f, g])`` (plain functions are wrapped with ``tool``) or
    ``ToolRegistry.from_module(module, tag=None)``. Options: ``forbid_extra`` rejects
    arguments a tool does not declare (default: ignored); ``max_bytes``/``max_depth``
    bound the size and nesting of a call's arguments; ``include_traceback`` adds the
    traceback of a failing tool to the text the model reads (off by default).
    """

    def __init__(
        self,
        tools: Iterable[Union[Tool[Any, Any], Callable[..., Any]]] = (),
        *,
        forbid_extra: bool = False,
        max_bytes: int = MAX_BYTES,
        max_depth: int = MAX_DEPTH,
        include_traceback: bool = False,
    ) -> None:
        self._tools: dict[str, Tool[Any, Any]] = {}
        self._fast: dict[str, tuple[Any, ...]] = {}
        self.forbid_extra = forbid_extra
        self.max_bytes = max_bytes
        self.max_depth = max_depth
        self.include_traceback = include_traceback
        for t in tools:
            self.add(t)

    @classmethod
    def from_module(cls, modules: ModuleLike, tag: Optional[str] = None, **options: Any) -> ToolRegistry:
        """A registry of every tool ``find_tools(modules, tag)`` finds."""
        return cls(find_tools(modules, tag=tag), **options)

    def add(self, item: Union[Tool[Any, Any], Callable[..., Any]]) -> Tool[Any, Any]:
        """Register a tool (a plain function is wrapped with ``tool``); names must be unique."""
        t = item if isinstance(item, Tool) else tool(item)
        if t.name in self._tools and self._tools[t.name] is not t:
            raise ValueError(f"ToolRegistry: two tools are named {t.name!r}; pass name='...' to one of them")
        self._tools[t.name] = t
        self._fast.pop(t.name, None)
        return t

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __getitem__(self, name: str) -> Tool[Any, Any]:
        return self._tools[name]

    def __iter__(self) -> Iterator[Tool[Any, Any]]:
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    @property
    def names(self) -> list[str]:
        return list(self._tools)

    def schemas(self, format: Optional[FormatLike] = None, strict: Optional[bool] = None) -> list[dict[str, Any]]:
        """Every tool's definition in ``format`` (builds every tool: errors surface here)."""
        return [t.to_json(format, strict=strict) for t in self._tools.values()]

    def mcp_server(self, name: str = "my-tools", context: ContextLike = None) -> Server[Any]:
        """The official ``mcp`` SDK's server (low-level ``mcp.server.Server``) serving these
        tools: ``tools/list`` is ``schemas("mcp")``, ``tools/call`` goes through dispatch.
        ``context``: the injected parameters, a mapping or a callable returning one (called
        per tool call, with no argument or the SDK's request context). Needs the extra
        ``pip install "tool2schema[mcp]"``; see :mod:`tool2schema.serve`."""
        from .serve import build_server

        return build_server(self, name=name, context=context)

    # -- dispatch -----------------------------------------------------------------
    def _prepare(self, call: Any) -> tuple[ToolCall, Tool[Any, Any], Any]:
        """Parse and validate a call: (call, tool, validated values or model instance)."""
        parsed = parse_call(call)
        t = self._tools.get(parsed.name)
        if t is None:
            close = difflib.get_close_matches(parsed.name, list(self._tools), n=3, cutoff=0.5)
            hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
            raise _Failed(
                parsed,
                ToolCallError(
                    f"Unknown tool '{parsed.name}'.{hint} Available tools: {', '.join(self._tools) or '(none)'}.",
                    kind="unknown_tool",
                ),
            )
        try:
            args = parsed.arguments
            if parsed.provider is SchemaFormat.GEMINI and isinstance(args, dict):
                from .formats.gemini import restore_arguments

                args = restore_arguments(args, t.schema.parameters)
            if self.forbid_extra:
                args = self._check_extra(t, args)
            if t._kind == "model":
                return parsed, t, t.validate(args, max_bytes=self.max_bytes, max_depth=self.max_depth)
            return parsed, t, validate_values(t, args, self.max_bytes, self.max_depth)
        except ToolCallError as exc:
            raise _Failed(parsed, exc) from None

    def _start(self, call: Any) -> Union[tuple[ToolCall, Tool[Any, Any], Any], ToolResult]:
        """:meth:`_prepare`, with a failure turned into its error result."""
        try:
            return self._prepare(call)
        except _Failed as failed:
            return self._error(failed.call, failed.error)
        except ToolCallError as exc:
            return self._error(None, exc)

    def _run(self, t: Tool[Any, Any], validated: Any, context: Optional[dict[str, Any]]) -> Any:
        if t._kind == "model":
            return validated
        return call_with_values(t, validated, context)

    def _check_extra(self, t: Tool[Any, Any], args: Any) -> Any:
        if isinstance(args, (str, bytes)):
            if len(args) > self.max_bytes:
                return args  # validate() reports the size
            from pydantic_core import from_json

            try:
                args = from_json(args)
            except ValueError:
                return args
        if isinstance(args, dict):
            model = t.args_model
            known = {f.alias or n for n, f in model.model_fields.items()}
            extra = [k for k in args if k not in known]
            if extra:
                raise ToolCallError(
                    f"Invalid arguments for tool '{t.name}': {', '.join(repr(k) for k in extra)} "
                    f"{'is not a parameter' if len(extra) == 1 else 'are not parameters'} of this tool; "
                    f"its parameters are {', '.join(repr(k) for k in known) or '(none)'}.",
                    kind="invalid_arguments",
                    errors=[{"type": "extra_forbidden", "loc": (k,), "msg": "Extra inputs are not permitted"} for k in extra],
                )
        return args

    def _error(self, call: Optional[ToolCall], exc: ToolCallError) -> ToolResult:
        return ToolResult(call, is_error=True, error_kind=exc.kind, errors=exc.errors, message=exc.message, exception=exc)

    def _raised(self, call: ToolCall, exc: BaseException) -> ToolResult:
        text = f"Tool '{call.name}' failed: {type(exc).__name__}: {exc}"
        if self.include_traceback:
            text += "\n" + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return ToolResult(call, is_error=True, error_kind="tool_error", message=text, exception=exc)

    def dispatch(self, call: Any, context: Optional[dict[str, Any]] = None) -> ToolResult:
        """Validate and run one call; never raises for a bad call or a failing tool.

        An async tool is run to completion with ``asyncio.run`` when no event loop is
        running (inside one, use ``adispatch``)."""
        if type(call) is dict:
            # Fast path: an OpenAI-shaped dict with a JSON-string arguments payload for a
            # plain sync tool whose validated values are its keyword arguments. Same
            # validator and limits as the general path, fewer Python steps; anything
            # else (or any failure) takes the general path.
            fn = call.get("function")
            if type(fn) is dict:
                name = fn.get("name")
                entry = self._fast.get(name)  # type: ignore[arg-type]
                args = fn.get("arguments")
                if (
                    entry is not None
                    and type(args) is str
                    and entry[1] is entry[0]._shared.state
                    and entry[1].generation == _config._generation
                    and len(args) <= self.max_bytes
                    and args.count("{") + args.count("[") <= self.max_depth
                ):
                    try:
                        values = entry[2].validate_json(args)[0]
                    except ValidationError:
                        pass  # the general path reports it (after reading nulls as defaults)
                    else:
                        parsed = ToolCall(name, args, call.get("id"), SchemaFormat.OPENAI, call)  # type: ignore[arg-type]
                        try:
                            return ToolResult(parsed, entry[3](**values))
                        except Exception as exc:  # noqa: BLE001
                            return self._raised(parsed, exc)
        started = self._start(call)
        if isinstance(started, ToolResult):
            return started
        parsed, t, validated = started
        try:
            value = self._run(t, validated, context)
            if t._is_async and inspect.isawaitable(value):
                value = _run_sync(value, t.name)
        except ToolCallError as exc:
            return self._error(parsed, exc)
        except Exception as exc:  # noqa: BLE001 - reported to the model, kept on the result
            return self._raised(parsed, exc)
        self._remember(t)
        return ToolResult(parsed, value=value)

    def _remember(self, t: Tool[Any, Any]) -> None:
        """Record what the fast path of :meth:`dispatch` needs for a plain sync tool."""
        state = t._shared.state
        entry = self._fast.get(t.name)
        if (entry is not None and entry[1] is state) or t._is_async or self.forbid_extra or t._kind not in ("function", "callable"):
            return
        args = state.args if state is not None else None
        if args is not None and args.direct and args.values_validator is not None:
            self._fast[t.name] = (t, state, args.values_validator, t.func)

    async def adispatch(self, call: Any, context: Optional[dict[str, Any]] = None) -> ToolResult:
        """Async :meth:`dispatch`: async tools are awaited, sync ones called directly."""
        started = self._start(call)
        if isinstance(started, ToolResult):
            return started
        parsed, t, validated = started
        try:
            value = self._run(t, validated, context)
            if inspect.isawaitable(value):
                value = await value
        except ToolCallError as exc:
            return self._error(parsed, exc)
        except Exception as exc:  # noqa: BLE001
            return self._raised(parsed, exc)
        return ToolResult(parsed, value=value)

    def dispatch_all(self, message: Any, context: Optional[dict[str, Any]] = None) -> list[ToolResult]:
        """Run every call of a whole assistant message/response; results in call order.
        Async tools among them run concurrently."""
        try:
            calls = extract_calls(message)
        except ToolCallError as exc:
            return [self._error(None, exc)]
        if any(c.name in self._tools and self._tools[c.name].is_async for c in calls):
            return _run_sync(self.adispatch_all(calls, context), "dispatch_all")  # type: ignore[no-any-return]
        return [self.dispatch(c, context) for c in calls]

    async def adispatch_all(self, message: Any, context: Optional[dict[str, Any]] = None) -> list[ToolResult]:
        """Async :meth:`dispatch_all`: the calls run concurrently, results in call order."""
        try:
            calls = extract_calls(message)
        except ToolCallError as exc:
            return [self._error(None, exc)]
        return list(await asyncio.gather(*(self.adispatch(c, context) for c in calls)))


class _Failed(Exception):
    def __init__(self, call: ToolCall, error: ToolCallError) -> None:
        self.call = call
        self.error = error


def _run_sync(awaitable: Any, what: str) -> Any:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async def _await() -> Any:
            return await awaitable

        return asyncio.run(_await())
    close = getattr(awaitable, "close", None)
    if close is not None:
        close()
    raise RuntimeError(f"{what}: an async tool cannot run from sync dispatch inside a running event loop; use 'await registry.adispatch(...)'")
