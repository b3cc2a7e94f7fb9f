"""A registry compiles a tool for dispatch on its first call (its plan: validator and
runner) and keeps it: later calls must behave exactly like the first and like a fresh
registry's (the same arguments reach the function, the same results come back, in
every call shape), and every setting that changes a tool or the registry after the
plan was compiled is obeyed by the very next call."""

from __future__ import annotations

import functools
import inspect
import json
import time
from enum import Enum
from typing import Annotated, Any, Callable

import pytest
from pydantic import AfterValidator

import tool2schema
from tool2schema import CONFIG, ToolRegistry, tool

from . import corpus


def chat_call(name: str, arguments: Any, call_id: str = "call_1") -> dict[str, Any]:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": text}}


def recording(func: Callable[..., Any], seen: list[tuple[tuple[Any, ...], dict[str, Any]]]) -> Callable[..., Any]:
    """``func`` with the same signature, recording exactly how it was called."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        seen.append((args, kwargs))
        return func(*args, **kwargs)

    return wrapper


def bound(func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The parameter values of one call, however they were passed."""
    b = inspect.signature(func).bind(*args, **kwargs)
    b.apply_defaults()
    return dict(b.arguments)


SYNC_CORPUS = [
    t for t in tool2schema.find_tools(corpus)
    if t.kind in (tool2schema.ToolKind.FUNCTION, tool2schema.ToolKind.CALLABLE) and not t.is_async
]


@pytest.mark.parametrize("t", SYNC_CORPUS, ids=lambda t: t.name)
def test_later_calls_call_every_corpus_tool_as_the_first_does(t: tool2schema.Tool[Any, Any]) -> None:
    seen: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    func = t.func
    options = {k: getattr(t.config, k) for k in tool2schema.config.DEFAULTS if t.config.is_set(k)}
    registry = ToolRegistry([tool(recording(func, seen), name=t.name, **options)])
    call = chat_call(t.name, corpus.VALID[t.name])
    first, second, third = (registry.dispatch(call) for _ in range(3))
    assert not first.is_error, first.content
    for later in (second, third):
        assert later == first
        assert later.content == first.content and later.call_id == "call_1" and later.to_message() == first.to_message()
    assert len(seen) == 3
    values = [bound(func, *s) for s in seen]
    assert values[1] == values[0] and values[2] == values[0]
    assert [type(v) for v in values[1].values()] == [type(v) for v in values[0].values()]


class Scaler:
    """Scale a number."""

    def __init__(self, k: int) -> None:
        self.k = k

    def __call__(self, x: int, *, offset: int = 0) -> int:
        """Scale.

        Args:
            x: The number.
            offset: Added after scaling.
        """
        return self.k * x + offset


def mixed(a: int, /, b: str, *rest: int, c: float = 1.5, d: bool = False, **extra: Any) -> dict[str, Any]:
    """Every kind of parameter."""
    return {"a": a, "b": b, "rest": rest, "c": c, "d": d, "extra": extra}


def five(a: int, b: int, c: int, d: int, e: int = 5) -> list[int]:
    """Five numbers."""
    return [a, b, c, d, e]


def reserved(model_config: str, schema: int = 2) -> tuple[str, int]:
    """Parameters whose names Pydantic reserves (their fields are renamed)."""
    return (model_config, schema)


def nothing() -> str:
    """No parameters."""
    return "ok"


def only_keywords(*, x: int, y: int = 3) -> int:
    """Keyword-only parameters."""
    return x * 10 + y


@pytest.mark.parametrize(
    ("func", "arguments", "expected"),
    [
        (Scaler(3), {"x": 2, "offset": 1}, 7),
        (mixed, {"a": 1, "b": "s", "d": True}, {"a": 1, "b": "s", "rest": (), "c": 1.5, "d": True, "extra": {}}),
        (five, {"a": 1, "b": 2, "c": 3, "d": 4}, [1, 2, 3, 4, 5]),
        (reserved, {"model_config": "m", "schema": 3}, ("m", 3)),
        (nothing, {}, "ok"),
        (only_keywords, {"x": 1}, 13),
    ],
    ids=["callable-object", "mixed-kinds", "five", "reserved-names", "no-parameters", "keyword-only"],
)
def test_later_calls_pass_every_parameter_kind(func: Any, arguments: dict[str, Any], expected: Any) -> None:
    registry = ToolRegistry([func])
    (name,) = registry.names
    results = [registry.dispatch(chat_call(name, arguments)) for _ in range(3)]
    assert [r.is_error for r in results] == [False] * 3, results[0].content
    assert [r.value for r in results] == [expected] * 3


def test_later_calls_fail_as_the_first_does() -> None:
    def divide(a: int, b: int) -> float:
        """Divide."""
        return a / b

    registry = ToolRegistry([divide])
    assert registry.dispatch(chat_call("divide", {"a": 1, "b": 2})).value == 0.5
    raised = registry.dispatch(chat_call("divide", {"a": 1, "b": 0}, "call_9"))
    assert raised.is_error and raised.error_kind == "tool_error" and raised.call_id == "call_9"
    assert "ZeroDivisionError" in raised.content
    coerced = registry.dispatch(chat_call("divide", {"a": "4", "b": 2}))  # a documented coercion: the slow path
    assert not coerced.is_error and coerced.value == 2.0
    invalid = registry.dispatch(chat_call("divide", {"a": "four", "b": 2}, "call_8"))
    assert invalid.error_kind == "invalid_arguments" and invalid.call_id == "call_8"


# -- settings changed after the path was compiled ------------------------------------


def planet(name: str, size: int = 1) -> str:
    """Pick a planet."""
    return f"{name}:{size}"


def compiled_registry(**options: Any) -> ToolRegistry:
    registry = ToolRegistry([planet], **options)
    for _ in range(2):
        result = registry.dispatch(chat_call("planet", {"name": "Mars"}))
    assert result.value == "Mars:1"
    return registry


def test_add_enum_after_compiling_is_obeyed() -> None:
    registry = compiled_registry()
    registry["planet"].schema.add_enum("name", ["Earth", "Venus"])
    refused = registry.dispatch(chat_call("planet", {"name": "Mars"}))
    assert refused.error_kind == "invalid_arguments"
    assert registry.dispatch(chat_call("planet", {"name": "Venus"})).value == "Venus:1"


class Size(Enum):
    SMALL = 1
    LARGE = 2


def test_config_change_after_compiling_is_obeyed() -> None:
    def sized(size: Size) -> str:
        """Sized."""
        return size.name

    registry = ToolRegistry([sized])
    for _ in range(2):
        assert registry.dispatch(chat_call("sized", {"size": "LARGE"})).value == "LARGE"
    try:
        CONFIG.enum_style = "value"
        assert registry.dispatch(chat_call("sized", {"size": 2})).value == "LARGE"
        assert registry.dispatch(chat_call("sized", {"size": "LARGE"})).error_kind == "invalid_arguments"
    finally:
        CONFIG.reset_default()
    assert registry.dispatch(chat_call("sized", {"size": 2})).error_kind == "invalid_arguments"


def test_forbid_extra_set_after_compiling_is_obeyed() -> None:
    registry = compiled_registry()
    registry.forbid_extra = True
    result = registry.dispatch(chat_call("planet", {"name": "Mars", "moons": 2}))
    assert result.error_kind == "invalid_arguments" and "moons" in result.content


@pytest.mark.parametrize("where", ["registry", "tool"])
def test_timeout_set_after_compiling_is_obeyed(where: str) -> None:
    def nap(seconds: float) -> str:
        """Sleep."""
        time.sleep(seconds)
        return "awake"

    registry = ToolRegistry([nap])
    for _ in range(2):
        assert registry.dispatch(chat_call("nap", {"seconds": 0})).value == "awake"
    if where == "registry":
        registry.timeout = 0.05
    else:
        registry["nap"].timeout = 0.05
    started = time.perf_counter()
    result = registry.dispatch(chat_call("nap", {"seconds": 1}))
    assert result.error_kind == "timeout"
    assert time.perf_counter() - started < 0.9


def test_size_limits_set_after_compiling_are_obeyed() -> None:
    registry = compiled_registry()
    registry.max_bytes = 10
    assert registry.dispatch(chat_call("planet", {"name": "Mars"})).error_kind == "too_large"
    registry.max_bytes = 1_000
    registry.max_depth = 1
    deep = '{"name": "Mars", "size": 1, "x": [[1]]}'
    assert registry.dispatch(chat_call("planet", deep)).error_kind == "too_large"
    registry.max_depth = 3
    assert registry.dispatch(chat_call("planet", deep)).value == "Mars:1"


def test_hostile_holders_are_error_results() -> None:
    registry = compiled_registry()

    class Hostile(dict):  # type: ignore[type-arg]
        def __getitem__(self, key: Any) -> Any:
            raise RuntimeError("no")

    for holder in (Hostile(name="planet", arguments='{"name": "Mars"}'), "planet", ["planet"], None, 3):
        result = registry.dispatch({"id": "c", "type": "function", "function": holder})
        assert isinstance(result, tool2schema.ToolResult) and result.call_id == "c"
    unhashable = registry.dispatch({"id": "c", "function": {"name": ["planet"], "arguments": "{}"}})
    assert unhashable.is_error and unhashable.call_id == "c"
    from collections import defaultdict

    holder: defaultdict[str, Any] = defaultdict(str, arguments='{"name": "Mars"}')  # no name
    assert registry.dispatch({"id": "c", "function": holder}).is_error
    assert dict(holder) == {"arguments": '{"name": "Mars"}'}  # reading a call never changes it


def odd_only(n: int) -> int:
    if n % 2 == 0:
        raise TypeError("even numbers break this validator")  # not a ValueError: Pydantic lets it through
    return n


def test_a_validator_raising_anything_is_an_error_result_on_later_calls_too() -> None:
    def square(n: Annotated[int, AfterValidator(odd_only)]) -> int:
        """Square an odd number."""
        return n * n

    registry = ToolRegistry([square])
    for n in (3, 5):
        assert registry.dispatch(chat_call("square", {"n": n})).value == n * n
    result = registry.dispatch(chat_call("square", {"n": 4}, "call_4"))
    assert result.is_error and result.call_id == "call_4"


# -- differential fuzz: a warm registry against a fresh one ---------------------------


SHAPES = ["chat", "responses", "anthropic", "bedrock", "gemini", "plain-text", "plain-dict", "openai-sdk", "anthropic-sdk", "gemini-sdk"]


def in_shape(shape: str, name: str, text: str, call_id: str) -> dict[str, Any]:
    """One call in a provider's dict shape; the shapes that carry parsed arguments get
    ``text`` parsed (when it is not a JSON object, the call goes as a chat call)."""
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if shape in ("anthropic", "bedrock", "gemini", "plain-dict", "anthropic-sdk", "gemini-sdk") and not isinstance(parsed, dict):
        shape = "chat"
    if shape == "openai-sdk":
        from openai.types.chat import ChatCompletionMessageToolCall

        return ChatCompletionMessageToolCall(id=call_id, type="function", function={"name": name, "arguments": text})  # type: ignore[return-value]
    if shape == "anthropic-sdk":
        from anthropic.types import ToolUseBlock

        return ToolUseBlock(type="tool_use", id=call_id, name=name, input=parsed)  # type: ignore[return-value]
    if shape == "gemini-sdk":
        from google.genai import types

        return types.FunctionCall(id=call_id, name=name, args=parsed)  # type: ignore[return-value]
    if shape == "responses":
        return {"type": "function_call", "call_id": call_id, "name": name, "arguments": text}
    if shape == "anthropic":
        return {"type": "tool_use", "id": call_id, "name": name, "input": parsed}
    if shape == "bedrock":
        return {"toolUse": {"toolUseId": call_id, "name": name, "input": parsed}}
    if shape == "gemini":
        return {"function_call": {"id": call_id, "name": name, "args": parsed}}
    if shape == "plain-text":
        return {"id": call_id, "name": name, "arguments": text}
    if shape == "plain-dict":
        return {"id": call_id, "name": name, "arguments": parsed}
    return chat_call(name, text, call_id)


def outcome(result: tool2schema.ToolResult) -> tuple[Any, ...]:
    return (result.is_error, result.error_kind, result.content, result.call_id, result.provider, [e["type"] for e in result.errors],
            result.to_message() if result.provider is not None else None)


@pytest.mark.parametrize("seed", range(3))
def test_a_warm_registry_answers_every_payload_as_a_fresh_one(seed: int) -> None:
    import random

    from . import fuzzing

    rng = random.Random(seed)
    warm = fuzzing.registry()
    for name in ("planets", "scalars", "shapes", "address", "boom"):
        args = {"planets": {"planet": "EARTH"}, "scalars": {"a": 1}, "shapes": {"shape": {"kind": "circle", "radius": 1.0}},
                "address": {"where": {"city": "Quito"}}, "boom": {"x": 1}}[name]
        warm.dispatch(chat_call(name, args))
    for i in range(900):
        name = rng.choice(["planets", "scalars", "shapes", "address", "boom"])
        roll = rng.random()
        if roll < 0.4:
            arguments: Any = json.dumps(fuzzing.valid_args(rng, name))
        elif roll < 0.8:
            arguments = json.dumps(fuzzing.invalid_args(rng, name))
        else:  # broken or odd JSON texts, deep nesting, non-objects
            arguments = rng.choice(['{"planet": "EARTH"', "[1, 2]", "null", '"x"', "", "{}", '{"a": ' * 40 + "1" + "}" * 40,
                                    json.dumps({"x": 1, "extra": [[[[1]]]]}), '{"a": 1, "a": "x"}', "{\"a\": 1e400}"])
        call = in_shape(rng.choice(SHAPES), name, arguments, f"call_{i}")
        before = len(fuzzing.RAN)
        fast = warm.dispatch(call)
        ran_fast = fuzzing.RAN[before:]
        before = len(fuzzing.RAN)
        slow = fuzzing.registry().dispatch(call)  # a fresh registry: the plan built for this call
        assert outcome(fast) == outcome(slow), (call, fast.message, slow.message)
        assert ran_fast == fuzzing.RAN[before:]


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth - 1):
        value = {"a": value}
    return value


@pytest.mark.parametrize("shape", ["anthropic", "bedrock", "gemini", "plain-dict"])
def test_parsed_arguments_keep_the_depth_limit_and_python_values(shape: str) -> None:
    import datetime

    ran: list[Any] = []

    def keep(payload: Any, when: datetime.date = datetime.date(2026, 1, 1)) -> str:
        """Keep anything."""
        ran.append(payload)
        return when.isoformat()

    registry = ToolRegistry([keep], max_depth=8)
    for _ in range(2):  # the second call is compiled
        assert not registry.dispatch(in_shape(shape, "keep", '{"payload": 1}', "c")).is_error
    ran.clear()
    deep = in_shape(shape, "keep", json.dumps({"payload": nested(9)}), "c")  # 8 dicts + the arguments object: 9 levels
    result = registry.dispatch(deep)
    assert result.error_kind == "too_large" and "8 levels" in result.content and ran == []
    ok = registry.dispatch(in_shape(shape, "keep", json.dumps({"payload": nested(8)}), "c"))
    assert not ok.is_error and len(ran) == 1
    # Python values (an application's call, not a model's JSON) keep Pydantic's Python mode
    call = in_shape(shape, "keep", '{"payload": 1}', "c")
    holder = {"bedrock": call.get("toolUse"), "gemini": call.get("function_call")}.get(shape, call)
    arguments = holder[{"anthropic": "input", "bedrock": "input", "gemini": "args"}.get(shape, "arguments")]
    arguments["when"] = datetime.date(2030, 5, 6)
    assert registry.dispatch(call).value == "2030-05-06"


def test_gemini_restored_arguments_keep_the_depth_limit() -> None:
    from google.genai import types

    ran: list[Any] = []

    def keep(payload: Any) -> int:
        """Keep anything."""
        ran.append(payload)
        return 1

    registry = ToolRegistry([keep], max_depth=8)
    for _ in range(3):
        assert registry.dispatch(types.FunctionCall(id="g", name="keep", args={"payload": "[1]"})).value == 1
    ran.clear()
    # Gemini sends Any values JSON-encoded: restoring them can nest deeper than the call looked
    deep = registry.dispatch(types.FunctionCall(id="g", name="keep", args={"payload": json.dumps(nested(12))}))
    assert deep.error_kind == "too_large" and deep.call_id == "g" and ran == []
    huge = registry.dispatch(types.FunctionCall(id="g", name="keep", args={"payload": "[" * 50_000 + "]" * 50_000}))
    assert huge.is_error and huge.call_id == "g" and ran == []


def test_the_per_shape_benchmark_dispatches_every_shape(capsys: pytest.CaptureFixture[str]) -> None:
    from .helpers import benchmark_module

    module = benchmark_module("dispatch_shapes")
    module.main(["--reps", "3", "--rounds", "1"])  # raises SystemExit when a shape does not return the tool's value
    table = capsys.readouterr().out
    names = list(module.shapes("small_tool", "{}"))
    assert len(names) == 12 and all(f"| {n} | " in table for n in names)
