"""Per-call cost of ``ToolRegistry.dispatch`` in every call shape, as a ratio to a bare loop.

    python benchmarks/dispatch_shapes.py [--reps 3000] [--rounds 7]

The benchmark's small tool (two parameters) and large tool (an order of 30 fields, a
nested address and ten items: benchmarks/gen.py), called in each provider's dict shape
and, when its SDK is installed, as the SDK's own object. The floor is the bare loop a
user would write without tool2schema: the arguments model's
``__pydantic_validator__.validate_json(text)`` and ``f(**model.__dict__)``, measured in
the same process and round. Each shape is measured in rounds interleaved with the
floor; the best of ``--rounds`` × ``--reps`` calls is kept for each, and the ratio of
the two is printed with the goal beside it (shapes that carry JSON text: 1.5× small,
1.2× large; shapes that carry parsed arguments: 2.0× / 1.5×). Every call is checked to
return the tool's value first.
"""

from __future__ import annotations

import argparse
import json
import sys
import timeit
import types
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import gen  # noqa: E402

from tool2schema import ToolRegistry, tool  # noqa: E402

GOALS = {"text": (1.5, 1.2), "parsed": (2.0, 1.5)}


def bench_module() -> types.ModuleType:
    """``small_tool``, ``large_tool`` and their calls, as benchmarks/run.py generates them."""
    module = types.ModuleType("bench_dispatch_shapes")
    exec(compile(gen.generate(0), "bench_dispatch_shapes", "exec"), module.__dict__)  # noqa: S102 - our own generated code
    sys.modules[module.__name__] = module
    return module


def shapes(name: str, text: str) -> dict[str, tuple[str, Callable[[], Any]]]:
    """Every call shape of one call: (kind of arguments, a function that builds it)."""
    args = json.loads(text)

    def openai_chat() -> Any:
        from openai.types.chat import ChatCompletionMessageToolCall

        return ChatCompletionMessageToolCall(id="c1", type="function", function={"name": name, "arguments": text})

    def openai_responses() -> Any:
        from openai.types.responses import ResponseFunctionToolCall

        return ResponseFunctionToolCall(type="function_call", call_id="c1", name=name, arguments=text)

    def anthropic_block() -> Any:
        from anthropic.types import ToolUseBlock

        return ToolUseBlock(type="tool_use", id="t1", name=name, input=json.loads(text))

    def genai_call() -> Any:
        from google.genai import types as genai

        return genai.FunctionCall(id="g1", name=name, args=json.loads(text))

    def mcp_params() -> Any:
        import mcp_types

        return mcp_types.CallToolRequestParams(name=name, arguments=json.loads(text))

    return {
        "OpenAI Chat dict": ("text", lambda: {"id": "c1", "type": "function", "function": {"name": name, "arguments": text}}),
        "Responses dict": ("text", lambda: {"type": "function_call", "call_id": "c1", "name": name, "arguments": text}),
        "plain dict, JSON text": ("text", lambda: {"name": name, "arguments": text}),
        "openai ChatCompletionMessageToolCall": ("text", openai_chat),
        "openai ResponseFunctionToolCall": ("text", openai_responses),
        "plain dict, parsed": ("parsed", lambda: {"name": name, "arguments": dict(args)}),
        "Anthropic dict": ("parsed", lambda: {"type": "tool_use", "id": "t1", "name": name, "input": dict(args)}),
        "Bedrock dict": ("parsed", lambda: {"toolUse": {"toolUseId": "b1", "name": name, "input": dict(args)}}),
        "Gemini dict": ("parsed", lambda: {"function_call": {"id": "g1", "name": name, "args": dict(args)}}),
        "anthropic ToolUseBlock": ("parsed", anthropic_block),
        "google-genai FunctionCall": ("parsed", genai_call),
        "mcp CallToolRequestParams": ("parsed", mcp_params),
    }


def best(fn: Callable[[], Any], reps: int) -> float:
    return min(timeit.repeat(fn, number=reps, repeat=1)) / reps


def measure(reps: int, rounds: int) -> list[tuple[str, str, float, float, float, float]]:
    """(shape, kind, small µs, small ratio, large µs, large ratio) per shape."""
    module = bench_module()
    funcs = {"small": module.small_tool, "large": module.large_tool}
    texts = {"small": module.SMALL_CALL["function"]["arguments"], "large": module.LARGE_CALL["function"]["arguments"]}
    expected = {"small": module.EXPECTED["small_call"], "large": module.EXPECTED["large_call"]}
    registry = ToolRegistry([module.small_tool, module.large_tool])
    floors: dict[str, Callable[[], Any]] = {}
    for size, f in funcs.items():
        validate = tool(f).args_model.__pydantic_validator__.validate_json
        text = texts[size]
        floors[size] = lambda validate=validate, f=f, text=text: f(**validate(text).__dict__)
        assert floors[size]() == expected[size]
    rows = []
    for shape, (kind, _) in shapes("small_tool", texts["small"]).items():
        cells: list[float] = []
        for size, f in funcs.items():
            try:
                call = shapes(f.__name__, texts[size])[shape][1]()
            except ImportError:
                break
            result = registry.dispatch(call)
            if result.is_error or result.value != expected[size]:
                raise SystemExit(f"{shape}: dispatch answered {result.content!r}")
            n = reps if size == "small" else max(reps // 5, 1)
            ours, floor = [], []
            for _ in range(rounds):
                floor.append(best(floors[size], n))
                ours.append(best(lambda call=call: registry.dispatch(call), n))
            cells += [min(ours) * 1e6, min(ours) / min(floor)]
        else:
            rows.append((shape, kind, *cells))
            continue
        print(f"({shape}: SDK not installed, skipped)")
    return rows  # type: ignore[return-value]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    print("| call shape | arguments | small call | ratio (goal) | large call | ratio (goal) |\n|---|---|---|---|---|---|")
    for shape, kind, small, small_ratio, large, large_ratio in measure(args.reps, args.rounds):
        goal_small, goal_large = GOALS[kind]
        print(f"| {shape} | {kind} | {small:.2f} µs | {small_ratio:.2f}× ({goal_small}×) | {large:.1f} µs | {large_ratio:.2f}× ({goal_large}×) |")


if __name__ == "__main__":
    main()
