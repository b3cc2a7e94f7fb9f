"""Provider gemini: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

import pytest

from tool2schema import SchemaFormatError, providers, tool

from .. import corpus
from .common import *  # noqa: F403
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
