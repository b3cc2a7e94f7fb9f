"""Serving tools over MCP, checked with the official ``mcp`` client only: in memory
(the SDK's in-process connection, both protocol eras), over stdio (the CLI as a
subprocess) and over streamable HTTP (the CLI as a subprocess on 127.0.0.1)."""

from __future__ import annotations

import http.client
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Iterator
from pathlib import Path
from typing import Any, Callable, TypeVar
from urllib.parse import urlsplit

import anyio
import jsonschema
import pytest
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

from tool2schema import ToolRegistry
from tool2schema.cli import main
from tool2schema.serve import INSTALL_HINT, transport_security

from . import mcp_tools

ROOT = Path(__file__).resolve().parent.parent
TOOLS_PATH = "tests/mcp_tools.py"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
MODES = ["auto", "legacy"]  # 2026-07-28 direct dispatch, and the JSON-RPC handshake era

T = TypeVar("T")


def run(fn: Callable[[], Awaitable[T]]) -> T:
    return anyio.run(fn)


@pytest.fixture(scope="module")
def registry() -> ToolRegistry:
    return ToolRegistry.from_module(mcp_tools)


def text(result: CallToolResult) -> str:
    assert len(result.content) == 1 and result.content[0].type == "text"
    return result.content[0].text


def listed(tools: Any) -> list[dict[str, Any]]:
    return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools]


def assert_listing(got: list[dict[str, Any]], expected: list[dict[str, Any]]) -> None:
    """Same tools, same order, same fields; only fields the protocol adds may be extra."""
    assert [t["name"] for t in got] == [t["name"] for t in expected]
    for g, e in zip(got, expected, strict=True):
        assert {k: g[k] for k in e} == json.loads(json.dumps(e))
        assert set(g) - set(e) <= {"title", "annotations", "icons", "execution", "_meta"}


def deep(levels: int) -> dict[str, Any]:
    root: dict[str, Any] = {}
    node = root
    for _ in range(levels):
        node["a"] = {}
        node = node["a"]
    return root


def expected_text(registry: ToolRegistry, name: str, arguments: Any, context: Any = None) -> str:
    """What the registry's own dispatch tells the model for this call."""
    return registry.dispatch({"name": name, "arguments": arguments}, context=context).content


HOSTILE: list[tuple[str, Any]] = [
    ("add", {"a": deep(250), "b": 1}),  # as deep as the client can serialize (the wire test sends 10,000)
    ("add", {"a": "x" * 2_000_000, "b": 1}),
    ("slow_echo", {"text": "y" * 2_000_000}),
    ("add", {"a": [1, 2], "b": {"c": None}}),
    ("forecast", {"city": 42, "days": "many"}),
    ("add", {}),
    ("no_such_tool", {"a": 1}),
    ("", {}),
    ("x" * 10_000, {"a": 1}),
]


# -- in memory -----------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_in_memory_list_and_calls(registry: ToolRegistry, mode: str) -> None:
    async def go() -> None:
        async with Client(registry.mcp_server(name="test-tools"), mode=mode) as client:
            assert client.server_info is not None and client.server_info.name == "test-tools"
            assert_listing(listed((await client.list_tools()).tools), registry.schemas("mcp"))

            ok = await client.call_tool("add", {"a": 2, "b": 40})
            assert ok.is_error is False and text(ok) == "42"

            # structured result: structuredContent matches outputSchema and the function's value
            out = await client.call_tool("forecast", {"city": "Quito", "days": 2})
            schema = registry["forecast"].to_json("mcp")["outputSchema"]
            jsonschema.validate(out.structured_content, schema)
            assert out.structured_content == mcp_tools.forecast(city="Quito", days=2).model_dump()
            assert json.loads(text(out)) == out.structured_content

            # invalid arguments: the registry's retry text, naming the field
            bad = await client.call_tool("add", {"a": "not a number", "b": 1})
            assert bad.is_error is True
            assert text(bad) == expected_text(registry, "add", {"a": "not a number", "b": 1})
            assert "'a'" in text(bad) and "Call the tool again" in text(bad)
            limits = await client.call_tool("forecast", {"city": "Quito", "days": 99})
            assert limits.is_error is True and "'days'" in text(limits)

            unknown = await client.call_tool("ad", {"a": 1, "b": 2})
            assert unknown.is_error is True
            assert text(unknown) == expected_text(registry, "ad", {"a": 1, "b": 2})
            assert "Unknown tool 'ad'" in text(unknown) and "'add'" in text(unknown)

            raised = await client.call_tool("explode", {"reason": "boom"})
            assert raised.is_error is True
            assert "RuntimeError: boom" in text(raised) and "Traceback" not in text(raised)

            # a return value that contradicts the declared outputSchema: an error result, not a client crash
            broken = await client.call_tool("broken_forecast", {"city": "Quito"})
            assert broken.is_error is True and "outputSchema" in text(broken)

            no_args = await client.call_tool("add")
            assert no_args.is_error is True and "'a'" in text(no_args)

    run(go)


def test_in_memory_traceback_only_when_asked() -> None:
    async def go() -> None:
        verbose = ToolRegistry.from_module(mcp_tools, include_traceback=True)
        async with Client(verbose.mcp_server()) as client:
            raised = await client.call_tool("explode", {"reason": "boom"})
            assert raised.is_error is True and "Traceback" in text(raised)

    run(go)


@pytest.mark.parametrize("mode", MODES)
def test_sync_tools_run_off_the_loop_and_calls_overlap(registry: ToolRegistry, mode: str) -> None:
    walls: dict[str, float] = {}

    async def go() -> None:
        async with Client(registry.mcp_server(), mode=mode) as client:
            for name in ("slow_echo", "async_echo"):
                results: dict[int, str] = {}

                async def one(i: int, name: str = name, results: dict[int, str] = results) -> None:
                    results[i] = text(await client.call_tool(name, {"text": f"call {i}"}))

                start = time.perf_counter()
                async with anyio.create_task_group() as tg:
                    for i in range(5):
                        tg.start_soon(one, i)
                walls[name] = time.perf_counter() - start
                assert results == {i: f"call {i}" for i in range(5)}

    run(go)
    # five 0.3 s calls one after the other would take 1.5 s
    assert walls["slow_echo"] < 0.9, walls
    assert walls["async_echo"] < 0.9, walls


@pytest.mark.parametrize("mode", MODES)
def test_hostile_calls_are_error_results_and_the_server_keeps_answering(registry: ToolRegistry, mode: str) -> None:
    async def go() -> None:
        async with Client(registry.mcp_server(), mode=mode) as client:
            for name, arguments in HOSTILE:
                result = await client.call_tool(name, arguments)
                assert result.is_error is True, (name, text(result)[:200])
                assert len(text(result)) < 2_000, "error text must not echo megabytes back"
                assert "Traceback" not in text(result)
            assert text(await client.call_tool("add", {"a": 1, "b": 1})) == "2"

    run(go)


def test_injected_context_mapping_and_callables(registry: ToolRegistry) -> None:
    calls: list[Any] = []

    def from_request(request_context: Any) -> dict[str, Any]:
        calls.append(request_context)
        meta = request_context.meta or {}
        return {"user": meta.get("user", "anonymous"), "tenant": meta.get("tenant")}

    def no_argument() -> dict[str, str]:
        calls.append(None)
        return {"user": "service"}

    async def async_provider(request_context: Any) -> dict[str, str]:
        return {"user": "async-user"}

    async def go() -> None:
        async with Client(registry.mcp_server(context={"user": "bob"})) as client:
            assert text(await client.call_tool("whoami", {"greeting": "Hi"})) == "Hi, bob"
            # the model cannot set an injected parameter by sending it
            forged = await client.call_tool("whoami", {"greeting": "Hi", "user": "mallory"})
            assert text(forged) == "Hi, bob"
            assert "user" not in json.dumps(registry["whoami"].to_json("mcp")["inputSchema"]["properties"])

        async with Client(registry.mcp_server(context=from_request)) as client:
            r = await client.call_tool("whoami", {"greeting": "Hello"}, meta={"user": "alice", "tenant": "acme"})
            assert text(r) == "Hello, alice of acme"
            r = await client.call_tool("whoami", {"greeting": "Hello"})
            assert text(r) == "Hello, anonymous"
            assert len(calls) == 2 and all(c is not None and c.method == "tools/call" for c in calls)

        calls.clear()
        async with Client(registry.mcp_server(context=no_argument)) as client:
            assert text(await client.call_tool("whoami", {"greeting": "Hey"})) == "Hey, service"
            assert text(await client.call_tool("add", {"a": 1, "b": 2})) == "3"
            assert calls == [None, None]  # once per tool call

        async with Client(registry.mcp_server(context=async_provider)) as client:
            assert text(await client.call_tool("whoami", {"greeting": "Yo"})) == "Yo, async-user"

        async with Client(registry.mcp_server()) as client:
            missing = await client.call_tool("whoami", {"greeting": "Hi"})
            assert missing.is_error is True
            assert text(missing) == expected_text(registry, "whoami", {"greeting": "Hi"})
            assert "'user'" in text(missing)

        def broken() -> dict[str, str]:
            raise LookupError("no session")

        async with Client(registry.mcp_server(context=broken)) as client:
            failed = await client.call_tool("whoami", {"greeting": "Hi"})
            assert failed.is_error is True and "LookupError: no session" in text(failed)

    run(go)


@pytest.mark.parametrize("bind", ["127.0.0.1", "0.0.0.0", "::", "192.168.1.10", "example.internal"])
def test_dns_rebinding_protection_is_on_for_every_bind(bind: str) -> None:
    from mcp.server.transport_security import TransportSecurityMiddleware
    from starlette.requests import Request

    middleware = TransportSecurityMiddleware(transport_security(bind, allowed_hosts=("proxy.example",)))

    def status(host: str, origin: str | None = None) -> int:
        headers = [(b"host", host.encode()), (b"content-type", b"application/json")]
        if origin:
            headers.append((b"origin", origin.encode()))
        request = Request({"type": "http", "method": "POST", "path": "/mcp", "headers": headers})
        response = anyio.run(middleware.validate_request, request, True)
        return 200 if response is None else response.status_code

    assert status("attacker.example:8000") == 421
    assert status("attacker.example") == 421
    assert status("127.0.0.1:8000") == 200 and status("localhost:8000") == 200 and status("[::1]:8000") == 200
    assert status("proxy.example") == 200
    if bind not in ("0.0.0.0", "::"):
        assert status(f"[{bind}]:8000" if ":" in bind else f"{bind}:8000") == 200
    assert status("127.0.0.1:8000", origin="http://attacker.example") == 403
    assert status("127.0.0.1:8000", origin="http://localhost:3000") == 200


# -- command line: errors before any transport starts ----------------------------------------


def test_bad_modules_exit_1_naming_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "no_such_module_xyz"]) == 1
    assert "cannot import 'no_such_module_xyz'" in capsys.readouterr().err
    assert main(["serve", "tests/no_such_file.py"]) == 1
    assert "cannot import 'tests/no_such_file.py'" in capsys.readouterr().err
    assert main(["serve", "json"]) == 1  # imports fine, defines no tools
    assert "no tools found in 'json'" in capsys.readouterr().err
    assert main(["serve", TOOLS_PATH, "--tag", "nosuchtag", "--transport", "http"]) == 1
    err = capsys.readouterr().err
    assert "no tools tagged 'nosuchtag'" in err and TOOLS_PATH in err


def test_port_in_use_exits_1_naming_the_port(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", TOOLS_PATH, "--transport", "http", "--port", str(port)]) == 1
    assert f"port {port} is already in use" in capsys.readouterr().err


def test_without_the_extra_the_message_names_it() -> None:
    script = """
import json, sys
import tool2schema, tool2schema.registry, tool2schema.cli, tool2schema.serve
core_imported_mcp = any(m == "mcp" or m.startswith("mcp.") for m in sys.modules)
sys.modules["mcp"] = None  # as if the extra were not installed
from tool2schema import ToolRegistry
from tests import mcp_tools
try:
    ToolRegistry.from_module(mcp_tools).mcp_server()
    raised = None
except ImportError as exc:
    raised = str(exc)
code = tool2schema.cli.main(["serve", "tests/mcp_tools.py"])
print(json.dumps({"core_imported_mcp": core_imported_mcp, "raised": raised, "code": code}))
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=30)
    report = json.loads(done.stdout)
    assert report["core_imported_mcp"] is False
    assert report["raised"] is not None and INSTALL_HINT in report["raised"]
    assert report["code"] == 1 and INSTALL_HINT in done.stderr
    assert INSTALL_HINT == 'pip install "tool2schema[mcp]"'


# -- stdio -----------------------------------------------------------------------------------------


def test_stdio_subprocess_with_tag() -> None:
    demo = ToolRegistry.from_module(mcp_tools, tag="demo")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "tool2schema", "serve", "tests.mcp_tools", "--tag", "demo"], env=ENV, cwd=str(ROOT)
    )

    async def go() -> None:
        async with Client(params) as client:
            listing = listed((await client.list_tools()).tools)
            assert_listing(listing, demo.schemas("mcp"))
            assert [t["name"] for t in listing] == ["add", "forecast"]  # --tag filtered the others out
            assert text(await client.call_tool("add", {"a": 20, "b": 22})) == "42"
            bad = await client.call_tool("add", {"a": 1})
            assert bad.is_error is True and text(bad) == expected_text(demo, "add", {"a": 1})
            out = await client.call_tool("forecast", {"city": "Lima"})
            assert out.structured_content == mcp_tools.forecast(city="Lima").model_dump()
            filtered = await client.call_tool("slow_echo", {"text": "hi"})
            assert filtered.is_error is True and "Unknown tool 'slow_echo'" in text(filtered)
            for name, arguments in HOSTILE[1:]:
                assert (await client.call_tool(name, arguments)).is_error is True
            assert text(await client.call_tool("add", {"a": 1, "b": 1})) == "2"

    run(go)


# -- streamable HTTP ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def first_line(proc: subprocess.Popen[str]) -> str:
    assert proc.stderr is not None
    ready, _, _ = select.select([proc.stderr], [], [], 30)
    return proc.stderr.readline() if ready else ""


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, Any]]:
    """The CLI serving over HTTP, and over stdio with its input left open; started together."""
    port = free_port()
    common: dict[str, Any] = {"cwd": ROOT, "env": ENV, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True}
    http = subprocess.Popen(
        [sys.executable, "-m", "tool2schema", "serve", TOOLS_PATH, "--transport", "http", "--port", str(port)],
        stdin=subprocess.DEVNULL,
        **common,
    )
    stdio = subprocess.Popen([sys.executable, "-m", "tool2schema", "serve", TOOLS_PATH], stdin=subprocess.PIPE, **common)
    try:
        http_line, stdio_line = first_line(http), first_line(stdio)
        url = f"http://127.0.0.1:{port}/mcp"
        assert url in http_line, http_line
        assert "over stdio" in stdio_line, stdio_line
        yield {"url": url, "http": http, "stdio": stdio}
    finally:
        for proc in (http, stdio):
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)


@pytest.fixture(scope="module")
def http_server(servers: dict[str, Any]) -> tuple[str, subprocess.Popen[str]]:
    return servers["url"], servers["http"]


def test_http_serves_lists_and_calls(registry: ToolRegistry, http_server: tuple[str, Any]) -> None:
    url, _ = http_server

    async def go() -> None:
        for mode in MODES:
            async with Client(url, mode=mode) as client:
                assert_listing(listed((await client.list_tools()).tools), registry.schemas("mcp"))
                assert text(await client.call_tool("add", {"a": 2, "b": 3})) == "5"
                out = await client.call_tool("forecast", {"city": "Bogotá", "days": 1})
                assert out.structured_content == mcp_tools.forecast(city="Bogotá", days=1).model_dump()
                raised = await client.call_tool("explode", {"reason": "kaput"})
                assert raised.is_error is True and "kaput" in text(raised)

                start = time.perf_counter()
                async with anyio.create_task_group() as tg:
                    for i in range(5):
                        tg.start_soon(client.call_tool, "slow_echo", {"text": str(i)})
                assert time.perf_counter() - start < 0.9

    run(go)


def raw_post(url: str, body: str, **headers: str) -> int:
    """POST raw bytes (what a hostile peer or a browser page sends); the status code."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    try:
        conn.request(
            "POST",
            parts.path,
            body.encode(),
            {"content-type": "application/json", "accept": "application/json, text/event-stream", **headers},
        )
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_http_hostile_traffic_and_dns_rebinding(http_server: tuple[str, Any]) -> None:
    url, _ = http_server
    # 10,000 levels of nesting: no client library serializes that, so send the bytes as an attacker would
    nested = (
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":' + "[" * 10_000 + "]" * 10_000 + ',"b":1}}}'
    )
    assert raw_post(url, nested) in (400, 413, 422)
    # DNS rebinding: a rebound host name, or a page on another origin, is refused
    assert raw_post(url, "{}", host="attacker.example") == 421
    assert raw_post(url, "{}", origin="http://attacker.example") == 403

    async def go() -> None:
        async with Client(url) as client:
            for name, arguments in HOSTILE:
                assert (await client.call_tool(name, arguments)).is_error is True
            assert text(await client.call_tool("add", {"a": 1, "b": 1})) == "2"

    run(go)


def test_http_sigterm_exits_cleanly(http_server: tuple[str, subprocess.Popen[str]]) -> None:
    _, proc = http_server
    assert proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(10) == 0
    assert proc.stderr is not None
    assert "stopped" in proc.stderr.read()


def test_stdio_sigterm_exits_cleanly(servers: dict[str, Any]) -> None:
    proc = servers["stdio"]
    assert proc.poll() is None  # its input is still open: the signal, not end of input, stops it
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(10) == 0
    assert "stopped" in proc.stderr.read()


# -- who may call the tools: bearer-token authentication (the SDK's own auth support) ----------


def test_http_with_a_bearer_token_admits_only_its_holder() -> None:
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    port = free_port()
    token = "s3cret-" + os.urandom(8).hex()
    env = {**ENV, "T2S_TEST_TOKEN": token}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tool2schema", "serve", TOOLS_PATH, "--transport", "http", "--port", str(port), "--auth-token-env", "T2S_TEST_TOKEN"],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        line = first_line(proc)
        url = f"http://127.0.0.1:{port}/mcp"
        assert url in line, line
        assert token not in " ".join(proc.args)  # the token never is on the command line

        # no token, a wrong token: 401 with the WWW-Authenticate header the MCP authorization spec prescribes
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}})
        for headers in ({}, {"Authorization": "Bearer wrong"}):
            parts = urlsplit(url)
            conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
            conn.request("POST", parts.path, body.encode(), {"content-type": "application/json", "accept": "application/json, text/event-stream", **headers})
            response = conn.getresponse()
            challenge = response.getheader("WWW-Authenticate") or ""
            conn.close()
            assert response.status == 401, headers
            assert challenge.startswith("Bearer ") and "resource_metadata=" in challenge, challenge
        metadata = json.loads(subprocess.run(
            [sys.executable, "-c", f"import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp').read().decode())"],
            capture_output=True, text=True, timeout=30,
        ).stdout)
        assert metadata["resource"] == url

        async def go(auth: dict[str, str]) -> list[str]:
            async with Client(streamable_http_client(url, http_client=create_mcp_http_client(headers=auth))) as client:
                return [t.name for t in (await client.list_tools()).tools]

        assert "add" in run(lambda: go({"Authorization": f"Bearer {token}"}))
        with pytest.raises(Exception):  # noqa: B017 - the client's own error for a 401, whatever its type
            run(lambda: go({"Authorization": "Bearer wrong"}))
    finally:
        proc.kill()
        proc.wait(5)


def test_beyond_loopback_needs_auth_or_an_explicit_no_auth(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", TOOLS_PATH, "--transport", "http", "--host", "0.0.0.0", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "refusing to listen on 0.0.0.0" in err and "--auth-token-env" in err and "--no-auth" in err
    os.environ.pop("T2S_UNSET_TOKEN", None)
    assert main(["serve", TOOLS_PATH, "--transport", "http", "--auth-token-env", "T2S_UNSET_TOKEN"]) == 2
    assert "T2S_UNSET_TOKEN" in capsys.readouterr().err


def test_bearer_token_compares_in_constant_time_and_refuses_an_empty_secret() -> None:
    import inspect as inspect_module

    from tool2schema.serve import BearerToken

    assert "compare_digest" in inspect_module.getsource(BearerToken.verify_token)
    verifier = BearerToken("abc")
    assert anyio.run(verifier.verify_token, "abc") is not None
    assert anyio.run(verifier.verify_token, "abd") is None and anyio.run(verifier.verify_token, "") is None
    with pytest.raises(ValueError):
        BearerToken("")


def test_stopping_with_open_sessions_drains_calls_and_logs_nothing() -> None:
    """SIGTERM while a legacy-mode client holds its session (and its standalone event
    stream) open and a call is in flight: the call is answered, the exit is clean, and
    uvicorn logs no "ASGI callable returned without completing response"."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tool2schema", "serve", TOOLS_PATH, "--transport", "http", "--port", str(port)],
        cwd=ROOT, env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    answers: list[str] = []
    try:
        assert f":{port}/mcp" in first_line(proc)

        async def go() -> None:
            async with Client(f"http://127.0.0.1:{port}/mcp", mode="legacy") as client:
                await client.list_tools()

                async def in_flight() -> None:
                    answers.append(text(await client.call_tool("slow_echo", {"text": "drained"})))

                async with anyio.create_task_group() as tg:
                    tg.start_soon(in_flight)
                    await anyio.sleep(0.1)
                    proc.send_signal(signal.SIGTERM)
                    await anyio.sleep(1.5)

        run(go)  # (closing the session then finds the server gone: the client logs a warning)
        assert proc.wait(15) == 0
        assert answers == ["drained"]
        err = proc.stderr.read() if proc.stderr else ""
        assert "ASGI callable" not in err and "ERROR" not in err, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
