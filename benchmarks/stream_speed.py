"""Cost of assembling a streamed tool call, against a bare loop (not part of the test suite).

    python benchmarks/stream_speed.py [--size 10000] [--rounds 5]

One call whose arguments are ``--size`` characters of JSON, streamed one character per
event in each provider's event shape (the SDK's own event objects where the SDK has
them, Bedrock's dicts). The floor is the bare loop a user would write for that shape: read
each event's fragment, join them, parse the JSON once at the end. Printed: µs per
event for ``ToolCallStream.feed`` and for the floor, and their ratio (goal: at most 5×).
A test runs it with a small size.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tool2schema import ToolCallStream  # noqa: E402


def arguments(size: int) -> str:
    text = json.dumps({"notes": "x" * size})
    return text[: size - 2] + '"}' if len(text) > size else text


def anthropic_events(text: str) -> tuple[list[Any], Callable[[list[Any]], Any]]:
    import anthropic.types as a

    events: list[Any] = [a.RawContentBlockStartEvent.model_validate({"type": "content_block_start", "index": 0, "content_block": {
        "type": "tool_use", "id": "toolu_1", "name": "save", "input": {}}})]
    events += [a.RawContentBlockDeltaEvent.model_validate({"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": c}})
               for c in text]
    events.append(a.RawContentBlockStopEvent.model_validate({"type": "content_block_stop", "index": 0}))

    def bare(evs: list[Any]) -> Any:
        return json.loads("".join(e.delta.partial_json for e in evs if e.type == "content_block_delta"))

    return events, bare


def openai_events(text: str) -> tuple[list[Any], Callable[[list[Any]], Any]]:
    from openai.types.chat import ChatCompletionChunk

    def chunk(delta: dict[str, Any], finish: Any = None) -> Any:
        return ChatCompletionChunk.model_validate({"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
                                                   "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})

    events = [chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "save", "arguments": ""}}]})]
    events += [chunk({"tool_calls": [{"index": 0, "function": {"arguments": c}}]}) for c in text]
    events.append(chunk({}, "tool_calls"))

    def bare(evs: list[Any]) -> Any:
        return json.loads("".join(tc.function.arguments or "" for e in evs for tc in (e.choices[0].delta.tool_calls or [])))

    return events, bare


def bedrock_events(text: str) -> tuple[list[Any], Callable[[list[Any]], Any]]:
    events: list[Any] = [{"contentBlockStart": {"start": {"toolUse": {"toolUseId": "t1", "name": "save"}}, "contentBlockIndex": 0}}]
    events += [{"contentBlockDelta": {"delta": {"toolUse": {"input": c}}, "contentBlockIndex": 0}} for c in text]
    events.append({"contentBlockStop": {"contentBlockIndex": 0}})

    def bare(evs: list[Any]) -> Any:
        return json.loads("".join(e["contentBlockDelta"]["delta"]["toolUse"]["input"] for e in evs if "contentBlockDelta" in e))

    return events, bare


def responses_events(text: str) -> tuple[list[Any], Callable[[list[Any]], Any]]:
    from openai.types.responses import (
        ResponseFunctionCallArgumentsDeltaEvent,
        ResponseFunctionCallArgumentsDoneEvent,
        ResponseOutputItemAddedEvent,
    )

    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "save", "arguments": ""}
    events: list[Any] = [ResponseOutputItemAddedEvent.model_validate({"type": "response.output_item.added", "output_index": 0, "sequence_number": 0, "item": item})]
    events += [ResponseFunctionCallArgumentsDeltaEvent.model_validate({"type": "response.function_call_arguments.delta", "output_index": 0,
                                                                       "item_id": "fc_1", "delta": c, "sequence_number": 1}) for c in text]
    events.append(ResponseFunctionCallArgumentsDoneEvent.model_validate({"type": "response.function_call_arguments.done", "output_index": 0,
                                                                         "item_id": "fc_1", "arguments": text, "sequence_number": 2}))

    def bare(evs: list[Any]) -> Any:
        return json.loads("".join(e.delta for e in evs if e.type == "response.function_call_arguments.delta"))

    return events, bare


SHAPES = {"Anthropic events": anthropic_events, "OpenAI Chat chunks": openai_events, "Responses events": responses_events, "Bedrock dicts": bedrock_events}


def measure(size: int, rounds: int) -> list[tuple[str, float, float]]:
    text = arguments(size)
    rows = []
    for name, build in SHAPES.items():
        events, bare = build(text)

        def ours(evs: list[Any] = events) -> Any:
            stream = ToolCallStream()
            calls = [c for e in evs for c in stream.feed(e)] + stream.close()
            return json.loads(calls[0].arguments)

        assert ours() == bare(events) == json.loads(text)
        best_ours = best_bare = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            bare(events)
            best_bare = min(best_bare, time.perf_counter() - start)
            start = time.perf_counter()
            ours()
            best_ours = min(best_ours, time.perf_counter() - start)
        rows.append((name, best_ours / len(events) * 1e6, best_bare / len(events) * 1e6))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"| events ({args.size} characters, one per event) | ToolCallStream.feed | bare loop | ratio (goal 5×) |\n|---|---|---|---|")
    for name, ours, bare in measure(args.size, args.rounds):
        print(f"| {name} | {ours:.2f} µs | {bare:.2f} µs | {ours / bare:.2f}× |")


if __name__ == "__main__":
    main()
