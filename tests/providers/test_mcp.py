"""Provider mcp: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

from typing import Any

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
    assert t.to_json("anthropic")["name"] == t.name  # Anthropic's current rule is 1-128 too
    for fmt in ("openai", "openai-responses", "bedrock", "gemini"):
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


def test_a_real_mcp_client_lists_and_calls_the_registry() -> None:
    """A low-level MCP server backed by a registry, driven by the mcp package's own
    client in-process: the listing, a structured result and an error result."""
    import anyio
    import mcp.types
    from mcp import Client
    from mcp.server import Server

    registry = ToolRegistry([corpus.get_weather, corpus.add_numbers, corpus.register_person])

    async def list_tools(ctx: Any, params: Any) -> mcp.types.ListToolsResult:
        return mcp.types.ListToolsResult.model_validate({"tools": registry.schemas("mcp")})

    async def call_tool(ctx: Any, params: mcp.types.CallToolRequestParams) -> mcp.types.CallToolResult:
        result = await registry.adispatch(params)
        return mcp.types.CallToolResult.model_validate(result.to_message())

    server = Server("tool2schema-test", on_list_tools=list_tools, on_call_tool=call_tool)

    async def session() -> tuple[Any, Any, Any, Any]:
        async with Client(server) as client:
            listed = await client.list_tools()
            ok = await client.call_tool("get_weather", {"location": "Quito"})
            total = await client.call_tool("add_numbers", {"a": 2})
            bad = await client.call_tool("register_person", {"person": {"name": ""}})
            return listed, ok, total, bad

    listed, ok, total, bad = anyio.run(session)
    assert [t.name for t in listed.tools] == registry.names
    assert listed.tools[0].input_schema == corpus.get_weather.to_json("mcp")["inputSchema"]
    assert ok.is_error is False and ok.structured_content == {"location": "Quito", "units": "celsius"}
    assert total.is_error is False and total.content[0].text == "3.5"
    assert bad.is_error is True
    assert "person.name" in bad.content[0].text and "person.address" in bad.content[0].text
