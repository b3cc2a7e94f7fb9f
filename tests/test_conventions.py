"""Issue 14: tools written the way other tool libraries' users write them.

Each section is one class of inputs, tested with several variants, through the public
API: the schemas of several formats (``to_json``), ``args_model`` and dispatch through
a ``ToolRegistry``.
"""

import dataclasses
import inspect
import json
import warnings
from typing import Annotated, Any, Optional, TypedDict

import pytest
from pydantic import BaseModel, ConfigDict, Field, PlainValidator, WithJsonSchema
from typing_extensions import Doc

from tool2schema import Tool, ToolDefinitionError, ToolDefinitionWarning, ToolRegistry, tool
from tool2schema.introspect import inspect_function
from tool2schema.jsonschema import model_parameters_schema
from tool2schema.model import ModelOptions, build_args_model, parameters_schema

from .helpers import check_draft2020, gemini_violations, parameters_of, strict_violations, validator

FORMATS = ("openai", "openai-responses", "anthropic", "gemini", "bedrock", "mcp")


def descriptions(t: Tool[Any, Any], fmt: str = "openai") -> dict[str, Optional[str]]:
    return {k: v.get("description") for k, v in parameters_of(t, fmt)["properties"].items()}


def required(t: Tool[Any, Any], fmt: str) -> list[str]:
    return list(parameters_of(t, fmt).get("required", []))


def strict_property(t: Tool[Any, Any], name: str) -> dict[str, Any]:
    return parameters_of(t, "openai", strict=True)["properties"][name]  # type: ignore[no-any-return]


def accepts_null(schema: dict[str, Any]) -> bool:
    return validator(schema).is_valid(None)


def fast_equals_full(t: Tool[Any, Any]) -> None:
    """The schema assembled from per-type schemas equals the full model's schema."""
    info = inspect_function(t.func)
    for enum_style in ("name", "value"):
        options = ModelOptions(enum_style=enum_style)
        fast = parameters_schema(info, options)
        full = model_parameters_schema(build_args_model(info, options).model)
        if fast is not None:
            assert json.dumps(fast) == json.dumps(full)


def dispatch(t: Tool[Any, Any], arguments: Any) -> Any:
    result = ToolRegistry([t]).dispatch({"name": t.name, "arguments": arguments})
    assert not result.is_error, result.content
    return result.value


# -- 1. descriptions written as plain strings in Annotated ----------------------------


def test_annotated_string_describes_the_parameter_in_every_format() -> None:
    @tool
    def find(
        city: Annotated[str, "City and country, e.g. 'Paris, FR'"],
        limit: Annotated[int, "How many results"] = 5,
        after: Annotated[Optional[str], "ISO date to start from"] = None,
        near: Optional[Annotated[str, "A landmark"]] = None,
    ) -> list[str]:
        """Find places."""
        return [city] * limit

    expected = {
        "city": "City and country, e.g. 'Paris, FR'",
        "limit": "How many results",
        "after": "ISO date to start from",
        "near": "A landmark",
    }
    for fmt in FORMATS:
        assert descriptions(find, fmt) == expected, fmt
    strict = parameters_of(find, "openai", strict=True)["properties"]
    assert strict["city"]["description"] == expected["city"]
    assert strict["limit"]["description"].startswith("How many results")
    assert dispatch(find, '{"city": "Oslo", "limit": "2"}') == ["Oslo", "Oslo"]
    fast_equals_full(find)


def test_annotated_string_keeps_constraints_and_is_dedented() -> None:
    @tool
    def tag(
        ids: Annotated[list[int], "Item ids", Field(min_length=1)],
        note: Annotated[
            str,
            """A note.
            Several lines long.""",
        ] = "",
        doc: Annotated[str, Doc("Described with PEP 727 Doc")] = "",
    ) -> int:
        """Tag items."""
        return len(ids)

    props = parameters_of(tag, "openai")["properties"]
    assert props["ids"] == {"type": "array", "items": {"type": "integer"}, "minItems": 1, "description": "Item ids"}
    assert props["note"]["description"] == "A note.\nSeveral lines long."
    assert props["doc"]["description"] == "Described with PEP 727 Doc"
    result = ToolRegistry([tag]).dispatch({"name": "tag", "arguments": '{"ids": []}'})
    assert result.is_error and result.error_kind == "invalid_arguments"


def test_description_precedence_field_then_annotated_string_then_docstring() -> None:
    @tool
    def f(
        a: Annotated[int, "from string", Field(description="from Field")],
        b: Annotated[int, "from string"],
        c: int,
        d: Annotated[int, "from string"] = Field(default=1, description="from default Field"),
        e: Annotated[int, Field(ge=0)] = 0,
        g: int = Field(default=2),
        h: Annotated[int, "from string"] = Field(default=3),
    ) -> None:
        """Doc.

        Args:
            a: from docstring a.
            b: from docstring b.
            c: from docstring c.
            d: from docstring d.
            e: from docstring e.
            g: from docstring g.
            h: from docstring h.
        """

    expected = {
        "a": "from Field",
        "b": "from string",
        "c": "from docstring c.",
        "d": "from default Field",
        "e": "from docstring e.",
        "g": "from docstring g.",
        "h": "from string",
    }
    for fmt in ("openai", "anthropic", "gemini", "mcp"):
        assert descriptions(f, fmt) == expected, fmt
    assert parameters_of(f, "openai")["properties"]["e"]["minimum"] == 0
    assert {k: v.description for k, v in f.args_model.model_fields.items()} == expected


def test_annotated_strings_on_dataclass_and_typeddict_tools() -> None:
    @dataclasses.dataclass
    class BookArgs:
        """Book a table.

        Attributes:
            size: From the docstring.
            when: From the docstring too.
        """

        size: Annotated[int, "How many people"]
        when: str = "tonight"

    class SearchArgs(TypedDict):
        query: Annotated[str, "What to look for"]

    book, search = tool(BookArgs), tool(SearchArgs)
    assert descriptions(book) == {"size": "How many people", "when": "From the docstring too."}
    assert descriptions(search, "anthropic") == {"query": "What to look for"}
    assert dispatch(book, '{"size": 2}') == BookArgs(size=2)
    assert dispatch(search, {"query": "x"}) == {"query": "x"}


# -- 2. defaults given in Field(...) are honest everywhere ------------------------------


@tool
def fetch_page(
    url: Annotated[str, Field(description="Page address")],
    retries: Annotated[int, Field(default=3, ge=0, description="Attempts")],
    headers: Annotated[list[str], Field(default_factory=list, description="Extra headers")],
    timeout: float = Field(default=10.0, description="Seconds"),
    tags: list[str] = Field(default_factory=list),  # noqa: B008 - the convention under test
    proxy: Annotated[Optional[str], Field(default=None)] = None,
) -> dict[str, Any]:
    """Fetch a page."""
    headers.append("seen")  # a shared default list would grow from call to call
    return {"url": url, "retries": retries, "headers": headers, "timeout": timeout, "tags": tags, "proxy": proxy}


DEFAULTED = ("retries", "headers", "timeout", "tags", "proxy")


@tool
def search_web(
    query: Annotated[str, Field(description="Search terms")],
    limit: Annotated[int, Field(default=10, ge=1, description="Most results")],
    sites: Annotated[list[str], Field(default_factory=list, description="Only these sites")],
    safe: Annotated[bool, "Filter explicit results", Field(default=True)],
) -> dict[str, Any]:
    """Search the web (every default given in Annotated)."""
    sites.append("seen")
    return {"query": query, "limit": limit, "sites": sites, "safe": safe}


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_parameter_with_any_default_is_not_required(fmt: str) -> None:
    assert required(fetch_page, fmt) == ["url"]
    props = parameters_of(fetch_page, fmt)["properties"]
    assert props["retries"]["default"] == 3
    assert props["timeout"]["default"] == 10.0
    assert required(search_web, fmt) == ["query"]
    props = parameters_of(search_web, fmt)["properties"]
    assert props["limit"]["default"] == 10 and props["safe"]["default"] is True
    assert props["safe"]["description"] == "Filter explicit results"
    for t in (fetch_page, search_web):
        if fmt == "gemini":
            assert not gemini_violations(parameters_of(t, fmt))
        else:
            check_draft2020(parameters_of(t, fmt))


def test_annotated_defaults_under_strict_mode() -> None:
    schema = parameters_of(search_web, "openai", strict=True)
    assert not strict_violations(schema)
    assert schema["required"] == ["query", "limit", "sites", "safe"]
    assert [accepts_null(schema["properties"][n]) for n in schema["required"]] == [False, True, True, True]
    assert "default: 10" in schema["properties"]["limit"]["description"]
    answer = '{"query": "q", "limit": null, "sites": null, "safe": null}'
    assert validator(schema).is_valid(json.loads(answer))
    registry = ToolRegistry([search_web])
    for _ in range(2):  # a fresh default list each call
        result = registry.dispatch({"name": "search_web", "arguments": answer})
        assert result.value == {"query": "q", "limit": 10, "sites": ["seen"], "safe": True}, result.content
    assert registry.dispatch({"name": "search_web", "arguments": '{"query": "q"}'}).value["limit"] == 10
    assert registry.dispatch({"name": "search_web", "arguments": '{"query": "q", "limit": 0}'}).is_error
    fast_equals_full(search_web)


def test_defaults_in_field_under_strict_mode_are_nullable_and_null_means_default() -> None:
    schema = parameters_of(fetch_page, "openai", strict=True)
    assert not strict_violations(schema)
    assert sorted(schema["required"]) == sorted(["url", *DEFAULTED])
    assert not accepts_null(schema["properties"]["url"])
    for name in DEFAULTED:
        assert accepts_null(schema["properties"][name]), name
    assert "default: 3" in schema["properties"]["retries"]["description"]
    answer = {"url": "https://x", **{name: None for name in DEFAULTED}}
    assert validator(schema).is_valid(answer)
    registry = ToolRegistry([fetch_page])
    first = registry.dispatch({"name": "fetch_page", "arguments": json.dumps(answer)})
    second = registry.dispatch({"id": "c", "type": "function", "function": {"name": "fetch_page", "arguments": json.dumps(answer)}})
    for result in (first, second):
        assert not result.is_error, result.content
        assert result.value == {"url": "https://x", "retries": 3, "headers": ["seen"], "timeout": 10.0, "tags": [], "proxy": None}


def test_defaults_in_field_fill_left_out_arguments() -> None:
    assert dispatch(fetch_page, '{"url": "u"}')["retries"] == 3
    assert dispatch(fetch_page, {"url": "u", "retries": 5})["retries"] == 5
    assert fetch_page.args_model.model_fields["retries"].is_required() is False
    result = ToolRegistry([fetch_page]).dispatch({"name": "fetch_page", "arguments": '{"url": "u", "retries": -1}'})
    assert result.is_error and "retries" in result.content
    fast_equals_full(fetch_page)


def test_a_default_in_field_that_contradicts_the_type_is_a_definition_error() -> None:
    @tool
    def f(n: Annotated[int, Field(default="many")]) -> None:
        """Doc."""

    with pytest.raises(ToolDefinitionError, match="parameter 'n': the default 'many' is not a valid"):
        f.to_json()
    with pytest.raises(ToolDefinitionError, match="parameter 'n': the default 'many'"):
        _ = f.args_model


def test_a_default_and_a_default_factory_in_two_places_is_a_definition_error() -> None:
    def in_signature(tags: Annotated[list[str], Field(default_factory=list)] = ["a"]) -> None:  # noqa: B006
        """Doc."""

    def in_field(tags: list[str] = Field(default_factory=list), limit: Annotated[int, Field(default=1)] = 2) -> None:  # noqa: B008
        """Doc."""

    with pytest.raises(ToolDefinitionError, match="tool 'in_signature', parameter 'tags': has both a default and a default_factory"):
        tool(in_signature).to_json()
    t = tool(in_field)  # a factory alone, and two plain defaults (the signature's wins), are fine
    assert parameters_of(t, "openai")["properties"]["limit"]["default"] == 2
    assert dispatch(t, "{}") is None


def test_an_ignored_parameter_gets_its_field_default_at_dispatch() -> None:
    @tool(ignore_parameters=["page", "seen", "limit"])
    def listing(query: str, page: Annotated[int, Field(default=1)], seen: Annotated[list[str], Field(default_factory=list)], limit: int = Field(default=9)) -> tuple[str, int, list[str], int]:
        """List things."""
        seen.append(query)
        return query, page, seen, limit

    assert list(parameters_of(listing, "openai")["properties"]) == ["query"]
    assert dispatch(listing, '{"query": "a"}') == ("a", 1, ["a"], 9)
    assert dispatch(listing, '{"query": "b"}') == ("b", 1, ["b"], 9)  # a fresh list each call


# -- 3. empty arguments ---------------------------------------------------------------


@tool
def ping() -> str:
    """Check the service is up."""
    return "pong"


@tool
def status(verbose: bool = False) -> str:
    """Report status."""
    return "verbose" if verbose else "short"


@tool
def echo(text: str) -> str:
    """Echo the text."""
    return text


@pytest.mark.parametrize("arguments", ["", " ", "\n\t ", b"", None])
def test_blank_arguments_mean_no_arguments(arguments: Any) -> None:
    registry = ToolRegistry([ping, status, echo])
    for name, value in (("ping", "pong"), ("status", "short")):
        for call in (
            {"name": name, "arguments": arguments},
            {"id": "1", "type": "function", "function": {"name": name, "arguments": arguments}},
        ):
            result = registry.dispatch(call)
            assert not result.is_error and result.value == value, result.content
    assert ping.invoke(arguments) == "pong"
    result = registry.dispatch({"name": "echo", "arguments": arguments})
    assert result.is_error and result.error_kind == "invalid_arguments"
    assert "'text' is required" in result.content


def test_blank_arguments_with_forbid_extra_and_async() -> None:
    import asyncio

    registry = ToolRegistry([ping, echo], forbid_extra=True)
    assert registry.dispatch({"name": "ping", "arguments": "  "}).value == "pong"
    result = asyncio.run(registry.adispatch({"name": "echo", "arguments": ""}))
    assert result.error_kind == "invalid_arguments"


@pytest.mark.parametrize("arguments", ["{", "nope", "{} x", "[]"])
def test_other_non_objects_are_still_rejected(arguments: str) -> None:
    result = ToolRegistry([ping]).dispatch({"name": "ping", "arguments": arguments})
    assert result.is_error and result.error_kind in ("invalid_json", "invalid_arguments")


# -- 4. docstrings made only of a parameter section ------------------------------------


def args_only(a: int, b: str = "x") -> None:
    """Args:
        a: The first value.
        b: The second value,
            on two lines.
    """


def args_and_returns(a: int, b: str = "x") -> int:
    """Args:
        a: The first value.
        b: The second value,
            on two lines.

    Returns:
        Nothing useful.
    """
    return a


def args_typed(a: int, b: str = "x") -> None:
    """Arguments:
        a (int): The first value.
        b (str, optional): The second value,
            on two lines.
    """


def keyword_args(*, a: int, b: str = "x") -> None:
    """Keyword Args:
        a: The first value.
        b: The second value,
            on two lines.
    """


def args_after_a_newline(a: int, b: str = "x") -> None:
    """
    Args:
        a: The first value.
        b: The second value,
            on two lines.
    """


def rest_only(a: int, b: str = "x") -> None:
    """:param a: The first value.
    :param b: The second value,
        on two lines.
    """


def numpy_only(a: int, b: str = "x") -> None:
    """Parameters
    ----------
    a : int
        The first value.
    b : str
        The second value,
        on two lines.
    """


def epydoc_only(a: int, b: str = "x") -> None:
    """@param a: The first value.
    @param b: The second value,
        on two lines.
    """


@pytest.mark.parametrize("func", [args_only, args_and_returns, args_typed, keyword_args, args_after_a_newline, rest_only, numpy_only, epydoc_only], ids=lambda f: f.__name__)
def test_a_docstring_of_only_parameters_describes_the_parameters(func: Any) -> None:
    t = tool(func)
    assert t.description == ""
    for fmt in ("openai", "anthropic", "gemini"):
        got = descriptions(t, fmt)
        assert got["a"] == "The first value."
        assert got["b"] is not None and " ".join(got["b"].split()) == "The second value, on two lines."


def test_a_summary_before_the_sections_still_wins() -> None:
    def f(a: int) -> None:
        """Summary.

        Keyword Args:
            a: The value.
        """

    t = tool(f)
    assert t.description == "Summary." and descriptions(t) == {"a": "The value."}


# -- 5. callable objects --------------------------------------------------------------


def test_callable_object_description_comes_from_its_class_first() -> None:
    class Convert:
        """Convert an amount between currencies.

        Args:
            rate: Exchange rate (a constructor argument).
        """

        def __init__(self, rate: float) -> None:
            self.rate = rate

        def __call__(self, amount: float) -> float:
            """Multiply by the rate.

            Args:
                amount: How much to convert.
            """
            return amount * self.rate

    class OnlyCall:
        def __call__(self, x: int) -> int:
            """Add one.

            Args:
                x: The number.
            """
            return x + 1

    class ClassDocWithArgs:
        """Double a number.

        Args:
            x: The number to double.
        """

        def __call__(self, x: int) -> int:
            return 2 * x

    @dataclasses.dataclass
    class Scale:  # dataclass-generated docstring is not a description
        factor: int

        def __call__(self, x: int) -> int:
            """Scale x."""
            return x * self.factor

    with warnings.catch_warnings():
        warnings.simplefilter("error", ToolDefinitionWarning)  # class Args naming __init__ args is not stale
        convert = tool(Convert(2.0))
        assert convert.description.startswith("Convert an amount between currencies.")
        assert descriptions(convert) == {"amount": "How much to convert."}
    only = tool(OnlyCall())
    assert only.description == "Add one." and descriptions(only) == {"x": "The number."}
    doubled = tool(ClassDocWithArgs())
    assert doubled.description == "Double a number." and descriptions(doubled, "gemini") == {"x": "The number to double."}
    scale = tool(Scale(3))
    assert scale.description == "Scale x."
    assert ToolRegistry([convert, scale]).dispatch({"name": "scale", "arguments": '{"x": 2}'}).value == 6
    assert convert.to_json("anthropic")["description"].startswith("Convert an amount")


# -- 6. types Pydantic cannot describe, in model / dataclass / TypedDict tools ----------


class Opaque:
    pass


class OpaqueModel(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)
    name: str
    handle: Opaque


class Wrapper(BaseModel):
    label: str
    items: Optional[list[OpaqueModel]] = None


@dataclasses.dataclass
class OpaqueRecord:
    size: int
    handle: Opaque


class OpaqueDict(TypedDict):
    size: int
    handle: Opaque


@pytest.mark.parametrize(
    ("target", "pattern"),
    [
        (OpaqueModel, r"tool 'opaque_model', field 'handle': type Opaque cannot be described"),
        (Wrapper, r"tool 'wrapper', field 'items.handle': type Opaque cannot be described"),
        (OpaqueRecord, r"tool 'opaque_record', field 'handle': type Opaque cannot be validated or described"),
        (OpaqueDict, r"tool 'opaque_dict', field 'handle': type Opaque cannot be validated or described"),
    ],
)
def test_undescribable_field_types_name_the_tool_field_and_fix(target: Any, pattern: str) -> None:
    t = tool(target)
    with pytest.raises(ToolDefinitionError, match=pattern) as info:
        t.to_json("anthropic")
    message = str(info.value)
    assert "WithJsonSchema" in message and "errors.pydantic.dev" not in message
    assert "Injected" not in message  # a field cannot be injected
    assert "\n" not in message


def test_an_undescribable_nested_field_of_a_parameter_is_located() -> None:
    @tool
    def store(item: Wrapper) -> None:
        """Store it."""

    with pytest.raises(ToolDefinitionError, match=r"tool 'store', parameter 'item': type Wrapper .* \(at item\.items\.handle: Opaque\)"):
        store.to_json()


def test_following_the_advice_fixes_a_model_tool() -> None:
    class Fixed(BaseModel):
        name: str
        handle: Annotated[Opaque, PlainValidator(lambda v: Opaque()), WithJsonSchema({"type": "string", "description": "A handle id"})]

    t = tool(Fixed)
    assert parameters_of(t, "openai")["properties"]["handle"] == {"type": "string", "description": "A handle id"}
    assert isinstance(dispatch(t, '{"name": "n", "handle": "h1"}').handle, Opaque)


# -- 8. string annotations naming classes nested in a class body ------------------------


class Orders:
    class Payload(BaseModel):
        sku: str
        quantity: int = 1

    class Priority(BaseModel):
        level: int

    def __call__(self, payload: "Payload", extra: "list[Payload]" = []) -> int:  # noqa: B006
        """Place an order."""
        return payload.quantity + len(extra)

    @tool
    def cancel(self, payload: "Payload", why: "Optional[Priority]" = None) -> str:
        """Cancel an order."""
        return payload.sku

    def amend(self, payload: "Payload") -> str:
        """Amend an order."""
        return payload.sku * 2

    @classmethod
    def audit(cls, payload: "Payload") -> str:
        """Audit an order."""
        return "audited " + payload.sku


class Outer:
    class Tag(BaseModel):  # named from Inner's method: found through the qualified name
        label: str

    class Inner:
        class Item(BaseModel):
            name: str

        def __call__(self, item: "Item", tag: "Optional[Tag]" = None) -> str:  # noqa: F821 - resolved in Outer
            """Handle an item."""
            return item.name + (tag.label if tag else "")


@dataclasses.dataclass
class ShipArgs:
    @dataclasses.dataclass
    class Address:
        street: str

    to: "Address"


def test_string_annotations_resolve_in_the_class_body() -> None:
    orders = Orders()
    tools = [tool(orders), orders.cancel, tool(orders.amend), tool(Orders.audit), tool(Outer.Inner()), tool(ShipArgs)]
    for t in tools:
        for fmt in ("openai", "gemini"):
            assert t.to_json(fmt)  # builds
    assert parameters_of(tools[0], "openai")["properties"]["payload"]["properties"]["sku"] == {"type": "string"}
    assert parameters_of(tools[0], "openai")["properties"]["extra"]["items"]["required"] == ["sku"]
    registry = ToolRegistry(tools)
    call = '{"payload": {"sku": "A", "quantity": 2}}'
    assert registry.dispatch({"name": "orders", "arguments": call}).value == 2
    assert registry.dispatch({"name": "cancel", "arguments": call}).value == "A"
    assert registry.dispatch({"name": "amend", "arguments": call}).value == "AA"
    assert registry.dispatch({"name": "audit", "arguments": call}).value == "audited A"
    assert registry.dispatch({"name": "inner", "arguments": '{"item": {"name": "i"}}'}).value == "i"
    assert registry.dispatch({"name": "inner", "arguments": '{"item": {"name": "i"}, "tag": {"label": "!"}}'}).value == "i!"
    ship = registry.dispatch({"name": "ship", "arguments": '{"to": {"street": "Main"}}'}).value
    assert ship == ShipArgs(to=ShipArgs.Address(street="Main"))


def test_string_annotations_in_classes_defined_in_a_function() -> None:
    class Local:
        class Query(BaseModel):
            text: str

        def __call__(self, query: "Query") -> str:
            """Search."""
            return query.text

    t = tool(Local())
    assert dispatch(t, '{"query": {"text": "q"}}') == "q"


def test_a_name_defined_nowhere_is_still_a_clear_error() -> None:
    class Broken:
        def __call__(self, payload: "Missing") -> None:  # type: ignore[name-defined]  # noqa: F821
            """Broken."""

    with pytest.raises(ToolDefinitionError, match=r"tool 'broken': cannot resolve its type hints \(NameError: name 'Missing' is not defined\)"):
        tool(Broken()).to_json()


def test_signature_of_every_convention_tool_is_unchanged() -> None:
    """Reading a tool never changes the function users call."""
    assert list(inspect.signature(fetch_page).parameters) == ["url", "retries", "headers", "timeout", "tags", "proxy"]
    assert fetch_page("u", 1, []) ["headers"] == ["seen"]
