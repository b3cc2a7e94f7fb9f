"""Google Gemini (google-genai): a ``FunctionDeclaration`` whose ``parameters`` is the
OpenAPI-3 subset the Gemini API understands (and ``google.genai.types.Schema`` accepts).

Rules (ai.google.dev function calling + the ``Schema`` reference):

- ``name`` starts with a letter or ``_``, then letters, digits, ``_ . : -``; at most 64
  characters (the API's own error message; the SDK docstring says 128);
- no ``$ref``/``$defs``: definitions are inlined; a recursive type is unrolled
  ``RECURSION_DEPTH`` levels and the recursive field is left out below that;
- one ``type`` per schema (uppercase, as the SDK writes it); ``null`` is expressed
  with ``nullable: true``; other unions use ``anyOf``;
- ``enum`` only on strings: an int/float/bool enum (``Literal[1, 2]``, ``IntEnum``
  with ``enum_style="value"``) becomes a string enum, which dispatch converts back;
- no ``const``, ``oneOf``, ``allOf``, ``prefixItems``, ``uniqueItems``,
  ``exclusiveMinimum``/``exclusiveMaximum``, ``multipleOf``, ``additionalProperties``:
  what they say is moved into the description (dispatch still enforces it);
- an object must have properties: a free-form mapping (``dict[str, T]``) is sent as a
  JSON-encoded string, which dispatch decodes back;
- ``format`` only where Gemini knows it (``date-time``, ``enum``, ``int32``,
  ``int64``, ``float``, ``double``); other formats are described in words;
- a tool without parameters has no ``parameters`` at all;
- there is no strict flag: ``strict=True`` raises.

Calls arrive as ``function_call`` parts (``{"id"?, "name", "args"}``); results go back
as ONE ``Content`` (role ``user``) holding every ``function_response`` part
(``{"name", "response": {"output"} | {"error"}, "id"?}``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ..calls import ToolCall, fields, items, member
from ..jsonschema import Cut, Path, SchemaWalker, add_note, in_words, resolve
from . import SchemaFormat
from .base import Limits, Provider, StreamStep, WrittenTool

if TYPE_CHECKING:
    from ..calls import ToolResult
    from ..definition import ToolDefinition

RECURSION_DEPTH = 3


class GeminiSchema(SchemaWalker):
    """Canonical JSON Schema -> Gemini's OpenAPI subset (the rules in the module doc)."""

    provider = "Gemini"
    max_unroll = RECURSION_DEPTH
    FORMATS: ClassVar[frozenset[str]] = frozenset({"date-time", "enum", "int32", "int64", "float", "double"})
    KEEP: ClassVar[tuple[str, ...]] = (
        "description", "enum", "format", "minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "pattern", "minProperties", "maxProperties", "default",
    )
    WORDS: ClassVar[tuple[str, ...]] = ("exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "format")

    def __init__(self, schema: dict[str, Any], tool: str = "", keep: Optional[set[str]] = None) -> None:
        super().__init__(schema, tool, set() if keep is None else keep)

    def enter(self, node: dict[str, Any], path: Path) -> dict[str, Any]:
        if "allOf" in node and len(node["allOf"]) == 1:
            return self.enter({**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}, path)
        branches = node.get("anyOf") or node.get("oneOf") or node.get("allOf")
        if not branches:
            return node
        union: dict[str, Any] = {"anyOf": [b for b in branches if b.get("type") != "null"]}
        if any(b.get("type") == "null" for b in branches):
            union["nullable"] = True
        for key in ("description", "default"):
            if node.get(key) is not None:
                union[key] = node[key]
        return union

    def leave(self, node: dict[str, Any], original: dict[str, Any], path: Path) -> dict[str, Any]:
        if "anyOf" in node:  # a union, as enter() wrote it
            rest = node["anyOf"]
            if not rest:
                raise Cut()
            union: dict[str, Any] = dict(rest[0]) if len(rest) == 1 else {"anyOf": rest}
            for key in ("nullable", "default"):
                if key in node:
                    union[key] = node[key]
            if "description" in node:
                # the branch's own words (a restated format or bound) stay after the parameter's description
                inner = union.get("description")
                union["description"] = add_note(node["description"], inner) if inner and inner not in node["description"] else node["description"]
            return union
        t, nullable = self.single_type(node)
        description = node.get("description")
        out: dict[str, Any] = {}
        if "enum" in node:
            values = node["enum"]
            if not all(isinstance(v, str) for v in values):
                out["enum"] = [v if isinstance(v, str) else json.dumps(v) for v in values]
                t = "string"
            else:
                out["enum"] = list(values)
                t = t or "string"
        if t is None and not out:
            t = "string"
            description = self.restate(path, "type", None, description, "any JSON value, JSON-encoded")
        for key in self.WORDS:
            if key in node and not (key == "format" and node[key] in self.FORMATS) and node[key] is not False:
                description = self.restate(path, key, node[key], description, in_words(key, node[key]))
        if t == "object":
            props = node.get("properties") or {}
            if not props:
                value = original.get("additionalProperties")
                what = "a JSON object"
                if isinstance(value, dict) and value:
                    what = f"a JSON object mapping strings to {value.get('type', 'value')} values"
                t = "string"
                description = self.restate(path, "additionalProperties", value, description, f"{what}, JSON-encoded as a string")
            else:
                out["properties"] = dict(props)
                if node.get("required"):
                    out["required"] = list(node["required"])
        if t == "array":
            item_schema = node.get("items")
            if item_schema is None and "prefixItems" in node:
                description = self.restate(path, "prefixItems", len(node["prefixItems"]), description, f"exactly {len(node['prefixItems'])} items")
                prefix = node["prefixItems"]
                item_schema = {"anyOf": prefix} if len(prefix) > 1 else prefix[0]
            if item_schema is None:
                item_schema = self.visit({}, (*path, "items"), ())
            out["items"] = item_schema
        for key in self.KEEP:
            if key in node and key not in out:
                if key == "format" and node[key] not in self.FORMATS:
                    continue
                if key == "default" and node[key] is None:
                    continue
                out[key] = node[key]
        if t == "string" and "default" in out and not isinstance(out["default"], (str, type(None))):
            out.pop("default")
        out.pop("description", None)
        result: dict[str, Any] = {"type": (t or "string").upper(), **out}
        if description:
            result["description"] = description
        if nullable:
            result["nullable"] = True
        return result

    @staticmethod
    def single_type(node: dict[str, Any]) -> tuple[Optional[str], bool]:
        t = node.get("type")
        nullable = False
        if isinstance(t, list):
            nullable = "null" in t
            rest = [x for x in t if x != "null"]
            t = rest[0] if len(rest) == 1 else None
        if t == "null":
            return None, True
        return t, nullable


class GeminiJSONSchema(SchemaWalker):
    """Canonical JSON Schema -> what ``GenerateContentConfig.response_json_schema`` takes.

    Its docstring (google-genai ``types.py``): "only the following properties are
    supported: ``$id``, ``$defs``, ``$ref``, ``$anchor``, ``type``, ``format``, ``title``,
    ``description``, ``enum`` (for strings and numbers), ``items``, ``prefixItems``,
    ``minItems``, ``maxItems``, ``minimum``, ``maximum``, ``anyOf``, ``oneOf`` (interpreted
    the same as ``anyOf``), ``properties``, ``additionalProperties``, ``required``" and "If
    ``$ref`` is set on a sub-schema, no other properties ... may be set". So: recursive
    definitions stay ``$ref``s (inlined one level where the reference has siblings); other
    keywords are restated in the description (dispatch still enforces them); an enum of
    booleans or nulls is restated too.
    """

    provider = "Gemini response_json_schema"
    KEEP: ClassVar[frozenset[str]] = frozenset(
        {"$id", "$defs", "$ref", "$anchor", "type", "format", "title", "description", "enum", "items", "prefixItems",
         "minItems", "maxItems", "minimum", "maximum", "anyOf", "oneOf", "properties", "additionalProperties", "required"}
    )
    WORDS: ClassVar[tuple[str, ...]] = (
        "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "uniqueItems", "minProperties", "maxProperties", "default",
    )

    def inline_ref_with_siblings(self) -> bool:
        return True

    def leave(self, node: dict[str, Any], original: dict[str, Any], path: Path) -> dict[str, Any]:
        out: dict[str, Any] = {}
        description = node.get("description")
        for key, value in node.items():
            if key == "description":
                continue
            if key == "enum" and not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value):
                words = "one of " + ", ".join(json.dumps(v) for v in value)
                description = self.restate(path, key, value, description, words)
                continue
            if key in self.KEEP:
                out[key] = value
            elif key in self.WORDS:
                if value is not False and value is not None:
                    description = self.restate(path, key, value, description, in_words(key, json.dumps(value)))
            else:
                self.drop(path, key, value)
        if description:
            out["description"] = description
        return out


def to_gemini_schema(parameters: dict[str, Any]) -> dict[str, Any]:
    """Convert a canonical JSON Schema to Gemini's OpenAPI subset (pure)."""
    return GeminiSchema(parameters).walk()


def restore_arguments(args: Any, schema: dict[str, Any], defs: Optional[dict[str, Any]] = None) -> Any:
    """Undo `GeminiSchema`'s conversions on arguments a Gemini model sent, guided
    by the canonical schema: stringified enum values back to their JSON values,
    JSON-encoded free-form objects back to objects, a JSON-encoded value of an
    ``Any`` parameter back to the value (a string that is not JSON stays a string). Iterative over the arguments'
    depth only as far as the schema goes (the caller bounds the arguments' depth)."""
    if isinstance(args, str) and type(args) is not str:
        return args  # a str subclass (not from JSON) could make comparisons raise: left to validation
    if defs is None:
        defs = schema.get("$defs", {})
    if not _changes(schema, defs):
        return args
    schema = resolve(schema, defs)
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key, ()):
            if isinstance(branch, dict) and branch.get("type") != "null":
                restored = restore_arguments(args, branch, defs)
                if restored is not args:
                    return restored
    if isinstance(args, str):
        if not set(schema) - {"description", "default", "examples"}:
            # any JSON value: GeminiSchema asked for it JSON-encoded ("any JSON value, JSON-encoded")
            try:
                return json.loads(args)
            except ValueError:
                return args
        if "enum" in schema and args not in schema["enum"]:
            for v in schema["enum"]:
                if not isinstance(v, str) and json.dumps(v) == args:
                    return v
        if schema.get("type") == "object" and not schema.get("properties"):
            try:
                decoded = json.loads(args)
            except ValueError:
                return args
            return decoded if isinstance(decoded, dict) else args
        return args
    if isinstance(args, dict) and schema.get("properties"):
        props = schema["properties"]
        out = dict(args)
        for k, v in args.items():
            if k in props:
                out[k] = restore_arguments(v, props[k], defs)
        return out
    if isinstance(args, list) and isinstance(schema.get("items"), dict):
        return [restore_arguments(v, schema["items"], defs) for v in args]
    return args


def changes_arguments(schema: dict[str, Any], defs: Optional[dict[str, Any]] = None, seen: Optional[set[str]] = None) -> bool:
    """Whether `restore_arguments` can change anything for arguments of ``schema``:
    it has a node that accepts any JSON value, an enum with a value that is not a string,
    or a free-form object (the nodes `GeminiSchema` asks to be sent as strings)."""
    if defs is None:
        defs = schema.get("$defs", {})
    seen = set() if seen is None else seen
    ref = schema.get("$ref")
    if isinstance(ref, str):
        name = ref.rsplit("/", 1)[-1]
        if name in seen:
            return False
        seen.add(name)
    schema = resolve(schema, defs)
    if not set(schema) - {"description", "default", "examples"}:
        return True
    if any(not isinstance(v, str) for v in schema.get("enum", ())):
        return True
    if schema.get("type") == "object" and not schema.get("properties"):
        return True
    branches = [b for key in ("anyOf", "oneOf") for b in schema.get(key, ()) if isinstance(b, dict) and b.get("type") != "null"]
    children = [*branches, *(schema.get("properties") or {}).values()]
    if isinstance(schema.get("items"), dict):
        children.append(schema["items"])
    return any(changes_arguments(child, defs, seen) for child in children if isinstance(child, dict))


_CHANGED: dict[int, tuple[dict[str, Any], bool]] = {}
"""id(schema node) -> (the node, kept alive so that its id stays its own; changes_arguments of it)."""


def _changes(schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    """`changes_arguments` of a node of a tool's (frozen, long-lived) schema, remembered."""
    hit = _CHANGED.get(id(schema))
    if hit is not None and hit[0] is schema:
        return hit[1]
    if len(_CHANGED) > 50_000:
        _CHANGED.clear()
    result = changes_arguments(schema, defs)
    _CHANGED[id(schema)] = (schema, result)
    return result


class FromOpenAPI(SchemaWalker):
    """Gemini's OpenAPI-subset schema (``"type": "STRING"``, ``nullable``) read as JSON
    Schema, for linting declarations written by hand."""

    provider = "Gemini"

    def enter(self, node: dict[str, Any], path: Path) -> dict[str, Any]:
        kind = node.get("type")
        if not isinstance(kind, str) and "nullable" not in node:
            return node
        out = {k: v for k, v in node.items() if k != "nullable"}
        if isinstance(kind, str):
            out["type"] = kind.lower()
            if node.get("nullable") is True:
                out["type"] = [kind.lower(), "null"]
        return out


# google-genai ``FunctionDeclaration`` fields, and the keys of ``Tool`` that are not
# function declarations (tools Google runs).
DECLARATION_KEYS = frozenset({
    "name", "description", "parameters", "parameters_json_schema", "parametersJsonSchema", "response",
    "response_json_schema", "responseJsonSchema", "behavior",
})
BUILT_IN_KEYS = frozenset({
    "google_search", "googleSearch", "google_search_retrieval", "googleSearchRetrieval", "code_execution", "codeExecution",
    "url_context", "urlContext", "retrieval", "computer_use", "computerUse", "google_maps", "googleMaps", "file_search",
    "fileSearch", "enterprise_web_search", "enterpriseWebSearch", "mcp_servers", "mcpServers",
})


class Gemini(Provider):
    format = SchemaFormat.GEMINI
    label = "Gemini"
    name_pattern = r"^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$"
    name_rule = "1-64 characters starting with a letter or '_', then letters, digits, '_', '.', ':' or '-'"
    limits = Limits(max_tools=512)  # the API's error: "At most 512 function declarations can be specified."
    plain_walker = GeminiSchema

    def tool(self, definition: ToolDefinition, strict: Optional[bool], *, json_schema: bool = False, output_schema: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = self.named(definition)
        if json_schema:
            # FunctionDeclaration.parameters_json_schema: JSON Schema ($defs, anyOf, formats
            # kept), mutually exclusive with the OpenAPI-subset ``parameters``
            out["parameters_json_schema"] = self.object_root(definition, GeminiJSONSchema(definition.parameters, definition.name).walk())
        else:
            schema = self.parameters(definition, bool(strict))
            if definition.parameters.get("properties"):
                out["parameters"] = schema
        returns = self.output_schema(definition, output_schema)
        if returns is not None:
            # FunctionDeclaration.response_json_schema: the function's output, in JSON Schema
            out["response_json_schema"] = GeminiJSONSchema(returns, definition.name).walk()
        return out

    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        if not required:
            return {"function_calling_config": {"mode": "AUTO"}}
        return {"function_calling_config": {"mode": "ANY", "allowed_function_names": list(names)}}

    def allowed_tool_choice(self, names: Sequence[str], required: bool) -> Optional[Any]:
        # FunctionCallingConfig: allowed_function_names is honoured in ANY and VALIDATED
        # modes only, so narrowing without forcing a call is VALIDATED
        return {"function_calling_config": {"mode": "ANY" if required else "VALIDATED", "allowed_function_names": list(names)}}

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        return {"tools": [{"function_declarations": tools}], "tool_config": choice}

    def read_tools(self, item: dict[str, Any]) -> Optional[list[WrittenTool]]:
        for key in ("function_declarations", "functionDeclarations"):  # a Tool
            declarations = item.get(key)
            if isinstance(declarations, list):
                return self.nested(key, declarations, empty_ok=False)
        if item and set(item) <= BUILT_IN_KEYS:
            return []
        if not item or not set(item) <= DECLARATION_KEYS:
            return None
        for key in ("parameters_json_schema", "parametersJsonSchema"):
            if key in item:
                return self.written(item, (), (key,))
        tools = self.written(item, (), ("parameters",))
        if tools:
            tool = tools[0]
            tools = [replace(tool, parameters=FromOpenAPI(tool.parameters, tool.name).walk())]
        return tools

    def listed_tools(self, body: dict[str, Any]) -> Optional[tuple[tuple[str, ...], list[Any]]]:
        config = body.get("config")  # generate_content(model=, contents=, config={"tools": [...]})
        if isinstance(config, dict) and isinstance(config.get("tools"), list):
            return ("config", "tools"), config["tools"]
        return super().listed_tools(body)

    def read_call(self, obj: Any) -> Optional[ToolCall]:
        call = obj if type(obj) is dict else fields(obj)
        if call is None:
            return None
        if call.get("name") is None:
            for key in ("function_call", "functionCall"):  # a Part holding the call
                if call.get(key) is not None:
                    inner = fields(call[key]) or {}
                    return ToolCall.read(inner.get("name"), inner.get("args"), inner.get("id"), self.format, obj)
        if call.get("args") is not None and call.get("arguments") is None:
            return ToolCall.read(call.get("name"), call.get("args"), call.get("id"), self.format, obj)
        return None

    def response_items(self, response: Any) -> Optional[list[Any]]:
        candidates = member(response, "candidates")
        if isinstance(candidates, (list, tuple)):
            if not candidates:
                return []
            response = member(candidates[0], "content")
        parts = member(response, "parts")
        if isinstance(parts, (list, tuple)):
            return items(parts)
        return None

    def text(self, response: Any) -> Optional[str]:
        found = self.response_items(response) or []
        texts = [member(p, "text") for p in found if not member(p, "thought")]
        strings = [t for t in texts if isinstance(t, str)]
        return "".join(strings) if strings else None

    def restores_arguments(self, parameters: dict[str, Any]) -> bool:
        return changes_arguments(parameters)

    def restore_arguments(self, arguments: dict[str, Any], parameters: dict[str, Any]) -> dict[str, Any]:
        restored: dict[str, Any] = restore_arguments(arguments, parameters)
        return restored

    def stream_steps(self, event: Any) -> Optional[list[StreamStep]]:
        """Streamed ``GenerateContentResponse`` chunks: a ``function_call`` part is a whole
        call, unless it streams its arguments (Vertex only): then ``partial_args`` carry
        typed values addressed by JSON path (``$.a.b[0]``), a string continued across
        pieces while its ``will_continue`` is true, and the call goes on while the
        call's own ``will_continue`` is true (continuation chunks carry no name or id)."""
        chunk = fields(event)
        if chunk is None or chunk.get("candidates") is None:
            return None
        steps: list[StreamStep] = []
        for candidate in items(chunk.get("candidates")):
            content = fields((fields(candidate) or {}).get("content")) or {}
            for part in items(content.get("parts")):
                p = fields(part) or {}
                if isinstance(p.get("text"), str) and not p.get("thought"):
                    steps.append(("text", None, None, None, p["text"]))
                call = fields(p.get("function_call"))
                if call is None:
                    continue
                pieces = items(call.get("partial_args"))
                if not pieces and not call.get("will_continue") and call.get("name") is not None:  # a whole call
                    steps.append(("whole", None, call.get("id"), call.get("name"), call.get("args") or {}))
                    continue
                if call.get("name") is not None or call.get("id") is not None:
                    steps.append(("start", "partial", call.get("id"), call.get("name"), None))
                for piece in pieces:
                    arg = fields(piece) or {}
                    value: Any = None
                    for key in ("string_value", "number_value", "bool_value"):
                        if arg.get(key) is not None:
                            value = arg[key]
                            break
                    steps.append(("set", "partial", None, None, (arg.get("json_path"), value, bool(arg.get("will_continue")))))
                if not call.get("will_continue"):
                    steps.append(("end", "partial", None, None, None))
        return steps

    def result_item(self, result: ToolResult) -> dict[str, Any]:
        response = {"error": result.message} if result.is_error else {"output": result.data}
        fr: dict[str, Any] = {"name": result.name, "response": response}
        if result.call_id:
            fr["id"] = result.call_id
        return {"function_response": fr}

    def result_messages(self, results: Sequence[ToolResult]) -> list[dict[str, Any]]:
        return [{"role": "user", "parts": [self.result_item(r) for r in results]}]

    def user_message(self, text: str) -> dict[str, Any]:
        return {"role": "user", "parts": [{"text": text}]}

    # structured output: the ``GenerateContentConfig`` fields ``response_mime_type=
    # "application/json"`` and ``response_json_schema`` (JSON Schema, `GeminiJSONSchema`;
    # no name, no strict flag). The answer is the text of the first candidate
    # (``GenerateContentResponse.text``); a blocked answer is a ``finish_reason`` among
    # ``REFUSALS`` or a ``prompt_feedback.block_reason``.
    native_strict = "plain"
    REFUSALS = frozenset({"SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION"})

    def native_schema(self, definition: ToolDefinition, strict: bool) -> dict[str, Any]:
        return self.object_root(definition, GeminiJSONSchema(definition.parameters, definition.name).walk())

    def native_output(self, schema: dict[str, Any], name: str, description: str, strict: bool) -> dict[str, Any]:
        if description and "description" not in schema:
            schema = {**schema, "description": description}
        return {"response_mime_type": "application/json", "response_json_schema": schema}

    def refusal(self, response: Any) -> Optional[str]:
        def name(value: Any) -> Optional[str]:
            value = getattr(value, "value", value)
            return value if isinstance(value, str) and value else None

        feedback = member(response, "prompt_feedback")
        blocked = name(member(feedback, "block_reason")) if feedback is not None else None
        if blocked:
            return blocked
        candidates = member(response, "candidates")
        if isinstance(candidates, (list, tuple)) and candidates:
            reason = name(member(candidates[0], "finish_reason"))
            if reason in self.REFUSALS:
                return reason
        return None


__all__ = ["RECURSION_DEPTH", "Gemini", "GeminiSchema", "restore_arguments", "to_gemini_schema"]
