"""Provider bedrock: the shared provider tests (tests/providers/common.py) and its own rules."""

from __future__ import annotations

import json

from tool2schema import ToolRegistry, providers

from .. import corpus
from ..helpers import claude_strict_violations
from .common import *  # noqa: F403
from .conftest import botocore_check
from .test_anthropic import plan

PROVIDER = "bedrock"


def test_strict_flag_and_subset() -> None:
    out = plan.to_json("bedrock", strict=True)
    assert out["toolSpec"]["strict"] is True
    botocore_check({"modelId": "m", "messages": [{"role": "user", "content": [{"text": "hi"}]}], "toolConfig": {"tools": [out]}})
    schema = out["toolSpec"]["inputSchema"]["json"]
    assert claude_strict_violations(schema) == []
    restated = {(d.path, d.keyword) for d in providers.get("bedrock").convert(plan.definition(), True).dropped if d.restated}
    assert restated == {("period.end", "minimum"), ("period.end", "maximum"), ("notes.text", "maxLength"), ("count", "minimum")}


def test_restated_constraints_are_still_enforced_at_dispatch() -> None:
    schema = corpus.search.to_json("bedrock", strict=True)["toolSpec"]["inputSchema"]["json"]
    assert "minLength" not in json.dumps(schema)
    call = {"toolUse": {"toolUseId": "tooluse_1", "name": "search", "input": {"query": ""}}}
    result = ToolRegistry([corpus.search]).dispatch(call)
    assert result.is_error and "at least 1 character" in result.content
    item = result.to_message()
    assert item["toolResult"]["toolUseId"] == "tooluse_1" and item["toolResult"]["status"] == "error"


def test_tool_choice_shapes_validate() -> None:
    provider = providers.get("bedrock")
    tools = [corpus.search.to_json("bedrock")]
    for names, required in ((["search"], True), (["search", "x"], True), (["search"], False)):
        request = {"modelId": "m", "messages": [{"role": "user", "content": [{"text": "hi"}]}], **provider.request(tools, provider.tool_choice(names, required))}
        botocore_check(request)
