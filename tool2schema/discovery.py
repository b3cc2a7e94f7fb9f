"""Finding tools in modules and saving their schemas.

Discovery is plain attribute iteration over a module's namespace, in definition order.
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import Any, Iterable, Optional, Union

from .providers import FormatLike
from .tool import Tool

ModuleLike = Union[ModuleType, str, Iterable[Union[ModuleType, str]]]


def load_module(target: str) -> ModuleType:
    """Import ``target``: a dotted module name (importable from the current directory)
    or a path to a ``.py`` file. Raises whatever the import raises."""
    if target.endswith(".py") or os.sep in target:
        from importlib.util import module_from_spec, spec_from_file_location

        path = os.path.abspath(target)
        name = os.path.splitext(os.path.basename(path))[0]
        sys.path.insert(0, os.path.dirname(path))
        spec = spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {target!r}")
        module = module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    return importlib.import_module(target)


def _modules(modules: ModuleLike) -> list[ModuleType]:
    items: Iterable[Union[ModuleType, str]] = [modules] if isinstance(modules, (ModuleType, str)) else modules
    out: list[ModuleType] = []
    for m in items:
        if isinstance(m, str):
            try:
                m = importlib.import_module(m)
            except ImportError as exc:
                raise ImportError(f"tool2schema: cannot import module {m!r}: {exc}") from exc
        if not isinstance(m, ModuleType):
            raise TypeError(f"tool2schema: expected a module or a dotted module name, got {m!r}")
        out.append(m)
    return out


def find_tools(modules: ModuleLike, tag: Optional[str] = None) -> list[Tool[Any, Any]]:
    """All tools defined in ``modules`` (a module, a dotted name, or a list of either),
    in definition order, optionally only those tagged ``tag``. A tool reachable under
    two names is listed once."""
    seen: set[int] = set()
    found: list[Tool[Any, Any]] = []
    for module in _modules(modules):
        for value in list(vars(module).values()):
            if isinstance(value, Tool) and id(value) not in seen:
                if tag is None or value.has_tag(tag):
                    seen.add(id(value))
                    found.append(value)
    return found


def find_tool(modules: ModuleLike, name: str) -> Optional[Tool[Any, Any]]:
    """The tool called ``name`` (its tool name, or its Python name), or ``None``."""
    tools = find_tools(modules)
    for t in tools:
        if t.name == name:
            return t
    for t in tools:
        if getattr(t, "__name__", None) == name:
            return t
    return None


def find_schemas(
    modules: ModuleLike,
    format: Optional[FormatLike] = None,
    tag: Optional[str] = None,
    strict: Optional[bool] = None,
) -> list[dict[str, Any]]:
    """The schemas of every tool ``find_tools`` finds, in ``format`` (read-only dicts).

    Builds every tool, so a broken definition raises here, at start-up."""
    return [t.to_json(format, strict=strict) for t in find_tools(modules, tag=tag)]


def save_schemas(
    modules: ModuleLike,
    path: Union[str, os.PathLike[str]],
    format: Optional[FormatLike] = None,
    tag: Optional[str] = None,
    strict: Optional[bool] = None,
) -> str:
    """Write ``find_schemas(...)`` to ``path`` as a JSON list; return the path."""
    import json

    schemas = find_schemas(modules, format=format, tag=tag, strict=strict)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(schemas, fh, ensure_ascii=False, indent=2)
        fh.write("\n")
    return os.fspath(path)
