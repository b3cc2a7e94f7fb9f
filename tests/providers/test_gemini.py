"""Provider gemini: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tool2schema
from tool2schema import SchemaFormatError, ToolRegistry, providers, tool

from .. import corpus
from ..helpers import validator
from .common import *  # noqa: F403
from .common import IDS, TOOLS, _comparable
from .test_anthropic import plan

PROVIDER = "gemini"


def test_walker_records_recursion_cuts() -> None:
    from tool2schema.providers.gemini import RECURSION_DEPTH

    conversion = providers.get("gemini").convert(corpus.walk_tree.definition(), False)
    cuts = [d for d in conversion.dropped if d.keyword == "recursion"]
    assert [(d.path, d.value, d.restated) for d in cuts] == [("root" + ".children" * RECURSION_DEPTH, "TreeNode", False)]


def test_walker_records_restated_keywords() -> None:
    dropped = providers.get("gemini").convert(corpus.search.definition(), False).dropped
    assert {(d.path, d.keyword, d.value) for d in dropped} == {("ratio", "exclusiveMinimum", 0), ("ratio", "exclusiveMaximum", 1), ("ratio", "multipleOf", 0.05)}
    assert all(d.restated for d in dropped)
    # Gemini keeps minimum/maximum/maxLength (its Schema has them) and restates an unknown format
    dropped = providers.get("gemini").convert(plan.definition(), False).dropped
    assert [(d.path, d.keyword, d.value) for d in dropped] == [("period.start", "format", "date")]


@pytest.mark.parametrize("name", ["1st_tool", "-tool", ".tool"])
def test_names_start_with_a_letter_or_underscore(name: str) -> None:
    t = tool(lambda x: x, name=name)
    with pytest.raises(SchemaFormatError) as info:
        t.to_json("gemini")
    message = str(info.value)
    assert "Gemini requires tool names matching" in message and providers.get("gemini").name_pattern in message
    assert "starting with a letter or '_'" in message
    assert t.to_json("mcp")["name"] == name  # MCP's rule allows it


def test_dots_and_colons_are_gemini_names() -> None:
    from google.genai import types

    t = tool(lambda x: x, name="_billing.v2:refund")
    types.FunctionDeclaration.model_validate(t.to_json("gemini"))
    with pytest.raises(SchemaFormatError, match="OpenAI requires tool names matching"):
        t.to_json("openai")


def _as_json_schema(node: Any) -> Any:
    """Gemini's OpenAPI subset read back as JSON Schema, to validate answers with."""
    if not isinstance(node, dict):
        return node
    out = {k: v for k, v in node.items() if k not in ("type", "nullable", "properties", "items", "anyOf")}
    if "type" in node:
        out["type"] = node["type"].lower()
    if "properties" in node:
        out["properties"] = {k: _as_json_schema(v) for k, v in node["properties"].items()}
    if "items" in node:
        out["items"] = _as_json_schema(node["items"])
    if "anyOf" in node:
        out["anyOf"] = [_as_json_schema(b) for b in node["anyOf"]]
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


def _kind(value: Any) -> str:
    return {bool: "BOOLEAN", int: "INTEGER", float: "NUMBER", str: "STRING", list: "ARRAY", dict: "OBJECT"}.get(type(value), "NULL")


def _gemini_answer(value: Any, node: dict[str, Any]) -> Any:
    """``value`` the way a model following the Gemini schema sends it: enums and
    free-form objects as the strings the schema asks for."""
    if value is None:
        return None
    if "anyOf" in node:
        fits = [b for b in node["anyOf"] if b.get("type") == _kind(value) or (b.get("type") == "NUMBER" and _kind(value) == "INTEGER")]
        return _gemini_answer(value, (fits or node["anyOf"])[0])
    if node.get("type") == "STRING" and not isinstance(value, str):
        return json.dumps(value)
    if node.get("type") == "OBJECT" and isinstance(value, dict):
        props = node.get("properties", {})
        return {k: _gemini_answer(v, props[k]) for k, v in value.items() if k in props}
    if node.get("type") == "ARRAY" and isinstance(value, list):
        return [_gemini_answer(v, node["items"]) for v in value]
    return value


@pytest.mark.parametrize("t", TOOLS, ids=IDS)
def test_an_answer_to_the_gemini_schema_dispatches(t: tool2schema.Tool[Any, Any]) -> None:
    """What a model sends by the Gemini schema (stringified enums, JSON-encoded mappings)
    validates against that schema and reaches the function as the plain call does."""
    from google.genai import types

    params = t.to_json("gemini").get("parameters", {"type": "OBJECT", "properties": {}})
    answer = _gemini_answer(corpus.VALID[t.name], params)
    assert [e.message for e in validator(_as_json_schema(params)).iter_errors(answer)] == []
    registry = ToolRegistry([t])
    result = registry.dispatch(types.FunctionCall(id="fc_1", name=t.name, args=answer))
    assert not result.is_error, result.content
    assert result.call_id == "fc_1"
    plain = registry.dispatch({"name": t.name, "arguments": corpus.VALID[t.name]})
    assert _comparable(result.value) == _comparable(plain.value)


def test_what_gemini_drops_is_restated_even_under_a_description_and_optional() -> None:
    import datetime
    import uuid
    from typing import Annotated, Optional

    from pydantic import Field

    from tool2schema import tool

    @tool
    def plan(
        due: Optional[datetime.date] = None,
        day: datetime.date = datetime.date(2026, 1, 1),
        ref: Optional[uuid.UUID] = None,
        step: Optional[Annotated[int, Field(multiple_of=5)]] = None,
        undescribed: Optional[datetime.time] = None,
    ) -> str:
        """Plan.

        Args:
            due: Only tasks due before this date.
            day: The day.
            ref: The reference.
            step: The step.
        """
        return ""

    properties = plan.to_json("gemini")["parameters"]["properties"]
    assert properties["due"]["description"].startswith("Only tasks due before this date.") and "date" in properties["due"]["description"][32:]
    assert "format: date" in properties["day"]["description"].lower()
    assert "uuid" in properties["ref"]["description"]
    assert "5" in properties["step"]["description"] and properties["step"]["description"].startswith("The step.")
    assert "time" in properties["undescribed"]["description"]
