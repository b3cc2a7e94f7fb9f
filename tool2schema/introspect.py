"""Signature + type hints + docstring -> a plain description of a tool's parameters.

This is the first step of the one-way pipeline
``function -> FunctionInfo -> Pydantic model -> JSON Schema -> provider format``.
Nothing here imports Pydantic.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
import sys
import types
import typing
import warnings
from dataclasses import dataclass
from typing import Any, Callable

from .errors import ToolDefinitionError, ToolDefinitionWarning

EMPTY: Any = inspect.Parameter.empty


class Injected:
    """Marks a parameter as supplied by the application, never by the model.

    ``def f(query: str, user: Annotated[User, Injected]) -> ...``: ``user`` is left out
    of every schema, a model cannot set it even by sending the key, and
    ``registry.dispatch(call, context={"user": ...})`` supplies it.
    ``Injected("key")`` reads the value from another context key.
    """

    def __init__(self, key: str | None = None) -> None:
        self.key = key

    def __repr__(self) -> str:
        return f"Injected({self.key!r})" if self.key else "Injected"


@dataclass(frozen=True)
class Param:
    """One parameter of a tool, as read from Python."""

    name: str
    annotation: Any
    """The resolved type hint, ``Annotated`` metadata included; ``Any`` when missing."""
    default: Any
    """``EMPTY`` when the parameter is required."""
    kind: Any = inspect.Parameter.POSITIONAL_OR_KEYWORD
    description: str | None = None
    annotated: bool = True
    inject_key: str | None = None
    """Context key the application supplies this parameter from (``None``: the model does)."""


@dataclass(frozen=True)
class FunctionInfo:
    """Everything tool2schema reads from a callable."""

    name: str
    description: str
    has_docstring: bool
    params: tuple[Param, ...]
    returns: Any = EMPTY
    examples: tuple[str, ...] = ()
    """The raw text of the docstring's ``Examples:`` section(s)."""
    member: str = "parameter"
    """What error messages call an item of ``params`` ("field" for class tools)."""


def snake_case(name: str) -> str:
    """``GetWeatherArgs`` -> ``get_weather_args``; ``HTTPRequest`` -> ``http_request``."""
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return name.replace("-", "_").lower()


def clean_text(text: str | None) -> str:
    """Dedent and strip a docstring fragment."""
    if not text:
        return ""
    if "\n" not in text and "\t" not in text:
        return text.strip()  # one line: what dedent and cleandoc would leave
    from textwrap import dedent

    return inspect.cleandoc(dedent(text)).strip()


@dataclass(frozen=True)
class Docstring:
    description: str
    params: dict[str, str]
    examples: tuple[str, ...] = ()


# patterns are compiled on first use (re caches them): importing tool2schema stays cheap
_GOOGLE_SECTION = r"(?m)^\s*(Args|Arguments|Parameters|Params|Attributes|Keyword Args|Keyword Arguments|Other Parameters|Returns|Return|Raises|Yields|Examples?|Notes?):\s*$"
_NUMPY_RULE = r"(?m)^\s*-{3,}\s*$"


def docstring_style(doc: str) -> Any:
    """The docstring-parser style of ``doc``, detected from its markers.

    ``docstring_parser.parse`` with the AUTO style parses every docstring once per
    style and keeps the best; detecting the style first parses it once."""
    from docstring_parser import DocstringStyle

    if ":param" in doc or ":type " in doc or ":return" in doc or ":raises" in doc:
        return DocstringStyle.REST
    if "@param" in doc or "@return" in doc:
        return DocstringStyle.EPYDOC
    if re.search(_NUMPY_RULE, doc):
        return DocstringStyle.NUMPYDOC
    if re.search(_GOOGLE_SECTION, doc):
        return DocstringStyle.GOOGLE
    return DocstringStyle.AUTO


_LEADING_SECTION = r"^\s*(Args|Arguments|Parameters|Params|Attributes|Keyword Args|Keyword Arguments|Other Parameters|Returns|Return|Raises|Yields):\s*$"


def _clean_docstring(doc: str) -> str:
    """``inspect.cleandoc``, keeping the layout of a docstring that opens with a Google
    section header (``\"\"\"Args:`` with no summary line).

    ``cleandoc`` dedents the lines after the first by their common indentation, which
    would put that section's entries at the header's column, so the section would read
    as empty. Such a docstring is dedented as a whole instead: the entries stay one
    level under the header, and later headers (``Returns:``) at the header's level.
    """
    lines = doc.expandtabs().split("\n")
    if not re.match(_LEADING_SECTION, lines[0]):
        return inspect.cleandoc(doc)
    from textwrap import dedent

    rest = dedent("\n".join(lines[1:])).split("\n")
    if not any(re.match(_LEADING_SECTION, line) and not line[:1].isspace() for line in rest):
        # only the first section's entries follow: they sit one level under it
        rest = [("    " + line) if line.strip() else "" for line in rest]
    return "\n".join([lines[0].strip(), *rest]).strip()


@functools.lru_cache(maxsize=1)
def _google_parser() -> Any:
    """docstring-parser's Google parser, also reading the ``Keyword Args:`` and
    ``Other Parameters:`` sections (Google's guide and griffe document them)."""
    from docstring_parser.google import DEFAULT_SECTIONS, GoogleParser, Section, SectionType

    extra = [Section(title, "param", SectionType.MULTIPLE) for title in ("Keyword Args", "Keyword Arguments", "Other Parameters")]
    return GoogleParser(sections=[*DEFAULT_SECTIONS, *extra])


def parse_docstring(doc: str | None) -> Docstring:
    """Read the summary + long description and the parameter descriptions of a docstring
    in any style ``docstring-parser`` knows (Google, reST, NumPy, Epydoc)."""
    if not doc or not doc.strip():
        return Docstring("", {})
    import docstring_parser

    cleaned = _clean_docstring(doc)
    try:
        # the parsers run ``cleandoc`` again; a leading newline makes that a no-op
        style = docstring_style(cleaned)
        if style == docstring_parser.DocstringStyle.GOOGLE:
            parsed = _google_parser().parse("\n" + cleaned)
        else:
            parsed = docstring_parser.parse("\n" + cleaned, style=style)
    except docstring_parser.ParseError:
        return Docstring(cleaned.strip(), {})
    parts = [p for p in (parsed.short_description, parsed.long_description) if p]
    sep = "\n\n" if parsed.blank_after_short_description else "\n"
    description = clean_text(sep.join(parts))
    params: dict[str, str] = {}
    for p in parsed.params:
        name = p.arg_name.split(" ")[0].strip()
        if p.description and name:
            params[name] = clean_text(p.description)
    examples = tuple(t for t in (clean_text(e.snippet or e.description) for e in parsed.examples) if t)
    return Docstring(description, params, examples)


_CODE: dict[str, Any] = {}


def _has_forward_ref(tp: Any) -> bool:
    """Whether a string or ForwardRef hides inside ``tp`` (``list["Node"]``)."""
    if isinstance(tp, typing.ForwardRef):
        return True
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return False
    if origin is typing.Annotated:
        return _has_forward_ref(typing.get_args(tp)[0])
    return any(isinstance(a, str) or _has_forward_ref(a) for a in typing.get_args(tp))


def _fast_hints(obj: Any) -> dict[str, Any] | None:
    """``get_type_hints`` for a plain function whose string annotations evaluate in its
    module without nested forward references; compiled annotation strings are cached
    (evaluation is not, so a reloaded module resolves to its new classes). None: use
    ``typing.get_type_hints``."""
    annotations = getattr(obj, "__annotations__", None)
    globalns = getattr(obj, "__globals__", None)
    if not isinstance(annotations, dict) or not isinstance(globalns, dict):
        return None
    out: dict[str, Any] = {}
    for name, ann in annotations.items():
        if isinstance(ann, str):
            code = _CODE.get(ann)
            if code is None:
                try:
                    code = _CODE[ann] = compile(ann, "<annotation>", "eval")
                except SyntaxError:
                    return None
            try:
                ann = eval(code, globalns)  # noqa: S307 - what typing.get_type_hints does
            except Exception:  # noqa: BLE001 - let get_type_hints produce its error
                return None
            if isinstance(ann, str):
                return None
        if ann is None:
            ann = type(None)
        elif typing.get_args(ann) and _has_forward_ref(ann):
            return None
        out[name] = ann
    return out


def _type_hints(
    obj: Any,
    owner: str,
    lenient: bool,
    localns: dict[str, Any] | None = None,
    class_ns: Callable[[], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """``typing.get_type_hints`` with extras. A name the function's module (and
    ``localns``) cannot resolve is looked up again in ``class_ns()``: the namespaces of
    the classes ``obj`` is defined in (a method's ``payload: "Payload"`` naming a class
    nested in its class body)."""
    if localns is None and inspect.isfunction(obj):
        fast = _fast_hints(obj)
        if fast is not None:
            return fast
    try:
        return typing.get_type_hints(obj, localns=localns, include_extras=True)
    except NameError as exc:
        error: Exception = exc
        extra = class_ns() if class_ns is not None else {}
        if extra:
            try:
                return typing.get_type_hints(obj, localns={**(localns or {}), **extra}, include_extras=True)
            except Exception as retry_exc:  # noqa: BLE001 - reported below
                error = retry_exc
    except Exception as exc:  # noqa: BLE001 - TypeError for bad hints, ...
        error = exc
    if lenient:
        raw = getattr(obj, "__annotations__", {}) or {}
        return {k: (Any if isinstance(v, str) else v) for k, v in raw.items()}
    raise ToolDefinitionError(
        f"{owner}: cannot resolve its type hints ({type(error).__name__}: {error}). "
        "Define or import every type named in the signature at module level (or in the "
        "class that defines the method) before the tool is first used."
    ) from None


def enclosing_namespace(qualname: str, start: dict[str, Any] | None, owner: type | None = None) -> dict[str, Any]:
    """The names of the classes a definition sits in, outermost first, then ``owner``'s
    own class hierarchy (base classes first, so the most derived class wins).

    ``qualname`` is the definition's ``__qualname__`` (``"Service.Inner.__call__"``);
    its class path is followed from ``start`` (the module globals, or the function
    locals for a path after ``<locals>``)."""
    ns: dict[str, Any] = {}
    parts = qualname.split(".")[:-1]
    if "<locals>" in parts:
        parts = parts[len(parts) - parts[::-1].index("<locals>") :]
    obj: Any = None
    for i, part in enumerate(parts):
        obj = (start or {}).get(part) if i == 0 else getattr(obj, part, None)
        if not isinstance(obj, type):
            break
        ns.update(vars(obj))
    if owner is not None:
        for cls in reversed(owner.__mro__[:-1]):
            ns.update(vars(cls))
    return ns


def annotated_description(annotation: Any) -> str | None:
    """The description written in ``Annotated`` metadata as a plain string
    (``Annotated[int, "A number"]``, the LangChain / llama-index convention) or a PEP 727
    ``Doc("...")``; also inside ``Optional[Annotated[...]]``. A ``Field(description=...)``
    is Pydantic's business and wins over this one (see ``model.py``)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        for meta in annotation.__metadata__:
            if isinstance(meta, str) and meta.strip():
                return clean_text(meta)
            doc = getattr(meta, "documentation", None)
            if type(meta).__name__ == "Doc" and isinstance(doc, str) and doc.strip():
                return clean_text(doc)
        return annotated_description(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        found = [d for d in map(annotated_description, typing.get_args(annotation)) if d]
        return found[0] if len(found) == 1 else None
    return None


def _inject_key(annotation: Any, name: str, inject: tuple[str, ...]) -> str | None:
    if name in inject:
        return name
    if typing.get_origin(annotation) is typing.Annotated:
        for meta in annotation.__metadata__:
            if meta is Injected:
                return name
            if isinstance(meta, Injected):
                return meta.key or name
    return None


def caller_locals(func: Any, depth: int) -> dict[str, Any] | None:
    """The namespace of the user's frame that turns ``func`` into a tool (``@tool``,
    ``tool(f)``, ``ToolRegistry([f])``: the first frame from ``depth`` up that is not
    tool2schema's own), when ``func`` is defined inside a function: its hints may name
    local classes ``get_type_hints`` cannot see."""
    target = getattr(func, "__func__", func)
    if "<locals>" not in getattr(target, "__qualname__", ""):
        return None
    try:
        frame: Any = sys._getframe(depth + 1)
    except ValueError:  # pragma: no cover - no such frame
        return None
    while frame is not None and str(frame.f_globals.get("__name__", "")).partition(".")[0] == _PACKAGE:
        frame = frame.f_back
    return dict(frame.f_locals) if frame is not None else None


_PACKAGE = __name__.partition(".")[0]


def unwrap_callable(func: Any) -> tuple[Callable[..., Any], bool]:
    """Return (the function to inspect, whether its first parameter is bound/implicit)."""
    if isinstance(func, staticmethod):
        return func.__func__, False
    if isinstance(func, classmethod):
        return func.__func__, True
    return func, False


def inspect_function(
    func: Callable[..., Any],
    *,
    name: str | None = None,
    inject: tuple[str, ...] = (),
    lenient: bool = False,
    localns: dict[str, Any] | None = None,
) -> FunctionInfo:
    """Read a function, method or callable object.

    ``self``/``cls`` and ``*args``/``**kwargs`` never become parameters. ``lenient``
    (the 2.x compatibility API) turns unresolvable hints into ``Any`` instead of raising.
    """
    target, skip_first = unwrap_callable(func)
    hint_source: Any = target
    while isinstance(hint_source, functools.partial):
        hint_source = hint_source.func
    owner_cls: type | None = None
    class_doc: str | None = None
    if inspect.isfunction(hint_source) or inspect.ismethod(hint_source):
        doc_text = hint_source.__doc__
        bound_to = getattr(hint_source, "__self__", None)
        if bound_to is not None:
            owner_cls = bound_to if isinstance(bound_to, type) else type(bound_to)
    else:  # a callable object: __call__ carries the hints; the class docstring, else __call__'s, the doc
        owner_cls = type(hint_source)
        hint_source = owner_cls.__call__
        doc_text = hint_source.__doc__
        class_doc = _own_class_doc(owner_cls)
    tool_name = name or getattr(target, "__name__", None) or snake_case(type(target).__name__)
    owner = f"tool {tool_name!r}"
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError) as exc:
        raise ToolDefinitionError(f"{owner}: cannot read its signature ({exc})") from None
    hints = _type_hints(hint_source, owner, lenient, localns, _function_ns(hint_source, localns, owner_cls))
    doc = parse_docstring(doc_text)
    if class_doc:
        # a callable object: the class docstring describes the tool (``__call__``'s is the
        # fallback); parameters are described by ``__call__``'s docstring, else by the
        # class docstring's entries that name ``__call__`` parameters
        outer = parse_docstring(class_doc)
        known = {k: v for k, v in outer.params.items() if k in sig.parameters}
        doc = Docstring(outer.description or doc.description, {**known, **doc.params})
        doc_text = doc_text or class_doc

    params: list[Param] = []
    for index, (pname, p) in enumerate(sig.parameters.items()):
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if index == 0 and (skip_first or (pname in ("self", "cls") and p.kind != p.KEYWORD_ONLY)):
            continue
        annotated = pname in hints
        annotation = hints.get(pname, Any)
        params.append(
            Param(
                name=pname,
                annotation=annotation,
                default=p.default,
                kind=p.kind,
                description=annotated_description(annotation) or doc.params.get(pname),
                annotated=annotated,
                inject_key=_inject_key(annotation, pname, inject),
            )
        )
    _warn_stale_doc(owner, doc, sig)
    return FunctionInfo(
        name=tool_name,
        description=doc.description,
        has_docstring=bool(doc_text),
        params=tuple(params),
        returns=hints.get("return", EMPTY),
        examples=doc.examples,
    )


def _own_class_doc(cls: type) -> str | None:
    """The docstring written on ``cls`` itself (not the one ``dataclass`` generates)."""
    doc = cls.__dict__.get("__doc__")
    if not isinstance(doc, str) or (dataclasses.is_dataclass(cls) and doc.startswith(cls.__name__ + "(")):
        return None
    return doc


def _function_ns(func: Any, localns: dict[str, Any] | None, owner: type | None) -> Callable[[], dict[str, Any]]:
    """The class namespaces a method's string hints may name (computed only when needed)."""
    plain = getattr(func, "__func__", func)
    qualname = getattr(plain, "__qualname__", "")

    def namespace() -> dict[str, Any]:
        start = localns if "<locals>" in qualname else getattr(plain, "__globals__", None)
        return enclosing_namespace(qualname, start, owner)

    return namespace


def _class_ns(cls: type, localns: dict[str, Any] | None) -> Callable[[], dict[str, Any]]:
    """The namespaces a dataclass or TypedDict tool's string hints may name."""

    def namespace() -> dict[str, Any]:
        module = sys.modules.get(cls.__module__)
        start = localns if "<locals>" in cls.__qualname__ else (vars(module) if module is not None else None)
        return enclosing_namespace(cls.__qualname__, start, cls)

    return namespace


def _warn_stale_doc(owner: str, doc: Docstring, sig: inspect.Signature) -> None:
    known = {n.lstrip("*") for n in sig.parameters}
    stale = [n for n in doc.params if n.lstrip("*") not in known]
    if stale:
        warnings.warn(
            f"{owner}: the docstring documents {', '.join(map(repr, stale))}, which the "
            "function does not have; the description is ignored. Rename or remove it.",
            ToolDefinitionWarning,
            stacklevel=4,
        )


def _typed_dict_info(cls: type, name: str, lenient: bool, localns: dict[str, Any] | None) -> FunctionInfo:
    owner = f"tool {name!r}"
    hints = _type_hints(cls, owner, lenient, localns, _class_ns(cls, localns))
    required = getattr(cls, "__required_keys__", set(hints))
    doc = parse_docstring(cls.__doc__)
    params = []
    for field_name, ann in hints.items():
        # NotRequired/Required wrappers are already reflected in __required_keys__
        origin = typing.get_origin(ann)
        if origin is not None and getattr(origin, "_name", "") in ("Required", "NotRequired"):
            ann = typing.get_args(ann)[0]
        params.append(
            Param(
                name=field_name,
                annotation=ann,
                default=EMPTY if field_name in required else None,
                kind=inspect.Parameter.KEYWORD_ONLY,
                description=annotated_description(ann) or doc.params.get(field_name),
            )
        )
    return FunctionInfo(name, doc.description, bool(cls.__doc__), tuple(params), examples=doc.examples, member="field")


def _dataclass_info(cls: type, name: str, lenient: bool, localns: dict[str, Any] | None) -> FunctionInfo:
    owner = f"tool {name!r}"
    hints = _type_hints(cls, owner, lenient, localns, _class_ns(cls, localns))
    raw_doc = cls.__doc__ or ""
    # dataclasses generate a "Name(a: int, ...)" docstring when none is written
    if raw_doc.startswith(cls.__name__ + "("):
        raw_doc = ""
    doc = parse_docstring(raw_doc)
    params = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = EMPTY
        annotation = hints.get(f.name, Any)
        params.append(
            Param(
                name=f.name,
                annotation=annotation,
                default=default,
                kind=inspect.Parameter.KEYWORD_ONLY,
                description=f.metadata.get("description") or annotated_description(annotation) or doc.params.get(f.name),
            )
        )
    return FunctionInfo(name, doc.description, bool(raw_doc), tuple(params), examples=doc.examples, member="field")


def class_tool_name(cls: type) -> str:
    """``GetWeatherArgs`` -> ``get_weather`` (snake case, trailing ``Args`` removed)."""
    base = cls.__name__
    if base.endswith("Args") and len(base) > 4:
        base = base[: -len("Args")]
    return snake_case(base)


def inspect_class(cls: type, *, name: str | None = None, lenient: bool = False, localns: dict[str, Any] | None = None) -> FunctionInfo:
    """Read a dataclass or TypedDict whose fields are a tool's arguments."""
    tool_name = name or class_tool_name(cls)
    if dataclasses.is_dataclass(cls):
        return _dataclass_info(cls, tool_name, lenient, localns)
    if is_typed_dict(cls):
        return _typed_dict_info(cls, tool_name, lenient, localns)
    raise ToolDefinitionError(
        f"tool {tool_name!r}: a class tool must be a Pydantic model, a dataclass or a TypedDict, "
        f"not {cls!r}"
    )


def is_typed_dict(obj: Any) -> bool:
    """A ``typing`` or ``typing_extensions`` TypedDict class."""
    return typing.is_typeddict(obj) or (isinstance(obj, type) and issubclass(obj, dict) and hasattr(obj, "__required_keys__"))
