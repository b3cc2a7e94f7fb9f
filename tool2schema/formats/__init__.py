"""Provider formats.

Each provider's rules live in one module of this package (``openai``, ``responses``,
``anthropic``, ``gemini``, ``bedrock``, ``mcp``, and ``strict`` for OpenAI strict mode).
A format module exposes ``render(spec, strict) -> dict``; :func:`render` looks the module
up lazily so that importing tool2schema stays cheap.
"""

from __future__ import annotations

import importlib
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Union

from ..errors import SchemaFormatError

if TYPE_CHECKING:
    from ..spec import ToolSpec


class SchemaFormat(str, Enum):
    """The provider formats ``Tool.to_json`` can produce."""

    OPENAI = "openai"
    """Chat Completions: ``{"type": "function", "function": {...}}``."""
    OPENAI_RESPONSES = "openai-responses"
    """Responses API: ``{"type": "function", "name", "description", "parameters", "strict"}``."""
    ANTHROPIC = "anthropic"
    """Messages API: ``{"name", "description", "input_schema"}``."""
    GEMINI = "gemini"
    """google-genai ``FunctionDeclaration`` (OpenAPI-subset ``parameters``)."""
    BEDROCK = "bedrock"
    """Bedrock Converse: ``{"toolSpec": {"name", "description", "inputSchema": {"json"}}}``."""
    MCP = "mcp"
    """Model Context Protocol ``Tool`` listing (``inputSchema``, ``outputSchema``)."""
    OPENAI_TUNE = "openai-tune"
    """The bare function object used in OpenAI fine-tuning files (2.x ``OPENAI_TUNE``)."""

    def __str__(self) -> str:
        return self.value


FormatLike = Union[SchemaFormat, str]

_MODULES = {
    SchemaFormat.OPENAI: "openai",
    SchemaFormat.OPENAI_RESPONSES: "responses",
    SchemaFormat.ANTHROPIC: "anthropic",
    SchemaFormat.GEMINI: "gemini",
    SchemaFormat.BEDROCK: "bedrock",
    SchemaFormat.MCP: "mcp",
    SchemaFormat.OPENAI_TUNE: "openai",
}
_RENDERERS: dict[SchemaFormat, Callable[..., dict[str, Any]]] = {}


def coerce_format(value: Any) -> SchemaFormat:
    """Turn a ``SchemaFormat``, its string value, or a 2.x ``SchemaType`` into a ``SchemaFormat``.

    Raises ``SchemaFormatError`` listing the accepted names for anything else.
    """
    if isinstance(value, SchemaFormat):
        return value
    to_format = getattr(value, "to_format", None)
    if callable(to_format):  # tool2schema 2.x SchemaType
        result: SchemaFormat = to_format()
        return result
    try:
        return SchemaFormat(str(value).lower().replace("_", "-"))
    except ValueError:
        names = ", ".join(repr(f.value) for f in SchemaFormat)
        raise SchemaFormatError(f"unknown schema format {value!r}; use one of {names}") from None


def render(spec: ToolSpec, fmt: SchemaFormat, strict: bool) -> dict[str, Any]:
    """Render one tool in one provider format (uncached; ``Tool.to_json`` caches)."""
    renderer = _RENDERERS.get(fmt)
    if renderer is None:
        module = importlib.import_module(f"{__name__}.{_MODULES[fmt]}")
        renderer = module.render_tune if fmt is SchemaFormat.OPENAI_TUNE else module.render
        _RENDERERS[fmt] = renderer
    return renderer(spec, strict)
