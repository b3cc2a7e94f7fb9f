"""The provider-neutral description of a built tool, handed to every format renderer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .introspect import EMPTY


@dataclass(frozen=True)
class ToolSpec:
    """A tool as every provider format sees it.

    ``parameters`` is the canonical JSON Schema (Draft 2020-12) of the arguments
    object: self-contained, no titles, ``$defs`` only for recursive types. Renderers
    must not mutate it (``jsonschema.transform`` rebuilds instead).
    """

    name: str
    description: str
    parameters: dict[str, Any]
    returns: Any = EMPTY
    """The return annotation (MCP ``outputSchema``), ``EMPTY`` when absent."""
    include_empty_description: bool = False
    extras: dict[str, Any] = field(default_factory=dict)
