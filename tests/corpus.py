"""A corpus of tools covering every type family, shared by the format and dispatch tests.

Each tool comes with one valid set of arguments (``VALID``) so that tests can check
that what the schema describes is what the validator accepts.
"""

from __future__ import annotations

import datetime
import decimal
import enum
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from tool2schema import tool


class Color(str, enum.Enum):
    RED = "red"
    GREEN = "green"


class Priority(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Address(BaseModel):
    """A postal address."""

    street: str = Field(description="Street and number")
    city: str
    zip_code: Optional[str] = Field(None, pattern=r"^\d{5}$")


class Person(BaseModel):
    name: str = Field(min_length=1, max_length=50)
    address: Address
    tags: list[str] = []


class TreeNode(BaseModel):
    value: int
    children: list[TreeNode] = []


class Cat(BaseModel):
    kind: Literal["cat"] = "cat"
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog"] = "dog"
    good: bool = True


@dataclass
class Point:
    x: float
    y: float = 0.0


class Movie(TypedDict):
    title: str
    year: int


@tool
def get_weather(location: str, units: Literal["celsius", "fahrenheit"] = "celsius") -> dict[str, Any]:
    """Retrieve the current weather for a location.

    Args:
        location: City and country, e.g. Bogotá, Colombia.
        units: Unit of the returned temperature.
    """
    return {"location": location, "units": units}


@tool
def add_numbers(a: int, b: float = 1.5) -> float:
    """Add two numbers."""
    return a + b


@tool
def toggle(flag: bool) -> bool:
    """Flip a flag."""
    return not flag


@tool
def maybe_limit(limit: Optional[int] = None) -> Optional[int]:
    """Optional integer."""
    return limit


@tool
def pep604(value: int | None = None, label: str | None = None) -> str:
    """PEP 604 unions."""
    return f"{value}{label}"


@tool
def int_or_str(value: Union[int, str]) -> str:
    """A union of two scalars."""
    return str(value)


@tool
def paint(color: Color) -> str:
    """A str enum, listed by member name."""
    return color.value


@tool(enum_style="value")
def paint_by_value(color: Color) -> str:
    """A str enum, listed by value."""
    return color.value


@tool
def prioritize(priority: Priority = Priority.LOW) -> int:
    """An int enum by name."""
    return int(priority)


@tool(enum_style="value")
def prioritize_value(priority: Priority) -> int:
    """An int enum by value."""
    return int(priority)


@tool
def pick_level(level: Literal[1, 2, 3]) -> int:
    """An int literal."""
    return level


@tool
def single_literal(mode: Literal["fast"] = "fast") -> str:
    """A one-value literal."""
    return mode


@tool
def list_colors(colors: list[Color]) -> list[str]:
    """A list of enums."""
    return [c.value for c in colors]


@tool
def sum_list(values: list[int], unique: set[str] = set()) -> int:  # noqa: B006
    """Lists and sets."""
    return sum(values)


@tool
def pair(coords: tuple[int, int]) -> int:
    """A fixed-length tuple."""
    return coords[0] + coords[1]


@tool
def var_tuple(values: tuple[str, ...]) -> int:
    """A variable-length tuple."""
    return len(values)


@tool
def counts(mapping: dict[str, int]) -> int:
    """A free-form mapping."""
    return sum(mapping.values())


@tool
def schedule(day: datetime.date, at: datetime.datetime, duration: datetime.timedelta) -> str:
    """Dates and times."""
    return day.isoformat()


@tool
def identify(id: uuid.UUID, amount: decimal.Decimal, path: Path) -> str:
    """UUIDs, decimals, paths."""
    return str(id)


@tool
def register_person(person: Person) -> str:
    """Nested models, two levels deep."""
    return person.address.city


@tool
def walk_tree(root: TreeNode) -> int:
    """A recursive model."""
    return root.value


@tool
def adopt(pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")]) -> str:
    """A discriminated union."""
    return pet.kind


@tool
def move(point: Point) -> float:
    """A dataclass parameter."""
    return point.x


@tool
def rate_movie(movie: Movie, stars: Annotated[int, Field(ge=1, le=5, description="Stars from 1 to 5")]) -> str:
    """A TypedDict parameter and a constrained int."""
    return movie["title"]


@tool
def search(
    query: Annotated[str, Field(min_length=1, max_length=200)],
    page_size: Annotated[int, Field(ge=1, le=100)] = 20,
    ratio: Annotated[float, Field(gt=0, lt=1, multiple_of=0.05)] = 0.5,
) -> list[str]:
    """Constraints from the schema design guide."""
    return [query]


@tool
def order_id(order: Annotated[str, Field(pattern=r"^ORD-\d{6}$")]) -> str:
    """A patterned string."""
    return order


@tool
def no_params() -> str:
    """A tool without parameters."""
    return "ok"


@tool
def keyword_only(*, a: int, b: str = "x") -> str:
    """Keyword-only parameters."""
    return f"{a}{b}"


@tool
def positional_only(a: int, /, b: int = 2) -> int:
    """Positional-only parameters."""
    return a * b


@tool
async def async_fetch(url: str) -> str:
    """An async tool."""
    return url


@tool
def optional_nested(address: Optional[Address] = None) -> str:
    """An optional nested model."""
    return address.city if address else ""


class GetStockPriceArgs(BaseModel):
    """Get the latest price of a stock."""

    ticker: str = Field(description="Ticker symbol, e.g. AAPL")
    currency: Literal["USD", "EUR"] = "USD"


get_stock_price = tool(GetStockPriceArgs)


@dataclass
class CreateEventArgs:
    """Create a calendar event.

    Args:
        title: Event title.
        attendees: Email addresses.
    """

    title: str
    attendees: list[str] = field(default_factory=list)


create_event = tool(CreateEventArgs)


class SendEmail(TypedDict):
    """Send an email."""

    to: str
    body: str


send_email = tool(SendEmail)


@tool
def lists_of_models(people: list[Person], scores: list[list[int]] = []) -> int:  # noqa: B006
    """Nested containers of models."""
    return len(people)


@tool
def any_value(payload: Any) -> str:
    """Anything goes."""
    return repr(payload)


VALID: dict[str, dict[str, Any]] = {
    "get_weather": {"location": "Bogotá"},
    "add_numbers": {"a": 1},
    "toggle": {"flag": True},
    "maybe_limit": {"limit": 3},
    "pep604": {"value": 1, "label": None},
    "int_or_str": {"value": "x"},
    "paint": {"color": "RED"},
    "paint_by_value": {"color": "green"},
    "prioritize": {"priority": "HIGH"},
    "prioritize_value": {"priority": 2},
    "pick_level": {"level": 2},
    "single_literal": {"mode": "fast"},
    "list_colors": {"colors": ["RED", "GREEN"]},
    "sum_list": {"values": [1, 2], "unique": ["a"]},
    "pair": {"coords": [1, 2]},
    "var_tuple": {"values": ["a", "b"]},
    "counts": {"mapping": {"a": 1}},
    "schedule": {"day": "2026-01-02", "at": "2026-01-02T03:04:05Z", "duration": "PT1H"},
    "identify": {"id": "12345678-1234-5678-1234-567812345678", "amount": "1.50", "path": "/tmp/x"},
    "register_person": {"person": {"name": "Ana", "address": {"street": "Main 1", "city": "Quito"}}},
    "walk_tree": {"root": {"value": 1, "children": [{"value": 2}]}},
    "adopt": {"pet": {"kind": "dog", "good": False}},
    "move": {"point": {"x": 1.0}},
    "rate_movie": {"movie": {"title": "Alien", "year": 1979}, "stars": 5},
    "search": {"query": "shoes"},
    "order_id": {"order": "ORD-123456"},
    "no_params": {},
    "keyword_only": {"a": 1},
    "positional_only": {"a": 3},
    "async_fetch": {"url": "https://example.org"},
    "optional_nested": {"address": {"street": "s", "city": "c"}},
    "get_stock_price": {"ticker": "AAPL"},
    "create_event": {"title": "Standup"},
    "send_email": {"to": "a@b.c", "body": "hi"},
    "lists_of_models": {"people": []},
    "any_value": {"payload": [1, "x"]},
}

# tools whose types OpenAI strict mode cannot express (and must refuse clearly)
NOT_STRICT = {"counts", "pair", "any_value"}
