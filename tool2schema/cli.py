"""Command line: ``tool2schema dump MODULE [--format F] [--tag T] [--strict] [-o FILE]``
and ``tool2schema serve MODULE [--tag T] [--transport stdio|http] [--host H] [--port P]``
(see :mod:`tool2schema.serve`),
and ``tool2schema lint MODULE ...`` (see :mod:`tool2schema.linter.cli`).

MODULE is a dotted module name (importable from the current directory) or a path to
a ``.py`` file. Exit status 0 on success, 2 on bad usage, 1 when a tool cannot be
built or rendered (the message says which tool and why).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from types import ModuleType
from typing import Optional, Sequence

from .discovery import find_schemas
from .errors import Tool2SchemaError
from .providers import SchemaFormat


def load_module(target: str) -> ModuleType:
    """Import ``target``: a dotted module name (importable from the current directory)
    or a path to a ``.py`` file. Raises whatever the import raises."""
    if target.endswith(".py") or os.sep in target:
        path = os.path.abspath(target)
        name = os.path.splitext(os.path.basename(path))[0]
        sys.path.insert(0, os.path.dirname(path))
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {target!r}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    return importlib.import_module(target)


_load = load_module


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="tool2schema", description="Turn Python tools into LLM tool schemas.")
    sub = parser.add_subparsers(dest="command", required=True)
    dump = sub.add_parser("dump", help="print or save the schemas of every tool in a module")
    dump.add_argument("module", help="dotted module name or path to a .py file")
    dump.add_argument("--format", "-f", default=None, choices=[f.value for f in SchemaFormat], help="provider format (default: openai)")
    dump.add_argument("--tag", "-t", default=None, help="only tools with this tag")
    dump.add_argument("--strict", action="store_true", default=None, help="strict-mode schemas (formats that have a strict mode)")
    dump.add_argument("--output", "-o", default=None, help="write to this file instead of standard output")
    from .linter import add_lint_parser, run_lint
    from .serve import add_serve_parser, run_serve

    add_serve_parser(sub)
    add_lint_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "serve":
        return run_serve(args)
    if args.command == "lint":
        return run_lint(args)
    try:
        module = load_module(args.module)
    except Exception as exc:  # noqa: BLE001 - user's module failed to import: say so plainly
        print(f"tool2schema: cannot import {args.module!r}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    try:
        schemas = find_schemas(module, format=args.format, tag=args.tag, strict=args.strict)
    except Tool2SchemaError as exc:
        print(f"tool2schema: {exc}", file=sys.stderr)
        return 1
    text = json.dumps(schemas, ensure_ascii=False, indent=2) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
