"""Pydantic model -> a clean, self-contained JSON Schema (Draft 2020-12).

The canonical schema every provider format starts from: no ``title`` noise, nested
definitions inlined (``$defs`` kept only for recursive types), descriptions dedented,
``const`` written as a one-value ``enum``, Pydantic's OpenAPI-only ``discriminator``
dropped (each branch keeps its tag). Also: a generic walker over sub-schemas, and
read-only containers for cached schemas.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Iterator

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue

# Keywords whose value is a schema, a list of schemas, or a name -> schema map.
SCHEMA_KEYS = ("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else")
SCHEMA_LIST_KEYS = ("anyOf", "oneOf", "allOf", "prefixItems")
SCHEMA_MAP_KEYS = ("properties", "$defs", "patternProperties", "dependentSchemas")


class _Generator(GenerateJsonSchema):
    """Pydantic's generator without key sorting or per-field titles (both dropped anyway)."""

    def sort(self, value: JsonSchemaValue, parent_key: str | None = None) -> JsonSchemaValue:
        return value

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def encode_default(self, dft: Any) -> Any:
        # JSON values need no TypeAdapter round trip (which costs a schema build per default)
        if dft is None or type(dft) in (str, int, float, bool):
            return dft
        if type(dft) in (list, dict) and _plain_json(dft):
            return dft
        return super().encode_default(dft)


def _plain_json(value: Any) -> bool:
    if value is None or type(value) in (str, int, float, bool):
        return True
    if type(value) is list:
        return all(_plain_json(v) for v in value)
    if type(value) is dict:
        return all(type(k) is str and _plain_json(v) for k, v in value.items())
    return False


def children(schema: dict[str, Any]) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """Yield (keyword, key-or-index, sub-schema) for every direct sub-schema."""
    for key in SCHEMA_KEYS:
        sub = schema.get(key)
        if isinstance(sub, dict):
            yield key, None, sub
    for key in SCHEMA_LIST_KEYS:
        subs = schema.get(key)
        if isinstance(subs, list):
            for i, sub in enumerate(subs):
                if isinstance(sub, dict):
                    yield key, i, sub
    for key in SCHEMA_MAP_KEYS:
        subs = schema.get(key)
        if isinstance(subs, dict):
            for name, sub in subs.items():
                if isinstance(sub, dict):
                    yield key, name, sub


def transform(schema: dict[str, Any], fn: Callable[[dict[str, Any], tuple[str, ...]], dict[str, Any]], path: tuple[str, ...] = ()) -> dict[str, Any]:
    """Rebuild ``schema`` bottom-up: ``fn(node, path)`` sees every sub-schema after its
    children were rebuilt and returns the replacement. ``path`` names the location
    (``("properties", "x", "items")``) for error messages. Pure: the input is not mutated."""
    out = dict(schema)
    for key in SCHEMA_KEYS:
        sub = out.get(key)
        if isinstance(sub, dict):
            out[key] = transform(sub, fn, (*path, key))
    for key in SCHEMA_LIST_KEYS:
        subs = out.get(key)
        if isinstance(subs, list):
            out[key] = [transform(s, fn, (*path, key, str(i))) if isinstance(s, dict) else s for i, s in enumerate(subs)]
    for key in SCHEMA_MAP_KEYS:
        subs = out.get(key)
        if isinstance(subs, dict):
            out[key] = {n: transform(s, fn, (*path, key, n)) if isinstance(s, dict) else s for n, s in subs.items()}
    return fn(out, path)


def describe_path(path: tuple[str, ...]) -> str:
    """``("properties", "a", "items")`` -> ``a[]``; used in error messages."""
    out: list[str] = []
    it = iter(path)
    for key in it:
        if key == "properties":
            out.append(next(it, "?"))
        elif key == "items":
            out.append("[]")
        elif key == "additionalProperties":
            out.append("{}")
        elif key in SCHEMA_LIST_KEYS or key == "$defs":
            out.append(f"<{next(it, '?')}>")
    text = ""
    for part in out:
        text += part if part in ("[]", "{}") or part.startswith("<") or not text else "." + part
    return text or "(root)"


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _recursive_defs(defs: dict[str, Any]) -> set[str]:
    graph: dict[str, set[str]] = {}

    def refs(node: Any, acc: set[str]) -> set[str]:
        if isinstance(node, dict):
            if "$ref" in node:
                acc.add(_ref_name(node["$ref"]))
            for v in node.values():
                refs(v, acc)
        elif isinstance(node, list):
            for v in node:
                refs(v, acc)
        return acc

    for name, d in defs.items():
        graph[name] = refs(d, set())
    recursive = set()
    for start in graph:
        stack, seen = list(graph[start]), set()
        while stack:
            n = stack.pop()
            if n == start:
                recursive.add(start)
                break
            if n in seen or n not in graph:
                continue
            seen.add(n)
            stack.extend(graph[n])
    # anything reachable from a recursive def and referring back stays a def too
    return recursive


def _clean(node: Any, defs: dict[str, Any], keep: set[str], in_map: bool = False) -> Any:
    """Inline non-recursive refs, drop titles, normalise const/discriminator/allOf."""
    if isinstance(node, list):
        return [_clean(v, defs, keep) for v in node]
    if not isinstance(node, dict):
        return node
    if in_map:  # a name -> schema map: keys are names, not keywords
        return {k: _clean(v, defs, keep) for k, v in node.items()}
    if "$ref" in node and _ref_name(node["$ref"]) not in keep:
        target = defs[_ref_name(node["$ref"])]
        merged = dict(_clean(target, defs, keep))
        for k, v in node.items():
            if k != "$ref":
                merged[k] = _clean(v, defs, keep)
        return merged
    if "allOf" in node and len(node["allOf"]) == 1 and isinstance(node["allOf"][0], dict):
        merged = dict(_clean(node["allOf"][0], defs, keep))
        for k, v in node.items():
            if k != "allOf":
                merged[k] = _clean(v, defs, keep)
        return merged
    out: dict[str, Any] = {}
    for k, v in node.items():
        if k in ("title", "discriminator", "$defs"):
            continue
        if k == "const":
            out["enum"] = [v]
            continue
        if k == "description" and isinstance(v, str):
            out[k] = inspect.cleandoc(v)
            continue
        out[k] = _clean(v, defs, keep, in_map=k in SCHEMA_MAP_KEYS)
    return out


def _order_object(schema: dict[str, Any]) -> dict[str, Any]:
    first: dict[str, Any] = {k: schema[k] for k in ("type", "properties", "required") if k in schema}
    first.update((k, v) for k, v in schema.items() if k not in first)
    return first


def clean_schema(raw: dict[str, Any]) -> dict[str, Any]:
    """Make Pydantic's schema provider-friendly (see module doc)."""
    defs = raw.get("$defs", {})
    keep = _recursive_defs(defs)
    out: dict[str, Any] = _clean(raw, defs, keep)
    if keep:
        out["$defs"] = {name: _clean(defs[name], defs, keep) for name in sorted(keep)}
    return out


def json_schema_of(adapter: Any) -> dict[str, Any]:
    """Pydantic's JSON Schema of a ``TypeAdapter``, through the same generator."""
    result: dict[str, Any] = adapter.json_schema(schema_generator=_Generator)
    return result


def model_parameters_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The ``parameters`` object of a tool whose arguments are ``model``."""
    raw = model.model_json_schema(schema_generator=_Generator)
    schema = clean_schema(raw)
    schema.pop("description", None)
    schema["type"] = "object"
    schema.setdefault("properties", {})
    return _order_object(schema)


def type_schema(annotation: Any) -> dict[str, Any] | None:
    """A clean JSON Schema of any type (used for MCP output schemas), or None when
    Pydantic cannot describe it."""
    from pydantic import TypeAdapter

    try:
        raw = TypeAdapter(annotation).json_schema(schema_generator=_Generator)
    except Exception:  # noqa: BLE001 - an undescribable return type simply has no output schema
        return None
    return clean_schema(raw)



