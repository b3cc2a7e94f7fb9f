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
from types import ModuleType
from typing import Any, Iterable, Optional, Sequence, Union

from ..config import CONFIG
from ..providers import FormatLike, SchemaFormat, coerce_format
from ..providers import get as get_provider
from ..tool import Tool
from .rules import PROVIDER_CODES, RULES, Finding, cross_tool_findings, lint_tool

__all__ = [
    "RULES",
    "Finding",
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
                raise TypeError(f"lint: expected a Tool, a module or a dotted module name in the list, got {item!r}")
        return out
    raise TypeError(f"lint: expected a Tool, a list of tools, a ToolRegistry, a module or a dotted module name, got {target!r}")


def _provider_name(fmt: SchemaFormat) -> str:
    return fmt.value


def lint(
    target: Any,
    format: Optional[FormatLike] = None,
    select: Union[str, Iterable[str], None] = None,
    ignore: Union[str, Iterable[str], None] = None,
) -> list[Finding]:
    """Check ``target`` (a ``Tool``, a list of tools, a ``ToolRegistry``, a module or a
    dotted module name) against the schema design rules; return the findings in tool
    order (request-level ones first), then by rule, then by parameter.

    ``format=None`` checks every provider format, ``format="gemini"`` only that one.
    ``select``/``ignore`` take rule codes or prefixes (``"T2S0"`` is T2S001-T2S013),
    as a list or a comma-separated string; ``CONFIG.lint_ignore`` and each tool's
    ``@tool(lint_ignore=[...])`` are skipped too. Raises ``ValueError`` for an unknown
    code, ``ToolDefinitionError`` when a tool cannot be built.
    """
    selected = selector(select, "select") or ("ALL",)
    ignored = selector(ignore, "ignore") + selector(CONFIG.lint_ignore, "CONFIG.lint_ignore")
    formats = PROVIDER_FORMATS if format is None else (coerce_format(format),)
    tools = _tools(target)

    def base(code: str) -> bool:
        return _matches(code, selected) and not _matches(code, ignored)

    active = frozenset(code for code in RULES if base(code))
    by_ignore: dict[tuple[str, ...], frozenset[str]] = {}
    per_tool: list[frozenset[str]] = []
    for t in tools:
        own = tuple(t.lint_ignore)
        codes = by_ignore.get(own)
        if codes is None:
            skip = selector(own, f"lint_ignore of tool {t.name!r}")
            codes = by_ignore[own] = frozenset(c for c in active if not _matches(c, skip))
        per_tool.append(codes)

    def enabled_for(index: int, code: str) -> bool:
        return code in per_tool[index]

    findings: list[Finding] = []
    for index, t in enumerate(tools):
        findings.extend(lint_tool(t.name, t.description, t.schema.parameters, per_tool[index].__contains__))
    findings.extend(cross_tool_findings([(t.name, t.description) for t in tools], enabled_for))

    if any(base(code) for code in PROVIDER_CODES):
        names = {t.name: i for i, t in enumerate(tools)}
        for fmt in formats:
            raw: list[Finding] = []
            for t in tools:
                raw.extend(provider_findings(t, fmt))
            raw.extend(provider_request_findings(tools, fmt))
            for f in raw:
                if f.tool is not None and f.tool in names:
                    if not enabled_for(names[f.tool], f.code):
                        continue
                elif f.code not in active:
                    continue
                findings.append(_provider_finding(f, fmt, explicit=format is not None))

    order = {t.name: i for i, t in reversed(list(enumerate(tools)))}
    findings.sort(key=lambda f: (-1 if f.tool is None else order.get(f.tool, len(tools)), f.code))
    return findings


def _provider_finding(f: Finding, fmt: SchemaFormat, explicit: bool) -> Finding:
    message = f.message
    if not message.startswith(f"{_provider_name(fmt)}: "):
        message = f"{_provider_name(fmt)}: {message}"
    severity = "info" if f.code == "T2S103" and not explicit else f.severity
    if message == f.message and severity == f.severity:
        return f
    return Finding(f.code, severity, f.tool, f.path, message, f.fix)

