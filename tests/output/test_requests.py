"""``Output.request`` gives what each provider SDK's request call takes, in both modes."""

from __future__ import annotations

import json
from typing import Any, Literal, Optional

import pytest

from tool2schema import Output, SchemaFormatError, ToolDefinitionError
from tool2schema.calls import member

from ..helpers import check_draft2020
from .sdk import ALL, IDS, SDK
from .types_ import CityLocation, Flight, Hotel, Person, Point, Tagged, area

TYPES: dict[str, Any] = {
    "model": CityLocation,
    "dataclass": Point,
    "typeddict": Person,
    "function": area,
    "int": int,
    "list": list[str],
    "literal": Literal["yes", "no"],
    "several": [Flight, Hotel],
    "mixed": [CityLocation, int],
    "free-form": Tagged,
}


def _tools(fmt: str, kwargs: dict[str, Any]) -> list[dict[str, Any]]:
    """The tool definitions of a request, whatever the provider's nesting."""
    if fmt == "bedrock":
        return [t["toolSpec"] for t in kwargs["toolConfig"]["tools"]]
    if fmt == "gemini":
        return list(kwargs["tools"][0]["function_declarations"])
    return [t.get("function", t) for t in kwargs["tools"]]


def _strict_flags(fmt: str, kwargs: dict[str, Any]) -> list[Optional[bool]]:
    return [t.get("strict") for t in _tools(fmt, kwargs)]


def _native_schema(fmt: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    if fmt == "openai":
        return kwargs["response_format"]["json_schema"]["schema"]  # type: ignore[no-any-return]
    if fmt == "openai-responses":
        return kwargs["text"]["format"]["schema"]  # type: ignore[no-any-return]
    if fmt == "anthropic":
        return kwargs["output_config"]["format"]["schema"]  # type: ignore[no-any-return]
    if fmt == "gemini":
        return kwargs["response_json_schema"]  # type: ignore[no-any-return]
    return json.loads(kwargs["outputConfig"]["textFormat"]["structure"]["jsonSchema"]["schema"])  # type: ignore[no-any-return]


@pytest.mark.parametrize("strict", [None, True, False])
@pytest.mark.parametrize("kind", list(TYPES))
@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_tool_mode_request_is_accepted_by_the_sdk(sdk: SDK, kind: str, strict: Optional[bool]) -> None:
    answer = Output(TYPES[kind])
    if strict and (sdk.format == "gemini" or kind == "free-form"):
        with pytest.raises(SchemaFormatError):
            answer.request(sdk.format, strict=strict)
        return
    kwargs = answer.request(sdk.format, strict=strict)
    sdk.check_request(sdk.first, kwargs)
    tools = _tools(sdk.format, kwargs)
    several = isinstance(TYPES[kind], list)
    assert [t["name"] for t in tools] == (
        [f"final_result_{t.__name__}" for t in TYPES[kind]] if several else ["final_result"]
    )
    flags = _strict_flags(sdk.format, kwargs)
    if sdk.format == "gemini" or strict is False or kind == "free-form":
        assert not any(flags)  # never a strict flag where none was possible or wanted
    else:
        assert all(flags)
    # the tool choice forces a call to one of the output tools
    names = [t["name"] for t in tools]
    if sdk.format == "gemini":
        assert kwargs["tool_config"]["function_calling_config"] == {"mode": "ANY", "allowed_function_names": names}
    elif sdk.format == "bedrock":
        assert kwargs["toolConfig"]["toolChoice"] == ({"tool": {"name": names[0]}} if len(names) == 1 else {"any": {}})
    elif sdk.format == "anthropic":
        assert kwargs["tool_choice"] == ({"type": "tool", "name": names[0]} if len(names) == 1 else {"type": "any"})
    else:
        choice = kwargs["tool_choice"]
        assert choice == "required" if len(names) > 1 else member(member(choice, "function") or choice, "name") == names[0]


@pytest.mark.parametrize("strict", [None, True, False])
@pytest.mark.parametrize("kind", list(TYPES))
@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_native_mode_request_is_accepted_by_the_sdk(sdk: SDK, kind: str, strict: Optional[bool]) -> None:
    target = TYPES[kind]
    answer = Output(target, mode="native")
    subset = sdk.format in ("anthropic", "bedrock")  # every native schema is held to the strict subset
    impossible = (strict and sdk.format == "gemini") or (kind == "free-form" and (subset or strict))
    if impossible:
        with pytest.raises(SchemaFormatError) as info:
            answer.request(sdk.format, strict=strict)
        if subset and kind == "free-form":
            assert "Tagged" in str(info.value) and "mode='tool'" in str(info.value)
        return
    kwargs = answer.request(sdk.format, strict=strict)
    sdk.check_request(sdk.first, kwargs)
    schema = _native_schema(sdk.format, kwargs)
    check_draft2020(schema)
    assert schema["type"] == "object"
    if isinstance(target, list) or kind in ("int", "list", "literal"):
        assert list(schema["properties"]) == ["result"]  # wrapped, and unwrapped by parse
    if sdk.format == "openai":
        flag = kwargs["response_format"]["json_schema"].get("strict")
    elif sdk.format == "openai-responses":
        flag = kwargs["text"]["format"].get("strict")
    else:
        flag = None  # these APIs have no strict flag on native output
    assert bool(flag) == (sdk.format in ("openai", "openai-responses") and strict is not False and kind != "free-form")


def test_several_types_in_native_mode_are_one_union() -> None:
    kwargs = Output([Flight, Hotel], mode="native").request("openai")
    schema = kwargs["response_format"]["json_schema"]["schema"]
    branches = schema["properties"]["result"]["anyOf"]
    assert [sorted(b["properties"]) for b in branches] == [["flight_number", "seats"], ["hotel", "nights"]]


def test_strict_none_falls_back_to_a_plain_schema_only_where_strict_is_impossible() -> None:
    kwargs = Output(Tagged).request("openai")
    fn = kwargs["tools"][0]["function"]
    assert "strict" not in fn and fn["parameters"]["properties"]["tags"]["additionalProperties"] == {"type": "integer"}
    with pytest.raises(SchemaFormatError, match="tags"):
        Output(Tagged, strict=True).request("openai")
    with pytest.raises(SchemaFormatError, match="tags"):
        Output(Tagged).request("anthropic", strict=True)


def test_request_strict_overrides_the_output_strict() -> None:
    answer = Output(CityLocation, strict=False)
    assert "strict" not in answer.request("anthropic")["tools"][0]
    assert answer.request("anthropic", strict=True)["tools"][0]["strict"] is True


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_force_false_gives_auto(sdk: SDK) -> None:
    kwargs = Output(CityLocation).request(sdk.format, force=False)
    sdk.check_request(sdk.first, kwargs)
    choice = {
        "openai": lambda k: k["tool_choice"],
        "openai-responses": lambda k: k["tool_choice"],
        "anthropic": lambda k: k["tool_choice"]["type"],
        "gemini": lambda k: k["tool_config"]["function_calling_config"]["mode"],
        "bedrock": lambda k: next(iter(k["toolConfig"]["toolChoice"])),
    }[sdk.format](kwargs)
    assert choice.lower() == "auto"


def test_name_and_description_are_overridable() -> None:
    kwargs = Output(CityLocation, name="answer", description="The answer.").request("anthropic")
    assert kwargs["tools"][0]["name"] == "answer" and kwargs["tools"][0]["description"] == "The answer."
    kwargs = Output([Flight, Hotel], name="book").request("anthropic")
    assert [t["name"] for t in kwargs["tools"]] == ["book_Flight", "book_Hotel"]
    assert kwargs["tools"][0]["description"] == "A flight booking."  # from the docstring


def test_mcp_has_neither_mode() -> None:
    for mode in ("tool", "native"):
        with pytest.raises(SchemaFormatError, match="MCP"):
            Output(CityLocation, mode=mode).request("mcp")


def test_bad_construction() -> None:
    with pytest.raises(ToolDefinitionError, match="empty"):
        Output([])
    with pytest.raises(ValueError, match="mode"):
        Output(CityLocation, mode="json")

    class NotAType:
        pass

    with pytest.raises(ToolDefinitionError, match="NotAType"):
        Output(NotAType)
    with pytest.raises(ToolDefinitionError, match="functions"):
        Output([area, CityLocation], mode="native")
    with pytest.raises(ToolDefinitionError, match="final_result_CityLocation"):
        Output([CityLocation, CityLocation])


def test_import_stays_free_of_pydantic() -> None:
    import subprocess
    import sys

    code = (
        "import sys, tool2schema; assert 'pydantic' not in sys.modules, 'pydantic imported';"
        "from tool2schema import Output, OutputError; assert issubclass(OutputError, tool2schema.Tool2SchemaError)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("sdk", ALL, ids=IDS)
def test_the_sdk_checks_refuse_a_misspelt_key(sdk: SDK) -> None:
    """The request checks above can fail: a misspelt key is refused at any depth."""
    import copy

    kwargs = copy.deepcopy(Output(CityLocation).request(sdk.format))
    tool = _tools(sdk.format, kwargs)[0]
    tool["paramters"] = {}
    with pytest.raises(Exception):  # noqa: B017 - each SDK raises its own error type
        sdk.check_request(sdk.first, kwargs)
