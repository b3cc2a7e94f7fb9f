"""Walking a tool's parameters JSON Schema (Draft 2020-12) for the lint rules.

The walk visits every property at every object level with its dotted path (array
items add no segment), follows ``$ref`` into ``$defs`` and stops where a reference
is already being walked, so recursive types cannot loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Optional

Schema = dict[str, Any]

NUMERIC_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")


def resolve(schema: Any, defs: Schema) -> tuple[Schema, Optional[str]]:
    """``schema`` with a local ``$ref`` replaced by its target (sibling keywords kept)."""
    if not isinstance(schema, dict):
        return {}, None
    ref = schema.get("$ref")
    if not isinstance(ref, str):
        return schema, None
    target: Any = None
    for prefix in ("#/$defs/", "#/definitions/"):
        if ref.startswith(prefix):
            target = defs.get(ref[len(prefix) :])
    if not isinstance(target, dict):
        return {k: v for k, v in schema.items() if k != "$ref"}, ref
    merged = dict(target)
    merged.update((k, v) for k, v in schema.items() if k != "$ref")
    return merged, ref


def is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") == "null" or schema.get("const", 0) is None)


@dataclass
class View:
    """What one property accepts, seen through ``anyOf``/``oneOf``/``$ref`` wrappers."""

    schema: Schema
    """The property's own schema (as written)."""
    alternatives: list[Schema] = field(default_factory=list)
    """Every non-null alternative, references resolved."""
    leaves: list[Schema] = field(default_factory=list)
    """The alternatives, with arrays replaced by their items (recursively)."""
    nullable: bool = False

    description: str = ""
    """The property's description (its own, or its only alternative's)."""
    leaf_types: set[str] = field(default_factory=set)
    """The JSON types of the leaves (``"null"`` left out)."""

    def types(self) -> set[str]:
        """The JSON types of the leaves (arrays replaced by their items)."""
        return self.leaf_types

    def any_leaf_has(self, *keys: str) -> bool:
        return any(k in s for s in self.leaves for k in keys)


def types_of(s: Schema) -> set[str]:
    """The JSON types a schema node names (``type`` as a string or a list)."""
    t = s.get("type")
    if isinstance(t, str):
        return {t}
    if isinstance(t, list):
        return {x for x in t if isinstance(x, str)}
    return set()


def view(schema: Schema, defs: Schema) -> View:
    """The `View` of a property schema."""
    v = View(schema)
    seen: set[str] = set()

    def alts(s: Any) -> Iterator[Schema]:
        s, ref = resolve(s, defs)
        if ref is not None:
            if ref in seen:
                return
            seen.add(ref)
        branches = s.get("anyOf") or s.get("oneOf")
        if isinstance(branches, list) and branches:
            rest = {k: val for k, val in s.items() if k not in ("anyOf", "oneOf")}
            for b in branches:
                if is_null(b):
                    v.nullable = True
                    continue
                for inner in alts(b):
                    yield {**{k: val for k, val in rest.items() if k not in ("description", "default", "title")}, **inner}
            return
        if "null" in types_of(s):
            v.nullable = True
            if types_of(s) == {"null"}:
                return
        yield s

    v.alternatives = list(alts(schema))

    def leaves(s: Schema, depth: int) -> Iterator[Schema]:
        if "array" in types_of(s) and depth < 8:
            items = s.get("items")
            if isinstance(items, dict):
                for inner in alts(items):
                    yield from leaves(inner, depth + 1)
            for item in s.get("prefixItems") or ():
                for inner in alts(item):
                    yield from leaves(inner, depth + 1)
            return
        yield s

    v.leaves = [leaf for a in v.alternatives for leaf in leaves(a, 0)]
    own = schema.get("description")
    if isinstance(own, str) and own.strip():
        v.description = own
    elif len(v.alternatives) == 1 and isinstance(v.alternatives[0].get("description"), str):
        v.description = v.alternatives[0]["description"]
    for leaf in v.leaves:
        v.leaf_types |= types_of(leaf)
    v.leaf_types.discard("null")
    return v


@dataclass
class Prop:
    """One property met by the walk."""

    path: str
    name: str
    schema: Schema
    required: bool
    top_level: bool
    view: View
    at: tuple[Any, ...] = ()
    """Where its schema is written in the parameters schema (``("properties", "period",
    "properties", "end")``; under ``$defs`` for a referenced type)."""


def walk(parameters: Schema) -> Iterator[Prop]:
    """Every property of ``parameters`` at every object level, parents first."""
    defs = parameters.get("$defs") or parameters.get("definitions") or {}
    root, ref = resolve(parameters, defs)
    at: tuple[Any, ...] = ()
    if ref is not None and isinstance(parameters.get("properties"), dict) and not parameters["properties"]:
        root = {**resolve({"$ref": ref}, defs)[0]}
        at = _ref_at(ref)
    yield from _object(root, "", defs, frozenset({ref} if ref else ()), True, at)


def _ref_at(ref: str) -> tuple[Any, ...]:
    return tuple(ref[2:].split("/"))


def _object(obj: Schema, prefix: str, defs: Schema, stack: frozenset[str], top: bool, at: tuple[Any, ...]) -> Iterator[Prop]:
    props = obj.get("properties")
    if not isinstance(props, dict):
        return
    required = obj.get("required") or ()
    for name, schema in props.items():
        if not isinstance(schema, dict):
            continue
        path = f"{prefix}{name}"
        here = (*at, "properties", name)
        yield Prop(path, name, schema, name in required, top, view(schema, defs), here)
        yield from _descend(schema, path, defs, stack, 0, here)


def _descend(schema: Any, path: str, defs: Schema, stack: frozenset[str], depth: int, at: tuple[Any, ...]) -> Iterator[Prop]:
    if depth > 32:
        return
    s, ref = resolve(schema, defs)
    if ref is not None:
        if ref in stack:
            return
        stack = stack | {ref}
        at = _ref_at(ref)
    for key in ("anyOf", "oneOf", "allOf"):
        for index, branch in enumerate(s.get(key) or ()):
            yield from _descend(branch, path, defs, stack, depth + 1, (*at, key, index))
    if isinstance(s.get("properties"), dict):
        yield from _object(s, f"{path}.", defs, stack, False, at)
    items = s.get("items")
    if isinstance(items, dict):
        yield from _descend(items, path, defs, stack, depth + 1, (*at, "items"))
    for index, item in enumerate(s.get("prefixItems") or ()):
        yield from _descend(item, path, defs, stack, depth + 1, (*at, "prefixItems", index))
    extra = s.get("additionalProperties")
    if isinstance(extra, dict):
        yield from _descend(extra, path, defs, stack, depth + 1, (*at, "additionalProperties"))
