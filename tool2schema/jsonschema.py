"""JSON Schema: Pydantic's schema made canonical, and the one walker every conversion uses.

The canonical schema every provider starts from (Draft 2020-12): no ``title`` noise,
nested definitions inlined (``$defs`` kept only for recursive types), descriptions
dedented, ``const`` written as a one-value ``enum``, Pydantic's OpenAPI-only
``discriminator`` dropped (each branch keeps its tag, and requires it: the validator does).

`SchemaWalker` is the only code that walks a schema: it owns ``$ref``/``$defs``
(keep, inline, or unroll recursion to a depth), the path of every node (for error
messages), cutting a node out of its parent, and the record of what a conversion
dropped or restated (``dropped``, which the linter reads). A provider subclasses it
and overrides `SchemaWalker.leave` (and, rarely, `SchemaWalker.enter`).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Optional, Sequence

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue

from .errors import SchemaFormatError

# Keywords whose value is a schema, a list of schemas, or a name -> schema map.
SCHEMA_KEYS = ("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else")
SCHEMA_LIST_KEYS = ("anyOf", "oneOf", "allOf", "prefixItems")
SCHEMA_MAP_KEYS = ("properties", "patternProperties", "dependentSchemas")

Path = tuple[str, ...]


class Cut(Exception):
    """Raised by a walker to leave a node out: its property, union branch or array
    item disappears from the parent (a property also from ``required``)."""


@dataclass(frozen=True)
class Dropped:
    """Something a conversion removed or only restated in a description."""

    path: str
    """The parameter, dotted (``period.end``); array items add no segment."""
    keyword: str
    """The JSON Schema keyword (``maxLength``) or construct (``recursion``)."""
    value: Any
    restated: bool
    """True when the description now says it in words; False when it is gone."""


def describe_path(path: Path) -> str:
    """``("properties", "a", "items", "properties", "b")`` -> ``a.b``; ``(root)`` for the top."""
    out: list[str] = []
    it = iter(path)
    for key in it:
        if key in SCHEMA_MAP_KEYS or key == "$defs":
            out.append(next(it, "?"))
        elif key in SCHEMA_LIST_KEYS:
            next(it, None)
    return ".".join(out) or "(root)"


def add_note(description: Optional[str], note: str) -> str:
    """``description (note)``, or the note capitalised when there is no description."""
    if not description:
        return note[0].upper() + note[1:] if note else ""
    return f"{description} ({note})"


RESTATED: dict[str, str] = {
    "minimum": "at least {}",
    "maximum": "at most {}",
    "exclusiveMinimum": "greater than {}",
    "exclusiveMaximum": "less than {}",
    "multipleOf": "a multiple of {}",
    "minLength": "at least {} characters",
    "maxLength": "at most {} characters",
    "pattern": "matching the pattern {}",
    "minItems": "at least {} items",
    "maxItems": "at most {} items",
    "uniqueItems": "items must be unique",
    "minProperties": "at least {} entries",
    "maxProperties": "at most {} entries",
    "format": "format: {}",
    "default": "default: {}",
}
"""How a description says a keyword a provider's schema cannot carry (one wording for all)."""


def in_words(keyword: str, shown: Any) -> str:
    """``keyword`` with its value ``shown`` as words (``maxLength``, 20 -> ``at most 20 characters``)."""
    return RESTATED.get(keyword, keyword + ": {}").format(shown)


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """``node`` with a local ``$ref`` replaced by its definition (siblings win)."""
    ref = node.get("$ref")
    if not isinstance(ref, str):
        return node
    return {**defs.get(ref_name(ref), {}), **{k: v for k, v in node.items() if k != "$ref"}}


def may_omit(schema: dict[str, Any], path: Sequence[Any]) -> bool:
    """Whether the value at ``path`` (object keys and array indexes into a value of
    ``schema``) is a property that the object holding it declares and does not require:
    a key the model may leave out. A key of a free-form mapping (``additionalProperties``)
    or an array item is not. Follows ``$ref`` and every ``anyOf``/``oneOf``/``allOf``
    branch (true when one branch allows it)."""
    if not path:
        return False
    defs = schema.get("$defs") or {}
    nodes = _branches([schema], defs)
    for step in path[:-1]:
        found: list[dict[str, Any]] = []
        for node in nodes:
            if isinstance(step, str):
                child = (node.get("properties") or {}).get(step, node.get("additionalProperties"))
            else:
                prefix = node.get("prefixItems")
                child = prefix[step] if isinstance(prefix, list) and step < len(prefix) else node.get("items")
            if isinstance(child, dict):
                found.append(child)
        nodes = _branches(found, defs)
    key = path[-1]
    return any(
        isinstance(node.get("properties"), dict) and key in node["properties"] and key not in (node.get("required") or ())
        for node in nodes
    )


def _branches(nodes: list[dict[str, Any]], defs: dict[str, Any]) -> list[dict[str, Any]]:
    """``nodes`` with each ``$ref`` resolved and each ``anyOf``/``oneOf``/``allOf`` branch
    added (each definition expanded once)."""
    out: list[dict[str, Any]] = []
    todo = list(nodes)
    seen: set[int] = set()
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        ref = node.get("$ref")
        if isinstance(ref, str) and isinstance(defs.get(ref_name(ref)), dict):
            todo.append(defs[ref_name(ref)])
        out.append(node)
        for key in ("anyOf", "oneOf", "allOf"):
            todo.extend(b for b in node.get(key) or () if isinstance(b, dict))
    return out


class SchemaWalker:
    """One bottom-up walk over a JSON Schema.

    ``walk()`` rebuilds the schema (the input is never mutated): for every node it calls
    `enter` (top-down, may rewrite the node before its children are walked), walks
    the sub-schemas, then `leave` (bottom-up, sees the rebuilt children and the
    original node). Either may raise `Cut` to remove the node from its parent or
    return an error from `fail`.

    ``$ref``: a definition named in ``keep`` stays a reference (and ``$defs`` keeps it,
    walked once); any other reference is inlined, merged with its sibling keywords. A
    definition may be inlined ``max_unroll`` times along one path; one level more is a
    recursion: `recursion` decides (cut by default).
    """

    provider: ClassVar[str] = ""
    """Named in error messages (``"OpenAI strict mode"``)."""
    max_unroll: ClassVar[int] = 1

    def __init__(self, schema: dict[str, Any], tool: str = "", keep: Optional[set[str]] = None) -> None:
        self.schema = schema
        self.tool = tool
        self.defs: dict[str, Any] = schema.get("$defs") or {}
        self.keep: set[str] = set(self.defs) if keep is None else keep
        self.dropped: list[Dropped] = []

    # -- the walk -------------------------------------------------------------------
    def walk(self) -> dict[str, Any]:
        body = {k: v for k, v in self.schema.items() if k != "$defs"}
        out = self.visit(body, (), ())
        kept = {name: self.visit(self.defs[name], ("$defs", name), (name,)) for name in sorted(self.keep) if name in self.defs}
        if kept:
            out["$defs"] = kept
        return out

    def visit(self, node: dict[str, Any], path: Path, stack: tuple[str, ...]) -> dict[str, Any]:
        if "$ref" in node:
            return self.reference(node, path, stack)
        node = self.enter(node, path)
        out = dict(node)
        for key in SCHEMA_KEYS:
            sub = out.get(key)
            if isinstance(sub, dict):
                out[key] = self.visit(sub, (*path, key), stack)
        for key in SCHEMA_LIST_KEYS:
            subs = out.get(key)
            if isinstance(subs, list):
                kept: list[Any] = []
                for i, s in enumerate(subs):
                    if not isinstance(s, dict):
                        kept.append(s)
                        continue
                    try:
                        kept.append(self.visit(s, (*path, key, str(i)), stack))
                    except Cut:
                        continue
                if not kept and subs:
                    raise Cut()
                out[key] = kept
        for key in SCHEMA_MAP_KEYS:
            subs = out.get(key)
            if isinstance(subs, dict):
                new: dict[str, Any] = {}
                for name, s in subs.items():
                    if not isinstance(s, dict):
                        new[name] = s
                        continue
                    try:
                        new[name] = self.visit(s, (*path, key, name), stack)
                    except Cut:
                        if key == "properties" and name in (out.get("required") or ()):
                            out["required"] = [r for r in out["required"] if r != name]
                out[key] = new
        return self.leave(out, node, path)

    def reference(self, node: dict[str, Any], path: Path, stack: tuple[str, ...]) -> dict[str, Any]:
        """A ``$ref`` node: kept, inlined, or a recursion (see the class doc)."""
        name = ref_name(node["$ref"])
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        if name in self.keep and not (siblings and self.inline_ref_with_siblings()):
            if not siblings:
                return dict(node)
            walked = self.visit(siblings, path, stack) if siblings else {}
            return {"$ref": node["$ref"], **walked}
        target = self.defs.get(name)
        if target is None:
            raise self.fail(path, f"it refers to an undefined schema {node['$ref']!r}", "Give the type a definition")
        if stack.count(name) >= self.max_unroll:
            return self.recursion(name, path)
        return self.visit({**target, **siblings}, path, (*stack, name))

    def inline_ref_with_siblings(self) -> bool:
        """Whether a kept ``$ref`` that has sibling keywords is inlined one level instead."""
        return False

    def recursion(self, name: str, path: Path) -> dict[str, Any]:
        """A recursive type unrolled ``max_unroll`` times: cut the field here (recorded)."""
        self.dropped.append(Dropped(describe_path(path), "recursion", name, False))
        raise Cut()

    # -- hooks ------------------------------------------------------------------------
    def enter(self, node: dict[str, Any], path: Path) -> dict[str, Any]:
        return node

    def leave(self, node: dict[str, Any], original: dict[str, Any], path: Path) -> dict[str, Any]:
        return node

    # -- helpers for the hooks ----------------------------------------------------------
    def fail(self, path: Path, problem: str, fix: str) -> SchemaFormatError:
        """The error for a schema this conversion cannot express: tool, parameter, provider, fix."""
        return SchemaFormatError(
            f"tool {self.tool!r}, parameter {describe_path(path)}: {problem}, which {self.provider} "
            f"cannot express. {fix}."
        )

    def restate(self, path: Path, keyword: str, value: Any, description: Optional[str], words: str) -> str:
        """Record that ``keyword`` moved into the description as ``words``; the new description."""
        self.dropped.append(Dropped(describe_path(path), keyword, value, True))
        return add_note(description, words)

    def drop(self, path: Path, keyword: str, value: Any) -> None:
        """Record that ``keyword`` was removed without a trace in the schema."""
        self.dropped.append(Dropped(describe_path(path), keyword, value, False))


def transform(schema: dict[str, Any], fn: Callable[[dict[str, Any], Path], dict[str, Any]]) -> dict[str, Any]:
    """Rebuild ``schema`` bottom-up with ``fn(node, path)`` (references kept as they are)."""

    class _Fn(SchemaWalker):
        def leave(self, node: dict[str, Any], original: dict[str, Any], path: Path) -> dict[str, Any]:
            return fn(node, path)

    return _Fn(schema).walk()


# -- Pydantic -> canonical ------------------------------------------------------------------


DECIMAL_PATTERN = r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]{1,8})?$"
"""The numeric strings a ``Decimal`` parameter's schema allows: JSON's number grammar
(every such string is a valid ``Decimal``; the validator also takes a few more forms)."""


class _Generator(GenerateJsonSchema):
    """Pydantic's generator without key sorting or per-field titles (both dropped anyway)."""

    def sort(self, value: JsonSchemaValue, parent_key: str | None = None) -> JsonSchemaValue:
        return value

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def decimal_schema(self, schema: Any) -> JsonSchemaValue:
        # A Decimal is a number or a numeric string; say which strings (what the validator
        # accepts), so that a constrained decoder cannot produce one it refuses.
        out: JsonSchemaValue = super().decimal_schema(schema)
        for branch in out.get("anyOf", ()):
            if branch.get("type") == "string" and "pattern" not in branch:
                branch["pattern"] = DECIMAL_PATTERN
        return out

    def build_schema_type_to_method(self) -> Any:
        # Pydantic rebuilds this table (every core schema type -> its method) for every
        # generator, reading the type names from a Literal each time (63 µs): the names
        # are read once, the methods bound per generator
        names = _method_names()
        if names is None:
            table = super().build_schema_type_to_method()
            _METHOD_NAMES.append(tuple((key, method.__name__) for key, method in table.items()))
            return table
        return {key: getattr(self, name) for key, name in names}

    def encode_default(self, dft: Any) -> Any:
        # JSON values need no TypeAdapter round trip (which costs a schema build per default)
        if dft is None or type(dft) in (str, int, float, bool):
            return dft
        if type(dft) in (list, dict) and _plain_json(dft):
            return dft
        return super().encode_default(dft)


_METHOD_NAMES: list[tuple[tuple[Any, str], ...]] = []


def _method_names() -> Optional[tuple[tuple[Any, str], ...]]:
    """The (core schema type, method name) pairs of the generator's table, once read."""
    return _METHOD_NAMES[0] if _METHOD_NAMES else None


def _plain_json(value: Any) -> bool:
    if value is None or type(value) in (str, int, float, bool):
        return True
    if type(value) is list:
        return all(_plain_json(v) for v in value)
    if type(value) is dict:
        return all(type(k) is str and _plain_json(v) for k, v in value.items())
    return False


def _recursive_defs(defs: dict[str, Any]) -> set[str]:
    graph: dict[str, set[str]] = {}

    def refs(node: Any, acc: set[str]) -> set[str]:
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, dict):
                if isinstance(n.get("$ref"), str):
                    acc.add(ref_name(n["$ref"]))
                stack.extend(n.values())
            elif isinstance(n, list):
                stack.extend(n)
        return acc

    for name, d in defs.items():
        graph[name] = refs(d, set())
    recursive = set()
    for start in graph:
        todo, seen = list(graph[start]), set()
        while todo:
            n = todo.pop()
            if n == start:
                recursive.add(start)
                break
            if n in seen or n not in graph:
                continue
            seen.add(n)
            todo.extend(graph[n])
    return recursive


class _Canonical(SchemaWalker):
    """Pydantic's schema -> canonical: see the module doc."""

    provider = "JSON Schema"

    def enter(self, node: dict[str, Any], path: Path) -> dict[str, Any]:
        all_of = node.get("allOf")
        if isinstance(all_of, list) and len(all_of) == 1 and isinstance(all_of[0], dict):
            # Pydantic's wrapper for a described reference: merge it into the node
            inner = all_of[0]
            rest = {k: v for k, v in node.items() if k != "allOf"}
            if "$ref" in inner:
                return self.enter({**self.reference(inner, path, ()), **rest}, path)
            return self.enter({**inner, **rest}, path)
        return node

    def leave(self, node: dict[str, Any], original: dict[str, Any], path: Path) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in node.items():
            if k in ("title", "discriminator"):
                continue
            if k == "const":
                out["enum"] = [v]
            elif k == "description" and isinstance(v, str):
                out[k] = inspect.cleandoc(v)
            else:
                out[k] = v
        disc = node.get("discriminator")
        tag = disc.get("propertyName") if isinstance(disc, dict) else disc if isinstance(disc, str) else None
        if isinstance(tag, str):
            # the validator needs the tag to pick a branch, even where it has a default: say
            # so (else a strict-mode model may send null for it, a plain one leave it out)
            for key in ("oneOf", "anyOf"):
                branches = out.get(key)
                if isinstance(branches, list):
                    out[key] = [_require(b, tag) for b in branches]
        return out


def _require(branch: Any, tag: str) -> Any:
    if isinstance(branch, dict) and tag in (branch.get("properties") or {}) and tag not in branch.get("required", ()):
        return {**branch, "required": [*branch.get("required", ()), tag]}
    return branch


def clean_schema(raw: dict[str, Any]) -> dict[str, Any]:
    """Make Pydantic's schema provider-friendly (see module doc)."""
    defs = raw.get("$defs") or {}
    return _Canonical(raw, keep=_recursive_defs(defs)).walk()


def json_schema_of(adapter: Any) -> dict[str, Any]:
    """Pydantic's JSON Schema of a ``TypeAdapter``, through the same generator."""
    result: dict[str, Any] = adapter.json_schema(schema_generator=_Generator)
    return result


def _order_object(schema: dict[str, Any]) -> dict[str, Any]:
    first: dict[str, Any] = {k: schema[k] for k in ("type", "properties", "required") if k in schema}
    first.update((k, v) for k, v in schema.items() if k not in first)
    return first


def model_parameters_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The ``parameters`` object of a tool whose arguments are ``model``."""
    raw = model.model_json_schema(schema_generator=_Generator)
    schema = clean_schema(raw)
    schema.pop("description", None)
    schema["type"] = "object"
    schema.setdefault("properties", {})
    return _order_object(schema)


def type_schema(annotation: Any) -> dict[str, Any] | None:
    """A clean JSON Schema of any type (MCP output schemas, structured output), or None
    when Pydantic cannot describe it."""
    from pydantic import TypeAdapter

    try:
        raw = TypeAdapter(annotation).json_schema(schema_generator=_Generator)
    except Exception:  # noqa: BLE001 - an undescribable type simply has no schema
        return None
    return clean_schema(raw)
