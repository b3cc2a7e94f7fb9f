"""Anthropic Messages API.

Tool: ``{"name", "description", "input_schema", "strict"?, "input_examples"?}``
(``anthropic.types.ToolParam``).

Rules (platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools):

- ``name`` matches ``^[a-zA-Z0-9_-]{1,128}$`` (raised from 64 in 2025; Bedrock's
  ``ToolName`` still stops at 64);
- ``input_schema`` is a JSON Schema whose root is ``{"type": "object"}`` with no
  top-level ``oneOf``/``anyOf``/``allOf``;
- ``input_examples``: example inputs, each valid for the schema;
- ``strict: true`` guarantees calls that match the schema, within the structured-outputs
  subset (`ClaudeStrict`).

Calls arrive as ``tool_use`` content blocks ``{"type": "tool_use", "id", "name",
"input"}`` (``input`` an object). Results go back in ONE user message whose content
starts with every ``tool_result`` block (``{"type": "tool_result", "tool_use_id",
"content", "is_error"?}``): "the tool_result blocks must come FIRST in the content array"
(tool-use "Handle tool calls" page). A forced tool choice (``any``/``tool``) is refused
together with extended thinking; only ``auto`` (or ``none``) works then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ..calls import ToolCall, fields, items, member, tag
from ..jsonschema import Path, in_words, ref_name
from . import SchemaFormat
from .base import Limits, Provider, ProviderIssue, Reply, StreamStep, StrictSubset, WrittenTool

if TYPE_CHECKING:
    from ..calls import ToolResult
    from ..definition import ToolDefinition


class ClaudeStrict(StrictSubset):
    """Claude's strict subset, shared by strict tools and ``output_config.format``.

    From "Structured outputs - JSON Schema limitations"
    (platform.claude.com/docs/en/build-with-claude/structured-outputs): supported are the
    basic types, ``enum`` (primitive values), ``const``, ``anyOf``, ``$ref``/``$defs``,
    ``default``, ``required``, ``additionalProperties: false`` (required on every object),
    string ``format`` (date-time, time, date, duration, email, hostname, uri, ipv4, ipv6,
    uuid), ``pattern`` (a regex subset), array ``minItems`` of 0 or 1. Not supported:
    recursive schemas, numerical constraints (``minimum``, ``maximum``, ``multipleOf``),
    string constraints (``minLength``, ``maxLength``), array constraints beyond
    ``minItems`` 0/1, ``additionalProperties`` other than false; "If you use an
    unsupported feature, you'll receive a 400 error". Unlike OpenAI, optional properties
    stay optional. Per request: at most 20 strict tools, 24 optional parameters and 16
    union-typed parameters across all strict schemas.

    An unsupported constraint is restated in the description (dispatch still enforces
    it, the linter reports it as T2S103); what cannot be expressed raises.
    """

    provider = "Anthropic strict mode"
    SUPPORTED_FORMATS: ClassVar[frozenset[str]] = frozenset(
        {"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
    )
    WORDS: ClassVar[tuple[str, ...]] = (
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "format",
    )
    ANY_VALUE_KEYS: ClassVar[frozenset[str]] = frozenset({"description", "default"})
    REFUSED: ClassVar[tuple[str, ...]] = (
        "not", "if", "then", "else", "patternProperties", "dependentSchemas", "dependentRequired", "propertyNames", "contains", "unevaluatedProperties",
    )
    DROPPED: ClassVar[tuple[str, ...]] = ("examples", "readOnly", "writeOnly", "deprecated", "$schema", "$id", "$comment", "contentEncoding", "contentMediaType")

    def recursion(self, name: str, path: Path) -> dict[str, Any]:
        raise self.fail(path, f"it is a recursive type ({name})", "Bound the recursion with a fixed number of levels")

    def walk(self) -> dict[str, Any]:
        # recursive definitions (the only ones a canonical schema keeps) are refused
        self.keep = set()
        return super().walk()

    def reference(self, node: dict[str, Any], path: Path, stack: tuple[str, ...]) -> dict[str, Any]:
        name = ref_name(node["$ref"])
        if name in stack:
            return self.recursion(name, path)
        return super().reference(node, path, stack)

    def enter(self, node: dict[str, Any], path: Path) -> dict[str, Any]:
        super().enter(node, path)
        enum = node.get("enum")
        if isinstance(enum, list) and any(isinstance(v, (dict, list)) for v in enum):
            raise self.fail(path, "its enum has object or array values", "Use primitive enum values")
        return node

    def leave(self, node: dict[str, Any], original: dict[str, Any], path: Path) -> dict[str, Any]:
        out: dict[str, Any] = {}
        description = node.get("description")
        for key, value in node.items():
            if key == "description":
                continue
            if key in self.DROPPED:
                self.drop(path, key, value)
                continue
            if key in self.WORDS:
                if key == "format" and value in self.SUPPORTED_FORMATS:
                    out[key] = value
                elif key == "minItems" and value in (0, 1):
                    out[key] = value
                elif not (key == "uniqueItems" and not value):
                    description = self.restate(path, key, value, description, in_words(key, value))
                continue
            out["anyOf" if key == "oneOf" else key] = value
        if out.get("type") == "object" or "properties" in out:
            out["additionalProperties"] = False
        if description:
            out["description"] = description
        return out


def strict_counts(schema: dict[str, Any]) -> tuple[int, int]:
    """(optional properties, union-typed properties) of a strict schema: what Claude's
    per-request limits count."""
    optional = unions = 0
    todo = [schema]
    while todo:
        node = todo.pop()
        props = node.get("properties") if isinstance(node, dict) else None
        if isinstance(props, dict):
            required = set(node.get("required", ()))
            for name, sub in props.items():
                optional += name not in required
                if isinstance(sub, dict):
                    unions += "anyOf" in sub or isinstance(sub.get("type"), list)
                    todo.append(sub)
        if isinstance(node, dict):
            for key in ("items", "anyOf"):
                sub = node.get(key)
                todo.extend(s for s in (sub if isinstance(sub, list) else [sub]) if isinstance(s, dict))
    return optional, unions


_STREAM_EVENTS = frozenset({
    "message_start", "message_delta", "message_stop", "content_block_start", "content_block_delta", "content_block_stop", "ping",
    "text", "input_json", "thinking", "signature", "citation",  # the messages.stream() helper's derived events
})


class Anthropic(Provider):
    format = SchemaFormat.ANTHROPIC
    label = "Anthropic"
    name_pattern = r"^[a-zA-Z0-9_-]{1,128}$"
    name_rule = "1-128 characters: letters, digits, '_' or '-'"
    parameters_key = "input_schema"
    limits = Limits(max_strict_tools=20, max_strict_optional=24, max_strict_unions=16)
    strict_walker = ClaudeStrict

    def tool(self, definition: ToolDefinition, strict: Optional[bool], *, json_schema: bool = False, output_schema: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = self.named(definition)
        schema = self.object_root(definition, self.parameters(definition, bool(strict)))
        out[self.parameters_key] = schema
        if strict:
            self.check_strict_limits(definition, schema)
            out["strict"] = True
        if definition.examples:
            out["input_examples"] = [dict(e) for e in definition.examples]
        callers = self.allowed_callers(definition)
        if callers is not None:
            out["allowed_callers"] = callers
        if definition.eager_input_streaming is not None:
            out["eager_input_streaming"] = definition.eager_input_streaming
        return out

    # Programmatic tool calling: code run by the code execution tool calls the tool.
    # ``ToolParam.allowed_callers`` takes "direct" and the code execution tool versions;
    # "code" maps to the version the programmatic tool calling guide uses.
    CODE_EXECUTION = "code_execution_20250825"
    CALLERS: ClassVar[dict[str, str]] = {"direct": "direct", "code": CODE_EXECUTION}

    # Tool search (the "Tool search tool" guide): deferred tools carry
    # ``defer_loading: true`` and are loaded by ``tool_reference`` blocks, which the
    # server's search tools return, and which a client-side search returns in its
    # ``tool_result`` content.
    deferral = True
    search_variants = ("bm25", "regex")
    SEARCH_TOOLS: ClassVar[dict[str, dict[str, str]]] = {
        "bm25": {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
        "regex": {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
    }

    def provider_search_tool(self, variant: str) -> dict[str, Any]:
        return dict(self.SEARCH_TOOLS[variant])

    def cached(self, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # prompt caching: a cache_control breakpoint on the last tool caches every tool definition
        if not tools:
            return tools
        return [*tools[:-1], {**tools[-1], "cache_control": {"type": "ephemeral"}}]

    def check_strict_limits(self, definition: ToolDefinition, schema: dict[str, Any]) -> None:
        from ..errors import SchemaFormatError

        optional, unions = strict_counts(schema)
        limits = self.limits
        if limits.max_strict_optional is not None and optional > limits.max_strict_optional:
            raise SchemaFormatError(
                f"tool {definition.name!r}: {self.label} strict mode allows at most {limits.max_strict_optional} optional "
                f"parameters per request and this tool alone has {optional}. Make some required, split the tool, or use strict=False."
            )
        if limits.max_strict_unions is not None and unions > limits.max_strict_unions:
            raise SchemaFormatError(
                f"tool {definition.name!r}: {self.label} strict mode allows at most {limits.max_strict_unions} union-typed "
                f"parameters per request and this tool alone has {unions}. Simplify the types, or use strict=False."
            )

    def lint_request(self, definitions: Sequence[ToolDefinition], strict: Sequence[ToolDefinition] = ()) -> list[ProviderIssue]:
        issues = super().lint_request(definitions, strict)
        if not strict:
            return issues
        limits = self.limits
        optional = unions = 0
        for d in strict:
            try:
                o, u = strict_counts(self.parameters(d, True))
            except Exception:  # noqa: BLE001 - a tool strict mode refuses is reported by lint()
                continue
            optional, unions = optional + o, unions + u
        for count, limit, what in (
            (len(strict), limits.max_strict_tools, "strict tools"),
            (optional, limits.max_strict_optional, "optional parameters across strict tools"),
            (unions, limits.max_strict_unions, "union-typed parameters across strict tools"),
        ):
            if limit is not None and count > limit:
                issues.append(ProviderIssue(
                    "T2S102", None, f"{count} {what} in one request; {self.label} strict mode accepts at most {limit}",
                    "send fewer strict tools per request, make parameters required, or use strict=False for some tools"))
        return issues

    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        if not required:
            return {"type": "auto"}
        if len(names) == 1:
            return {"type": "tool", "name": names[0]}
        return {"type": "any"}

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        return {"tools": tools, "tool_choice": choice}


    def read_tools(self, item: dict[str, Any]) -> Optional[list[WrittenTool]]:
        kind = item.get("type")
        if "input_schema" in item and kind in (None, "custom"):  # ToolParam
            return self.written(item, (), ("input_schema",), strict=item.get("strict"))
        if isinstance(kind, str) and kind != "function" and isinstance(item.get("name"), str):
            return []  # a tool Anthropic defines (web_search_20250305, bash_20250124, tool_search_tool_bm25_20251119 ...)
        return None

    def read_call(self, obj: Any) -> Optional[ToolCall]:
        call = obj if type(obj) is dict else fields(obj)
        kind = None if call is None else call.get("type")
        if type(kind) is not str or kind != "tool_use":  # (a str subclass could make != raise or lie)
            return None
        return ToolCall.read(call.get("name"), call.get("input"), call.get("id"), self.format, obj)

    def response_items(self, response: Any) -> Optional[list[Any]]:
        content = member(response, "content")
        if isinstance(content, (list, tuple)):
            return items(content)
        return None

    def text(self, response: Any) -> Optional[str]:
        parts = [member(b, "text") for b in items(member(response, "content")) if tag(b, "type") == "text"]
        texts = [t for t in parts if isinstance(t, str)]
        return "".join(texts) if texts else None

    def stream_steps(self, event: Any) -> Optional[list[StreamStep]]:
        """Raw stream events: ``content_block_start`` of a ``tool_use`` block (id, name),
        ``input_json_delta`` fragments, ``content_block_stop``, ``message_stop``. The
        ``messages.stream()`` helper's derived ``input_json`` events repeat the raw
        fragments and are skipped; ``server_tool_use`` blocks are not client calls."""
        # an SDK event's fields are its instance dict (read directly: a stream has thousands of events)
        e: Any = event if type(event) is dict else getattr(event, "__dict__", None)
        kind = e.get("type") if type(e) is dict else None
        if kind == "content_block_delta" and type(kind) is str:  # the common event first
            delta: Any = e.get("delta")
            delta = delta if type(delta) is dict else getattr(delta, "__dict__", None)
            if type(delta) is not dict:
                return []
            kind = delta.get("type")
            if kind == "input_json_delta":
                return [("delta", e.get("index"), None, None, delta.get("partial_json"))]
            if kind == "text_delta":
                return [("text", None, None, None, delta.get("text"))]
            return []
        if type(kind) is not str or kind not in _STREAM_EVENTS:
            return None
        index = e.get("index")
        if kind == "content_block_start":
            block = fields(e.get("content_block")) or {}
            if block.get("type") == "tool_use":
                return [("start", index, block.get("id"), block.get("name"), None)]
            return [("ignore", index, None, None, None)]
        if kind == "content_block_stop":
            return [("end", index, None, None, None)]
        if kind == "message_stop":
            return [("end_all", None, None, None, False)]
        return []

    def result_item(self, result: ToolResult) -> dict[str, Any]:
        content: Any = result.content
        if result.found is not None:  # a client tool search: tool_reference blocks load the deferred tools it found
            content = [{"type": "tool_reference", "tool_name": d.name} for d in result.found]
        msg: dict[str, Any] = {"type": "tool_result", "tool_use_id": self.required_id(result, "tool_use_id"), "content": content}
        if result.is_error:
            msg["is_error"] = True
        return msg

    def result_messages(self, results: Sequence[ToolResult]) -> list[dict[str, Any]]:
        return [{"role": "user", "content": [self.result_item(r) for r in results]}]

    # structured output: ``output_config={"format": {"type": "json_schema", "schema"}}``
    # (``anthropic.types.OutputConfigParam``/``JSONOutputFormatParam``: no name, no strict
    # flag: the schema is always held to the strict subset, "If you use an unsupported
    # feature, you'll receive a 400 error"); the answer is the text block of the message;
    # a refusal is ``stop_reason == "refusal"`` (structured-outputs page, "Invalid outputs").
    native_strict = "subset"

    def native_schema(self, definition: ToolDefinition, strict: bool) -> dict[str, Any]:
        schema = self.object_root(definition, self.parameters(definition, True))
        self.check_strict_limits(definition, schema)
        return schema

    def native_output(self, schema: dict[str, Any], name: str, description: str, strict: bool) -> dict[str, Any]:
        if description and "description" not in schema:
            schema = {**schema, "description": description}
        return {"output_config": {"format": {"type": "json_schema", "schema": schema}}}

    BLOCK_TYPES = frozenset({"text", "tool_use", "thinking", "redacted_thinking", "server_tool_use", "web_search_tool_result"})

    def reply(self, response: Any) -> Optional[Reply]:
        # the ``content`` list of a Message, on its own
        if isinstance(response, (list, tuple)) and response and all(member(b, "type") in self.BLOCK_TYPES for b in response):
            return super().reply({"content": list(response)})
        return super().reply(response)

    def refusal(self, response: Any) -> Optional[str]:
        if member(response, "stop_reason") == "refusal":
            return self.text(response) or "refusal"
        return None
