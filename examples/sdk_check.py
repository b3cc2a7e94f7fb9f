"""Validate a request fragment with a provider SDK's own request types (used by the docs).

The SDKs type their request parameters as TypedDicts; Pydantic validates them, but
fields typed ``Iterable[...]`` are validated lazily, as they are read, and unknown keys
are ignored. ``check`` forbids unknown keys and reads everything, so a misspelt key, a
wrong type or shape raises ``pydantic.ValidationError`` here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import ConfigDict, TypeAdapter


def _read(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _read(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, Iterator)):
        return [_read(item) for item in value]
    return value


def check(param_type: Any, value: Any) -> Any:
    """``value`` validated as ``param_type`` (e.g. ``list[anthropic.types.MessageParam]``), fully read."""
    adapter = TypeAdapter(param_type, config=ConfigDict(extra="forbid"))  # kept alive while the lazy iterators are read
    return _read(adapter.validate_python(value))
