"""The documented retry loop, per provider: recorded responses (first invalid, then
valid) go through it and it ends with the typed value after exactly one retry. Every
request the loop sends is checked with the SDK's request types. And the registry side:
``ToolRegistry.request(output=)`` and ``dispatch_all(output=)``."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from tool2schema import Output, OutputError, ToolDefinitionError, ToolRegistry, to_messages, tool

from .sdk import ALL, IDS, SDK
from .types_ import CityLocation

LONDON = {"city": "London", "country": "United Kingdom"}


class Scripted:
    """A stand-in for the SDK's request call: checks each request, answers from a script."""

    def __init__(self, sdk: SDK, script: list[Any]) -> None:
        self.sdk = sdk
        self.script = list(script)
        self.requests = 0

    def __call__(self, history: list[Any], kwargs: dict[str, Any]) -> Any:
        self.sdk.check_request(history, kwargs)
        self.requests += 1
        return self.script.pop(0)


def run_loop(sdk: SDK, answer: Output[Any], create: Callable[[list[Any], dict[str, Any]], Any], tries: int = 3) -> Any:
    """The loop of docs/output.md."""
    history = list(sdk.first)
    for _ in range(tries):
        response = create(history, answer.request(sdk.format))
        try:
            return answer.parse(response)
        except OutputError as error:
            history += [*sdk.turn(response), error.to_message()]
    raise RuntimeError("no valid answer")


SCRIPTS = {
    "tool": lambda sdk: [sdk.call("final_result", {"city": "London"}, "call_1"), sdk.call("final_result", LONDON, "call_2")],
    "native": lambda sdk: [sdk.text('{"city": "London"}'), sdk.text('{"city": "London", "country": "United Kingdom"}')],
    "text": lambda sdk: [sdk.text("It was London."), sdk.call("final_result", LONDON, "call_2")],
}


@pytest.mark.parametrize("case", list(SCRIPTS))
@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_loop_ends_after_exactly_one_retry(sdk: SDK, case: str) -> None:
    answer = Output(CityLocation, mode="native" if case == "native" else "tool")
    create = Scripted(sdk, SCRIPTS[case](sdk))
    value = run_loop(sdk, answer, create)
    assert value == CityLocation(**LONDON)
    assert create.requests == 2 and create.script == []


def get_weather(city: str) -> str:
    """Get the current weather in a city."""
    return f"Sunny in {city}"


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_registry_request_with_output(sdk: SDK) -> None:
    registry = ToolRegistry([get_weather])
    answer = Output(CityLocation)
    kwargs = registry.request(sdk.format, output=answer)
    sdk.check_request(sdk.first, kwargs)
    plain = registry.request(sdk.format)
    sdk.check_request(sdk.first, plain)
    text = repr(kwargs)
    assert "get_weather" in text and "final_result" in text and "final_result" not in repr(plain)
    # the choice requires a tool call (any of them), not one named tool
    if sdk.format == "anthropic":
        assert kwargs["tool_choice"] == {"type": "any"} and plain["tool_choice"] == {"type": "auto"}
    elif sdk.format == "bedrock":
        assert kwargs["toolConfig"]["toolChoice"] == {"any": {}}
    elif sdk.format == "gemini":
        assert kwargs["tool_config"]["function_calling_config"] == {"mode": "ANY", "allowed_function_names": ["get_weather", "final_result"]}
    else:
        assert kwargs["tool_choice"] == "required" and plain["tool_choice"] == "auto"
    native = registry.request(sdk.format, output=Output(CityLocation, mode="native"))
    sdk.check_request(sdk.first, native)


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_agent_loop_with_ordinary_tools_first(sdk: SDK) -> None:
    """The model calls an ordinary tool, then answers through the output tool."""
    registry = ToolRegistry([get_weather])
    answer = Output(CityLocation)
    script = [sdk.call("get_weather", {"city": "London"}, "call_1"), sdk.call("final_result", LONDON, "call_2")]
    create = Scripted(sdk, script)
    history = list(sdk.first)
    for _ in range(3):
        response = create(history, registry.request(sdk.format, output=answer))
        results = registry.dispatch_all(response, output=answer)
        if results:
            history += [*sdk.turn(response), *to_messages(results)]
            continue
        value = answer.parse(response)
        break
    assert value == CityLocation(**LONDON) and create.requests == 2


def test_dispatch_all_skips_output_calls() -> None:
    from .sdk import ANTHROPIC

    registry = ToolRegistry([get_weather])
    answer = Output(CityLocation)
    response = ANTHROPIC.call("final_result", LONDON, "c1")
    assert registry.dispatch_all(response, output=answer) == []
    unknown = registry.dispatch_all(response)  # without output=, an unknown tool as before
    assert len(unknown) == 1 and unknown[0].error_kind == "unknown_tool"


def test_output_names_must_not_collide_with_registry_tools() -> None:
    registry = ToolRegistry([tool(get_weather, name="final_result")])
    with pytest.raises(ToolDefinitionError, match="final_result"):
        registry.request("openai", output=Output(CityLocation))
    assert "tools" in registry.request("openai", output=Output(CityLocation, name="answer"))
