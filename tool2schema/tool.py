"""``Tool`` and the ``@tool`` decorator.

The decorator stays thin: it records the function and the options. Everything
expensive (reading hints and docstring, building the Pydantic model, generating
schemas) happens once, on first use, under a lock, and is cached until the tool's
effective configuration changes.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import sys
import threading
import typing
from typing import Any, Callable, Generic, Iterable, Optional, Sequence, TypeVar, Union, overload

from . import config as _config
from .config import CONFIG, DEFAULTS, Config
from .definition import ToolDefinition, ToolKind
from .errors import ToolDefinitionError
from .frozen import freeze
from .introspect import EMPTY, FunctionInfo, caller_locals, class_tool_name, inspect_class, inspect_function, is_typed_dict
from .providers import FormatLike, coerce_format
from .providers import get as get_provider

if typing.TYPE_CHECKING:
    from pydantic import BaseModel
    from typing_extensions import ParamSpec

    from .model import ArgsModel, ModelOptions

    P = ParamSpec("P")
else:
    P = TypeVar("P")
R = TypeVar("R")

_OPTION_NAMES = tuple(k for k in DEFAULTS if k != "default_format")


class _State:
    """What a tool builds on first use; replaced when its configuration changes."""

    __slots__ = ("generation", "key", "info", "args", "options", "definition", "rendered")

    def __init__(
        self,
        generation: int,
        key: tuple[Any, ...],
        info: FunctionInfo,
        args: ArgsModel | None,
        options: ModelOptions | None,
        definition: ToolDefinition,
    ) -> None:
        self.generation = generation
        self.key = key
        self.info = info
        self.args = args
        """The Pydantic model; None until the first call needs it (schemas do not)."""
        self.options = options
        self.definition = definition
        self.rendered: dict[Any, Any] = {}


class _Shared:
    """State shared by a tool and the bound copies ``__get__`` makes of it."""

    __slots__ = ("state", "lock", "extra_enums", "converters")

    def __init__(self) -> None:
        self.state: _State | None = None
        self.lock = threading.RLock()
        self.extra_enums: dict[str, tuple[Any, ...]] = {}
        self.converters: dict[Any, Callable[[Any], Any]] | None = None


class ToolSchema:
    """``tool.schema``: the 2.x handle on a tool's schema (``to_json``, ``add_enum``)."""

    def __init__(self, tool: Tool[Any, Any]) -> None:
        self._tool = tool

    def add_enum(self, param: str, values: Iterable[Any]) -> ToolSchema:
        """Restrict parameter ``param`` to ``values``: the schema lists them as an
        ``enum`` and validation of model calls accepts only them."""
        t = self._tool
        values = tuple(values)
        if not values:
            raise ValueError("add_enum needs at least one value")
        names = {p.name for p in t._info().params}
        if param not in names:
            raise ToolDefinitionError(f"tool {t.name!r} has no parameter {param!r}; parameters: {', '.join(sorted(names))}")
        with t._shared.lock:
            t._shared.extra_enums[param] = values
            t._shared.state = None
        _config.changed()  # registries drop their compiled plans of this tool
        return self

    def to_json(self, schema_type: Any = None, strict: Optional[bool] = None) -> dict[str, Any]:
        return self._tool.to_json(schema_type, strict=strict)

    @property
    def parameters(self) -> dict[str, Any]:
        """The canonical JSON Schema of the arguments object."""
        return self._tool.definition().parameters


class Tool(Generic[P, R]):
    """A Python function (or Pydantic model, dataclass, TypedDict) turned into an LLM tool.

    Callable exactly like the wrapped function. Attributes: ``name``, ``description``,
    ``tags``, ``func``, ``args_model`` (the generated Pydantic model), ``config`` and
    ``schema`` (``schema.add_enum``). ``to_json(format, strict)`` renders the tool for
    one provider; ``validate``/``invoke``/``ainvoke`` run calls that come from a model.
    """

    func: Callable[..., Any]
    tags: list[str]

    def __init__(
        self,
        func: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        tags: Sequence[str] = (),
        inject: Sequence[str] = (),
        forbid_extra: bool = False,
        lenient: bool = False,
        localns: Optional[dict[str, Any]] = None,
        examples: Sequence[dict[str, Any]] = (),
        timeout: Optional[float] = None,
        defer_loading: bool = False,
        callers: Sequence[str] = (),
        eager_input_streaming: Optional[bool] = None,
        output_schema: bool = True,
        **options: Any,
    ) -> None:
        if timeout is not None and not (isinstance(timeout, (int, float)) and timeout > 0):
            raise TypeError(f"timeout takes a positive number of seconds or None, not {timeout!r}")
        self._timeout: Optional[float] = timeout
        unknown = set(options) - set(DEFAULTS) - {"schema_type"}
        if unknown:
            raise TypeError(
                f"tool() got unknown option(s) {', '.join(sorted(unknown))}; "
                "options: name, description, tags, inject, forbid_extra, examples, timeout, defer_loading, callers, "
                f"eager_input_streaming, output_schema, {', '.join(_OPTION_NAMES)}"
            )
        if isinstance(callers, str) or not all(c in CALLERS for c in callers):
            raise TypeError(f"callers takes a list of {', '.join(repr(c) for c in CALLERS)} (who may call the tool), not {callers!r}")
        for flag, value in (("defer_loading", defer_loading), ("output_schema", output_schema)):
            if not isinstance(value, bool):
                raise TypeError(f"{flag} takes True or False, not {value!r}")
        if eager_input_streaming is not None and not isinstance(eager_input_streaming, bool):
            raise TypeError(f"eager_input_streaming takes True, False or None, not {eager_input_streaming!r}")
        self._flags: dict[str, Any] = {
            "defer_loading": defer_loading,
            "callers": tuple(callers),
            "eager_input_streaming": eager_input_streaming,
            "send_output_schema": output_schema,
        }
        if isinstance(tags, str):
            raise TypeError("tags takes a list of strings, not a string")
        if isinstance(inject, str):
            inject = (inject,)
        self.func = func
        self.tags = list(tags)
        self.config = Config(CONFIG, **{k: v for k, v in options.items() if v is not None})
        self.schema = ToolSchema(self)
        self._explicit_name = name
        self._explicit_description = description
        self._inject = tuple(inject)
        self._forbid_extra = forbid_extra
        if examples:
            if isinstance(examples, dict) or not all(isinstance(e, dict) for e in examples):
                raise TypeError("examples takes a list of dicts of example arguments")
            self._examples: tuple[dict[str, Any], ...] = tuple(examples)
        else:
            self._examples = ()
        self._lenient = lenient
        self._localns = localns if localns is not None else caller_locals(func, 1)
        self._shared = _Shared()
        target = func.__func__ if isinstance(func, (classmethod, staticmethod)) else func
        self.kind: ToolKind = _kind_of(target)
        """What the tool wraps: a function, a callable object, a model, a dataclass/TypedDict."""
        is_callable = self.kind is _CALLABLE
        wrapped: Any = type(target).__call__ if is_callable else target
        self._is_async = inspect.iscoroutinefunction(wrapped)
        functools.update_wrapper(self, wrapped, updated=())
        if is_callable:
            self.__name__ = name or class_tool_name(type(target))  # type: ignore[arg-type]
        if inspect.iscoroutinefunction(target):
            # make inspect.iscoroutinefunction(tool) true on every Python version
            code = getattr(target, "__code__", None)
            if code is not None:
                self.__code__ = code
                self.__defaults__ = getattr(target, "__defaults__", None)
                self.__kwdefaults__ = getattr(target, "__kwdefaults__", None)
            mark = getattr(inspect, "markcoroutinefunction", None)
            if mark is not None:
                mark(self)

    @property
    def defer_loading(self) -> bool:
        """``@tool(defer_loading=True)``: deferred by ``registry.request(..., defer=True)``."""
        return bool(self._flags["defer_loading"])

    @property
    def timeout(self) -> Optional[float]:
        """Seconds a registry lets one call of this tool run (None: the registry's ``timeout``)."""
        return self._timeout

    @timeout.setter
    def timeout(self, value: Optional[float]) -> None:
        if value is not None and not (isinstance(value, (int, float)) and value > 0):
            raise TypeError(f"timeout takes a positive number of seconds or None, not {value!r}")
        self._timeout = value
        _config.changed()  # registries decide per tool whether a call runs under a time limit

    # -- identity -----------------------------------------------------------------
    @property
    def name(self) -> str:
        """The tool name models call it by."""
        name = self.__dict__.get("_name")
        if name is None:
            name = self.__dict__["_name"] = self._compute_name()
        return name  # type: ignore[no-any-return]

    def _compute_name(self) -> str:
        if self._explicit_name:
            return self._explicit_name
        target: Any = self.func.__func__ if isinstance(self.func, (classmethod, staticmethod)) else self.func
        if self.kind in (ToolKind.MODEL, ToolKind.CLASS):
            return class_tool_name(target)
        if self.kind is ToolKind.CALLABLE:
            return class_tool_name(type(target))
        return getattr(target, "__name__", None) or class_tool_name(type(target))

    @property
    def description(self) -> str:
        """Summary and long description of the docstring (or the ``description=`` override)."""
        return self.definition().description

    @property
    def lint_ignore(self) -> list[str]:
        """Lint rule codes (or prefixes) skipped for this tool: its own and ``CONFIG``'s."""
        own = self.config.lint_ignore if self.config.is_set("lint_ignore") else []
        return [*CONFIG.lint_ignore, *(c for c in own if c not in CONFIG.lint_ignore)]

    def has_tag(self, tag: str) -> bool:
        """Whether the tool carries ``tag``."""
        return tag in self.tags

    def has(self, tag: str) -> bool:
        """2.x spelling of [`has_tag`][tool2schema.tool.Tool.has_tag]."""
        return tag in self.tags

    def tool_enabled(self) -> bool:
        """2.x marker: every Tool is a 2.x ``ToolEnabled``."""
        return True

    gpt_enabled = tool_enabled

    @property
    def is_async(self) -> bool:
        """Whether calling the function returns a coroutine (``async def``)."""
        return self._is_async

    @property
    def args_model(self) -> type[BaseModel]:
        """The Pydantic model that describes and validates the arguments."""
        return self.binding().model

    def definition(self) -> ToolDefinition:
        """The provider-neutral definition every format is rendered from (built on first use)."""
        return self._state().definition

    def binding(self) -> ArgsModel:
        """The arguments model and how its fields map onto the function's parameters
        (built on first use, under the tool's lock)."""
        state = self._state()
        args = state.args
        if args is None:
            from .model import build_args_model

            with self._shared.lock:
                args = state.args
                if args is None:
                    assert state.options is not None
                    args = state.args = build_args_model(state.info, state.options)
        return args

    def __repr__(self) -> str:
        return f"<Tool {self.name!r} of {getattr(self.func, '__qualname__', self.func)!r}>"

    # -- building -----------------------------------------------------------------
    def _info(self) -> FunctionInfo:
        state = self._shared.state
        if state is not None:
            return state.info
        return self._read()

    def _read(self) -> FunctionInfo:
        target: Any = self.func
        if self.kind is ToolKind.MODEL:
            from pydantic import BaseModel

            from .introspect import parse_docstring

            doc = parse_docstring(target.__doc__ if target.__doc__ != BaseModel.__doc__ else None)
            return FunctionInfo(self.name, doc.description, bool(target.__doc__), (), EMPTY, doc.examples)
        if self.kind is ToolKind.CLASS:
            return inspect_class(target, name=self.name, lenient=self._lenient, localns=self._localns)
        return inspect_function(target, name=self.name, inject=self._inject, lenient=self._lenient, localns=self._localns)

    def _state(self) -> _State:
        state = self._shared.state
        if state is not None and state.generation == _config.generation():
            return state
        return self._rebuild()

    def _options_key(self) -> tuple[Any, ...]:
        return self.config.resolved() + (tuple(self._shared.extra_enums.items()),)

    def _rebuild(self) -> _State:
        with self._shared.lock:
            gen = _config.generation()
            key = self._options_key()
            state = self._shared.state
            if state is not None and state.key == key:
                state.generation = gen
                return state
            info = state.info if state is not None else self._read()
            new = self._build(info, gen, key)
            self._shared.state = new
            return new

    def _build(self, info: FunctionInfo, gen: int, key: tuple[Any, ...]) -> _State:
        from .jsonschema import model_parameters_schema
        from .model import ArgsModel, ModelOptions, build_args_model, parameters_schema

        cfg = self.config
        options: ModelOptions | None = None
        args: ArgsModel | None = None
        parameters: dict[str, Any] | None = None
        if self.kind is ToolKind.MODEL:
            model: Any = self.func
            args = ArgsModel(model, {n: n for n in model.model_fields})
        else:
            options = ModelOptions(
                ignore=frozenset(cfg.ignore_parameters),
                ignore_all=cfg.ignore_all_parameters,
                enum_style=cfg.enum_style,
                forbid_extra=self._forbid_extra,
                lenient=self._lenient,
                extra_enums=tuple(self._shared.extra_enums.items()),
            )
            parameters = parameters_schema(info, options)  # fast path: no model needed yet
            if parameters is None:
                args = build_args_model(info, options)
        if parameters is None:
            assert args is not None
            try:
                parameters = model_parameters_schema(args.model)
            except Exception as exc:  # noqa: BLE001 - Pydantic's error, given the tool's name and field
                if options is None or not self._lenient:
                    from .model import model_schema_error

                    raise model_schema_error(self.name, args.model, exc) from None
                args = build_args_model(info, dataclasses.replace(options, probe_schemas=True))
                parameters = model_parameters_schema(args.model)
        if self.kind is ToolKind.MODEL:
            parameters = _model_tool_parameters(self.name, parameters, cfg)
        if cfg.ignore_parameter_descriptions:
            props = {k: {kk: vv for kk, vv in v.items() if kk != "description"} for k, v in parameters["properties"].items()}
            parameters = {**parameters, "properties": props}
        if not parameters.get("properties") and "additionalProperties" not in parameters:
            # no arguments: say so (a client converting tools to a strict mode refuses an open object)
            parameters = {**parameters, "additionalProperties": False}
        if self._explicit_description is not None:
            description = self._explicit_description
        elif cfg.ignore_function_description:
            description = ""
        else:
            description = info.description
        examples = self._examples + _docstring_examples(self.name, info.examples)
        definition = ToolDefinition(
            name=self.name,
            description=description,
            parameters=freeze(parameters),  # read-only: a rendering that keeps it as it is shares it
            returns=info.returns,
            examples=examples,
            examples_in_description=bool(cfg.examples_in_description),
            description_given=self._explicit_description is not None or (info.has_docstring and not cfg.ignore_function_description),
            **self._flags,
        )
        state = _State(gen, key, info, args, options, definition)
        if examples:
            self._check_examples(state)
        return state

    def _check_examples(self, state: _State) -> None:
        """Every example must pass the tool's own validation (a ``ToolDefinitionError`` names the bad one)."""
        import json

        from .calling import validate_values
        from .errors import ToolCallError
        from .model import build_args_model

        if state.args is None:
            assert state.options is not None
            state.args = build_args_model(state.info, state.options)
        for i, example in enumerate(state.definition.examples):
            try:
                validate_values(state.args, self.name, example)
            except ToolCallError as exc:
                raise ToolDefinitionError(
                    f"tool {self.name!r}: example {i + 1} {json.dumps(example, ensure_ascii=False, default=repr)} "
                    f"is not valid for the tool: {exc.message}"
                ) from None

    # -- schemas ------------------------------------------------------------------
    def to_json(
        self, format: Optional[FormatLike] = None, strict: Optional[bool] = None, *, json_schema: bool = False, output_schema: bool = True
    ) -> dict[str, Any]:
        """This tool's definition in a provider ``format`` (default ``CONFIG.default_format``,
        i.e. ``"openai"``); ``strict=True`` gives OpenAI strict-mode schemas.

        ``json_schema=True``: Gemini's full JSON Schema field (``parameters_json_schema``,
        keeping ``$defs``, ``anyOf`` and formats) instead of its OpenAPI-subset
        ``parameters``. ``output_schema=False`` leaves out the output schema a format
        carries (OpenAI Responses ``output_schema``, Gemini ``response_json_schema``, MCP
        ``outputSchema``).

        The result is cached and read-only (``copy.deepcopy`` it to edit). Raises
        ``ToolDefinitionError`` if the tool cannot be built and ``SchemaFormatError`` if
        it cannot be expressed in ``format``.
        """
        state = self._shared.state
        if state is None or state.generation != _config.generation():
            state = self._rebuild()
        chosen = strict is not None or self.config.is_set("strict") or CONFIG.is_set("strict")
        rkey = (format, strict, chosen) if not json_schema and output_schema else (format, strict, chosen, json_schema, output_schema)
        try:
            return state.rendered[rkey]  # type: ignore[no-any-return]
        except (KeyError, TypeError):
            pass
        provider = get_provider(coerce_format(format if format is not None else self.config.default_format))
        # an explicit strict=True raises where the provider has no strict mode; the
        # configured default (CONFIG.strict, @tool(strict=True)) applies where it has one;
        # None when nobody chose (a provider with its own default, Responses, keeps it)
        use_strict: Optional[bool]
        if strict is not None:
            use_strict = bool(strict)
        elif chosen:
            use_strict = bool(self.config.strict) and provider.strict_walker is not None
        else:
            use_strict = None
        result = freeze(provider.tool(state.definition, use_strict, json_schema=json_schema, output_schema=output_schema))
        try:
            state.rendered[rkey] = result
        except TypeError:  # unhashable format argument
            pass
        return result  # type: ignore[no-any-return]

    # -- calling ------------------------------------------------------------------
    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None and not isinstance(self.func, (classmethod, staticmethod)):
            return self
        bound = self.func.__get__(obj, owner)
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.func = bound
        clone.schema = ToolSchema(clone)
        return clone

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:  # type: ignore[valid-type]
        conv = self._shared.converters
        if conv is None:
            conv = self._shared.converters = self._converters()
        if conv:
            args, kwargs = self._convert(conv, args, kwargs)  # type: ignore[assignment]
        if self.kind is ToolKind.MODEL:
            return self.func(*args, **kwargs)  # type: ignore[no-any-return]
        func = self.func
        if isinstance(func, classmethod):  # called on the undecorated descriptor
            raise TypeError(f"{self.name}: call the classmethod through its class")
        return func(*args, **kwargs)  # type: ignore[no-any-return]

    def _converters(self) -> dict[Any, Callable[[Any], Any]]:
        """Direct calls accept enum member names (2.x behaviour): find enum parameters."""
        if self.kind in (ToolKind.MODEL, ToolKind.CLASS):
            return {}
        try:
            info = self._info()
        except ToolDefinitionError:
            return {}
        conv: dict[Any, Callable[[Any], Any]] = {}
        index = 0
        for p in info.params:
            fn = _enum_converter(p.annotation)
            if fn is not None:
                conv[p.name] = fn
                if p.kind in (p.kind.POSITIONAL_ONLY, p.kind.POSITIONAL_OR_KEYWORD):
                    conv[index] = fn
            index += 1
        return conv

    def _convert(self, conv: dict[Any, Callable[[Any], Any]], args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
        new_args = tuple(conv[i](a) if i in conv else a for i, a in enumerate(args))
        new_kwargs = {k: conv[k](v) if k in conv else v for k, v in kwargs.items()}
        return new_args, new_kwargs

    def validate(self, arguments: Union[str, bytes, dict[str, Any], None], *, max_bytes: Optional[int] = None, max_depth: Optional[int] = None) -> BaseModel:
        """Validate a model's arguments (a dict, or a JSON string validated with
        ``validate_json``) and return the model instance. Raises ``ToolCallError``."""
        instance: BaseModel = _calling().validate_instance(
            self.binding(), self.name, arguments, max_bytes=max_bytes, max_depth=max_depth, schema=self._parameters
        )
        return instance

    def invoke(self, arguments: Union[str, bytes, dict[str, Any], None], *, context: Optional[dict[str, Any]] = None) -> Any:
        """Validate ``arguments`` and call the function; for a model/dataclass tool return
        the validated instance. Raises ``ToolCallError`` before calling on invalid input;
        exceptions raised by the function propagate."""
        instance = self.validate(arguments)
        if self.kind is ToolKind.MODEL:
            return instance
        result = self.call_values(instance.__dict__, context)
        if inspect.isawaitable(result):
            close = getattr(result, "close", None)
            if close is not None:
                close()
            raise TypeError(f"tool {self.name!r} is async; use 'await tool.ainvoke(...)'")
        return result

    async def ainvoke(self, arguments: Union[str, bytes, dict[str, Any], None], *, context: Optional[dict[str, Any]] = None) -> Any:
        """Async [`invoke`][tool2schema.tool.Tool.invoke]: awaits async functions, calls sync ones directly."""
        instance = self.validate(arguments)
        if self.kind is ToolKind.MODEL:
            return instance
        result = self.call_values(instance.__dict__, context)
        if inspect.isawaitable(result):
            result = await result
        return result

    def validate_values(self, arguments: Any, *, max_bytes: Optional[int] = None, max_depth: Optional[int] = None) -> dict[str, Any]:
        """Validate a model's arguments into a dict of field values (no model instance).
        Raises ``ToolCallError`` with the text the model reads."""
        values: dict[str, Any] = _calling().validate_values(
            self.binding(), self.name, arguments, max_bytes=max_bytes, max_depth=max_depth, schema=self._parameters
        )
        return values

    def _parameters(self) -> dict[str, Any]:
        """The canonical parameters schema (what the coercions consult to know which keys may be left out)."""
        return self.definition().parameters

    def call_values(self, values: dict[str, Any], context: Optional[dict[str, Any]] = None) -> Any:
        """Run the tool with validated field values plus the parameters the application
        supplies (``context``); a model tool returns its validated instance, a dataclass
        or TypedDict tool the instance/dict."""
        return _calling().call_with_values(self.binding(), self.func, self.kind, self.name, values, context)


@functools.cache
def _calling() -> Any:
    """`tool2schema.calling` (it imports Pydantic), imported on first use and then
    kept: an ``import`` statement in a method costs microseconds on every call."""
    from . import calling

    return calling


def _model_tool_parameters(name: str, parameters: dict[str, Any], cfg: Config) -> dict[str, Any]:
    ignore = set(cfg.ignore_parameters)
    if cfg.ignore_all_parameters:
        ignore = set(parameters["properties"])
    if not ignore:
        return parameters
    required = parameters.get("required", [])
    bad = sorted(ignore & set(required))
    if bad:
        raise ToolDefinitionError(f"tool {name!r}: cannot ignore required field(s) {', '.join(bad)} of a model tool; give them defaults")
    props = {k: v for k, v in parameters["properties"].items() if k not in ignore}
    return {**parameters, "properties": props}


def _enum_converter(annotation: Any) -> Callable[[Any], Any] | None:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _enum_converter(typing.get_args(annotation)[0])
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        members = annotation.__members__

        def by_name(value: Any) -> Any:
            return members[value] if isinstance(value, str) and value in members else value

        return by_name
    if origin in (list, set, tuple, frozenset):
        args = typing.get_args(annotation)
        item = _enum_converter(args[0]) if args else None
        if item is None:
            return None
        convert_item = item

        def each(v: Any) -> Any:
            return type(v)(convert_item(x) for x in v) if isinstance(v, (list, tuple, set, frozenset)) else v

        return each
    if origin is not None and origin is not typing.Literal:
        for arg in typing.get_args(annotation):
            inner = _enum_converter(arg)
            if inner is not None:
                return inner
    return None


def _docstring_examples(name: str, texts: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """The JSON objects of a docstring's ``Examples:`` section: one per line starting with
    ``{`` (or the whole section as one object). Other lines (doctests, prose) are skipped."""
    import json

    found: list[dict[str, Any]] = []
    for text in texts:
        whole = None
        if text.lstrip().startswith("{") and text.rstrip().endswith("}"):
            try:
                whole = json.loads(text)
            except ValueError:
                pass  # several objects, one per line: read below
        if isinstance(whole, dict):
            found.append(whole)
            continue
        for line in text.splitlines():
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                value = json.loads(line)
            except ValueError as exc:
                raise ToolDefinitionError(
                    f"tool {name!r}: the Examples section line {line!r} is not a JSON object ({exc}); "
                    "write one JSON object of arguments per line"
                ) from None
            if isinstance(value, dict):
                found.append(value)
    return tuple(found)


_CALLABLE = ToolKind.CALLABLE
_FUNCTION = ToolKind.FUNCTION


def _kind_of(target: Any) -> ToolKind:
    if isinstance(target, type):
        pydantic = sys.modules.get("pydantic")  # a BaseModel subclass implies pydantic is imported
        if pydantic is not None and issubclass(target, pydantic.BaseModel):
            return ToolKind.MODEL
        import dataclasses

        if dataclasses.is_dataclass(target) or is_typed_dict(target):
            return ToolKind.CLASS
        raise ToolDefinitionError(
            f"tool(): class {target.__name__!r} is not a Pydantic model, dataclass or TypedDict; "
            "decorate a function or one of those"
        )
    if inspect.isfunction(target) or inspect.ismethod(target) or isinstance(target, functools.partial):
        return _FUNCTION
    if callable(target):
        return _CALLABLE
    raise ToolDefinitionError(f"tool(): {target!r} is not callable")


CALLERS = ("direct", "code")
"""The provider-neutral names ``@tool(callers=...)`` takes."""


@overload
def tool(func: type[R], /) -> Tool[..., R]: ...
@overload
def tool(func: Callable[P, R], /) -> Tool[P, R]: ...  # type: ignore[overload-overlap]
@overload
def tool(
    func: None = None,
    /,
    *,
    name: Optional[str] = None,
    description: Optional[str] = None,
    tags: Sequence[str] = (),
    ignore_parameters: Optional[Sequence[str]] = None,
    ignore_all_parameters: Optional[bool] = None,
    ignore_function_description: Optional[bool] = None,
    ignore_parameter_descriptions: Optional[bool] = None,
    strict: Optional[bool] = None,
    enum_style: Optional[str] = None,
    lint_ignore: Optional[Sequence[str]] = None,
    inject: Sequence[str] = (),
    forbid_extra: bool = False,
    examples: Sequence[dict[str, Any]] = (),
    timeout: Optional[float] = None,
    defer_loading: bool = False,
    callers: Sequence[str] = (),
    eager_input_streaming: Optional[bool] = None,
    output_schema: bool = True,
) -> Callable[[Callable[P, R]], Tool[P, R]]: ...


def tool(func: Any = None, /, **options: Any) -> Any:
    """Turn a function (plain, async, method, classmethod, staticmethod, bound method,
    callable object) or a Pydantic model / dataclass / TypedDict into a [`Tool`][tool2schema.Tool].

    Bare (``@tool``) or with options (``@tool(name=..., tags=[...])``). Options left at
    ``None`` follow ``tool2schema.CONFIG``:

    - ``name`` / ``description``: override the function name / docstring description.
    - ``tags``: labels for ``find_tools(module, tag=...)``.
    - ``ignore_parameters``, ``ignore_all_parameters``: leave parameters out of the schema
      (a left-out parameter must have a default or be supplied as context at dispatch).
    - ``ignore_function_description``, ``ignore_parameter_descriptions``.
    - ``strict``: render OpenAI strict-mode schemas by default.
    - ``enum_style``: ``"name"`` (default; schema lists member names) or ``"value"``.
    - ``inject``: names of parameters the application supplies at dispatch (see ``Injected``).
    - ``lint_ignore``: lint rule codes (or prefixes) ``tool2schema.lint`` skips for this tool.
    - ``forbid_extra``: reject arguments the schema does not declare (default: ignore them).
    - ``examples``: example arguments (dicts), validated by the tool's model at first build;
      Anthropic receives them as ``input_examples`` (an ``Examples:`` docstring section of
      JSON objects adds more).
    - ``timeout``: seconds a ``ToolRegistry`` lets one call run before answering with an
      error of kind ``timeout`` (overrides the registry's ``timeout``).
    - ``defer_loading``: left out of ``registry.request(..., defer=True)`` (or sent
      deferred where the provider takes that) until a tool search finds it.
    - ``callers``: who may call the tool: ``"direct"`` (the model) and/or ``"code"``
      (code the model runs: programmatic tool calling), mapped to each provider's
      ``allowed_callers`` (Anthropic, OpenAI Responses; other formats have no such field).
    - ``eager_input_streaming``: Anthropic's per-tool flag (None: the API's default).
    - ``output_schema=False``: leave the return annotation's schema out of every format.
    """
    if func is None:
        return lambda f: Tool(f, localns=caller_locals(f, 1), **options)
    return Tool(func, localns=caller_locals(func, 1), **options)
