"""Example tools: `tool2schema dump examples/weather_tools.py --format anthropic`."""

from __future__ import annotations

import datetime
import enum
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, Field

from tool2schema import tool


class Units(enum.Enum):
    CELSIUS = "c"
    FAHRENHEIT = "f"


class TimeRange(BaseModel):
    """A range of dates."""

    start: datetime.date = Field(description="First day.")
    end: Optional[datetime.date] = Field(None, description="Last day; the forecast runs to the end of the window when left out.")


@tool(tags=["weather"])
def get_weather(location: str, units: Units = Units.CELSIUS) -> dict[str, object]:
    """Retrieve the current weather for a location.

    Use it for current conditions only; for forecasts use get_forecast.

    Args:
        location: City and country, e.g. Bogotá, Colombia.
        units: Unit of the returned temperature.
    """
    return {"location": location, "temperature": 21, "units": units.name}


@tool(tags=["weather"])
def get_forecast(
    location: str,
    days: Annotated[int, Field(ge=1, le=14)] = 3,
    period: Optional[TimeRange] = None,
) -> list[dict[str, object]]:
    """Forecast the weather for the coming days.

    Use it for future conditions; for the weather right now use get_weather.

    :param location: City and country.
    :param days: How many days to forecast.
    :param period: Restrict the forecast to these dates.
    """
    return [{"day": i, "location": location} for i in range(days)]


@tool(tags=["files"])
def search_files(query: str, file_types: Optional[list[Literal["pdf", "ppt"]]] = None) -> list[str]:
    """Search the user's files.

    Use it when the user asks about their own documents, not for web searches.

    Parameters
    ----------
    query
        The core search query distilled from the user's question.
    file_types
        Only files of these types.
    """
    return [f"{query}.pdf"]
