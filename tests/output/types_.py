"""Output types used by the structured-output tests."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal, Optional, TypedDict

from pydantic import BaseModel, Field


class Continent(enum.Enum):
    EUROPE = "eu"
    ASIA = "as"


class CityLocation(BaseModel):
    """A city and the country it is in."""

    city: str
    country: str
    population: Optional[int] = Field(default=None, ge=0)


class Flight(BaseModel):
    """A flight booking."""

    flight_number: str
    seats: int = Field(ge=1)


class Hotel(BaseModel):
    """A hotel booking."""

    hotel: str
    nights: int = Field(ge=1)


@dataclass
class Point:
    x: float
    y: float


class Person(TypedDict):
    name: str
    age: int


def area(width: float, height: float, unit: Literal["m", "cm"] = "m") -> str:
    """The area of a rectangle.

    Args:
        width: The width.
        height: The height.
        unit: The unit of both sides.
    """
    return f"{width * height} {unit}2"


class Tagged(BaseModel):
    """A place with a continent and free-form tags (no strict schema can express the tags)."""

    continent: Continent
    tags: dict[str, int]


def where(continent: Continent, population: Optional[int] = None) -> tuple[Continent, Optional[int]]:
    """Where the city is.

    Args:
        continent: The continent.
        population: How many people live there, if known.
    """
    return continent, population
