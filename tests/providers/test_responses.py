"""Provider openai-responses: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

import tool2schema
from tool2schema import providers

from .. import corpus
from ..helpers import check_typed_dict
from .common import *  # noqa: F403

PROVIDER = "openai-responses"


def test_strict_is_always_written() -> None:
    assert corpus.search.to_json("openai-responses")["strict"] is None  # nobody chose: the API's default
    assert corpus.search.to_json("openai-responses", strict=False)["strict"] is False
    tool2schema.CONFIG.strict = False  # chosen globally: said
    try:
        assert corpus.search.to_json("openai-responses")["strict"] is False
    finally:
        tool2schema.CONFIG.reset_default()
    strict = corpus.search.to_json("openai-responses", strict=True)
    assert strict["strict"] is True
    assert strict["parameters"] == corpus.search.to_json("openai", strict=True)["function"]["parameters"]


def test_tool_choice_shapes_validate() -> None:
    from openai.types.responses.response_create_params import ToolChoice

    provider = providers.get("openai-responses")
    for names, required in ((["search"], True), (["search", "x"], True), (["search"], False)):
        check_typed_dict(ToolChoice, provider.tool_choice(names, required))
    assert provider.tool_choice(["search"], True) == {"type": "function", "name": "search"}
