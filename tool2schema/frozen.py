"""Read-only containers for cached schemas (no Pydantic import: loaded at import time)."""

from __future__ import annotations

import copy
from typing import Any

_READ_ONLY = (
    "tool2schema schemas are cached and shared, so they are read-only; "
    "copy.deepcopy(schema) or tool.to_json(...).copy() gives a mutable copy"
)


def _blocked(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise TypeError(_READ_ONLY)


class FrozenDict(dict):  # type: ignore[type-arg]
    """A dict that refuses mutation; ``copy.deepcopy`` and ``.copy()`` give plain dicts."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _blocked  # type: ignore[assignment]

    def copy(self) -> dict[str, Any]:  # type: ignore[override]
        """A mutable deep copy."""
        return thaw(self)  # type: ignore[no-any-return]

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return thaw(self)  # type: ignore[no-any-return]

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __reduce__(self) -> Any:
        return (dict, (dict(self),))


class FrozenList(list):  # type: ignore[type-arg]
    """A list that refuses mutation (see `FrozenDict`)."""

    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = __iadd__ = __imul__ = _blocked  # type: ignore[assignment]

    def copy(self) -> list[Any]:  # type: ignore[override]
        return thaw(self)  # type: ignore[no-any-return]

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return thaw(self)  # type: ignore[no-any-return]

    def __copy__(self) -> list[Any]:
        return list(self)

    def __reduce__(self) -> Any:
        return (list, (list(self),))


def freeze(value: Any) -> Any:
    """Recursively turn dicts and lists into their read-only twins (a part that is
    read-only already is shared, not copied)."""
    kind = type(value)
    if kind is FrozenDict or kind is FrozenList:
        return value
    if kind is dict or isinstance(value, dict):
        return FrozenDict({k: v if type(v) in _ATOMS else freeze(v) for k, v in value.items()})
    if kind is list or isinstance(value, list):
        return FrozenList([v if type(v) in _ATOMS else freeze(v) for v in value])
    return value


_ATOMS = frozenset({str, int, float, bool, type(None)})
"""Values that are read-only as they are (nothing to freeze)."""


def thaw(value: Any) -> Any:
    """A plain, mutable deep copy of a (possibly frozen) JSON value."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list):
        return [thaw(v) for v in value]
    return copy.copy(value) if not isinstance(value, (str, int, float, bool, type(None))) else value
