"""Validating a model's arguments and calling the tool function with them.

A function is never called with arguments its schema rejects: every call goes through
the tool's Pydantic model first. The only coercions beyond Pydantic's lax mode are the
ones a model's sloppy output needs: the string ``"null"`` for an optional parameter,
and ``null`` for a parameter that has a non-null default (what OpenAI strict mode
makes models send for "not given") becomes that default.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Union

from pydantic import BaseModel, ValidationError
from pydantic_core import from_json, to_json

from .definition import ToolKind
from .errors import ToolCallError
from .introspect import EMPTY
from .model import default_value

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
    """One iterative walk of already-parsed arguments: None when they are too deep (see
    :func:`too_deep`), else whether they hold only JSON values (exact dict/list/str/int/
    float/bool/None, string keys, finite floats), which decides how they are validated."""
    if type(value) is not dict and not isinstance(value, (dict, list, tuple)):
        return _json_scalar(value)
    plain = True
    stack: list[tuple[Any, int]] = [(value, 1)]
    pop, push = stack.pop, stack.append
    nodes = 0
    while stack:
        node, depth = pop()
        if depth > max_depth:
            return None
        t = type(node)
        if t is dict or isinstance(node, dict):
            plain = plain and t is dict
            nodes += len(node)
            if nodes > max_nodes:
                return None
            for k, v in node.items():
                if plain and type(k) is not str:
                    plain = False
                if isinstance(v, (dict, list, tuple)):
                    push((v, depth + 1))
                elif plain and not _json_scalar(v):
                    plain = False
        else:
            plain = plain and t is list
            nodes += len(node)
            if nodes > max_nodes:
                return None
            for v in node:
                if isinstance(v, (dict, list, tuple)):
                    push((v, depth + 1))
                elif plain and not _json_scalar(v):
                    plain = False
    return plain


def _json_scalar(v: Any) -> bool:
    t = type(v)
    return t in _JSON_SCALARS and (t is not float or math.isfinite(v))


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


def check_arguments(name: str, arguments: Any, max_depth: int) -> None:
    """Raise ``ToolCallError(kind="too_large")`` naming the limit when already-parsed
    ``arguments`` (a dict from an SDK object) nest deeper than ``max_depth``."""
    if too_deep(arguments, max_depth):
        raise depth_error(name, max_depth)


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


def validate_instance(
    binding: ArgsModel,
    name: str,
    arguments: Union[str, bytes, bytearray, dict[str, Any], None],
    *,
    max_bytes: Optional[int] = None,
    max_depth: Optional[int] = None,
) -> BaseModel:
    """Validate ``arguments`` with ``binding.model`` into an instance; raise ``ToolCallError`` on failure."""
    model = binding.model
    return _validate(name, model, model.__pydantic_validator__, arguments, max_bytes, max_depth)  # type: ignore[no-any-return]


def validate_values(
    binding: ArgsModel,
    name: str,
    arguments: Union[str, bytes, bytearray, dict[str, Any], None],
    *,
    max_bytes: Optional[int] = None,
    max_depth: Optional[int] = None,
) -> dict[str, Any]:
    """Like :func:`validate_instance`, but return the field values as a dict."""
    if binding.values_validator is None:
        return validate_instance(binding, name, arguments, max_bytes=max_bytes, max_depth=max_depth).__dict__
    values: dict[str, Any] = _validate(name, binding.model, binding.values_validator, arguments, max_bytes, max_depth)
    return values


def _validate(
    name: str,
    model: type[BaseModel],
    validator: Any,
    arguments: Union[str, bytes, bytearray, dict[str, Any], None],
    max_bytes: Optional[int],
    max_depth: Optional[int],
) -> Any:
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    max_depth = MAX_DEPTH if max_depth is None else max_depth
    if type(arguments) is str and text_fits(arguments, max_bytes, max_depth):
        try:
            return validator.validate_json(arguments, strict=True)  # the common case: one pass in Rust
        except ValidationError as exc:
            if not _repairable(exc) and arguments.strip():
                raise _invalid(exc, name, model) from None
            # a documented coercion may fix it (the path below); blank arguments mean "no arguments"
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
    if not isinstance(data, dict):
        raise ToolCallError(
            f"The arguments for tool '{name}' must be a JSON object with the parameter names as keys, not {type(data).__name__}.",
            kind="invalid_arguments",
        )
    plain = survey(data, max_depth)
    if plain is None:
        raise depth_error(name, max_depth)
    return _validate_data(name, model, validator, data, plain)


def _validate_data(name: str, model: type[BaseModel], validator: Any, data: dict[str, Any], plain: bool) -> Any:
    """Validate parsed arguments exactly as their JSON text would be (strict JSON mode: what
    the schema lists), then apply the documented coercions where Pydantic reports an error
    and try again. Raises ``ToolCallError`` with the errors left."""
    if not plain:
        # Python objects inside (an application's call, never a model's JSON): Pydantic's
        # Python mode, which takes members, dates, ... as they are
        try:
            return validator.validate_python(data)
        except ValidationError as exc:
            raise _invalid(exc, name, model) from None
    encoded = to_json(data)
    deleted: set[tuple[Any, ...]] = set()
    originals: dict[tuple[Any, ...], Any] = {}
    copied = False
    last: Optional[ValidationError] = None
    for _ in range(_ROUNDS):
        try:
            return validator.validate_json(encoded, strict=True)
        except ValidationError as exc:
            last = exc
        if not copied:
            data = _copy(data)
            copied = True
        if not _repair(data, last, deleted, originals):
            break
        encoded = to_json(data)
    assert last is not None
    raise _invalid(last, name, model, data, originals)


_ROUNDS = 6
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


def _coerced(value: Any) -> Any:
    """The documented coercion of one value, or ``_NONE`` when there is none: a numeric
    string to its number, ``"true"``/``"false"`` to a bool, ``"null"``/``"none"`` to
    null, a float with no fractional part to an int."""
    if isinstance(value, str):
        text = value.strip()
        if _NUMBER.fullmatch(text):
            number = float(text)
            return int(text) if text.lstrip("-").isdigit() else number
        low = text.lower()
        if low in ("true", "false"):
            return low == "true"
        if low in _NULLS:
            return None
    elif type(value) is float and value.is_integer() and abs(value) < 2**63:
        return int(value)
    return _NONE


_NONE = object()


def _repairable(exc: ValidationError) -> bool:
    """Whether a documented coercion may fix one of the errors (worth the slow path)."""
    for err in exc.errors(include_url=False, include_context=False):
        got = err.get("input", _NONE)
        if got is None or (err["type"] in _COERCIBLE and _coerced(got) is not _NONE):
            return True
    return False


def _repair(data: dict[str, Any], exc: ValidationError, deleted: set[tuple[Any, ...]], originals: dict[tuple[Any, ...], Any]) -> bool:
    """Apply the documented coercions where ``exc`` reports errors; whether any applied.

    An error's location is followed through ``data`` (a step that is not a key or index
    there is a union branch's tag, and is skipped). A null the validator refuses is
    removed (the model meant "absent", as OpenAI strict mode makes it say); if the key
    turns out to be required, the null is put back and stays an error."""
    changed = False
    for err in exc.errors(include_url=False, include_context=False):
        found = _locate(data, err["loc"])
        if found is None:
            continue
        parent, key, path = found
        if err["type"] == "missing":
            if path in deleted and isinstance(parent, dict) and key not in parent:
                parent[key] = None
                deleted.add(path + ("kept",))
                changed = True
            continue
        if isinstance(parent, dict) and key not in parent:
            continue
        value = parent[key]
        if value is None:
            if isinstance(parent, dict) and path + ("kept",) not in deleted:
                del parent[key]
                deleted.add(path)
                changed = True
            continue
        if err["type"] not in _COERCIBLE:
            continue
        new = _coerced(value)
        if new is not _NONE and not (new == value and type(new) is type(value)):
            originals.setdefault(path, value)
            parent[key] = new
            changed = True
    return changed


_COERCIBLE = frozenset({
    "int_type", "int_parsing", "int_from_float", "float_type", "float_parsing", "bool_type", "bool_parsing",
    "decimal_type", "decimal_parsing", "literal_error", "enum", "none_required", "union_tag_invalid",
})
"""The errors a documented coercion may fix (a number, bool or null was expected)."""


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


def values_caller(binding: ArgsModel, func: Callable[..., Any]) -> Optional[Callable[[dict[str, Any]], Any]]:
    """A function that calls ``func`` with a dict of validated field values, compiled
    once per tool: the values go positionally (a Python call with keyword arguments
    from a dict costs about twice as much), keyword-only ones by keyword. None when the
    call needs more than the values (parameters the application supplies)."""
    if binding.hidden:
        return None
    keys = tuple(f for f, p in binding.fields.items() if p not in binding.keyword_only)
    named = {p: f for f, p in binding.fields.items() if p in binding.keyword_only}
    if named:
        if keys:
            take = _taker(keys)
            return lambda v: func(*take(v), **{p: v[f] for p, f in named.items()})
        return lambda v: func(**{p: v[f] for p, f in named.items()})
    if not keys:
        return lambda v: func()
    if len(keys) == 1:
        (a,) = keys
        return lambda v: func(v[a])
    if len(keys) == 2:
        a, b = keys
        return lambda v: func(v[a], v[b])
    if len(keys) == 3:
        a, b, c = keys
        return lambda v: func(v[a], v[b], v[c])
    take = _taker(keys)
    return lambda v: func(*take(v))


def _taker(keys: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    from operator import itemgetter

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
