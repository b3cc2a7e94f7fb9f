"""Every format, for every corpus tool, accepted as-is by the provider's own SDK types."""

from __future__ import annotations

import json
from typing import Any, Optional

import botocore.session
import pytest
from botocore.validate import ParamValidator
from pydantic import BaseModel, Field
from typing_extensions import NotRequired, TypedDict

import tool2schema
from tool2schema import SchemaFormat, SchemaFormatError, ToolRegistry, find_schemas, find_tools, tool
from tool2schema.providers.gemini import RECURSION_DEPTH

from . import corpus
from .helpers import check_draft2020, check_typed_dict, gemini_violations, strict_violations, validator

TOOLS = find_tools(corpus)
IDS = [t.name for t in TOOLS]


def test_corpus_is_large_enough() -> None:
    assert len(TOOLS) >= 30
    assert set(corpus.VALID) == {t.name for t in TOOLS}


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_openai_chat(t: tool2schema.Tool[Any, Any]) -> None:
    from openai.types.chat import ChatCompletionToolParam
    from openai.types.shared_params import FunctionDefinition

    out = t.to_json("openai")
    check_typed_dict(ChatCompletionToolParam, out)
    check_typed_dict(FunctionDefinition, out["function"])
    assert out["function"]["name"] == t.name
    check_draft2020(out["function"]["parameters"])
    assert json.loads(json.dumps(out)) == out


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_openai_responses(t: tool2schema.Tool[Any, Any]) -> None:
    from openai.types.responses import FunctionToolParam

    out = t.to_json(SchemaFormat.OPENAI_RESPONSES)
    check_typed_dict(FunctionToolParam, out)
    assert out["strict"] is None  # not chosen: null, the API decides (strict where the schema allows)
    check_draft2020(out["parameters"])


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_anthropic(t: tool2schema.Tool[Any, Any]) -> None:
    from anthropic.types import ToolParam

    out = t.to_json("anthropic")
    check_typed_dict(ToolParam, out)
    schema = out["input_schema"]
    assert schema["type"] == "object"
    assert not {"oneOf", "anyOf", "allOf"} & set(schema)
    check_draft2020(schema)


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_gemini(t: tool2schema.Tool[Any, Any]) -> None:
    from google.genai import types

    out = t.to_json("gemini")
    decl = types.FunctionDeclaration.model_validate(out)
    assert decl.name == t.name
    if "parameters" in out:
        assert gemini_violations(out["parameters"]) == []
        # the SDK reads back what we wrote, nothing dropped
        dumped = decl.model_dump(by_alias=True, exclude_none=True, mode="json")["parameters"]
        assert json.loads(json.dumps(dumped).lower()) == json.loads(json.dumps(out["parameters"]).lower())
    else:
        assert t.schema.parameters["properties"] == {}


_BEDROCK = botocore.session.get_session().get_service_model("bedrock-runtime").operation_model("Converse").input_shape


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_bedrock(t: tool2schema.Tool[Any, Any]) -> None:
    out = t.to_json("bedrock")
    request = {"modelId": "m", "messages": [{"role": "user", "content": [{"text": "hi"}]}], "toolConfig": {"tools": [out]}}
    report = ParamValidator().validate(request, _BEDROCK)
    assert not report.has_errors(), report.generate_report()
    check_draft2020(out["toolSpec"]["inputSchema"]["json"])


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_mcp(t: tool2schema.Tool[Any, Any]) -> None:
    import mcp.types

    out = t.to_json("mcp")
    parsed = mcp.types.Tool.model_validate(out)
    assert parsed.name == t.name
    dumped = parsed.model_dump(by_alias=True, exclude_none=True, mode="json")
    assert dumped["inputSchema"] == out["inputSchema"]
    if "outputSchema" in out:
        assert out["outputSchema"]["type"] == "object"
        check_draft2020(out["outputSchema"])


def test_mcp_output_schema_from_structured_return() -> None:
    class Forecast(BaseModel):
        temperature: float
        summary: str

    @tool
    def forecast(city: str) -> Forecast:
        """Forecast."""
        return Forecast(temperature=1, summary="x")

    @tool
    def count(city: str) -> int:
        """Count."""
        return 1

    out = forecast.to_json("mcp")
    assert out["outputSchema"] == {
        "type": "object",
        "properties": {"temperature": {"type": "number"}, "summary": {"type": "string"}},
        "required": ["temperature", "summary"],
    }
    assert "outputSchema" not in count.to_json("mcp")


@pytest.mark.parametrize("t", [t for t in TOOLS if t.name not in corpus.NOT_STRICT], ids=lambda t: t.name)
def test_openai_strict(t: tool2schema.Tool[Any, Any]) -> None:
    from openai.types.chat import ChatCompletionToolParam

    out = t.to_json("openai", strict=True)
    check_typed_dict(ChatCompletionToolParam, out)
    assert out["function"]["strict"] is True
    params = out["function"]["parameters"]
    assert strict_violations(params) == []
    check_draft2020(params)
    responses = t.to_json("openai-responses", strict=True)
    assert responses["strict"] is True and responses["parameters"] == params


@pytest.mark.parametrize("name", sorted(corpus.NOT_STRICT))
def test_openai_strict_refuses_clearly(name: str) -> None:
    t = tool2schema.find_tool(corpus, name)
    assert t is not None
    param = next(iter(t.schema.parameters["properties"]))
    with pytest.raises(SchemaFormatError, match=rf"parameter {param}.*strict=False"):
        t.to_json("openai", strict=True)
    assert t.to_json("openai")  # the non-strict format still works


def _fill_nulls(value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> Any:
    """Add every property a strict schema requires, as null, the way a strict model answers."""
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    for branch in schema.get("anyOf", []):
        if isinstance(value, list) and branch.get("type") == "array":
            return _fill_nulls(value, branch, defs)
        if isinstance(value, dict) and (branch.get("type") == "object" or "$ref" in branch):
            target = defs[branch["$ref"].rsplit("/", 1)[-1]] if "$ref" in branch else branch
            if set(value) <= set(target.get("properties", {})):
                return _fill_nulls(value, target, defs)
    if isinstance(value, dict) and "properties" in schema:
        return {k: _fill_nulls(value[k], s, defs) if k in value else None for k, s in schema["properties"].items()}
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [_fill_nulls(v, schema["items"], defs) for v in value]
    return value


@pytest.mark.parametrize("t", [t for t in TOOLS if t.name not in corpus.NOT_STRICT], ids=lambda t: t.name)
def test_strict_answers_validate_and_dispatch(t: tool2schema.Tool[Any, Any]) -> None:
    """A strict model sends every key, null for 'not given': that must pass our schema
    and reach the function with the defaults."""
    params = t.to_json("openai", strict=True)["function"]["parameters"]
    args = _fill_nulls(corpus.VALID[t.name], params, params.get("$defs", {}))
    errors = [e.message for e in validator(params).iter_errors(args)]
    assert errors == []
    registry = tool2schema.ToolRegistry([t])
    result = registry.dispatch({"name": t.name, "arguments": json.dumps(args)})
    assert not result.is_error, result.content
    plain = registry.dispatch({"name": t.name, "arguments": json.dumps(corpus.VALID[t.name])})
    assert _comparable(result.value) == _comparable(plain.value)


def _comparable(value: Any) -> Any:
    return value.model_dump() if isinstance(value, BaseModel) else value


class Filters(BaseModel):
    """Search filters."""

    query: str = Field(description="What to look for")
    limit: Optional[int] = None
    address: Optional[corpus.Address] = None


class Shipment(BaseModel):
    order_id: str
    recipient: corpus.Address
    carrier: str


@pytest.mark.parametrize("model", [corpus.Address, Filters, Shipment, corpus.GetStockPriceArgs, corpus.Person, corpus.TreeNode])
def test_strict_matches_openai_sdk(model: type[BaseModel]) -> None:
    """Where the openai package's own strict conversion is itself strict-valid, ours has
    the same structure; where it is not (non-null defaults kept), ours is valid anyway."""
    from openai.lib._pydantic import to_strict_json_schema

    theirs = to_strict_json_schema(model)
    ours = tool(model).to_json("openai", strict=True)["function"]["parameters"]
    assert strict_violations(ours) == []
    if strict_violations(_strip(theirs)) or "default" in json.dumps(theirs):
        return
    assert _shape(ours, ours.get("$defs", {})) == _shape(theirs, theirs.get("$defs", {}))


def _strip(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _strip(v) for k, v in schema.items() if k not in ("title",)}
    if isinstance(schema, list):
        return [_strip(v) for v in schema]
    return schema


def _shape(schema: Any, defs: dict[str, Any], depth: int = 0) -> Any:
    """Structure only: refs resolved, titles/descriptions/defaults dropped."""
    if isinstance(schema, dict):
        if "$ref" in schema and depth < 6:
            return _shape(defs[schema["$ref"].rsplit("/", 1)[-1]], defs, depth + 1)
        return {k: _shape(v, defs, depth) for k, v in schema.items() if k not in ("title", "description", "default", "$defs")}
    if isinstance(schema, list):
        return [_shape(v, defs, depth) for v in schema]
    return schema


def test_exact_strict_schema() -> None:
    @tool
    def f(query: str, limit: int = 10, tag: Optional[str] = None) -> None:
        """Search.

        Args:
            query: Text.
            limit: How many.
        """

    assert f.to_json(strict=True)["function"]["parameters"] == {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "Text."},
            "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "How many. (default: 10; send null to use it)"},
            "tag": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        },
        "required": ["query", "limit", "tag"],
        "additionalProperties": False,
    }


class Filters(TypedDict):
    color: str
    size: NotRequired[int]


def test_strict_says_null_leaves_out_a_value_that_has_no_default_to_show() -> None:
    @tool
    def find(filters: Filters, tags: list[str] = Field(default_factory=list), page: int = 1) -> tuple[Any, ...]:  # noqa: B008
        """Find."""
        return (filters, tags, page)

    params = find.to_json(strict=True)["function"]["parameters"]
    assert params["properties"]["tags"]["description"] == "Optional; send null to leave it out"
    size = params["$defs"]["Filters"]["properties"]["size"] if "$defs" in params else params["properties"]["filters"]["properties"]["size"]
    assert size["description"] == "Optional; send null to leave it out"
    assert "send null to use it" in params["properties"]["page"]["description"]
    result = ToolRegistry([find]).dispatch({"name": "find", "arguments": '{"filters": {"color": "red", "size": null}, "tags": null, "page": null}'})
    assert result.value == ({"color": "red"}, [], 1), result.content


def test_strict_folds_unsupported_constraints_into_descriptions() -> None:
    params = corpus.search.to_json(strict=True)["function"]["parameters"]
    query = params["properties"]["query"]
    assert query == {"type": "string", "description": "At least 1 characters (at most 200 characters)"}
    # dispatch still enforces what the schema could only describe
    result = tool2schema.ToolRegistry([corpus.search]).dispatch({"name": "search", "arguments": {"query": ""}})
    assert result.is_error and "at least 1 character" in result.content


def test_gemini_exact_conversions() -> None:
    assert corpus.pick_level.to_json("gemini")["parameters"] == {
        "properties": {"level": {"enum": ["1", "2", "3"], "type": "STRING"}},
        "required": ["level"],
        "type": "OBJECT",
    }
    assert corpus.maybe_limit.to_json("gemini")["parameters"]["properties"]["limit"] == {"type": "INTEGER", "nullable": True}
    mapping = corpus.counts.to_json("gemini")["parameters"]["properties"]["mapping"]
    assert mapping["type"] == "STRING" and "JSON" in mapping["description"]
    ratio = corpus.search.to_json("gemini")["parameters"]["properties"]["ratio"]
    assert ratio["type"] == "NUMBER"
    assert ratio["description"] == "Greater than 0 (less than 1) (a multiple of 0.05)"
    assert "parameters" not in corpus.no_params.to_json("gemini")


def test_gemini_recursion_is_cut_at_documented_depth() -> None:
    params = corpus.walk_tree.to_json("gemini")["parameters"]
    depth, node = 0, params["properties"]["root"]
    while "children" in node.get("properties", {}):
        node = node["properties"]["children"]["items"]
        depth += 1
    assert depth == RECURSION_DEPTH - 1
    assert node["properties"] == {"value": {"type": "INTEGER"}}


def test_gemini_calls_convert_back() -> None:
    from google.genai import types

    registry = tool2schema.ToolRegistry([corpus.pick_level, corpus.counts])
    call = types.FunctionCall(name="pick_level", args={"level": "2"})
    assert registry.dispatch(call).value == 2
    call = types.FunctionCall(name="counts", args={"mapping": '{"a": 2, "b": 3}'})
    assert registry.dispatch(call).value == 5


def test_names_providers_reject_are_reported() -> None:
    @tool(name="get weather!")
    def f(x: int) -> None:
        """Doc."""

    for fmt in ("openai", "anthropic", "bedrock", "gemini"):
        with pytest.raises(SchemaFormatError, match="tool names matching"):
            f.to_json(fmt)


def test_find_schemas_format_and_strict() -> None:
    schemas = find_schemas(corpus, format="anthropic")
    assert [s["name"] for s in schemas] == IDS
    strict = find_schemas(corpus, format="openai-responses", strict=False)
    assert all(s["strict"] is False for s in strict)


def test_unknown_format_is_a_clear_error() -> None:
    with pytest.raises(SchemaFormatError, match="unknown schema format 'claude'.*'anthropic'"):
        corpus.toggle.to_json("claude")


def test_a_tool_without_parameters_says_it_takes_no_arguments_in_every_format() -> None:
    import mcp_types
    from anthropic.types import ToolParam
    from openai.types.shared_params import FunctionDefinition
    from pydantic import BaseModel, TypeAdapter

    from tool2schema import ToolRegistry, tool

    @tool
    def ping() -> str:
        """Check the service is up."""
        return "pong"

    class RefreshArgs(BaseModel):
        """Refresh the cache."""

    for t in (ping, tool(RefreshArgs)):
        schemas = {
            "openai": t.to_json("openai")["function"]["parameters"],
            "openai strict": t.to_json("openai", strict=True)["function"]["parameters"],
            "openai-responses": t.to_json("openai-responses")["parameters"],
            "anthropic": t.to_json("anthropic")["input_schema"],
            "bedrock": t.to_json("bedrock")["toolSpec"]["inputSchema"]["json"],
            "mcp": t.to_json("mcp")["inputSchema"],
        }
        for fmt, schema in schemas.items():
            assert schema["properties"] == {} and schema["additionalProperties"] is False, fmt
        TypeAdapter(FunctionDefinition).validate_python(t.to_json("openai")["function"])
        TypeAdapter(ToolParam).validate_python(t.to_json("anthropic"))
        mcp_types.Tool.model_validate(t.to_json("mcp"))
        assert "parameters" not in t.to_json("gemini")  # Gemini: a declaration without parameters
        assert not ToolRegistry([t]).dispatch({"name": t.name, "arguments": "{}"}).is_error
