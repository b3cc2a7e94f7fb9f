"""``tool2schema lint [TARGET | --mcp "COMMAND ARGS" | --mcp-url URL] [--format F]
[--select CODES] [--ignore CODES] [--output-format text|json|github|sarif] [--statistics]``.

TARGET is a dotted module name, a ``.py`` file, or a ``.json`` file of tool definitions
in any provider's format (``-`` reads the JSON from standard input).

Exit status: 0 when no error or warning was found (info never fails); 1 when one was,
or when the target cannot be loaded or built (a module that fails to import, a tool
whose hints cannot be resolved, a server that does not answer) or holds no tools; 2 on
bad usage (an unknown rule code included) or a JSON file that holds no tool definitions.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import inspect
import json
import os
import sys
from typing import Any, Optional, Sequence

from ..providers import SchemaFormat
from .rules import RULES, Finding

OUTPUT_FORMATS = ("text", "json", "github", "sarif")
DOCS = "https://github.com/tool2schema/tool2schema/blob/main/docs/lint.md"


class _Exit(Exception):
    """Stop with this exit status after saying why on stderr."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def add_lint_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``lint`` sub-command to an ``argparse`` sub-parsers object."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "lint",
        help="check tools (a Python module, a JSON file of tool definitions, or an MCP server) against the schema design rules",
        description="Check every tool in TARGET (a dotted module name, a .py file, or a .json file of tool definitions in any "
        "provider's format; '-' reads JSON from standard input), or of a running MCP server, against the schema design rules. "
        "Exit status 1 when an error or a warning is found, when the target cannot be loaded, or when it holds no tools; "
        "0 when clean (info findings never fail); 2 on bad usage or a JSON file that holds no tool definitions.",
    )
    p.add_argument("module", nargs="?", default=None, metavar="TARGET", help="dotted module name, path to a .py file, or path to a .json file")
    p.add_argument("--mcp", default=None, metavar="'COMMAND ARGS'", help="lint the tools of the MCP server this command starts (stdio)")
    p.add_argument("--mcp-url", default=None, metavar="URL", help="lint the tools of the MCP server at this streamable HTTP URL")
    p.add_argument("--mcp-timeout", type=float, default=30.0, metavar="SECONDS", help="give up on an MCP server after this long (default 30)")
    p.add_argument(
        "--format",
        "-f",
        default=None,
        choices=[f.value for f in SchemaFormat],
        help="check the provider rules of this format only (default: every format for Python tools, the format each JSON tool is written in)",
    )
    p.add_argument("--select", default=None, help="comma-separated rule codes or prefixes to check (default: all)")
    p.add_argument("--ignore", default=None, help="comma-separated rule codes or prefixes to skip")
    p.add_argument("--output-format", default="text", choices=OUTPUT_FORMATS, help="text (default), json, github annotations or sarif")
    p.add_argument("--statistics", action="store_true", help="print the number of findings per rule instead of the findings")
    p.set_defaults(command="lint")
    return p


def run_lint(args: argparse.Namespace) -> int:
    """Run ``tool2schema lint`` with parsed arguments; return the exit status."""
    from . import lint, selector

    sources = [x for x in (args.module, args.mcp, args.mcp_url) if x is not None]
    if len(sources) != 1:
        return _fail(2, "lint: give one target: a module, a .py or .json file, --mcp 'COMMAND ARGS' or --mcp-url URL")
    try:
        selector(args.select, "--select")
        selector(args.ignore, "--ignore")
    except ValueError as exc:
        return _fail(2, f"lint: {exc}")
    try:
        target, name, places = _load(args)
        findings = lint(target, format=args.format, select=args.select, ignore=args.ignore)
    except _Exit as exc:
        return _fail(exc.status, str(exc))
    except Exception as exc:  # noqa: BLE001 - a tool that cannot be built (unresolvable hints included): say which and why
        return _fail(1, f"cannot build the tools of {name!r}: {type(exc).__name__}: {exc}")
    out = args.output_format
    if args.statistics:
        sys.stdout.write(statistics_report(findings, out))
    elif out == "json":
        sys.stdout.write(json.dumps([dataclasses.asdict(f) for f in findings], ensure_ascii=False, indent=2) + "\n")
    elif out == "github":
        for f in findings:
            sys.stdout.write(github_annotation(f, places(f)) + "\n")
    elif out == "sarif":
        sys.stdout.write(json.dumps(sarif_report(findings, places), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(text_report(findings))
    return 1 if any(f.severity in ("error", "warning") for f in findings) else 0


def _fail(status: int, message: str) -> int:
    print(f"tool2schema: {message}", file=sys.stderr)
    return status


Places = Any  # Callable[[Finding], Optional[tuple[str, int]]]


def _load(args: argparse.Namespace) -> tuple[Any, str, Places]:
    """``(lint target, its name for messages, finding -> (file, line) or None)``."""
    from .sources import NotToolDefinitions, read_definitions

    if args.mcp is not None or args.mcp_url is not None:
        from .servers import ServerUnavailable, list_server_tools

        name = args.mcp or args.mcp_url
        try:
            tools = list_server_tools(command=args.mcp, url=args.mcp_url, timeout=args.mcp_timeout)
        except ServerUnavailable as exc:
            raise _Exit(1, str(exc)) from None
        if not tools:
            raise _Exit(1, f"no tools found: the MCP server {name!r} lists none")
        return tools, name, lambda f: None
    target: str = args.module
    if target == "-" or target.endswith(".json"):
        try:
            text = sys.stdin.read() if target == "-" else open(target, encoding="utf-8").read()
        except OSError as exc:
            raise _Exit(1, f"cannot read {target!r}: {exc.strerror or exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise _Exit(2, f"{target!r} is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
        try:
            found = read_definitions(data)
        except NotToolDefinitions as exc:
            raise _Exit(2, f"{target!r} holds no tool definitions: {exc}") from None
        if not found:
            raise _Exit(1, f"no tools found in {target!r}: its tool list is empty (or holds only built-in tools)")
        lines = text.splitlines()
        path = "<stdin>" if target == "-" else _relative(target)
        return data, target, lambda f: None if f.tool is None else (path, _line_of(lines, f.tool))
    from ..discovery import find_tools, load_module

    try:
        with contextlib.redirect_stdout(sys.stderr):
            module = load_module(target)
    except Exception as exc:  # noqa: BLE001 - the user's module failed to import: say so plainly
        raise _Exit(1, f"cannot import {target!r}: {type(exc).__name__}: {exc}") from None
    python_tools = find_tools(module)
    if not python_tools:
        raise _Exit(1, f"no tools found in {target!r}; decorate functions with @tool")
    where = {t.name: _place(t.func) for t in reversed(python_tools)}
    return python_tools, target, lambda f: where.get(f.tool or "")


def _line_of(lines: Sequence[str], name: str) -> int:
    """The first line of a JSON text naming the tool (1 when it cannot be told)."""
    needle = json.dumps(name, ensure_ascii=False)
    for number, line in enumerate(lines, 1):
        if needle in line:
            return number
    return 1


def _relative(path: str) -> str:
    try:
        path = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        pass
    return path.replace(os.sep, "/")


def _location(f: Finding) -> str:
    tool = f.tool if f.tool is not None else "<request>"
    where = f"{tool}:{f.path}" if f.path else tool
    return f"{where} ({f.location})" if f.location else where


def text_report(findings: Sequence[Finding]) -> str:
    """ruff-like text: ``tool:path: CODE message`` and an indented ``fix:`` line per finding."""
    lines: list[str] = []
    for f in findings:
        lines.append(f"{_location(f)}: {f.code} {f.message}")
        lines.append(f"    fix: {f.fix}")
    counts = {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "info")}
    if counts["error"] or counts["warning"]:
        parts = [f"{n} {s}{'s' if n != 1 and s != 'info' else ''}" for s, n in counts.items() if n]
        total = len(findings)
        lines.append(f"Found {total} finding{'s' if total != 1 else ''} ({', '.join(parts)}).")
    elif counts["info"]:
        lines.append(f"All checks passed ({counts['info']} info finding{'s' if counts['info'] != 1 else ''}).")
    else:
        lines.append("All checks passed!")
    return "\n".join(lines) + "\n"


def _place(func: Any) -> Optional[tuple[str, int]]:
    try:
        target = inspect.unwrap(getattr(func, "__func__", func))
        path = inspect.getsourcefile(target)
        _, line = inspect.getsourcelines(target)
    except (TypeError, OSError):
        return None
    if path is None:
        return None
    return _relative(path), line


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotation(f: Finding, place: Optional[tuple[str, int]] = None) -> str:
    """A GitHub Actions workflow command (``::warning title=T2S004,file=tools.py,line=12::...``);
    info becomes ``notice``."""
    level = {"error": "error", "warning": "warning"}.get(f.severity, "notice")
    props = [f"title={_escape_property(f.code)}"]
    if place is not None:
        props.append(f"file={_escape_property(place[0])},line={place[1]}")
    return f"::{level} {','.join(props)}::{_escape_data(f'{_location(f)}: {f.message} Fix: {f.fix}')}"


def statistics_report(findings: Sequence[Finding], output_format: str = "text") -> str:
    """The number of findings per rule, most frequent first (``--statistics``): a table,
    or a JSON list of ``{"code", "severity", "title", "count"}`` for ``json``."""
    counts: dict[str, int] = {}
    for f in findings:
        counts[f.code] = counts.get(f.code, 0) + 1
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if output_format == "json":
        data = [{"code": c, "severity": RULES[c].severity, "title": RULES[c].title, "count": n} for c, n in rows]
        return json.dumps(data, indent=2) + "\n"
    width = max((len(str(n)) for _, n in rows), default=1)
    lines = [f"{n:>{width}}  {c}  [{RULES[c].severity}] {RULES[c].title}" for c, n in rows]
    lines.append(f"Found {len(findings)} finding{'s' if len(findings) != 1 else ''}." if findings else "All checks passed!")
    return "\n".join(lines) + "\n"


_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def sarif_report(findings: Sequence[Finding], places: Places = lambda f: None) -> dict[str, Any]:
    """A SARIF 2.1.0 log (one run, every rule described) for code-scanning dashboards.

    Each result names the tool and parameter as a logical location (with the JSON path
    for tools read from JSON) and, when known, the file and line the tool is written at."""
    from .. import __version__

    codes = list(RULES)
    results: list[dict[str, Any]] = []
    for f in findings:
        logical: dict[str, Any] = {"name": f.path or f.tool or "<request>", "kind": "member" if f.path else "function"}
        if f.tool is not None:
            logical["fullyQualifiedName"] = f"{f.tool}.{f.path}" if f.path else f.tool
        location: dict[str, Any] = {"logicalLocations": [logical]}
        place = places(f)
        if place is not None:
            location["physicalLocation"] = {"artifactLocation": {"uri": place[0]}, "region": {"startLine": max(1, place[1])}}
        result: dict[str, Any] = {
            "ruleId": f.code,
            "ruleIndex": codes.index(f.code),
            "level": _SARIF_LEVEL.get(f.severity, "warning"),
            "message": {"text": f"{_location(f)}: {f.message} Fix: {f.fix}"},
            "locations": [location],
        }
        if f.location:
            result["properties"] = {"jsonPath": f.location}
        results.append(result)
    rules = [
        {
            "id": r.code,
            "name": r.title,
            "shortDescription": {"text": r.title},
            "helpUri": f"{DOCS}#{r.code.lower()}",
            "defaultConfiguration": {"level": _SARIF_LEVEL[r.severity]},
        }
        for r in RULES.values()
    ]
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "tool2schema", "version": __version__, "informationUri": DOCS, "rules": rules}}, "results": results}],
    }
