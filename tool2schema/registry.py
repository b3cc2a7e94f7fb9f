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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Optional, Union

from pydantic_core import from_json

from .calling import MAX_BYTES, MAX_DEPTH, ArgumentsValidator, arguments_validator, depth_error, runner
from .calls import ToolCall, ToolResult, extract_calls, parse_call
from .config import on_change
from .definition import ToolKind
from .discovery import ModuleLike, find_tools
from .errors import SchemaFormatError, ToolCallError
from .frozen import thaw
from .providers import FormatLike
from .providers import get as get_provider
from .search import SEARCH_TOOL, Bm25, search_tool
from .tool import Tool, tool

_MODEL = ToolKind.MODEL

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
        self._index: Optional[Bm25] = None
        """The BM25 index of `search` (built on first use; dropped when tools or settings change)."""
        self._search: Optional[Tool[Any, Any]] = None
        """The client-side search tool (built on first use)."""
        self._plans: dict[str, _Plan] = {}
        """name -> the tool compiled for dispatch (built on its first call; dropped whenever settings change)."""
        self._forbid_extra = forbid_extra
        self.max_bytes = max_bytes
        self.max_depth = max_depth
        self.timeout = timeout
        self.include_traceback = include_traceback
        self.error_text = error_text
        on_change(self, ToolRegistry._forget)
        for t in tools:
            self.add(t)

    # options that decide how a tool is compiled for dispatch: changing one drops the plans
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

    def _forget(self) -> None:
        self._plans.clear()
        self._index = None

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
        self._plans.pop(t.name, None)
        self._index = None
        self._search = None
        self._plans.pop(SEARCH_TOOL, None)
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
        ``pip install "tool2schema[mcp]"``; see `tool2schema.serve`."""
        from .serve import build_server

        return build_server(self, name=name, context=context)

    # -- finding tools ----------------------------------------------------------------
    def search(self, query: str, limit: int = 5) -> list[Tool[Any, Any]]:
        """The tools that best match ``query``, best first, at most ``limit``: a BM25 ranking
        over each tool's name, description, parameter names and descriptions, and tags
        (deterministic; ties keep the registry's order; see `tool2schema.search`)."""
        if not isinstance(query, str):
            raise TypeError(f"ToolRegistry.search: query takes a string, not {query!r}")
        if not isinstance(limit, int) or limit < 1:
            raise ValueError(f"ToolRegistry.search: limit takes a positive integer, not {limit!r}")
        index = self._index
        if index is None:
            index = self._index = Bm25.build(self._tools.values())
        return index.rank(query, limit)

    def search_tool(self) -> Tool[Any, Any]:
        """The client-side search tool (``search_tools(query, limit=5)``) that
        ``request(..., defer=...)`` offers; its calls are dispatched like any tool's and
        answer with the tools `search` finds (``ToolResult.found``)."""
        found = self._search
        if found is None:
            found = self._search = search_tool(self.search, len(self._tools))
        return found

    def _select(self, spec: Any, what: str) -> list[str]:
        """The names ``spec`` (tool names or tags, a string or a list) stands for, in
        registry order; ValueError naming what matches nothing."""
        if isinstance(spec, str):
            items = [spec]
        elif isinstance(spec, Iterable) and not isinstance(spec, Mapping):
            items = list(spec)
        else:
            raise TypeError(f"ToolRegistry.request: {what} takes tool names or tags (a string or a list of them), not {spec!r}")
        chosen: set[str] = set()
        for item in items:
            if not isinstance(item, str):
                raise TypeError(f"ToolRegistry.request: {what} takes tool names or tags (strings), not {item!r}")
            if item in self._tools:
                chosen.add(item)
                continue
            tagged = {t.name for t in self._tools.values() if t.has_tag(item)}
            if not tagged:
                raise ValueError(f"ToolRegistry.request: {what}: {item!r} is neither a tool of this registry nor a tag of one")
            chosen |= tagged
        return [n for n in self._tools if n in chosen]

    def _deferred(self, defer: Any) -> set[str]:
        if defer is None or defer is False:
            return set()
        if defer is True:
            return {t.name for t in self._tools.values() if t.defer_loading}
        if defer == "all":
            return set(self._tools)
        if isinstance(defer, Mapping):
            if set(defer) != {"all_but"}:
                raise ValueError(f"ToolRegistry.request: defer takes None, True, 'all', tool names or tags, or {{'all_but': [...]}}, not {defer!r}")
            return set(self._tools) - set(self._select(defer["all_but"], "defer all_but"))
        return set(self._select(defer, "defer"))

    def _loaded(self, load: Any) -> set[str]:
        names: set[str] = set()
        if not isinstance(load, (str, ToolResult, Iterable)):
            raise TypeError(f"ToolRegistry.request: load takes tool names, tags or search results, not {load!r}")
        for item in [load] if isinstance(load, (str, ToolResult)) else list(load):
            if isinstance(item, ToolResult):
                names |= {d.name for d in item.found or ()}
            else:
                names |= set(self._select(item, "load"))
        return names

    def request(
        self,
        format: FormatLike,
        output: Optional[Output[Any]] = None,
        strict: Optional[bool] = None,
        *,
        defer: Any = None,
        search: Optional[str] = None,
        load: Any = (),
        allowed: Any = None,
        required: bool = False,
        namespaces: Optional[str] = None,
        cache: bool = False,
        output_schemas: bool = True,
    ) -> dict[str, Any]:
        """Keyword arguments for ``format``'s SDK request call: the tools and the tool
        choice (``auto``). With ``output=``, its output tools join them and the choice
        requires a tool call (ordinary tools first if the model wants, then an output
        tool); a native-mode ``output`` adds its native setting instead. Output names
        that collide with the registry's tools raise ``ToolDefinitionError``.

        Large tool sets (docs/large-tool-sets.md):

        - ``defer``: tools left out of the request until a search finds them (sent as
          deferred definitions where the provider takes them: Anthropic, OpenAI
          Responses): ``True`` (those marked ``@tool(defer_loading=True)``), ``"all"``,
          tool names or tags, or ``{"all_but": [names or tags]}``.
        - ``search``: the tool that finds them: ``"provider"`` (the provider's own tool
          search; Anthropic: ``"bm25"`` or ``"regex"``), ``"client"`` (a search tool backed
          by `search`, dispatched like any tool; on Responses the client-executed
          ``tool_search``); default: the provider's own where it has one, else the client's.
        - ``load``: deferred tools sent in full all the same: names, tags, or the results of
          search calls (what they found).
        - ``allowed``: the tools (names or tags) the model may call, without changing
          ``tools`` where the provider has such a tool choice (OpenAI ``allowed_tools``,
          Gemini ``allowed_function_names``); Anthropic, Bedrock and MCP have none, so the
          other tools are left out. ``required=True``: it must call one of them.
        - ``namespaces``: OpenAI Responses namespaces, one per ``"tag"`` (a tool's first
          tag) or ``"module"``.
        - ``cache``: Anthropic's ``cache_control`` on the last tool, Bedrock's
          ``cachePoint`` after the tools (the other providers cache without a marker).
        - ``output_schemas=False``: no tool's output schema is sent.
        """
        provider = get_provider(format)
        deferred = self._deferred(defer) - self._loaded(load)
        mode = search
        if mode is None and deferred:
            mode = "provider" if provider.search_variants else "client"
        if mode is not None and mode not in ("provider", "client", *provider.search_variants):
            raise ValueError(
                f"ToolRegistry.request: search takes 'provider' or 'client'"
                f"{''.join(f' or {v!r}' for v in provider.search_variants)} for {provider.label}, not {mode!r}"
            )
        names = self._select(allowed, "allowed") if allowed is not None else None
        choice_named: Optional[Any] = None
        if names is not None:
            choice_named = provider.allowed_tool_choice(names, required)
            if choice_named is None and cache:
                raise SchemaFormatError(
                    f"ToolRegistry.request: {provider.label} has no tool choice that narrows the tools, so allowed= leaves the "
                    "other tools out of `tools`, and the cached tool list would change; drop cache=True, or send every tool"
                )
        keep = None if names is None or choice_named is not None else set(names)

        tools: list[dict[str, Any]] = []
        groups: dict[str, list[dict[str, Any]]] = {}
        group_of: dict[str, str] = {}
        for t in self._tools.values():
            if keep is not None and t.name not in keep:
                continue
            item = thaw(t.to_json(format, strict=strict, output_schema=output_schemas))
            if t.name in deferred:
                if not provider.deferral:
                    continue
                item = provider.deferred(item)
            group = self._namespace_of(t, namespaces) if namespaces is not None else None
            if group is None:
                tools.append(item)
            else:
                groups.setdefault(group, []).append(item)
                group_of[t.name] = group
        if namespaces is not None:
            tools = provider.namespaced([(g, self._namespace_text(g, namespaces), items) for g, items in groups.items()], tools)
            inside = [n for n in names or () if n in group_of]
            if inside:
                raise SchemaFormatError(
                    f"ToolRegistry.request: {provider.label}'s tool choice cannot name a function inside a namespace "
                    f"({', '.join(f'{n!r} is in {group_of[n]!r}' for n in inside)}); narrow with tools outside namespaces, or drop namespaces="
                )
        if mode == "client":
            tools.insert(0, provider.client_search_tool(self.search_tool().definition(), None))
        elif mode is not None:  # "provider" (the provider's first variant) or a variant it names
            tools.insert(0, provider.provider_search_tool(provider.search_variants[0] if mode == "provider" and provider.search_variants else mode))
        if cache:
            tools = provider.cached(tools)

        listed = [n for n in self._tools if (keep is None or n in keep) and (n not in deferred or provider.deferral)]
        if output is None:
            if names is not None:
                return provider.request(tools, choice_named if choice_named is not None else provider.tool_choice(names, required))
            return provider.request(tools, provider.tool_choice(listed, required))
        clash = [n for n in output.tool_names() if n in self._tools] if output.mode == "tool" else []
        if clash:
            from .errors import ToolDefinitionError

            raise ToolDefinitionError(
                f"ToolRegistry.request: the output tool name(s) {', '.join(repr(n) for n in clash)} are also registry tools; "
                "pass Output(..., name='...') with another name"
            )
        if output.mode == "native":
            choice = choice_named if choice_named is not None else provider.tool_choice(names if names is not None else listed, False)
            return {**provider.request(tools, choice), **output.request(format, strict=strict)}
        tools += output.tools(format, strict=strict)
        final = [*(names if names is not None else listed), *output.tool_names()]
        if names is not None and choice_named is not None:
            return provider.request(tools, provider.allowed_tool_choice(final, True))
        return provider.request(tools, provider.tool_choice(final, True))

    @staticmethod
    def _namespace_of(t: Tool[Any, Any], by: str) -> Optional[str]:
        if by == "tag":
            return t.tags[0] if t.tags else None
        if by == "module":
            module = getattr(t.func, "__module__", None)
            return "".join(c if c.isalnum() or c in "_-" else "_" for c in module) if isinstance(module, str) else None
        raise ValueError(f"ToolRegistry.request: namespaces takes 'tag' or 'module', not {by!r}")

    def _namespace_text(self, group: str, by: str) -> str:
        members = [t.name for t in self._tools.values() if self._namespace_of(t, by) == group]
        what = f"tagged {group!r}" if by == "tag" else f"of module {group}"
        return f"The tools {what}: {', '.join(members)}."

    # -- dispatch -----------------------------------------------------------------
    #
    # One pipeline for every call: the call's provider reads it (name, arguments, id) ->
    # the tool's plan (compiled on its first call) validates the arguments -> the function
    # runs -> one ToolResult. Every failure on the way is an error result.

    def dispatch(self, call: Any, context: Optional[dict[str, Any]] = None) -> ToolResult:
        """Validate and run one call; never raises for a bad call or a failing tool.

        An async tool is run to completion with ``asyncio.run`` when no event loop is
        running (inside one, use ``adispatch``). A sync tool with a time limit runs in a
        worker thread, abandoned (not stopped) when it overruns."""
        ready = self._validated(call)
        if type(ready) is not tuple:
            return ready  # type: ignore[return-value]
        parsed, plan, values = ready
        try:
            if plan.direct:
                return ToolResult(parsed, plan.run(values, context))
            return ToolResult(parsed, self._run_bounded(plan, values, context))
        except Exception as exc:  # noqa: BLE001 - reported to the model, kept on the result
            return self._failure(parsed, plan, exc)

    async def adispatch(self, call: Any, context: Optional[dict[str, Any]] = None) -> ToolResult:
        """Async [`dispatch`][tool2schema.registry.ToolRegistry.dispatch]: async tools are awaited (cancelled past their time
        limit), sync ones called directly (in a worker thread when they have a time limit,
        abandoned when they overrun)."""
        ready = self._validated(call)
        if type(ready) is not tuple:
            return ready  # type: ignore[return-value]
        parsed, plan, values = ready
        limit = plan.limit
        try:
            if limit is not None and not plan.tool.is_async:
                value = await _in_thread_async(functools.partial(plan.run, values, context), limit)
            else:
                value = plan.run(values, context)
                if inspect.isawaitable(value):
                    value = await (value if limit is None else _bounded(value, limit))
        except Exception as exc:  # noqa: BLE001 - reported to the model, kept on the result
            return self._failure(parsed, plan, exc)
        return ToolResult(parsed, value)

    async def adispatch_stream(self, events: Any, context: Optional[dict[str, Any]] = None, format: Optional[FormatLike] = None) -> list[ToolResult]:
        """Read a provider's stream of events (an iterable or an async iterable; see
        [`ToolCallStream`][tool2schema.streaming.ToolCallStream]) and run each call the
        moment the stream completes it, concurrently with the rest of the stream; the
        results in call order (a call the stream cut off is an error result with its id)."""
        from .streaming import ToolCallStream

        stream = ToolCallStream(format)
        running: list[asyncio.Task[ToolResult]] = []

        def start(calls: list[ToolCall]) -> None:
            running.extend(asyncio.ensure_future(self.adispatch(c, context)) for c in calls)

        if hasattr(events, "__aiter__"):
            async for event in events:
                start(stream.feed(event))
        else:
            for event in events:
                start(stream.feed(event))
                await asyncio.sleep(0)  # let the calls already started run
        start(stream.close())
        return list(await asyncio.gather(*running))

    def _validated(self, call: Any) -> Union[tuple[ToolCall, _Plan, Any], ToolResult]:
        """Read ``call``, find its tool's plan and validate its arguments: (the call as
        read, the plan, the validated values), or the error result of the first step
        that failed."""
        parsed = parse_call(call)
        plan = self._plans.get(parsed.name) or self._plan(parsed)
        if type(plan) is not _Plan:
            return plan  # type: ignore[return-value]
        try:
            return parsed, plan, plan.validate(parsed.arguments, self.max_bytes, self.max_depth, parsed.provider)
        except Exception as exc:  # noqa: BLE001 - a ToolCallError, or arguments that broke a reader
            return self._refused(parsed, exc)

    def _plan(self, call: ToolCall) -> Union[_Plan, ToolResult]:
        """The compiled plan of the tool ``call`` names (kept until settings change), or
        the error result of a call that cannot have one (malformed, unknown tool, a tool
        that cannot be built)."""
        if call.problem is not None:
            return self._error(call, ToolCallError(call.problem, kind="malformed_call"))
        t = self._tools.get(call.name)
        if t is None and call.name == SEARCH_TOOL:
            t = self.search_tool()  # the client search of request(..., defer=...), when no tool of the registry has its name
        if t is None:
            return self._error(call, self._unknown(call.name))
        try:
            plan = _Plan.build(t, self._limit(t))
        except Exception as exc:  # noqa: BLE001 - a ToolDefinitionError, an import failing: the application's fault
            return self._raised(call, exc)
        if self._forbid_extra:
            plan.validate = functools.partial(_forbidding_extra, t, plan.validate)
        self._plans[t.name] = plan
        return plan

    def _run_bounded(self, plan: _Plan, values: Any, context: Optional[dict[str, Any]]) -> Any:
        """Run a tool that is async or has a time limit, from sync code."""
        limit = plan.limit
        if limit is not None and not plan.tool.is_async:
            return _in_thread(functools.partial(plan.run, values, context), limit)
        value = plan.run(values, context)
        if inspect.isawaitable(value):
            value = _run_sync(value, plan.tool.name, limit)
        return value

    def _unknown(self, name: str) -> ToolCallError:
        shown = name if len(name) <= 100 and name.isprintable() else repr(name[:100]) + ("..." if len(name) > 100 else "")
        close = difflib.get_close_matches(name, list(self._tools), n=3, cutoff=0.5) if len(name) <= 200 else []
        hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        return ToolCallError(
            f"Unknown tool '{shown}'.{hint} Available tools: {', '.join(self._tools) or '(none)'}.",
            kind="unknown_tool",
        )

    def _refused(self, call: ToolCall, exc: BaseException) -> ToolResult:
        """The error result of arguments that did not validate (or broke a reader)."""
        if isinstance(exc, ToolCallError):
            return self._error(call, exc)
        if isinstance(exc, RecursionError):
            return self._error(call, depth_error(call.name, self.max_depth))
        return self._error(call, ToolCallError(
            f"The arguments for tool '{call.name}' could not be read ({type(exc).__name__}). Send a JSON object.",
            kind="malformed_call",
        ))

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

    def _limit(self, t: Tool[Any, Any]) -> Optional[float]:
        return t.timeout if t.timeout is not None else self.timeout

    def _failure(self, call: ToolCall, plan: _Plan, exc: Exception) -> ToolResult:
        """The error result of a call that was valid but did not complete."""
        if isinstance(exc, _TimedOut):
            what = "it was abandoned (a sync tool cannot be stopped; it may still be running)" if not plan.tool.is_async else "it was cancelled"
            return self._error(call, ToolCallError(
                f"Tool '{call.name}' did not finish within {plan.limit or 0.0:g} seconds (its time limit); {what}.", kind="timeout"
            ))
        if isinstance(exc, ToolCallError):
            return self._error(call, exc)
        return self._raised(call, exc)

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
        """Async [`dispatch_all`][tool2schema.registry.ToolRegistry.dispatch_all]: the calls run concurrently, results in call order."""
        calls = self._calls(message, output)
        if isinstance(calls, ToolResult):
            return [calls]
        return list(await asyncio.gather(*(self.adispatch(c, context) for c in calls)))



@dataclass(slots=True)
class _Plan:
    """A tool compiled for dispatch: how its arguments are validated and how it runs."""

    tool: Tool[Any, Any]
    validate: Callable[..., Any]
    """``validate(arguments, max_bytes, max_depth, provider)``: `ArgumentsValidator.validate`."""
    run: Callable[[Any, Optional[Mapping[str, Any]]], Any]
    """``run(values, context)``: `runner`."""
    limit: Optional[float]
    direct: bool
    """A sync tool without a time limit: run in the caller's thread as it is."""

    @classmethod
    def build(cls, t: Tool[Any, Any], limit: Optional[float]) -> _Plan:
        binding = t.binding()  # built on first use: a tool that cannot be built raises here
        definition = t.definition()
        schema = functools.partial(getattr, definition, "parameters")
        if t.kind is _MODEL:
            model = binding.model
            validator = ArgumentsValidator(t.name, model, model.__pydantic_validator__, schema)
        else:
            validator = arguments_validator(binding, t.name, schema)
        run = runner(binding, t.func, t.kind, t.name)
        return cls(t, validator.validate, run, limit, direct=limit is None and not t.is_async)


def _forbidding_extra(t: Tool[Any, Any], validate: Callable[..., Any], arguments: Any, max_bytes: int, max_depth: int, provider: Any) -> Any:
    """``validate``, first refusing arguments the tool does not declare (``forbid_extra``)."""
    args = arguments
    if isinstance(args, (str, bytes, bytearray)) and len(args) <= max_bytes:
        try:
            args = from_json(args)
        except ValueError:
            pass  # validate() reports it
    if isinstance(args, dict):
        known = {f.alias or n for n, f in t.args_model.model_fields.items()}
        extra = [k for k in args if k not in known]
        if extra:
            raise ToolCallError(
                f"Invalid arguments for tool '{t.name}': {', '.join(repr(k)[:100] for k in extra[:20])} "
                f"{'is not a parameter' if len(extra) == 1 else 'are not parameters'} of this tool; "
                f"its parameters are {', '.join(repr(k) for k in known) or '(none)'}.",
                kind="invalid_arguments",
                errors=[{"type": "extra_forbidden", "loc": (k,), "msg": "Extra inputs are not permitted"} for k in extra],
            )
    return validate(arguments, max_bytes, max_depth, provider)


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
    """`_in_thread` for an event loop: the loop keeps running while the tool does."""
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
