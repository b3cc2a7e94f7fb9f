"""One fixture, ``sdk``: the checks of one provider's own SDK, picked by the test module's
``PROVIDER``. Every check validates with the SDK's real types (Pydantic models,
TypedDicts walked for unknown keys, botocore's ``ParamValidator``), never with a
hand-written copy of the shape."""

from __future__ import annotations

import json
from typing import Any, Optional

import pytest

from ..helpers import check_typed_dict, claude_strict_violations, gemini_violations, strict_violations

Call = tuple[str, Any, Optional[str]]
"""(name, arguments, id) of a call a model makes; arguments None for a malformed call."""

USER_TEXT = "What is the weather in Quito?"


def fill_nulls(value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> Any:
    """``value`` with every property an OpenAI strict schema requires sent as null, the
    way a strict model answers when it gives no value."""
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    for branch in schema.get("anyOf", []):
        if isinstance(value, list) and branch.get("type") == "array":
            return fill_nulls(value, branch, defs)
        if isinstance(value, dict) and (branch.get("type") == "object" or "$ref" in branch):
            target = defs[branch["$ref"].rsplit("/", 1)[-1]] if "$ref" in branch else branch
            if set(value) <= set(target.get("properties", {})):
                return fill_nulls(value, target, defs)
    if isinstance(value, dict) and "properties" in schema:
        return {k: fill_nulls(value[k], s, defs) if k in value else None for k, s in schema["properties"].items()}
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [fill_nulls(v, schema["items"], defs) for v in value]
    return value


class ProviderSDK:
    """The interface every provider's checks implement."""

    fmt: str
    label: str
    """The provider's name in tool2schema's messages."""
    has_ids = True
    """Whether this provider's calls carry an id."""
    strict_refused: frozenset[str] = frozenset()
    """Corpus tools whose types this provider's strict subset cannot express."""

    def user(self) -> dict[str, Any]:
        """The user turn, as the provider writes it."""
        from tool2schema import providers

        return providers.get(self.fmt).user_message(USER_TEXT)

    def check_tool(self, out: dict[str, Any], strict: Optional[bool]) -> dict[str, Any]:
        """Validate a tool definition with the SDK; return its parameters schema."""
        raise NotImplementedError

    def strict_violations(self, schema: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def strict_answer(self, args: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
        """What a strict model sends for ``args``."""
        return args

    def call(self, name: str, args: Any, call_id: Optional[str]) -> Any:
        """One call as the SDK hands it over (``args`` None: malformed, no name)."""
        raise NotImplementedError

    def response(self, calls: list[Call]) -> Any:
        """A whole response holding some text and ``calls``, as the SDK parses it."""
        raise NotImplementedError

    def call_ids(self, response: Any) -> list[Optional[str]]:
        """The ids of the calls in ``response``, read with the SDK's attributes."""
        raise NotImplementedError

    def check_result_item(self, item: dict[str, Any], call_id: Optional[str], is_error: bool) -> None:
        """Validate one result item with the SDK; it answers ``call_id``."""
        raise NotImplementedError

    def next_turn(self, request_kwargs: dict[str, Any], response: Any, messages: list[dict[str, Any]]) -> list[Optional[str]]:
        """Build and validate the whole next request (user turn, the response as the
        assistant turn, ``messages``); return the call ids the results answer, in order."""
        raise NotImplementedError


# -- OpenAI Chat Completions ----------------------------------------------------------------


class OpenAIChatSDK(ProviderSDK):
    fmt = "openai"
    label = "OpenAI"
    strict_refused = frozenset({"counts", "pair", "any_value"})

    def check_tool(self, out: dict[str, Any], strict: Optional[bool]) -> dict[str, Any]:
        from openai.types.chat import ChatCompletionToolParam

        check_typed_dict(ChatCompletionToolParam, out)
        assert out["function"].get("strict", False) is bool(strict)  # omitted unless chosen
        params: dict[str, Any] = out["function"]["parameters"]
        return params

    def strict_violations(self, schema: dict[str, Any]) -> list[str]:
        return strict_violations(schema)

    def strict_answer(self, args: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
        return fill_nulls(args, schema, schema.get("$defs", {}))  # type: ignore[no-any-return]

    def _call_dict(self, name: str, args: Any, call_id: Optional[str]) -> dict[str, Any]:
        arguments = json.dumps(args) if args is not None else "{}"
        return {"id": call_id, "type": "function", "function": {"name": name if args is not None else "", "arguments": arguments}}

    def call(self, name: str, args: Any, call_id: Optional[str]) -> Any:
        from openai.types.chat import ChatCompletionMessageToolCall

        return ChatCompletionMessageToolCall.model_validate(self._call_dict(name, args, call_id))

    def response(self, calls: list[Call]) -> Any:
        from openai.types.chat import ChatCompletion

        return ChatCompletion.model_validate(
            {
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "created": 1700000000,
                "model": "gpt-4.1",
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "tool_calls",
                        "message": {"role": "assistant", "content": "Let me check.", "tool_calls": [self._call_dict(*c) for c in calls]},
                    }
                ],
            }
        )

    def call_ids(self, response: Any) -> list[Optional[str]]:
        return [c.id for c in response.choices[0].message.tool_calls]

    def check_result_item(self, item: dict[str, Any], call_id: Optional[str], is_error: bool) -> None:
        from openai.types.chat import ChatCompletionToolMessageParam

        check_typed_dict(ChatCompletionToolMessageParam, item)
        assert item["tool_call_id"] == call_id

    def next_turn(self, request_kwargs: dict[str, Any], response: Any, messages: list[dict[str, Any]]) -> list[Optional[str]]:
        from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming

        assistant = response.choices[0].message.model_dump(exclude_none=True)
        request = {"model": "gpt-4.1", "messages": [self.user(), assistant, *messages], **request_kwargs}
        check_typed_dict(CompletionCreateParamsNonStreaming, request)
        assert all(m["role"] == "tool" for m in messages)
        return [m["tool_call_id"] for m in messages]


# -- OpenAI Responses -------------------------------------------------------------------------


class ResponsesSDK(OpenAIChatSDK):
    fmt = "openai-responses"

    def check_tool(self, out: dict[str, Any], strict: Optional[bool]) -> dict[str, Any]:
        from openai.types.responses import FunctionToolParam

        check_typed_dict(FunctionToolParam, out)
        # strict chosen: said; not chosen (None): null, the API's own default ("If omitted,
        # Responses attempts to use strict validation when the schema is compatible")
        assert out["strict"] is strict
        params: dict[str, Any] = out["parameters"]
        return params

    def _item(self, name: str, args: Any, call_id: Optional[str]) -> dict[str, Any]:
        item = {"type": "function_call", "name": name if args is not None else "", "arguments": json.dumps(args) if args is not None else "{}"}
        item["call_id"] = call_id  # type: ignore[assignment]
        return item

    def call(self, name: str, args: Any, call_id: Optional[str]) -> Any:
        from openai.types.responses import ResponseFunctionToolCall

        return ResponseFunctionToolCall.model_validate(self._item(name, args, call_id))

    def response(self, calls: list[Call]) -> Any:
        from openai.types.responses import Response

        message = {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": "Let me check.", "annotations": []}],
        }
        output = [message] + [{**self._item(*c), "id": f"fc_{i}", "status": "completed"} for i, c in enumerate(calls)]
        return Response.model_validate(
            {
                "id": "resp_1",
                "object": "response",
                "created_at": 1700000000,
                "model": "gpt-4.1",
                "output": output,
                "parallel_tool_calls": True,
                "tool_choice": "auto",
                "tools": [],
                "status": "completed",
            }
        )

    def call_ids(self, response: Any) -> list[Optional[str]]:
        return [item.call_id for item in response.output if item.type == "function_call"]

    def check_result_item(self, item: dict[str, Any], call_id: Optional[str], is_error: bool) -> None:
        from openai.types.responses.response_input_param import FunctionCallOutput

        check_typed_dict(FunctionCallOutput, item)
        assert item["call_id"] == call_id

    def next_turn(self, request_kwargs: dict[str, Any], response: Any, messages: list[dict[str, Any]]) -> list[Optional[str]]:
        from openai.types.responses import ResponseInputParam
        from openai.types.responses.response_create_params import ResponseCreateParamsNonStreaming

        items = [self.user(), *(o.model_dump(exclude_none=True) for o in response.output), *messages]
        check_typed_dict(ResponseInputParam, items)
        check_typed_dict(ResponseCreateParamsNonStreaming, {"model": "gpt-4.1", "input": items, **request_kwargs})
        assert all(m["type"] == "function_call_output" for m in messages)
        return [m["call_id"] for m in messages]


# -- Anthropic ----------------------------------------------------------------------------------


class AnthropicSDK(ProviderSDK):
    fmt = "anthropic"
    label = "Anthropic"
    strict_refused = frozenset({"counts", "pair", "any_value", "walk_tree"})

    def check_tool(self, out: dict[str, Any], strict: Optional[bool]) -> dict[str, Any]:
        from anthropic.types import ToolParam

        check_typed_dict(ToolParam, out)
        assert out.get("strict", False) is bool(strict)  # omitted unless chosen
        schema: dict[str, Any] = out["input_schema"]
        assert schema["type"] == "object" and not {"oneOf", "anyOf", "allOf"} & set(schema)
        return schema

    def strict_violations(self, schema: dict[str, Any]) -> list[str]:
        return claude_strict_violations(schema)

    def _block(self, name: str, args: Any, call_id: Optional[str]) -> dict[str, Any]:
        return {"type": "tool_use", "id": call_id, "name": name if args is not None else "", "input": args if args is not None else {}}

    def call(self, name: str, args: Any, call_id: Optional[str]) -> Any:
        from anthropic.types import ToolUseBlock

        return ToolUseBlock.model_validate(self._block(name, args, call_id))

    def response(self, calls: list[Call]) -> Any:
        from anthropic.types import Message

        return Message.model_validate(
            {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [{"type": "text", "text": "Let me check."}, *(self._block(*c) for c in calls)],
                "stop_reason": "tool_use",
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 10},
            }
        )

    def call_ids(self, response: Any) -> list[Optional[str]]:
        return [b.id for b in response.content if b.type == "tool_use"]

    def check_result_item(self, item: dict[str, Any], call_id: Optional[str], is_error: bool) -> None:
        from anthropic.types import ToolResultBlockParam

        check_typed_dict(ToolResultBlockParam, item)
        assert item["tool_use_id"] == call_id
        assert item.get("is_error", False) is is_error

    def next_turn(self, request_kwargs: dict[str, Any], response: Any, messages: list[dict[str, Any]]) -> list[Optional[str]]:
        from anthropic.types import MessageParam
        from anthropic.types.message_create_params import MessageCreateParamsNonStreaming

        assistant = {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in response.content]}
        request = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [self.user(), assistant, *messages], **request_kwargs}
        check_typed_dict(MessageCreateParamsNonStreaming, request)
        assert len(messages) == 1, "all results of one turn go in ONE user message"
        check_typed_dict(MessageParam, messages[0])
        blocks = messages[0]["content"]
        assert messages[0]["role"] == "user" and all(b["type"] == "tool_result" for b in blocks)
        return [b["tool_use_id"] for b in blocks]


# -- Bedrock Converse ---------------------------------------------------------------------------


def _converse(shape: str) -> Any:
    import botocore.session

    op = botocore.session.get_session().get_service_model("bedrock-runtime").operation_model("Converse")
    return op.input_shape if shape == "input" else op.output_shape


def botocore_check(value: dict[str, Any], shape: str = "input") -> None:
    from botocore.validate import ParamValidator

    report = ParamValidator().validate(value, _converse(shape))
    assert not report.has_errors(), report.generate_report()


class BedrockSDK(AnthropicSDK):
    fmt = "bedrock"
    label = "Bedrock"

    def check_tool(self, out: dict[str, Any], strict: Optional[bool]) -> dict[str, Any]:
        request = {"modelId": "m", "messages": [{"role": "user", "content": [{"text": "hi"}]}], "toolConfig": {"tools": [out]}}
        botocore_check(request)
        assert out["toolSpec"].get("strict", False) is bool(strict)  # omitted unless chosen
        schema: dict[str, Any] = out["toolSpec"]["inputSchema"]["json"]
        assert schema["type"] == "object"
        return schema

    def _block(self, name: str, args: Any, call_id: Optional[str]) -> dict[str, Any]:
        inner: dict[str, Any] = {"toolUseId": call_id, "input": args if args is not None else {}}
        if args is not None:
            inner["name"] = name
        return {"toolUse": inner}

    def call(self, name: str, args: Any, call_id: Optional[str]) -> Any:
        return self._block(name, args, call_id)  # botocore hands over plain dicts

    def response(self, calls: list[Call]) -> Any:
        response = {
            "output": {"message": {"role": "assistant", "content": [{"text": "Let me check."}, *(self._block(*c) for c in calls)]}},
            "stopReason": "tool_use",
            "usage": {"inputTokens": 10, "outputTokens": 10, "totalTokens": 20},
            "metrics": {"latencyMs": 100},
        }
        if all(args is not None for _, args, _ in calls):  # a malformed call breaks the shape on purpose
            botocore_check(response, "output")
        return response

    def call_ids(self, response: Any) -> list[Optional[str]]:
        return [b["toolUse"]["toolUseId"] for b in response["output"]["message"]["content"] if "toolUse" in b]

    def check_result_item(self, item: dict[str, Any], call_id: Optional[str], is_error: bool) -> None:
        botocore_check({"modelId": "m", "messages": [{"role": "user", "content": [item]}]})
        assert item["toolResult"]["toolUseId"] == call_id
        assert item["toolResult"]["status"] == ("error" if is_error else "success")

    def next_turn(self, request_kwargs: dict[str, Any], response: Any, messages: list[dict[str, Any]]) -> list[Optional[str]]:
        assistant = response["output"]["message"]
        # a toolUse block without a name cannot be sent back (ToolName is required); keep the rest
        assistant = {**assistant, "content": [b for b in assistant["content"] if "toolUse" not in b or "name" in b["toolUse"]]}
        request = {
            "modelId": "anthropic.claude-sonnet-4-5",
            "messages": [self.user(), assistant, *messages],
            **request_kwargs,
        }
        botocore_check(request)
        assert len(messages) == 1 and messages[0]["role"] == "user", "all results of one turn go in ONE user message"
        return [b["toolResult"]["toolUseId"] for b in messages[0]["content"]]


# -- Gemini -------------------------------------------------------------------------------------


class GeminiSDK(ProviderSDK):
    fmt = "gemini"
    label = "Gemini"

    def check_tool(self, out: dict[str, Any], strict: Optional[bool]) -> dict[str, Any]:
        from google.genai import types

        decl = types.FunctionDeclaration.model_validate(out)  # extra="forbid": unknown keys fail
        assert decl.name == out["name"]
        params: dict[str, Any] = out.get("parameters", {})
        assert gemini_violations(params) == []
        if params:  # the SDK reads back what we wrote, nothing dropped
            dumped = decl.model_dump(by_alias=True, exclude_none=True, mode="json")["parameters"]
            assert json.loads(json.dumps(dumped).lower()) == json.loads(json.dumps(params).lower())
        return params

    def _part(self, name: str, args: Any, call_id: Optional[str]) -> dict[str, Any]:
        fc: dict[str, Any] = {"id": call_id, "args": args if args is not None else {}}
        if args is not None:
            fc["name"] = name
        return {"function_call": fc}

    def call(self, name: str, args: Any, call_id: Optional[str]) -> Any:
        from google.genai import types

        return types.Part.model_validate(self._part(name, args, call_id))

    def response(self, calls: list[Call]) -> Any:
        from google.genai import types

        return types.GenerateContentResponse.model_validate(
            {
                "candidates": [
                    {
                        "content": {"role": "model", "parts": [{"text": "Let me check."}, *(self._part(*c) for c in calls)]},
                        "finish_reason": "STOP",
                    }
                ]
            }
        )

    def call_ids(self, response: Any) -> list[Optional[str]]:
        return [p.function_call.id for p in response.candidates[0].content.parts if p.function_call]

    def check_result_item(self, item: dict[str, Any], call_id: Optional[str], is_error: bool) -> None:
        from google.genai import types

        part = types.Part.model_validate(item)
        assert part.function_response is not None
        assert part.function_response.id == call_id
        assert ("error" in (part.function_response.response or {})) is is_error

    def next_turn(self, request_kwargs: dict[str, Any], response: Any, messages: list[dict[str, Any]]) -> list[Optional[str]]:
        from google.genai import types
        from pydantic import TypeAdapter

        config = types.GenerateContentConfig.model_validate(request_kwargs)
        assert config.tools and config.tools[0].function_declarations
        contents = TypeAdapter(list[types.Content]).validate_python(
            [self.user(), response.candidates[0].content, *messages]
        )
        assert len(messages) == 1 and contents[-1].role == "user", "all results of one turn go in ONE user Content"
        return [p.function_response.id for p in contents[-1].parts or [] if p.function_response]


# -- MCP ----------------------------------------------------------------------------------------


class MCPSDK(ProviderSDK):
    fmt = "mcp"
    label = "MCP"
    has_ids = False  # JSON-RPC carries the request id, not the call

    def check_tool(self, out: dict[str, Any], strict: Optional[bool]) -> dict[str, Any]:
        import mcp.types

        parsed = mcp.types.Tool.model_validate(out)
        assert parsed.model_dump(by_alias=True, exclude_none=True, mode="json")["inputSchema"] == out["inputSchema"]
        params: dict[str, Any] = out["inputSchema"]
        return params

    def call(self, name: str, args: Any, call_id: Optional[str]) -> Any:
        import mcp.types

        if args is None:
            return mcp.types.CallToolRequestParams.model_construct(name=None, arguments={})
        return mcp.types.CallToolRequestParams(name=name, arguments=args)

    def response(self, calls: list[Call]) -> Any:
        return [self.call(*c) for c in calls]  # a host collects tools/call requests

    def call_ids(self, response: Any) -> list[Optional[str]]:
        return [None for _ in response]

    def check_result_item(self, item: dict[str, Any], call_id: Optional[str], is_error: bool) -> None:
        import mcp.types

        result = mcp.types.CallToolResult.model_validate(item)
        assert result.is_error is is_error
        mcp.types.JSONRPCResponse.model_validate({"jsonrpc": "2.0", "id": 1, "result": result.model_dump(by_alias=True, exclude_none=True)})

    def next_turn(self, request_kwargs: dict[str, Any], response: Any, messages: list[dict[str, Any]]) -> list[Optional[str]]:
        for item in messages:
            self.check_result_item(item, None, bool(item["isError"]))
        return [None for _ in messages]


SDKS: dict[str, ProviderSDK] = {
    s.fmt: s for s in (OpenAIChatSDK(), ResponsesSDK(), AnthropicSDK(), BedrockSDK(), GeminiSDK(), MCPSDK())
}


@pytest.fixture
def sdk(request: pytest.FixtureRequest) -> ProviderSDK:
    """The SDK checks of the test module's ``PROVIDER``."""
    return SDKS[request.module.PROVIDER]
