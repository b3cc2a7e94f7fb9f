"""Validating a model's arguments and calling the tool function with them.

A function is never called with arguments its schema rejects: every call goes through
the tool's `ArgumentsValidator` first, which reads arguments as the JSON a model
sends, in Pydantic's strict JSON mode (what the schema lists), and only after a failure
applies the documented coercions a model's sloppy output needs (docs/registries.md):
numbers and booleans sent as strings, whole floats for integers, the string ``"null"``
where the string is refused and null accepted, and a refused ``null`` for a key that may
be left out (what OpenAI strict mode makes models send for "not given"), which then
takes its default. `runner` compiles how the validated values reach the function.
"""

from __future__ import annotations

import functools
import re
from gc import get_referents as _referents
from itertools import compress
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Union

from pydantic import BaseModel, ValidationError
from pydantic_core import from_json, to_json

from .definition import ToolKind
from .errors import ToolCallError
from .introspect import EMPTY
from .jsonschema import may_omit, model_parameters_schema
from .model import default_value
from .providers import SchemaFormat
from .providers import get as get_provider

# enum members as module constants: reading ``ToolKind.X`` costs ~0.2 us on CPython 3.11
_MODEL = ToolKind.MODEL
_FUNCTION = ToolKind.FUNCTION
_CALLABLE = ToolKind.CALLABLE
_CLASS = ToolKind.CLASS

if TYPE_CHECKING:
    from .model import ArgsModel

MAX_BYTES = 1_000_000
"""Default largest arguments payload (characters of JSON) a call may carry."""
MAX_DEPTH = 32
"""Default deepest nesting of objects/arrays a call's arguments may have."""


def too_deep(value: Any, max_depth: int, max_nodes: int = MAX_BYTES) -> bool:
    """Whether ``value`` nests dicts/lists/tuples deeper than ``max_depth`` levels (or holds
    more than ``max_nodes`` containers and items: a shared or cyclic structure).

    Iterative, and stops at the first node past the limit: no input can make it recurse,
    and a cyclic structure counts as too deep. It runs before anything recursive (a
    provider's ``restore_arguments``, Pydantic) sees the arguments."""
    return survey(value, max_depth, max_nodes) is None


def survey(value: Any, max_depth: int, max_nodes: int = MAX_BYTES) -> Optional[bool]:
    """One walk of already-parsed arguments, level by level: None when they are too deep
    (see `too_deep`), else whether they hold only JSON values (exact dict/list/str/
    int/float/bool/None; non-finite floats travel as JSON's ``NaN``/``Infinity``), which
    decides how they are validated (as their JSON text, or in Python mode).

    Each level's members are gathered and classified in C (``gc.get_referents``, the set
    of their types); Python looks at single members only where a level holds something
    other than JSON values. Nothing recurses, and shared or cyclic structures count every
    time they are reached, so ``max_nodes`` bounds the work."""
    if type(value) is dict:
        # the common case: an object of JSON scalars, one level deep
        for k, v in value.items():
            t = type(v)
            if type(k) is not str or not (t is str or t is int or t is bool or v is None or t is float):
                break
        else:
            return True if max_depth >= 1 and len(value) <= max_nodes else None
    elif not isinstance(value, (dict, list, tuple)):
        return _json_scalar(value)
    plain = type(value) is dict or type(value) is list
    level: list[Any] = [value]
    depth = 1
    nodes = 0
    while True:
        if depth > max_depth:
            return None
        members = _referents(*level)
        nodes += len(members)
        if nodes > max_nodes:
            return None
        types = set(map(type, members))
        if types <= _PLAIN_TYPES:
            level = list(compress(members, map(_CONTAINERS.__contains__, map(type, members))))
        else:  # Python objects (tuples, sets, dates, dict subclasses...): not what JSON parses to
            plain = False
            level = [m for m in members if isinstance(m, (dict, list, tuple))]
        if not level:
            return plain
        depth += 1


_PLAIN_TYPES = frozenset({str, int, float, bool, type(None), dict, list})
_CONTAINERS = frozenset({dict, list})


def _json_scalar(v: Any) -> bool:
    return type(v) in _JSON_SCALARS


_JSON_SCALARS = (str, int, float, bool, type(None))


def text_fits(text: str, max_bytes: int, max_depth: int) -> bool:
    """Whether a JSON text is within ``max_bytes`` and cannot nest deeper than
    ``max_depth`` (it has no more brackets), so that it can go to the validator whole."""
    return len(text) <= max_bytes and text.count("{") + text.count("[") <= max_depth


def depth_error(name: str, max_depth: int) -> ToolCallError:
    return ToolCallError(
        f"The arguments for tool '{name}' are nested deeper than {max_depth} levels (the limit). Send flatter arguments.",
        kind="too_large",
    )


def explain(exc: Union[ValidationError, list[dict[str, Any]]], tool_name: str, model: type[BaseModel] | None = None) -> str:
    """A message a model can act on: which argument, what was wrong, what is allowed."""
    lines = [f"Invalid arguments for tool '{tool_name}':"]
    for err in exc.errors(include_url=False) if isinstance(exc, ValidationError) else exc:
        loc = ".".join(str(p) for p in err["loc"]) or "(arguments)"
        msg = err["msg"]
        if err["type"] == "missing":
            lines.append(f"- '{loc}' is required but was not given.")
            continue
        if err["type"] == "extra_forbidden":
            lines.append(f"- '{loc}' is not a parameter of this tool; remove it.")
            continue
        got = err.get("input")
        try:
            shown = repr(got)
        except Exception:  # noqa: BLE001 - an object whose repr raises
            shown = f"a {type(got).__name__}"
        if len(shown) > 80:
            shown = shown[:77] + "..."
        lines.append(f"- '{loc}': {msg} (got {shown}).")
    if model is not None:
        lines.append("Call the tool again with corrected arguments.")
    return "\n".join(lines)


class ArgumentsValidator:
    """The one way a tool's arguments are validated, whatever entry point they come
    through (dispatch in every call shape, ``Tool.validate``/``invoke``, ``Output.parse``,
    the MCP server).

    Arguments are always read as the JSON a model sends: a JSON text as it is, a dict of
    already-parsed arguments as its JSON text. The first attempt is Pydantic's strict JSON
    mode on that text (what the schema lists, nothing more; one pass in Rust). Only when
    it fails does the slow path run: the size and depth limits, blank arguments, a
    provider's ``restore_arguments`` (Gemini), Python objects inside a dict (validated in
    Pydantic's Python mode), and the documented coercions (docs/registries.md), retried
    where Pydantic reported an error. What the first attempt accepts the slow path would
    accept identically: the limits it skips cannot be exceeded by a text that short, and
    the coercions only touch values Pydantic refused.
    """

    __slots__ = ("name", "model", "validator", "schema", "restoring")

    def __init__(self, name: str, model: type[BaseModel], validator: Any, schema: Callable[[], dict[str, Any]]) -> None:
        self.name = name
        self.model = model
        self.validator = validator
        """Pydantic's validator: the model's (an instance) or the fields' (a dict of values)."""
        self.schema = schema
        """The canonical parameters schema (built on first use: only the slow path asks)."""
        self.restoring: dict[SchemaFormat, bool] = {}
        """format -> whether its provider's ``restore_arguments`` can change these arguments."""

    def validate(self, arguments: Any, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH, provider: Optional[SchemaFormat] = None) -> Any:
        """The validated values (or instance) of ``arguments``: a JSON text, a dict,
        bytes or None (no arguments). ``provider``: the format of the call that carried
        them (its provider's ``restore_arguments`` undoes what its schema conversion
        changed). Raises ``ToolCallError`` with the text the model reads."""
        text = arguments if type(arguments) is str else self._as_text(arguments, max_depth, provider)
        # within the limits: short enough, and too short or with too few brackets to nest deeper than max_depth
        if text is not None and len(text) <= max_bytes and (len(text) <= max_depth or text_fits(text, max_bytes, max_depth)):
            try:
                return self.validator.validate_json(text, strict=True)
            except ValidationError:
                pass  # the slow path reports it, after the documented coercions
        return self._slow(arguments, max_bytes, max_depth, provider)

    def _as_text(self, arguments: Any, max_depth: int, provider: Optional[SchemaFormat]) -> Optional[str]:
        """Parsed arguments (a dict of JSON values) as the JSON text a model would have
        sent, restored by ``provider`` where it restores arguments; None: leave them to
        the slow path (too deep, shared or cyclic, Python objects inside, a reader failed)."""
        if type(arguments) is not dict or not survey(arguments, max_depth):
            return None
        try:
            if provider is not None and self._restores(provider):
                arguments = get_provider(provider).restore_arguments(arguments, self.schema())
                if not survey(arguments, max_depth):  # restoring decodes JSON texts: it can nest deeper
                    return None
            return to_json(arguments, inf_nan_mode="constants").decode()
        except Exception:  # noqa: BLE001 - a hostile value: the slow path says what is wrong
            return None

    def _restores(self, provider: SchemaFormat) -> bool:
        restores = self.restoring.get(provider)
        if restores is None:
            restores = self.restoring[provider] = get_provider(provider).restores_arguments(self.schema())
        return restores

    def _slow(self, arguments: Any, max_bytes: int, max_depth: int, provider: Optional[SchemaFormat]) -> Any:
        name = self.name
        if arguments is None or (isinstance(arguments, (str, bytes, bytearray)) and not arguments.strip()):
            arguments = {}  # "no arguments": valid exactly when {} is
        if isinstance(arguments, (str, bytes, bytearray)):
            if len(arguments) > max_bytes:
                raise ToolCallError(
                    f"The arguments for tool '{name}' are {len(arguments)} characters long; the limit is {max_bytes}. Send shorter arguments.",
                    kind="too_large",
                )
            try:
                data = from_json(arguments)
            except ValueError as exc:
                if "recursion limit" in str(exc):
                    raise depth_error(name, max_depth) from None
                raise ToolCallError(
                    f"The arguments for tool '{name}' are not valid JSON ({exc}). Send a JSON object.",
                    kind="invalid_json",
                ) from None
        else:
            data = arguments
        plain = survey(data, max_depth)
        if plain is not None and not isinstance(data, dict):
            try:  # Pydantic's own words for "not an object"
                return self.validator.validate_json(to_json(data), strict=True) if plain else self.validator.validate_python(data)
            except ValidationError as exc:
                raise _invalid(exc, name, self.model) from None
            except Exception:  # noqa: BLE001 - not even encodable
                raise ToolCallError(
                    f"The arguments for tool '{name}' must be a JSON object with the parameter names as keys, not {type(data).__name__}.",
                    kind="invalid_arguments",
                ) from None
        if plain is None:
            raise depth_error(name, max_depth)
        if provider is not None and self._restores(provider):
            restored = get_provider(provider).restore_arguments(data, self.schema())
            if restored is not data:
                plain = survey(restored, max_depth)  # restoring decodes JSON texts: it can nest deeper
                if plain is None:
                    raise depth_error(name, max_depth)
                data = restored
        if not plain:
            # Python objects inside (an application's call, never a model's JSON): Pydantic's
            # Python mode, which takes members, dates, ... as they are
            try:
                return self.validator.validate_python(data)
            except ValidationError as exc:
                raise _invalid(exc, name, self.model) from None
        return _validate_data(self, data)


def validate_instance(
    binding: ArgsModel,
    name: str,
    arguments: Union[str, bytes, bytearray, dict[str, Any], None],
    *,
    max_bytes: Optional[int] = None,
    max_depth: Optional[int] = None,
    schema: Optional[Callable[[], dict[str, Any]]] = None,
) -> BaseModel:
    """Validate ``arguments`` with ``binding.model`` into an instance; raise ``ToolCallError`` on failure."""
    model = binding.model
    validator = ArgumentsValidator(name, model, model.__pydantic_validator__, schema or functools.partial(model_parameters_schema, model))
    instance: BaseModel = validator.validate(arguments, MAX_BYTES if max_bytes is None else max_bytes, MAX_DEPTH if max_depth is None else max_depth)
    return instance


def validate_values(
    binding: ArgsModel,
    name: str,
    arguments: Union[str, bytes, bytearray, dict[str, Any], None],
    *,
    max_bytes: Optional[int] = None,
    max_depth: Optional[int] = None,
    schema: Optional[Callable[[], dict[str, Any]]] = None,
) -> dict[str, Any]:
    """Like `validate_instance`, but return the field values as a dict."""
    values: dict[str, Any] = arguments_validator(binding, name, schema).validate(
        arguments, MAX_BYTES if max_bytes is None else max_bytes, MAX_DEPTH if max_depth is None else max_depth
    )
    return values


def arguments_validator(binding: ArgsModel, name: str, schema: Optional[Callable[[], dict[str, Any]]] = None) -> ArgumentsValidator:
    """The validator of a tool's arguments that returns the field values as a dict
    (``binding.values_validator``; the model's own, read back as a dict, where that
    cannot be built). ``schema``: the canonical parameters schema (default: the model's)."""
    model = binding.model
    validator = binding.values_validator if binding.values_validator is not None else _InstanceFields(model)
    return ArgumentsValidator(name, model, validator, schema or functools.partial(model_parameters_schema, model))


class _InstanceFields:
    """A model's validator that returns the instance's field values as a dict."""

    __slots__ = ("_validator",)

    def __init__(self, model: type[BaseModel]) -> None:
        self._validator = model.__pydantic_validator__

    def validate_json(self, text: Any, strict: Optional[bool] = None) -> dict[str, Any]:
        return self._validator.validate_json(text, strict=strict).__dict__  # type: ignore[no-any-return]

    def validate_python(self, data: Any) -> dict[str, Any]:
        return self._validator.validate_python(data).__dict__  # type: ignore[no-any-return]


def _validate_data(arguments: ArgumentsValidator, data: dict[str, Any]) -> Any:
    """Validate parsed JSON arguments as their JSON text (strict JSON mode: what the schema
    lists), then apply the documented coercions where Pydantic reports an error and try
    again. Raises ``ToolCallError`` with the errors left."""
    validator = arguments.validator
    encoded = to_json(data, inf_nan_mode="constants")
    repair = _Repair(data, arguments.schema)
    last: Optional[ValidationError] = None
    for _ in range(_ROUNDS):
        try:
            return validator.validate_json(encoded, strict=True)
        except ValidationError as exc:
            last = exc
        if not repair.apply(last):
            break
        encoded = to_json(repair.data, inf_nan_mode="constants")
    assert last is not None
    raise _invalid(last, arguments.name, arguments.model, repair.data, repair.originals)


_ROUNDS = 8
_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_NULLS = ("null", "none")


def _copy(data: Any) -> Any:
    """A copy of the dicts and lists of ``data`` (iterative; depth already bounded)."""
    root: dict[str, Any] = {"": data}
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        keys = node.keys() if isinstance(node, dict) else range(len(node))
        for k in keys:
            v = node[k]
            if isinstance(v, dict):
                node[k] = v = dict(v)
                stack.append(v)
            elif isinstance(v, (list, tuple)):
                node[k] = v = list(v)
                stack.append(v)
    return root[""]


def _is_null_word(value: Any) -> bool:
    return isinstance(value, str) and value.strip().lower() in _NULLS


def _coerced(value: Any) -> Any:
    """The documented coercion of one refused scalar, or ``_NONE`` when there is none: a
    numeric string to its number, ``"true"``/``"false"`` to a bool, a float with no
    fractional part to an int. (``"null"``/``"none"`` is `_Repair`'s own step.)"""
    if isinstance(value, str):
        text = value.strip()
        if _NUMBER.fullmatch(text):
            number = float(text)
            return int(text) if text.lstrip("-").isdigit() else number
        low = text.lower()
        if low in ("true", "false"):
            return low == "true"
    elif type(value) is float and value.is_integer() and abs(value) < 2**63:
        return int(value)
    return _NONE


_NONE = object()


class _Repair:
    """The documented coercions (docs/registries.md), applied where Pydantic refused a
    value, round after round, on a copy of the arguments:

    - a numeric string, ``"true"``/``"false"``, or a whole float where a number, bool or
      numeric ``Literal``/enum was refused: the number or bool;
    - the string ``"null"``/``"none"`` (any case) that was refused: null, kept only if
      null is accepted there (else the string is put back, and stays an error);
    - a ``null`` that was refused for a key the schema declares and does not require:
      the key is removed (its default applies: OpenAI strict mode's "not given"); a
      ``null`` inside a free-form mapping or a list, or for a required key, stays.
    """

    def __init__(self, data: dict[str, Any], schema: Callable[[], dict[str, Any]]) -> None:
        self.data = _copy(data)
        self.schema = schema
        self.originals: dict[tuple[Any, ...], Any] = {}
        """path -> the value the model sent, where a coercion replaced it."""
        self.nulled: set[tuple[Any, ...]] = set()
        """paths whose "null" string was turned into null (put back if null is refused)."""
        self.settled: set[tuple[Any, ...]] = set()
        """paths not to touch again."""

    def apply(self, exc: ValidationError) -> bool:
        """Apply the coercions where ``exc`` reports errors; whether any applied."""
        changed = False
        for err in exc.errors(include_url=False, include_context=False):
            found = _locate(self.data, err["loc"])
            if found is None:
                continue
            parent, key, path = found
            if path in self.settled or (isinstance(parent, dict) and key not in parent):
                continue
            value = parent[key]
            if value is None:
                if path in self.nulled:
                    if not self._omit(parent, key, path):
                        parent[key] = self.originals.pop(path)  # null is refused here too: the string stays
                    self.settled.add(path)
                    changed = True
                elif self._omit(parent, key, path):
                    self.settled.add(path)
                    changed = True
                continue
            if _is_null_word(value):
                self.originals.setdefault(path, value)
                self.nulled.add(path)
                parent[key] = None
                changed = True
                continue
            if err["type"] not in _COERCIBLE:
                continue
            new = _coerced(value)
            if new is not _NONE and not (new == value and type(new) is type(value)):
                self.originals.setdefault(path, value)
                parent[key] = new
                changed = True
        return changed

    def _omit(self, parent: Any, key: Any, path: tuple[Any, ...]) -> bool:
        """Remove a refused null whose key the schema lets the model leave out."""
        if isinstance(parent, dict) and may_omit(self.schema(), path):
            del parent[key]
            return True
        return False


_COERCIBLE = frozenset({
    "int_type", "int_parsing", "int_from_float", "float_type", "float_parsing", "bool_type", "bool_parsing",
    "decimal_type", "decimal_parsing", "literal_error", "enum", "union_tag_invalid",
})
"""The errors a documented coercion may fix (a number or bool was expected)."""


def _locate(data: Any, loc: tuple[Any, ...]) -> Optional[tuple[Any, Any, tuple[Any, ...]]]:
    """(container, key, path) of the value an error location points at, or None."""
    node: Any = data
    parent: Any = None
    key: Any = None
    path: tuple[Any, ...] = ()
    for step in loc:
        if isinstance(node, dict) and step in node:
            parent, key, node = node, step, node[step]
            path += (step,)
        elif isinstance(node, list) and type(step) is int and 0 <= step < len(node):
            parent, key, node = node, step, node[step]
            path += (step,)
        elif step is loc[-1] and isinstance(node, dict) and isinstance(step, str):
            parent, key = node, step  # a missing key
            path += (step,)
        # else: a union branch's tag
    if parent is None:
        return None
    return parent, key, path


def _invalid(
    exc: ValidationError,
    name: str,
    model: type[BaseModel],
    data: Any = None,
    originals: Optional[dict[tuple[Any, ...], Any]] = None,
) -> ToolCallError:
    errors: list[Any] = exc.errors(include_url=False)
    if originals:
        # say what the model sent, not what a coercion that did not help made of it
        for err in errors:
            found = _locate(data, err["loc"])
            if found is not None and found[2] in originals:
                err["input"] = originals[found[2]]
    if any(e["type"] == "json_invalid" for e in errors):
        msg = str(errors[0]["msg"])
        if "recursion limit" in msg:
            return ToolCallError(
                f"The arguments for tool '{name}' are nested too deeply (the JSON parser's limit). Send flatter arguments.",
                kind="too_large",
            )
        return ToolCallError(
            f"The arguments for tool '{name}' are not valid JSON ({msg}). Send a JSON object.",
            kind="invalid_json",
            errors=_errors(exc),
        )
    if errors and errors[0]["type"] == "recursion_loop":
        return ToolCallError(
            f"The arguments for tool '{name}' are nested too deeply (the validator's limit). Send flatter arguments.",
            kind="too_large",
        )
    return ToolCallError(explain(errors, name, model), kind="invalid_arguments", errors=_errors(exc))


def _errors(exc: ValidationError) -> list[dict[str, Any]]:
    return [dict(e) for e in exc.errors(include_url=False, include_context=False)]


def runner(binding: ArgsModel, func: Callable[..., Any], kind: ToolKind, name: str) -> Callable[[Any, Optional[Mapping[str, Any]]], Any]:
    """How a tool is run with what its validator returned, compiled once per tool:
    ``run(values, context)``. A model tool's validator returns its instance, which is
    the result. A function that needs nothing but the values gets them positionally (a
    Python call with keyword arguments from a dict costs about twice as much),
    keyword-only ones by keyword; anything else (parameters the application supplies,
    dataclass and TypedDict tools) goes through `call_with_values`."""
    if kind is _MODEL:
        return lambda v, c: v
    if binding.hidden or kind not in (_FUNCTION, _CALLABLE):
        return functools.partial(call_with_values, binding, func, kind, name)
    keys = tuple(f for f, p in binding.fields.items() if p not in binding.keyword_only)
    named = {p: f for f, p in binding.fields.items() if p in binding.keyword_only}
    if named:
        take = _taker(keys)
        return lambda v, c: func(*take(v), **{p: v[f] for p, f in named.items()})
    if not keys:
        return lambda v, c: func()
    if len(keys) == 1:
        (a,) = keys
        return lambda v, c: func(v[a])
    if len(keys) == 2:
        a, b = keys
        return lambda v, c: func(v[a], v[b])
    if len(keys) == 3:
        a, b, k = keys
        return lambda v, c: func(v[a], v[b], v[k])
    take = _taker(keys)
    return lambda v, c: func(*take(v))


def _taker(keys: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    from operator import itemgetter

    if not keys:
        return lambda v: ()
    if len(keys) == 1:
        key = keys[0]
        return lambda v: (v[key],)
    return itemgetter(*keys)


def call_with_values(
    binding: ArgsModel,
    func: Callable[..., Any],
    kind: ToolKind,
    name: str,
    values: dict[str, Any],
    context: Optional[Mapping[str, Any]],
) -> Any:
    """Call ``func`` with validated field values plus injected/ignored parameters; a model
    tool returns its instance, a dataclass/TypedDict tool the instance/dict."""
    if kind is _MODEL:
        return binding.model.model_validate(values)
    if binding.direct and kind in (_FUNCTION, _CALLABLE):
        return func(**values)
    kwargs: dict[str, Any] = {param: values[field] for field, param in binding.fields.items()}
    for pname, p in binding.hidden.items():
        key = p.inject_key or pname
        if context is not None and key in context:
            kwargs[pname] = context[key]
        elif (default := default_value(p)) is not EMPTY:
            kwargs[pname] = default
        else:
            raise ToolCallError(
                f"Tool '{name}' cannot run: the application did not supply '{key}'.",
                kind="missing_context",
            )
    if kind is _CLASS:
        if hasattr(func, "__dataclass_fields__"):
            return func(**kwargs)
        return dict(kwargs)
    if binding.positional_only:
        pos = [kwargs.pop(n) for n in binding.positional_only if n in kwargs]
        return func(*pos, **kwargs)
    return func(**kwargs)
