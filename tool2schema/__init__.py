"""tool2schema: Python functions and Pydantic models as LLM tools for every provider."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .config import CONFIG, Config, SchemaType
from .discovery import find_schemas, find_tool, find_tools, save_schemas
from .errors import (
    ParseException,
    SchemaFormatError,
    Tool2SchemaError,
    ToolCallError,
    ToolDefinitionError,
    ToolDefinitionWarning,
)
from .introspect import Injected
from .providers import SchemaFormat
from .tool import Tool, tool

if TYPE_CHECKING:  # imported on first use at run time (see _LAZY): Pydantic stays unloaded
    from .errors import OutputError as OutputError
    from .output import Output as Output
    from .streaming import ToolCallStream as ToolCallStream

__version__ = "3.0.0"

_LAZY = {
    "ToolRegistry": "registry",
    "ToolResult": "calls",
    "ToolCall": "calls",
    "to_messages": "calls",
    "ToolCallStream": "streaming",
    "ToolDefinition": "definition",
    "ToolKind": "definition",
    "lint": "linter",
    "Finding": "linter",
    "Output": "output",
    "OutputError": "errors",
    # tool2schema 2.x / 1.x names
    "EnableTool": "compat",
    "FindToolEnabled": "compat",
    "FindToolEnabledSchemas": "compat",
    "FindToolEnabledByName": "compat",
    "FindToolEnabledByNameSchema": "compat",
    "FindToolEnabledByTag": "compat",
    "FindToolEnabledByTagSchemas": "compat",
    "SaveToolEnabled": "compat",
    "LoadToolEnabled": "compat",
    "GPTEnabled": "compat",
    "FindGPTEnabled": "compat",
    "FindGPTEnabledSchemas": "compat",
    "FindGPTEnabledByName": "compat",
    "FindGPTEnabledByNameSchema": "compat",
    "FindGPTEnabledByTag": "compat",
    "FindGPTEnabledByTagSchemas": "compat",
    "SaveGPTEnabled": "compat",
    "LoadGPTEnabled": "compat",
    "ToolEnabled": "compat",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tool2schema' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "CONFIG",
    "Config",
    "Injected",
    "ParseException",
    "SchemaFormat",
    "SchemaFormatError",
    "SchemaType",
    "Tool",
    "Tool2SchemaError",
    "ToolCallError",
    "ToolDefinitionError",
    "ToolDefinitionWarning",
    "find_schemas",
    "find_tool",
    "find_tools",
    "save_schemas",
    "tool",
    *_LAZY,
]
