"""``Provider``: everything tool2schema knows about one wire API, behind one interface.

Shared code (``Tool.to_json``, dispatch, ``to_messages``, ``Output``, the linter) never
asks which provider it is talking to: it calls these methods. A provider subclass
lives in ``providers/<name>.py`` with every rule of that API (name pattern, schema
walkers, strict subset, limits, call and result shapes), each citing its source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ..calls import ToolCall
from ..errors import SchemaFormatError
from ..jsonschema import Dropped, Path, SchemaWalker

if TYPE_CHECKING:
    from ..calls import ToolResult
    from ..definition import ToolDefinition
    from . import SchemaFormat


def _count_enum_values(schema: Any) -> int:
    total, todo = 0, [schema]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if isinstance(node.get("enum"), list):
                total += len(node["enum"])
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    return total


@dataclass
class Reply:
    """What one response, message or call of a provider holds for structured output."""

    calls: list[ToolCall]
    """The tool calls, in order (malformed ones keep ``problem`` set)."""
    text: Optional[str] = None
    """The text of the reply (thinking left out), None when there is none."""
    refusal: Optional[str] = None
    """Why the provider refused or blocked the answer (its refusal text or stop reason), else None."""


StreamStep = tuple[str, Any, Any, Any, Any]
"""One thing a stream event says about the tool calls (``Provider.stream_steps``), as
``(kind, key, id, name, fragment)`` (a plain tuple: a stream has thousands of events):

- ``"start"``: the call at ``key`` (an index, an item id) begins, with ``id``/``name``
  where the event carries them (later starts of the same key may add them);
- ``"delta"``: ``fragment`` (JSON text) is appended to its arguments;
- ``"end"``: it is complete (``fragment``: its whole arguments text, where the event
  repeats them);
- ``"whole"``: a complete call arrived at once, ``fragment`` its parsed arguments;
- ``"set"``: one typed value of its arguments arrived, ``fragment`` is ``(JSON path,
  value, continues)`` (a string whose ``continues`` is true goes on in the next piece);
- ``"ignore"``: the block at ``key`` is not a client tool call (a server tool's input);
- ``"text"``: ``fragment`` is more of the answer's text (thinking left out);
- ``"end_all"``: the message ended; open calls are complete (``fragment=True``) or
  were cut off (``fragment=False``)."""


@dataclass(frozen=True)
class Limits:
    """Documented limits of a provider (None: none documented). The linter reads them."""

    max_tools: Optional[int] = None
    max_description: Optional[int] = None
    max_strict_schema_chars: Optional[int] = None
    max_nesting: Optional[int] = None
    max_properties: Optional[int] = None
    max_strict_enum_values: Optional[int] = None
    max_strict_tools: Optional[int] = None
    max_strict_optional: Optional[int] = None
    max_strict_unions: Optional[int] = None


STRICT_FALLBACK = ", or use strict=False for this tool"
"""The Python advice a strict-mode ``SchemaFormatError`` ends with (the command line offers ``--strict=auto`` instead)."""


class StrictSubset(SchemaWalker):
    """What every provider's strict (guaranteed-schema) subset refuses outright: a node
    that accepts any JSON value, a fixed-length tuple, a keyword in ``REFUSED``, a
    free-form mapping. A subclass (one per provider) adds its own rules in `enter`
    after calling this one, and says what it keeps or restates in `leave`."""

    REFUSED: ClassVar[tuple[str, ...]] = ()
    ANY_VALUE_KEYS: ClassVar[frozenset[str]] = frozenset({"description"})
    """A node with only these keys accepts any JSON value."""

    def fail(self, path: Path, problem: str, fix: str) -> SchemaFormatError:
        return super().fail(path, problem, fix + STRICT_FALLBACK)

    @staticmethod
    def free_form(node: dict[str, Any]) -> bool:
        """Whether an object node takes keys it does not name (``dict[str, T]``, ``extra="allow"``)."""
        extra: Any = node.get("additionalProperties")
        return extra is True or isinstance(extra, dict) or ("properties" not in node and extra is not False)

    def enter(self, node: dict[str, Any], path: Path) -> dict[str, Any]:
        if not node or set(node) <= self.ANY_VALUE_KEYS:
            raise self.fail(path, "it accepts any JSON value", "Give it a concrete type")
        for key in node:
            if key == "prefixItems" or (key == "items" and node[key] is False):
                raise self.fail(path, "it is a fixed-length tuple", "Use a list or a small model with named fields")
            if key in self.REFUSED:
                raise self.fail(path, f"it uses '{key}'", "Simplify the type")
        if (node.get("type") == "object" or "properties" in node) and self.free_form(node):
            raise self.fail(path, "it is a free-form mapping (dict)", "Use a Pydantic model with named fields, or a list of key/value models")
        return node


@dataclass(frozen=True)
class ProviderIssue:
    """A provider rule a tool breaks (the linter turns these into T2S101-T2S103 findings)."""

    code: str
    """``T2S101`` (name rule), ``T2S102`` (a limit), ``T2S103`` (a constraint dropped or restated)."""
    path: Optional[str]
    message: str
    fix: str


@dataclass(frozen=True)
class WrittenTool:
    """A function tool definition read from JSON written for a provider (the inverse of
    `Provider.tool`), as the linter reads tools not written in Python."""

    name: str
    description: str
    parameters: dict[str, Any]
    """The parameters as JSON Schema (a Gemini OpenAPI schema is read into JSON Schema)."""
    at: tuple[Any, ...]
    """The keys (and list indexes) leading from the tool object to ``parameters``
    (``("function", "parameters")``)."""
    strict: bool = False


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
    parameters_key: ClassVar[str] = "parameters"
    """The key of the tool definition that holds the parameters schema."""
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

    def tool(self, definition: ToolDefinition, strict: Optional[bool], *, json_schema: bool = False, output_schema: bool = True) -> dict[str, Any]:
        """The tool definition, as the provider's SDK takes it in a request.

        ``strict``: True/False as chosen, None when nobody chose (a provider whose API has
        its own default, OpenAI Responses, leaves it to the API; the others read None as
        False). ``json_schema``: Gemini's full JSON Schema field instead of its OpenAPI
        subset (other formats always carry JSON Schema). ``output_schema=False`` leaves the
        output schema out where the format has one."""
        raise NotImplementedError

    def output_schema(self, definition: ToolDefinition, wanted: bool) -> Optional[dict[str, Any]]:
        """The output schema to send (the return annotation's, when it is an object), or None
        when there is none or it is not wanted (per call or ``@tool(output_schema=False)``)."""
        if not wanted or not definition.send_output_schema:
            return None
        return definition.output_schema

    CALLERS: ClassVar[dict[str, str]] = {}
    """``@tool(callers=...)``'s provider-neutral names -> this API's ``allowed_callers`` values
    (empty: the API has no such field, and ``callers`` is not sent)."""

    def allowed_callers(self, definition: ToolDefinition) -> Optional[list[str]]:
        """The tool's ``allowed_callers`` in this API's words, or None when it has none."""
        if not definition.callers or not self.CALLERS:
            return None
        unknown = [c for c in definition.callers if c not in self.CALLERS]
        if unknown:
            raise SchemaFormatError(
                f"tool {definition.name!r}: callers {unknown} are not known; use "
                f"{', '.join(repr(c) for c in self.CALLERS)} (mapped to {self.label}'s allowed_callers)"
            )
        return [self.CALLERS[c] for c in definition.callers]

    # -- large tool sets: registry.request(..., defer=, search=, allowed=, namespaces=, cache=) --
    deferral: ClassVar[bool] = False
    """Whether the API takes deferred definitions (``defer_loading``), loaded by a tool
    search; without it, deferred tools are left out of the request."""
    search_variants: ClassVar[tuple[str, ...]] = ()
    """The API's own tool search tools (``search="provider"`` picks the first)."""

    def deferred(self, tool: dict[str, Any]) -> dict[str, Any]:
        """``tool`` marked deferred (only asked when `deferral` is true)."""
        return {**tool, "defer_loading": True}

    def provider_search_tool(self, variant: str) -> dict[str, Any]:
        """The API's own tool search tool (``search="provider"``)."""
        raise SchemaFormatError(
            f"{self.label} has no tool search of its own; use search='client' (a search tool backed by registry.search)"
        )

    def client_search_tool(self, definition: ToolDefinition, strict: Optional[bool]) -> dict[str, Any]:
        """The client-side search tool (``search="client"``): by default an ordinary tool."""
        return self.tool(definition, strict)

    def allowed_tool_choice(self, names: Sequence[str], required: bool) -> Optional[Any]:
        """A tool choice that lets the model call only ``names`` while ``tools`` stays whole
        (``required``: it must call one), or None when the API has none: the registry then
        leaves the other tools out of the request."""
        return None

    def cached(self, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``tools`` with the API's prompt-cache breakpoint after them (``cache=True``);
        unchanged where caching needs no marker."""
        return tools

    def namespaced(self, groups: Sequence[tuple[str, str, list[dict[str, Any]]]], loose: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Tools grouped into the API's namespaces: ``groups`` of (name, description, tools),
        then the ``loose`` ones that belong to none."""
        raise SchemaFormatError(f"{self.label} has no tool namespaces (namespaces= is an OpenAI Responses feature)")

    def named(self, definition: ToolDefinition, **first: Any) -> dict[str, Any]:
        """``{**first, "name", "description"?}``: the checked name and, when there is one,
        the description every tool shape starts with."""
        self.check_name(definition.name)
        out: dict[str, Any] = {**first, "name": definition.name}
        description = self.description(definition)
        if description:
            out["description"] = description
        return out

    def description(self, definition: ToolDefinition) -> str:
        """The description, with the examples appended when ``CONFIG.examples_in_description``."""
        text = definition.description
        if definition.examples and definition.examples_in_description:
            import json

            lines = "\n".join(json.dumps(e, ensure_ascii=False) for e in definition.examples)
            text = f"{text}\n\nExamples of arguments:\n{lines}" if text else f"Examples of arguments:\n{lines}"
        return text

    # -- tool definitions written as JSON (the linter's input) ---------------------------
    def read_tools(self, item: dict[str, Any]) -> Optional[list[WrittenTool]]:
        """The function tools in ``item``, one entry of a tool list written for this
        provider: ``None`` when it is not this provider's shape, ``[]`` for one of its
        built-in (server) tools, which have no schema to check."""
        return None

    def listed_tools(self, body: dict[str, Any]) -> Optional[tuple[tuple[str, ...], list[Any]]]:
        """The tool list of a request body (or a listing) of this provider, with the keys
        that lead to it (``(("tools",), [...])``), else None."""
        tools = body.get("tools")
        return (("tools",), tools) if isinstance(tools, list) else None

    def nested(self, key: str, items: list[Any], empty_ok: bool = True) -> Optional[list[WrittenTool]]:
        """The tools of ``items``, the tool objects a wrapper holds under ``key`` (a Gemini
        ``Tool``'s declarations, a Responses namespace's tools), their paths starting at
        ``key``; None when one of them is not a tool (or reads as no tool, unless ``empty_ok``)."""
        found: list[WrittenTool] = []
        for index, inner in enumerate(items):
            tools = self.read_tools(inner) if isinstance(inner, dict) else None
            if tools is None or (not tools and not empty_ok):
                return None
            found += [replace(t, at=(key, index, *t.at)) for t in tools]
        return found

    @staticmethod
    def written(item: dict[str, Any], holder: tuple[Any, ...], at: tuple[Any, ...], strict: Any = False) -> Optional[list[WrittenTool]]:
        """``[WrittenTool]`` for a tool whose name and description sit in ``item`` under the
        keys ``holder``, and its parameters under ``at`` from there. A missing schema reads
        as no parameters; a name that is not a string, or parameters that are not an
        object, make it no tool (None)."""
        node: Any = item
        for key in holder:
            node = node.get(key) if isinstance(node, dict) else None
        if not isinstance(node, dict) or not isinstance(node.get("name"), str):
            return None
        schema: Any = node
        for key in at:
            schema = schema.get(key) if isinstance(schema, dict) else None
        if schema is None:
            schema = {"type": "object", "properties": {}}
        if not isinstance(schema, dict):
            return None
        description = node.get("description")
        text = description if isinstance(description, str) else ""
        return [WrittenTool(node["name"], text, schema, (*holder, *at), strict is True)]

    # -- linting --------------------------------------------------------------------------
    def lint(self, definition: ToolDefinition, strict: bool = False) -> list[ProviderIssue]:
        """What this provider would refuse or weaken in ``definition``: its name rule,
        its documented limits, and every constraint its conversion drops or restates."""
        import json

        issues: list[ProviderIssue] = []
        name = definition.name
        if not re.match(self.name_pattern, name):
            issues.append(ProviderIssue(
                "T2S101", None,
                f"{self.label} requires tool names matching {self.name_pattern} ({self.name_rule}); {name!r} ({len(name)} characters) "
                "is refused, so the request fails before the model sees any tool",
                f"pass name='...' to @tool with {self.name_rule}",
            ))
        limits = self.limits
        description = self.description(definition)
        if limits.max_description is not None and len(description) > limits.max_description:
            issues.append(ProviderIssue(
                "T2S102", None,
                f"the description has {len(description)} characters; {self.label} accepts at most {limits.max_description}",
                "shorten the description; move details into parameter descriptions",
            ))
        use_strict = strict and self.strict_walker is not None
        try:
            conversion = self.convert(definition, use_strict)
        except SchemaFormatError as exc:
            return [*issues, ProviderIssue("T2S102", None, f"{self.label}{' strict mode' if use_strict else ''} cannot take this tool: {exc}", "change the types as the message says, or use strict=False")]
        schema = conversion.schema
        if use_strict and limits.max_strict_schema_chars is not None:
            size = len(json.dumps(schema))
            if size > limits.max_strict_schema_chars:
                issues.append(ProviderIssue(
                    "T2S102", None, f"the schema is {size} characters long; {self.label} accepts at most {limits.max_strict_schema_chars}", "split the tool"))
        if use_strict and limits.max_strict_enum_values is not None:
            values = _count_enum_values(schema)
            if values > limits.max_strict_enum_values:
                issues.append(ProviderIssue(
                    "T2S102", None, f"the schema lists {values} enum values; {self.label} accepts at most {limits.max_strict_enum_values}",
                    "use a free string validated by the tool, or split the enum"))
        mode = f"{self.label} strict mode" if use_strict else self.label
        for dropped in conversion.dropped:
            what = f"'{dropped.keyword}'" + (f" ({json.dumps(dropped.value, default=str)})" if dropped.value is not None else "")
            how = "only restates it in the description" if dropped.restated else "leaves it out"
            issues.append(ProviderIssue(
                "T2S103", None if dropped.path == "(root)" else dropped.path,
                f"{mode} cannot carry {what}: it {how}, so the model may not respect it "
                "(dispatch still rejects calls that break it, at the cost of a retry)",
                "accept the retry, or express the rule with a type this provider keeps (an enum, a smaller model, a required field)",
            ))
        return issues

    def lint_request(self, definitions: Sequence[ToolDefinition], strict: Sequence[ToolDefinition] = ()) -> list[ProviderIssue]:
        """Limits of one request carrying all ``definitions`` (tool count); ``strict``: the
        ones sent in strict mode (per-request strict limits)."""
        issues: list[ProviderIssue] = []
        if self.limits.max_tools is not None and len(definitions) > self.limits.max_tools:
            issues.append(ProviderIssue(
                "T2S102", None,
                f"{len(definitions)} tools in one request; {self.label} accepts at most {self.limits.max_tools}",
                "send a subset per request (by tag), or merge tools",
            ))
        return issues

    # -- requests -------------------------------------------------------------------------
    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        """The tool choice that makes the model call one of ``names`` (``required``), or lets it choose."""
        raise NotImplementedError

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        """Keyword arguments for the SDK's request call: the tools and the tool choice."""
        raise NotImplementedError

    # -- structured output (tool2schema.Output) --------------------------------------------
    structured_output: ClassVar[bool] = True
    """Whether requests of this API take tools with a tool choice (False: MCP, whose host chooses)."""
    native_strict: ClassVar[Optional[str]] = None
    """How the API takes a native structured-output schema: None (no native structured
    output), ``"flag"`` (a strict flag; without it any schema), ``"subset"`` (always
    constrained to the strict subset, no flag), ``"plain"`` (no strict mode at all)."""

    def native_schema(self, definition: ToolDefinition, strict: bool) -> dict[str, Any]:
        """The schema a native structured-output request carries (strict: the strict subset)."""
        return self.object_root(definition, self.parameters(definition, strict))

    def native_output(self, schema: dict[str, Any], name: str, description: str, strict: bool) -> dict[str, Any]:
        """Keyword arguments for the SDK's request call that ask for a JSON answer matching
        ``schema`` (``strict``: set the provider's strict flag where it has one)."""
        raise SchemaFormatError(
            f"{self.label} has no native structured output; use Output(..., mode='tool')"
        )

    def reply(self, response: Any) -> Optional[Reply]:
        """The calls, text and refusal of a whole response or message of this provider;
        None when ``response`` is not this provider's shape."""
        found = self.response_items(response)
        if found is None:
            return None
        calls = [c for c in (self.read_call(item) for item in found) if c is not None]
        return Reply(calls, self.text(response), self.refusal(response))

    def refusal(self, response: Any) -> Optional[str]:
        """The provider's refusal (its text, or the stop reason that blocked the answer), else None."""
        return None

    # -- calls coming back ------------------------------------------------------------------
    def read_call(self, obj: Any) -> Optional[ToolCall]:
        """``obj`` as a [`ToolCall`][tool2schema.registry.ToolCall] when it is this provider's call shape, else None.
        Never raises: a malformed call of this shape comes back with ``problem`` set."""
        return None

    def response_items(self, response: Any) -> Optional[list[Any]]:
        """The items (tool calls, content blocks, parts) of a whole response or message of
        this provider, in order; None when ``response`` is not this provider's shape."""
        return None

    def text(self, response: Any) -> Optional[str]:
        """The text a response or message of this provider carries, if any."""
        return None

    def restores_arguments(self, parameters: dict[str, Any]) -> bool:
        """Whether `restore_arguments` can change arguments of ``parameters`` (the
        tool's canonical parameters schema); validation asks once per tool and provider."""
        return False

    def restore_arguments(self, arguments: dict[str, Any], parameters: dict[str, Any]) -> dict[str, Any]:
        """Undo what [`tool`][tool2schema.registry.tool] changed in the schema on the (parsed) arguments a model
        sent; ``parameters``: the tool's canonical parameters schema."""
        return arguments

    def stream_steps(self, event: Any) -> Optional[list[StreamStep]]:
        """What one event of this provider's stream says about tool calls, as neutral
        steps (``[]``: its event, nothing about calls); None when ``event`` is not this
        provider's (``ToolCallStream`` asks each provider to detect the format)."""
        return None

    # -- results going back -------------------------------------------------------------------
    def result_item(self, result: ToolResult) -> dict[str, Any]:
        """One result as this provider's tool-result item (block, part, message)."""
        raise NotImplementedError

    def required_id(self, result: ToolResult, key: str) -> str:
        """The id of the call ``result`` answers, which this provider's result item must
        carry as ``key`` (it pairs a result with its call); ``SchemaFormatError`` when the
        call came without one (an empty id is refused by the API)."""
        call_id = result.call_id
        if not call_id:
            raise SchemaFormatError(
                f"the call of tool {result.name or '(no name)'!r} came without an id, and {self.label} needs '{key}' to pair "
                "a result with its call; pass the call as the model sent it (with its id), or answer a call that has one"
            )
        return call_id

    def result_messages(self, results: Sequence[ToolResult]) -> list[dict[str, Any]]:
        """The next turn's messages for one response's results, by this provider's rule."""
        return [self.result_item(r) for r in results]

    def user_message(self, text: str) -> dict[str, Any]:
        """A user message holding ``text``."""
        return {"role": "user", "content": text}
