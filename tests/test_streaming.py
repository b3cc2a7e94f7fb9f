"""Tool calls assembled from every provider's stream, built with each SDK's own event types.

For every provider the same calls are streamed with their arguments split at every
boundary (and at random multi-way splits): the assembled calls equal the calls of the
same response given whole, and dispatch answers them exactly as it answers those.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

import anthropic.types as anth
import pytest
from google.genai import types as genai
from hypothesis import given, settings
from hypothesis import strategies as st
from openai.types.chat import ChatCompletionChunk
from openai.types.responses import (
    ResponseFunctionCallArgumentsDeltaEvent,
    ResponseFunctionCallArgumentsDoneEvent,
    ResponseOutputItemAddedEvent,
    ResponseOutputItemDoneEvent,
)

import tool2schema
from tool2schema import ToolCallStream, ToolRegistry, tool


@tool
def get_weather(location: str, days: int = 1) -> str:
    """Get the weather."""
    return f"{location}:{days}"


@tool
def add(a: int, b: int) -> int:
    """Add."""
    return a + b


CALLS = [("call_1", "get_weather", {"location": "Quito, Ecuador", "days": 3}), ("call_2", "add", {"a": 2, "b": 40})]


def pieces(text: str, cuts: list[int]) -> list[str]:
    bounds = [0, *sorted(set(c for c in cuts if 0 < c < len(text))), len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


# -- each provider's stream of the same calls, built with the SDK's own types -------------

def openai_chat(calls: list[tuple[str, str, dict[str, Any]]], cut: Callable[[str], list[str]], interleave: bool = False) -> list[Any]:
    def chunk(delta: dict[str, Any], finish: Any = None) -> Any:
        return ChatCompletionChunk.model_validate({
            "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        })

    events = [chunk({"role": "assistant", "content": "Checking."})]
    streams = []
    for i, (cid, name, args) in enumerate(calls):
        frags = cut(json.dumps(args))
        first = {"index": i, "id": cid, "type": "function", "function": {"name": name, "arguments": ""}}
        rest = [{"index": i, "function": {"arguments": f}} for f in frags]
        streams.append([first, *rest])
    if interleave:  # the calls' deltas alternate
        order = [d for group in zip(*[s + [None] * (max(map(len, streams)) - len(s)) for s in streams], strict=True) for d in group if d]
    else:
        order = [d for s in streams for d in s]
    events += [chunk({"tool_calls": [d]}) for d in order]
    events.append(chunk({}, "tool_calls"))
    return events


def anthropic_events(calls: list[tuple[str, str, dict[str, Any]]], cut: Callable[[str], list[str]], helper: bool = False) -> list[Any]:
    events: list[Any] = [anth.RawMessageStartEvent.model_validate({"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude", "content": [], "stop_reason": None,
        "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}})]
    events.append(anth.RawContentBlockStartEvent.model_validate({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}))
    events.append(anth.RawContentBlockDeltaEvent.model_validate({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Checking."}}))
    events.append(anth.RawContentBlockStopEvent.model_validate({"type": "content_block_stop", "index": 0}))
    # a server tool's block streams input_json_delta too: not a client call
    events.append(anth.RawContentBlockStartEvent.model_validate({"type": "content_block_start", "index": 1, "content_block": {
        "type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}}))
    events.append(anth.RawContentBlockDeltaEvent.model_validate({"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '{"query": "x"}'}}))
    events.append(anth.RawContentBlockStopEvent.model_validate({"type": "content_block_stop", "index": 1}))
    for i, (cid, name, args) in enumerate(calls, start=2):
        events.append(anth.RawContentBlockStartEvent.model_validate({"type": "content_block_start", "index": i, "content_block": {
            "type": "tool_use", "id": cid, "name": name, "input": {}}}))
        for f in cut(json.dumps(args)):
            events.append(anth.RawContentBlockDeltaEvent.model_validate({"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": f}}))
            if helper:  # what messages.stream() yields beside each raw delta
                from anthropic.lib.streaming import InputJsonEvent

                events.append(InputJsonEvent(type="input_json", partial_json=f, snapshot={}))
        events.append(anth.RawContentBlockStopEvent.model_validate({"type": "content_block_stop", "index": i}))
    events.append(anth.RawMessageDeltaEvent.model_validate({"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None}, "usage": {"output_tokens": 5}}))
    events.append(anth.RawMessageStopEvent.model_validate({"type": "message_stop"}))
    return events


def responses_events(calls: list[tuple[str, str, dict[str, Any]]], cut: Callable[[str], list[str]]) -> list[Any]:
    events: list[Any] = []
    seq = iter(range(10_000))
    for i, (cid, name, args) in enumerate(calls):
        text = json.dumps(args)
        item = {"type": "function_call", "id": f"fc_{i}", "call_id": cid, "name": name, "arguments": "", "status": "in_progress"}
        events.append(ResponseOutputItemAddedEvent.model_validate({"type": "response.output_item.added", "output_index": i, "sequence_number": next(seq), "item": item}))
        for f in cut(text):
            events.append(ResponseFunctionCallArgumentsDeltaEvent.model_validate({
                "type": "response.function_call_arguments.delta", "output_index": i, "item_id": f"fc_{i}", "delta": f, "sequence_number": next(seq)}))
        events.append(ResponseFunctionCallArgumentsDoneEvent.model_validate({
            "type": "response.function_call_arguments.done", "output_index": i, "item_id": f"fc_{i}", "arguments": text, "sequence_number": next(seq)}))
        events.append(ResponseOutputItemDoneEvent.model_validate({"type": "response.output_item.done", "output_index": i, "sequence_number": next(seq),
                                                                  "item": {**item, "arguments": text, "status": "completed"}}))
    return events


def bedrock_events(calls: list[tuple[str, str, dict[str, Any]]], cut: Callable[[str], list[str]]) -> list[Any]:
    events: list[Any] = [{"messageStart": {"role": "assistant"}}, {"contentBlockDelta": {"delta": {"text": "Checking."}, "contentBlockIndex": 0}},
                         {"contentBlockStop": {"contentBlockIndex": 0}}]
    for i, (cid, name, args) in enumerate(calls, start=1):
        events.append({"contentBlockStart": {"start": {"toolUse": {"toolUseId": cid, "name": name}}, "contentBlockIndex": i}})
        events += [{"contentBlockDelta": {"delta": {"toolUse": {"input": f}}, "contentBlockIndex": i}} for f in cut(json.dumps(args))]
        events.append({"contentBlockStop": {"contentBlockIndex": i}})
    events += [{"messageStop": {"stopReason": "tool_use"}}, {"metadata": {"usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}, "metrics": {"latencyMs": 12}}}]
    return events


def gemini_events(calls: list[tuple[str, str, dict[str, Any]]], cut: Callable[[str], list[str]]) -> list[Any]:
    chunks = [genai.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [{"text": "Checking."}]}}]})]
    for cid, name, args in calls:  # Gemini streams whole function calls
        chunks.append(genai.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [
            {"function_call": {"id": cid, "name": name, "args": args}}]}}]}))
    return chunks


def checked_bedrock_events(calls: list[tuple[str, str, dict[str, Any]]], cut: Callable[[str], list[str]]) -> list[Any]:
    """Bedrock's events (boto3 yields dicts), each validated against botocore's own
    service model for ConverseStream's event stream."""
    import botocore.session
    from botocore.validate import ParamValidator

    shape = botocore.session.get_session().get_service_model("bedrock-runtime").shape_for("ConverseStreamOutput")
    events = bedrock_events(calls, cut)
    for event in events:
        report = ParamValidator().validate(event, shape)
        assert not report.has_errors(), report.generate_report()
    return events


STREAMS: dict[str, Callable[..., list[Any]]] = {
    "openai": openai_chat, "anthropic": anthropic_events, "openai-responses": responses_events, "bedrock": checked_bedrock_events, "gemini": gemini_events,
}


def assembled(events: list[Any], format: Any = None) -> list[tool2schema.ToolCall]:
    stream = ToolCallStream(format)
    calls = [c for e in events for c in stream.feed(e)]
    return calls + stream.close()


def as_called(call: tool2schema.ToolCall) -> tuple[Any, Any, Any, Any]:
    args = call.arguments if isinstance(call.arguments, dict) else json.loads(call.arguments or "{}")
    return call.id, call.name, args, call.problem


# -- the same calls, whatever the boundaries ------------------------------------------------

@pytest.mark.parametrize("provider", list(STREAMS))
def test_calls_assemble_equal_to_the_whole_calls_at_every_boundary(provider: str) -> None:
    registry = ToolRegistry([get_weather, add])
    texts = [json.dumps(args) for _, _, args in CALLS]
    for cut in range(max(len(t) for t in texts) + 1):
        calls = assembled(STREAMS[provider](CALLS, lambda t, cut=cut: pieces(t, [cut])))
        assert [as_called(c) for c in calls] == [(cid, name, args, None) for cid, name, args in CALLS]
        assert all(c.provider == tool2schema.SchemaFormat(provider) for c in calls)
        results = [registry.dispatch(c) for c in calls]
        assert [r.value for r in results] == ["Quito, Ecuador:3", 42]
        assert [r.call_id for r in results] == ["call_1", "call_2"]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.integers(min_value=0, max_value=60), max_size=12), st.sampled_from(sorted(STREAMS)))
def test_random_multiway_splits_assemble_the_same_calls(cuts: list[int], provider: str) -> None:
    calls = assembled(STREAMS[provider](CALLS, lambda t: pieces(t, cuts)))
    assert [as_called(c) for c in calls] == [(cid, name, args, None) for cid, name, args in CALLS]


def test_each_call_completes_with_the_event_that_ends_it() -> None:
    events = anthropic_events(CALLS, lambda t: [t])
    stream = ToolCallStream()
    completed_at = [i for i, e in enumerate(events) for _ in stream.feed(e)]
    stops = [i for i, e in enumerate(events) if getattr(e, "type", None) == "content_block_stop" and e.index >= 2]
    assert completed_at == stops  # not at message_stop: the moment each block stops


def test_openai_interleaved_calls_complete_at_the_finish_reason() -> None:
    events = openai_chat(CALLS, lambda t: pieces(t, [3, 9, 15]), interleave=True)
    stream = ToolCallStream()
    done = [(i, c.name) for i, e in enumerate(events) for c in stream.feed(e)]
    assert [i for i, _ in done] == [len(events) - 1] * 2  # nothing before the finish_reason chunk
    assert [as_called(c) for c in assembled(events)] == [(cid, name, args, None) for cid, name, args in CALLS]


def test_the_anthropic_stream_helpers_repeated_fragments_are_read_once() -> None:
    calls = assembled(anthropic_events(CALLS, lambda t: pieces(t, [4, 11]), helper=True))
    assert [as_called(c) for c in calls] == [(cid, name, args, None) for cid, name, args in CALLS]


def test_several_messages_in_one_stream() -> None:
    first = anthropic_events(CALLS[:1], lambda t: pieces(t, [5]))
    second = anthropic_events([("call_9", "add", {"a": 1, "b": 1})], lambda t: pieces(t, [2]))
    calls = assembled(first + second)
    assert [c.id for c in calls] == ["call_1", "call_9"] and not any(c.problem for c in calls)


# -- broken streams: an error result that keeps the call's id, never an exception ---------

def test_a_stream_cut_inside_the_arguments_gives_a_malformed_call_with_its_id() -> None:
    registry = ToolRegistry([get_weather, add])
    for provider in ("openai", "anthropic", "openai-responses", "bedrock"):
        events = STREAMS[provider](CALLS[:1], lambda t: pieces(t, [7]))
        stop_at = next(i for i, e in enumerate(events) if "Quito" in json.dumps(e if isinstance(e, dict) else e.model_dump(mode="json")))
        calls = assembled(events[: stop_at + 1], provider if provider != "openai" else None)
        assert len(calls) == 1 and calls[0].id == "call_1" and calls[0].problem is not None, provider
        result = registry.dispatch(calls[0])
        assert result.is_error and result.call_id == "call_1" and "cut off" in result.content


def test_malformed_fragments_unknown_indexes_and_nameless_calls_are_error_results() -> None:
    registry = ToolRegistry([get_weather, add])
    bad_json = [{"contentBlockStart": {"start": {"toolUse": {"toolUseId": "b1", "name": "add"}}, "contentBlockIndex": 1}},
                {"contentBlockDelta": {"delta": {"toolUse": {"input": '{"a": 1,, "b"'}}, "contentBlockIndex": 1}},
                {"contentBlockStop": {"contentBlockIndex": 1}}]
    (call,) = assembled(bad_json)
    result = registry.dispatch(call)
    assert result.error_kind == "invalid_json" and result.call_id == "b1"
    unknown = [{"contentBlockDelta": {"delta": {"toolUse": {"input": '{"a": 1}'}}, "contentBlockIndex": 7}}, {"messageStop": {"stopReason": "tool_use"}}]
    (orphan,) = assembled(unknown)
    assert registry.dispatch(orphan).error_kind == "malformed_call"
    nameless = [anth.RawContentBlockStartEvent.model_construct(type="content_block_start", index=0, content_block=anth.ToolUseBlock.model_construct(
        type="tool_use", id="toolu_x", name=None, input={})), anth.RawContentBlockStopEvent.model_validate({"type": "content_block_stop", "index": 0})]
    (no_name,) = assembled(nameless)
    result = registry.dispatch(no_name)
    assert result.error_kind == "malformed_call" and result.call_id == "toolu_x"
    for junk in (None, 5, "text", object(), {"weird": True}):
        assert ToolCallStream().feed(junk) == []


# -- partial arguments and running calls as they complete ---------------------------------

def test_partial_arguments_while_they_stream() -> None:
    events = anthropic_events(CALLS[:1], lambda t: pieces(t, list(range(1, len(t)))))
    stream = ToolCallStream()
    seen: list[dict[str, Any]] = []
    for e in events:
        stream.feed(e)
        parts = stream.partial()
        if parts:
            seen.append(parts[-1][2])
    assert seen[-1] == {"location": "Quito, Ecuador", "days": 3}
    assert {"location": "Quito, Ecuador"} in seen or any(s.get("location") == "Quito, Ecuador" and "days" not in s for s in seen)
    assert all(isinstance(s, dict) for s in seen)


def test_adispatch_stream_runs_calls_as_they_complete_and_answers_in_order() -> None:
    started: list[str] = []

    @tool
    async def slow(text: str) -> str:
        """Wait, then echo."""
        started.append(text)
        await asyncio.sleep(0.05)
        return text

    registry = ToolRegistry([slow])

    async def events() -> Any:
        for e in anthropic_events([("t1", "slow", {"text": "one"}), ("t2", "slow", {"text": "two"})], lambda t: pieces(t, [3])):
            yield e
            await asyncio.sleep(0)

    results = asyncio.run(registry.adispatch_stream(events()))
    assert [r.value for r in results] == ["one", "two"] and [r.call_id for r in results] == ["t1", "t2"]
    assert asyncio.run(registry.adispatch_stream(openai_chat(CALLS, lambda t: [t]), format="openai"))[0].is_error  # unknown tools: error results


def test_the_stream_speed_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from .helpers import benchmark_module

    module = benchmark_module("stream_speed")
    module.main(["--size", "300", "--rounds", "1"])  # asserts the assembled arguments equal the bare loop's
    table = capsys.readouterr().out
    assert all(f"| {name} |" in table for name in module.SHAPES)


# -- typed answers while they stream (Output.stream) ---------------------------------------

WHOLE_CALL: dict[str, Callable[[str, str, dict[str, Any]], Any]] = {
    "openai": lambda cid, name, args: {"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}},
    "anthropic": lambda cid, name, args: {"type": "tool_use", "id": cid, "name": name, "input": args},
    "openai-responses": lambda cid, name, args: {"type": "function_call", "call_id": cid, "name": name, "arguments": json.dumps(args)},
    "bedrock": lambda cid, name, args: {"toolUse": {"toolUseId": cid, "name": name, "input": args}},
    "gemini": lambda cid, name, args: {"function_call": {"id": cid, "name": name, "args": args}},
}


@pytest.mark.parametrize("provider", list(STREAMS))
def test_output_stream_ends_as_output_parse_does(provider: str) -> None:
    from pydantic import BaseModel

    class CityLocation(BaseModel):
        city: str
        country: str

    answer = tool2schema.Output(CityLocation)
    good = {"city": "Quito", "country": "Ecuador"}
    values = list(answer.stream(STREAMS[provider]([("c1", "final_result", good)], lambda t: pieces(t, list(range(2, len(t), 5))))))
    assert values[-1] == answer.parse(WHOLE_CALL[provider]("c1", "final_result", good), format=provider) == CityLocation(**good)
    assert all(isinstance(v, dict) for v in values[:-1])
    if provider != "gemini":  # Gemini sends whole calls: nothing partial to show
        assert len(values) > 2 and values[-2] == good

    bad = {"city": "Quito"}
    with pytest.raises(tool2schema.OutputError) as streamed:
        list(answer.stream(STREAMS[provider]([("c1", "final_result", bad)], lambda t: pieces(t, [4]))))
    with pytest.raises(tool2schema.OutputError) as parsed:
        answer.parse(WHOLE_CALL[provider]("c1", "final_result", bad), format=provider)
    assert streamed.value.kind == parsed.value.kind == "invalid_arguments"
    assert streamed.value.content == parsed.value.content
    assert streamed.value.to_message() == parsed.value.to_message()


def test_output_stream_of_a_wrapped_type_yields_its_result() -> None:
    answer = tool2schema.Output(list[int])
    values = list(answer.stream(anthropic_events([("c1", "final_result", {"result": [1, 2, 3]})], lambda t: pieces(t, list(range(1, len(t)))))))
    assert values[-1] == [1, 2, 3] and values[-2] == [1, 2, 3]
    with pytest.raises(tool2schema.OutputError) as missing:
        list(answer.stream(anthropic_events([], lambda t: [t])))
    assert missing.value.kind == "no_output"


def text_events(provider: str, text: str, cuts: list[int]) -> list[Any]:
    """A native structured answer streamed as text, with each SDK's own events."""
    frags = pieces(text, cuts)
    if provider == "openai":
        def chunk(delta: dict[str, Any], finish: Any = None) -> Any:
            return ChatCompletionChunk.model_validate({"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
                                                       "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
        return [chunk({"role": "assistant", "content": ""}), *[chunk({"content": f}) for f in frags], chunk({}, "stop")]
    if provider == "anthropic":
        return [anth.RawContentBlockStartEvent.model_validate({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
                *[anth.RawContentBlockDeltaEvent.model_validate({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": f}}) for f in frags],
                anth.RawContentBlockStopEvent.model_validate({"type": "content_block_stop", "index": 0}),
                anth.RawMessageStopEvent.model_validate({"type": "message_stop"})]
    if provider == "openai-responses":
        from openai.types.responses import ResponseTextDeltaEvent

        return [ResponseTextDeltaEvent.model_validate({"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0,
                                                       "delta": f, "sequence_number": i, "logprobs": []}) for i, f in enumerate(frags)]
    if provider == "bedrock":
        return [{"messageStart": {"role": "assistant"}}, *[{"contentBlockDelta": {"delta": {"text": f}, "contentBlockIndex": 0}} for f in frags],
                {"contentBlockStop": {"contentBlockIndex": 0}}, {"messageStop": {"stopReason": "end_turn"}}]
    return [genai.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [{"text": f}]}}]}) for f in frags]


WHOLE_TEXT: dict[str, Callable[[str], Any]] = {
    "openai": lambda t: {"role": "assistant", "content": t},
    "anthropic": lambda t: {"role": "assistant", "content": [{"type": "text", "text": t}]},
    "openai-responses": lambda t: {"output": [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": t}]}]},
    "bedrock": lambda t: {"output": {"message": {"role": "assistant", "content": [{"text": t}]}}},
    "gemini": lambda t: {"candidates": [{"content": {"role": "model", "parts": [{"text": t}]}}]},
}


@pytest.mark.parametrize("provider", list(STREAMS))
def test_output_stream_of_a_native_answer_ends_as_output_parse_does(provider: str) -> None:
    from pydantic import BaseModel

    class CityLocation(BaseModel):
        city: str
        country: str

    answer = tool2schema.Output(CityLocation, mode="native")
    text = json.dumps({"city": "Quito", "country": "Ecuador"})
    values = list(answer.stream(text_events(provider, text, list(range(3, len(text), 6)))))
    assert values[-1] == answer.parse(WHOLE_TEXT[provider](text), format=provider) == CityLocation(city="Quito", country="Ecuador")
    assert len(values) > 2 and all(isinstance(v, dict) for v in values[:-1]) and values[-2] == {"city": "Quito", "country": "Ecuador"}
    bad = json.dumps({"city": "Quito"})
    with pytest.raises(tool2schema.OutputError) as streamed:
        list(answer.stream(text_events(provider, bad, [5])))
    with pytest.raises(tool2schema.OutputError) as parsed:
        answer.parse(WHOLE_TEXT[provider](bad), format=provider)
    assert (streamed.value.kind, streamed.value.content) == (parsed.value.kind, parsed.value.content)


def test_gemini_partial_args_assemble_typed_values_by_json_path() -> None:
    """Vertex streams a call's arguments as typed values addressed by JSON path, strings
    continued across pieces; continuation chunks carry neither name nor id."""

    def chunk(call: dict[str, Any]) -> Any:
        return genai.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [{"function_call": call}]}}]})

    events = [
        chunk({"id": "fc_1", "name": "get_weather", "will_continue": True,
               "partial_args": [{"json_path": "$.location", "string_value": "Quito, ", "will_continue": True}]}),
        chunk({"will_continue": True, "partial_args": [{"json_path": "$.location", "string_value": "Ecuador", "will_continue": False}]}),
        chunk({"will_continue": False, "partial_args": [{"json_path": "$.days", "number_value": 3}]}),
    ]
    stream = ToolCallStream()
    assert stream.feed(events[0]) == [] and stream.partial() == [("fc_1", "get_weather", {"location": "Quito, "})]
    assert stream.feed(events[1]) == []
    (call,) = stream.feed(events[2])
    assert (call.id, call.name, call.arguments, call.problem) == ("fc_1", "get_weather", {"location": "Quito, Ecuador", "days": 3.0}, None)
    assert ToolRegistry([get_weather]).dispatch(call).value == "Quito, Ecuador:3"  # 3.0: a whole float is an integer
