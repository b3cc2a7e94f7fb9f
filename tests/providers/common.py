"""The tests every provider passes, run once per ``tests/providers/test_<provider>.py``
(each module sets ``PROVIDER`` and star-imports these; the ``sdk`` fixture carries that
provider's SDK checks)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

import tool2schema
from tool2schema import CONFIG, SchemaFormatError, ToolRegistry, providers, to_messages, tool
from tool2schema.calls import extract_calls, parse_call

from .. import corpus
from ..helpers import check_draft2020, validator
from .conftest import ProviderSDK

TOOLS = tool2schema.find_tools(corpus)
IDS = [t.name for t in TOOLS]


@tool
def broken(x: int) -> int:
    """Always fails."""
    raise RuntimeError("disk on fire")


REGISTRY = ToolRegistry([corpus.get_weather, corpus.add_numbers, broken])


def _comparable(value: Any) -> Any:
    return value.model_dump() if isinstance(value, BaseModel) else value


def _request_kwargs(fmt: str, registry: ToolRegistry, required: bool = True) -> dict[str, Any]:
    provider = providers.get(fmt)
    return provider.request(registry.schemas(fmt), provider.tool_choice(registry.names, required))


# -- tool definitions --------------------------------------------------------------------------


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_plain_definition(sdk: ProviderSDK, t: tool2schema.Tool[Any, Any]) -> None:
    out = t.to_json(sdk.fmt)
    schema = sdk.check_tool(dict(out), strict=None)
    if schema:
        if sdk.fmt != "gemini":  # Gemini's is the OpenAPI subset, checked in test_gemini
            check_draft2020(schema)
    assert json.loads(json.dumps(out)) == out


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_strict_definition(sdk: ProviderSDK, t: tool2schema.Tool[Any, Any]) -> None:
    """Either the strict schema obeys this provider's documented subset, is valid Draft
    2020-12, and a strict model's answer validates and dispatches; or to_json refuses
    with an error naming tool, parameter, provider and fix."""
    provider = providers.get(sdk.fmt)
    if provider.strict_walker is None:
        with pytest.raises(SchemaFormatError, match=rf"tool '{t.name}': {sdk.label} has no strict mode; use strict=False"):
            t.to_json(sdk.fmt, strict=True)
        return
    if t.name in sdk.strict_refused:
        param = next(iter(t.schema.parameters["properties"]))
        with pytest.raises(SchemaFormatError, match=rf"tool '{t.name}', parameter {param}[.\w]*: .*which {sdk.label} strict mode cannot express\. .*strict=False"):
            t.to_json(sdk.fmt, strict=True)
        assert t.to_json(sdk.fmt)  # the plain format still works
        return
    out = t.to_json(sdk.fmt, strict=True)
    schema = sdk.check_tool(dict(out), strict=True)
    assert sdk.strict_violations(schema) == []
    check_draft2020(schema)
    answer = sdk.strict_answer(corpus.VALID[t.name], schema)
    assert [e.message for e in validator(schema).iter_errors(answer)] == []
    registry = ToolRegistry([t])
    result = registry.dispatch(sdk.call(t.name, answer, "call_s1"))
    assert not result.is_error, result.content
    plain = registry.dispatch({"name": t.name, "arguments": corpus.VALID[t.name]})
    assert _comparable(result.value) == _comparable(plain.value)


def test_schemas_of_a_registry_go_into_one_request(sdk: ProviderSDK) -> None:
    registry = ToolRegistry(TOOLS)
    kwargs = _request_kwargs(sdk.fmt, registry) if sdk.fmt != "mcp" else {}
    response = sdk.response([("get_weather", {"location": "Quito"}, "call_1")])
    results = registry.dispatch_all(response)
    sdk.next_turn(kwargs, response, to_messages(results))


# -- calls ----------------------------------------------------------------------------------------


def test_call_from_sdk_object(sdk: ProviderSDK) -> None:
    call = sdk.call("get_weather", {"location": "Quito", "units": "fahrenheit"}, "call_1")
    parsed = parse_call(call)
    assert (parsed.name, parsed.provider) == ("get_weather", tool2schema.SchemaFormat(sdk.fmt))
    result = REGISTRY.dispatch(call)
    assert not result.is_error, result.content
    assert result.value == {"location": "Quito", "units": "fahrenheit"}
    assert result.call_id == ("call_1" if sdk.has_ids else None)
    sdk.check_result_item(result.to_message(), result.call_id, is_error=False)


@pytest.mark.parametrize(
    ("name", "args", "kind"),
    [
        ("get_weather", {"location": 3}, "invalid_arguments"),
        ("get_weather", {}, "invalid_arguments"),
        ("no_such_tool", {"x": 1}, "unknown_tool"),
        ("broken", {"x": 1}, "tool_error"),
        ("", None, "malformed_call"),
    ],
)
def test_failed_call_answers_its_id(sdk: ProviderSDK, name: str, args: Any, kind: str) -> None:
    """Every failure is an error result the model can read, answering the call's id
    (also when the call was malformed, as long as it had an id)."""
    result = REGISTRY.dispatch(sdk.call(name, args, "call_9"))
    assert result.is_error and result.error_kind == kind, (result.error_kind, result.content)
    assert result.content
    assert result.call_id == ("call_9" if sdk.has_ids else None)
    sdk.check_result_item(result.to_message(), result.call_id, is_error=True)


def test_result_items_of_every_value_type(sdk: ProviderSDK) -> None:
    @tool
    def values(kind: str) -> Any:
        """Return a value of some kind."""
        return {"dict": {"a": [1, 2]}, "str": "plain text", "int": 3, "list": [1, "x"], "none": None, "model": corpus.Cat()}[kind]

    registry = ToolRegistry([values])
    for kind in ("dict", "str", "int", "list", "none", "model"):
        result = registry.dispatch(sdk.call("values", {"kind": kind}, f"call_{kind}"))
        assert not result.is_error, result.content
        sdk.check_result_item(result.to_message(), result.call_id, is_error=False)


# -- whole responses and the next turn ------------------------------------------------------------


def test_whole_response_extract_calls_and_next_turn(sdk: ProviderSDK) -> None:
    calls = [
        ("get_weather", {"location": "Quito"}, "call_a"),
        ("add_numbers", {"a": 2, "b": 0.5}, "call_b"),
        ("get_weather", {"location": 7}, "call_c"),  # invalid: answered with an error
    ]
    response = sdk.response(calls)
    found = extract_calls(response)
    assert [c.name for c in found] == [c[0] for c in calls]
    assert [c.id for c in found] == sdk.call_ids(response)
    assert all(c.provider == tool2schema.SchemaFormat(sdk.fmt) for c in found)

    results = REGISTRY.dispatch_all(response)
    assert [r.is_error for r in results] == [False, False, True]
    assert results[1].value == 2.5
    messages = to_messages(results)
    answered = sdk.next_turn(_request_kwargs(sdk.fmt, REGISTRY) if sdk.fmt != "mcp" else {}, response, messages)
    assert answered == sdk.call_ids(response), "every result answers its call, in order"


def test_malformed_call_in_a_response_is_answered(sdk: ProviderSDK) -> None:
    response = sdk.response([("get_weather", {"location": "Quito"}, "call_a"), ("", None, "call_b")])
    results = REGISTRY.dispatch_all(response)
    assert [r.error_kind for r in results] == [None, "malformed_call"]
    answered = sdk.next_turn(_request_kwargs(sdk.fmt, REGISTRY) if sdk.fmt != "mcp" else {}, response, to_messages(results))
    assert answered == sdk.call_ids(response)


async def _adispatch_all(response: Any) -> list[tool2schema.ToolResult]:
    return await REGISTRY.adispatch_all(response)


def test_async_dispatch_answers_the_same(sdk: ProviderSDK) -> None:
    import asyncio

    response = sdk.response([("add_numbers", {"a": 1}, "call_x"), ("broken", {"x": 1}, "call_y")])
    results = asyncio.run(_adispatch_all(response))
    assert [r.call_id for r in results] == sdk.call_ids(response)
    assert [r.is_error for r in results] == [False, True]


# -- tool examples ----------------------------------------------------------------------------------


def _with_examples() -> tuple[tool2schema.Tool[Any, Any], tool2schema.Tool[Any, Any]]:
    def find_flights(origin: str, destination: str, passengers: int = 1) -> list[str]:
        """Find flights.

        Args:
            origin: IATA code of the departure airport.
            destination: IATA code of the arrival airport.
            passengers: How many travel.
        """
        return []

    with_examples = tool(find_flights, examples=[{"origin": "UIO", "destination": "BOG"}, {"origin": "LIM", "destination": "SCL", "passengers": 2}])
    without = tool(find_flights)
    return with_examples, without


def test_examples_leave_other_formats_unchanged(sdk: ProviderSDK) -> None:
    with_examples, without = _with_examples()
    out = dict(with_examples.to_json(sdk.fmt))
    sdk.check_tool(out, strict=None)
    if sdk.fmt == "anthropic":
        assert out.pop("input_examples") == [{"origin": "UIO", "destination": "BOG"}, {"origin": "LIM", "destination": "SCL", "passengers": 2}]
    assert out == without.to_json(sdk.fmt)


def test_examples_in_description_when_configured(sdk: ProviderSDK) -> None:
    with_examples, without = _with_examples()
    before = CONFIG.examples_in_description
    CONFIG.examples_in_description = True
    try:
        out = with_examples.to_json(sdk.fmt)
        plain = without.to_json(sdk.fmt)
    finally:
        CONFIG.examples_in_description = before
    sdk.check_tool(dict(out), strict=None)
    description = out.get("function", out.get("toolSpec", out))["description"]
    assert '{"origin": "UIO", "destination": "BOG"}' in description
    assert '{"origin": "LIM", "destination": "SCL", "passengers": 2}' in description
    assert plain == without.to_json(sdk.fmt), "a tool without examples is unchanged"
    restored = dict(with_examples.to_json(sdk.fmt))
    restored.pop("input_examples", None)
    assert restored == without.to_json(sdk.fmt), "CONFIG restored: the description is back to normal"


# -- names ----------------------------------------------------------------------------------------------


def test_name_error_states_this_providers_rule(sdk: ProviderSDK) -> None:
    provider = providers.get(sdk.fmt)

    @tool(name="get weather!")
    def f(x: int) -> None:
        """Doc."""

    with pytest.raises(SchemaFormatError) as info:
        f.to_json(sdk.fmt)
    message = str(info.value)
    assert f"{sdk.label} requires tool names matching {provider.name_pattern}" in message
    assert "'get weather!'" in message and "name=" in message


def _named(name: str) -> tool2schema.Tool[Any, Any]:
    def f(x: int) -> int:
        """Doc."""
        return x

    return tool(f, name=name)


def test_longest_allowed_name_is_accepted_by_the_sdk(sdk: ProviderSDK) -> None:
    provider = providers.get(sdk.fmt)
    longest = {"^[a-zA-Z0-9_-]{1,64}$": 64, r"^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$": 64, "^[A-Za-z0-9_.-]{1,128}$": 128, "^[a-zA-Z0-9_-]{1,128}$": 128}[provider.name_pattern]
    sdk.check_tool(dict(_named("a" * longest).to_json(sdk.fmt)), strict=None)
    with pytest.raises(SchemaFormatError, match=str(longest)):
        _named("a" * (longest + 1)).to_json(sdk.fmt)



def test_text_of_a_response(sdk: ProviderSDK) -> None:
    response = sdk.response([("get_weather", {"location": "Quito"}, "call_1")])
    expected = None if sdk.fmt == "mcp" else "Let me check."
    assert providers.get(sdk.fmt).text(response) == expected


__all__ = [name for name in dict(globals()) if name.startswith("test_")]
