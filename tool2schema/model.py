"""FunctionInfo -> a Pydantic model of the tool's arguments.

Pydantic is the single source of type semantics: the JSON Schema a provider sees and
the validator that checks a model's arguments are generated from the same model.
"""

from __future__ import annotations

import enum
import functools
import keyword
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, ValidationError, WithJsonSchema, create_model
from pydantic.errors import PydanticSchemaGenerationError, PydanticUserError
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError

from .errors import ToolDefinitionError
from .introspect import EMPTY, FunctionInfo, Param

_UNION_TYPES: tuple[Any, ...] = (Union, types.UnionType) if hasattr(types, "UnionType") else (Union,)
_RESERVED = frozenset(dir(BaseModel))


@dataclass(frozen=True)
class ModelOptions:
    """The options that change the generated model."""

    ignore: frozenset[str] = frozenset()
    ignore_all: bool = False
    enum_style: str = "name"
    forbid_extra: bool = False
    lenient: bool = False
    """2.x compatibility: unknown types become ``{"type": "object"}`` instead of an error."""
    probe_schemas: bool = False
    """With ``lenient``: also replace types Pydantic validates but cannot describe."""
    extra_enums: tuple[tuple[str, tuple[Any, ...]], ...] = ()


@dataclass
class ArgsModel:
    """A generated model plus how its fields map back onto the function's parameters."""

    model: type[BaseModel]
    fields: dict[str, str]
    """model field name -> Python parameter name, for parameters the model supplies."""
    positional_only: tuple[str, ...] = ()
    hidden: dict[str, Param] = field(default_factory=dict)
    """Parameters left out of the schema (ignored or injected), by name."""
    keyword_only: frozenset[str] = frozenset()
    """Parameters (Python names) that can only be passed by keyword."""
    direct: bool = False
    """Field names are the parameter names and nothing else is needed: the validated
    field values are the call's keyword arguments as they are."""
    values_validator: Any = None
    """A validator of the model's fields that returns them as a dict (no instance);
    None when only the model's own validator fits (then use ``model``)."""

    def __post_init__(self) -> None:
        self.direct = not self.hidden and not self.positional_only and all(k == v for k, v in self.fields.items())
        self.values_validator = _fields_validator(self.model)


def _fields_validator(model: type[BaseModel]) -> Any:
    """Pydantic's validator of ``model``'s fields as a TypedDict: the same field schemas,
    defaults and config, returning the values as a dict instead of building an instance
    (about half the cost). None when the core schema is not the plain generated shape."""
    from pydantic_core import SchemaValidator, core_schema

    try:
        schema: Any = model.__pydantic_core_schema__
        definitions = None
        if schema["type"] == "definitions":
            definitions = schema["definitions"]
            schema = schema["schema"]
        if schema["type"] != "model" or schema["schema"]["type"] != "model-fields" or schema.get("custom_init"):
            return None
        inner = schema["schema"]
        if inner.get("computed_fields") or inner.get("extras_schema"):
            return None
        fields = {}
        for name, f in inner["fields"].items():
            if f.get("type") != "model-field":
                return None
            fields[name] = core_schema.typed_dict_field(
                f["schema"],
                required=f["schema"].get("type") != "default",
                validation_alias=f.get("validation_alias"),
                serialization_alias=f.get("serialization_alias"),
            )
        config: Any = schema.get("config") or {}
        typed: Any = core_schema.typed_dict_schema(
            fields, cls_name=model.__name__, extra_behavior=config.get("extra_fields_behavior") or "ignore", config=config,
        )
        if definitions:
            typed = core_schema.definitions_schema(typed, definitions)
        return SchemaValidator(typed, config)
    except Exception:  # noqa: BLE001 - the model path always works
        return None


def is_optional(annotation: Any) -> bool:
    """Whether ``None`` is a valid value of ``annotation``."""
    if annotation is None or annotation is type(None) or annotation is Any:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return is_optional(typing.get_args(annotation)[0])
    if origin in _UNION_TYPES:
        return any(is_optional(a) for a in typing.get_args(annotation))
    if origin is Literal:
        return None in typing.get_args(annotation)
    return False


@functools.lru_cache(maxsize=1024)
def enum_by_name(enum_cls: type[enum.Enum]) -> Any:
    """``enum_cls`` validated and described by member *name* (tool2schema 2.x style).

    The schema lists the names; validation accepts exactly a name (converted to its
    member) or a member itself (a Python caller). A member's *value* is refused, as in
    2.x: it is not in the schema's enum, and a value can equal another member's name.
    """
    names = list(enum_cls.__members__)
    members = enum_cls.__members__
    expected = " or ".join(repr(n) for n in names)

    def to_member(value: Any) -> Any:
        if isinstance(value, enum_cls):
            return value
        if isinstance(value, str):
            found = members.get(str.__str__(value))
            if found is not None:
                return found
        raise PydanticCustomError("enum", "Input should be {expected}", {"expected": expected})

    schema: dict[str, Any] = {"type": "string", "enum": names}
    return typing.Annotated[
        enum_cls,
        BeforeValidator(to_member),
        PlainSerializer(lambda m: m.name if isinstance(m, enum.Enum) else m, when_used="json"),
        WithJsonSchema(schema),
    ]


def adapt_annotation(annotation: Any, enum_style: str) -> Any:
    """Rewrite ``annotation`` so that enums found in the signature follow ``enum_style``,
    and a numeric ``Literal``/enum refuses ``true``/``false`` (Pydantic takes ``True`` for
    ``1``; JSON Schema's ``enum: [1, 2]`` does not).

    Enums inside the user's own Pydantic models/dataclasses are left alone: those models
    validate enum values, and the schema must agree with the validator.
    """
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        if enum_style == "name":
            return enum_by_name(annotation)
        return _no_bools(annotation, [m.value for m in annotation])
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return _no_bools(annotation, typing.get_args(annotation))
    if origin is None:
        return annotation
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        inner = adapt_annotation(args[0], enum_style)
        return annotation if inner is args[0] else typing.Annotated[(inner,) + tuple(annotation.__metadata__)]
    new_args = tuple(a if a is Ellipsis else adapt_annotation(a, enum_style) for a in args)
    if all(a is b for a, b in zip(args, new_args, strict=True)):
        return annotation
    if origin in _UNION_TYPES:
        return Union[new_args]
    try:
        return origin[new_args if len(new_args) > 1 else new_args[0]]
    except TypeError:
        return annotation


def _refuse_bool(value: Any) -> Any:
    if isinstance(value, bool):
        raise PydanticCustomError("literal_error", "Input should be a number, not a boolean")
    return value


def _no_bools(annotation: Any, values: Any) -> Any:
    """``annotation`` refusing booleans when its allowed values are numbers (not booleans)."""
    if any(isinstance(v, bool) for v in values) or not any(isinstance(v, (int, float)) for v in values):
        return annotation
    return typing.Annotated[annotation, BeforeValidator(_refuse_bool)]


def _annotated_field_info(annotation: Any) -> FieldInfo | None:
    """The ``Field(...)`` of ``Annotated[T, ..., Field(...)]`` (several are merged the way
    Pydantic merges them: the last one's explicit settings win)."""
    if typing.get_origin(annotation) is typing.Annotated:
        infos = [meta for meta in annotation.__metadata__ if isinstance(meta, FieldInfo)]
        if len(infos) == 1:
            return infos[0]
        if infos:
            return FieldInfo.from_annotation(annotation)
    return None


def _has_field_description(annotation: Any) -> bool:
    info = _annotated_field_info(annotation)
    return info is not None and info.description is not None


def default_value(param: Param) -> Any:
    """The value ``param`` takes when a call leaves it out: the signature default, or the
    ``default`` / ``default_factory`` (called each time) of a ``Field(...)`` given as the
    default or in ``Annotated``; ``EMPTY`` when it has none (the parameter is required)."""
    default = param.default
    if not isinstance(default, FieldInfo) and default is not EMPTY:
        return default
    info = default if isinstance(default, FieldInfo) else _annotated_field_info(param.annotation)
    if info is None or info.is_required():
        return EMPTY
    return info.get_default(call_default_factory=True)


def _field_for(param: Param, annotation: Any, field_name: str, options: ModelOptions) -> tuple[Any, FieldInfo]:
    default = param.default
    if isinstance(default, FieldInfo):
        # Extra settings ride on an Annotated Field that the default's own explicit
        # settings override (assigning to the user's FieldInfo would not reach the schema).
        extra: dict[str, Any] = {}
        if default.description is None and param.description and not _has_field_description(annotation):
            extra["description"] = param.description
        if field_name != param.name and default.alias is None:
            extra["alias"] = param.name
        if extra:
            annotation = typing.Annotated[annotation, Field(**extra)]
        return annotation, default
    kwargs: dict[str, Any] = {}
    if param.description and not _has_field_description(annotation):
        kwargs["description"] = param.description
    if field_name != param.name:
        kwargs["alias"] = param.name
    if default is EMPTY:
        return annotation, Field(**kwargs)
    if options.enum_style == "name" and _has_enum(default):
        # the schema lists member names, so its default must be a name too
        kwargs["json_schema_extra"] = {"default": _enum_names(default)}
    return annotation, Field(default, **kwargs)


def _has_enum(value: Any) -> bool:
    if isinstance(value, enum.Enum):
        return True
    return isinstance(value, (list, tuple, set, frozenset)) and any(isinstance(v, enum.Enum) for v in value)


def _enum_names(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.name
    return [_enum_names(v) for v in value]


def _safe_field_name(name: str, index: int) -> str:
    if name.startswith("_") or name.startswith("model_") or name in _RESERVED or keyword.iskeyword(name):
        return f"p{index}_{name.lstrip('_')}"
    return name


_TYPE_FIX = (
    "Use a type Pydantic supports (a BaseModel, dataclass, TypedDict, Enum, Literal, "
    "container or standard scalar) or give it a schema with "
    "Annotated[..., PlainValidator(...), WithJsonSchema({...})]"
)


def _unknown_type_error(tool_name: str, param: Param, exc: BaseException, member: str = "parameter") -> ToolDefinitionError:
    found = locate_unsupported(param.annotation)
    where = f" (at {param.name}.{found[0]}: {_type_name(found[1])})" if found else ""
    injected = ", or mark it as supplied by the application with Annotated[..., Injected]" if member == "parameter" else ""
    return ToolDefinitionError(
        f"tool {tool_name!r}, {member} {param.name!r}: type {_type_name(param.annotation)} cannot be "
        f"validated or described by Pydantic{where}. {_TYPE_FIX}{injected}."
        f" (Pydantic said: {str(exc).splitlines()[0]})"
    )


def model_schema_error(tool_name: str, model: type[BaseModel], exc: BaseException) -> ToolDefinitionError:
    """The error of a model tool whose JSON Schema Pydantic cannot generate: the field
    path and type at fault, and what to do (same wording as for a function parameter)."""
    found = locate_unsupported(model)
    if found is None:
        return ToolDefinitionError(f"tool {tool_name!r}: cannot generate its JSON Schema ({str(exc).splitlines()[0]}). {_TYPE_FIX}.")
    path, tp = found
    return ToolDefinitionError(
        f"tool {tool_name!r}, field {path!r}: type {_type_name(tp)} cannot be described as JSON "
        f"Schema by Pydantic, so no model can be told what to send. {_TYPE_FIX}."
        f" (Pydantic said: {str(exc).splitlines()[0]})"
    )


def _type_name(tp: Any) -> str:
    if isinstance(tp, type) and typing.get_origin(tp) is None:
        return tp.__qualname__
    return repr(tp).replace("typing.", "")


def _supported(annotation: Any) -> bool:
    """Whether Pydantic can both validate and describe ``annotation``."""
    from pydantic import TypeAdapter

    try:
        try:
            adapter = TypeAdapter(annotation)
        except PydanticSchemaGenerationError:  # an arbitrary type: validatable, maybe describable
            adapter = TypeAdapter(annotation, config=ConfigDict(arbitrary_types_allowed=True))
        adapter.json_schema()
    except Exception:  # noqa: BLE001 - any failure means "not supported"
        return False
    return True


def _members(tp: Any, seen: set[int]) -> list[tuple[str, Any]]:
    """(name, annotation) of the fields of every model/dataclass/TypedDict inside ``tp``
    (through ``Optional``, containers and ``Annotated``)."""
    import dataclasses

    from .introspect import is_typed_dict

    origin = typing.get_origin(tp)
    if origin is not None:
        if origin is Literal:
            return []
        args = typing.get_args(tp)[:1] if origin is typing.Annotated else typing.get_args(tp)
        return [m for a in args for m in _members(a, seen)]
    if not isinstance(tp, type) or id(tp) in seen:
        return []
    seen.add(id(tp))
    if issubclass(tp, BaseModel):
        out: list[tuple[str, Any]] = []
        for n, f in tp.model_fields.items():
            parts = (f.annotation, *f.metadata)
            out.append((n, typing.Annotated[parts] if f.metadata else f.annotation))  # type: ignore[valid-type]
        return out
    if dataclasses.is_dataclass(tp) or is_typed_dict(tp):
        try:
            hints = typing.get_type_hints(tp, include_extras=True)
        except Exception:  # noqa: BLE001 - unresolvable: nothing more precise to say
            return []
        if dataclasses.is_dataclass(tp):
            return [(f.name, hints.get(f.name, Any)) for f in dataclasses.fields(tp)]
        return list(hints.items())
    return []


def locate_unsupported(tp: Any, _seen: set[int] | None = None) -> tuple[str, Any] | None:
    """(dotted field path, type) of the innermost field inside the models, dataclasses
    and TypedDicts of ``tp`` that Pydantic cannot validate or describe; None when no
    field is at fault (``tp`` itself is)."""
    seen = _seen if _seen is not None else set()
    for name, annotation in _members(tp, seen):
        if _supported(annotation):
            continue
        deeper = locate_unsupported(annotation, seen)
        return (f"{name}.{deeper[0]}", deeper[1]) if deeper else (name, annotation)
    return None


_OBJECT_ANY = typing.Annotated[Any, WithJsonSchema({"type": "object"})]


def _describable(annotation: Any) -> Any:
    """2.x compatibility: a type Pydantic cannot describe is written as ``{"type": "object"}``
    (and still validated by Pydantic where it can be)."""
    from pydantic import TypeAdapter

    try:
        adapter = TypeAdapter(annotation, config=ConfigDict(arbitrary_types_allowed=True))
    except Exception:  # noqa: BLE001 - not even validatable: accept anything, as 2.x did
        return _OBJECT_ANY
    try:
        adapter.json_schema()
    except Exception:  # noqa: BLE001
        return typing.Annotated[annotation, WithJsonSchema({"type": "object"})]
    return annotation


def is_hidden(param: Param, options: ModelOptions) -> bool:
    """Whether ``param`` is left out of the schema (injected or ignored)."""
    return param.inject_key is not None or options.ignore_all or param.name in options.ignore


def field_annotation(param: Param, options: ModelOptions, extra_enums: dict[str, tuple[Any, ...]]) -> Any:
    """The type a parameter is validated and described as (the one place these rules live)."""
    if param.name in extra_enums:
        annotation: Any = Literal[extra_enums[param.name]]  # type: ignore[valid-type]
    elif not param.annotated and options.lenient:
        annotation = _OBJECT_ANY
    else:
        annotation = adapt_annotation(param.annotation, options.enum_style)
    if param.default is None and not is_optional(annotation):
        annotation = Optional[annotation]  # PEP 484 implicit Optional: `x: int = None`
    return annotation


# -- fast path: the parameters schema without building the model ----------------------
#
# Pydantic generates the schema of each parameter *type* once (cached across tools);
# the per-field parts (description, default, required) are added exactly the way
# Pydantic adds them at the model level. Anything unusual (a Field(...) default,
# aliases, a recursive type) returns None and the caller builds the full model.
# tests/test_tool.py checks the two paths give equal schemas for every corpus tool.

_TYPE_SCHEMAS: dict[Any, tuple[Any, dict[str, Any] | None, BaseException | None]] = {}
_MAX_CACHED = 4096
_FALLBACK = object()


def _type_key(annotation: Any) -> Any:
    """The cache key of a type: the type itself, except that an ``Annotated`` type's
    ``FieldInfo`` (an object compared by identity, a new one per parameter) is keyed by
    its repr, which lists every setting it holds: two parameters typed
    ``Annotated[int, Field(ge=1, le=100)]`` share one TypeAdapter and schema."""
    metadata = getattr(annotation, "__metadata__", None)
    if metadata is None or typing.get_origin(annotation) is not typing.Annotated:
        return annotation
    return (typing.Annotated, annotation.__origin__, tuple(("FieldInfo", repr(m)) if type(m) is FieldInfo else m for m in metadata))


def _type_entry(annotation: Any, lenient: bool) -> tuple[Any, dict[str, Any] | None, BaseException | None]:
    """(TypeAdapter, clean schema, error) of a type, cached (`_type_key`)."""
    key: Any = (_type_key(annotation), lenient)
    try:
        hit = _TYPE_SCHEMAS.get(key)
    except TypeError:  # unhashable annotation
        key, hit = None, None
    if hit is not None:
        return hit
    from pydantic import TypeAdapter

    from .jsonschema import clean_schema, json_schema_of

    adapter: Any = None
    schema: dict[str, Any] | None = None
    error: BaseException | None = None
    try:
        if lenient:
            try:
                adapter = TypeAdapter(annotation, config=ConfigDict(arbitrary_types_allowed=True))
            except PydanticUserError:  # a model/dataclass/TypedDict brings its own config
                adapter = TypeAdapter(annotation)
        else:
            adapter = TypeAdapter(annotation)
        schema = clean_schema(json_schema_of(adapter))
    except (PydanticSchemaGenerationError, PydanticUserError, TypeError, NameError) as exc:
        if lenient:
            schema = {"type": "object"}
        else:
            error = exc
    except Exception as exc:  # noqa: BLE001 - e.g. PydanticInvalidForJsonSchema
        if lenient:
            schema = {"type": "object"}
        else:
            error = exc
    entry = (adapter, schema, error)
    if key is not None:
        if len(_TYPE_SCHEMAS) >= _MAX_CACHED:
            _TYPE_SCHEMAS.clear()
        _TYPE_SCHEMAS[key] = entry
    return entry


def _encode_default(default: Any, options: ModelOptions) -> Any:
    """A default as Pydantic writes it into a schema, or ``_FALLBACK`` when it cannot."""
    if default is None or type(default) in (str, int, float, bool):
        return default
    if options.enum_style == "name" and _has_enum(default):
        return _enum_names(default)
    from pydantic_core import PydanticSerializationError, to_jsonable_python

    try:
        return to_jsonable_python(default)
    except (PydanticSerializationError, TypeError, ValueError):
        return _FALLBACK


def parameters_schema(info: FunctionInfo, options: ModelOptions) -> dict[str, Any] | None:
    """The canonical parameters schema assembled from cached per-type schemas, or None
    when this tool needs the full-model path. Raises ``ToolDefinitionError`` like
    `build_args_model` does."""
    from .introspect import clean_text

    extra_enums = dict(options.extra_enums)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for param in info.params:
        if is_hidden(param, options):
            continue
        default = param.default
        if isinstance(default, FieldInfo):
            return None
        annotation = field_annotation(param, options, extra_enums)
        annotated_info = _annotated_field_info(annotation)
        if annotated_info is not None and (
            annotated_info.alias or annotated_info.validation_alias or annotated_info.serialization_alias or not annotated_info.is_required()
        ):
            return None  # aliases, and Annotated[T, Field(default=...)]: Pydantic orders those keys its own way
        adapter, schema, error = _type_entry(annotation, options.lenient)
        if error is not None:
            raise _unknown_type_error(info.name, param, error, info.member)
        assert schema is not None
        if "$defs" in schema:
            return None
        prop = dict(schema)
        if default is not EMPTY:
            if default is not None and not options.lenient and adapter is not None:
                _check_default(info, param, adapter, default)
            encoded = _encode_default(default, options)
            if encoded is _FALLBACK:
                return None
            prop["default"] = encoded
        else:
            required.append(param.name)
        if param.description and (annotated_info is None or annotated_info.description is None):
            prop["description"] = clean_text(param.description)
        properties[param.name] = prop
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = required
    if options.forbid_extra:
        out["additionalProperties"] = False
    return out


def _check_default(info: FunctionInfo, param: Param, adapter: Any, default: Any) -> None:
    try:
        adapter.validate_python(default)
    except ValidationError as exc:
        raise _default_error(info, param, default, exc) from None


def _default_error(info: FunctionInfo, param: Param, default: Any, exc: ValidationError) -> ToolDefinitionError:
    err = exc.errors()[0]
    return ToolDefinitionError(
        f"tool {info.name!r}, {info.member} {param.name!r}: the default {default!r} is not a valid "
        f"{param.annotation!r} ({err['msg']}); change the default or the type hint"
    )


def build_args_model(info: FunctionInfo, options: ModelOptions) -> ArgsModel:
    """Build the Pydantic model of ``info``'s model-supplied parameters.

    Raises ``ToolDefinitionError`` (naming the parameter) for a type Pydantic cannot
    handle, a default its type rejects, or two parameters with one schema name.
    """
    extra_enums = dict(options.extra_enums)
    fields: dict[str, Any] = {}
    mapping: dict[str, str] = {}
    hidden: dict[str, Param] = {}
    positional_only: list[str] = []
    keyword_only: set[str] = set()
    params_by_field: dict[str, Param] = {}
    for index, param in enumerate(info.params):
        if is_hidden(param, options):
            hidden[param.name] = param
            continue
        annotation = field_annotation(param, options, extra_enums)
        if options.lenient and options.probe_schemas and param.annotated:
            annotation = _describable(annotation)
        field_name = _safe_field_name(param.name, index)
        _check_default_sources(info, param)
        fields[field_name] = _field_for(param, annotation, field_name, options)
        mapping[field_name] = param.name
        params_by_field[field_name] = param
        if param.kind == param.kind.POSITIONAL_ONLY:
            positional_only.append(param.name)
        elif param.kind == param.kind.KEYWORD_ONLY:
            keyword_only.add(param.name)

    config = ConfigDict(
        extra="forbid" if options.forbid_extra else "ignore",
        arbitrary_types_allowed=options.lenient,
        protected_namespaces=(),
        title=info.name,
    )
    model = _create(info, fields, config, params_by_field, options)
    _check_names(info, model)
    if not options.lenient:
        _check_defaults(info, model, params_by_field)
    return ArgsModel(model, mapping, tuple(positional_only), hidden, frozenset(keyword_only))


def _create(
    info: FunctionInfo,
    fields: dict[str, Any],
    config: ConfigDict,
    params_by_field: dict[str, Param],
    options: ModelOptions,
) -> type[BaseModel]:
    try:
        return create_model(info.name, __config__=config, **fields)  # type: ignore[call-overload,no-any-return]
    except (PydanticSchemaGenerationError, PydanticUserError, TypeError, NameError) as exc:
        first_exc = exc
    # Slow path: find the parameter Pydantic rejects.
    from pydantic import TypeAdapter

    for field_name, (annotation, _info) in list(fields.items()):
        try:
            TypeAdapter(annotation, config=ConfigDict(arbitrary_types_allowed=options.lenient))
        except (PydanticSchemaGenerationError, PydanticUserError, TypeError, NameError) as exc:
            param = params_by_field[field_name]
            if not options.lenient:
                raise _unknown_type_error(info.name, param, exc, info.member) from None
            fields[field_name] = (_OBJECT_ANY, _info)
    try:
        return create_model(info.name, __config__=config, **fields)  # type: ignore[call-overload,no-any-return]
    except Exception as exc:  # noqa: BLE001 - reported with context below
        raise ToolDefinitionError(f"tool {info.name!r}: cannot build its arguments model: {exc}") from first_exc


def _check_default_sources(info: FunctionInfo, param: Param) -> None:
    """A default and a ``default_factory`` given in two places contradict each other."""
    def kind(info: FieldInfo | None) -> str:
        if info is None or info.is_required():
            return ""
        return "factory" if info.default_factory is not None else "default"

    default = param.default
    kinds = {kind(_annotated_field_info(param.annotation))}
    kinds.add(kind(default) if isinstance(default, FieldInfo) else "" if default is EMPTY else "default")
    if kinds == {"factory", "default"}:
        raise ToolDefinitionError(
            f"tool {info.name!r}, {info.member} {param.name!r}: has both a default and a default_factory "
            "(one in the signature, one in Field(...)); keep only one"
        )


def _check_names(info: FunctionInfo, model: type[BaseModel]) -> None:
    seen: dict[str, str] = {}
    for field_name, f in model.model_fields.items():
        schema_name = f.alias or field_name
        if schema_name in seen:
            raise ToolDefinitionError(
                f"tool {info.name!r}: parameters {seen[schema_name]!r} and {field_name!r} both "
                f"appear in the schema as {schema_name!r}; give one a different name or alias"
            )
        seen[schema_name] = field_name


def _check_defaults(info: FunctionInfo, model: type[BaseModel], params_by_field: dict[str, Param]) -> None:
    blank = None
    for field_name, f in model.model_fields.items():
        if f.default_factory is not None or f.is_required() or f.default is None:
            continue
        if blank is None:
            blank = model.model_construct()
        try:
            model.__pydantic_validator__.validate_assignment(blank, field_name, f.default)
        except ValidationError as exc:
            raise _default_error(info, params_by_field[field_name], f.default, exc) from None
