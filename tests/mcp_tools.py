"""Tools served over MCP by tests/test_serve.py (imported by the CLI in a subprocess)."""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Optional

from pydantic import BaseModel, Field

from tool2schema import Injected, tool


class Forecast(BaseModel):
    """A forecast."""

    city: str
    days: int
    temperatures: list[float]


@tool(tags=["math", "demo"])
def add(a: int, b: int) -> int:
    """Add two integers.

    Args:
        a: First addend.
        b: Second addend.
    """
    return a + b


@tool(tags=["weather", "demo"])
def forecast(city: str, days: Annotated[int, Field(ge=1, le=7)] = 3) -> Forecast:
    """Forecast the temperature in a city.

    Args:
        city: City name.
        days: How many days, 1 to 7.
    """
    return Forecast(city=city, days=days, temperatures=[20.0 + i for i in range(days)])


@tool(tags=["slow"])
def slow_echo(text: str) -> str:
    """Sleep 0.3 s, then return the text (blocking, to prove sync tools run off the event loop).

    Args:
        text: What to return.
    """
    time.sleep(0.3)
    return text


@tool(tags=["slow"])
async def async_echo(text: str) -> str:
    """Wait 0.3 s without blocking, then return the text.

    Args:
        text: What to return.
    """
    await asyncio.sleep(0.3)
    return text


@tool
def explode(reason: str) -> str:
    """Always fail with the given reason.

    Args:
        reason: The error message.
    """
    raise RuntimeError(reason)


@tool
def broken_forecast(city: str) -> Forecast:
    """Promise a forecast, return something else (a bug the server must report, not crash on).

    Args:
        city: City name.
    """
    return {"city": city}  # type: ignore[return-value]


@tool(tags=["context"])
def whoami(greeting: str, user: Annotated[str, Injected], tenant: Annotated[Optional[str], Injected] = None) -> str:
    """Greet the calling user (user and tenant are injected by the server, not sent by the model).

    Args:
        greeting: Word to greet with.
    """
    return f"{greeting}, {user}" + (f" of {tenant}" if tenant else "")
