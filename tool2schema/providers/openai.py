"""OpenAI Chat Completions (and the 2.x fine-tuning variant).

Tool: ``{"type": "function", "function": {"name", "description", "parameters", "strict"}}``.

Rules, from the function calling guide (platform.openai.com/docs/guides/function-calling):

- ``name`` matches ``^[a-zA-Z0-9_-]{1,64}$``;
- ``parameters`` is a JSON Schema object; with ``strict: true`` it must be in the
  structured-outputs subset (`OpenAIStrict`);
- at most 128 tools in one request.

Calls arrive as ``message.tool_calls[i]``: ``{"id", "type": "function", "function":
{"name", "arguments"}}`` with ``arguments`` a JSON string; results go back as one
``{"role": "tool", "tool_call_id", "content"}`` message per call (no error flag: the
text says it).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ..calls import ToolCall, fields, has, items, member, tag
from ..jsonschema import SCHEMA_MAP_KEYS, Path, add_note, in_words
from . import SchemaFormat
from .base import Limits, Provider, StreamStep, StrictSubset, WrittenTool

if TYPE_CHECKING:
    from ..calls import ToolResult
    from ..definition import ToolDefinition


def nullable(schema: dict[str, Any]) -> bool:
    """Whether ``schema`` accepts null (a ``null`` type or branch)."""
    t = schema.get("type")
    if t == "null" or (isinstance(t, list) and "null" in t):
        return True
    return any(isinstance(s, dict) and nullable(s) for s in schema.get("anyOf", ()))


def make_nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or null; a description stays on the outside."""
    if nullable(schema):
        return schema
    if "anyOf" in schema:
        return {**schema, "anyOf": [*schema["anyOf"], {"type": "null"}]}
    inner = {k: v for k, v in schema.items() if k != "description"}
    out: dict[str, Any] = {"anyOf": [inner, {"type": "null"}]}
    if "description" in schema:
        out["description"] = schema["description"]
    return out


def object_depth(path: Path) -> int:
    """How many objects enclose the node at ``path``."""
    depth, i = 0, 0
    while i < len(path):
        if path[i] in SCHEMA_MAP_KEYS or path[i] == "$defs":
            depth += 1
            i += 2
        else:
            i += 1
    return depth


class OpenAIStrict(StrictSubset):
    """OpenAI structured-outputs strict mode, from "Structured Outputs - supported schemas"
    (platform.openai.com/docs/guides/structured-outputs#supported-schemas):

    - the root is an object (never ``anyOf``);
    - every object sets ``additionalProperties: false`` and lists *all* its properties in
      ``required``; an optional field is expressed as a nullable one;
    - supported keywords: ``type``, ``properties``, ``required``, ``additionalProperties``
      (false only), ``items``, ``enum``, ``const``, ``anyOf``, ``$ref``/``$defs`` (no
      sibling keywords), ``description``; strings: ``pattern`` and ``format`` (date-time,
      time, date, duration, email, hostname, ipv4, ipv6, uuid); numbers: ``minimum``,
      ``maximum``, ``exclusiveMinimum``, ``exclusiveMaximum``, ``multipleOf``; arrays:
      ``minItems``, ``maxItems``;
    - at most 5000 object properties and 10 levels of object nesting.

    What the rules do not allow is not dropped silently: a ``default`` is moved into the
    description (a model that sends ``null`` gets the default at dispatch), an unsupported
    constraint is written into the description (dispatch still enforces it). A type that
    cannot be made strict at all (a free-form ``dict[str, T]``, ``Any``, a fixed-length
    ``tuple``) raises ``SchemaFormatError`` naming the parameter and the fix.
    """

    provider = "OpenAI strict mode"
    max_unroll = 2
    SUPPORTED_FORMATS: ClassVar[frozenset[str]] = frozenset(
        {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
    )
    MAX_PROPERTIES: ClassVar[int] = 5000
    MAX_DEPTH: ClassVar[int] = 10
    # unsupported keywords, restated in the description
    FOLDED: ClassVar[tuple[str, ...]] = ("minLength", "maxLength", "uniqueItems", "minProperties", "maxProperties", "format")
    DROPPED: ClassVar[tuple[str, ...]] = (
        "default", "examples", "readOnly", "writeOnly", "deprecated", "$schema", "$id", "$comment", "contentEncoding", "contentMediaType",
    )
    REFUSED: ClassVar[tuple[str, ...]] = (
        "allOf", "not", "if", "then", "else", "patternProperties", "dependentSchemas", "dependentRequired", "propertyNames", "contains", "unevaluatedProperties",
    )

    def __init__(self, schema: dict[str, Any], tool: str = "", keep: Optional[set[str]] = None) -> None:
        super().__init__(schema, tool, keep)
        self.properties = 0

    def inline_ref_with_siblings(self) -> bool:
        return True  # OpenAI allows no keywords beside $ref: inline the definition one level

    def enter(self, node: dict[str, Any], path: Path) -> dict[str, Any]:
        super().enter(node, path)
        if node.get("type") == "object" or "properties" in node:
            if object_depth(path) >= self.MAX_DEPTH:
                raise self.fail(path, f"it nests objects deeper than {self.MAX_DEPTH} levels", "Flatten the arguments")
            self.properties += len(node.get("properties") or {})
            if self.properties > self.MAX_PROPERTIES:
                raise self.fail(path, f"the tool has more than {self.MAX_PROPERTIES} properties", "Split the tool")
        return node

    def leave(self, node: dict[str, Any], original: dict[str, Any], path: Path) -> dict[str, Any]:
        out: dict[str, Any] = {}
        description = node.get("description")
        for key, value in node.items():
            if key in ("description", "properties", "additionalProperties", "required"):
                continue
            if key in self.DROPPED:
                if key != "default":
                    self.drop(path, key, value)
                continue
            if key in self.FOLDED:
                if key == "format" and value in self.SUPPORTED_FORMATS:
                    out[key] = value
                elif not (key == "uniqueItems" and not value):
                    description = self.restate(path, key, value, description, in_words(key, value))
                continue
            out["anyOf" if key == "oneOf" else key] = value
        if node.get("type") == "object" or "properties" in node:
            required = set(original.get("required", ()))
            props: dict[str, Any] = {}
            for name, sub in (node.get("properties") or {}).items():
                if name not in required:
                    declared = (original.get("properties") or {}).get(name, {})
                    default = declared.get("default")
                    if default is not None:
                        note = f"default: {json.dumps(default, ensure_ascii=False)}; send null to use it"
                        sub = {**sub, "description": add_note(sub.get("description"), note)}
                    elif "default" not in declared:  # a default_factory, a NotRequired key: no value to show
                        sub = {**sub, "description": add_note(sub.get("description"), "optional; send null to leave it out")}
                    sub = make_nullable(sub)
                props[name] = sub
            out["type"] = "object"
            out["properties"] = props
            out["required"] = list(props)
            out["additionalProperties"] = False
        if description:
            out["description"] = description
        return out


class OpenAIChat(Provider):
    format = SchemaFormat.OPENAI
    label = "OpenAI"
    # 128 tools and 1024-character descriptions: the API's own errors ("array too long.
    # Expected an array with maximum length 128", "string too long ... 1024"); the strict
    # limits (5000 properties, 10 levels, 1000 enum values, 120,000 characters) are the
    # structured-outputs guide's and apply in OpenAIStrict.
    limits = Limits(max_tools=128, max_description=1024, max_nesting=10, max_properties=5000, max_strict_enum_values=1000, max_strict_schema_chars=120_000)
    strict_walker = OpenAIStrict

    def function_object(self, definition: ToolDefinition, strict: Optional[bool]) -> dict[str, Any]:
        out: dict[str, Any] = self.named(definition)
        out["parameters"] = self.parameters(definition, bool(strict))
        if strict:
            out["strict"] = True
        return out

    def tool(self, definition: ToolDefinition, strict: Optional[bool], *, json_schema: bool = False, output_schema: bool = True) -> dict[str, Any]:
        # ChatCompletionFunctionToolParam: name, description, parameters, strict; nothing
        # else (no defer_loading, allowed_callers or output_schema: those are Responses')
        return {"type": "function", "function": self.function_object(definition, strict)}

    def allowed_tool_choice(self, names: Sequence[str], required: bool) -> Optional[Any]:
        # ChatCompletionAllowedToolChoiceParam: narrows the tools without changing `tools`
        tools = [{"type": "function", "function": {"name": n}} for n in names]
        return {"type": "allowed_tools", "allowed_tools": {"mode": "required" if required else "auto", "tools": tools}}

    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        if not required:
            return "auto"
        if len(names) == 1:
            return {"type": "function", "function": {"name": names[0]}}
        return "required"

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        return {"tools": tools, "tool_choice": choice}

    def read_tools(self, item: dict[str, Any]) -> Optional[list[WrittenTool]]:
        # ChatCompletionFunctionToolParam, or a ChatCompletionCustomToolParam (free text, no schema)
        kind = item.get("type")
        function = item.get("function")
        if kind == "function" and isinstance(function, dict):
            return self.written(item, ("function",), ("parameters",), strict=function.get("strict"))
        if kind == "custom" and isinstance(item.get("custom"), dict):
            return []
        return None

    def read_call(self, obj: Any) -> Optional[ToolCall]:
        call = obj if type(obj) is dict else fields(obj)
        if call is None:
            return None
        fn = call.get("function")
        kind = call.get("type")
        typed = type(kind) is str and kind == "function"  # (a str subclass could make == raise or lie)
        if fn is None:
            if not typed:
                return None
        elif type(obj) is not dict and not (typed or kind is None):
            return None  # an SDK object typed as something else is another provider's
        inner = fn if type(fn) is dict else fields(fn) or {}
        return ToolCall.read(inner.get("name"), inner.get("arguments"), call.get("id"), self.format, obj, what="function.name")

    def response_items(self, response: Any) -> Optional[list[Any]]:
        choices = member(response, "choices")
        if isinstance(choices, (list, tuple)):
            if not choices:
                return []
            response = member(choices[0], "message")
        if has(response, "tool_calls") or (tag(response, "role") == "assistant" and not isinstance(member(response, "content"), (list, tuple))):
            return items(member(response, "tool_calls"))
        return None

    def text(self, response: Any) -> Optional[str]:
        choices = member(response, "choices")
        if isinstance(choices, (list, tuple)) and choices:
            response = member(choices[0], "message")
        content = member(response, "content")
        return content if isinstance(content, str) else None

    def stream_steps(self, event: Any) -> Optional[list[StreamStep]]:
        """``ChatCompletionChunk``: tool-call deltas by ``index`` (the id and name in a
        call's first delta). There is no per-call end event, and indexes may interleave,
        so calls complete at the chunk that carries a ``finish_reason``."""
        # an SDK object's fields are its instance dict (read directly: a stream has thousands of events)
        chunk: Any = event if type(event) is dict else getattr(event, "__dict__", None)
        if type(chunk) is not dict or chunk.get("object") != "chat.completion.chunk":
            return None
        steps: list[StreamStep] = []
        for choice in items(chunk.get("choices")):
            c: Any = choice if type(choice) is dict else getattr(choice, "__dict__", {})
            delta: Any = c.get("delta")
            delta = delta if type(delta) is dict else getattr(delta, "__dict__", None) or {}
            if delta.get("content"):
                steps.append(("text", None, None, None, delta.get("content")))
            for tc in items(delta.get("tool_calls")):
                t: Any = tc if type(tc) is dict else getattr(tc, "__dict__", {})
                key = (c.get("index"), t.get("index"))
                fn: Any = t.get("function")
                fn = fn if type(fn) is dict else getattr(fn, "__dict__", None) or {}
                if t.get("id") is not None or fn.get("name") is not None:
                    steps.append(("start", key, t.get("id"), fn.get("name"), None))
                if fn.get("arguments"):
                    steps.append(("delta", key, None, None, fn.get("arguments")))
            if c.get("finish_reason") is not None:
                steps.append(("end_all", None, None, None, True))
        return steps

    def result_item(self, result: ToolResult) -> dict[str, Any]:
        return {"role": "tool", "tool_call_id": self.required_id(result, "tool_call_id"), "content": result.content}

    # structured output: ``response_format={"type": "json_schema", "json_schema": {"name",
    # "description", "schema", "strict"}}`` (``openai.types.shared_params.ResponseFormatJSONSchema``;
    # ``name`` follows the function-name rule); the answer is ``choices[0].message.content``
    # (a JSON string), a refusal is ``choices[0].message.refusal``.
    native_strict = "flag"

    def native_output(self, schema: dict[str, Any], name: str, description: str, strict: bool) -> dict[str, Any]:
        self.check_name(name)
        spec: dict[str, Any] = {"name": name}
        if description:
            spec["description"] = description
        spec["schema"] = schema
        if strict:
            spec["strict"] = True
        return {"response_format": {"type": "json_schema", "json_schema": spec}}

    def refusal(self, response: Any) -> Optional[str]:
        choices = member(response, "choices")
        if isinstance(choices, (list, tuple)) and choices:
            response = member(choices[0], "message")
        refusal = member(response, "refusal")
        return refusal if isinstance(refusal, str) and refusal else None


class OpenAITune(OpenAIChat):
    """The bare function object of OpenAI fine-tuning files (2.x ``OPENAI_TUNE``)."""

    format = SchemaFormat.OPENAI_TUNE

    def tool(self, definition: ToolDefinition, strict: Optional[bool], *, json_schema: bool = False, output_schema: bool = True) -> dict[str, Any]:
        return self.function_object(definition, strict)

