"""Errors and warnings raised by tool2schema.

Every error the library raises on purpose derives from [`Tool2SchemaError`][tool2schema.Tool2SchemaError].

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
    an error `ToolResult` for the model; ``Tool.validate`` raises it.

``OutputError``
    A model's response holds no valid structured answer (``tool2schema.Output.parse``):
    ``kind`` says why (``no_output``, ``text_instead``, ``invalid_json``,
    ``invalid_arguments``), ``content`` is the text the model reads and
    ``to_message()`` the message that asks it to correct itself.

``ParseException``
    The tool2schema 2.x error of ``LoadToolEnabled``; kept with its 2.x meaning.

``ToolDefinitionWarning``
    Something is probably wrong but a safe fallback exists (a docstring that documents
    a parameter the function does not have, a ``= None`` default on a non-Optional
    type, which is read as ``Optional``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional

if TYPE_CHECKING:
    from .calls import ToolCall
    from .providers import FormatLike, SchemaFormat


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


class OutputError(Tool2SchemaError, ValueError):
    """The model's response holds no valid answer.

    ``kind``: ``"no_output"`` (no output call and no text), ``"text_instead"`` (prose
    instead of the output call, or in native mode prose that is not JSON; also a
    refusal, with ``refusal`` set), ``"invalid_json"`` (JSON-like text or arguments that
    do not parse), ``"invalid_arguments"`` (the answer does not validate). ``content`` is
    the text the model reads (which field, what was wrong, what is allowed); ``errors``
    Pydantic's error dicts where validation failed; ``call`` the output call that failed
    (None when the model did not call an output tool); ``text`` the model's text;
    ``refusal`` the provider's refusal or block reason; ``provider`` the format the
    response came in. [`to_message`][tool2schema.errors.OutputError.to_message] builds the message that asks for a correction.
    """

    def __init__(
        self,
        content: str,
        *,
        kind: str,
        provider: Optional[SchemaFormat] = None,
        call: Optional[ToolCall] = None,
        errors: Optional[list[dict[str, Any]]] = None,
        text: Optional[str] = None,
        refusal: Optional[str] = None,
        reply: Optional[Callable[[OutputError, Optional[FormatLike]], dict[str, Any]]] = None,
    ) -> None:
        super().__init__(content)
        self.content = content
        self.kind = kind
        self.provider = provider
        self.call = call
        self.errors = errors or []
        self.text = text
        self.refusal = refusal
        self.reply = reply
        """What builds [`to_message`][tool2schema.errors.OutputError.to_message] (``Output.parse`` gives it; this module knows no provider)."""

    def to_message(self, format: Optional[FormatLike] = None) -> dict[str, Any]:
        """The message that asks the model to correct itself, to append after the
        assistant's turn: when it called an output tool, that provider's tool-result
        message for the call's id, flagged as an error where the provider has a flag;
        otherwise a user message. ``format`` defaults to the shape the response came in."""
        if self.reply is None:
            raise TypeError("OutputError.to_message: this error was not raised by Output.parse (no reply builder)")
        return self.reply(self, format)


class ParseException(Tool2SchemaError):
    """tool2schema 2.x: ``LoadToolEnabled`` could not parse or validate a call."""


class ToolDefinitionWarning(UserWarning):
    """A tool definition looks wrong but a documented fallback was applied."""
