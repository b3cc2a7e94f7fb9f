"""@tool: callables, docstrings, exact schemas per type family, options, errors."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import enum
import functools
import inspect
import json
import warnings
from typing import Annotated, Any, Literal, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field, ValidationError

import tool2schema
from tool2schema import CONFIG, Tool, ToolCallError, ToolDefinitionError, ToolDefinitionWarning, tool

from . import corpus
from .helpers import check_draft2020, validator


def params(t: Tool[Any, Any]) -> dict[str, Any]:
    return t.to_json()["function"]["parameters"]


@pytest.fixture(autouse=True)
def _reset_config() -> Any:
    yield
    CONFIG.reset_default()


# -- callables ------------------------------------------------------------------------


def test_decorated_function_is_still_the_function() -> None:
    @tool
    def add(a: int, b: int = 2) -> int:
        """Add."""
        return a + b

    assert isinstance(add, Tool)
    assert add(1) == 3 and add(a=1, b=5) == 6
    assert add.__name__ == "add" and add.__doc__ == "Add." and add.__wrapped__ is add.func
    assert str(inspect.signature(add)) == "(a: 'int', b: 'int' = 2) -> 'int'"
    assert add.name == "add" and add.description == "Add."


def test_async_function_stays_a_coroutine_function() -> None:
    @tool
    async def fetch(url: str) -> str:
        """Fetch."""
        return url

    assert inspect.iscoroutinefunction(fetch)
    assert asyncio.run(fetch("u")) == "u"
    assert asyncio.run(fetch.ainvoke({"url": "v"})) == "v"
    with pytest.raises(TypeError, match="ainvoke"):
        fetch.invoke({"url": "v"})


def test_methods_classmethods_staticmethods_bound_and_callable_objects() -> None:
    class Service:
        factor = 3

        @tool
        def scale(self, x: int) -> int:
            """Scale x."""
            return x * self.factor

        @tool
        @classmethod
        def make(cls, n: int) -> int:
            """Class method."""
            return n * cls.factor

        @tool
        @staticmethod
        def twice(n: int) -> int:
            """Static."""
            return 2 * n

    s = Service()
    assert s.scale(2) == 6 and Service.make(2) == 6 and Service.twice(2) == 4 and s.twice(3) == 6
    for t in (Service.scale, s.scale, Service.make, Service.twice):
        assert list(params(t)["properties"]) in (["x"], ["n"])
    assert s.scale.invoke({"x": "4"}) == 12  # lax "4" -> 4, bound to the instance
    assert Service.make.invoke({"n": 1}) == 3

    bound = tool(s.scale.func)
    assert list(params(bound)["properties"]) == ["x"]

    class Adder:
        """Add a constant."""

        def __call__(self, x: int) -> int:
            return x + 1

    adder = tool(Adder())
    assert adder.name == "adder" and adder(1) == 2 and list(params(adder)["properties"]) == ["x"]
    assert adder.description == "Add a constant."

    partial_tool = tool(functools.partial(lambda a, b: a + b, b=1), name="partial_add")
    assert partial_tool.invoke({"a": 1}) == 2


# -- docstrings -----------------------------------------------------------------------

GOOGLE = '''Summary line.

    Longer description
    on two lines.

    Args:
        a: The first.
        b: The second.
    '''
REST = '''Summary line.

    Longer description
    on two lines.

    :param a: The first.
    :param b: The second.
    '''
NUMPY = '''Summary line.

    Longer description
    on two lines.

    Parameters
    ----------
    a : int
        The first.
    b : str
        The second.
    '''
EPYDOC = '''Summary line.

    Longer description
    on two lines.

    @param a: The first.
    @param b: The second.
    '''


@pytest.mark.parametrize("doc", [GOOGLE, REST, NUMPY, EPYDOC], ids=["google", "rest", "numpy", "epydoc"])
def test_every_docstring_style(doc: str) -> None:
    def f(a: int, b: str = "x") -> None:
        pass

    f.__doc__ = doc
    t = tool(f)
    assert t.description == "Summary line.\n\nLonger description\non two lines."
    assert params(t)["properties"] == {
        "a": {"type": "integer", "description": "The first."},
        "b": {"type": "string", "default": "x", "description": "The second."},
    }


def test_field_description_beats_docstring_and_constraints_are_kept() -> None:
    @tool
    def f(n: Annotated[int, Field(ge=1, le=100, description="From Field")], m: int = Field(5, description="Default Field")) -> None:
        """Doc.

        Args:
            n: From docstring.
            m: Also docstring.
        """

    assert params(f)["properties"] == {
        "n": {"type": "integer", "minimum": 1, "maximum": 100, "description": "From Field"},
        "m": {"type": "integer", "default": 5, "description": "Default Field"},
    }


# -- type families --------------------------------------------------------------------

EXPECTED: dict[str, dict[str, Any]] = {
    "maybe_limit": {"limit": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}},
    "int_or_str": {"value": {"anyOf": [{"type": "integer"}, {"type": "string"}]}},
    "paint": {"color": {"type": "string", "enum": ["RED", "GREEN"]}},
    "paint_by_value": {"color": {"type": "string", "enum": ["red", "green"]}},
    "prioritize": {"priority": {"type": "string", "enum": ["LOW", "HIGH"], "default": "LOW"}},
    "prioritize_value": {"priority": {"type": "integer", "enum": [1, 2]}},
    "pick_level": {"level": {"type": "integer", "enum": [1, 2, 3]}},
    "single_literal": {"mode": {"type": "string", "enum": ["fast"], "default": "fast"}},
    "list_colors": {"colors": {"type": "array", "items": {"type": "string", "enum": ["RED", "GREEN"]}}},
    "sum_list": {
        "values": {"type": "array", "items": {"type": "integer"}},
        "unique": {"type": "array", "items": {"type": "string"}, "uniqueItems": True, "default": []},
    },
    "pair": {"coords": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}], "minItems": 2, "maxItems": 2}},
    "counts": {"mapping": {"type": "object", "additionalProperties": {"type": "integer"}}},
    "schedule": {
        "day": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "date-time"},
        "duration": {"type": "string", "format": "duration"},
    },
    "identify": {
        "id": {"type": "string", "format": "uuid"},
        "path": {"type": "string", "format": "path"},
    },
    "move": {"point": {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number", "default": 0.0}}, "required": ["x"]}},
    "order_id": {"order": {"type": "string", "pattern": r"^ORD-\d{6}$"}},
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_exact_schemas_per_type_family(name: str) -> None:
    t = tool2schema.find_tool(corpus, name)
    assert t is not None
    got = {k: {kk: vv for kk, vv in v.items() if kk != "description"} for k, v in params(t)["properties"].items()}
    if name == "identify":  # Decimal: a number or a numeric string (the pattern varies by Pydantic version)
        assert [b["type"] for b in got.pop("amount")["anyOf"]] == ["number", "string"]
    assert got == EXPECTED[name]


def test_nested_models_inline_and_recursion_keeps_defs() -> None:
    person = params(corpus.register_person)["properties"]["person"]
    assert person["properties"]["address"] == {
        "type": "object",
        "properties": {
            "street": {"type": "string", "description": "Street and number"},
            "city": {"type": "string"},
            "zip_code": {"anyOf": [{"type": "string", "pattern": r"^\d{5}$"}, {"type": "null"}], "default": None},
        },
        "required": ["street", "city"],
        "description": "A postal address.",
    }
    assert "$defs" not in params(corpus.register_person)
    tree = params(corpus.walk_tree)
    assert tree["properties"]["root"] == {"$ref": "#/$defs/TreeNode"}
    assert tree["$defs"]["TreeNode"]["properties"]["children"]["items"] == {"$ref": "#/$defs/TreeNode"}
    pet = params(corpus.adopt)["properties"]["pet"]
    assert [b["properties"]["kind"] for b in pet["oneOf"]] == [{"type": "string", "enum": ["cat"], "default": "cat"}, {"type": "string", "enum": ["dog"], "default": "dog"}]


def test_no_title_anywhere_but_a_property_named_title_survives() -> None:
    text = str(params(corpus.rate_movie))
    assert "'title': {'type': 'string'}" in text
    for t in tool2schema.find_tools(corpus):
        schema = t.schema.parameters
        check_draft2020(schema)
        assert all(k != "title" for k in schema)


@pytest.mark.parametrize("t", tool2schema.find_tools(corpus), ids=lambda t: t.name)
def test_valid_arguments_pass_schema_and_model(t: Tool[Any, Any]) -> None:
    args = corpus.VALID[t.name]
    assert list(validator(t.schema.parameters).iter_errors(args)) == []
    t.validate(args)


INVALID = {
    "get_weather": [{}, {"location": 3}, {"location": "x", "units": "kelvin"}],
    "search": [{"query": ""}, {"query": "x", "page_size": 0}, {"query": "x", "page_size": 101}, {"query": "x", "ratio": 1}],
    "order_id": [{"order": "ORD-1"}],
    "pick_level": [{"level": 4}],
    "register_person": [{"person": {"name": "A"}}, {"person": {"name": "A", "address": {"street": 1, "city": "c"}}}],
    "adopt": [{"pet": {"kind": "fish"}}],
    "paint": [{"color": "BLUE"}],
    "rate_movie": [{"movie": {"title": "x", "year": 1}, "stars": 6}],
}


@pytest.mark.parametrize(("name", "args"), [(n, a) for n, cases in INVALID.items() for a in cases])
def test_invalid_arguments_fail_schema_and_model(name: str, args: dict[str, Any]) -> None:
    t = tool2schema.find_tool(corpus, name)
    assert t is not None
    assert list(validator(t.schema.parameters).iter_errors(args)) != []
    with pytest.raises(ToolCallError):
        t.validate(args)


@settings(max_examples=60, deadline=None)
@given(page_size=st.integers(-5, 120), query=st.text(max_size=3))
def test_schema_and_validator_agree_on_constraints(page_size: int, query: str) -> None:
    args = {"query": query, "page_size": page_size}
    schema_ok = not list(validator(corpus.search.schema.parameters).iter_errors(args))
    try:
        corpus.search.validate(args)
        model_ok = True
    except ToolCallError:
        model_ok = False
    assert schema_ok == model_ok


# -- enums ----------------------------------------------------------------------------


def test_enum_names_convert_on_direct_calls_and_validation() -> None:
    assert corpus.paint("GREEN") == "green"
    assert corpus.paint(corpus.Color.RED) == "red"
    assert corpus.list_colors(["RED"]) == ["red"]
    assert corpus.paint.invoke({"color": "GREEN"}) == "green"
    assert corpus.prioritize_value.invoke({"priority": 2}) == 2


def test_add_enum_restricts_schema_and_validation() -> None:
    @tool
    def pick(option: str, n: int = 0) -> str:
        """Pick."""
        return option

    pick.schema.add_enum("option", ["a", "b"])
    assert params(pick)["properties"]["option"] == {"type": "string", "enum": ["a", "b"]}
    assert pick.invoke({"option": "a"}) == "a"
    with pytest.raises(ToolCallError, match="'a' or 'b'"):
        pick.invoke({"option": "c"})
    with pytest.raises(ToolDefinitionError, match="no parameter 'nope'"):
        pick.schema.add_enum("nope", [1])


# -- model, dataclass and TypedDict tools ---------------------------------------------


def test_model_tools() -> None:
    t = corpus.get_stock_price
    assert t.name == "get_stock_price" and t.description == "Get the latest price of a stock."
    assert t.args_model is corpus.GetStockPriceArgs
    assert params(t) == {
        "type": "object",
        "properties": {
            "ticker": {"type": "string", "description": "Ticker symbol, e.g. AAPL"},
            "currency": {"type": "string", "enum": ["USD", "EUR"], "default": "USD"},
        },
        "required": ["ticker"],
    }
    inst = t.invoke('{"ticker": "AAPL"}')
    assert isinstance(inst, corpus.GetStockPriceArgs) and inst.ticker == "AAPL"
    event = corpus.create_event.invoke({"title": "x"})
    assert event == corpus.CreateEventArgs(title="x", attendees=[])
    assert params(corpus.create_event)["properties"]["title"]["description"] == "Event title."
    assert corpus.send_email.invoke({"to": "a", "body": "b"}) == {"to": "a", "body": "b"}
    assert corpus.send_email.name == "send_email"


# -- options and configuration --------------------------------------------------------


def test_options_and_global_config() -> None:
    @tool(name="renamed", description="Custom.", tags=["x"], ignore_parameters=["secret"])
    def f(a: int, secret: str = "s") -> str:
        """Original.

        Args:
            a: The a.
        """
        return secret

    out = f.to_json()["function"]
    assert out["name"] == "renamed" and out["description"] == "Custom." and list(out["parameters"]["properties"]) == ["a"]
    assert f.has_tag("x") and not f.has_tag("y") and f.tags == ["x"]
    assert f.invoke({"a": 1, "secret": "model-set"}) == "s"  # the model cannot set an ignored parameter

    @tool
    def g(a: int, b: str = "x") -> None:
        """Doc.

        Args:
            a: The a.
        """

    before = g.to_json()
    CONFIG.ignore_parameter_descriptions = True
    CONFIG.ignore_function_description = True
    after = g.to_json()["function"]
    assert "description" not in after and "description" not in after["parameters"]["properties"]["a"]
    CONFIG.reset_default()
    assert g.to_json() == before
    CONFIG.ignore_all_parameters = True
    assert g.to_json()["function"]["parameters"]["properties"] == {}

    @tool(ignore_all_parameters=False)
    def h(a: int) -> None:
        """Doc."""

    assert list(h.to_json()["function"]["parameters"]["properties"]) == ["a"]
    CONFIG.default_format = "anthropic"
    assert "input_schema" in h.to_json()


def test_cached_schemas_are_read_only_and_copyable() -> None:
    out = corpus.toggle.to_json()
    assert out is corpus.toggle.to_json()
    with pytest.raises(TypeError, match="read-only"):
        out["function"]["name"] = "x"  # type: ignore[index]
    with pytest.raises(TypeError, match="read-only"):
        out["function"]["parameters"]["required"].append("y")
    mutable = copy.deepcopy(out)
    mutable["function"]["name"] = "x"
    assert type(mutable) is dict and corpus.toggle.to_json()["function"]["name"] == "toggle"


# -- bad input ------------------------------------------------------------------------


def test_unknown_type_is_a_clear_error() -> None:
    class Opaque:
        pass

    @tool
    def f(x: Opaque) -> None:
        """Doc."""

    with pytest.raises(ToolDefinitionError, match=r"tool 'f', parameter 'x': type .*Opaque.* cannot be validated"):
        f.to_json()


def test_unresolvable_forward_reference() -> None:
    @tool
    def f(x: Missing) -> None:  # type: ignore[name-defined]  # noqa: F821
        """Doc."""

    with pytest.raises(ToolDefinitionError, match="tool 'f': cannot resolve its type hints.*Missing"):
        f.to_json()


def test_default_contradicting_type() -> None:
    @tool
    def f(n: int = "many") -> None:  # type: ignore[assignment]
        """Doc."""

    with pytest.raises(ToolDefinitionError, match="parameter 'n': the default 'many' is not a valid"):
        f.to_json()


def test_colliding_schema_names() -> None:
    @tool
    def f(a: int, b: Annotated[int, Field(alias="a")] = 1) -> None:
        """Doc."""

    with pytest.raises(ToolDefinitionError, match="both appear in the schema as 'a'"):
        f.to_json()


def test_stale_docstring_warns() -> None:
    @tool
    def f(a: int) -> None:
        """Doc.

        Args:
            a: The a.
            gone: Removed long ago.
        """

    with pytest.warns(ToolDefinitionWarning, match="documents 'gone'"):
        f.to_json()


def test_implicit_optional_and_reserved_names() -> None:
    @tool
    def f(limit: int = None, json: str = "x", model_config: int = 0) -> tuple[Any, ...]:  # type: ignore[assignment]
        """Doc."""
        return (limit, json, model_config)

    props = params(f)["properties"]
    assert props["limit"] == {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}
    assert list(props) == ["limit", "json", "model_config"]
    assert f.invoke({"json": "y", "model_config": 2, "limit": "null"}) == (None, "y", 2)


def test_self_args_kwargs_never_appear() -> None:
    @tool
    def f(a: int, *args: int, b: str = "x", **kwargs: Any) -> None:
        """Doc."""

    assert list(params(f)["properties"]) == ["a", "b"]


def test_unknown_option_and_non_tool_class() -> None:
    with pytest.raises(TypeError, match="unknown option"):
        tool(lambda: None, colour="red")

    class Plain:
        pass

    with pytest.raises(ToolDefinitionError, match="not a Pydantic model, dataclass or TypedDict"):
        tool(Plain)


def test_pydantic_validation_is_the_source_of_truth() -> None:
    class Strict(BaseModel):
        n: int

        @classmethod
        def check(cls, v: int) -> int:
            return v

    @tool
    def f(item: Strict) -> int:
        """Doc."""
        return item.n

    with pytest.raises(ToolCallError) as info:
        f.validate('{"item": {"n": "x"}}')
    assert info.value.errors[0]["loc"] == ("item", "n")
    assert isinstance(f.args_model.model_validate({"item": {"n": 1}}), BaseModel)
    with pytest.raises(ValidationError):
        f.args_model.model_validate({})


def test_dataclass_defaults_and_warning_free_build() -> None:
    @dataclasses.dataclass
    class Opts:
        depth: int = 1

    class Mode(enum.Enum):
        A = 1

    @tool
    def f(opts: Opts, mode: Optional[Mode] = None, kind: Literal["a", "b"] = "a") -> None:
        """Doc."""

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert params(f)["properties"]["mode"] == {"anyOf": [{"type": "string", "enum": ["A"]}, {"type": "null"}], "default": None}


@pytest.mark.parametrize("t", [t for t in tool2schema.find_tools(corpus) if t.kind is tool2schema.ToolKind.FUNCTION], ids=lambda t: t.name)
@pytest.mark.parametrize("enum_style", ["name", "value"])
def test_fast_schema_path_equals_the_full_model_schema(t: Tool[Any, Any], enum_style: str) -> None:
    """Schemas are assembled from cached per-type schemas without building the model;
    they must equal what Pydantic generates from the full model."""
    from tool2schema.introspect import inspect_function
    from tool2schema.jsonschema import model_parameters_schema
    from tool2schema.model import ModelOptions, build_args_model, parameters_schema

    info = inspect_function(t.func, name=t.name)
    options = ModelOptions(enum_style=enum_style)
    fast = parameters_schema(info, options)
    full = model_parameters_schema(build_args_model(info, options).model)
    if fast is None:  # this tool takes the full-model path
        assert "$defs" in full
        return
    assert fast == full
    assert json.dumps(fast) == json.dumps(full)  # same key order too


@pytest.mark.parametrize("doc", [GOOGLE, REST, NUMPY, EPYDOC, *(t.func.__doc__ for t in tool2schema.find_tools(corpus) if getattr(t.func, "__doc__", None))])
def test_detected_docstring_style_reads_like_auto(doc: str) -> None:
    """The style is detected once instead of parsing with every style (AUTO): same result."""
    import docstring_parser

    from tool2schema.introspect import docstring_style

    cleaned = inspect.cleandoc(doc)
    auto = docstring_parser.parse(cleaned)
    fast = docstring_parser.parse(cleaned, style=docstring_style(cleaned))
    assert (fast.short_description, fast.long_description) == (auto.short_description, auto.long_description)
    assert [(p.arg_name, p.description) for p in fast.params] == [(p.arg_name, p.description) for p in auto.params]


def test_field_default_contradicting_type() -> None:
    @tool
    def f(n: int = Field("many", description="How many")) -> None:
        """Doc."""

    with pytest.raises(ToolDefinitionError, match="parameter 'n': the default 'many' is not a valid"):
        f.to_json()


def test_annotated_parameters_with_equal_constraints_share_a_schema_and_different_ones_do_not() -> None:
    """Types are cached across tools; an Annotated type's Field(...) is keyed by what it holds."""
    from typing import Annotated

    from pydantic import BaseModel, Field

    from tool2schema import tool
    from tool2schema.model import _type_entry

    one, same, other = (Annotated[int, Field(ge=1, le=100)], Annotated[int, Field(ge=1, le=100)], Annotated[int, Field(ge=2, le=100)])
    pattern_a, pattern_b = Annotated[str, Field(pattern="^a")], Annotated[str, Field(pattern="^b")]
    assert _type_entry(one, False) is _type_entry(same, False)
    assert _type_entry(one, False) is not _type_entry(other, False)

    @tool
    def f(x: one, y: same, z: other, p: pattern_a, q: pattern_b) -> None:  # type: ignore[valid-type]
        """F."""

    props = f.schema.parameters["properties"]
    assert (props["x"]["minimum"], props["y"]["minimum"], props["z"]["minimum"]) == (1, 1, 2)
    assert (props["p"]["pattern"], props["q"]["pattern"]) == ("^a", "^b")

    class Args(BaseModel):  # the slow path (a model) agrees
        x: one  # type: ignore[valid-type]
        z: other  # type: ignore[valid-type]
        q: pattern_b  # type: ignore[valid-type]

    model = Args.model_json_schema()["properties"]
    assert (model["x"]["minimum"], model["z"]["minimum"], model["q"]["pattern"]) == (1, 2, "^b")
