"""Tools written the way the users of other tool libraries write them.

One section per library: each re-creates, in our own words, the conventions that
library documents for defining a tool, and asserts the facts a user moving to
tool2schema relies on (name, description, parameter descriptions, ``required``, types,
enums, defaults, dispatch). None of those libraries is imported. Where tool2schema
deliberately differs (docs/migration.md, "Coming from ..."), the test asserts our
documented behaviour.

The whole module uses postponed annotations (``from __future__ import annotations``),
so every annotation below is a string that tool2schema resolves.
"""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import json
from typing import Annotated, Any, Literal, Optional

import pytest
from pydantic import BaseModel, Field

from tool2schema import Injected, SchemaFormatError, Tool, ToolRegistry, tool

from .helpers import check_draft2020, parameters_of, strict_violations, validator


def props(t: Tool[Any, Any], fmt: str = "openai") -> dict[str, Any]:
    return parameters_of(t, fmt)["properties"]  # type: ignore[no-any-return]


def run(registry: ToolRegistry, name: str, arguments: Any, context: Optional[dict[str, Any]] = None) -> Any:
    result = registry.dispatch({"name": name, "arguments": arguments}, context=context)
    assert not result.is_error, result.content
    return result.value


class Unit(enum.Enum):
    CELSIUS = "c"
    FAHRENHEIT = "f"


# -- LangChain: @tool functions, Annotated strings, Google docstrings -------------------


@tool
def get_forecast(
    city: Annotated[str, "City name, e.g. 'Lisbon'"],
    days: Annotated[int, "Days ahead, 1 to 7"] = 1,
    unit: Unit = Unit.CELSIUS,
    *extra: str,
) -> str:
    """Get the weather forecast for a city.

    Uses the public weather service.

    Args:
        city: Overridden by the Annotated string.
        days: Overridden by the Annotated string.
        unit: Temperature unit.

    Returns:
        The forecast as text.
    """
    return f"{city}:{days}:{unit.name}"


def test_langchain_tool_with_annotated_strings_and_google_docstring() -> None:
    assert get_forecast.name == "get_forecast"
    # summary + long description; the Args:/Returns: sections are not part of it
    assert get_forecast.description == "Get the weather forecast for a city.\n\nUses the public weather service."
    for fmt in ("openai", "anthropic", "gemini", "mcp"):
        p = props(get_forecast, fmt)
        assert list(p) == ["city", "days", "unit"], fmt  # *extra is left out
        assert p["city"]["description"] == "City name, e.g. 'Lisbon'"
        assert p["days"]["description"] == "Days ahead, 1 to 7"
        assert p["unit"]["description"] == "Temperature unit."
    p = props(get_forecast)
    assert p["days"]["type"] == "integer" and p["days"]["default"] == 1
    assert p["unit"]["enum"] == ["CELSIUS", "FAHRENHEIT"] and p["unit"]["default"] == "CELSIUS"  # member names
    assert parameters_of(get_forecast)["required"] == ["city"]
    registry = ToolRegistry([get_forecast])
    assert run(registry, "get_forecast", '{"city": "Lisbon", "days": "3", "unit": "FAHRENHEIT"}') == "Lisbon:3:FAHRENHEIT"
    # a member's value is not what the schema lists: refused, as tool2schema 2.x did (LangChain would take it)
    refused = registry.dispatch({"name": "get_forecast", "arguments": '{"city": "Porto", "unit": "f"}'})
    assert refused.error_kind == "invalid_arguments" and "'CELSIUS' or 'FAHRENHEIT'" in refused.content


def test_langchain_enum_values_with_enum_style_value() -> None:
    @tool(enum_style="value")
    def convert(temperature: float, to: Unit) -> float:
        """Convert a temperature."""
        return temperature

    assert props(convert)["to"]["enum"] == ["c", "f"]
    assert run(ToolRegistry([convert]), "convert", '{"temperature": 1, "to": "f"}') == 1.0


# -- pydantic-ai: Field descriptions, griffe-style docstrings, context first --------------


@dataclasses.dataclass
class Deps:
    user_id: int


@tool
def roll_dice(
    ctx: Annotated[Deps, Injected],
    sides: int = Field(6, ge=2, description="Faces on the die"),
    times: Annotated[int, Field(ge=1, le=10)] = 1,
    label: str = "",
) -> list[int]:
    """Roll dice for the current user.

    Args:
        ctx: The run context (never shown to the model).
        sides (int): Overridden by the Field description.
        times (int): How many dice to roll.
        label: A free-text label.

    Returns:
        list[int]: The rolls.
    """
    return [ctx.user_id % sides + 1] * times


def test_pydantic_ai_tool_with_field_descriptions_and_context() -> None:
    assert roll_dice.name == "roll_dice"
    assert roll_dice.description == "Roll dice for the current user."  # no <returns> block
    p = props(roll_dice)
    assert list(p) == ["sides", "times", "label"]  # the context parameter is not in the schema
    assert p["sides"] == {"type": "integer", "minimum": 2, "default": 6, "description": "Faces on the die"}
    assert p["times"] == {"type": "integer", "minimum": 1, "maximum": 10, "default": 1, "description": "How many dice to roll."}
    assert p["label"]["description"] == "A free-text label."
    assert "required" not in parameters_of(roll_dice)
    assert parameters_of(roll_dice).get("additionalProperties") is None  # extra keys are ignored by default
    registry = ToolRegistry([roll_dice])
    assert run(registry, "roll_dice", "{}", context={"ctx": Deps(4)}) == [5]
    assert run(registry, "roll_dice", '{"times": 2, "ctx": "ignored"}', context={"ctx": Deps(1)}) == [2, 2]
    assert registry.dispatch({"name": "roll_dice", "arguments": '{"sides": 1}'}, context={"ctx": Deps(1)}).is_error


def test_pydantic_ai_numpy_and_sphinx_docstrings() -> None:
    def numpy_style(query: str, limit: int = 3) -> list[str]:
        """Search the catalogue.

        Parameters
        ----------
        query : str
            Words to look for.
        limit : int
            Largest number of hits.
        """
        return [query] * limit

    def sphinx_style(query: str, limit: int = 3) -> list[str]:
        """Search the catalogue.

        :param query: Words to look for.
        :param limit: Largest number of hits.
        :return: The hits.
        """
        return [query] * limit

    for fn in (numpy_style, sphinx_style):
        t = tool(fn)
        assert t.description == "Search the catalogue."
        assert {k: v["description"] for k, v in props(t, "anthropic").items()} == {"query": "Words to look for.", "limit": "Largest number of hits."}


# -- openai-agents: function tools, strict schemas --------------------------------------


class Location(BaseModel):
    lat: float
    lng: float


@tool(strict=True)
async def fetch_weather(location: Location, unit: Literal["c", "f"] = "c", note: Optional[str] = None) -> str:
    """Fetch the weather for a location.

    Args:
        location: Where to look.
        unit: Temperature unit.
        note: Anything to pass along.
    """
    return f"{location.lat},{location.lng}:{unit}:{note}"


def test_openai_agents_function_tool_in_strict_mode() -> None:
    schema = parameters_of(fetch_weather)  # strict=True on the decorator: the default rendering
    assert fetch_weather.to_json()["function"]["strict"] is True
    assert not strict_violations(schema)
    assert schema["required"] == ["location", "unit", "note"]  # every key, as strict mode demands
    p = schema["properties"]
    assert p["location"]["required"] == ["lat", "lng"] and p["location"]["additionalProperties"] is False
    assert validator(p["unit"]).is_valid(None)  # has a default: nullable, null means "use it"
    assert validator(p["note"]).is_valid(None)
    assert not validator(p["location"]).is_valid(None)
    assert fetch_weather.to_json("openai-responses")["strict"] is True
    answer = {"location": {"lat": 1.5, "lng": 2}, "unit": None, "note": None}
    assert validator(schema).is_valid(answer)
    result = asyncio.run(ToolRegistry([fetch_weather]).adispatch({"name": "fetch_weather", "arguments": json.dumps(answer)}))
    assert result.value == "1.5,2.0:c:None", result.content


def test_openai_agents_strict_mode_refuses_free_form_dicts() -> None:
    @tool
    def tag_items(tags: dict[str, str]) -> int:
        """Tag items."""
        return len(tags)

    with pytest.raises(SchemaFormatError, match=r"tool 'tag_items', parameter tags: .*free-form mapping"):
        tag_items.to_json("openai", strict=True)
    assert props(tag_items)["tags"] == {"type": "object", "additionalProperties": {"type": "string"}}  # non-strict is fine


# -- fastmcp: Annotated[..., Field(...)] metadata and defaults ----------------------------


@tool
def list_files(
    path: Annotated[str, Field(description="Directory to list", min_length=1)],
    pattern: Annotated[str, Field(default="*", description="Glob pattern")],
    limit: Annotated[int, Field(default=100, ge=1, le=1000, description="Most entries")],
    exclude: Annotated[list[str], Field(default_factory=list, description="Names to skip")],
    sort: Annotated[Literal["name", "size"], Field(description="Sort key")] = "name",
) -> dict[str, Any]:
    """List the files of a directory."""
    exclude.append("__pycache__")
    return {"path": path, "pattern": pattern, "limit": limit, "exclude": exclude, "sort": sort}


@pytest.mark.parametrize("fmt", ["mcp", "openai", "anthropic", "gemini"])
def test_fastmcp_annotated_field_defaults(fmt: str) -> None:
    schema = parameters_of(list_files, fmt)
    assert schema["required"] == ["path"]  # a default in Field(...) makes a parameter optional
    p = schema["properties"]
    assert p["pattern"]["default"] == "*" and p["limit"]["default"] == 100
    assert p["exclude"]["description"] == "Names to skip" and "default" not in p["exclude"]
    assert p["sort"]["enum"] == ["name", "size"] and p["sort"]["default"] == "name"
    if fmt != "gemini":
        check_draft2020(schema)
        assert p["limit"]["minimum"] == 1 and p["limit"]["maximum"] == 1000
        assert p["path"]["minLength"] == 1


def test_fastmcp_tool_served_and_dispatched() -> None:
    registry = ToolRegistry([list_files])
    assert run(registry, "list_files", '{"path": "/tmp"}') == {"path": "/tmp", "pattern": "*", "limit": 100, "exclude": ["__pycache__"], "sort": "name"}
    assert run(registry, "list_files", {"path": "/tmp"})["exclude"] == ["__pycache__"]  # a fresh list per call
    import mcp.types

    listed = mcp.types.Tool.model_validate(list_files.to_json("mcp"))
    assert listed.name == "list_files" and listed.description == "List the files of a directory."
    call = mcp.types.CallToolRequestParams(name="list_files", arguments={"path": "/srv", "limit": 5})
    assert run_call(registry, call)["limit"] == 5
    result = registry.dispatch(mcp.types.CallToolRequestParams(name="list_files", arguments={"path": ""}))
    assert result.is_error and "path" in result.content


def run_call(registry: ToolRegistry, call: Any) -> Any:
    result = registry.dispatch(call)
    assert not result.is_error, result.content
    return result.value


# -- llama-index: FunctionTool with Annotated strings, callable classes --------------------


def multiply(a: Annotated[int, "The first factor"], b: Annotated[int, "The second factor"] = 2, **options: Any) -> int:
    """Multiply two integers."""
    return a * b


class WordCounter:
    """Count the words of a text."""

    def __init__(self, separator: str = " ") -> None:
        self.separator = separator

    def __call__(self, text: Annotated[str, "The text to count"], unique: bool = False) -> int:
        """Return the number of words.

        Args:
            unique: Count each distinct word once.
        """
        words = text.split(self.separator)
        return len(set(words)) if unique else len(words)


def test_llama_index_function_tool_with_annotated_strings() -> None:
    t = tool(multiply)
    assert t.name == "multiply" and t.description == "Multiply two integers."  # no signature in it
    assert props(t) == {
        "a": {"type": "integer", "description": "The first factor"},
        "b": {"type": "integer", "default": 2, "description": "The second factor"},
    }  # **options is left out
    assert parameters_of(t)["required"] == ["a"]
    assert run(ToolRegistry([t]), "multiply", '{"a": 3}') == 6


def test_llama_index_callable_class() -> None:
    counter = tool(WordCounter(), name="count_words")
    assert counter.name == "count_words"
    assert counter.description == "Count the words of a text."  # the class docstring first
    assert {k: v.get("description") for k, v in props(counter).items()} == {"text": "The text to count", "unique": "Count each distinct word once."}
    assert run(ToolRegistry([counter]), "count_words", '{"text": "a b a", "unique": true}') == 2
    assert tool(WordCounter()).name == "word_counter"  # without name=: the class name in snake_case


# -- model tools (LangChain args_schema, openai.pydantic_function_tool) ---------------------


class GetStockPriceArgs(BaseModel):
    """Look up the latest price of a stock."""

    ticker: str = Field(description="Exchange ticker, e.g. 'ACME'")
    currency: Literal["USD", "EUR"] = Field("USD", description="Price currency")
    exchange: Annotated[Optional[str], "ignored: Pydantic reads Field, not plain strings"] = None


def test_model_tool() -> None:
    t = tool(GetStockPriceArgs)
    assert t.name == "get_stock_price"  # snake_case, trailing Args removed
    assert t.description == "Look up the latest price of a stock."
    p = props(t)
    assert p["ticker"] == {"type": "string", "description": "Exchange ticker, e.g. 'ACME'"}
    assert p["currency"] == {"type": "string", "enum": ["USD", "EUR"], "default": "USD", "description": "Price currency"}
    assert "description" not in p["exchange"]  # inside your own models, Pydantic's rules apply
    assert parameters_of(t)["required"] == ["ticker"]
    assert not strict_violations(parameters_of(t, strict=True))
    value = run(ToolRegistry([t]), "get_stock_price", '{"ticker": "ACME"}')
    assert value == GetStockPriceArgs(ticker="ACME")


# -- postponed annotations (this whole module) -----------------------------------------------


class Inventory:
    """Stock levels of a warehouse."""

    class Query(BaseModel):
        sku: str
        warehouse: Optional[str] = None

    def __init__(self) -> None:
        self.levels = {"A": 3}

    @tool
    def level(self, query: Query, unit: Unit = Unit.CELSIUS) -> int:
        """The stock level of one item."""
        return self.levels.get(query.sku, 0)

    def __call__(self, queries: list[Query]) -> list[int]:
        return [self.levels.get(q.sku, 0) for q in queries]


def test_postponed_annotations_resolve_everywhere() -> None:
    for t in (get_forecast, roll_dice, fetch_weather, list_files, tool(multiply)):
        assert all(isinstance(v, dict) for v in props(t).values())  # every hint was resolved
    inventory = Inventory()
    bound = inventory.level
    whole = tool(inventory)
    assert whole.description == "Stock levels of a warehouse."
    assert props(bound)["query"]["properties"]["sku"] == {"type": "string"}
    assert props(whole)["queries"]["items"]["required"] == ["sku"]
    registry = ToolRegistry([bound, whole])
    assert run(registry, "level", '{"query": {"sku": "A"}}') == 3
    assert run(registry, "inventory", '{"queries": [{"sku": "A"}, {"sku": "B"}]}') == [3, 0]
