"""Errors and warnings raised by tool2schema.

Every error the library raises on purpose derives from :class:`Tool2SchemaError`.

``ToolDefinitionError``
    A function, model or option cannot become a correct tool: a type Pydantic cannot
    validate, an unresolvable forward reference, a default that contradicts its type,
    two parameters with the same schema name, an invalid tool name. The message names
    the tool, the parameter and the fix. Raised when the tool is built: at the first
    access of ``args_model``/``to_json``/a call through a registry (``find_schemas``
    and ``ToolRegistry.schemas()`` trigger it at start-up).

``SchemaFormatError``
    A tool cannot be expressed in the requested provider format (for instance a
    ``dict[str, int]`` parameter under OpenAI strict mode, or a tool name Anthropic
    rejects). The message names the tool, the parameter path, the provider rule and
    the fix. Other formats of the same tool keep working.

``ToolCallError``
    A tool call from a model could not be parsed or validated. Registries turn it into
    an error :class:`~tool2schema.ToolResult` for the model; ``Tool.validate`` raises it.

``ParseException``
    The tool2schema 2.x error of ``LoadToolEnabled``; kept with its 2.x meaning.

``ToolDefinitionWarning``
    Something is probably wrong but a safe fallback exists (a docstring that documents
    a parameter the function does not have, a ``= None`` default on a non-Optional
    type, which is read as ``Optional``).
"""

from __future__ import annotations

from typing import Any


class Tool2SchemaError(Exception):
    """Base class of every error tool2schema raises on purpose."""


class ToolDefinitionError(Tool2SchemaError, TypeError):
    """A Python function or class cannot be turned into a correct tool (see module doc)."""


class SchemaFormatError(Tool2SchemaError, ValueError):
    """A tool cannot be expressed in the requested provider format (see module doc)."""


class ToolCallError(Tool2SchemaError, ValueError):
    """A tool call from a model is malformed or its arguments are invalid.

    ``message`` is written for the model (what to change); ``errors`` carries the
    structured details (Pydantic's error dicts where validation failed); ``kind`` is
    one of ``"unknown_tool"``, ``"malformed_call"``, ``"invalid_json"``,
    ``"invalid_arguments"``, ``"too_large"``, ``"missing_context"``.
    """

    def __init__(self, message: str, *, kind: str, errors: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.errors = errors or []


class ParseException(Tool2SchemaError):
    """tool2schema 2.x: ``LoadToolEnabled`` could not parse or validate a call."""


class ToolDefinitionWarning(UserWarning):
    """A tool definition looks wrong but a documented fallback was applied."""
