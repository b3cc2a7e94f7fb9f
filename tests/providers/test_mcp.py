"""Provider mcp: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

import pytest

import tool2schema
from tool2schema import SchemaFormatError, ToolRegistry, providers, tool

from .. import corpus
from .common import *  # noqa: F403

PROVIDER = "mcp"


def _named(name: str) -> tool2schema.Tool:  # type: ignore[type-arg]
    return tool(lambda x: x, name=name)


def test_129_characters_are_refused_with_mcps_rule() -> None:
    with pytest.raises(SchemaFormatError) as info:
        _named("a" * 129).to_json("mcp")
    message = str(info.value)
    assert "MCP requires tool names matching" in message
    assert providers.get("mcp").name_pattern in message and "128" in message and "'.'" in message


def test_65_characters_suit_mcp_but_not_openai() -> None:
    import mcp.types

    t = _named("a" * 65)
    mcp.types.Tool.model_validate(t.to_json("mcp"))
    for fmt in ("openai", "openai-responses", "anthropic", "bedrock", "gemini"):
        with pytest.raises(SchemaFormatError, match=r"requires tool names matching .*64"):
            t.to_json(fmt)


def test_dotted_names_are_mcp_names() -> None:
    from mcp.shared.tool_name_validation import validate_tool_name

    t = _named("admin.tools.list")
    assert t.to_json("mcp")["name"] == "admin.tools.list"
    assert validate_tool_name("admin.tools.list").is_valid
    with pytest.raises(SchemaFormatError, match="Anthropic requires"):
        t.to_json("anthropic")


def test_list_tools_result_of_the_corpus() -> None:
    import mcp.types

    registry = ToolRegistry(tool2schema.find_tools(corpus))
    listed = mcp.types.ListToolsResult.model_validate({"tools": registry.schemas("mcp")})
    assert [t.name for t in listed.tools] == registry.names


def test_structured_result_carries_structured_content() -> None:
    import mcp.types

    result = ToolRegistry([corpus.get_weather]).dispatch(mcp.types.CallToolRequestParams(name="get_weather", arguments={"location": "Quito"}))
    parsed = mcp.types.CallToolResult.model_validate(result.to_message())
    assert parsed.structured_content == {"location": "Quito", "units": "celsius"}
    assert parsed.is_error is False
