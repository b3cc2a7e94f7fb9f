"""The tools `benchmarks/load_mcp.py` serves: sync, async, and one that raises."""

from __future__ import annotations

import asyncio

from tool2schema import tool


@tool
def add(a: int, b: int) -> int:
    """Add two integers.

    Args:
        a: The first number.
        b: The second number.
    """
    return a + b


@tool
async def multiply(a: int, b: int) -> int:
    """Multiply two integers (async: yields to the event loop first).

    Args:
        a: The first number.
        b: The second number.
    """
    await asyncio.sleep(0)
    return a * b


@tool
def fail(reason: str) -> str:
    """Always raise, with the reason.

    Args:
        reason: The text of the error.
    """
    raise RuntimeError(reason)
