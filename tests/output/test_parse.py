"""``Output.parse`` on responses built with each SDK's own types, every ``OutputError``
kind, and ``to_message()`` inside a full next request the SDK accepts."""

from __future__ import annotations

import json
from typing import Any, Literal

import pytest

from tool2schema import Output, OutputError, Tool2SchemaError, ToolRegistry, tool

from .sdk import ALL, IDS, SDK
from .types_ import CityLocation, Continent, Flight, Hotel, Person, Point, Tagged, area, where

PARIS = {"city": "Paris", "country": "France"}


def _native(sdk: SDK, value: Any) -> Any:
    return sdk.text(value if isinstance(value, str) else json.dumps(value))


def _check_next(sdk: SDK, response: Any, error: OutputError) -> dict[str, Any]:
    """The correction message, checked inside the full next request the SDK takes."""
    message = error.to_message()
    history = [*sdk.first, *sdk.turn(response), message]
    sdk.check_request(history, Output(CityLocation).request(sdk.format))
    return message


# -- valid answers --------------------------------------------------------------------------


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_tool_call_gives_the_model_instance(sdk: SDK) -> None:
    value = Output(CityLocation).parse(sdk.call("final_result", PARIS, "call_1"))
    assert isinstance(value, CityLocation) and value.city == "Paris" and value.population is None


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_native_json_gives_the_model_instance(sdk: SDK) -> None:
    value = Output(CityLocation, mode="native").parse(_native(sdk, PARIS))
    assert value == CityLocation(city="Paris", country="France")


CASES: list[tuple[Any, dict[str, Any], Any]] = [
    (Point, {"x": 1, "y": "2.5"}, Point(1.0, 2.5)),
    (Person, {"name": "Ada", "age": "36"}, {"name": "Ada", "age": 36}),
    (area, {"width": 2, "height": 3}, "6.0 m2"),
    (int, {"result": 42}, 42),
    (list[str], {"result": ["a", "b"]}, ["a", "b"]),
    (Literal["yes", "no"], {"result": "no"}, "no"),
    (Continent, {"result": "eu"}, Continent.EUROPE),  # a wrapped enum: the schema lists its values
    (where, {"continent": "EUROPE", "population": "null"}, (Continent.EUROPE, None)),  # a function: enum names, "null"
    (CityLocation, {**PARIS, "population": 2_100_000.0}, CityLocation(**PARIS, population=2_100_000)),  # lax numbers
]


@pytest.mark.parametrize("mode", ["tool", "native"])
@pytest.mark.parametrize("target,args,expected", CASES, ids=[str(i) for i in range(len(CASES))])
@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_every_kind_of_type(sdk: SDK, mode: str, target: Any, args: dict[str, Any], expected: Any) -> None:
    answer = Output(target, mode=mode)
    response = sdk.call("final_result", args, "call_1") if mode == "tool" else _native(sdk, args)
    assert answer.parse(response) == expected


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_several_types(sdk: SDK) -> None:
    answer = Output([Flight, Hotel])
    assert answer.parse(sdk.call("final_result_Hotel", {"hotel": "Ritz", "nights": 2}, "c")) == Hotel(hotel="Ritz", nights=2)
    native = Output([Flight, Hotel], mode="native")
    assert native.parse(_native(sdk, {"result": {"flight_number": "AF1", "seats": 1}})) == Flight(flight_number="AF1", seats=1)


def test_same_validation_as_dispatch() -> None:
    """The coercions are dispatch's, nothing looser: what dispatch refuses, parse refuses."""
    registry = ToolRegistry([tool(CityLocation, name="final_result")])
    answer = Output(CityLocation)
    for args in ({**PARIS, "population": -1}, {"city": "Paris"}, {**PARIS, "population": "many"}, {**PARIS, "population": "12"}):
        call = {"id": "c", "type": "function", "function": {"name": "final_result", "arguments": json.dumps(args)}}
        result = registry.dispatch(call)
        if result.is_error:
            with pytest.raises(OutputError) as info:
                answer.parse(call)
            assert info.value.content == result.message and info.value.kind == result.error_kind
        else:
            assert answer.parse(call) == result.value


def test_parse_takes_a_message_or_one_call() -> None:
    from tests.output.sdk import ANTHROPIC, BEDROCK, GEMINI, OPENAI

    answer = Output(CityLocation)
    chat = OPENAI.call("final_result", PARIS, "c1")
    assert answer.parse(chat.choices[0].message) == CityLocation(**PARIS)
    assert answer.parse(chat.choices[0].message.tool_calls[0]) == CityLocation(**PARIS)
    claude = ANTHROPIC.call("final_result", PARIS, "c1")
    assert answer.parse(claude.content[0]) == CityLocation(**PARIS)
    assert answer.parse(claude.model_dump()) == CityLocation(**PARIS)
    gemini = GEMINI.call("final_result", PARIS, "c1")
    assert answer.parse(gemini.candidates[0].content) == CityLocation(**PARIS)
    bedrock = BEDROCK.call("final_result", PARIS, "c1")
    assert answer.parse(bedrock["output"]["message"], "bedrock") == CityLocation(**PARIS)
    assert answer.parse(bedrock["output"]["message"]) == CityLocation(**PARIS)


def test_wrong_format_says_what_was_seen() -> None:
    from tests.output.sdk import ANTHROPIC

    with pytest.raises(ValueError, match=r"looks like a Anthropic \(anthropic\) response"):
        Output(CityLocation).parse(ANTHROPIC.call("final_result", PARIS, "c1"), format="openai")
    with pytest.raises(ValueError, match="not a response"):
        Output(CityLocation).parse(42)


# -- failures -------------------------------------------------------------------------------


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_invalid_arguments_answered_with_a_tool_result(sdk: SDK) -> None:
    response = sdk.call("final_result", {"city": "Paris", "population": -3}, "call_9")
    with pytest.raises(OutputError) as info:
        Output(CityLocation).parse(response)
    error = info.value
    assert isinstance(error, Tool2SchemaError) and error.kind == "invalid_arguments"
    assert "'country' is required" in error.content and "'population'" in error.content and "greater than or equal to 0" in error.content
    assert "Traceback" not in error.content and "http" not in error.content
    message = _check_next(sdk, response, error)
    text = json.dumps(message, default=str)
    assert "call_9" in text and "country" in text
    if sdk.format == "anthropic":
        assert message["content"][0]["is_error"] is True
    elif sdk.format == "bedrock":
        assert message["content"][0]["toolResult"]["status"] == "error"
    elif sdk.format == "gemini":
        assert "error" in message["parts"][0]["function_response"]["response"]


@pytest.mark.parametrize("sdk", [s for s in ALL if s.format.startswith("openai")], ids=lambda s: s.format)
def test_invalid_json_arguments(sdk: SDK) -> None:
    response = sdk.call("final_result", '{"city": "Paris", "country": ', "call_2")
    with pytest.raises(OutputError) as info:
        Output(CityLocation).parse(response)
    assert info.value.kind == "invalid_json" and "not valid JSON" in info.value.content
    _check_next(sdk, response, info.value)


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_text_instead_of_the_call(sdk: SDK) -> None:
    response = sdk.text("The 2012 Olympics were in London.")
    with pytest.raises(OutputError) as info:
        Output(CityLocation).parse(response)
    error = info.value
    assert error.kind == "text_instead" and error.call is None and "final_result" in error.content
    message = _check_next(sdk, response, error)
    assert "final_result" in json.dumps(message, default=str)


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_no_output(sdk: SDK) -> None:
    with pytest.raises(OutputError) as info:
        Output(CityLocation).parse(sdk.empty())
    assert info.value.kind == "no_output"


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_refusal_is_reported(sdk: SDK) -> None:
    with pytest.raises(OutputError) as info:
        Output(CityLocation, mode="native").parse(sdk.refusal())
    assert info.value.refusal and info.value.kind in ("text_instead", "no_output")


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_native_failures(sdk: SDK) -> None:
    answer = Output(CityLocation, mode="native")
    cases = [
        ("Sure! It was London.", "text_instead"),
        ('{"city": "London", "country": ', "invalid_json"),
        (json.dumps({"city": "London"}), "invalid_arguments"),
    ]
    for text, kind in cases:
        response = sdk.text(text)
        with pytest.raises(OutputError) as info:
            answer.parse(response)
        error = info.value
        assert error.kind == kind, (text, error.kind)
        assert error.call is None and "tool" not in error.content.lower()
        _check_next(sdk, response, error)
    with pytest.raises(OutputError) as info:
        answer.parse(sdk.text(json.dumps({"city": "London"})))
    assert "'country' is required" in info.value.content


def test_an_ordinary_tool_call_is_not_an_answer() -> None:
    from tests.output.sdk import ANTHROPIC

    with pytest.raises(OutputError) as info:
        Output(CityLocation).parse(ANTHROPIC.call("get_weather", {"city": "Paris"}, "c"))
    assert info.value.kind == "no_output" and "get_weather" in info.value.content


def test_function_output_runs_the_function_with_validated_arguments() -> None:
    calls: list[tuple[float, float]] = []

    def record(width: float, height: float) -> float:
        """Record a rectangle."""
        calls.append((width, height))
        return width * height

    answer = Output(record)
    with pytest.raises(OutputError):
        answer.parse({"name": "final_result", "arguments": {"width": "wide", "height": 2}})
    assert calls == []  # never called with arguments the schema rejects
    assert answer.parse({"name": "final_result", "arguments": {"width": "3", "height": 2}}) == 6.0


def test_free_form_type_validates_its_mapping() -> None:
    answer = Output(Tagged)
    value = answer.parse({"name": "final_result", "arguments": {"continent": "as", "tags": {"a": 1}}})
    assert value == Tagged(continent=Continent.ASIA, tags={"a": 1})


def test_parse_takes_the_output_or_content_list() -> None:
    from tests.output.sdk import ANTHROPIC, RESPONSES

    answer = Output(CityLocation)
    assert answer.parse(RESPONSES.call("final_result", PARIS, "c1").output) == CityLocation(**PARIS)
    assert answer.parse(ANTHROPIC.call("final_result", PARIS, "c1").content) == CityLocation(**PARIS)
    native = Output(CityLocation, mode="native")
    assert native.parse(RESPONSES.text(json.dumps(PARIS)).output) == CityLocation(**PARIS)
    assert native.parse(ANTHROPIC.text(json.dumps(PARIS)).content) == CityLocation(**PARIS)


def test_a_tool_as_output_type_and_junk_input() -> None:
    answer = Output(tool(CityLocation, name="city_tool"))
    assert answer.names == ["final_result"]
    assert answer.parse({"name": "final_result", "arguments": PARIS}) == CityLocation(**PARIS)
    for junk in (None, "text", 3.5, [], {"what": 1}):
        with pytest.raises(ValueError, match="not a response"):
            answer.parse(junk)
