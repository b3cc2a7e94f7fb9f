"""Seeded generators of hostile tool calls, shared by tests/test_dispatch_hardening.py and
benchmarks/fuzz_dispatch.py.

Each generated case says what dispatch must do with it, so that the fuzz has oracles
beyond "did not raise":

- ``expect_id``: the id the result must carry (the call carried a readable id where its
  provider puts it), or None when nothing is promised;
- ``invalid``: the arguments hold a value the tool's schema does not allow and no
  documented coercion turns into one it allows: the function must not run.
"""

from __future__ import annotations

import asyncio
import decimal
import enum
import json
import random
from typing import Any, Callable, Literal, Optional, Union

from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict

from tool2schema import ToolRegistry, tool

RAN: list[str] = []
"""Names of the fuzz tools that ran, in order (the oracle of "invalid call reached a function")."""


class Planet(enum.Enum):
    MERCURY = 1
    VENUS = 2
    EARTH = 3


class Square(BaseModel):
    kind: Literal["square"] = "square"
    side: int
    rotated: bool = False


class Circle(BaseModel):
    kind: Literal["circle"] = "circle"
    radius: float
    filled: bool = True


class Options(TypedDict, total=False):
    depth: int
    label: str


class Window(TypedDict):
    start: int
    end: NotRequired[int]


class Address(BaseModel):
    city: str
    zip_code: Optional[str] = Field(None, pattern=r"^\d{5}$")


@tool
def planets(planet: Planet, others: list[Planet] = []) -> str:  # noqa: B006
    """Pick a planet."""
    RAN.append("planets")
    assert isinstance(planet, Planet)
    return planet.name


@tool
def scalars(
    a: int,
    b: float = 1.5,
    flag: bool = False,
    text: str = "x",
    maybe: Optional[int] = None,
    amount: decimal.Decimal = decimal.Decimal("0"),
    level: Literal[1, 2, 3] = 1,
    tags: list[str] = [],  # noqa: B006
) -> str:
    """Scalars of every family."""
    RAN.append("scalars")
    assert type(a) is int and type(flag) is bool and type(b) is float and isinstance(text, str)
    return f"{a}"


@tool
def shapes(shape: Union[Square, Circle], opts: Options = {}, window: Optional[Window] = None) -> str:  # noqa: B006
    """Shapes, total=False and NotRequired keys."""
    RAN.append("shapes")
    return shape.kind


@tool
def address(where: Address, count: int = 1) -> str:
    """A nested model."""
    RAN.append("address")
    return where.city


@tool
async def slow(x: int) -> int:
    """Async."""
    RAN.append("slow")
    await asyncio.sleep(0)
    return x


@tool
def boom(x: int) -> int:
    """Raises."""
    RAN.append("boom")
    raise ValueError("secret detail")


def registry(**options: Any) -> ToolRegistry:
    return ToolRegistry([planets, scalars, shapes, address, slow, boom], **options)


# -- arguments: (valid, invalid) value generators per parameter ---------------------------

def _deep(n: int) -> Any:
    value: Any = 1
    for i in range(n):
        value = {"k": value} if i % 2 else [value]
    return value


WRONG: list[Any] = [True, 1.5, "abc", [], {}, [1, 2], {"a": 1}, "", "yes", "1_000", "NaN", "0x10", 10**30]


def valid_args(rng: random.Random, name: str) -> dict[str, Any]:
    """Arguments the schema allows (possibly with documented coercions)."""
    if name == "planets":
        return {"planet": rng.choice(["MERCURY", "VENUS", "EARTH"]), "others": rng.sample(["MERCURY", "VENUS", "EARTH"], rng.randint(0, 3))}
    if name == "scalars":
        out: dict[str, Any] = {"a": rng.choice([0, -3, 7, "12", " 5 ", 2.0, "4.0"])}
        for key, options in (
            ("b", [0.5, 2, "3.25", "-1e2", None]),
            ("flag", [True, False, "true", "false", None]),
            ("text", ["hi", "", "null", "3", "ünï"]),
            ("maybe", [None, 4, "null", "None", "8"]),
            ("amount", ["1.50", 3, 2.5, "-0.1", "1e3"]),
            ("level", [1, 2, 3, "2"]),
            ("tags", [["a"], [], None]),
        ):
            if rng.random() < 0.5:
                out[key] = rng.choice(options)
        return out
    if name == "shapes":
        shape = rng.choice([{"kind": "square", "side": 3, "rotated": None}, {"side": "4"}, {"kind": "circle", "radius": 1.5, "filled": None}, {"radius": 2}])
        out = {"shape": shape}
        if rng.random() < 0.5:
            out["opts"] = rng.choice([{"depth": None, "label": "x"}, {"depth": "2"}, {}, {"label": None}])
        if rng.random() < 0.5:
            out["window"] = rng.choice([{"start": 1, "end": None}, {"start": "2"}, None, {"start": 0, "end": 5}])
        return out
    if name == "address":
        return {"where": rng.choice([{"city": "Quito"}, {"city": "Lima", "zip_code": None}, {"city": "Oslo", "zip_code": "12345"}]), "count": rng.choice([1, "2", None])}
    return {"x": rng.choice([1, "2", -5])}


def invalid_args(rng: random.Random, name: str) -> dict[str, Any]:
    """Arguments with one value the schema refuses (and no documented coercion fixes)."""
    args = valid_args(rng, name)
    if name == "planets":
        bad = rng.choice([1, 2, 3, "1", "3", "earth", "Earth", "", None, True, ["EARTH"], {"name": "EARTH"}])
        if rng.random() < 0.7:
            args["planet"] = bad
        else:
            args["others"] = ["EARTH", rng.choice([3, "3", "mars", None])]
        return args
    if name == "scalars":
        key, values = rng.choice([
            ("a", [True, False, 1.5, "1.5", "abc", "", None, [], {}, "1_000", "0x10"]),
            ("b", ["NaN", "inf", "abc", True, [], {}]),
            ("flag", [1, 0, "1", "yes", "on", "t", 1.0, [], "no"]),
            ("text", [1, 1.5, True, [], {}]),
            ("maybe", [1.5, "x", True, []]),
            ("amount", ["abc", "NaN", "", True, [], "1,5"]),
            ("level", [0, 4, True, "x", 1.5]),
            ("tags", ["a", [1], [None], {"a": 1}]),
        ])
        args[key] = rng.choice(values)
        return args
    if name == "shapes":
        args["shape"] = rng.choice([{"side": "x"}, {"kind": "triangle"}, {"radius": "big"}, {"side": True}, [], "square", None, {"side": 1.5}])
        return args
    if name == "address":
        args["where"] = rng.choice([{"city": 1}, {"zip_code": "12345"}, {"city": "x", "zip_code": "1"}, "Quito", None, {"city": "x", "zip_code": 12345}])
        return args
    args["x"] = rng.choice([True, "x", 1.5, None, []])
    return args


TOOLS = ["planets", "scalars", "shapes", "address", "slow", "boom"]


# -- call shapes -------------------------------------------------------------------------

def _json_or_dict(rng: random.Random, args: Any) -> Any:
    if rng.random() < 0.3:
        return args
    try:
        return json.dumps(args)
    except (ValueError, TypeError, RecursionError):  # cyclic, too deep for json, not JSON data
        return args


SHAPES: dict[str, Callable[[random.Random, Any, Any, Any], Any]] = {
    "openai": lambda rng, name, args, cid: {"id": cid, "type": "function", "function": {"name": name, "arguments": _json_or_dict(rng, args)}},
    "responses": lambda rng, name, args, cid: {"type": "function_call", "call_id": cid, "name": name, "arguments": _json_or_dict(rng, args)},
    "anthropic": lambda rng, name, args, cid: {"type": "tool_use", "id": cid, "name": name, "input": args},
    "gemini": lambda rng, name, args, cid: {"id": cid, "name": name, "args": args},
    "gemini-part": lambda rng, name, args, cid: {"function_call": {"id": cid, "name": name, "args": args}},
    "bedrock": lambda rng, name, args, cid: {"toolUse": {"toolUseId": cid, "name": name, "input": args}},
    "plain": lambda rng, name, args, cid: {"id": cid, "name": name, "arguments": _json_or_dict(rng, args)},
}


class Hostile:
    """An object whose every attribute access, comparison and conversion raises."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError("hostile getattr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile eq")

    def __hash__(self) -> int:
        raise RuntimeError("hostile hash")

    def __str__(self) -> str:
        raise RuntimeError("hostile str")

    __repr__ = __str__

    def __len__(self) -> int:
        raise RuntimeError("hostile len")

    def __iter__(self) -> Any:
        raise RuntimeError("hostile iter")


class HostileStr(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile str eq")

    def __hash__(self) -> int:
        raise RuntimeError("hostile str hash")


def cyclic() -> Any:
    d: dict[str, Any] = {"a": 1}
    d["self"] = d
    return d


def odd_value(rng: random.Random) -> Any:
    """A value of the wrong kind for any member."""
    return rng.choice([
        None, 0, -1, 1.5, float("nan"), True, "", " ", "\x00", "x" * 5000, b"bytes", [], [None], {}, {"x": None},
        (1, 2), {1, 2}, object(), Hostile(), HostileStr("name"), cyclic(), _deep(3000), 10**400,
    ])


ODD_NAMES: list[Any] = [
    "", " ", "\x00", "\n", "plan\nets", "planets ", " planets", "PLANETS", "planet", "a" * 300, "a" * 100_000, "функция",
    "🙂", "function", "arguments", "tool_use", "__class__", "../../etc", "scalars\u200b", "get_weather; DROP TABLE",
    "{}", "null", 0, 1, True, None, [], {}, ["planets"], {"name": "planets"}, b"planets", 1.5,
]
ODD_IDS: list[Any] = ["", " ", "x" * 10_000, "\x00", 0, 7, -1, True, False, None, 1.5, [], {}, ["id"], {"id": "x"}, b"id", "🙂"]


def expected_id(cid: Any) -> Any:
    """The id a result must carry for a call that carried ``cid`` (None: nothing promised)."""
    if isinstance(cid, str) and cid:
        return cid
    if isinstance(cid, int) and not isinstance(cid, bool):
        return str(cid)
    return None


def mutate(rng: random.Random, value: Any) -> Any:
    """``value`` (a dict call shape) with one member, at any level, removed or replaced."""
    if not isinstance(value, dict) or not value:
        return odd_value(rng)
    out = dict(value)
    key = rng.choice(list(out))
    roll = rng.random()
    if roll < 0.25:
        del out[key]
    elif roll < 0.5 and isinstance(out[key], dict):
        out[key] = mutate(rng, out[key])
    elif roll < 0.6:
        out[rng.choice(["function", "type", "name", "args", "input", "toolUse", "function_call", "arguments", "id"])] = odd_value(rng)
    else:
        out[key] = odd_value(rng)
    return out


class Case:
    __slots__ = ("call", "expect_id", "invalid", "tool")

    def __init__(self, call: Any, expect_id: Any, invalid: bool, tool: Optional[str]) -> None:
        self.call = call
        self.expect_id = expect_id
        self.invalid = invalid
        self.tool = tool


def case(rng: random.Random) -> Case:
    """One hostile (or sometimes well-formed) call with its oracle."""
    shape = rng.choice(list(SHAPES))
    name = rng.choice(TOOLS)
    bad_args = rng.random() < 0.5
    args: Any = invalid_args(rng, name) if bad_args else valid_args(rng, name)
    cid: Any = f"call_{rng.randrange(10**6)}" if rng.random() < 0.7 else rng.choice(ODD_IDS)
    roll = rng.random()
    if roll < 0.12:
        args = rng.choice([_deep(rng.choice([33, 100, 1000, 5000])), {"a": _deep(rng.choice([40, 2000]))}, cyclic()])
        bad_args = True
    elif roll < 0.18:
        args = rng.choice(["{not json", "[1]", "null", "", "1", '"x"', "{" * 5000, "[" * 100 + "]" * 100, 5, 1.5, True, [1], odd_value(rng)])
        bad_args = True
    tool_name: Any = name
    if rng.random() < 0.2:
        tool_name = rng.choice(ODD_NAMES)
        bad_args = True
    call = SHAPES[shape](rng, tool_name, args, cid)
    expect = expected_id(cid)
    if rng.random() < 0.25:
        call = mutate(rng, call)
        expect = None  # a broken shape may no longer say where its id is
        bad_args = False  # nor whether its arguments are still the invalid ones (no claim)
    elif rng.random() < 0.05:
        call = odd_value(rng)
        expect = None
        bad_args = True
    return Case(call, expect, bad_args, name)


def response(rng: random.Random) -> Any:
    """A whole response/message (for ``dispatch_all``), possibly malformed."""
    calls = [case(rng).call for _ in range(rng.randint(0, 4))]
    options: list[Any] = [
        {"choices": [{"message": {"role": "assistant", "tool_calls": calls}}]},
        {"choices": []},
        {"choices": [None]},
        {"choices": [{"message": None}]},
        {"role": "assistant", "content": [c for c in calls if isinstance(c, dict)]},
        {"content": calls},
        {"output": calls},
        {"candidates": [{"content": {"parts": calls}}]},
        {"candidates": [None]},
        {"output": {"message": {"content": calls}}},
        {"output": {"message": None}},
        calls,
        tuple(calls),
        odd_value(rng),
    ]
    return rng.choice(options)
