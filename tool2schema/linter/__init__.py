"""``tool2schema.lint``: check tools against seed 001's schema design checklist.

``lint(target, format=None, select=None, ignore=None) -> list[Finding]``. The rules
T2S001-T2S013 read the provider-neutral definition (name, ``Tool.description``,
``tool.schema.parameters``); T2S104 compares the tools with each other; T2S101-T2S103
come from the provider layer through `provider_findings` and
`provider_request_findings` (the one extension point of this package).
The rules are documented in docs/lint.md.

(The package is called ``linter`` so that importing it never shadows the
``tool2schema.lint`` function.)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from functools import cached_property
from types import ModuleType
from typing import Any, Iterable, Optional, Sequence, Union

from ..config import CONFIG
from ..definition import ToolDefinition
from ..providers import FormatLike, SchemaFormat, coerce_format
from ..providers import get as get_provider
from ..tool import Tool
from .rules import PROVIDER_CODES, RULES, Finding, cross_tool_findings, lint_tool
from .schema import walk
from .sources import JsonTool, NotToolDefinitions, json_path, read_definitions

__all__ = [
    "RULES",
    "Finding",
    "NotToolDefinitions",
    "PROVIDER_FORMATS",
    "lint",
    "provider_findings",
    "provider_request_findings",
    "selector",
]

PROVIDER_FORMATS: tuple[SchemaFormat, ...] = tuple(f for f in SchemaFormat if f is not SchemaFormat.OPENAI_TUNE)
"""The formats ``format=None`` checks (the fine-tuning shape is OpenAI Chat's)."""

# Provider rules (T2S101-T2S103) come from each provider's module: ``Provider.lint``
# (name rule, documented limits, constraints its conversion drops or restates) and
# ``Provider.lint_request`` (tool count, per-request strict limits). ``lint`` lowers
# T2S103 to "info" under format=None and applies select/ignore/lint_ignore afterwards.
_SEVERITY = {"T2S101": "error", "T2S102": "error", "T2S103": "warning"}


def provider_findings(tool: Tool[Any, Any], fmt: SchemaFormat) -> list[Finding]:
    """Provider rule findings (T2S101-T2S103) for one tool in one format.

    Each ``tool2schema/providers/<p>.py`` knows its name pattern, limits and the
    constraints its conversion drops; the tool is checked in the mode it is configured
    for (strict where ``strict`` is set and the provider has a strict mode).
    """
    provider = get_provider(fmt)
    issues = provider.lint(tool.definition(), strict=bool(tool.config.strict))
    return [Finding(i.code, _SEVERITY[i.code], tool.name, i.path, i.message, i.fix) for i in issues]


def provider_request_findings(tools: Sequence[Tool[Any, Any]], fmt: SchemaFormat) -> list[Finding]:
    """Request-level provider findings (``tool=None``: tool count, per-request strict
    limits) for the whole tool list sent in one request in one format."""
    provider = get_provider(fmt)
    definitions = [t.definition() for t in tools]
    strict = [t.definition() for t in tools if t.config.strict] if provider.strict_walker is not None else []
    issues = provider.lint_request(definitions, strict)
    return [Finding(i.code, _SEVERITY[i.code], None, i.path, i.message, i.fix) for i in issues]


# ==================================================================================


def selector(codes: Union[str, Iterable[str], None], what: str) -> tuple[str, ...]:
    """Normalize ``select``/``ignore``/``lint_ignore`` (codes or prefixes, a list or a
    comma-separated string); raise ``ValueError`` for one that matches no rule."""
    if codes is None:
        return ()
    items = codes.split(",") if isinstance(codes, str) else list(codes)
    out: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"{what}: rule codes are strings like 'T2S004', got {item!r}")
        code = item.strip().upper()
        if not code:
            continue
        if code != "ALL" and not any(c.startswith(code) for c in RULES):
            raise ValueError(f"{what}: {item!r} is not a lint rule code or prefix; codes: {', '.join(RULES)} (or a prefix such as 'T2S0')")
        out.append(code)
    return tuple(out)


def _matches(code: str, selectors: Sequence[str]) -> bool:
    return any(s == "ALL" or code.startswith(s) for s in selectors)


@dataclass(frozen=True)
class _Subject:
    """One tool under lint, written in Python (``tool``) or read from JSON (``json``)."""

    name: str
    description: str
    parameters: dict[str, Any]
    lint_ignore: tuple[str, ...]
    strict: bool
    definition: Any
    formats: Optional[tuple[SchemaFormat, ...]] = None
    """The formats whose provider rules apply (None: the ones lint() was asked for)."""
    json: Optional[JsonTool] = None
    tool: Optional[Tool[Any, Any]] = None

    @cached_property
    def keys(self) -> dict[str, tuple[Any, ...]]:
        """Parameter path -> where its schema is written (the first place the walk meets it)."""
        return {p.path: p.at for p in reversed(list(walk(self.parameters)))}


def _subjects(target: Any) -> list[_Subject]:
    if _is_json(target):
        return [_from_json(t) for t in read_definitions(target)]
    return [_from_tool(t) for t in _tools(target)]


def _is_json(target: Any) -> bool:
    if isinstance(target, dict):
        return True
    return isinstance(target, list) and any(isinstance(item, dict) for item in target)


def _from_tool(t: Tool[Any, Any]) -> _Subject:
    return _Subject(t.name, t.description, t.schema.parameters, tuple(t.lint_ignore), bool(t.config.strict), t.definition(), tool=t)


def _from_json(j: JsonTool) -> _Subject:
    w = j.written
    definition = ToolDefinition(w.name, w.description, w.parameters, description_given=True)
    return _Subject(w.name, w.description, w.parameters, (), w.strict, definition, (j.format,), json=j)


def _tools(target: Any) -> list[Tool[Any, Any]]:
    if isinstance(target, Tool):
        return [target]
    if isinstance(target, str):
        return _tools(importlib.import_module(target))
    if isinstance(target, ModuleType):
        from ..discovery import find_tools

        return find_tools(target)
    if isinstance(target, Iterable):  # a list of tools/modules, or a ToolRegistry
        out: list[Tool[Any, Any]] = []
        for item in target:
            if isinstance(item, (Tool, str, ModuleType)):
                out.extend(_tools(item))
            else:
                raise TypeError(f"lint: expected a Tool, a module, a dotted module name or a tool definition dict in the list, got {item!r}")
        return out
    raise TypeError(
        f"lint: expected a Tool, a list of tools, a ToolRegistry, a module, a dotted module name, or tool definitions "
        f"as JSON (a list of dicts, or a request body with 'tools'), got {target!r}"
    )


def _provider_name(fmt: SchemaFormat) -> str:
    return fmt.value


def lint(
    target: Any,
    format: Optional[FormatLike] = None,
    select: Union[str, Iterable[str], None] = None,
    ignore: Union[str, Iterable[str], None] = None,
) -> list[Finding]:
    """Check ``target`` against the schema design rules; return the findings in tool
    order (request-level ones first), then by rule, then by parameter.

    ``target``: a ``Tool``, a list of tools, a ``ToolRegistry``, a module or a dotted
    module name; or tool definitions as parsed JSON: a list of tool dicts in any
    provider's format (detected per tool), one tool dict, or a request body holding
    ``tools`` (findings then carry ``location``, the JSON path).

    ``format=None`` checks every provider format for Python tools and the format each
    JSON tool is written in; ``format="gemini"`` only that one.
    ``select``/``ignore`` take rule codes or prefixes (``"T2S0"`` is T2S001-T2S013),
    as a list or a comma-separated string; ``CONFIG.lint_ignore`` and each tool's
    ``@tool(lint_ignore=[...])`` are skipped too. Raises ``ValueError`` for an unknown
    code (`NotToolDefinitions`, a ``ValueError``, for JSON that holds no tool
    definitions), ``ToolDefinitionError`` when a tool cannot be built.
    """
    selected = selector(select, "select") or ("ALL",)
    ignored = selector(ignore, "ignore") + selector(CONFIG.lint_ignore, "CONFIG.lint_ignore")
    asked = None if format is None else (coerce_format(format),)
    subjects = _subjects(target)

    def base(code: str) -> bool:
        return _matches(code, selected) and not _matches(code, ignored)

    active = frozenset(code for code in RULES if base(code))
    by_ignore: dict[tuple[str, ...], frozenset[str]] = {}
    per_tool: list[frozenset[str]] = []
    for s in subjects:
        codes = by_ignore.get(s.lint_ignore)
        if codes is None:
            skip = selector(s.lint_ignore, f"lint_ignore of tool {s.name!r}")
            codes = by_ignore[s.lint_ignore] = frozenset(c for c in active if not _matches(c, skip))
        per_tool.append(codes)

    def enabled_for(index: int, code: str) -> bool:
        return code in per_tool[index]

    findings: list[Finding] = []
    for index, s in enumerate(subjects):
        found = lint_tool(s.name, s.description, s.parameters, per_tool[index].__contains__)
        findings.extend(found if s.json is None else _located(found, s))
    cross = cross_tool_findings([(s.name, s.description) for s in subjects], enabled_for)
    where = {s.name: s.json.where for s in reversed(subjects) if s.json is not None}
    findings.extend(replace(f, location=where.get(f.tool or "")) if where else f for f in cross)

    if any(base(code) for code in PROVIDER_CODES):
        names = {s.name: i for i, s in enumerate(subjects)}
        for fmt in asked or PROVIDER_FORMATS:
            members = [s for s in subjects if asked is not None or s.formats is None or fmt in s.formats]
            if not members:
                continue
            provider = get_provider(fmt)
            raw: list[Finding] = []
            for s in members:
                if s.tool is not None:
                    raw.extend(provider_findings(s.tool, fmt))
                else:
                    issues = provider.lint(s.definition, strict=s.strict)
                    raw.extend(_located([Finding(i.code, _SEVERITY[i.code], s.name, i.path, i.message, i.fix) for i in issues], s))
            definitions = [s.definition for s in members]
            strict = [s.definition for s in members if s.strict] if provider.strict_walker is not None else []
            raw.extend(Finding(i.code, _SEVERITY[i.code], None, i.path, i.message, i.fix) for i in provider.lint_request(definitions, strict))
            for f in raw:
                if f.tool is not None and f.tool in names:
                    if not enabled_for(names[f.tool], f.code):
                        continue
                elif f.code not in active:
                    continue
                # T2S103 is a warning where the format was asked for, or is the one the JSON tool is written in
                explicit = asked is not None or (f.tool in names and subjects[names[f.tool]].json is not None)
                findings.append(_provider_finding(f, fmt, explicit=explicit))

    order = {s.name: i for i, s in reversed(list(enumerate(subjects)))}
    findings.sort(key=lambda f: (-1 if f.tool is None else order.get(f.tool, len(subjects)), f.code))
    return findings


def _located(findings: list[Finding], s: _Subject) -> list[Finding]:
    """``findings`` of a JSON tool with their ``location``: the JSON path of the parameter
    (its schema) or, for the tool itself, of the tool object."""
    assert s.json is not None
    if not findings:
        return findings
    out: list[Finding] = []
    for f in findings:
        keys = s.keys.get(f.path) if f.path else None
        location = s.json.where if keys is None else json_path(keys, s.json.schema_path)
        out.append(replace(f, location=location))
    return out


def _provider_finding(f: Finding, fmt: SchemaFormat, explicit: bool) -> Finding:
    message = f.message
    if not message.startswith(f"{_provider_name(fmt)}: "):
        message = f"{_provider_name(fmt)}: {message}"
    severity = "info" if f.code == "T2S103" and not explicit else f.severity
    if message == f.message and severity == f.severity:
        return f
    return replace(f, severity=severity, message=message)

