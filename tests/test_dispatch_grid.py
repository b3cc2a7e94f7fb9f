"""Dispatch reads what the schema says, for every type, however it is wrapped, through
every entry point (API.md, Wave 3).

Pydantic is the oracle: for a parameter type ``W`` (a type of docs/types.md inside one of
the wrappers users write), a value ``v`` and ``text = TypeAdapter(W).dump_json(v)``, every
entry point must accept ``{"x": text}`` and hand the function a value equal to
``TypeAdapter(W).validate_json(text)`` (same type, same JSON). Values the tool's canonical
JSON Schema rejects (and no documented coercion applies to) must be refused without the
function running, and every value the oracle accepts must be valid against each format's
schema (JSON Schema validator, strict modes included).
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import decimal
import enum
import json
import pathlib
import uuid
from typing import Annotated, Any, Callable, Literal, Optional, Union

import anthropic
import anyio
import jsonschema
import mcp_types
import pytest
from google.genai import types as genai
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import Client
from openai.types.chat import ChatCompletionMessageFunctionToolCall
from openai.types.responses import ResponseFunctionToolCall
from pydantic import BaseModel, Field, TypeAdapter, create_model
from typing_extensions import TypedDict

import tool2schema
from tool2schema import Output, SchemaFormatError, ToolRegistry, tool


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


class Size(enum.IntEnum):
    SMALL = 1
    LARGE = 2


class Event(BaseModel):
    title: str
    when: Optional[dt.date] = None


@dataclasses.dataclass
class Slot:
    start: dt.datetime
    length: dt.timedelta = dt.timedelta(minutes=30)


class Place(TypedDict):
    name: str
    opens: dt.time


class Cat(BaseModel):
    kind: Literal["cat"] = "cat"
    lives: int


class Dog(BaseModel):
    kind: Literal["dog"] = "dog"
    good: bool


Pet = Annotated[Union[Cat, Dog], Field(discriminator="kind")]

UTC5 = dt.timezone(dt.timedelta(hours=-5))

# type -> hand-picked values (the ones hypothesis does not reach: offsets, weeks, exponents)
TYPES: dict[str, tuple[Any, list[Any]]] = {
    "str": (str, ["Quito", "null", ""]),
    "int": (int, [0, -7]),
    "float": (float, [2.5, 3.0]),
    "bool": (bool, [True]),
    "Literal[str]": (Literal["a", "b"], ["b"]),
    "Literal[int]": (Literal[1, 2], [2]),
    "Enum": (Color, [Color.GREEN]),
    "IntEnum": (Size, [Size.LARGE]),
    "list[int]": (list[int], [[1, 2]]),
    "set[int]": (set[int], [{1, 2}]),
    "frozenset[str]": (frozenset[str], [frozenset({"a"})]),
    "tuple[int, ...]": (tuple[int, ...], [(1, 2)]),
    "tuple[int, str]": (tuple[int, str], [(1, "a")]),
    "dict[str, int]": (dict[str, int], [{"a": 1}]),
    "BaseModel": (Event, [Event(title="t", when=dt.date(2025, 7, 1)), Event(title="t")]),
    "dataclass": (Slot, [Slot(start=dt.datetime(2025, 7, 1, 9), length=dt.timedelta(weeks=1, hours=2))]),
    "TypedDict": (Place, [{"name": "p", "opens": dt.time(8, 30, tzinfo=dt.timezone.utc)}]),
    "date": (dt.date, [dt.date(2025, 7, 1)]),
    "datetime": (dt.datetime, [dt.datetime(2025, 7, 1, 12, 30), dt.datetime(2025, 7, 1, 12, 30, 5, tzinfo=UTC5)]),
    "time": (dt.time, [dt.time(12, 30), dt.time(23, 59, 1, tzinfo=UTC5)]),
    "timedelta": (dt.timedelta, [dt.timedelta(hours=1, minutes=30), dt.timedelta(weeks=2, seconds=1)]),
    "UUID": (uuid.UUID, [uuid.UUID(int=12345)]),
    "Decimal": (decimal.Decimal, [decimal.Decimal("1.5"), decimal.Decimal("1E+3"), decimal.Decimal("-0.001")]),
    "Path": (pathlib.Path, [pathlib.Path("/tmp/x.txt")]),
    "discriminated union": (Pet, [Cat(lives=9), Dog(good=True)]),
    "Union[int, str]": (Union[int, str], [5, "five"]),
}

MISSING = object()


@dataclasses.dataclass(frozen=True)
class Wrap:
    """How a user wraps a type ``T`` in a signature: the annotation, the default, and the
    value of that annotation that stands for ``v`` of ``T``."""

    annotation: Callable[[Any], Any]
    value: Callable[[Any, Any], Any] = staticmethod(lambda annotation, v: v)  # type: ignore[assignment]
    default: Any = MISSING


def _holder(kind: str, T: Any) -> Any:
    if kind == "model":
        return create_model("Holder", v=(T, ...))
    if kind == "dataclass":
        return dataclasses.make_dataclass("DHolder", [("v", T)])
    return TypedDict("THolder", {"v": T})  # type: ignore[operator]


WRAPS: dict[str, Wrap] = {
    "required": Wrap(lambda T: T),
    "default": Wrap(lambda T: T, default="__first__"),
    "Optional = None": Wrap(lambda T: Optional[T], default=None),
    "Optional required": Wrap(lambda T: Optional[T]),
    "T | None": Wrap(lambda T: Union[T, None], default=None),
    "list[T]": Wrap(lambda T: list[T], lambda a, v: [v, v]),
    "dict[str, T]": Wrap(lambda T: dict[str, T], lambda a, v: {"k": v}),
    "model field": Wrap(lambda T: _holder("model", T), lambda a, v: a(v=v)),
    "dataclass field": Wrap(lambda T: _holder("dataclass", T), lambda a, v: a(v=v)),
    "TypedDict field": Wrap(lambda T: _holder("typeddict", T), lambda a, v: {"v": v}),
    "Annotated Field": Wrap(lambda T: Annotated[T, Field(description="The value.")]),
    "Annotated str": Wrap(lambda T: Annotated[T, "The value."]),
}


@dataclasses.dataclass
class Cell:
    type_name: str
    wrap_name: str
    annotation: Any
    values: list[Any]
    default: Any

    @property
    def id(self) -> str:
        return f"{self.type_name}-{self.wrap_name}"


def cells() -> list[Cell]:
    out = []
    for type_name, (T, values) in TYPES.items():
        for wrap_name, wrap in WRAPS.items():
            annotation = wrap.annotation(T)
            held = [wrap.value(annotation, v) for v in values]
            default = held[0] if wrap.default == "__first__" else wrap.default
            if isinstance(default, (list, dict, set)):
                continue  # a mutable default: not something to recommend
            out.append(Cell(type_name, wrap_name, annotation, held, default))
    return out


CELLS = cells()
RECEIVED: list[Any] = []


def make_tool(cell: Cell) -> tool2schema.Tool[Any, Any]:
    def f(x: Any) -> str:
        RECEIVED.append(x)
        return "ok"

    f.__annotations__ = {"x": cell.annotation, "return": str}
    if cell.default is not MISSING:
        f.__defaults__ = (cell.default,)
    # value-style enums: Pydantic's own JSON of an enum is its value (name style is checked below)
    return tool(f, name="f", enum_style="value")


def oracle(cell: Cell, value: Any) -> tuple[str, Any]:
    adapter = TypeAdapter(cell.annotation)
    text = adapter.dump_json(value).decode()
    return text, adapter.validate_json(text)


def same(cell: Cell, got: Any, expected: Any) -> bool:
    adapter = TypeAdapter(cell.annotation)
    return got == expected and type(got) is type(expected) and adapter.dump_json(got) == adapter.dump_json(expected)


# -- entry points: each takes (registry, tool, JSON text of the arguments) and returns what the function received

def _sent(registry: ToolRegistry, call: Any) -> Any:
    RECEIVED.clear()
    result = registry.dispatch(call)
    assert not result.is_error, result.content
    assert len(RECEIVED) == 1
    return RECEIVED[0]


ENTRY_POINTS: dict[str, Callable[[ToolRegistry, Any, str], Any]] = {
    "plain JSON text": lambda r, t, a: _sent(r, {"name": "f", "arguments": a}),
    "plain parsed": lambda r, t, a: _sent(r, {"name": "f", "arguments": json.loads(a)}),
    "OpenAI Chat dict": lambda r, t, a: _sent(r, {"id": "c", "type": "function", "function": {"name": "f", "arguments": a}}),
    "OpenAI Chat SDK": lambda r, t, a: _sent(
        r, ChatCompletionMessageFunctionToolCall(id="c", type="function", function={"name": "f", "arguments": a})
    ),
    "Responses dict": lambda r, t, a: _sent(r, {"type": "function_call", "call_id": "c", "name": "f", "arguments": a}),
    "Responses SDK": lambda r, t, a: _sent(r, ResponseFunctionToolCall(type="function_call", call_id="c", name="f", arguments=a)),
    "Anthropic dict": lambda r, t, a: _sent(r, {"type": "tool_use", "id": "t", "name": "f", "input": json.loads(a)}),
    "Anthropic SDK": lambda r, t, a: _sent(r, anthropic.types.ToolUseBlock(type="tool_use", id="t", name="f", input=json.loads(a))),
    "Bedrock dict": lambda r, t, a: _sent(r, {"toolUse": {"toolUseId": "b", "name": "f", "input": json.loads(a)}}),
    "Gemini dict": lambda r, t, a: _sent(r, {"function_call": {"id": "g", "name": "f", "args": json.loads(a)}}),
    "Gemini SDK": lambda r, t, a: _sent(r, genai.FunctionCall(id="g", name="f", args=json.loads(a))),
    "MCP params": lambda r, t, a: _sent(r, mcp_types.CallToolRequestParams(name="f", arguments=json.loads(a))),
}


def _adispatch(r: ToolRegistry, t: Any, a: str) -> Any:
    RECEIVED.clear()
    result = asyncio.run(r.adispatch({"name": "f", "arguments": a}))
    assert not result.is_error, result.content
    return RECEIVED[0]


def _dispatch_all(r: ToolRegistry, t: Any, a: str) -> Any:
    RECEIVED.clear()
    message = anthropic.types.Message.model_validate({
        "id": "m", "type": "message", "role": "assistant", "model": "claude", "stop_reason": "tool_use", "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
        "content": [{"type": "text", "text": "calling"}, {"type": "tool_use", "id": "t", "name": "f", "input": json.loads(a)}],
    })
    (result,) = r.dispatch_all(message)
    assert not result.is_error, result.content
    return RECEIVED[0]


def _invoke(r: ToolRegistry, t: Any, a: str) -> Any:
    RECEIVED.clear()
    assert t.invoke(a) == "ok"
    return RECEIVED[0]


def _validate(r: ToolRegistry, t: Any, a: str) -> Any:
    return t.validate(a).x


ENTRY_POINTS.update({"adispatch": _adispatch, "dispatch_all": _dispatch_all, "Tool.invoke": _invoke, "Tool.validate": _validate})


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: c.id)
def test_every_value_pydantic_writes_reaches_the_function_through_every_entry_point(cell: Cell) -> None:
    t = make_tool(cell)
    registry = ToolRegistry([t])
    for value in cell.values:
        text, expected = oracle(cell, value)
        arguments = '{"x": ' + text + "}"
        for name, entry in ENTRY_POINTS.items():
            got = entry(registry, t, arguments)
            assert same(cell, got, expected), (name, text, got, expected)


def _output_type(cell: Cell) -> Any:
    return cell.annotation


@pytest.mark.parametrize("cell", [c for c in CELLS if c.wrap_name in ("required", "Optional required", "list[T]", "model field")], ids=lambda c: c.id)
def test_output_parse_reads_every_value_pydantic_writes(cell: Cell) -> None:
    answer = Output(cell.annotation)
    properties = answer.tools("openai")[0]["function"]["parameters"]["properties"]
    wrapped = list(properties) == ["result"] and not (isinstance(cell.annotation, type) and issubclass(cell.annotation, BaseModel))
    for value in cell.values:
        text, expected = oracle(cell, value)
        arguments = '{"result": ' + text + "}" if wrapped else text
        call = {"id": "c", "type": "function", "function": {"name": answer.tool_names()[0], "arguments": arguments}}
        got = answer.parse(call)
        assert same(cell, got, expected), (text, got, expected)


MCP_SAMPLE = [c for c in CELLS if c.wrap_name in ("Optional = None", "model field", "list[T]")]


def test_the_mcp_server_reads_every_value_pydantic_writes() -> None:
    """The real ``mcp`` client against the registry's own server (in memory)."""

    async def go() -> None:
        for cell in MCP_SAMPLE:
            registry = ToolRegistry([make_tool(cell)])
            async with Client(registry.mcp_server(name="grid")) as client:
                for value in cell.values:
                    text, expected = oracle(cell, value)
                    RECEIVED.clear()
                    result = await client.call_tool("f", {"x": json.loads(text)})
                    assert result.is_error is False, (cell.id, text, result.content)
                    assert same(cell, RECEIVED[0], expected), (cell.id, text, RECEIVED[0], expected)

    anyio.run(go)


# -- what the schema excludes is refused -------------------------------------------------

OUTSIDE = [[], {}, "zzz-not-valid", True, 12.5, None, {"v": []}]


def _canonical_validator(t: Any) -> Any:
    schema = t.to_json("mcp")["inputSchema"]
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: c.id)
def test_values_the_schema_excludes_are_refused(cell: Cell) -> None:
    t = make_tool(cell)
    registry = ToolRegistry([t])
    validator = _canonical_validator(t)
    refused = 0
    for bad in OUTSIDE:
        arguments = {"x": bad}
        if validator.is_valid(arguments):
            continue
        if bad is None and cell.default is not MISSING:
            continue  # documented: null for a key with a default means "use the default"
        for call in (
            {"name": "f", "arguments": json.dumps(arguments)},
            {"type": "tool_use", "id": "t", "name": "f", "input": arguments},
        ):
            RECEIVED.clear()
            result = registry.dispatch(call)
            assert result.is_error and result.error_kind == "invalid_arguments", (cell.id, bad, RECEIVED)
            assert RECEIVED == []
            refused += 1
    assert refused >= 2  # every cell refuses something


# -- every value the oracle accepts is valid against each format's schema ------------------

FORMATS: list[tuple[str, bool, Callable[[dict[str, Any]], dict[str, Any]]]] = [
    ("openai", False, lambda d: d["function"]["parameters"]),
    ("openai", True, lambda d: d["function"]["parameters"]),
    ("openai-responses", False, lambda d: d["parameters"]),
    ("anthropic", False, lambda d: d["input_schema"]),
    ("anthropic", True, lambda d: d["input_schema"]),
    ("bedrock", False, lambda d: d["toolSpec"]["inputSchema"]["json"]),
    ("mcp", False, lambda d: d["inputSchema"]),
]


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: c.id)
def test_every_accepted_value_is_valid_against_every_format_schema(cell: Cell) -> None:
    t = make_tool(cell)
    checked = 0
    for fmt, strict, parameters in FORMATS:
        try:
            schema = parameters(t.to_json(fmt, strict=strict))
        except SchemaFormatError:
            continue  # this type has no strict form for that provider (a free-form dict, a tuple): documented
        validator = jsonschema.validators.validator_for(schema)(schema)
        for value in cell.values:
            text, _ = oracle(cell, value)
            arguments = {"x": json.loads(text)}
            errors = [e.message for e in validator.iter_errors(arguments)]
            assert not errors, (fmt, strict, text, errors)
            checked += 1
    assert checked >= 5 * len(cell.values)


# -- values hypothesis draws, for the types it can build -----------------------------------

DRAWN = {
    "int": int, "float": float, "str": str, "date": dt.date, "datetime": dt.datetime, "time": dt.time,
    "timedelta": dt.timedelta, "UUID": uuid.UUID, "Decimal": decimal.Decimal, "Event": Event, "Slot": Slot,
}


@pytest.mark.parametrize("type_name", list(DRAWN))
@pytest.mark.parametrize("wrap_name", ["Optional = None", "list[T]", "model field"])
def test_drawn_values_round_trip_through_dispatch(type_name: str, wrap_name: str) -> None:
    T = DRAWN[type_name]
    wrap = WRAPS[wrap_name]
    cell = Cell(type_name, wrap_name, wrap.annotation(T), [], wrap.default)
    registry = ToolRegistry([make_tool(cell)])
    strategy = st.from_type(T)
    if T is float:
        strategy = st.floats(allow_nan=False, allow_infinity=False)
    if T is decimal.Decimal:
        strategy = st.decimals(allow_nan=False, allow_infinity=False)

    @settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(v: Any) -> None:
        text, expected = oracle(cell, wrap.value(cell.annotation, v))
        for name in ("plain JSON text", "Anthropic dict", "Gemini SDK"):
            got = ENTRY_POINTS[name](registry, None, '{"x": ' + text + "}")
            assert same(cell, got, expected), (name, text, got, expected)

    check()


# -- the "null" coercion changes nothing else ----------------------------------------------

def test_the_null_string_coercion_changes_nothing_else() -> None:
    @tool
    def plan(
        note: Optional[str] = None,
        due: Optional[dt.date] = None,
        event: Optional[Event] = None,
        counts: Optional[dict[str, int]] = None,
        days: int = 2,
    ) -> tuple[Any, ...]:
        """Plan."""
        return note, due, event, counts, days

    registry = ToolRegistry([plan])

    def send(arguments: str) -> tool2schema.ToolResult:
        return registry.dispatch({"name": "plan", "arguments": arguments})

    assert send('{"note": "null"}').value[0] == "null"  # a valid Optional[str]: Pydantic's own reading
    assert send('{"due": "null"}').value[1] is None
    assert send('{"due": "None"}').value[1] is None
    assert send('{"event": {"title": "t", "when": "null"}}').value[2] == Event(title="t", when=None)
    assert send('{"days": null}').value[4] == 2  # null for a key with a default: the default
    for bad in ('{"counts": {"a": null}}', '{"counts": {"a": "null"}}', '{"event": {"title": null}}'):
        result = send(bad)
        assert result.is_error and result.error_kind == "invalid_arguments", bad
    result = send('{"event": {"title": "t", "when": "tomorrow"}}')
    assert result.is_error and "'event.when'" in result.content and "'tomorrow'" in result.content


def test_enum_names_are_what_the_schema_lists_and_what_dispatch_takes() -> None:
    @tool
    def paint(color: Color, sizes: list[Size], maybe: Optional[Color] = None) -> tuple[Any, ...]:
        """Paint."""
        return color, sizes, maybe

    properties = paint.to_json()["function"]["parameters"]["properties"]
    assert properties["color"]["enum"] == ["RED", "GREEN"]
    registry = ToolRegistry([paint])
    result = registry.dispatch({"name": "paint", "arguments": '{"color": "GREEN", "sizes": ["LARGE"], "maybe": "RED"}'})
    assert result.value == (Color.GREEN, [Size.LARGE], Color.RED)
    assert registry.dispatch({"name": "paint", "arguments": '{"color": "green", "sizes": []}'}).error_kind == "invalid_arguments"
