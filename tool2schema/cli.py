"""Command line: ``tool2schema dump MODULE [--format F] [--tag T] [--strict[=auto]] [-o FILE]``,
``tool2schema serve MODULE [--tag T] [--transport stdio|http] [--host H] [--port P]``
(see `tool2schema.serve`) and ``tool2schema lint MODULE ...`` (see
`tool2schema.linter.cli`); ``tool2schema --version``.

MODULE is a dotted module name (importable from the current directory) or a path to
a ``.py`` file; whatever it prints while it is imported goes to standard error (standard
output carries the JSON, or the MCP protocol). Exit status 0 on success, 2 on bad usage
(a format without strict mode asked for ``--strict``), 1 when the module cannot be
imported, holds no tools (with that tag), or a tool cannot be built or rendered (the
message says which tool and why).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import Any, Optional, Sequence

from . import __version__
from .discovery import load_module
from .errors import SchemaFormatError, Tool2SchemaError
from .providers import SchemaFormat
from .providers import get as get_provider
from .providers.base import STRICT_FALLBACK
from .registry import ToolRegistry

STRICT_FORMATS = [f.value for f in SchemaFormat if get_provider(f).strict_walker is not None]
"""The formats whose provider has a strict (guaranteed-schema) mode."""


def say(message: str) -> None:
    print(f"tool2schema: {message}", file=sys.stderr, flush=True)


def load_tools(target: str, tag: Optional[str]) -> Optional[ToolRegistry]:
    """The registry of every tool in ``target`` (with ``tag``), every tool built; None
    after saying on stderr why there is none (the module cannot be imported, a tool cannot
    be built, no tools, none with that tag). What the module prints goes to stderr."""
    try:
        with contextlib.redirect_stdout(sys.stderr):
            module = load_module(target)
    except Exception as exc:  # noqa: BLE001 - the user's module failed to import: say so plainly
        say(f"cannot import {target!r}: {type(exc).__name__}: {exc}")
        return None
    try:
        registry = ToolRegistry.from_module(module, tag=tag)
        registry.schemas("mcp")  # build every tool now: a broken definition fails here
    except (Tool2SchemaError, ValueError) as exc:
        say(f"cannot load the tools of {target!r}: {exc}")
        return None
    if len(registry) == 0:
        if tag:
            untagged = len(ToolRegistry.from_module(module))
            say(f"no tools tagged {tag!r} found in {target!r} ({untagged} tool{'s' if untagged != 1 else ''} without that tag)")
        else:
            say(f"no tools found in {target!r}; decorate functions with @tool")
        return None
    return registry


def dump(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    fmt = SchemaFormat(args.format) if args.format else SchemaFormat.OPENAI
    if args.strict is not None and fmt.value not in STRICT_FORMATS:
        parser.error(f"{get_provider(fmt).label} has no strict mode (--strict works with {', '.join(STRICT_FORMATS)})")
    registry = load_tools(args.module, args.tag)
    if registry is None:
        return 1
    schemas: list[Any] = []
    plain: list[str] = []
    for t in registry:
        try:
            schemas.append(t.to_json(fmt, strict=True if args.strict else None))
        except SchemaFormatError as exc:
            if args.strict != "auto":
                say(f"{str(exc).replace(STRICT_FALLBACK, '')} Or dump with --strict=auto: strict where each tool allows it, the others plain")
                return 1
            schemas.append(t.to_json(fmt, strict=False))
            plain.append(f"{t.name} ({str(exc).replace(STRICT_FALLBACK, '').split(': ', 1)[-1]})")
        except Tool2SchemaError as exc:
            say(str(exc))
            return 1
    if plain:
        say(f"not strict ({len(plain)} of {len(schemas)} tools): " + "; ".join(plain))
    text = json.dumps(schemas, ensure_ascii=False, indent=2) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    from .linter.cli import add_lint_parser, run_lint
    from .serve import add_serve_parser, run_serve

    parser = argparse.ArgumentParser(prog="tool2schema", description="Turn Python tools into LLM tool schemas.")
    parser.add_argument("--version", action="version", version=f"tool2schema {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    dump_parser = sub.add_parser("dump", help="print or save the schemas of every tool in a module")
    dump_parser.add_argument("module", help="dotted module name or path to a .py file")
    dump_parser.add_argument(
        "--format", "-f", default=None, choices=[f.value for f in SchemaFormat],
        help="provider format (default: openai; openai-tune is the bare function object of OpenAI fine-tuning files)",
    )
    dump_parser.add_argument("--tag", "-t", default=None, help="only tools with this tag")
    dump_parser.add_argument(
        "--strict", nargs="?", const="all", default=None, choices=["all", "auto"],
        help=f"strict-mode schemas; formats with a strict mode: {', '.join(STRICT_FORMATS)}. "
        "--strict=auto: strict where each tool allows it, the others plain (listed on stderr)",
    )
    dump_parser.add_argument("--output", "-o", default=None, help="write to this file instead of standard output")
    add_serve_parser(sub)
    add_lint_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "lint":
        return run_lint(args)
    if args.command == "serve":
        registry = load_tools(args.module, args.tag)
        return 1 if registry is None else run_serve(args, registry)
    return dump(args, dump_parser)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
