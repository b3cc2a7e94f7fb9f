"""The provider-neutral description of a built tool, handed to every provider."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from .introspect import EMPTY


class ToolKind(str, enum.Enum):
    """What a [`Tool`][tool2schema.Tool] wraps."""

    FUNCTION = "function"
    """A function, method, bound method or ``functools.partial``."""
    CALLABLE = "callable"
    """An object with ``__call__``."""
    MODEL = "model"
    """A Pydantic model class: a call returns the validated instance."""
    CLASS = "class"
    """A dataclass or TypedDict: a call returns the instance (a dict for a TypedDict)."""


@dataclass(frozen=True)
class ToolDefinition:
    """A tool as every provider sees it, built once per tool configuration.

    ``parameters`` is the canonical JSON Schema (Draft 2020-12) of the arguments
    object: self-contained, no titles, ``$defs`` only for recursive types. Providers
    must not mutate it (the schema walker rebuilds instead) and never call Pydantic.
    """

    name: str
    description: str
    parameters: dict[str, Any]
    returns: Any = EMPTY
    """The return annotation, ``EMPTY`` when absent."""
    examples: tuple[dict[str, Any], ...] = ()
    """Example arguments, each valid for the tool's model."""
    kind: Literal["function", "output"] = "function"
    """``"output"`` for the tools of structured output (``tool2schema.Output``)."""
    examples_in_description: bool = False
    """Formats without an examples field append the examples to the description."""
    description_given: bool = False
    """Whether the description came from a docstring or ``description=`` (even if empty)."""
    output_schema_override: dict[str, Any] | None = field(default=None, compare=False)
    defer_loading: bool = False
    """``@tool(defer_loading=True)``: left out of a request (or sent deferred, where the
    provider takes that) when ``registry.request(..., defer=True)``, until a search finds it."""
    callers: tuple[str, ...] = ()
    """``@tool(callers=[...])``: who may call the tool, provider-neutral (``"direct"``: the
    model; ``"code"``: code the model runs); each provider maps them (``allowed_callers``)."""
    eager_input_streaming: bool | None = None
    """``@tool(eager_input_streaming=...)``: Anthropic's per-tool flag (None: the API's default)."""
    send_output_schema: bool = True
    """``@tool(output_schema=False)`` leaves the output schema out of every format."""

    @cached_property
    def output_schema(self) -> dict[str, Any] | None:
        """The JSON Schema of the return annotation when it is an object (a model,
        dataclass, TypedDict or mapping), else None. Computed on first use."""
        if self.output_schema_override is not None:
            return self.output_schema_override
        if self.returns is EMPTY or self.returns is None:
            return None
        from .jsonschema import type_schema

        schema = type_schema(self.returns)
        if schema is None or schema.get("type") != "object":
            return None
        return schema
