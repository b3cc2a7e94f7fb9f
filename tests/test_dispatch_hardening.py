"""Dispatch that no payload can crash or fool (issue 12): one section per class of input,
each with a seeded fuzz that covers the class, plus time limits and ``error_text``.

The generators live in tests/fuzzing.py (shared with benchmarks/fuzz_dispatch.py, which
runs 100,000 of them).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import threading
import time
from typing import Any, Optional, Union

import anthropic.types
import jsonschema
import mcp.types
import pytest
from google.genai import types as genai
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from openai.types.chat import ChatCompletionMessageFunctionToolCall
from pydantic import BaseModel
from typing_extensions import NotRequired, TypedDict

import tool2schema
from tool2schema import ToolRegistry, tool
from tool2schema.calling import too_deep

from . import corpus, fuzzing

REJECTED = ("invalid_arguments", "invalid_json", "too_large", "malformed_call", "unknown_tool")


def sdk_shapes(name: Any, args: Any, cid: Any) -> list[Any]:
    """The same call as each SDK's own object (built without validation, as a broken or
    hostile response would arrive), next to the dict shapes."""
    return [
        anthropic.types.ToolUseBlock.model_construct(type="tool_use", id=cid, name=name, input=args),
        ChatCompletionMessageFunctionToolCall.model_construct(
            id=cid, type="function", function=type("F", (), {"name": name, "arguments": args})()
        ),
        genai.FunctionCall.model_construct(id=cid, name=name, args=args),
        genai.Part.model_construct(function_call=genai.FunctionCall.model_construct(id=cid, name=name, args=args)),
        mcp.types.CallToolRequestParams.model_construct(name=name, arguments=args),
    ]


def all_shapes(rng: random.Random, name: Any, args: Any, cid: Any) -> list[Any]:
    return [make(rng, name, args, cid) for make in fuzzing.SHAPES.values()] + sdk_shapes(name, args, cid)


# -- 1. deep nesting in already-parsed arguments -----------------------------------------

def random_nesting(rng: random.Random, depth: int) -> Any:
    """A value nested ``depth`` levels: dicts and lists mixed, with siblings on the way."""
    value: Any = rng.choice([1, "x", None, [], {}])
    for _ in range(depth - 1):
        kind = rng.random()
        if kind < 0.4:
            value = {"k": value, **({"s": rng.random()} if rng.random() < 0.3 else {})}
        elif kind < 0.8:
            value = [value] + ([1] if rng.random() < 0.3 else [])
        else:
            value = (value,)
    return value


@pytest.mark.parametrize("seed", range(3))
def test_deep_parsed_arguments_are_an_error_naming_the_limit(seed: int) -> None:
    rng = random.Random(seed)
    reg = fuzzing.registry()
    for _ in range(40):
        depth = rng.choice([33, 34, 200, 1000, 5000, 30_000])
        inner = random_nesting(rng, depth)
        args = {"planet": inner} if rng.random() < 0.5 else {"where": {"city": inner}}
        for call in [s for s in all_shapes(rng, "planets", args, "id-1") if not isinstance(s, dict) or "function" not in s]:
            result = reg.dispatch(call)
            assert result.is_error and result.error_kind == "too_large", (type(call), result.message)
            assert "32" in result.message
            if not isinstance(call, mcp.types.CallToolRequestParams):
                assert result.call_id == "id-1"


def test_cyclic_and_shared_arguments_are_refused() -> None:
    reg = fuzzing.registry()
    cyclic = fuzzing.cyclic()
    assert reg.dispatch({"type": "tool_use", "id": "c", "name": "planets", "input": cyclic}).error_kind == "too_large"
    shared: Any = [1]
    for _ in range(40):  # 2**40 paths through 40 nodes: the walk stops at the depth limit
        shared = [shared, shared]
    assert reg.dispatch({"type": "tool_use", "id": "c", "name": "planets", "input": {"planet": shared}}).error_kind == "too_large"


def test_deep_json_text_is_an_error_naming_the_limit() -> None:
    reg = fuzzing.registry()
    for text in ["[" * 5000, '{"planet": ' + "[" * 50 + "]" * 50 + "}", '{"a":' * 3000 + "1" + "}" * 3000]:
        result = reg.dispatch({"id": "j", "type": "function", "function": {"name": "planets", "arguments": text}})
        assert result.error_kind == "too_large" and "32" in result.message and result.call_id == "j"


def test_depth_guard_is_iterative_and_exact() -> None:
    assert not too_deep(random_nesting(random.Random(0), 32), 32)
    assert too_deep(random_nesting(random.Random(0), 33), 32)
    deep = random_nesting(random.Random(1), 200_000)  # far past the interpreter's recursion limit
    assert too_deep(deep, 32)
    assert not too_deep(deep, 10**6)  # no recursion even when the whole depth is walked


def test_gemini_restore_sees_only_bounded_arguments() -> None:
    @tool
    def store(data: dict[str, Any]) -> int:
        """Free-form data (sent to Gemini as a JSON string)."""
        return len(data)

    reg = ToolRegistry([store])
    deep = random_nesting(random.Random(2), 10_000)
    assert reg.dispatch({"name": "store", "args": {"data": {"x": deep}}, "id": "g"}).error_kind == "too_large"
    assert reg.dispatch({"name": "store", "args": {"data": json.dumps({"x": 1})}, "id": "g"}).value == 1


# -- 2. malformed calls of every shape ----------------------------------------------------

def test_no_call_shape_crashes_dispatch() -> None:
    rng = random.Random(12)
    reg = fuzzing.registry()
    for _ in range(1500):
        result = reg.dispatch(fuzzing.case(rng).call)
        assert isinstance(result, tool2schema.ToolResult)
        assert isinstance(result.content, str)


def answer(make: Any, results: list[tool2schema.ToolResult]) -> None:
    """The result messages are built, or, where a call came without the id its provider
    needs to pair the result with it, refused with the error that says so (never an
    item with an empty id, which the provider would reject)."""
    try:
        make()
    except tool2schema.SchemaFormatError as exc:
        assert any(not r.call_id for r in results) and "came without an id" in str(exc)


def test_no_sdk_object_member_crashes_dispatch() -> None:
    rng = random.Random(13)
    reg = fuzzing.registry()
    for _ in range(300):
        name = rng.choice([*fuzzing.ODD_NAMES[:20], "planets", fuzzing.odd_value(rng)])
        args = rng.choice([fuzzing.valid_args(rng, "planets"), fuzzing.odd_value(rng)])
        cid = rng.choice(fuzzing.ODD_IDS)
        for call in sdk_shapes(name, args, cid):
            result = reg.dispatch(call)
            assert isinstance(result.content, str)
            answer(lambda result=result: result.to_message(), [result])


def test_no_whole_response_crashes_dispatch_all() -> None:
    rng = random.Random(14)
    reg = fuzzing.registry()
    for _ in range(400):
        results = reg.dispatch_all(fuzzing.response(rng))
        assert all(isinstance(r.content, str) for r in results)
        answer(lambda results=results: tool2schema.to_messages(results, "openai"), results)


# -- 3. ids survive whatever else is wrong ------------------------------------------------

def test_every_call_with_an_id_gets_it_back() -> None:
    rng = random.Random(3)
    reg = fuzzing.registry()
    checked = 0
    for _ in range(120):
        name = rng.choice([*fuzzing.ODD_NAMES, *fuzzing.TOOLS])
        args = rng.choice([fuzzing.valid_args(rng, "scalars"), fuzzing.invalid_args(rng, "planets"), fuzzing.odd_value(rng)])
        cid = rng.choice([f"call_{rng.randrange(10**6)}", *fuzzing.ODD_IDS])
        expected = fuzzing.expected_id(cid)
        for call in all_shapes(rng, name, args, cid):
            if isinstance(call, mcp.types.CallToolRequestParams):
                continue  # MCP calls carry no id
            result = reg.dispatch(call)
            assert result.call_id == expected, (call, result.message)
            checked += 1
    assert checked > 1000


# -- 4. values the schema refuses never reach the function --------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_refused_values_never_run(seed: int) -> None:
    rng = random.Random(seed)
    reg = fuzzing.registry()
    for _ in range(150):
        name = rng.choice(["planets", "scalars", "shapes", "address", "boom"])
        args = fuzzing.invalid_args(rng, name)
        for call in all_shapes(rng, name, args, "c")[: len(fuzzing.SHAPES)]:
            before = len(fuzzing.RAN)
            result = reg.dispatch(call)
            assert len(fuzzing.RAN) == before, (call, result)
            assert result.error_kind == "invalid_arguments", (call, result.message)


@pytest.mark.parametrize("seed", range(2))
def test_allowed_values_and_documented_coercions_run(seed: int) -> None:
    rng = random.Random(seed)
    reg = fuzzing.registry()
    for _ in range(100):
        name = rng.choice(["planets", "scalars", "shapes", "address"])
        args = fuzzing.valid_args(rng, name)
        for call in all_shapes(rng, name, args, "c")[: len(fuzzing.SHAPES)]:
            result = reg.dispatch(call)
            assert not result.is_error, (call, result.message)


def test_enum_listed_by_name_refuses_values() -> None:
    reg = fuzzing.registry()
    for bad in (3, "3", 3.0, True, "earth", "Earth"):
        result = reg.dispatch({"name": "planets", "arguments": {"planet": bad}})
        assert result.error_kind == "invalid_arguments" and "'EARTH'" in result.message
    assert reg.dispatch({"name": "planets", "arguments": {"planet": "EARTH"}}).value == "EARTH"


FAMILY_GAPS: list[tuple[Any, Any, Any]] = [
    # (annotation, a value the schema allows, a value Pydantic's lax mode took that the schema does not)
    (int, 3, True),
    (int, "3", "1_000"),
    (int, 3, 1.5),
    (float, 1.5, "NaN"),
    (float, 1.5, False),
    (bool, True, 1),
    (bool, False, "yes"),
    (bool, "true", "on"),
    (str, "x", 3),
    ("date", "2026-01-02", 0),
    ("timedelta", "PT1H", 3600),
    ("literal", 1, True),
    ("intenum_value", 1, True),
    ("list", ["a"], "a"),
    ("decimal", "1.5", "abc"),
]


@pytest.mark.parametrize("annotation,good,bad", FAMILY_GAPS, ids=lambda v: repr(v)[:20])
def test_each_type_family_accepts_what_its_schema_lists(annotation: Any, good: Any, bad: Any) -> None:
    import datetime
    import decimal
    import enum
    from typing import Literal

    class Level(enum.IntEnum):
        LOW = 1
        HIGH = 2

    types = {
        "date": datetime.date, "timedelta": datetime.timedelta, "literal": Literal[1, 2], "list": list[str],
        "decimal": decimal.Decimal, "intenum_value": Level,
    }
    tp = types.get(annotation, annotation) if isinstance(annotation, str) else annotation

    def f(x: Any) -> str:
        return repr(x)

    f.__annotations__ = {"x": tp, "return": str}
    t = tool(f, name="f", enum_style="value")
    schema = t.to_json()["function"]["parameters"]
    check = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    reg = ToolRegistry([t])
    for args in ({"x": bad}, json.dumps({"x": bad})):
        assert not check.is_valid({"x": bad})
        assert reg.dispatch({"name": "f", "arguments": args}).error_kind == "invalid_arguments", (tp, bad)
    assert not reg.dispatch({"name": "f", "arguments": {"x": good}}).is_error


# -- 5. strict-mode nulls read as "absent" at every depth ---------------------------------

class Square(BaseModel):
    side: int
    rotated: bool = False


class Circle(BaseModel):
    radius: float
    filled: bool = True


class Opts(TypedDict, total=False):
    depth: int
    label: str


class Span(TypedDict):
    start: int
    end: NotRequired[int]


@dataclasses.dataclass
class Pin:
    x: int
    color: str = "red"


class Layer(BaseModel):
    name: str
    shapes: list[Union[Square, Circle]] = []
    opts: Opts = {}
    pins: list[Pin] = []


SEEN: list[dict[str, Any]] = []


@tool(strict=True)
def draw(layer: Layer, shape: Union[Square, Circle], span: Optional[Span] = None, opts: Opts = {}, count: int = 1) -> str:  # noqa: B006
    """Every place strict rendering makes nullable."""
    SEEN.append({"layer": layer, "shape": shape, "span": span, "opts": opts, "count": count})
    return "ok"


def strict_nulls(rng: random.Random) -> dict[str, Any]:
    """Arguments as a strict-mode model sends them (every optional key present, null for
    "not given")."""
    def square() -> dict[str, Any]:
        return {"side": rng.randint(1, 9), "rotated": rng.choice([None, True])}

    def circle() -> dict[str, Any]:
        return {"radius": rng.choice([1.5, 2]), "filled": rng.choice([None, False])}

    def opts() -> dict[str, Any]:
        return {"depth": rng.choice([None, 2]), "label": rng.choice([None, "l"])}

    args = {
        "layer": {
            "name": "L",
            "shapes": rng.choice([None, [rng.choice([square, circle])() for _ in range(rng.randint(0, 3))]]),
            "opts": rng.choice([None, opts()]),
            "pins": rng.choice([None, [{"x": 1, "color": rng.choice([None, "blue"])}]]),
        },
        "shape": rng.choice([square, circle])(),
        "span": rng.choice([None, {"start": 1, "end": rng.choice([None, 5])}]),
        "opts": rng.choice([None, opts()]),
        "count": rng.choice([None, 3]),
    }
    return args


@pytest.mark.parametrize("seed", range(3))
def test_strict_mode_nulls_are_absent_everywhere(seed: int) -> None:
    rng = random.Random(seed)
    schema = draw.to_json("openai", strict=True)["function"]["parameters"]
    check = jsonschema.Draft202012Validator(schema)
    reg = ToolRegistry([draw])
    for _ in range(60):
        args = strict_nulls(rng)
        assert check.is_valid(args), args  # what a strict-mode model may send
        SEEN.clear()
        result = reg.dispatch({"id": "s", "type": "function", "function": {"name": "draw", "arguments": json.dumps(args)}})
        assert not result.is_error, (args, result.message)
        seen = SEEN[0]
        assert seen["count"] == (args["count"] or 1)
        shape = seen["shape"]
        if isinstance(shape, Square):
            assert shape.rotated == (args["shape"].get("rotated") or False)
        else:
            assert shape.filled == (True if args["shape"].get("filled") is None else args["shape"]["filled"])
        for key, value in (args["opts"] or {}).items():
            assert (key in seen["opts"]) == (value is not None)
        if args["span"] is not None:
            assert ("end" in seen["span"]) == (args["span"]["end"] is not None)
        for pin, sent in zip(seen["layer"].pins, args["layer"]["pins"] or [], strict=True):
            assert pin.color == (sent["color"] or "red")


def test_a_null_for_a_required_value_stays_an_error() -> None:
    reg = ToolRegistry([draw])
    result = reg.dispatch({"name": "draw", "arguments": {"layer": {"name": "L"}, "shape": {"side": None}}})
    assert result.error_kind == "invalid_arguments" and "got None" in result.message


# -- 6. every value a schema allows is accepted --------------------------------------------

def strategy(schema: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values ``schema`` allows: objects, arrays, unions and references built here,
    leaves by hypothesis-jsonschema (whose own object generator does not run on this
    Hypothesis version)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if depth > 3:
            return st.nothing()
        return strategy({**defs[name], **{k: v for k, v in schema.items() if k != "$ref"}}, defs, depth + 1)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return st.one_of([strategy(b, defs, depth) for b in schema[key]])
    if "format" in schema and schema.get("type") == "string" and schema["format"] in FORMATS:
        return FORMATS[schema["format"]]
    if "prefixItems" in schema:
        return st.tuples(*(strategy(s, defs, depth) for s in schema["prefixItems"])).map(list)
    if schema.get("type") == "object" and "properties" not in schema and isinstance(schema.get("additionalProperties"), dict):
        return st.dictionaries(st.text(max_size=5), strategy(schema["additionalProperties"], defs, depth), max_size=3)
    if schema.get("type") == "object" and "properties" in schema:
        required = set(schema.get("required", ()))
        props = {k: strategy(v, defs, depth) for k, v in schema["properties"].items()}
        return st.fixed_dictionaries(
            {k: s for k, s in props.items() if k in required},
            optional={k: s for k, s in props.items() if k not in required},
        )
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict) and ("$ref" in schema["items"] or "properties" in schema["items"] or "anyOf" in schema["items"]):
        items = strategy(schema["items"], defs, depth)
        if items.is_empty:
            return st.just([])
        return st.lists(items, min_size=schema.get("minItems", 0), max_size=min(schema.get("maxItems", 3), 3))
    leaf = {k: v for k, v in schema.items() if k not in ("description", "title", "default")}
    return from_schema(leaf)


def iso_duration(td: Any) -> str:
    seconds = int(td.total_seconds())
    sign = "-" if seconds < 0 else ""
    return f"{sign}PT{abs(seconds)}S"


FORMATS: dict[str, st.SearchStrategy[str]] = {
    # what the format assertions allow (hypothesis-jsonschema leaves these formats free)
    "date": st.dates().map(lambda d: d.isoformat()),
    "date-time": st.datetimes(timezones=st.just(__import__("datetime").timezone.utc)).map(lambda d: d.isoformat()),
    "duration": st.timedeltas(min_value=-__import__("datetime").timedelta(days=999), max_value=__import__("datetime").timedelta(days=999)).map(iso_duration),
    "uuid": st.uuids().map(str),
}

CORPUS = list(tool2schema.find_tools(corpus))


@pytest.mark.parametrize("strict", [False, True], ids=["plain", "strict"])
@pytest.mark.parametrize("t", CORPUS, ids=lambda t: t.name)
def test_every_value_the_schema_allows_is_accepted(t: tool2schema.Tool[Any, Any], strict: bool) -> None:
    if strict and t.name in corpus.NOT_STRICT:
        pytest.skip("no strict rendering (refused with a clear error)")
    schema = json.loads(json.dumps(t.to_json("openai", strict=strict)["function"]["parameters"]))
    dropped = {d.keyword for d in tool2schema.providers.get("openai").convert(t.definition(), strict).dropped} if strict else set()
    reg = ToolRegistry([t])
    check = jsonschema.Draft202012Validator(schema)

    @settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy(schema, schema.get("$defs", {})).filter(check.is_valid))
    def run(args: dict[str, Any]) -> None:
        assert check.is_valid(args)
        result = reg.dispatch({"id": "p", "type": "function", "function": {"name": t.name, "arguments": json.dumps(args)}})
        if result.is_error and result.error_kind in REJECTED:
            allowed = {e["type"] for e in result.errors} <= STRICT_DROP_ERRORS and bool(dropped & STRICT_DROPPED)
            assert allowed, (args, result.message)

    run()


STRICT_DROPPED = {"minLength", "maxLength", "uniqueItems", "minProperties", "maxProperties", "format", "default"}
"""What OpenAI strict mode cannot carry (moved into the description; docs/formats.md)."""
STRICT_DROP_ERRORS = {"string_too_short", "string_too_long", "set_type", "too_short", "too_long", "date_from_datetime_parsing", "url_parsing"}


# -- time limits and error text -------------------------------------------------------------

CANCELLED: list[str] = []


@tool
def sleepy(seconds: float) -> str:
    """Blocks."""
    time.sleep(seconds)
    return "woke"


@tool(timeout=0.1)
async def snooze(seconds: float) -> str:
    """Awaits."""
    try:
        await asyncio.sleep(seconds)
    except asyncio.CancelledError:
        CANCELLED.append("snooze")
        raise
    return "woke"


@tool
def raises_timeout() -> str:
    """Raises TimeoutError itself."""
    raise TimeoutError("upstream")


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"id": "t", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def test_sync_tool_past_its_limit_is_a_timeout_result() -> None:
    reg = ToolRegistry([sleepy, snooze, raises_timeout], timeout=0.2)
    start = time.perf_counter()
    result = reg.dispatch(call("sleepy", seconds=2))
    assert result.error_kind == "timeout" and result.call_id == "t" and "0.2 seconds" in result.message
    assert time.perf_counter() - start < 1.5
    assert reg.dispatch(call("sleepy", seconds=0)).value == "woke"
    assert reg.dispatch(call("raises_timeout")).error_kind == "tool_error"  # the tool's own TimeoutError


def test_sync_tool_under_adispatch_runs_in_a_thread_and_is_abandoned() -> None:
    reg = ToolRegistry([sleepy], timeout=0.2)

    async def main() -> tuple[Any, float]:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            for _ in range(5):
                await asyncio.sleep(0.02)
                ticks += 1

        result, _ = await asyncio.gather(reg.adispatch(call("sleepy", seconds=1.5)), ticker())
        return result, ticks

    before = threading.active_count()
    result, ticks = asyncio.run(main())
    assert result.error_kind == "timeout" and "abandoned" in result.message
    assert ticks == 5  # the event loop kept running while the tool blocked
    assert threading.active_count() >= before  # the abandoned thread may still be running


@pytest.mark.parametrize("mode", ["dispatch", "adispatch"])
def test_async_tool_past_its_limit_is_cancelled(mode: str) -> None:
    CANCELLED.clear()
    reg = ToolRegistry([snooze], timeout=30)  # the tool's own limit (0.1 s) wins
    start = time.perf_counter()
    result = reg.dispatch(call("snooze", seconds=5)) if mode == "dispatch" else asyncio.run(reg.adispatch(call("snooze", seconds=5)))
    assert result.error_kind == "timeout" and "cancelled" in result.message
    assert CANCELLED == ["snooze"] and time.perf_counter() - start < 2
    ok = reg.dispatch(call("snooze", seconds=0)) if mode == "dispatch" else asyncio.run(reg.adispatch(call("snooze", seconds=0)))
    assert ok.value == "woke"


def test_timeout_options_are_checked() -> None:
    with pytest.raises(ValueError, match="timeout"):
        ToolRegistry([], timeout=0)
    with pytest.raises(TypeError, match="timeout"):
        tool(lambda: 1, timeout=-1)


def test_error_text_modes() -> None:
    rng = random.Random(5)
    for mode, check in (
        ("message", lambda text: text == "Tool 'boom' failed: ValueError: secret detail"),
        ("type", lambda text: text == "Tool 'boom' failed: ValueError"),
        (lambda exc: f"code {len(str(exc))}", lambda text: text == "Tool 'boom' failed: code 13"),
        (lambda exc: 1 / 0, lambda text: text == "Tool 'boom' failed: ValueError"),  # a failing formatter
    ):
        reg = fuzzing.registry(error_text=mode)
        for shape in all_shapes(rng, "boom", {"x": 1}, "e")[: len(fuzzing.SHAPES)]:
            result = reg.dispatch(shape)
            assert result.error_kind == "tool_error" and isinstance(result.exception, ValueError)
            assert check(result.content), result.content
    with_tb = fuzzing.registry(error_text="type", include_traceback=True).dispatch({"name": "boom", "arguments": {"x": 1}})
    assert with_tb.content.startswith("Tool 'boom' failed: ValueError\n") and "Traceback" in with_tb.content
    with pytest.raises(ValueError, match="error_text"):
        ToolRegistry([], error_text="full")
