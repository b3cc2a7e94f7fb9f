"""``tool2schema lint MODULE [--format F] [--select CODES] [--ignore CODES]
[--output-format text|json|github]``.

Exit status: 0 when no error or warning was found (info never fails), 1 when one was
(or MODULE cannot be imported, or a tool cannot be built), 2 on bad usage (an
unknown rule code included).
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import json
import os
import sys
from typing import Any, Optional, Sequence

from ..errors import Tool2SchemaError
from ..providers import SchemaFormat
from .rules import Finding

OUTPUT_FORMATS = ("text", "json", "github")


def add_lint_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``lint`` sub-command to an ``argparse`` sub-parsers object."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "lint",
        help="check every tool in a module against the schema design rules (T2S001-T2S104)",
        description="Check every tool in MODULE against the schema design rules. Exit status 1 when an error "
        "or a warning is found, 0 when clean (info findings never fail).",
    )
    p.add_argument("module", help="dotted module name or path to a .py file")
    p.add_argument(
        "--format",
        "-f",
        default=None,
        choices=[f.value for f in SchemaFormat],
        help="check the provider rules of this format only (default: every format)",
    )
    p.add_argument("--select", default=None, help="comma-separated rule codes or prefixes to check (default: all)")
    p.add_argument("--ignore", default=None, help="comma-separated rule codes or prefixes to skip")
    p.add_argument("--output-format", default="text", choices=OUTPUT_FORMATS, help="text (default), json or github annotations")
    p.set_defaults(command="lint")
    return p


def run_lint(args: argparse.Namespace) -> int:
    """Run ``tool2schema lint`` with parsed arguments; return the exit status."""
    from ..discovery import find_tools, load_module
    from . import lint

    try:
        module = load_module(args.module)
    except Exception as exc:  # noqa: BLE001 - the user's module failed to import: say so plainly
        print(f"tool2schema: cannot import {args.module!r}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    try:
        tools = find_tools(module)
        findings = lint(tools, format=args.format, select=args.select, ignore=args.ignore)
    except (ValueError, TypeError) as exc:
        print(f"tool2schema lint: {exc}", file=sys.stderr)
        return 2
    except Tool2SchemaError as exc:
        print(f"tool2schema: {exc}", file=sys.stderr)
        return 1
    out = args.output_format
    if out == "json":
        sys.stdout.write(json.dumps([dataclasses.asdict(f) for f in findings], ensure_ascii=False, indent=2) + "\n")
    elif out == "github":
        places = {t.name: _place(t.func) for t in reversed(tools)}
        for f in findings:
            sys.stdout.write(github_annotation(f, places.get(f.tool or "")) + "\n")
    else:
        sys.stdout.write(text_report(findings))
    return 1 if any(f.severity in ("error", "warning") for f in findings) else 0


def _location(f: Finding) -> str:
    tool = f.tool if f.tool is not None else "<request>"
    return f"{tool}:{f.path}" if f.path else tool


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
    try:
        path = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        pass
    return path.replace(os.sep, "/"), line


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
