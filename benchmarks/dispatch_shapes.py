"""Per-call cost of ``ToolRegistry.dispatch`` for every call shape (run.py measures Chat only).

    python benchmarks/dispatch_shapes.py [--reps 5000] [--rounds 7]

The benchmark's small tool (two parameters), given as each provider's dict and, when its
SDK is installed, as the SDK's own object; the first call compiles the tool's path, then
the best of ``--rounds`` × ``--reps`` calls is printed in microseconds per call. Every call
is checked to return the tool's value first.
"""

from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tool2schema import ToolRegistry  # noqa: E402


def small_tool(city: str, days: int = 1) -> int:
    """Look something up for a city.

    Args:
        city: The city.
        days: How many days.
    """
    return days


TEXT = '{"city": "Quito", "days": 3}'
ARGS = {"city": "Quito", "days": 3}


def dict_shapes() -> dict[str, Any]:
    return {
        "OpenAI Chat dict": {"id": "c1", "type": "function", "function": {"name": "small_tool", "arguments": TEXT}},
        "Responses dict": {"type": "function_call", "call_id": "c1", "name": "small_tool", "arguments": TEXT},
        "plain dict, JSON text": {"name": "small_tool", "arguments": TEXT},
        "plain dict, parsed": {"name": "small_tool", "arguments": dict(ARGS)},
        "Anthropic dict": {"type": "tool_use", "id": "t1", "name": "small_tool", "input": dict(ARGS)},
        "Bedrock dict": {"toolUse": {"toolUseId": "b1", "name": "small_tool", "input": dict(ARGS)}},
        "Gemini dict": {"function_call": {"id": "g1", "name": "small_tool", "args": dict(ARGS)}},
    }


def sdk_shapes() -> dict[str, Callable[[], Any]]:
    def openai_chat() -> Any:
        from openai.types.chat import ChatCompletionMessageToolCall

        return ChatCompletionMessageToolCall(id="c1", type="function", function={"name": "small_tool", "arguments": TEXT})

    def openai_responses() -> Any:
        from openai.types.responses import ResponseFunctionToolCall

        return ResponseFunctionToolCall(type="function_call", call_id="c1", name="small_tool", arguments=TEXT)

    def anthropic_block() -> Any:
        from anthropic.types import ToolUseBlock

        return ToolUseBlock(type="tool_use", id="t1", name="small_tool", input=dict(ARGS))

    def genai_call() -> Any:
        from google.genai import types

        return types.FunctionCall(id="g1", name="small_tool", args=dict(ARGS))

    return {
        "openai ChatCompletionMessageToolCall": openai_chat,
        "openai ResponseFunctionToolCall": openai_responses,
        "anthropic ToolUseBlock": anthropic_block,
        "google-genai FunctionCall": genai_call,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    calls: dict[str, Any] = dict_shapes()
    for name, make in sdk_shapes().items():
        try:
            calls[name] = make()
        except ImportError:
            print(f"({name}: SDK not installed, skipped)")
    print("| call shape | µs per dispatch |\n|---|---|")
    for name, call in calls.items():
        registry = ToolRegistry([small_tool])
        result = registry.dispatch(call)  # compiles the tool's path
        if result.is_error or result.value != 3:
            raise SystemExit(f"{name}: dispatch answered {result.content!r}")
        run = registry.dispatch
        best = min(timeit.repeat(lambda run=run, call=call: run(call), number=args.reps, repeat=args.rounds)) / args.reps
        print(f"| {name} | {best * 1e6:.1f} |")


if __name__ == "__main__":
    main()
