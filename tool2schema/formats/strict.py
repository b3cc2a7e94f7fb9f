"""OpenAI strict mode (structured outputs) for function parameters.

The rules, from OpenAI's "Structured Outputs - supported schemas" guide:

- the root is an object (never ``anyOf``);
- every object sets ``additionalProperties: false`` and lists *all* its properties in
  ``required``; an optional field is expressed as a nullable one;
- supported keywords: ``type``, ``properties``, ``required``, ``additionalProperties``
  (false only), ``items``, ``enum``, ``const``, ``anyOf``, ``$ref``/``$defs``,
  ``description``, ``title``; strings: ``pattern`` and ``format`` (date-time, time,
  date, duration, email, hostname, ipv4, ipv6, uuid); numbers: ``minimum``,
  ``maximum``, ``exclusiveMinimum``, ``exclusiveMaximum``, ``multipleOf``; arrays:
  ``minItems``, ``maxItems``;
- at most 5000 object properties and 10 levels of object nesting.

What the rules do not allow is not dropped silently: a ``default`` is moved into the
description (and a model that sends ``null`` gets the default at dispatch), an
unsupported constraint is written into the description (dispatch still enforces it).
A type that cannot be made strict at all — a free-form ``dict[str, T]``, ``Any``, a
fixed-length ``tuple`` — raises ``SchemaFormatError`` naming the parameter and the fix.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import SchemaFormatError
from ..jsonschema import describe_path

SUPPORTED_FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"})
MAX_PROPERTIES = 5000
MAX_DEPTH = 10

# unsupported keyword -> how to say it in a description
_FOLDED = {
    "minLength": "at least {} characters",
    "maxLength": "at most {} characters",
    "uniqueItems": "items must be unique",
    "minProperties": "at least {} entries",
    "maxProperties": "at most {} entries",
    "format": "format: {}",
}
_DROPPED = ("default", "examples", "readOnly", "writeOnly", "deprecated", "$schema", "$id", "$comment", "contentEncoding", "contentMediaType")


def _append(description: str | None, note: str) -> str:
    if not description:
        return note[0].upper() + note[1:] if note else ""
    return f"{description} ({note})"


def _fail(tool: str, path: tuple[str, ...], problem: str, fix: str) -> SchemaFormatError:
    return SchemaFormatError(
        f"tool {tool!r}, parameter {describe_path(path)}: {problem}, which OpenAI strict mode "
        f"cannot express. {fix}, or use strict=False for this tool."
    )


def _is_nullable(schema: dict[str, Any]) -> bool:
    t = schema.get("type")
    if t == "null" or (isinstance(t, list) and "null" in t):
        return True
    return any(isinstance(s, dict) and _is_nullable(s) for s in schema.get("anyOf", ()))


def make_nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or null; a description stays on the outside."""
    if _is_nullable(schema):
        return schema
    if "anyOf" in schema:
        return {**schema, "anyOf": [*schema["anyOf"], {"type": "null"}]}
    inner = {k: v for k, v in schema.items() if k != "description"}
    out: dict[str, Any] = {"anyOf": [inner, {"type": "null"}]}
    if "description" in schema:
        out["description"] = schema["description"]
    return out


def _strict(node: dict[str, Any], tool: str, path: tuple[str, ...], defs: dict[str, Any], depth: int, counter: list[int]) -> dict[str, Any]:
    if "$ref" in node:
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        if not siblings:
            return node
        # OpenAI does not allow keywords beside $ref: inline the definition one level
        target = defs.get(node["$ref"].rsplit("/", 1)[-1], {})
        return _strict({**target, **siblings}, tool, path, defs, depth, counter)
    if not node or set(node) <= {"description"}:
        raise _fail(tool, path, "it accepts any JSON value", "Give it a concrete type")
    out: dict[str, Any] = {}
    description = node.get("description")
    for key, value in node.items():
        if key in _DROPPED or key == "description":
            continue
        if key in _FOLDED:
            if key == "format" and value in SUPPORTED_FORMATS:
                out[key] = value
                continue
            if key == "uniqueItems" and not value:
                continue
            description = _append(description, _FOLDED[key].format(value))
            continue
        if key in ("prefixItems",):
            raise _fail(tool, path, "it is a fixed-length tuple", "Use a list or a small model with named fields")
        if key in ("allOf", "not", "if", "then", "else", "patternProperties", "dependentSchemas", "dependentRequired", "propertyNames", "contains", "unevaluatedProperties"):
            raise _fail(tool, path, f"it uses '{key}'", "Simplify the type")
        if key in ("anyOf", "oneOf"):
            out["anyOf"] = [_strict(s, tool, (*path, "anyOf", str(i)), defs, depth, counter) for i, s in enumerate(value)]
            continue
        if key == "items":
            if value is False:
                raise _fail(tool, path, "it is a fixed-length tuple", "Use a list or a small model with named fields")
            out["items"] = _strict(value, tool, (*path, "items"), defs, depth, counter)
            continue
        if key == "properties":
            continue
        if key == "additionalProperties":
            continue
        if key == "required":
            continue
        out[key] = value
    is_object = node.get("type") == "object" or "properties" in node
    if is_object:
        props: dict[str, Any] = node.get("properties") or {}
        extra: Any = node.get("additionalProperties")
        if extra is True or isinstance(extra, dict) or ("properties" not in node and extra is not False):
            raise _fail(
                tool,
                path,
                "it is a free-form mapping (dict)",
                "Use a Pydantic model with named fields, or a list of key/value models",
            )
        if depth >= MAX_DEPTH:
            raise _fail(tool, path, f"it nests objects deeper than {MAX_DEPTH} levels", "Flatten the arguments")
        counter[0] += len(props)
        if counter[0] > MAX_PROPERTIES:
            raise _fail(tool, path, f"the tool has more than {MAX_PROPERTIES} properties", "Split the tool")
        required = set(node.get("required", ()))
        new_props: dict[str, Any] = {}
        for name, sub in props.items():
            sub_path = (*path, "properties", name)
            converted = _strict(sub, tool, sub_path, defs, depth + 1, counter)
            if name not in required:
                if "default" in sub and sub["default"] is not None:
                    note = f"default: {json.dumps(sub['default'], ensure_ascii=False)}; send null to use it"
                    converted = {**converted, "description": _append(converted.get("description"), note)}
                converted = make_nullable(converted)
            new_props[name] = converted
        out["type"] = "object"
        out["properties"] = new_props
        out["required"] = list(new_props)
        out["additionalProperties"] = False
    if description:
        out["description"] = description
    return out


def to_strict(parameters: dict[str, Any], tool: str) -> dict[str, Any]:
    """The OpenAI strict-mode version of a canonical ``parameters`` schema (pure)."""
    defs = parameters.get("$defs", {})
    counter = [0]
    body = {k: v for k, v in parameters.items() if k != "$defs"}
    out = _strict(body, tool, (), defs, 0, counter)
    if defs:
        out["$defs"] = {name: _strict(d, tool, ("$defs", name), defs, 1, counter) for name, d in defs.items()}
    return out
