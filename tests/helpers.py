"""Checks shared by the tests: JSON Schema meta-validation and the providers' rules."""

from __future__ import annotations

from typing import Any

import jsonschema

from tool2schema.providers.openai import OpenAIStrict

SUPPORTED_FORMATS = OpenAIStrict.SUPPORTED_FORMATS


def check_draft2020(schema: dict[str, Any]) -> None:
    """Raise if ``schema`` is not a valid Draft 2020-12 JSON Schema."""
    jsonschema.Draft202012Validator.check_schema(schema)


def validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def walk(schema: Any, path: str = "") -> Any:
    """Yield (path, node) for every schema node (dict) below ``schema``."""
    if isinstance(schema, dict):
        yield path, schema
        for key in ("items", "additionalProperties", "not"):
            if isinstance(schema.get(key), dict):
                yield from walk(schema[key], f"{path}/{key}")
        for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            for i, sub in enumerate(schema.get(key, []) or []):
                yield from walk(sub, f"{path}/{key}/{i}")
        for key in ("properties", "$defs"):
            for name, sub in (schema.get(key) or {}).items():
                yield from walk(sub, f"{path}/{key}/{name}")


STRICT_KEYS = {
    "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf",
    "$ref", "$defs", "description", "title", "pattern", "format", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
}


def strict_violations(schema: dict[str, Any]) -> list[str]:
    """Every way ``schema`` breaks OpenAI's documented strict-mode rules."""
    problems = []
    if schema.get("type") != "object" or "anyOf" in schema:
        problems.append("root must be a plain object")
    for path, node in walk(schema):
        for key in node:
            if key not in STRICT_KEYS:
                problems.append(f"{path}: unsupported keyword {key}")
        if "$ref" in node and len(node) > 1:
            problems.append(f"{path}: keywords beside $ref")
        if node.get("format") is not None and node["format"] not in SUPPORTED_FORMATS:
            problems.append(f"{path}: unsupported format {node['format']}")
        if node.get("type") == "object" or "properties" in node:
            if node.get("additionalProperties") is not False:
                problems.append(f"{path}: additionalProperties must be false")
            if sorted(node.get("required", [])) != sorted(node.get("properties", {})):
                problems.append(f"{path}: every property must be required")
        if not any(k in node for k in ("type", "anyOf", "$ref", "enum", "const")) and path != "":
            problems.append(f"{path}: no type")
    return problems


GEMINI_BANNED = {
    "$ref", "$defs", "const", "oneOf", "allOf", "prefixItems", "uniqueItems", "exclusiveMinimum",
    "exclusiveMaximum", "multipleOf", "additionalProperties", "title", "discriminator",
}


def gemini_violations(schema: dict[str, Any]) -> list[str]:
    """Every way ``schema`` breaks the Gemini rules of the formats issue."""
    problems = []
    for path, node in walk(schema):
        for key in node:
            if key in GEMINI_BANNED:
                problems.append(f"{path}: {key} is not supported")
        t = node.get("type")
        if isinstance(t, list):
            problems.append(f"{path}: type list")
        if "enum" in node and (t != "STRING" or not all(isinstance(v, str) for v in node["enum"])):
            problems.append(f"{path}: enum on a non-string")
        if t == "OBJECT" and not node.get("properties"):
            problems.append(f"{path}: object without properties")
    return problems
