"""Provider anthropic: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

import datetime
import json
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, Field

from tool2schema import SchemaFormatError, ToolDefinitionError, ToolRegistry, providers, tool

from .. import corpus
from ..helpers import check_typed_dict, claude_strict_violations
from .common import *  # noqa: F403

PROVIDER = "anthropic"


class Period(BaseModel):
    start: datetime.date
    end: Annotated[int, Field(ge=0, le=10)]


class Note(BaseModel):
    text: Annotated[str, Field(max_length=20)]


@tool
def plan(period: Period, notes: list[Note], count: Annotated[int, Field(ge=1)] = 1) -> int:
    """Plan a period."""
    return count


def test_strict_records_what_it_restated_with_dotted_paths() -> None:
    conversion = providers.get("anthropic").convert(plan.definition(), True)
    restated = {(d.path, d.keyword, d.value) for d in conversion.dropped if d.restated}
    # array items add no path segment: notes.text, not notes.items.text
    assert restated == {("period.end", "minimum", 0), ("period.end", "maximum", 10), ("notes.text", "maxLength", 20), ("count", "minimum", 1)}
    schema = conversion.schema
    assert claude_strict_violations(schema) == []
    end = schema["properties"]["period"]["properties"]["end"]
    assert "at least 0" in end["description"].lower() and "at most 10" in end["description"].lower()
    assert providers.get("anthropic").convert(plan.definition(), False).dropped == ()


def test_restated_constraints_are_still_enforced_at_dispatch() -> None:
    from anthropic.types import ToolUseBlock

    schema = plan.to_json("anthropic", strict=True)["input_schema"]
    assert "minimum" not in json.dumps(schema) and "maxLength" not in json.dumps(schema)
    registry = ToolRegistry([plan])
    args = {"period": {"start": "2026-01-01", "end": 11}, "notes": [{"text": "x" * 21}], "count": 0}
    result = registry.dispatch(ToolUseBlock(type="tool_use", id="toolu_1", name="plan", input=args))
    assert result.is_error and result.error_kind == "invalid_arguments"
    for where in ("period.end", "notes.0.text", "count"):
        assert where in result.content
    assert result.to_message()["tool_use_id"] == "toolu_1"


def test_strict_limit_on_optional_parameters_is_stated() -> None:
    fields = {f"p{i}": (int, 0) for i in range(25)}
    from pydantic import create_model

    wide = tool(create_model("Wide", **fields))  # type: ignore[call-overload]
    with pytest.raises(SchemaFormatError, match=r"tool 'wide': Anthropic strict mode allows at most 24 optional parameters.*25.*strict=False"):
        wide.to_json("anthropic", strict=True)
    assert wide.to_json("anthropic")


def test_input_examples_from_decorator_and_docstring() -> None:
    from anthropic.types import ToolParam

    @tool(examples=[{"city": "Quito"}])
    def weather(city: str, days: int = 1) -> str:
        """Forecast.

        Args:
            city: City name.
            days: How many days.

        Examples:
            {"city": "Lima", "days": 3}
            >>> weather("Lima")
        """
        return city

    out = weather.to_json("anthropic")
    check_typed_dict(ToolParam, out)
    assert out["input_examples"] == [{"city": "Quito"}, {"city": "Lima", "days": 3}]
    strict = weather.to_json("anthropic", strict=True)
    check_typed_dict(ToolParam, strict)
    assert strict["input_examples"] == out["input_examples"]
    assert "Examples" not in out["description"]


def test_an_invalid_example_is_named_at_first_build() -> None:
    @tool(examples=[{"city": "Quito"}, {"city": "Lima", "days": "many"}])
    def weather(city: str, days: int = 1) -> str:
        """Forecast."""
        return city

    with pytest.raises(ToolDefinitionError, match=r"""(?s)tool 'weather': example 2 \{"city": "Lima", "days": "many"\} is not valid.*days"""):
        weather.to_json("anthropic")

    @tool
    def moon(phase: str) -> str:
        """Moon.

        Examples:
            {"phase": "full"
        """
        return phase

    with pytest.raises(ToolDefinitionError, match=r"tool 'moon': the Examples section line .* is not a JSON object"):
        moon.to_json("openai")

    with pytest.raises(TypeError, match="examples takes a list of dicts"):
        tool(examples={"city": "x"})(lambda city: city)  # type: ignore[arg-type]


def test_tool_choice_forces_one_tool() -> None:
    from anthropic.types import ToolChoiceParam

    provider = providers.get("anthropic")
    check_typed_dict(ToolChoiceParam, provider.tool_choice(["plan"], True))
    assert provider.tool_choice(["plan"], True) == {"type": "tool", "name": "plan"}
    assert provider.tool_choice(["plan", "x"], True) == {"type": "any"}
    assert corpus.search.to_json("anthropic", strict=True)["strict"] is True


def test_strict_limit_on_union_parameters_is_stated() -> None:
    from typing import Optional

    from pydantic import create_model

    fields: dict[str, Any] = {f"p{i}": (Optional[int], ...) for i in range(17)}
    unions = tool(create_model("Unions", **fields))
    with pytest.raises(SchemaFormatError, match=r"tool 'unions': Anthropic strict mode allows at most 16 union-typed parameters.*17.*strict=False"):
        unions.to_json("anthropic", strict=True)
    fields.pop("p16")
    schema = tool(create_model("Fewer", **fields)).to_json("anthropic", strict=True)["input_schema"]
    assert claude_strict_violations(schema) == []
