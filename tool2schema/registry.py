"""``ToolRegistry``: schemas for a set of tools, and safe dispatch of the calls a model
sends back, answered in the same provider's tool-result shape."""

from __future__ import annotations

import asyncio
import contextvars
import difflib
import functools
import inspect
import threading
import traceback
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Union

from pydantic_core import to_json

from .calling import (
    MAX_BYTES,
    MAX_DEPTH,
    call_with_values,
    check_arguments,
    depth_error,
    survey,
    text_fits,
    validate_instance,
    validate_values,
    values_caller,
)
from .calls import QuickResult, ToolCall, ToolResult, extract_calls, parse_call, quick_call
from .config import on_change
from .definition import ToolKind
from .discovery import ModuleLike, find_tools
from .errors import ToolCallError
from .frozen import thaw
from .providers import QUICK_ORDER, FormatLike, SchemaFormat
from .providers import get as get_provider
from .tool import Tool, tool

# enum members as module constants: reading ``ToolKind.X`` costs ~0.2 us on CPython 3.11
_MODEL = ToolKind.MODEL
_FUNCTION = ToolKind.FUNCTION
_CALLABLE = ToolKind.CALLABLE

if TYPE_CHECKING:
    from mcp.server import Server

    from .model import ArgsModel
    from .output import Output
    from .serve import ContextLike

__all__ = ["ToolRegistry", "ToolResult"]


class ToolRegistry:
    """An explicit set of tools with unique names.

    ``ToolRegistry([f, g])`` (plain functions are wrapped with ``tool``) or
    ``ToolRegistry.from_module(module, tag=None)``. Options: ``forbid_extra`` rejects
    arguments a tool does not declare (default: ignored); ``max_bytes``/``max_depth``
    bound the size and nesting of a call's arguments; ``include_traceback`` adds the
    traceback of a failing tool to the text the model reads (off by default);
    ``timeout`` (seconds) limits every call (a tool's own ``@tool(timeout=...)`` wins):
    past it the result is an error of kind ``timeout``; ``error_text`` says what the
    model reads when a tool raises: ``"message"`` (``Tool 'x' failed: ValueError:
    text``, the default), ``"type"`` (``Tool 'x' failed: ValueError``: nothing of the
    exception's text, which may hold secrets) or a callable ``(exc) -> str`` whose text
    follows ``Tool 'x' failed: ``.
    """

    def __init__(
        self,
        tools: Iterable[Union[Tool[Any, Any], Callable[..., Any]]] = (),
        *,
        forbid_extra: bool = False,
        max_bytes: int = MAX_BYTES,
        max_depth: int = MAX_DEPTH,
        include_traceback: bool = False,
        timeout: Optional[float] = None,
        error_text: Union[str, Callable[[BaseException], str]] = "message",
    ) -> None:
        if not (error_text in ("message", "type") or callable(error_text)):
            raise ValueError(f"ToolRegistry: error_text must be 'message', 'type' or a callable (exc) -> str, not {error_text!r}")
        self._tools: dict[str, Tool[Any, Any]] = {}
        self._fast: dict[str, tuple[Any, Any, Any]] = {}
        """name -> (validate_json, values caller, definition): the compiled path of a plain sync tool
        that already ran once (see :meth:`dispatch`); dropped whenever settings change."""
        self._forbid_extra = forbid_extra
        self._max_bytes = max_bytes
        self._max_depth = max_depth
        self._short = min(max_bytes, max_depth)  # texts this short always pass text_fits (n characters nest at most n levels)
        self.timeout = timeout
        self.include_traceback = include_traceback
        self.error_text = error_text
        shape = get_provider(QUICK_ORDER[0]).call_shape
        assert shape is not None and shape.holder is not None  # the fast path reads a holder
        self._shape = (shape.holder, shape.name, shape.arguments)
        on_change(self, ToolRegistry._forget)
        for t in tools:
            self.add(t)

    # options that decide which tools may take dispatch's fast path: changing one drops them
    @property
    def forbid_extra(self) -> bool:
        """Reject arguments a tool does not declare (default: they are ignored)."""
        return self._forbid_extra

    @forbid_extra.setter
    def forbid_extra(self, value: bool) -> None:
        self._forbid_extra = value
        self._forget()

    @property
    def timeout(self) -> Optional[float]:
        """Seconds one call may run (a tool's own ``timeout`` wins); None: no limit."""
        return self._timeout

    @timeout.setter
    def timeout(self, value: Optional[float]) -> None:
        if value is not None and not value > 0:
            raise ValueError(f"ToolRegistry: timeout must be a positive number of seconds or None, not {value!r}")
        self._timeout = value
        self._forget()

    @property
    def max_bytes(self) -> int:
        """The largest arguments payload (characters of JSON) a call may carry."""
        return self._max_bytes

    @max_bytes.setter
    def max_bytes(self, value: int) -> None:
        self._max_bytes = value
        self._short = min(value, self._max_depth)

    @property
    def max_depth(self) -> int:
        """The deepest nesting of objects/arrays a call's arguments may have."""
        return self._max_depth

    @max_depth.setter
    def max_depth(self, value: int) -> None:
        self._max_depth = value
        self._short = min(self._max_bytes, value)

    def _forget(self) -> None:
        self._fast.clear()

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
        provider = get_provider(format)
        tools = [thaw(t.to_json(format, strict=strict)) for t in self._tools.values()]
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
    def _prepare(self, parsed: ToolCall) -> tuple[ToolCall, Tool[Any, Any], ArgsModel, Any]:
        """Validate a parsed call: (call, tool, its binding, validated values or model instance)."""
        if parsed.problem is not None:
            raise _Failed(parsed, ToolCallError(parsed.problem, kind="malformed_call"))
        t = self._tools.get(parsed.name)
        if t is None:
            raise _Failed(parsed, self._unknown(parsed.name))
        try:
            binding = t.binding()  # built on first use: a tool that cannot be built is the application's fault
            definition = t.definition() if parsed.provider is not None else None
        except Exception as exc:  # noqa: BLE001 - a ToolDefinitionError, an import failing, ...
            raise _Broken(parsed, exc) from None
        try:
            args = parsed.arguments
            if args is not None and not isinstance(args, (str, bytes, bytearray)):
                # already-parsed arguments (an SDK object's dict): bound their depth before
                # anything recursive (restore_arguments, prune_nulls, Pydantic) reads them
                check_arguments(parsed.name, args, self._max_depth)
            if parsed.provider is not None:
                assert definition is not None
                args = get_provider(parsed.provider).restore_arguments(args, definition)
            if self._forbid_extra:
                args = self._check_extra(t, args)
            if t.kind is _MODEL:
                return parsed, t, binding, validate_instance(binding, parsed.name, args, max_bytes=self._max_bytes, max_depth=self._max_depth)
            return parsed, t, binding, validate_values(binding, parsed.name, args, max_bytes=self._max_bytes, max_depth=self._max_depth)
        except ToolCallError as exc:
            raise _Failed(parsed, exc) from None

    def _unknown(self, name: str) -> ToolCallError:
        shown = name if len(name) <= 100 and name.isprintable() else repr(name[:100]) + ("..." if len(name) > 100 else "")
        close = difflib.get_close_matches(name, list(self._tools), n=3, cutoff=0.5) if len(name) <= 200 else []
        hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        return ToolCallError(
            f"Unknown tool '{shown}'.{hint} Available tools: {', '.join(self._tools) or '(none)'}.",
            kind="unknown_tool",
        )

    def _start(self, call: Any, parsed: Optional[ToolCall] = None) -> Union[tuple[ToolCall, Tool[Any, Any], ArgsModel, Any], ToolResult]:
        """Parse (unless ``parsed`` is the call already read) and validate, with a failure
        turned into its error result. Never raises for any input (a bug in a reader
        becomes a ``malformed_call`` result)."""
        if parsed is None:
            try:
                parsed = parse_call(call)
            except Exception as exc:  # noqa: BLE001 - parse_call never raises; this is the last line of defence
                parsed = ToolCall.malformed(call, None, f"The tool call could not be read ({type(exc).__name__}).")
        try:
            return self._prepare(parsed)
        except _Failed as failed:
            return self._error(failed.call, failed.error)
        except _Broken as broken:
            return self._raised(broken.call, broken.error)
        except RecursionError:
            return self._error(parsed, depth_error(parsed.name, self.max_depth))
        except Exception as exc:  # noqa: BLE001 - arguments that break a reader (hostile objects): still an answer
            return self._error(parsed, ToolCallError(
                f"The arguments for tool '{parsed.name}' could not be read ({type(exc).__name__}). Send a JSON object.",
                kind="malformed_call",
            ))

    def _run(self, t: Tool[Any, Any], binding: ArgsModel, validated: Any, context: Optional[dict[str, Any]]) -> Any:
        if t.kind is _MODEL:
            return validated
        return call_with_values(binding, t.func, t.kind, t.name, validated, context)

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
                    f"Invalid arguments for tool '{t.name}': {', '.join(repr(k)[:100] for k in extra[:20])} "
                    f"{'is not a parameter' if len(extra) == 1 else 'are not parameters'} of this tool; "
                    f"its parameters are {', '.join(repr(k) for k in known) or '(none)'}.",
                    kind="invalid_arguments",
                    errors=[{"type": "extra_forbidden", "loc": (k,), "msg": "Extra inputs are not permitted"} for k in extra],
                )
        return args

    def _error(self, call: Optional[ToolCall], exc: ToolCallError) -> ToolResult:
        return ToolResult(call, is_error=True, error_kind=exc.kind, errors=exc.errors, message=exc.message, exception=exc)

    def _raised(self, call: ToolCall, exc: BaseException) -> ToolResult:
        mode = self.error_text
        if mode == "message":
            detail = f"{type(exc).__name__}: {exc}"
        elif mode == "type":
            detail = type(exc).__name__
        else:
            try:
                detail = str(mode(exc))  # type: ignore[operator]
            except Exception:  # noqa: BLE001 - a failing formatter must not crash dispatch
                detail = type(exc).__name__
        text = f"Tool '{call.name}' failed: {detail}"
        if self.include_traceback:
            text += "\n" + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return ToolResult(call, is_error=True, error_kind="tool_error", message=text, exception=exc)

    def _timed_out(self, call: ToolCall, limit: float, abandoned: bool) -> ToolResult:
        what = "it was abandoned (a sync tool cannot be stopped; it may still be running)" if abandoned else "it was cancelled"
        exc = ToolCallError(f"Tool '{call.name}' did not finish within {limit:g} seconds (its time limit); {what}.", kind="timeout")
        return self._error(call, exc)

    def _limit(self, t: Tool[Any, Any]) -> Optional[float]:
        return t.timeout if t.timeout is not None else self.timeout

    def dispatch(self, call: Any, context: Optional[dict[str, Any]] = None) -> ToolResult:
        """Validate and run one call; never raises for a bad call or a failing tool.

        An async tool is run to completion with ``asyncio.run`` when no event loop is
        running (inside one, use ``adispatch``). A sync tool with a time limit runs in a
        worker thread, abandoned (not stopped) when it overruns."""
        if type(call) is dict:
            # Fast path: the first quick provider's call shape (a dict) with JSON-text
            # arguments, for a plain sync tool that already ran once (its compiled path:
            # the same validator and limits as the general path, the values passed
            # positionally). Anything else, or any failure, takes the general path.
            holder_key, name_key, arguments_key = self._shape
            try:
                holder = call[holder_key]
                # only an exact dict is read by subscript (a defaultdict would be written to)
                entry = self._fast[holder[name_key]] if type(holder) is dict else None
            except Exception:  # noqa: BLE001 - not this shape, or a name that is no tool's
                entry = None
            if entry is not None:
                args = holder.get(arguments_key)
                if type(args) is str and (len(args) <= self._short or text_fits(args, self._max_bytes, self._max_depth)):
                    try:
                        values = entry[0](args, strict=True)
                    except Exception:  # noqa: BLE001 - the general path reports it (after the documented coercions)
                        pass
                    else:
                        try:
                            value = entry[1](values)
                        except Exception as exc:  # noqa: BLE001
                            return self._raised(parse_call(call), exc)
                        result: QuickResult = QuickResult()
                        result.source = call
                        result.value = value
                        return result
        parsed = None
        if self._fast:
            other = self._compiled_other(call)
            if isinstance(other, ToolResult):
                return other
            parsed = other  # the call as read there (not read twice)
        started = self._start(call, parsed)
        if isinstance(started, ToolResult):
            return started
        parsed, t, binding, validated = started
        limit = self._limit(t)
        try:
            if limit is not None and not t.is_async and t.kind is not _MODEL:
                value = _in_thread(functools.partial(self._run, t, binding, validated, context), limit)
            else:
                value = self._run(t, binding, validated, context)
                if t.is_async and inspect.isawaitable(value):
                    value = _run_sync(value, t.name, limit)
        except Exception as exc:  # noqa: BLE001 - reported to the model, kept on the result
            return self._failure(parsed, t, limit, exc)
        self._remember(t)
        return ToolResult(parsed, value=value)

    def _compiled_other(self, call: Any) -> Union[ToolResult, ToolCall, None]:
        """The compiled path for every call but the inline Chat one: the other common
        dicts (each quick provider's ``call_shape``: Responses, Anthropic, Bedrock; plain
        ``{"name", "arguments"}``) read cheaply, any other call (SDK objects, Gemini
        dicts) read by its provider. Its result; else the call as read, for the general
        path (which also reports every failure), or None."""
        parsed: Optional[ToolCall] = None
        quick = quick_call(call) if type(call) is dict else None
        if quick is not None:
            name, args, fmt = quick[0], quick[1], quick[3]
        else:
            try:
                parsed = parse_call(call)
            except Exception:  # noqa: BLE001 - the general path reports it
                return None
            if parsed.problem is not None:
                return parsed
            name, args, fmt = parsed.name, parsed.arguments, parsed.provider
        entry = self._fast.get(name)
        values = None if entry is None else self._compiled_values(entry, args, fmt)
        if values is None:
            return parsed
        assert entry is not None
        try:
            value = entry[1](values)
        except Exception as exc:  # noqa: BLE001
            return self._raised(parsed or parse_call(call), exc)
        if parsed is not None:
            return ToolResult(parsed, value=value)
        result: QuickResult = QuickResult()  # the ToolCall is read from the raw call if asked for
        result.source = call
        result.value = value
        return result

    def _compiled_values(self, entry: tuple[Any, Any, Any], args: Any, fmt: Optional[SchemaFormat]) -> Optional[dict[str, Any]]:
        """A compiled tool's validated values for JSON-text or already-parsed arguments;
        None: take the general path. Parsed arguments are walked once (depth and plain
        JSON: ``survey``) and validated as their JSON text, as the general path does."""
        if type(args) is str:
            if not (len(args) <= self._short or text_fits(args, self._max_bytes, self._max_depth)):
                return None
        elif type(args) is not dict:
            return None
        try:
            if type(args) is dict:
                if not survey(args, self._max_depth):  # too deep (None), or Python objects (False)
                    return None
                if fmt is not None:
                    restored = get_provider(fmt).restore_arguments(args, entry[2])
                    if restored is not args and not survey(restored, self._max_depth):  # restoring can nest deeper
                        return None
                    args = restored
                args = to_json(args)
            values: dict[str, Any] = entry[0](args, strict=True)
        except Exception:  # noqa: BLE001 - the general path reports it (after the documented coercions)
            return None
        return values

    def _remember(self, t: Tool[Any, Any]) -> None:
        """Compile the fast path of :meth:`dispatch` for a plain sync tool that just ran."""
        if t.name in self._fast or t.is_async or self._forbid_extra or self._limit(t) is not None:
            return
        if t.kind in (_FUNCTION, _CALLABLE):
            binding = t.binding()
            run = values_caller(binding, t.func)
            if run is not None and binding.values_validator is not None:
                self._fast[t.name] = (binding.values_validator.validate_json, run, t.definition())

    async def adispatch(self, call: Any, context: Optional[dict[str, Any]] = None) -> ToolResult:
        """Async :meth:`dispatch`: async tools are awaited (cancelled past their time
        limit), sync ones called directly (in a worker thread when they have a time limit,
        abandoned when they overrun)."""
        started = self._start(call)
        if isinstance(started, ToolResult):
            return started
        parsed, t, binding, validated = started
        limit = self._limit(t)
        try:
            if limit is not None and not t.is_async and t.kind is not _MODEL:
                value = await _in_thread_async(functools.partial(self._run, t, binding, validated, context), limit)
            else:
                value = self._run(t, binding, validated, context)
                if inspect.isawaitable(value):
                    value = await (value if limit is None else _bounded(value, limit))
        except Exception as exc:  # noqa: BLE001 - reported to the model, kept on the result
            return self._failure(parsed, t, limit, exc)
        return ToolResult(parsed, value=value)

    def _failure(self, parsed: ToolCall, t: Tool[Any, Any], limit: Optional[float], exc: Exception) -> ToolResult:
        """The error result of a call that was valid but did not complete (the one outcome
        path of :meth:`dispatch` and :meth:`adispatch`)."""
        if isinstance(exc, _TimedOut):
            return self._timed_out(parsed, limit or 0.0, abandoned=not t.is_async)
        if isinstance(exc, ToolCallError):
            return self._error(parsed, exc)
        return self._raised(parsed, exc)

    def _calls(self, message: Any, output: Optional[Output[Any]]) -> Union[list[ToolCall], ToolResult]:
        """The calls of ``message`` to run (``output``'s skipped), or the error result when
        no calls can be read from it."""
        try:
            calls = extract_calls(message)
        except ToolCallError as exc:
            return self._error(None, exc)
        except Exception as exc:  # noqa: BLE001 - extract_calls never raises otherwise; last line of defence
            return self._error(None, ToolCallError(f"No tool calls could be read from this message ({type(exc).__name__}).", kind="malformed_call"))
        if output is not None:
            calls = [c for c in calls if c.name not in output.names]
        return calls

    def dispatch_all(self, message: Any, context: Optional[dict[str, Any]] = None, output: Optional[Output[Any]] = None) -> list[ToolResult]:
        """Run every call of a whole assistant message/response; results in call order.
        Async tools among them run concurrently. Calls to ``output``'s tools are skipped
        (read them with ``output.parse``)."""
        calls = self._calls(message, output)
        if isinstance(calls, ToolResult):
            return [calls]
        if any(c.name in self._tools and self._tools[c.name].is_async for c in calls):
            return _run_sync(self.adispatch_all(calls, context), "dispatch_all")  # type: ignore[no-any-return]
        return [self.dispatch(c, context) for c in calls]

    async def adispatch_all(self, message: Any, context: Optional[dict[str, Any]] = None, output: Optional[Output[Any]] = None) -> list[ToolResult]:
        """Async :meth:`dispatch_all`: the calls run concurrently, results in call order."""
        calls = self._calls(message, output)
        if isinstance(calls, ToolResult):
            return [calls]
        return list(await asyncio.gather(*(self.adispatch(c, context) for c in calls)))



class _Failed(Exception):
    def __init__(self, call: ToolCall, error: ToolCallError) -> None:
        self.call = call
        self.error = error


class _Broken(Exception):
    """The called tool cannot be built (its definition is wrong): answered like a tool
    that raised, with the build error on the result's ``exception``."""

    def __init__(self, call: ToolCall, error: Exception) -> None:
        self.call = call
        self.error = error


class _TimedOut(Exception):
    """A tool overran its time limit (distinct from a TimeoutError the tool raises itself)."""


async def _bounded(awaitable: Any, limit: float) -> Any:
    """Await ``awaitable`` for at most ``limit`` seconds; cancel it and raise ``_TimedOut`` past that."""
    task = asyncio.ensure_future(awaitable)
    done, _ = await asyncio.wait({task}, timeout=limit)
    if not done:
        task.cancel()
        try:
            await task
        except BaseException:  # noqa: BLE001 - the cancellation (or whatever it raised on the way out)
            pass
        raise _TimedOut
    return task.result()


def _in_thread(fn: Callable[[], Any], limit: float) -> Any:
    """Run ``fn`` in a daemon thread; wait ``limit`` seconds, then abandon it (``_TimedOut``)."""
    box: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            box.append((True, fn()))
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller
            box.append((False, exc))

    thread = threading.Thread(target=contextvars.copy_context().run, args=(run,), daemon=True, name="tool2schema-tool")
    thread.start()
    thread.join(limit)
    if not box:
        raise _TimedOut
    ok, value = box[0]
    if ok:
        return value
    raise value


async def _in_thread_async(fn: Callable[[], Any], limit: float) -> Any:
    """:func:`_in_thread` for an event loop: the loop keeps running while the tool does."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(ok: bool, value: Any) -> None:
        if not future.done():
            future.set_result(value) if ok else future.set_exception(value)

    def run() -> None:
        try:
            outcome: tuple[bool, Any] = (True, fn())
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller
            outcome = (False, exc)
        try:
            loop.call_soon_threadsafe(settle, *outcome)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    threading.Thread(target=contextvars.copy_context().run, args=(run,), daemon=True, name="tool2schema-tool").start()
    done, _ = await asyncio.wait({future}, timeout=limit)
    if not done:
        future.cancel()
        raise _TimedOut
    return future.result()


def _run_sync(awaitable: Any, what: str, limit: Optional[float] = None) -> Any:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async def _await() -> Any:
            return await (awaitable if limit is None else _bounded(awaitable, limit))

        return asyncio.run(_await())
    close = getattr(awaitable, "close", None)
    if close is not None:
        close()
    raise RuntimeError(f"{what}: an async tool cannot run from sync dispatch inside a running event loop; use 'await registry.adispatch(...)'")
