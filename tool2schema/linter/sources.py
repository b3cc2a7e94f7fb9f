"""Tool definitions written as JSON, read for the linter.

A list of tools in any provider's format (each tool detected on its own: OpenAI Chat
and Responses, Anthropic, Gemini, Bedrock, MCP), one tool, or a request body (or an
MCP ``tools/list`` result) holding the list. Each provider module says what its shapes
are (`Provider.read_tools`, `Provider.listed_tools`); this module only walks the
input and remembers where each tool was written, as a JSON path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Optional

from ..providers import SchemaFormat, in_call_order
from ..providers import get as get_provider

if TYPE_CHECKING:
    from ..providers.base import Provider, WrittenTool

__all__ = ["JsonTool", "NotToolDefinitions", "json_path", "read_definitions"]


class NotToolDefinitions(ValueError):
    """The input holds no tool definitions the linter can read (the message says where)."""


@dataclass(frozen=True)
class JsonTool:
    """One function tool read from JSON."""

    written: WrittenTool
    format: SchemaFormat
    """The provider format it was written for (detected, or the one asked for)."""
    where: str
    """The JSON path of the tool object (``$[3]``, ``$.tools[0]``)."""

    @property
    def schema_path(self) -> str:
        """The JSON path of its parameters schema."""
        return json_path(self.written.at, self.where)


_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def json_path(keys: Iterable[Any], base: str = "$") -> str:
    """``("tools", 0, "parameters")`` -> ``$.tools[0].parameters`` (keys that are not
    identifiers are quoted: ``$['a b']``)."""
    out = [base]
    for key in keys:
        if isinstance(key, int):
            out.append(f"[{key}]")
        elif _IDENTIFIER.match(key):
            out.append(f".{key}")
        else:
            out.append("[" + repr(key) + "]")
    return "".join(out)


_FORMATS = "OpenAI Chat or Responses, Anthropic, Gemini, Bedrock or MCP"


def read_definitions(data: Any, format: Optional[SchemaFormat] = None) -> list[JsonTool]:
    """The function tools in ``data`` (parsed JSON), in order; built-in (server) tools
    are skipped. ``format`` reads every tool as that provider's (no detection).

    Raises `NotToolDefinitions` for anything else, naming the first item that is not a
    tool definition of any provider."""
    providers = in_call_order() if format is None else [get_provider(format)]
    if isinstance(data, list):
        return _read_list(data, "$", providers)
    if not isinstance(data, dict):
        raise NotToolDefinitions(f"expected a list of tool definitions or a request body with 'tools', got a JSON {_kind(data)}")
    single = _read_item(data, "$", providers)
    if single is not None:
        return single
    for provider in providers:
        listed = provider.listed_tools(data)
        if listed is not None:
            keys, tools = listed
            return _read_list(tools, json_path(keys), providers)
    raise NotToolDefinitions(
        f"the JSON object is neither a tool definition ({_FORMATS}) nor a request body holding a 'tools' list "
        f"(its keys: {', '.join(sorted(map(str, data))[:8]) or 'none'})"
    )


def _read_list(items: list[Any], base: str, providers: list[Provider]) -> list[JsonTool]:
    out: list[JsonTool] = []
    for index, item in enumerate(items):
        where = f"{base}[{index}]"
        if not isinstance(item, dict):
            raise NotToolDefinitions(f"{where} is a JSON {_kind(item)}, not a tool definition")
        found = _read_item(item, where, providers)
        if found is None:
            raise NotToolDefinitions(
                f"{where} is not a tool definition of {_FORMATS if len(providers) > 1 else providers[0].label} "
                f"(its keys: {', '.join(sorted(map(str, item))[:8]) or 'none'})"
            )
        out.extend(found)
    return out


def _read_item(item: dict[str, Any], where: str, providers: list[Provider]) -> Optional[list[JsonTool]]:
    for provider in providers:
        tools = provider.read_tools(item)
        if tools is not None:
            return [JsonTool(t, provider.format, where) for t in tools]
    return None


def _kind(value: Any) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "number"
    return {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}.get(type(value), f"{type(value).__name__} (not JSON)")
