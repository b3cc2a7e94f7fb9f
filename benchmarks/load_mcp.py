"""Load test of `tool2schema serve` with the official `mcp` client (not part of the test suite).

    python benchmarks/load_mcp.py [--sessions 50] [--calls 200] [--rounds 3] [--stdio-calls 2000]

Streamable HTTP on 127.0.0.1 (a free port): ``--rounds`` rounds of ``--sessions``
concurrent client sessions making ``--calls`` calls each, a quarter each of: a sync tool,
an async tool, invalid arguments, a tool that raises. Every result is checked against
the call that asked for it (the sum or product of its own arguments, its own error).
Printed per round: calls, failures (a call that raised in the client or got a wrong
result), p50 and p99 latency, and the server's resident memory before and after. Then
a SIGTERM while the sessions are calling: every call that had started is answered, the
server exits 0. Then stdio: one session, ``--stdio-calls`` calls. Loopback only, every
loop bounded: it stops by itself.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parent.parent
TOOLS = str(Path(__file__).resolve().parent / "load_tools.py")
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def one_call(client: Any, i: int) -> tuple[bool, float]:
    """Call number ``i`` of a session; (its answer was the right one, seconds)."""
    kind = i % 4
    a, b = i, i % 7 + 1
    start = time.perf_counter()
    if kind == 0:
        result = await client.call_tool("add", {"a": a, "b": b})
        ok = not result.is_error and result.content[0].text == str(a + b)
    elif kind == 1:
        result = await client.call_tool("multiply", {"a": a, "b": b})
        ok = not result.is_error and result.content[0].text == str(a * b)
    elif kind == 2:
        result = await client.call_tool("add", {"a": f"not-a-number-{i}", "b": b})
        ok = bool(result.is_error) and f"not-a-number-{i}" in result.content[0].text
    else:
        result = await client.call_tool("fail", {"reason": f"reason-{i}"})
        ok = bool(result.is_error) and f"RuntimeError: reason-{i}" in result.content[0].text
    return ok, time.perf_counter() - start


async def session(url: str, calls: int, latencies: list[float], failures: list[str], stop_after: float = 0.0) -> None:
    try:
        async with Client(url) as client:
            for i in range(calls):
                ok, seconds = await one_call(client, i)
                latencies.append(seconds)
                if not ok:
                    failures.append(f"call {i}: wrong answer")
    except Exception as exc:  # noqa: BLE001 - counted
        failures.append(f"{type(exc).__name__}: {exc}")


async def round_(url: str, sessions: int, calls: int) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    failures: list[str] = []
    async with anyio.create_task_group() as tg:
        for _ in range(sessions):
            tg.start_soon(session, url, calls, latencies, failures)
    return latencies, failures


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else float("nan")


def serve_http(port: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tool2schema", "serve", TOOLS, "--transport", "http", "--port", str(port)],
        cwd=ROOT, env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    assert f":{port}/mcp" in line, line
    return proc


def http_rounds(args: argparse.Namespace) -> None:
    port = free_port()
    proc = serve_http(port)
    url = f"http://127.0.0.1:{port}/mcp"
    print(f"## streamable HTTP: {args.sessions} sessions x {args.calls} calls, {args.rounds} rounds\n")
    print("| round | calls | failures | p50 | p99 | server RSS before | after |\n|---|---|---|---|---|---|---|")
    try:
        for r in range(1, args.rounds + 1):
            before = rss_mib(proc.pid)
            start = time.perf_counter()
            latencies, failures = anyio.run(round_, url, args.sessions, args.calls)
            elapsed = time.perf_counter() - start
            after = rss_mib(proc.pid)
            print(f"| {r} | {len(latencies)} ({len(latencies) / elapsed:.0f}/s) | {len(failures)} | "
                  f"{percentile(latencies, 50) * 1e3:.1f} ms | {percentile(latencies, 99) * 1e3:.1f} ms | {before:.1f} MiB | {after:.1f} MiB |")
            for f in failures[:3]:
                print(f"  - {f}", file=sys.stderr)
    finally:
        proc.kill()
        proc.wait(10)


def sigterm_mid_round(args: argparse.Namespace) -> None:
    """SIGTERM while every session is calling: the calls that started are answered."""
    port = free_port()
    proc = serve_http(port)
    url = f"http://127.0.0.1:{port}/mcp"
    stop_at: list[float] = []
    answered: list[float] = []
    lost: list[str] = []  # calls that started before the SIGTERM and got no answer
    refused: list[float] = []  # calls that started after it (the server was going away)

    async def caller(n: int) -> None:
        async with Client(url) as client:
            for i in range(args.calls):
                start = time.monotonic()
                try:
                    ok, _ = await one_call(client, i)
                except Exception as exc:  # noqa: BLE001 - counted below
                    if stop_at and start >= stop_at[0]:
                        refused.append(start)
                    else:
                        lost.append(f"{type(exc).__name__}: {exc}")
                    return
                if not ok:
                    lost.append(f"call {i}: wrong answer")
                answered.append(start)

    async def guarded(n: int) -> None:
        try:
            await caller(n)
        except Exception:  # noqa: BLE001 - closing a session whose server is gone
            pass

    async def go() -> None:
        async with anyio.create_task_group() as tg:
            for n in range(args.sessions):
                tg.start_soon(guarded, n)
            await anyio.sleep(1.0)
            stop_at.append(time.monotonic())
            proc.send_signal(signal.SIGTERM)

    anyio.run(go)
    code = proc.wait(30)
    err = proc.stderr.read() if proc.stderr else ""
    before = sum(1 for t in answered if t < stop_at[0])
    print("\n## SIGTERM during a round\n")
    print(f"calls answered {len(answered)} ({before} started before the SIGTERM, {len(answered) - before} after it, while draining); "
          f"started before it and never answered: {len(lost)}; started after the server stopped accepting: {len(refused)}; "
          f"server exit status {code}; server stderr after the stop: {err.strip()!r}")
    for f in lost[:3]:
        print(f"  - {f}", file=sys.stderr)


def stdio_run(args: argparse.Namespace) -> None:
    params = StdioServerParameters(command=sys.executable, args=["-m", "tool2schema", "serve", TOOLS], env=ENV, cwd=str(ROOT))
    latencies: list[float] = []
    failures: list[str] = []

    async def go() -> None:
        async with Client(params) as client:
            for i in range(args.stdio_calls):
                ok, seconds = await one_call(client, i)
                latencies.append(seconds)
                if not ok:
                    failures.append(f"call {i}")

    start = time.perf_counter()
    anyio.run(go)
    elapsed = time.perf_counter() - start
    print(f"\n## stdio: 1 session x {args.stdio_calls} calls\n")
    print(f"calls {len(latencies)} ({len(latencies) / elapsed:.0f}/s), failures {len(failures)}, "
          f"p50 {percentile(latencies, 50) * 1e3:.2f} ms, p99 {percentile(latencies, 99) * 1e3:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--stdio-calls", type=int, default=2000)
    args = parser.parse_args()
    http_rounds(args)
    sigterm_mid_round(args)
    stdio_run(args)


if __name__ == "__main__":
    main()
