"""Tools written against the tool2schema 2.x API, exactly as a 2.x user wrote them.

This module is imported both by tool2schema 2.2.0 (in a subprocess) and by this
library, and the outputs are compared (tests/test_compat.py).
"""

import typing
from enum import Enum
from typing import List, Literal, Optional

from tool2schema import EnableTool


class CustomEnum(Enum):
    A = 1
    B = 2
    C = 3


class Opaque:
    """A type 2.x did not know: written as a bare object."""


@EnableTool
def function(a: int, b: str, c: bool = False, d: list[int] = [1, 2, 3]):  # noqa: B006
    """
    This is a test function.

    :param a: This is a parameter
    :param b: This is another parameter
    :param c: This is a boolean parameter
    :param d: This is a list parameter
    """
    return a, b, c, d


@EnableTool(tags=["test"])
def function_tags(a: int, b: float = 0.5):
    """
    This is a test function
    spread over two lines.

    :param a: This is a parameter
    :param b: A float
    """
    return a, b


@EnableTool
def function_no_params():
    """
    This is a test function.
    """
    return None


@EnableTool
def function_no_description(a: int):
    """
    :param a: This is a parameter
    """
    return a


@EnableTool
def function_no_docstring(a: int, b: List[str]):
    return a, b


@EnableTool
def function_list_no_type(d: list = [1, 2]):  # noqa: B006
    """Untyped list.

    :param d: A list
    """
    return d


@EnableTool
def function_optional(a: int, d: Optional[int] = None):
    """Optional.

    :param d: This is an optional parameter
    """
    return a, d


@EnableTool
def function_enum(e: CustomEnum, f: Optional[CustomEnum] = None, g: CustomEnum = CustomEnum.B):
    """Enums.

    :param e: An enum
    """
    return e, f, g


@EnableTool
def function_literal(x: Literal["yes", "no"], y: typing.Literal[1, 2] = 1):
    """Literals.

    :param x: Yes or no
    """
    return x, y


@EnableTool
def function_unknown(a, b: Opaque, c: dict = {}):  # noqa: B006
    """Unknown and missing hints."""
    return a, b, c


@EnableTool(ignore_parameters=["b"])
def function_ignore(a: int, b: str = "x"):
    """Ignore b."""
    return a, b


@EnableTool(ignore_all_parameters=True)
def function_ignore_all(a: int = 1):
    """Ignore all."""
    return a


@EnableTool(ignore_function_description=True, ignore_parameter_descriptions=True)
def function_ignore_descriptions(a: int):
    """Gone.

    :param a: Gone too
    """
    return a


@EnableTool
def function_add_enum(a: int, b: str):
    """add_enum.

    :param a: A number
    """
    return a, b


function_add_enum.schema.add_enum("a", [1, 2, 3])


def function_not_enabled(a: int):
    """Not a tool."""
    return a
