"""Providers: one module per wire API, one `Provider`
class each.

``openai`` (Chat Completions and the fine-tuning variant), ``responses`` (OpenAI
Responses), ``anthropic``, ``gemini``, ``bedrock``, ``mcp``. `get` imports a
provider's module on first use so that ``import tool2schema`` stays cheap.
"""

from __future__ import annotations

import functools
import importlib
from enum import Enum
from typing import TYPE_CHECKING, Any, Union

from ..errors import SchemaFormatError

if TYPE_CHECKING:
    from .base import Provider


class SchemaFormat(str, Enum):
    """The provider formats ``Tool.to_json`` can produce."""

    OPENAI = "openai"
    """OpenAI Chat Completions (the shape: `tool2schema.providers.openai`)."""
    OPENAI_RESPONSES = "openai-responses"
    """OpenAI Responses API (`tool2schema.providers.responses`)."""
    ANTHROPIC = "anthropic"
    """Anthropic Messages API (`tool2schema.providers.anthropic`)."""
    GEMINI = "gemini"
    """google-genai ``FunctionDeclaration`` (`tool2schema.providers.gemini`)."""
    BEDROCK = "bedrock"
    """Amazon Bedrock Converse (`tool2schema.providers.bedrock`)."""
    MCP = "mcp"
    """Model Context Protocol ``Tool`` listing (`tool2schema.providers.mcp`)."""
    OPENAI_TUNE = "openai-tune"
    """The bare function object of OpenAI fine-tuning files (2.x ``OPENAI_TUNE``; `tool2schema.providers.openai`)."""

    def __str__(self) -> str:
        return self.value


FormatLike = Union[SchemaFormat, str]

_CLASSES = {
    SchemaFormat.OPENAI: ("openai", "OpenAIChat"),
    SchemaFormat.OPENAI_TUNE: ("openai", "OpenAITune"),
    SchemaFormat.OPENAI_RESPONSES: ("responses", "OpenAIResponses"),
    SchemaFormat.ANTHROPIC: ("anthropic", "Anthropic"),
    SchemaFormat.GEMINI: ("gemini", "Gemini"),
    SchemaFormat.BEDROCK: ("bedrock", "Bedrock"),
    SchemaFormat.MCP: ("mcp", "MCP"),
}
_INSTANCES: dict[SchemaFormat, Provider] = {}

CALL_ORDER = (
    SchemaFormat.BEDROCK,
    SchemaFormat.OPENAI,
    SchemaFormat.OPENAI_RESPONSES,
    SchemaFormat.ANTHROPIC,
    SchemaFormat.GEMINI,
    SchemaFormat.MCP,
)
"""The order providers are asked to recognise a call or a response (most specific first)."""


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


def get(fmt: Any) -> Provider:
    """The provider of ``fmt`` (a ``SchemaFormat``, its name, or a 2.x ``SchemaType``)."""
    key = fmt if isinstance(fmt, SchemaFormat) else coerce_format(fmt)
    provider = _INSTANCES.get(key)
    if provider is None:
        module, cls = _CLASSES[key]
        provider = _INSTANCES[key] = getattr(importlib.import_module(f"{__name__}.{module}"), cls)()
    return provider


@functools.cache
def in_call_order() -> list[Provider]:
    """Every provider, in `CALL_ORDER` (built on first use, importing them is not
    free, then kept: do not change the list)."""
    return [get(f) for f in CALL_ORDER]


__all__ = ["CALL_ORDER", "FormatLike", "SchemaFormat", "coerce_format", "get", "in_call_order"]
