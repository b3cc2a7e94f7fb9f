"""Generate a module of N tool functions with mixed signatures (deterministic).

Signatures: 2-8 parameters, defaults, Optional, Literal, str and int Enum, lists,
nested models two levels deep, Annotated constraints, Google-style docstrings.
"""

from __future__ import annotations

import random

HEADER = '''"""Generated benchmark tools."""
from __future__ import annotations

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
    return "".join(out)
