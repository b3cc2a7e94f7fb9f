"""``ToolRegistry``: schemas for a set of tools, and safe dispatch of the calls a model
sends back, answered in the same provider's tool-result shape."""

from __future__ import annotations

import asyncio
import difflib
import inspect
import traceback
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Union

from pydantic import ValidationError

from .calling import MAX_BYTES, MAX_DEPTH
from .calls import ToolCall, ToolResult, extract_calls, parse_call
from .definition import ToolKind
from .discovery import ModuleLike, find_tools
from .errors import ToolCallError
from .providers import FormatLike, SchemaFormat
from .providers import get as get_provider
from .tool import Tool, tool

if TYPE_CHECKING:
    from mcp.server import Server

    from .output import Output
    from .serve import ContextLike

__all__ = ["ToolRegistry", "ToolResult"]


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

    def request(self, format: FormatLike, output: Optional[Output[Any]] = None, strict: Optional[bool] = None) -> dict[str, Any]:
        """Keyword arguments for ``format``'s SDK request call: every tool and the tool
        choice (``auto``). With ``output=``, its output tools join them and the choice
        requires a tool call (ordinary tools first if the model wants, then an output
        tool); a native-mode ``output`` adds its native setting instead. Output names
        that collide with the registry's tools raise ``ToolDefinitionError``."""
        import copy

        provider = get_provider(format)
        tools = [copy.deepcopy(t.to_json(format, strict=strict)) for t in self._tools.values()]
        names = list(self._tools)
        if output is None:
            return provider.request(tools, provider.tool_choice(names, required=False))
        clash = [n for n in output.tool_names() if n in self._tools] if output.mode == "tool" else []
        if clash:
            from .errors import ToolDefinitionError

            raise ToolDefinitionError(
                f"ToolRegistry.request: the output tool name(s) {', '.join(repr(n) for n in clash)} are also registry tools; "
                "pass Output(..., name='...') with another name"
            )
        if output.mode == "native":
            return {**provider.request(tools, provider.tool_choice(names, required=False)), **output.request(format, strict=strict)}
        tools += output.tools(format, strict=strict)
        names += output.tool_names()
        return provider.request(tools, provider.tool_choice(names, required=True))

    # -- dispatch -----------------------------------------------------------------
    def _prepare(self, call: Any) -> tuple[ToolCall, Tool[Any, Any], Any]:
        """Parse and validate a call: (call, tool, validated values or model instance)."""
        parsed = parse_call(call)
        if parsed.problem is not None:
            raise _Failed(parsed, ToolCallError(parsed.problem, kind="malformed_call"))
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
            if parsed.provider is not None:
                args = get_provider(parsed.provider).restore_arguments(args, t.definition())
            if self.forbid_extra:
                args = self._check_extra(t, args)
            if t.kind is ToolKind.MODEL:
                return parsed, t, t.validate(args, max_bytes=self.max_bytes, max_depth=self.max_depth)
            return parsed, t, t.validate_values(args, max_bytes=self.max_bytes, max_depth=self.max_depth)
        except ToolCallError as exc:
            raise _Failed(parsed, exc) from None

    def _start(self, call: Any) -> Union[tuple[ToolCall, Tool[Any, Any], Any], ToolResult]:
        """:meth:`_prepare`, with a failure turned into its error result."""
        try:
            return self._prepare(call)
        except _Failed as failed:
            return self._error(failed.call, failed.error)

    def _run(self, t: Tool[Any, Any], validated: Any, context: Optional[dict[str, Any]]) -> Any:
        if t.kind is ToolKind.MODEL:
            return validated
        return t.call_values(validated, context)

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
                    and entry[1] is entry[0].current_binding()
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
            if t.is_async and inspect.isawaitable(value):
                value = _run_sync(value, t.name)
        except ToolCallError as exc:
            return self._error(parsed, exc)
        except Exception as exc:  # noqa: BLE001 - reported to the model, kept on the result
            return self._raised(parsed, exc)
        self._remember(t)
        return ToolResult(parsed, value=value)

    def _remember(self, t: Tool[Any, Any]) -> None:
        """Record what the fast path of :meth:`dispatch` needs for a plain sync tool."""
        binding = t.current_binding()
        entry = self._fast.get(t.name)
        if binding is None or (entry is not None and entry[1] is binding) or t.is_async or self.forbid_extra:
            return
        if t.kind in (ToolKind.FUNCTION, ToolKind.CALLABLE) and binding.direct and binding.values_validator is not None:
            self._fast[t.name] = (t, binding, binding.values_validator, t.func)

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

    def dispatch_all(self, message: Any, context: Optional[dict[str, Any]] = None, output: Optional[Output[Any]] = None) -> list[ToolResult]:
        """Run every call of a whole assistant message/response; results in call order.
        Async tools among them run concurrently. Calls to ``output``'s tools are skipped
        (read them with ``output.parse``)."""
        try:
            calls = extract_calls(message)
        except ToolCallError as exc:
            return [self._error(None, exc)]
        if output is not None:
            calls = [c for c in calls if c.name not in output.names]
        if any(c.name in self._tools and self._tools[c.name].is_async for c in calls):
            return _run_sync(self.adispatch_all(calls, context), "dispatch_all")  # type: ignore[no-any-return]
        return [self.dispatch(c, context) for c in calls]

    async def adispatch_all(self, message: Any, context: Optional[dict[str, Any]] = None, output: Optional[Output[Any]] = None) -> list[ToolResult]:
        """Async :meth:`dispatch_all`: the calls run concurrently, results in call order."""
        try:
            calls = extract_calls(message)
        except ToolCallError as exc:
            return [self._error(None, exc)]
        if output is not None:
            calls = [c for c in calls if c.name not in output.names]
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
