"""tool2schema 2.x and 1.x names, with their 2.x meaning and output shapes.

``EnableTool`` (1.x: ``GPTEnabled``) makes a [`Tool`][tool2schema.Tool] whose
``to_json(schema_type)`` returns exactly the 2.x layouts:

- ``SchemaType.OPENAI_API``: ``{"type": "function", "function": {"name", "parameters"?,
  "description"?}}`` — ``parameters`` only when the function has parameters;
- ``SchemaType.OPENAI_TUNE``: ``{"name", "parameters", "description"?}``;
- ``SchemaType.ANTHROPIC_CLAUDE``: the name, the parameters under the Anthropic
  provider's ``parameters_key``, and the description;

with ``description`` present whenever the function has a docstring (whitespace
collapsed onto one line, as 2.x did), ``required`` only when non-empty, and an
unknown or missing type hint written as ``{"type": "object"}`` instead of failing.
Types 2.x wrote as a bare ``object`` (nested models, dicts, dates...) now get their
full schema. Returned dicts are fresh, mutable copies, as in 2.x.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any, Callable, Optional

from pydantic import ValidationError

from .config import CONFIG, SchemaType
from .discovery import find_tools
from .errors import ParseException
from .frozen import thaw
from .introspect import caller_locals
from .jsonschema import transform
from .providers import SchemaFormat, coerce_format
from .providers import get as get_provider
from .tool import Tool


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _legacy_property(node: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    out = dict(node)
    if out.get("items") == {}:
        del out["items"]
    if out.get("additionalProperties") is True:
        del out["additionalProperties"]
    if isinstance(out.get("description"), str):
        out["description"] = _collapse(out["description"])
    return out


class ToolEnabled(Tool[Any, Any]):
    """A tool built by the 2.x ``EnableTool`` decorator (see module doc)."""

    def to_json(self, schema_type: Any = None, strict: Optional[bool] = None) -> dict[str, Any]:  # type: ignore[override]
        if schema_type is None:
            schema_type = self.config.schema_type
        fmt = coerce_format(schema_type)
        legacy = {SchemaFormat.OPENAI: SchemaType.OPENAI_API, SchemaFormat.OPENAI_TUNE: SchemaType.OPENAI_TUNE, SchemaFormat.ANTHROPIC: SchemaType.ANTHROPIC_CLAUDE}
        if fmt not in legacy or strict:
            return thaw(super().to_json(fmt, strict=strict))  # type: ignore[no-any-return]

        return _legacy_schema(self, legacy[fmt])


def _legacy_schema(t: Tool[Any, Any], schema_type: SchemaType) -> dict[str, Any]:
    spec = t.definition()
    params = transform(thaw(spec.parameters), _legacy_property)
    params.pop("additionalProperties", None)
    if not params.get("required"):
        params.pop("required", None)
    fn: dict[str, Any] = {"name": spec.name}
    key = get_provider(schema_type.to_format()).parameters_key
    if schema_type is SchemaType.ANTHROPIC_CLAUDE or params["properties"] or schema_type is SchemaType.OPENAI_TUNE:
        fn[key] = params
    if spec.description or spec.description_given:
        fn["description"] = _collapse(spec.description)
    if schema_type is SchemaType.OPENAI_API:
        return {"type": "function", "function": fn}
    return fn


def EnableTool(func: Optional[Callable[..., Any]] = None, **kwargs: Any) -> Any:
    """2.x decorator: ``@EnableTool`` or ``@EnableTool(tags=[...], ignore_parameters=[...], ...)``."""
    if func is None:
        return lambda f: ToolEnabled(f, lenient=True, localns=caller_locals(f, 1), **kwargs)
    return ToolEnabled(func, lenient=True, localns=caller_locals(func, 1), **kwargs)


def FindToolEnabled(module: ModuleType) -> list[Tool[Any, Any]]:
    """2.x: every tool in ``module``."""
    return find_tools(module)


def FindToolEnabledSchemas(module: ModuleType, schema_type: Optional[SchemaType] = None) -> list[dict[str, Any]]:
    """2.x: the schemas of every tool in ``module``."""
    return [_schema(x, schema_type) for x in FindToolEnabled(module)]


def _schema(t: Tool[Any, Any], schema_type: Any) -> dict[str, Any]:
    if isinstance(t, ToolEnabled):
        return t.to_json(schema_type)
    fmt = coerce_format(schema_type if schema_type is not None else CONFIG.schema_type)
    return thaw(t.to_json(fmt))  # type: ignore[no-any-return]


def FindToolEnabledByName(module: ModuleType, name: str) -> Optional[Tool[Any, Any]]:
    """2.x: the tool whose function is called ``name``, or None."""
    for t in FindToolEnabled(module):
        if t.__name__ == name or t.name == name:
            return t
    return None


def FindToolEnabledByNameSchema(module: ModuleType, name: str, schema_type: Optional[SchemaType] = None) -> Optional[dict[str, Any]]:
    """2.x: the schema of the tool called ``name``, or None."""
    t = FindToolEnabledByName(module, name)
    return None if t is None else _schema(t, schema_type)


def FindToolEnabledByTag(module: ModuleType, tag: str) -> list[Tool[Any, Any]]:
    """2.x: the tools of ``module`` tagged ``tag``."""
    return [x for x in FindToolEnabled(module) if x.has(tag)]


def FindToolEnabledByTagSchemas(module: ModuleType, tag: str, schema_type: Optional[SchemaType] = None) -> list[dict[str, Any]]:
    """2.x: the schemas of the tools of ``module`` tagged ``tag``."""
    return [_schema(x, schema_type) for x in FindToolEnabledByTag(module, tag)]


def SaveToolEnabled(module: ModuleType, path: str, schema_type: Optional[SchemaType] = None) -> None:
    """2.x: write the schemas of every tool in ``module`` to ``path`` as JSON."""
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(FindToolEnabledSchemas(module, schema_type), fh)


def LoadToolEnabled(
    module: ModuleType,
    function: dict[str, Any],
    validate: bool = True,
    ignore_hallucinations: bool = True,
) -> tuple[Callable[..., Any], dict[str, Any]]:
    """2.x: find the tool named in ``function`` (``{"name", "arguments"}``, arguments a
    dict or a JSON string) and return ``(tool, arguments)``. With ``validate`` the
    arguments are checked against the tool's model; ``ignore_hallucinations=False``
    rejects arguments the function does not have. Raises ``ParseException`` with the
    2.x messages."""
    if not (name := function.get("name", None)):
        raise ParseException("'name' key is missing from the dictionary")
    if (arguments := function.get("arguments", None)) is None:
        raise ParseException("'arguments' key is missing from the dictionary")
    if isinstance(arguments, dict):
        arguments = dict(arguments)
    elif isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except json.decoder.JSONDecodeError:
            raise ParseException("Arguments are not in valid JSON format") from None
        if type(arguments) is not dict:
            raise ParseException("Arguments are not in the form of a dictionary")
    else:
        raise ParseException(f"Arguments cannot be of type {type(arguments)}")
    f = FindToolEnabledByName(module, name)
    if not f:
        raise ParseException(
            f"Function with name '{name}' is not defined in given module "
            f"'{module.__name__}' or is missing 'EnableTool' decorator"
        )
    if validate:
        arguments = _validate(f, arguments, ignore_hallucinations)
    return f, arguments


def _validate(f: Tool[Any, Any], arguments: dict[str, Any], ignore_hallucinations: bool) -> dict[str, Any]:
    model = f.args_model
    by_alias = {(fi.alias or n): n for n, fi in model.model_fields.items()}
    extra = [k for k in arguments if k not in by_alias]
    try:
        # 2.x checked JSON types exactly (no "1" -> 1): Pydantic's strict mode does the same
        model.model_validate({k: v for k, v in arguments.items() if k in by_alias}, strict=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = str(err["loc"][0]) if err["loc"] else "?"
        if err["type"] == "missing":
            raise ParseException(f"Required argument '{key}' is missing") from None
        raise ParseException(f"Argument '{key}' cannot accept value '{arguments.get(key)}'") from None
    if not ignore_hallucinations and extra:
        raise ParseException(f"Hallucinated argument(s): {', '.join(extra)}")
    # 2.x returned the arguments as given (calling the tool converts enum names)
    return {k: v for k, v in arguments.items() if k in by_alias}


GPTEnabled = EnableTool
FindGPTEnabled = FindToolEnabled
FindGPTEnabledSchemas = FindToolEnabledSchemas
FindGPTEnabledByName = FindToolEnabledByName
FindGPTEnabledByNameSchema = FindToolEnabledByNameSchema
FindGPTEnabledByTag = FindToolEnabledByTag
FindGPTEnabledByTagSchemas = FindToolEnabledByTagSchemas
SaveGPTEnabled = SaveToolEnabled
LoadGPTEnabled = LoadToolEnabled
