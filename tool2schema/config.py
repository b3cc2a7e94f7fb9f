"""Global and per-tool configuration.

``tool2schema.CONFIG`` holds the default of every decorator option. A tool resolves an
option from its own explicit setting first, then from ``CONFIG``; changing ``CONFIG``
after decoration changes the schemas of tools already decorated (every change bumps a
generation counter that tool caches compare against, and tells whoever asked with
`on_change`).
"""

from __future__ import annotations

import copy
import threading
import weakref
from enum import Enum
from typing import Any, Callable, Optional

from .providers import SchemaFormat, coerce_format

_generation = 0
_listeners: weakref.WeakKeyDictionary[Any, Callable[[Any], None]] = weakref.WeakKeyDictionary()
_listeners_lock = threading.Lock()


def generation() -> int:
    """A number that changes whenever any ``Config`` setting (or anything else that
    changes how a tool is built or run) changes."""
    return _generation


def changed() -> None:
    """Record a change that can alter built tools: bump `generation` and tell the
    `on_change` listeners."""
    global _generation
    _generation += 1
    with _listeners_lock:
        listening = list(_listeners.items())
    for owner, callback in listening:
        callback(owner)


def on_change(owner: Any, callback: Callable[[Any], None]) -> None:
    """Call ``callback(owner)`` after every `changed`, for as long as ``owner``
    lives (it is held weakly): how a cache of built tools, such as a registry's
    compiled dispatch paths, learns to drop them."""
    with _listeners_lock:
        _listeners[owner] = callback


class SchemaType(Enum):
    """tool2schema 2.x schema types; each maps onto a [`SchemaFormat`][tool2schema.SchemaFormat]."""

    OPENAI_API = 0
    OPENAI_TUNE = 1
    ANTHROPIC_CLAUDE = 2
    API = 0  # 1.x spelling of OPENAI_API
    TUNE = 1  # 1.x spelling of OPENAI_TUNE

    def to_format(self) -> SchemaFormat:
        return _TYPE_TO_FORMAT[self]


_TYPE_TO_FORMAT = {
    SchemaType.OPENAI_API: SchemaFormat.OPENAI,
    SchemaType.OPENAI_TUNE: SchemaFormat.OPENAI_TUNE,
    SchemaType.ANTHROPIC_CLAUDE: SchemaFormat.ANTHROPIC,
}
_FORMAT_TO_TYPE = {v: k for k, v in _TYPE_TO_FORMAT.items()}

ENUM_STYLES = ("name", "value")

# name -> default; the order is the order of the decorator's keyword arguments.
DEFAULTS: dict[str, Any] = {
    "ignore_parameters": (),
    "ignore_all_parameters": False,
    "ignore_function_description": False,
    "ignore_parameter_descriptions": False,
    "default_format": SchemaFormat.OPENAI,
    "strict": False,
    "enum_style": "name",
    "examples_in_description": False,
    "lint_ignore": (),
}


def _normalize(name: str, value: Any) -> Any:
    if name in ("ignore_parameters", "lint_ignore"):
        if isinstance(value, str):
            what = "parameter names" if name == "ignore_parameters" else "lint rule codes"
            raise TypeError(f"{name} takes a list of {what}, not a string")
        return tuple(value) if name == "ignore_parameters" else tuple(str(v).strip().upper() for v in value)
    if name == "default_format":
        return coerce_format(value)
    if name == "enum_style":
        if value not in ENUM_STYLES:
            raise ValueError(f"enum_style must be 'name' or 'value', not {value!r}")
        return value
    if name == "strict":
        return bool(value)
    return bool(value)


class Config:
    """Settings for schema generation.

    ``Config(parent=None, **settings)``: a setting not given here falls back to
    ``parent`` (a tool's config falls back to the global ``CONFIG``), then to the
    built-in default. ``reset_default()`` restores the settings the object was built with.

    Settings: ``ignore_parameters`` (list of names left out of schemas),
    ``ignore_all_parameters``, ``ignore_function_description``,
    ``ignore_parameter_descriptions``, ``default_format`` (a [`SchemaFormat`][tool2schema.SchemaFormat]),
    ``schema_type`` (2.x spelling of ``default_format``), ``strict`` (OpenAI strict
    mode by default where the provider has one), ``enum_style`` (``"name"`` or ``"value"``),
    ``examples_in_description`` (append a tool's examples to its description in formats
    without an examples field) and ``lint_ignore`` (rule codes or prefixes
    ``tool2schema.lint`` skips, e.g. ``["T2S011"]``).
    """

    def __init__(self, parent: Optional[Config] = None, **settings: Any) -> None:
        object.__setattr__(self, "_parent", parent)
        object.__setattr__(self, "_settings", {})
        for key, value in settings.items():
            setattr(self, key, value)
        object.__setattr__(self, "_initial", copy.copy(self._settings))

    # -- settings -----------------------------------------------------------------
    def _get(self, name: str) -> Any:
        if name in self._settings:
            return self._settings[name]
        if self._parent is not None:
            return self._parent._get(name)
        return DEFAULTS[name]

    def __getattr__(self, name: str) -> Any:
        if name in DEFAULTS:
            value = self._get(name)
            return list(value) if name in ("ignore_parameters", "lint_ignore") else value
        raise AttributeError(f"Config has no setting {name!r}; settings: {', '.join(DEFAULTS)}, schema_type")

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "schema_type":
            name, value = "default_format", coerce_format(value)
        if name not in DEFAULTS:
            raise AttributeError(f"Config has no setting {name!r}; settings: {', '.join(DEFAULTS)}, schema_type")
        self._settings[name] = _normalize(name, value)
        changed()

    @property
    def schema_type(self) -> SchemaType:
        """2.x name of the default format (formats without a 2.x name read as ``OPENAI_API``)."""
        return _FORMAT_TO_TYPE.get(self._get("default_format"), SchemaType.OPENAI_API)

    def is_set(self, name: str) -> bool:
        """Whether ``name`` is set on this object itself (not inherited)."""
        return name in self._settings

    def resolved(self) -> tuple[Any, ...]:
        """All effective settings, in ``DEFAULTS`` order (a cache key)."""
        return tuple(self._get(name) for name in DEFAULTS)

    def reset_default(self) -> None:
        """Restore the settings this object was created with."""
        object.__setattr__(self, "_settings", copy.copy(self._initial))
        changed()

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._settings.items())
        return f"Config({inner})"


CONFIG = Config()
"""The global defaults of every decorator option."""
