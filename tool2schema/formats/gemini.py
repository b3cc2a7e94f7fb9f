"""Google Gemini: a ``FunctionDeclaration`` whose ``parameters`` is the OpenAPI-3 subset
the Gemini API understands (and ``google.genai.types.Schema`` accepts).

Rules (ai.google.dev function calling + ``Schema`` reference):

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
- a tool without parameters has no ``parameters`` at all.
"""

from __future__ import annotations

import json
from typing import Any

from ..spec import ToolSpec
from .common import check_name

NAME_PATTERN = r"^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$"
RECURSION_DEPTH = 3
FORMATS = frozenset({"date-time", "enum", "int32", "int64", "float", "double"})
_KEEP = ("description", "enum", "format", "minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "pattern", "minProperties", "maxProperties", "default")
_WORDS = {
    "exclusiveMinimum": "greater than {}",
    "exclusiveMaximum": "less than {}",
    "multipleOf": "a multiple of {}",
    "uniqueItems": "items must be unique",
    "format": "format: {}",
}


class _Cut(Exception):
    """A recursive reference below RECURSION_DEPTH: its field is left out."""


def _note(desc: str | None, note: str) -> str:
    return f"{desc} ({note})" if desc else note[0].upper() + note[1:]


def _type(node: dict[str, Any]) -> tuple[str | None, bool]:
    t = node.get("type")
    nullable = False
    if isinstance(t, list):
        nullable = "null" in t
        rest = [x for x in t if x != "null"]
        t = rest[0] if len(rest) == 1 else None
    if t == "null":
        return None, True
    return t, nullable


def _convert(node: dict[str, Any], defs: dict[str, Any], stack: tuple[str, ...]) -> dict[str, Any]:
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if stack.count(name) >= RECURSION_DEPTH:
            raise _Cut(name)
        merged = {**defs[name], **{k: v for k, v in node.items() if k != "$ref"}}
        return _convert(merged, defs, (*stack, name))
    if "allOf" in node and len(node["allOf"]) == 1:
        merged = {**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}
        return _convert(merged, defs, stack)
    description = node.get("description")
    branches = node.get("anyOf") or node.get("oneOf") or node.get("allOf")
    if branches:
        nullable = any(b.get("type") == "null" for b in branches)
        rest = []
        for b in branches:
            if b.get("type") == "null":
                continue
            try:
                rest.append(_convert(b, defs, stack))
            except _Cut:
                continue
        if not rest:
            raise _Cut("")
        union: dict[str, Any] = dict(rest[0]) if len(rest) == 1 else {"anyOf": rest}
        if nullable:
            union["nullable"] = True
        for key in ("description", "default"):
            if node.get(key) is not None:
                union[key] = node[key]
        return union
    t, nullable = _type(node)
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
        description = _note(description, "any JSON value, JSON-encoded")
    for key, word in _WORDS.items():
        if key in node and not (key == "format" and node[key] in FORMATS) and node[key] is not False:
            description = _note(description, word.format(node[key]))
    if t == "object":
        props = node.get("properties") or {}
        if not props:
            value = node.get("additionalProperties")
            what = "a JSON object"
            if isinstance(value, dict) and value:
                inner = value.get("type", "value")
                what = f"a JSON object mapping strings to {inner} values"
            t = "string"
            description = _note(description, f"{what}, JSON-encoded as a string")
        else:
            converted: dict[str, Any] = {}
            required = list(node.get("required", ()))
            for pname, sub in props.items():
                try:
                    converted[pname] = _convert(sub, defs, stack)
                except _Cut:
                    if pname in required:
                        required.remove(pname)
            out["properties"] = converted
            if required:
                out["required"] = required
    if t == "array":
        items = node.get("items")
        if items is None and "prefixItems" in node:
            description = _note(description, f"exactly {len(node['prefixItems'])} items")
            items = {"anyOf": node["prefixItems"]} if len(node["prefixItems"]) > 1 else node["prefixItems"][0]
        out["items"] = _convert(items or {}, defs, stack)
    for key in _KEEP:
        if key in node and key not in out:
            if key == "format" and node[key] not in FORMATS:
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


def to_gemini_schema(parameters: dict[str, Any]) -> dict[str, Any]:
    """Convert a canonical JSON Schema to Gemini's OpenAPI subset (pure)."""
    defs = parameters.get("$defs", {})
    return _convert({k: v for k, v in parameters.items() if k != "$defs"}, defs, ())


def render(spec: ToolSpec, strict: bool) -> dict[str, Any]:
    check_name(spec, NAME_PATTERN, "Gemini")
    out: dict[str, Any] = {"name": spec.name}
    if spec.description:
        out["description"] = spec.description
    if spec.parameters.get("properties"):
        out["parameters"] = to_gemini_schema(spec.parameters)
    return out


def restore_arguments(args: Any, schema: dict[str, Any], defs: dict[str, Any] | None = None) -> Any:
    """Undo this module's conversions on arguments a Gemini model sent, guided by the
    canonical schema: stringified enum values back to their JSON values, JSON-encoded
    free-form objects back to objects."""
    if defs is None:
        defs = schema.get("$defs", {})
    if "$ref" in schema:
        schema = {**defs.get(schema["$ref"].rsplit("/", 1)[-1], {}), **{k: v for k, v in schema.items() if k != "$ref"}}
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key, ()):
            if branch.get("type") != "null":
                restored = restore_arguments(args, branch, defs)
                if restored is not args:
                    return restored
    if isinstance(args, str):
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
