"""Provider openai: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tool2schema import ToolRegistry, providers, tool

from .. import corpus
from ..helpers import check_typed_dict
from .common import *  # noqa: F403

PROVIDER = "openai"


def test_strict_records_restated_length_and_keeps_numeric_bounds() -> None:
    @tool
    def tag(label: Annotated[str, Field(min_length=2)], weight: Annotated[int, Field(ge=1)] = 1) -> str:
        """Tag."""
        return label

    conversion = providers.get("openai").convert(tag.definition(), True)
    assert [(d.path, d.keyword, d.value, d.restated) for d in conversion.dropped] == [("label", "minLength", 2, True)]
    assert conversion.schema["properties"]["weight"]["anyOf"][0]["minimum"] == 1
    result = ToolRegistry([tag]).dispatch({"id": "call_1", "type": "function", "function": {"name": "tag", "arguments": '{"label": "x", "weight": null}'}})
    assert result.is_error and "at least 2 characters" in result.content
    assert result.to_message()["tool_call_id"] == "call_1"


def test_tool_choice_shapes_validate() -> None:
    from openai.types.chat import ChatCompletionToolChoiceOptionParam

    provider = providers.get("openai")
    for names, required in ((["search"], True), (["search", "x"], True), (["search"], False)):
        check_typed_dict(ChatCompletionToolChoiceOptionParam, provider.tool_choice(names, required))


def test_fine_tuning_format_is_the_bare_function() -> None:
    from openai.types.shared_params import FunctionDefinition

    check_typed_dict(FunctionDefinition, corpus.search.to_json("openai-tune"))
    assert corpus.search.to_json("openai-tune") == corpus.search.to_json("openai")["function"]
