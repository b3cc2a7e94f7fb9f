"""Tool calls assembled from a provider's stream of events.

``ToolCallStream(format=None)`` takes the events a provider SDK's stream yields (or
their dict forms), one at a time: [`feed`][tool2schema.streaming.ToolCallStream.feed] returns the calls that
event completed, ready for ``dispatch``/``adispatch``; [`partial`][tool2schema.streaming.ToolCallStream.partial]
shows the arguments so far; [`close`][tool2schema.streaming.ToolCallStream.close] returns what the stream left
unfinished (a call cut off inside its arguments comes back malformed, with its id).

Each provider module turns its own events into neutral steps
(``Provider.stream_steps``, `StreamStep`): this
module knows no event vocabulary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional

from .calls import ToolCall, normalize_id
from .providers import FormatLike, SchemaFormat, get, in_call_order

if TYPE_CHECKING:
    from .providers.base import StreamStep

__all__ = ["ToolCallStream"]


@dataclass(slots=True)
class _Building:
    """A call whose arguments are still arriving."""

    id: Any = None
    name: Any = None
    parts: list[str] = field(default_factory=list)
    arguments: Any = None
    """Whole arguments a provider delivered at once (Gemini)."""
    values: dict[str, Any] = field(default_factory=dict)
    """JSON path -> value, for arguments streamed as typed values (Gemini's ``partial_args``)."""
    continuing: set[str] = field(default_factory=set)
    """The paths whose string goes on in the next piece."""
    started: bool = True
    """False for fragments that arrived for a call the stream never started."""


class ToolCallStream:
    """Assembles tool calls from one provider's stream of events (any number of
    messages; parallel and interleaved calls; text between calls).

    ``format`` names the provider; None detects it from the first event that a provider
    recognises. A broken stream never raises: fragments for a call that never started,
    a call without a name, or a call cut off when the stream ends all come back as calls
    that dispatch answers with an error result carrying the call's id, so the next
    request still pairs every call with a result."""

    def __init__(self, format: Optional[FormatLike] = None) -> None:
        provider = None if format is None else get(format)
        self.format: Optional[SchemaFormat] = None if provider is None else provider.format
        self._read: Optional[Callable[[Any], Optional[list[StreamStep]]]] = None if provider is None else provider.stream_steps
        self._open: dict[Any, _Building] = {}
        self._done: list[tuple[Any, _Building]] = []
        self._ignored: set[Any] = set()
        self._text: list[str] = []

    def feed(self, event: Any) -> list[ToolCall]:
        """The calls ``event`` completed (usually none, sometimes several)."""
        read = self._read
        try:
            steps = read(event) if read is not None else self._detect(event)
        except Exception:  # noqa: BLE001 - an event its own provider cannot read: nothing about calls
            return []
        if not steps:
            return []
        completed: list[ToolCall] = []
        for kind, key, call_id, name, fragment in steps:
            if kind == "delta":  # the common event: one more fragment
                call = self._open.get(key)
                if call is None:
                    if key in self._ignored:
                        continue
                    call = self._open[key] = _Building(started=False)
                if type(fragment) is str:
                    call.parts.append(fragment)
            elif kind == "start":
                self._ignored.discard(key)
                call = self._open.get(key)
                if call is None:
                    call = self._open[key] = _Building()
                call.started = True
                if call_id is not None and call.id is None:
                    call.id = call_id
                if name is not None and call.name is None:
                    call.name = name
            elif kind == "end":
                call = self._open.pop(key, None)
                if call is None:
                    continue
                if call_id is not None and call.id is None:
                    call.id = call_id
                if name is not None and call.name is None:
                    call.name = name
                if isinstance(fragment, str) and not call.parts:
                    call.parts.append(fragment)
                completed.append(self._finish(key, call))
            elif kind == "set":
                call = self._open.get(key)
                if call is None:
                    call = self._open[key] = _Building(started=False)
                if isinstance(fragment, tuple) and len(fragment) == 3 and isinstance(fragment[0], str):
                    path, value, continues = fragment
                    before = call.values.get(path)
                    if path in call.continuing and isinstance(before, str) and isinstance(value, str):
                        value = before + value
                    call.values[path] = value
                    (call.continuing.add if continues else call.continuing.discard)(path)
            elif kind == "text":
                if type(fragment) is str:
                    self._text.append(fragment)
            elif kind == "ignore":
                self._ignored.add(key)
            elif kind == "whole":
                completed.append(self._finish(key, _Building(call_id, name, arguments=fragment)))
            elif kind == "end_all":
                for open_key in list(self._open):
                    completed.append(self._finish(open_key, self._open.pop(open_key), cut=not fragment))
                self._ignored.clear()
        return completed

    @property
    def text(self) -> str:
        """The answer's text so far (what the model wrote besides its calls; thinking left out)."""
        return "".join(self._text)

    def partial(self) -> list[tuple[Optional[str], str, dict[str, Any]]]:
        """``(id, name, arguments so far)`` of every call seen, in order: the finished
        ones as they are, the open ones parsed as far as they go (Pydantic's partial JSON
        parsing; nothing is validated). Computed when asked, not per event."""
        from pydantic_core import from_json

        out: list[tuple[Optional[str], str, dict[str, Any]]] = []
        for _, call in [*self._done, *self._open.items()]:
            if isinstance(call.arguments, dict):
                value: Any = call.arguments
            elif call.values:
                value = _from_paths(call.values)
            else:
                text = "".join(call.parts)
                try:
                    value = from_json(text, allow_partial="trailing-strings") if text.strip() else {}
                except ValueError:
                    value = {}
            out.append((normalize_id(call.id), call.name if isinstance(call.name, str) else "", value if isinstance(value, dict) else {}))
        return out

    def close(self) -> list[ToolCall]:
        """The calls still open when the stream ended: each comes back malformed (its
        arguments were cut off), with its id and name."""
        return [self._finish(key, self._open.pop(key), cut=True) for key in list(self._open)]

    # -- internals ----------------------------------------------------------------------
    def _detect(self, event: Any) -> Any:
        """The steps of the first event a provider recognises; from then on, that
        provider reads every event (its ``stream_steps``, kept)."""
        for provider in in_call_order():
            try:
                steps = provider.stream_steps(event)
            except Exception:  # noqa: BLE001 - an event another provider's reader cannot read
                continue
            if steps is not None:
                self.format = provider.format
                self._read = provider.stream_steps
                return steps
        return None

    def _finish(self, key: Any, call: _Building, cut: bool = False) -> ToolCall:
        self._done.append((key, call))
        fmt = self.format
        name = call.name if isinstance(call.name, str) else ""
        arguments: Any = call.arguments if call.arguments is not None else "".join(call.parts)
        if call.values:
            arguments = _from_paths(call.values)
        if cut:
            return ToolCall(name, arguments, normalize_id(call.id), fmt, None,
                            f"The stream ended inside the call of tool '{name or '(no name)'}': its arguments were cut off. Call the tool again.")
        if not call.started:
            return ToolCall(name, arguments, normalize_id(call.id), fmt, None,
                            "Arguments arrived for a tool call that the stream never started (no id, no name). Call the tool again.")
        return ToolCall.read(call.name, arguments, call.id, fmt, None)


_PATH_STEP = re.compile(r"\.([A-Za-z_][\w-]*)|\['((?:[^'\\]|\\.)*)'\]|\[\"((?:[^\"\\]|\\.)*)\"\]|\[(\d+)\]")


def _from_paths(values: dict[str, Any]) -> dict[str, Any]:
    """The arguments object that typed values addressed by JSON path (RFC 9535:
    ``$.a.b[0]``, ``$['a b']``) build; a path it cannot read is left out (validation
    then names what is missing)."""
    root: dict[str, Any] = {}
    for path, value in values.items():
        if not path.startswith("$"):
            continue
        steps: list[Any] = []
        rest, pos = path[1:], 0
        while pos < len(rest):
            m = _PATH_STEP.match(rest, pos)
            if m is None:
                steps = []
                break
            name, single, double, index = m.groups()
            steps.append(int(index) if index is not None else name if name is not None else single if single is not None else double)
            pos = m.end()
        if not steps or not isinstance(steps[0], str):
            continue
        node: Any = root
        for step, following in zip(steps, [*steps[1:], None], strict=True):
            leaf = following is None
            if isinstance(step, str) and isinstance(node, dict):
                if leaf:
                    node[step] = value
                else:
                    node = node.setdefault(step, [] if isinstance(following, int) else {})
            elif isinstance(step, int) and isinstance(node, list) and step <= len(node) + 1000:
                while len(node) <= step:
                    node.append(None)
                if leaf:
                    node[step] = value
                else:
                    if not isinstance(node[step], (dict, list)):
                        node[step] = [] if isinstance(following, int) else {}
                    node = node[step]
            else:
                break
    return root
