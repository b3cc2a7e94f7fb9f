"""``Provider``: everything tool2schema knows about one wire API, behind one interface.

Shared code (``Tool.to_json``, dispatch, ``to_messages``, ``Output``, the linter) never
asks which provider it is talking to: it calls these methods. A provider subclass
lives in ``providers/<name>.py`` with every rule of that API (name pattern, schema
walkers, strict subset, limits, call and result shapes), each citing its source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ..errors import SchemaFormatError
from ..jsonschema import Dropped, SchemaWalker

if TYPE_CHECKING:
    from ..calls import ToolCall, ToolResult
    from ..definition import ToolDefinition
    from . import SchemaFormat


def member(obj: Any, key: str) -> Any:
    """``obj[key]`` for a dict, ``obj.key`` for an SDK object; None when absent or unreadable."""
    if type(obj) is dict:
        return obj.get(key)
    try:
        if isinstance(obj, dict):
            return obj.get(key)
        return getattr(obj, key, None)
    except Exception:  # noqa: BLE001 - a hostile property or mapping must not crash dispatch
        return None


def tag(obj: Any, key: str) -> Optional[str]:
    """A string member (a ``type``, a ``role``) to compare with a constant: None unless it
    is exactly a ``str`` (a subclass could make ``==`` raise or lie)."""
    value = member(obj, key)
    return value if type(value) is str else None


def has(obj: Any, key: str) -> bool:
    """Whether ``obj`` carries ``key`` (a dict key, or a non-None attribute)."""
    if type(obj) is dict:
        return key in obj
    try:
        if isinstance(obj, dict):
            return key in obj
    except Exception:  # noqa: BLE001
        return False
    return member(obj, key) is not None


def items(value: Any) -> list[Any]:
    """A list/tuple member as a list; anything else (None, a string, an object) as []."""
    if not isinstance(value, (list, tuple)):
        return []
    try:
        return list(value)
    except Exception:  # noqa: BLE001 - a hostile sequence subclass
        return []


@dataclass(frozen=True)
class Limits:
    """Documented limits of a provider (None: none documented). The linter reads them."""

    max_tools: Optional[int] = None
    max_description: Optional[int] = None
    max_schema_chars: Optional[int] = None
    max_nesting: Optional[int] = None
    max_properties: Optional[int] = None
    max_enum_values: Optional[int] = None
    max_strict_tools: Optional[int] = None
    max_strict_optional: Optional[int] = None
    max_strict_unions: Optional[int] = None


@dataclass(frozen=True)
class Conversion:
    """A tool's parameters as one provider takes them, and what the conversion dropped."""

    schema: dict[str, Any]
    dropped: tuple[Dropped, ...] = ()


class Provider:
    """One wire API. Subclasses set the class attributes and override what differs."""

    format: ClassVar[SchemaFormat]
    label: ClassVar[str]
    """The provider's name in messages (``"Anthropic"``)."""
    name_pattern: ClassVar[str] = r"^[a-zA-Z0-9_-]{1,64}$"
    name_rule: ClassVar[str] = "1-64 characters: letters, digits, '_' or '-'"
    limits: ClassVar[Limits] = Limits()
    plain_walker: ClassVar[Optional[type[SchemaWalker]]] = None
    """Converts the canonical parameters for this provider (None: taken as they are)."""
    strict_walker: ClassVar[Optional[type[SchemaWalker]]] = None
    """Converts them to the provider's strict subset (None: no strict mode, strict=True raises)."""

    # -- tool definitions ---------------------------------------------------------------
    def check_name(self, name: str) -> None:
        """Raise ``SchemaFormatError`` stating this provider's rule when ``name`` breaks it."""
        if not re.match(self.name_pattern, name):
            raise SchemaFormatError(
                f"tool {name!r}: {self.label} requires tool names matching {self.name_pattern} "
                f"({self.name_rule}); pass name='...' to @tool"
            )

    def convert(self, definition: ToolDefinition, strict: bool) -> Conversion:
        """The parameters schema this provider takes (strict or plain), with what was dropped."""
        if strict:
            if self.strict_walker is None:
                raise SchemaFormatError(
                    f"tool {definition.name!r}: {self.label} has no strict mode; use strict=False "
                    "(arguments are still validated when the call comes back)"
                )
            walker = self.strict_walker(definition.parameters, definition.name)
        elif self.plain_walker is not None:
            walker = self.plain_walker(definition.parameters, definition.name)
        else:
            return Conversion(definition.parameters)
        return Conversion(walker.walk(), tuple(walker.dropped))

    def parameters(self, definition: ToolDefinition, strict: bool) -> dict[str, Any]:
        return self.convert(definition, strict).schema

    def object_root(self, definition: ToolDefinition, schema: dict[str, Any]) -> dict[str, Any]:
        """``schema``, checked to be a plain object at the top level (no top-level union)."""
        bad = [k for k in ("oneOf", "anyOf", "allOf") if k in schema]
        if bad or schema.get("type") != "object":
            raise SchemaFormatError(
                f"tool {definition.name!r}: {self.label} requires the input schema to be a plain object at the top level "
                f"(found {', '.join(bad) or schema.get('type')}); wrap the union in a field of a model"
            )
        return schema

    def tool(self, definition: ToolDefinition, strict: bool) -> dict[str, Any]:
        """The tool definition, as the provider's SDK takes it in a request."""
        raise NotImplementedError

    def description(self, definition: ToolDefinition) -> str:
        """The description, with the examples appended when ``CONFIG.examples_in_description``."""
        text = definition.description
        if definition.examples and definition.examples_in_description:
            import json

            lines = "\n".join(json.dumps(e, ensure_ascii=False) for e in definition.examples)
            text = f"{text}\n\nExamples of arguments:\n{lines}" if text else f"Examples of arguments:\n{lines}"
        return text

    # -- requests -------------------------------------------------------------------------
    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        """The tool choice that makes the model call one of ``names`` (``required``), or lets it choose."""
        raise NotImplementedError

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        """Keyword arguments for the SDK's request call: the tools and the tool choice."""
        raise NotImplementedError

    # -- calls coming back ------------------------------------------------------------------
    def read_call(self, obj: Any) -> Optional[ToolCall]:
        """``obj`` as a :class:`ToolCall` when it is this provider's call shape, else None.
        Never raises: a malformed call of this shape comes back with ``problem`` set."""
        return None

    quick: ClassVar[bool] = False
    """Whether :meth:`quick_read` is implemented (dispatch tries it before anything else)."""

    def quick_read(self, call: Any) -> Optional[tuple[str, Any, Any]]:
        """``(name, arguments, id)`` of a well-formed call of this provider's most common
        shape (a plain dict), read with as few steps as possible; None for anything else
        (then :meth:`read_call` reads it). Never raises."""
        return None

    def response_items(self, response: Any) -> Optional[list[Any]]:
        """The items (tool calls, content blocks, parts) of a whole response or message of
        this provider, in order; None when ``response`` is not this provider's shape."""
        return None

    def text(self, response: Any) -> Optional[str]:
        """The text a response or message of this provider carries, if any."""
        return None

    def restore_arguments(self, arguments: Any, definition: ToolDefinition) -> Any:
        """Undo what :meth:`tool` changed in the schema on the arguments a model sent."""
        return arguments

    # -- results going back -------------------------------------------------------------------
    def result_item(self, result: ToolResult) -> dict[str, Any]:
        """One result as this provider's tool-result item (block, part, message)."""
        raise NotImplementedError

    def result_messages(self, results: Sequence[ToolResult]) -> list[dict[str, Any]]:
        """The next turn's messages for one response's results, by this provider's rule."""
        return [self.result_item(r) for r in results]

    def user_message(self, text: str) -> dict[str, Any]:
        """A user message holding ``text``."""
        return {"role": "user", "content": text}
