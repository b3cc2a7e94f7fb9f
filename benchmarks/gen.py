"""Generate a module of N tool functions with mixed signatures (deterministic).

Signatures: 2-8 parameters, defaults, Optional, Literal, str and int Enum, lists,
nested models two levels deep, Annotated constraints, Google-style docstrings.
"""

from __future__ import annotations

import random

HEADER = '''"""Generated benchmark tools."""
import enum
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, Field


class Color(str, enum.Enum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"


class Level(enum.IntEnum):
    LOW = 1
    MID = 2
    HIGH = 3


class Inner(BaseModel):
    """Innermost details."""

    code: str = Field(description="A short code")
    weight: float = 1.0


class Outer(BaseModel):
    """Nested record, two levels deep."""

    name: str = Field(description="Record name")
    inner: Inner
    tags: list[str] = []

'''

KINDS = [
    ("str", None, "A text value"),
    ("int", "3", "A count"),
    ("Optional[int]", "None", "An optional number"),
    ('Literal["fast", "slow", "auto"]', '"auto"', "The mode"),
    ("Color", "Color.RED", "The color"),
    ("Level", None, "The level"),
    ("list[str]", None, "Some names"),
    ("Outer", None, "A nested record"),
    ("Annotated[int, Field(ge=1, le=100)]", "10", "A bounded size"),
    ("Optional[Outer]", "None", "An optional record"),
    ("float", "0.5", "A ratio"),
    ("bool", "False", "A switch"),
]


def generate(n: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    out = [HEADER]
    for i in range(n):
        count = rng.randint(2, 8)
        chosen = [KINDS[rng.randrange(len(KINDS))] for _ in range(count)]
        required = [(f"p{j}", k) for j, k in enumerate(chosen) if k[1] is None]
        optional = [(f"p{j}", k) for j, k in enumerate(chosen) if k[1] is not None]
        params = [f"{name}: {k[0]}" for name, k in required] + [f"{name}: {k[0]} = {k[1]}" for name, k in optional]
        docs = "\n".join(f"        {name}: {k[2]}." for name, k in required + optional)
        out.append(
            f'''
def tool_{i}({", ".join(params)}) -> dict:
    """Do task number {i}.

    Use this tool for task {i} only.

    Args:
{docs}
    """
    return {{"task": {i}}}
'''
        )
    out.append(f"\nFUNCTIONS = [{', '.join(f'tool_{i}' for i in range(n))}]\n")
    out.append(FOOTER)
    return "".join(out)


FOOTER = '''

def fidelity_probe(
    p0: str,
    p1: Outer,
    p2: Color,
    p3: Level,
    p4: Literal["fast", "slow", "auto"] = "auto",
    p5: Annotated[int, Field(ge=1, le=100)] = 10,
) -> dict:
    """Probe what a library keeps of a signature.

    Args:
        p0: A text value.
        p1: A nested record.
        p2: The color.
        p3: The level.
        p4: The mode.
        p5: A bounded size.
    """
    return {}


def small_tool(city: str, days: int = 1) -> int:
    """Look something up for a city.

    Args:
        city: The city.
        days: How many days.
    """
    return days


class Item(BaseModel):
    """One order line."""

    sku: str = Field(description="Stock keeping unit")
    quantity: int = Field(1, ge=1)
    price: float
    note: Optional[str] = None
    color: Color = Color.RED


class Address(BaseModel):
    street: str
    city: str
    zip_code: str
    country: str = "CO"


class Order(BaseModel):
    """An order with 30 fields, a nested address and a list of items."""

''' + "".join(f"    f{i}: {('str', 'int', 'float', 'bool')[i % 4]}\n" for i in range(26)) + '''    address: Address
    items: list[Item]
    level: Level = Level.LOW
    mode: Literal["fast", "slow"] = "fast"


def large_tool(order: Order) -> int:
    """Place an order.

    Args:
        order: The order to place.
    """
    return len(order.items)


_ORDER = {f"f{i}": ("x", 1, 1.5, True)[i % 4] for i in range(26)}
_ORDER["address"] = {"street": "Calle 1", "city": "Quito", "zip_code": "170101"}
_ORDER["items"] = [{"sku": f"SKU-{i}", "quantity": 2, "price": 9.5, "color": "green"} for i in range(10)]

import json as _json

SMALL_CALL = {"id": "c1", "type": "function", "function": {"name": "small_tool", "arguments": '{"city": "Quito", "days": 3}'}}
LARGE_CALL = {"id": "c2", "type": "function", "function": {"name": "large_tool", "arguments": _json.dumps({"order": _ORDER})}}
EXPECTED = {"small_call": 3, "large_call": 10}
'''
