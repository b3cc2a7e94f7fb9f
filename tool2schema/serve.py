"""Serve a registry's tools over the Model Context Protocol with the official ``mcp`` SDK.

``tool2schema serve MODULE [--tag T] [--transport stdio|http] [--host H] [--port P]``
and ``registry.mcp_server(name=..., context=...)``.

The server is the SDK's low-level ``mcp.server.Server``: ``tools/list`` answers with
``registry.schemas("mcp")`` as they are, and ``tools/call`` goes through the registry's
dispatch, so the validation, the error text and the size limits the client sees are
tool2schema's (the low-level server validates nothing itself). Sync tools run in a
worker thread, async ones on the event loop.

``mcp`` is an optional extra: this module imports it only when a server is built or a
transport started, and fails with `MCPNotInstalledError` naming the extra when it
is missing. ``import tool2schema`` never imports it.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import hmac
import inspect
import json
import os
import signal
import socket
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Optional, Union

from .errors import Tool2SchemaError

if TYPE_CHECKING:
    from mcp.server import Server
    from mcp.server.auth.provider import AccessToken, TokenVerifier
    from mcp.server.auth.settings import AuthSettings
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.applications import Starlette

    from .registry import ToolRegistry

__all__ = [
    "INSTALL_HINT",
    "ContextLike",
    "MCPNotInstalledError",
    "add_serve_parser",
    "build_server",
    "http_app",
    "run_serve",
    "transport_security",
]

INSTALL_HINT = 'pip install "tool2schema[mcp]"'
DEFAULT_NAME = "my-tools"
MCP_PATH = "/mcp"
MAX_NAME = 128  # the MCP specification's limit on tool names
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")

ContextLike = Union[
    Mapping[str, Any],
    Callable[[], Union[Mapping[str, Any], None, Awaitable[Optional[Mapping[str, Any]]]]],
    Callable[[Any], Union[Mapping[str, Any], None, Awaitable[Optional[Mapping[str, Any]]]]],
    None,
]
"""What ``context=`` takes: the mapping of injected parameters, or a callable returning it
(called once per tool call, with no argument or with the SDK's request context; it may be
``async``)."""


class MCPNotInstalledError(Tool2SchemaError, ImportError):
    """The optional ``mcp`` extra is not installed."""


def _require_mcp() -> None:
    try:
        import mcp.server  # noqa: F401
    except ImportError as exc:
        raise MCPNotInstalledError(
            f"serving tools over MCP needs the official 'mcp' package, which is not installed ({exc}); install the extra: {INSTALL_HINT}"
        ) from None


# -- the server --------------------------------------------------------------------


def _context_caller(context: ContextLike) -> Callable[[Any], Awaitable[Optional[dict[str, Any]]]]:
    """Turn ``context`` into ``async (request_context) -> dict | None``."""
    if context is None:

        async def none(_ctx: Any) -> Optional[dict[str, Any]]:
            return None

        return none
    if isinstance(context, Mapping):
        fixed = dict(context)

        async def mapping(_ctx: Any) -> Optional[dict[str, Any]]:
            return fixed

        return mapping
    if not callable(context):
        raise TypeError(f"mcp_server(context=...): expected a mapping or a callable returning one, got {type(context).__name__}")
    provider: Callable[..., Any] = context
    try:
        params = list(inspect.signature(provider).parameters.values())
        takes_ctx = any(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL) for p in params)
    except (TypeError, ValueError):  # no signature (some builtins): pass the context
        takes_ctx = True

    async def call(ctx: Any) -> Optional[dict[str, Any]]:
        value = provider(ctx) if takes_ctx else provider()
        if inspect.isawaitable(value):
            value = await value
        if value is None:
            return None
        if not isinstance(value, Mapping):
            raise TypeError(f"the context callable returned {type(value).__name__}, expected a mapping of injected parameters")
        return dict(value)

    return call


def _as_json(arguments: Any) -> Any:
    """The arguments as JSON text, so the registry's size and nesting limits apply to them
    exactly as to any provider's call (a dict would skip the size check)."""
    if arguments is None:
        return "{}"
    try:
        return json.dumps(arguments, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return arguments  # not JSON-able (an in-process caller): the registry validates it as is


def build_server(registry: ToolRegistry, name: str = DEFAULT_NAME, context: ContextLike = None) -> Server[Any]:
    """The SDK's low-level ``mcp.server.Server`` serving ``registry``'s tools.

    ``tools/list`` returns ``registry.schemas("mcp")`` in order; ``tools/call`` goes
    through ``registry.dispatch`` (sync tools, in a worker thread) or
    ``registry.adispatch`` (async tools and unknown names, on the event loop). Every
    failure is a ``CallToolResult`` with ``isError: true`` and the registry's text.
    """
    _require_mcp()
    import anyio.to_thread
    import mcp_types as types
    from mcp.server import Server, ServerRequestContext

    resolve_context = _context_caller(context)
    validators: dict[str, tuple[Any, Any]] = {}

    def output_validator(tool_name: str, schema: Any) -> Any:
        """A compiled JSON Schema validator for the tool's outputSchema, cached per schema object."""
        cached = validators.get(tool_name)
        if cached is not None and cached[0] is schema:
            return cached[1]
        from jsonschema.validators import validator_for  # type: ignore[import-untyped]

        validator = validator_for(schema)(schema)
        validators[tool_name] = (schema, validator)
        return validator

    def error(text: str) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(text=text)], is_error=True)

    async def list_tools(ctx: ServerRequestContext[Any], params: Optional[types.PaginatedRequestParams]) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool.model_validate(schema) for schema in registry.schemas("mcp")])

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        tool_name = params.name
        if len(tool_name) > MAX_NAME and tool_name not in registry:
            # no MCP tool name is longer than 128 characters: keep the echo (and the
            # registry's did-you-mean search) bounded for a hostile megabyte-long name
            tool_name = tool_name[:MAX_NAME] + "…"
        call = {"name": tool_name, "arguments": _as_json(params.arguments)}
        try:
            injected = await resolve_context(ctx)
        except Exception as exc:  # noqa: BLE001 - a broken context provider is the server's fault, told plainly
            return error(f"Tool '{tool_name}' was not run: the server's context provider failed: {type(exc).__name__}: {exc}")
        try:
            t = registry[tool_name] if tool_name in registry else None
            if t is not None and not t.is_async:
                result = await anyio.to_thread.run_sync(registry.dispatch, call, injected)
            else:
                result = await registry.adispatch(call, context=injected)
            if result.is_error:
                return error(result.content)
            data = result.data
            structured = data if isinstance(data, dict) else None
            schema = t.definition().output_schema if t is not None else None  # what the MCP listing declares
            if schema is not None:
                if structured is None:
                    return error(f"Tool '{tool_name}' returned {type(result.value).__name__}, not the object its outputSchema declares.")
                problem = next(iter(output_validator(tool_name, schema).iter_errors(structured)), None)
                if problem is not None:
                    return error(f"Tool '{tool_name}' returned a value that does not match its outputSchema: {problem.message}")
            return types.CallToolResult.model_validate(result.to_message("mcp"))  # the MCP provider's CallToolResult
        except Exception as exc:  # noqa: BLE001 - never a protocol error: the client gets an error result
            return error(f"Tool '{tool_name}' failed inside the server: {type(exc).__name__}: {exc}")

    from . import __version__

    return Server(name, version=__version__, on_list_tools=list_tools, on_call_tool=call_tool)


# -- transports -----------------------------------------------------------------------


def _strip_brackets(host: str) -> str:
    return host[1:-1] if host.startswith("[") and host.endswith("]") else host


def _host_entries(host: str) -> list[str]:
    """``Host`` header patterns for one host name or address (any port)."""
    host = _strip_brackets(host)
    return [f"[{host}]:*", f"[{host}]"] if ":" in host else [f"{host}:*", host]


def transport_security(host: str = "127.0.0.1", allowed_hosts: tuple[str, ...] = ()) -> TransportSecuritySettings:
    """The SDK's DNS-rebinding protection (``Host`` and ``Origin`` checks) for a server bound to ``host``.

    Always on. Allowed: the loopback names, ``host`` itself, and ``allowed_hosts`` (extra
    names clients use, e.g. behind a proxy). A wildcard bind (``0.0.0.0``, ``::``) also
    allows this machine's host name and its addresses."""
    _require_mcp()
    from mcp.server.transport_security import TransportSecuritySettings

    names: list[str] = list(LOCAL_HOSTS)
    bare = _strip_brackets(host)
    if bare in ("0.0.0.0", "::", ""):
        hostname = socket.gethostname()
        names.append(hostname)
        with contextlib.suppress(OSError):
            names.extend(str(info[4][0]) for info in socket.getaddrinfo(hostname, None))
    else:
        names.append(bare)
    names.extend(allowed_hosts)
    hosts: list[str] = []
    origins: list[str] = []
    for n in dict.fromkeys(_strip_brackets(n) for n in names):
        hosts.extend(_host_entries(n))
        shown = f"[{n}]" if ":" in n else n
        origins.extend([f"http://{shown}", f"http://{shown}:*", f"https://{shown}", f"https://{shown}:*"])
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins)


def http_app(
    server: Server[Any],
    host: str = "127.0.0.1",
    allowed_hosts: tuple[str, ...] = (),
    *,
    token_verifier: Optional[TokenVerifier] = None,
    auth: Optional[AuthSettings] = None,
) -> Starlette:
    """A Starlette app serving ``server`` as streamable HTTP at ``/mcp``, with
    `transport_security` for ``host``. Its lifespan runs the SDK's session
    manager: mount it with that lifespan, or serve it with any ASGI server.

    ``token_verifier`` and ``auth``: the official SDK's authorization (an OAuth resource
    server's verifier and ``AuthSettings``, or [`BearerToken`][tool2schema.serve.BearerToken]
    for one shared secret): a request without a token the verifier accepts gets ``401``
    with the ``WWW-Authenticate`` header the MCP authorization spec prescribes (pointing
    at the protected-resource metadata the app then serves)."""
    if (token_verifier is None) != (auth is None):
        raise ValueError("http_app: pass token_verifier and auth together (the SDK's TokenVerifier and AuthSettings)")
    return server.streamable_http_app(
        streamable_http_path=MCP_PATH, host=host, transport_security=transport_security(host, allowed_hosts),
        token_verifier=token_verifier, auth=auth,
    )


class BearerToken:
    """A ``TokenVerifier`` (the ``mcp`` SDK's protocol) that accepts one shared secret,
    compared in constant time: ``tool2schema serve --auth-token-env VAR``."""

    def __init__(self, token: str) -> None:
        if not token:
            raise ValueError("BearerToken: the token is empty")
        self._token = token.encode()

    async def verify_token(self, token: str) -> Optional[AccessToken]:
        from mcp.server.auth.provider import AccessToken

        if hmac.compare_digest(token.encode(), self._token):
            return AccessToken(token=token, client_id="tool2schema-bearer", scopes=[])
        return None

    @staticmethod
    def settings(url: str) -> AuthSettings:
        """The SDK's ``AuthSettings`` for this server at ``url`` (``http://host:port``): it is
        its own resource server; no OAuth flow (clients are given the token)."""
        from mcp.server.auth.settings import AuthSettings
        from pydantic import AnyHttpUrl

        return AuthSettings(issuer_url=AnyHttpUrl(url), resource_server_url=AnyHttpUrl(f"{url}{MCP_PATH}"), validate_token_resource=False)


class _StdinLines:
    """The protocol's input lines, read from fd 0 by a daemon thread.

    The SDK reads stdin in a worker thread that cannot be interrupted, so a server
    stopped by a signal would hang until the client closed the pipe; a daemon thread
    ends with the process. Like the SDK, fd 0 is pointed at the null device while
    serving, so a tool reading stdin cannot steal protocol bytes."""

    def __init__(self) -> None:
        import asyncio

        import anyio

        self._send, self._receive = anyio.create_memory_object_stream[Optional[str]](16)
        self._loop = asyncio.get_running_loop()  # the CLI runs anyio on asyncio
        self._wire = os.dup(0)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        threading.Thread(target=self._pump, name="tool2schema stdin", daemon=True).start()

    def _pump(self) -> None:
        import asyncio

        try:
            with open(self._wire, encoding="utf-8", errors="replace", closefd=False) as wire:
                for line in wire:
                    asyncio.run_coroutine_threadsafe(self._send.send(line), self._loop).result()
            asyncio.run_coroutine_threadsafe(self._send.send(None), self._loop).result()
        except Exception:  # noqa: BLE001 - the loop is gone (server stopped): nothing to deliver to
            return

    def restore(self) -> None:
        with contextlib.suppress(OSError):
            os.dup2(self._wire, 0)

    def __aiter__(self) -> _StdinLines:
        return self

    async def __anext__(self) -> str:
        import anyio

        try:
            line = await self._receive.receive()
        except anyio.EndOfStream:
            line = None
        if line is None:
            raise StopAsyncIteration
        return line


async def _serve_stdio(server: Server[Any]) -> None:
    import anyio
    from mcp.server.stdio import stdio_server

    stdin = _StdinLines()
    try:
        async with anyio.create_task_group() as tg:

            async def stop_on_signal(*, task_status: Any = anyio.TASK_STATUS_IGNORED) -> None:
                if sys.platform == "win32":  # no signal receivers there: Ctrl-C raises KeyboardInterrupt
                    task_status.started()
                    return
                with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
                    task_status.started()
                    if _STOP.is_set():
                        tg.cancel_scope.cancel()
                        return
                    async for _ in signals:
                        tg.cancel_scope.cancel()
                        return

            async def run() -> None:
                stream: Any = stdin
                async with stdio_server(stdin=stream) as (read_stream, write_stream):
                    await server.run(read_stream, write_stream, server.create_initialization_options())
                tg.cancel_scope.cancel()

            await tg.start(stop_on_signal)
            tg.start_soon(run)
    finally:
        stdin.restore()


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port); ``OSError`` says why not."""
    bare = _strip_brackets(host)
    infos = socket.getaddrinfo(bare or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _canon, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and bare == "::":
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(128)
        sock.set_inheritable(True)
    except BaseException:
        sock.close()
        raise
    return sock


def _serve_http(app: Any, sock: socket.socket) -> None:
    import uvicorn

    class _Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                if _STOP.is_set():  # a SIGTERM came before these handlers were installed
                    self.should_exit = True
                yield

        def handle_exit(self, sig: int, frame: Any) -> None:
            # uvicorn re-raises a caught SIGTERM/SIGINT after its graceful shutdown, which
            # would end the process with "killed by signal"; a requested stop is a clean exit.
            if self.should_exit and sig == signal.SIGINT:
                self.force_exit = True
            else:
                self.should_exit = True

    config = uvicorn.Config(_completing(app), log_level="warning", timeout_graceful_shutdown=3, lifespan="on")
    _Server(config).run(sockets=[sock])


def _completing(app: Any) -> Any:
    """``app``, with every HTTP response it started finished: when the server stops, the
    SDK's event streams (a session's standalone GET stream) end without their closing
    chunk, and uvicorn would log "ASGI callable returned without completing response";
    the stream is over either way, so it is closed properly here."""

    async def run(scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "http":
            await app(scope, receive, send)
            return
        state = {"started": False, "finished": False}

        async def tracked(message: Any) -> None:
            if message["type"] == "http.response.start":
                state["started"] = True
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                state["finished"] = True
            await send(message)

        await app(scope, receive, tracked)
        if state["started"] and not state["finished"]:
            with contextlib.suppress(Exception):  # the client may be gone already
                await send({"type": "http.response.body", "body": b"", "more_body": False})

    return run


# -- command line -----------------------------------------------------------------------


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0-65535)")
    return port


def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``serve`` on the CLI's subparsers."""
    serve = subparsers.add_parser(
        "serve",
        help="serve a module's tools over MCP (stdio or streamable HTTP)",
        description=f"Serve every tool of a module over the Model Context Protocol. Needs the mcp extra: {INSTALL_HINT}",
    )
    serve.add_argument("module", help="dotted module name or path to a .py file")
    serve.add_argument("--tag", "-t", default=None, help="only tools with this tag")
    serve.add_argument("--transport", choices=["stdio", "http"], default="stdio", help="stdio (default) or streamable HTTP at /mcp")
    serve.add_argument("--host", default="127.0.0.1", help="HTTP: address to bind (default 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=_port, default=8000, help="HTTP: port to bind (default 8000; 0 picks a free one)")
    serve.add_argument("--name", default=None, help="server name announced to clients (default: the module's name)")
    serve.add_argument(
        "--auth-token-env", default=None, metavar="VAR",
        help="HTTP: require 'Authorization: Bearer <token>', the token read from environment variable VAR (never from the command line)",
    )
    serve.add_argument(
        "--no-auth", action="store_true",
        help="HTTP: allow listening beyond this machine (--host) without authentication; anyone who can reach the port runs the tools",
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="HOST",
        help="HTTP: another Host name clients may use (e.g. behind a proxy); repeatable",
    )
    return serve  # type: ignore[no-any-return]


_STOP = threading.Event()
"""Set by a SIGTERM that arrives before the transport's own signal handling is in place."""


def _early_stop(signum: int, frame: Any) -> None:
    _STOP.set()


def _say(message: str) -> None:
    print(f"tool2schema: {message}", file=sys.stderr, flush=True)


def run_serve(args: argparse.Namespace, registry: ToolRegistry) -> int:
    """Run ``tool2schema serve`` for the tools of ``args.module`` (``registry``, loaded by
    the command line); the exit status (0 after a requested stop, 1 when the port or the
    ``mcp`` extra is not usable: nothing is served then)."""
    token: Optional[str] = None
    if args.transport == "http" and args.auth_token_env:
        token = os.environ.get(args.auth_token_env)
        if not token:
            _say(f"--auth-token-env {args.auth_token_env}: that environment variable is not set or empty")
            return 2
    if args.transport == "http" and token is None and _strip_brackets(args.host) not in LOCAL_HOSTS:
        if not args.no_auth:
            _say(
                f"refusing to listen on {args.host}, beyond this machine, without authentication: anyone who can reach "
                "the port would run these tools with your permissions. Pass --auth-token-env VAR, or --no-auth to accept that"
            )
            return 2
        _say(f"warning: listening on {args.host} with no authentication (--no-auth): anyone who can reach the port can run these tools")
    sock: Optional[socket.socket] = None
    previous: Any = None
    if args.transport == "http":
        try:
            sock = _bind(args.host, args.port)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                _say(f"port {args.port} is already in use on {args.host}; pick another with --port")
            else:
                _say(f"cannot listen on {args.host} port {args.port}: {exc.strerror or exc}")
            return 1
    try:
        try:
            server = build_server(registry, name=args.name or os.path.basename(args.module).removesuffix(".py").rpartition(".")[2])
        except MCPNotInstalledError as exc:
            _say(str(exc))
            return 1
        count = f"{len(registry)} tool{'s' if len(registry) != 1 else ''}"
        if threading.current_thread() is threading.main_thread():
            # until the transport installs its own handlers, remember a SIGTERM (and stop as soon as it starts)
            previous = signal.signal(signal.SIGTERM, _early_stop)
        if sock is None:
            _say(f"serving {count} from {args.module!r} over stdio")
            import anyio

            with contextlib.suppress(KeyboardInterrupt):
                anyio.run(_serve_stdio, server)
            _say("stopped")
            return 0
        bound_host, bound_port = sock.getsockname()[:2]
        shown = f"[{bound_host}]" if ":" in str(bound_host) else bound_host
        bearer = None if token is None else BearerToken(token)
        app = http_app(
            server, host=args.host, allowed_hosts=tuple(args.allow_host),
            token_verifier=bearer, auth=None if bearer is None else BearerToken.settings(f"http://{shown}:{bound_port}"),
        )
        _say(f"serving {count} from {args.module!r} over streamable HTTP at http://{shown}:{bound_port}{MCP_PATH} (Ctrl-C to stop)")
        with contextlib.suppress(KeyboardInterrupt):
            _serve_http(app, sock)
        _say("stopped")
        return 0
    finally:
        if sock is not None:
            sock.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
