"""ToolRegistry: every provider's call shape (built with the SDKs' own types), failures,
injected parameters, concurrency, and a fuzz test that nothing invalid reaches a tool."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Annotated, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tool2schema
from tool2schema import Injected, ToolRegistry, tool

from . import corpus
from .helpers import prune_nulls

CALLS: list[dict[str, Any]] = []


@tool
def get_weather(location: str, days: int = 1) -> dict[str, Any]:
    """Weather."""
    CALLS.append({"location": location, "days": days})
    if location == "boom":
        raise ValueError("weather service down")
    return {"location": location, "days": days}


@tool
def whoami(question: str, user: Annotated[str, Injected]) -> str:
    """Answer as the current user."""
    return f"{user}: {question}"


@tool
async def slow(n: int) -> int:
    """Sleep then return n."""
    await asyncio.sleep(0.2)
    return n


REG = ToolRegistry([get_weather, whoami, slow])
ARGS = '{"location": "Quito", "days": 2}'


def _openai_chat() -> Any:
    from openai.types.chat import ChatCompletionMessageToolCall

    return ChatCompletionMessageToolCall.model_validate({"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ARGS}})


def _responses() -> Any:
    from openai.types.responses import ResponseFunctionToolCall

    return ResponseFunctionToolCall(type="function_call", call_id="call_1", name="get_weather", arguments=ARGS)


def _anthropic() -> Any:
    from anthropic.types import ToolUseBlock

    return ToolUseBlock(type="tool_use", id="call_1", name="get_weather", input=json.loads(ARGS))


def _gemini() -> Any:
    from google.genai import types

    return types.Part(function_call=types.FunctionCall(id="call_1", name="get_weather", args=json.loads(ARGS)))


def _bedrock() -> Any:
    return {"toolUse": {"toolUseId": "call_1", "name": "get_weather", "input": json.loads(ARGS)}}


def _mcp() -> Any:
    import mcp.types

    return mcp.types.CallToolRequestParams(name="get_weather", arguments=json.loads(ARGS))


SHAPES = {
    "openai": _openai_chat,
    "openai-responses": _responses,
    "anthropic": _anthropic,
    "gemini": _gemini,
    "bedrock": _bedrock,
    "mcp": _mcp,
    "plain-dict": lambda: {"name": "get_weather", "arguments": json.loads(ARGS)},
    "plain-json": lambda: {"name": "get_weather", "arguments": ARGS},
}


def _check_result_message(fmt: str, msg: dict[str, Any], is_error: bool) -> None:
    """The result message is accepted by that provider's SDK types."""
    if fmt == "openai":
        from openai.types.chat import ChatCompletionToolMessageParam
        from pydantic import TypeAdapter

        TypeAdapter(ChatCompletionToolMessageParam).validate_python(msg)
        assert msg["tool_call_id"] == "call_1"
    elif fmt == "openai-responses":
        from openai.types.responses.response_input_param import FunctionCallOutput
        from pydantic import TypeAdapter

        TypeAdapter(FunctionCallOutput).validate_python(msg)
        assert msg["call_id"] == "call_1"
    elif fmt == "anthropic":
        from anthropic.types import ToolResultBlockParam
        from pydantic import TypeAdapter

        TypeAdapter(ToolResultBlockParam).validate_python(msg)
        assert msg.get("is_error", False) is is_error and msg["tool_use_id"] == "call_1"
    elif fmt == "gemini":
        from google.genai import types

        part = types.Part.model_validate(msg)
        assert part.function_response is not None and part.function_response.name == "get_weather"
        assert ("error" in part.function_response.response) is is_error  # type: ignore[operator]
    elif fmt == "bedrock":
        import botocore.session
        from botocore.validate import ParamValidator

        shape = botocore.session.get_session().get_service_model("bedrock-runtime").operation_model("Converse").input_shape
        request = {"modelId": "m", "messages": [{"role": "user", "content": [msg]}]}
        report = ParamValidator().validate(request, shape)
        assert not report.has_errors(), report.generate_report()
        assert msg["toolResult"]["status"] == ("error" if is_error else "success")
    elif fmt == "mcp":
        import mcp.types

        result = mcp.types.CallToolResult.model_validate(msg)
        assert getattr(result, "is_error", getattr(result, "isError", None)) is is_error


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_call_shape_dispatches_and_answers_in_kind(shape: str) -> None:
    result = REG.dispatch(SHAPES[shape]())
    assert not result.is_error, result.content
    assert result.value == {"location": "Quito", "days": 2}
    assert json.loads(result.content) == {"location": "Quito", "days": 2}
    if shape.startswith("plain"):
        assert result.call is not None and result.call.provider is None
        return
    msg = result.to_message()
    _check_result_message(shape, msg, is_error=False)
    failed = REG.dispatch(_with_bad_args(shape))
    assert failed.is_error
    _check_result_message(shape, failed.to_message(), is_error=True)


def _with_bad_args(shape: str) -> Any:
    call = SHAPES[shape]()
    bad = {"location": 5}
    if shape == "openai":
        return {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": json.dumps(bad)}}
    if shape == "openai-responses":
        return {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": json.dumps(bad)}
    if shape == "anthropic":
        return {"type": "tool_use", "id": "call_1", "name": "get_weather", "input": bad}
    if shape == "gemini":
        return {"function_call": {"id": "call_1", "name": "get_weather", "args": bad}}
    if shape == "bedrock":
        return {"toolUse": {"toolUseId": "call_1", "name": "get_weather", "input": bad}}
    return type(call)(name="get_weather", arguments=bad)


def test_whole_messages_with_several_calls() -> None:
    from anthropic.types import Message
    from openai.types.chat import ChatCompletion

    completion = ChatCompletion.model_validate(
        {
            "id": "x", "object": "chat.completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "get_weather", "arguments": '{"location": "A"}'}},
                {"id": "b", "type": "function", "function": {"name": "get_weather", "arguments": '{"location": "B"}'}},
            ]}}],
        }
    )
    results = REG.dispatch_all(completion)
    assert [r.value["location"] for r in results] == ["A", "B"]
    assert [r.to_message()["tool_call_id"] for r in results] == ["a", "b"]

    message = Message.model_validate(
        {
            "id": "m", "type": "message", "role": "assistant", "model": "claude", "stop_reason": "tool_use", "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
            "content": [
                {"type": "text", "text": "Let me check."},
                {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {"location": "C"}},
            ],
        }
    )
    assert [r.value["location"] for r in REG.dispatch_all(message)] == ["C"]


def test_async_tools_run_concurrently_in_call_order() -> None:
    calls = [{"name": "slow", "arguments": {"n": i}} for i in range(5)]
    start = time.perf_counter()
    results = asyncio.run(REG.adispatch_all(calls))
    elapsed = time.perf_counter() - start
    assert [r.value for r in results] == [0, 1, 2, 3, 4]
    assert elapsed < 0.8  # five 0.2 s sleeps overlapped
    assert [r.value for r in REG.dispatch_all(calls)] == [0, 1, 2, 3, 4]


def test_failures_become_error_results_and_never_call_the_function() -> None:
    CALLS.clear()
    unknown = REG.dispatch({"name": "get_wether", "arguments": "{}"})
    assert unknown.is_error and unknown.error_kind == "unknown_tool" and "Did you mean 'get_weather'" in unknown.content
    malformed = REG.dispatch({"name": "get_weather", "arguments": '{"location": "x"'})
    assert malformed.error_kind == "invalid_json" and "not valid JSON" in malformed.content
    invalid = REG.dispatch({"name": "get_weather", "arguments": '{"days": "many"}'})
    assert invalid.error_kind == "invalid_arguments"
    assert "'location' is required" in invalid.content and "'days'" in invalid.content
    assert {e["loc"] for e in invalid.errors} == {("location",), ("days",)}
    not_object = REG.dispatch({"name": "get_weather", "arguments": "[1, 2]"})
    assert not_object.is_error and "should be an object" in not_object.content
    assert REG.dispatch({"weird": 1}).error_kind == "malformed_call"
    assert CALLS == []
    raised = REG.dispatch({"name": "get_weather", "arguments": {"location": "boom"}})
    assert raised.error_kind == "tool_error" and isinstance(raised.exception, ValueError)
    assert raised.content == "Tool 'get_weather' failed: ValueError: weather service down"
    assert "Traceback" not in raised.content
    verbose = ToolRegistry([get_weather], include_traceback=True).dispatch({"name": "get_weather", "arguments": {"location": "boom"}})
    assert "Traceback" in verbose.content


def unbuildable(x: NotDefinedAnywhere) -> int:  # type: ignore[name-defined]  # noqa: F821
    """A tool whose type hint does not resolve."""
    return 1


@pytest.mark.parametrize("shape", ["openai", "anthropic", "gemini", "plain"])
def test_a_tool_that_cannot_be_built_is_a_tool_error_carrying_the_definition_error(shape: str) -> None:
    calls = {
        "openai": {"id": "c1", "type": "function", "function": {"name": "unbuildable", "arguments": '{"x": 1}'}},
        "anthropic": {"type": "tool_use", "id": "c1", "name": "unbuildable", "input": {"x": 1}},
        "gemini": {"id": "c1", "name": "unbuildable", "args": {"x": 1}},
        "plain": {"id": "c1", "name": "unbuildable", "arguments": {"x": 1}},
    }
    result = ToolRegistry([unbuildable]).dispatch(calls[shape])
    assert result.error_kind == "tool_error" and result.call_id == "c1"
    assert isinstance(result.exception, tool2schema.ToolDefinitionError)
    assert "NotDefinedAnywhere" in str(result.exception) and result.content.startswith("Tool 'unbuildable' failed: ToolDefinitionError")
    hidden = ToolRegistry([unbuildable], error_text="type").dispatch(calls[shape])
    assert hidden.content == "Tool 'unbuildable' failed: ToolDefinitionError"


def test_plain_functions_with_local_types_register_like_decorated_ones() -> None:
    import enum

    class Size(enum.Enum):
        SMALL = 1
        LARGE = 2

    def sized(size: Size) -> str:  # a string annotation here: this module uses postponed annotations
        """Sized."""
        return size.name

    added = ToolRegistry()
    added.add(sized)
    for registry in (ToolRegistry([sized]), added):
        result = registry.dispatch({"name": "sized", "arguments": {"size": "LARGE"}})
        assert not result.is_error, result.content
        assert result.value == "LARGE"
        assert registry.schemas()[0]["function"]["parameters"]["properties"]["size"]["enum"] == ["SMALL", "LARGE"]


def test_limits_on_size_and_depth() -> None:
    small = ToolRegistry([get_weather], max_bytes=50, max_depth=3)
    big = small.dispatch({"name": "get_weather", "arguments": json.dumps({"location": "x" * 100})})
    assert big.error_kind == "too_large" and "limit is 50" in big.content
    deep = small.dispatch({"name": "get_weather", "arguments": '{"location": "x", "d": [[[[1]]]]}'})
    assert deep.error_kind == "too_large" and "nested deeper than 3" in deep.content


def test_extra_arguments_ignored_or_forbidden() -> None:
    assert REG.dispatch({"name": "get_weather", "arguments": {"location": "x", "colour": 1}}).value == {"location": "x", "days": 1}
    strict = ToolRegistry([get_weather], forbid_extra=True)
    result = strict.dispatch({"name": "get_weather", "arguments": '{"location": "x", "colour": 1}'})
    assert result.is_error and "'colour' is not a parameter" in result.content


def test_injected_parameters() -> None:
    assert list(whoami.to_json()["function"]["parameters"]["properties"]) == ["question"]
    assert list(whoami.to_json("gemini")["parameters"]["properties"]) == ["question"]
    ok = REG.dispatch({"name": "whoami", "arguments": {"question": "hi"}}, context={"user": "ana"})
    assert ok.value == "ana: hi"
    spoofed = REG.dispatch({"name": "whoami", "arguments": {"question": "hi", "user": "root"}}, context={"user": "ana"})
    assert spoofed.value == "ana: hi"  # the model cannot set an injected parameter
    missing = REG.dispatch({"name": "whoami", "arguments": {"question": "hi", "user": "root"}})
    assert missing.error_kind == "missing_context" and "did not supply 'user'" in missing.content

    @tool(inject=["db"])
    def lookup(key: str, db: dict[str, str]) -> str:
        """Look a key up."""
        return db[key]

    assert list(lookup.schema.parameters["properties"]) == ["key"]
    assert ToolRegistry([lookup]).dispatch({"name": "lookup", "arguments": {"key": "a"}}, context={"db": {"a": "1"}}).value == "1"


def test_strict_null_means_default_and_null_string() -> None:
    assert REG.dispatch({"name": "get_weather", "arguments": '{"location": "x", "days": null}'}).value == {"location": "x", "days": 1}
    assert corpus.maybe_limit.invoke('{"limit": "null"}') is None


def test_registry_from_module_and_schemas() -> None:
    reg = ToolRegistry.from_module(corpus)
    assert len(reg) == len(tool2schema.find_tools(corpus)) and "get_weather" in reg
    assert reg.schemas("anthropic")[0]["name"] == reg.names[0]
    with pytest.raises(ValueError, match="two tools are named"):
        ToolRegistry([get_weather, tool(get_weather.func)])


ALL = ToolRegistry.from_module(corpus)


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(corpus.VALID)),
    payload=st.one_of(
        st.text(max_size=40),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
            max_leaves=12,
        ).map(json.dumps),
    ),
)
def test_random_payloads_never_crash_and_never_reach_an_invalid_call(name: str, payload: str) -> None:
    t = ALL[name]
    result = ALL.dispatch({"name": name, "arguments": payload})
    if result.is_error:
        assert result.error_kind in {"invalid_json", "invalid_arguments", "too_large"}
        return
    # it ran: the model (the schema's twin) accepts these arguments, nulls read as defaults
    data = json.loads(payload) if payload.strip() else {}
    t.args_model.model_validate(prune_nulls(data, t.args_model))


@pytest.mark.parametrize("t", [t for t in tool2schema.find_tools(corpus) if t.kind is tool2schema.ToolKind.FUNCTION], ids=lambda t: t.name)
def test_dict_validator_agrees_with_the_model(t: Any) -> None:
    """Dispatch validates into a dict with the model's own field validators: same values,
    same errors as building the model instance."""
    args = json.dumps(corpus.VALID[t.name])
    assert t.binding().values_validator is not None
    assert t.validate_values(args) == dict(t.validate(args).__dict__)
    bad = json.dumps({k: {"unexpected": [1]} for k in t.schema.parameters["properties"]})

    def outcome(fn: Any) -> Any:
        try:
            return ("ok", fn())
        except tool2schema.ToolCallError as exc:
            return ("error", exc.message)

    assert outcome(lambda: t.validate_values(bad)) == outcome(lambda: dict(t.validate(bad).__dict__))


def test_results_are_serialized_with_pydantic() -> None:
    import datetime
    import enum
    import uuid

    from pydantic import BaseModel

    class Status(enum.Enum):
        OK = "ok"

    class Report(BaseModel):
        when: datetime.date
        status: Status
        id: uuid.UUID

    @tool
    def report() -> Report:
        """Make a report."""
        return Report(when=datetime.date(2026, 1, 2), status=Status.OK, id=uuid.UUID(int=1))

    result = ToolRegistry([report]).dispatch({"id": "call_1", "name": "report", "arguments": "{}"})
    assert json.loads(result.content) == {"when": "2026-01-02", "status": "ok", "id": "00000000-0000-0000-0000-000000000001"}
    assert result.to_message("mcp")["structuredContent"] == json.loads(result.content)
    assert result.to_message("bedrock")["toolResult"]["content"] == [{"json": json.loads(result.content)}]


def test_tool_level_forbid_extra() -> None:
    @tool(forbid_extra=True)
    def exact(a: int) -> int:
        """Exact."""
        return a

    assert exact.to_json()["function"]["parameters"]["additionalProperties"] is False
    result = ToolRegistry([exact]).dispatch({"name": "exact", "arguments": '{"a": 1, "b": 2}'})
    assert result.is_error and "'b' is not a parameter of this tool; remove it." in result.content


@pytest.mark.parametrize("fmt, key", [("openai", "tool_call_id"), ("openai-responses", "call_id"), ("anthropic", "tool_use_id"), ("bedrock", "toolUseId")])
def test_a_result_of_a_call_without_an_id_cannot_become_a_message_that_needs_one(fmt: str, key: str) -> None:
    @tool
    def ping() -> str:
        """Ping."""
        return "pong"

    registry = ToolRegistry([ping])
    result = registry.dispatch({"name": "ping", "arguments": "{}"})
    assert result.value == "pong" and result.call_id is None
    with pytest.raises(tool2schema.SchemaFormatError, match=f"came without an id.*'{key}'"):
        result.to_message(fmt)
    with pytest.raises(tool2schema.SchemaFormatError):
        tool2schema.to_messages([result], fmt)
    assert result.to_message("gemini")["function_response"]["name"] == "ping"  # Gemini and MCP need no id
    assert result.to_message("mcp")["content"][0]["text"] == "pong"
    with_id = registry.dispatch({"id": "c7", "name": "ping", "arguments": "{}"})
    assert "c7" in json.dumps(with_id.to_message(fmt))
