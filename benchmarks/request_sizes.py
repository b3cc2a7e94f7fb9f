"""The bytes of ``registry.request(format)`` for 300 tools, with and without deferral.

    python benchmarks/request_sizes.py [--tools 300] [--loaded 2]

Tools: generated back-office tools (two parameters, a structured return type, a tag),
all but ``--loaded`` marked ``@tool(defer_loading=True)``. Printed per format: the whole
request (every definition), ``defer=True`` (the provider's own search where it has one),
and ``defer=True, search="client"``; sizes are ``len(json.dumps(request))``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pydantic import BaseModel  # noqa: E402

from tool2schema import ToolRegistry, tool  # noqa: E402

WORDS = ["order", "invoice", "refund", "parcel", "ticket", "meeting", "account", "weather", "payment", "report"]
ACTIONS = ["get", "list", "create", "update", "cancel", "archive"]
FORMATS = ["openai", "openai-responses", "anthropic", "gemini", "bedrock", "mcp"]


class Receipt(BaseModel):
    number: str
    total: float


def registry(count: int, loaded: int) -> ToolRegistry:
    tools = []
    for i in range(count):
        noun, action = WORDS[i % len(WORDS)], ACTIONS[(i // len(WORDS)) % len(ACTIONS)]

        def fn(reference: str, note: Optional[str] = None) -> Receipt:
            """One back-office operation.

            Args:
                reference: The record's reference, as printed on it.
                note: A note kept with the change.
            """
            return Receipt(number=reference, total=1.0)

        description = f"{action.capitalize()} a {noun} (variant {i}) in the back office. Use it for {noun}s."
        tools.append(tool(name=f"{action}_{noun}_{i}", description=description, tags=[noun], defer_loading=i >= loaded)(fn))
    return ToolRegistry(tools)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tools", type=int, default=300)
    parser.add_argument("--loaded", type=int, default=2)
    args = parser.parse_args()
    reg = registry(args.tools, args.loaded)
    print(f"{args.tools} tools, {args.loaded} loaded up front; bytes of json.dumps(registry.request(...))")
    print(f"{'format':18} {'all tools':>10} {'defer=True':>11} {'client search':>14}")
    for fmt in FORMATS:
        full = len(json.dumps(reg.request(fmt)))
        deferred = len(json.dumps(reg.request(fmt, defer=True)))
        client = len(json.dumps(reg.request(fmt, defer=True, search="client")))
        print(f"{fmt:18} {full:>10,} {deferred:>11,} {client:>14,}")


if __name__ == "__main__":
    main()
