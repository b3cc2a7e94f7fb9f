"""Checks shared by the tests: JSON Schema meta-validation and the providers' rules."""

from __future__ import annotations

import dataclasses
import functools
import re
import typing
from typing import Any, Optional

import jsonschema
from pydantic import BaseModel

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


# -- SDK TypedDicts (request params) ------------------------------------------------------


@functools.cache
def _adapter(annotation: Any) -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(annotation)


def _unwrap(annotation: Any) -> Any:
    """``Required[X]``, ``NotRequired[X]``, ``Annotated[X, ...]`` -> ``X``."""
    import typing

    import typing_extensions

    while typing.get_origin(annotation) in (typing_extensions.Required, typing_extensions.NotRequired, typing.Annotated, typing_extensions.ReadOnly):
        annotation = typing.get_args(annotation)[0]
    return annotation


def typed_dict_problems(annotation: Any, value: Any, path: str = "") -> list[str]:
    """Every key of ``value`` that the SDK's TypedDict ``annotation`` does not declare (at
    every level, through unions, lists and iterables), and every item of an iterable that
    does not validate (Pydantic validates ``Iterable[X]`` lazily, so it is checked here)."""
    import collections.abc
    import types
    import typing

    from pydantic import ValidationError
    from typing_extensions import is_typeddict

    annotation = _unwrap(annotation)
    origin = typing.get_origin(annotation)
    if is_typeddict(annotation):
        if not isinstance(value, dict):
            return [f"{path or '(root)'}: {type(value).__name__} is not a {annotation.__name__}"]
        hints = typing.get_type_hints(annotation)
        problems = [f"{path or '(root)'}: {annotation.__name__} has no key {k!r}" for k in value if k not in hints]
        for key, sub in value.items():
            if key in hints:
                problems += typed_dict_problems(hints[key], sub, f"{path}.{key}")
        return problems
    if origin in (typing.Union, types.UnionType):
        first: list[str] | None = None
        for arm in typing.get_args(annotation):
            try:
                _adapter(arm).validate_python(value)
            except ValidationError:
                continue
            problems = typed_dict_problems(arm, value, path)
            if not problems:
                return []
            first = first if first is not None else problems
        return first if first is not None else [f"{path or '(root)'}: matches no member of {annotation}"]
    if origin in (list, collections.abc.Iterable, collections.abc.Sequence) and isinstance(value, (list, tuple)):
        (item,) = typing.get_args(annotation) or (Any,)
        problems = []
        for i, sub in enumerate(value):
            try:
                _adapter(item).validate_python(sub)
            except ValidationError as exc:
                problems.append(f"{path}[{i}]: {exc.errors()[0]['msg']} at {exc.errors()[0]['loc']}")
                continue
            problems += typed_dict_problems(item, sub, f"{path}[{i}]")
        return problems
    return []


def check_typed_dict(annotation: Any, value: Any) -> None:
    """Validate ``value`` against an SDK TypedDict: Pydantic checks the types, and keys the
    TypedDict does not declare are refused at every nesting level (a TypedDict alone
    would accept them silently)."""
    _adapter(annotation).validate_python(value)
    problems = typed_dict_problems(annotation, value)
    assert not problems, "\n".join(problems)


# -- Claude / Bedrock strict subset --------------------------------------------------------

CLAUDE_FORMATS = {"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
CLAUDE_KEYS = {
    "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "allOf",
    "$ref", "$defs", "description", "title", "default", "pattern", "format", "minItems",
}
CLAUDE_BAD_PATTERN = re.compile(r"\\[1-9]|\(\?[=!<]|\\[bB]")


def _refs(node: Any) -> set[str]:
    found: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            if isinstance(n.get("$ref"), str):
                found.add(n["$ref"].rsplit("/", 1)[-1])
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return found


def claude_strict_violations(schema: dict[str, Any]) -> list[str]:
    """Every way ``schema`` breaks the strict subset of Anthropic ("Structured outputs -
    JSON Schema limitations") and Bedrock ("Get validated JSON results from models"):
    no minimum/maximum/multipleOf/minLength/maxLength, minItems only 0 or 1,
    additionalProperties false on every object, only the listed string formats,
    primitive enums, simple patterns, no recursion."""
    problems = []
    if schema.get("type") != "object" or {"anyOf", "oneOf", "allOf"} & set(schema):
        problems.append("root must be a plain object")
    for path, node in walk(schema):
        for key in node:
            if key not in CLAUDE_KEYS:
                problems.append(f"{path}: unsupported keyword {key}")
        if "minItems" in node and node["minItems"] not in (0, 1):
            problems.append(f"{path}: minItems {node['minItems']} (only 0 or 1)")
        if node.get("format") is not None and node["format"] not in CLAUDE_FORMATS:
            problems.append(f"{path}: unsupported format {node['format']}")
        if node.get("type") == "object" or "properties" in node:
            if node.get("additionalProperties") is not False:
                problems.append(f"{path}: additionalProperties must be false")
        if isinstance(node.get("enum"), list) and any(isinstance(v, (dict, list)) for v in node["enum"]):
            problems.append(f"{path}: enum with complex values")
        if isinstance(node.get("pattern"), str) and CLAUDE_BAD_PATTERN.search(node["pattern"]):
            problems.append(f"{path}: unsupported regex feature in {node['pattern']!r}")
        if not any(k in node for k in ("type", "anyOf", "allOf", "$ref", "enum", "const")):
            problems.append(f"{path or '(root)'}: no type")
    defs = schema.get("$defs") or {}
    for name in defs:
        todo, seen = list(_refs(defs[name])), set()
        while todo:
            ref = todo.pop()
            if ref == name:
                problems.append(f"$defs/{name}: recursive")
                break
            if ref not in seen and ref in defs:
                seen.add(ref)
                todo.extend(_refs(defs[ref]))
    return problems


def parameters_of(t: Any, fmt: str = "openai", strict: Optional[bool] = None) -> dict[str, Any]:
    """The parameters object of ``t`` rendered in ``fmt``, wherever that format keeps it."""
    out = t.to_json(fmt, strict=strict)
    if fmt == "openai":
        return out["function"]["parameters"]  # type: ignore[no-any-return]
    if fmt == "anthropic":
        return out["input_schema"]  # type: ignore[no-any-return]
    if fmt == "mcp":
        return out["inputSchema"]  # type: ignore[no-any-return]
    if fmt == "bedrock":
        return out["toolSpec"]["inputSchema"]["json"]  # type: ignore[no-any-return]
    return out["parameters"]  # type: ignore[no-any-return]


# -- an independent oracle for "nulls read as defaults" (dispatch itself repairs refused
# nulls from Pydantic's errors; this reads them off the model's fields instead) --------


def _nullable(annotation: Any) -> bool:
    from tool2schema.model import is_optional

    return is_optional(annotation)


def _fields(tp: Any) -> list[tuple[str, Any, bool]] | None:
    """(key, annotation, has_default) for a BaseModel or dataclass type, else None."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [(f.alias or n, f.annotation, not f.is_required()) for n, f in tp.model_fields.items()]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        try:
            hints = typing.get_type_hints(tp)
        except Exception:  # noqa: BLE001 - unresolvable hints: nothing to prune
            return None
        missing = dataclasses.MISSING
        return [(f.name, hints.get(f.name, Any), f.default is not missing or f.default_factory is not missing) for f in dataclasses.fields(tp)]
    return None


def _structured(annotation: Any) -> Any:
    """The model/dataclass inside ``annotation`` (through Optional, Annotated, list), or None."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _structured(typing.get_args(annotation)[0])
    if _fields(annotation) is not None:
        return annotation
    if origin is not None:
        for a in typing.get_args(annotation):
            m = _structured(a)
            if m is not None:
                return m
    return None


def prune_nulls(data: Any, model: Any) -> Any:
    """Drop ``null`` values of fields that have a default and do not accept ``None``
    (the model meant "use the default"), in ``model`` and its nested models/dataclasses."""
    fields = _fields(model)
    if not isinstance(data, dict) or fields is None:
        return data
    out = dict(data)
    for key, annotation, has_default in fields:
        if key not in out:
            continue
        value = out[key]
        if value is None:
            if has_default and not _nullable(annotation):
                del out[key]
            continue
        nested = _structured(annotation)
        if nested is not None:
            if isinstance(value, list):
                out[key] = [prune_nulls(v, nested) for v in value]
            else:
                out[key] = prune_nulls(value, nested)
    return out


def benchmark_module(name: str) -> Any:
    """``benchmarks/<name>.py`` imported as a module (the benchmarks are scripts, not a package)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
