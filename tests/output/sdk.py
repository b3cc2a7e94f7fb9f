"""The five providers as their own SDKs see them: request checks with the SDK's request
types (extra keys refused at every level), responses built with the SDK's response
types from recorded dicts, and the conversation turn each provider needs next."""

from __future__ import annotations

import collections.abc
import functools
import json
import types as pytypes
import typing
from dataclasses import dataclass
from typing import Any, Callable, Optional

import botocore.session
from botocore.validate import ParamValidator
from pydantic import TypeAdapter
from typing_extensions import is_typeddict

# -- a TypedDict check that refuses keys the SDK does not declare ------------------------


def mismatch(ann: Any, value: Any) -> Optional[str]:
    """Why ``value`` does not fit the annotation ``ann`` exactly (no undeclared keys), or None."""
    origin = typing.get_origin(ann)
    args = typing.get_args(ann)
    if ann is Any or ann is object:
        return None
    if origin is typing.Annotated:
        return mismatch(args[0], value)
    if is_typeddict(ann):
        if not isinstance(value, dict):
            return f"{ann.__name__} expects a dict, got {type(value).__name__}"
        hints = typing.get_type_hints(ann)
        extra = set(value) - set(hints)
        if extra:
            return f"{ann.__name__} has no key(s) {sorted(extra)}"
        for key, sub in value.items():
            problem = mismatch(hints[key], sub)
            if problem:
                return f"{ann.__name__}.{key}: {problem}"
        return None
    if origin in (typing.Union, pytypes.UnionType):
        problems = [mismatch(a, value) for a in args]
        return None if any(p is None for p in problems) else " | ".join(p for p in problems if p)
    if origin is typing.Literal:
        return None if value in args else f"{value!r} is not one of {args}"
    if origin in (list, collections.abc.Iterable, collections.abc.Sequence, typing.Iterable, typing.Sequence):
        if not isinstance(value, (list, tuple)):
            return f"expected a list, got {type(value).__name__}"
        for i, item in enumerate(value):
            problem = mismatch(args[0], item) if args else None
            if problem:
                return f"[{i}]: {problem}"
        return None
    if origin in (dict, collections.abc.Mapping, typing.Mapping) or ann is dict:
        return None if isinstance(value, dict) else f"expected a dict, got {type(value).__name__}"
    if ann is type(None):
        return None if value is None else "expected None"
    if ann in (str, bool):
        return None if isinstance(value, ann) else f"expected {ann.__name__}, got {type(value).__name__}"
    if ann in (int, float):
        return None if isinstance(value, (int, float)) and not isinstance(value, bool) else f"expected {ann.__name__}"
    return None


@functools.cache
def _adapter(td: Any) -> TypeAdapter[Any]:
    return TypeAdapter(td)


def check_typed(td: Any, value: Any) -> None:
    """``value`` validates as the SDK TypedDict ``td`` and declares no key it does not have."""
    _adapter(td).validate_python(value)
    problem = mismatch(td, value)
    assert problem is None, problem


# -- the providers -------------------------------------------------------------------------

_SERVICE = botocore.session.get_session().get_service_model("bedrock-runtime")
CONVERSE_IN = _SERVICE.operation_model("Converse").input_shape
CONVERSE_OUT = _SERVICE.operation_model("Converse").output_shape


def _bedrock_check(shape: Any, value: Any) -> None:
    report = ParamValidator().validate(value, shape)
    assert not report.has_errors(), report.generate_report()


@dataclass
class SDK:
    """One provider: how its request is checked, its responses built, its history extended."""

    format: str
    check_request: Callable[[list[Any], dict[str, Any]], None]
    """(history, kwargs) -> raises unless the SDK takes the full request."""
    call: Callable[[str, Any, str], Any]
    """(tool name, arguments, call id) -> a response that calls the tool."""
    text: Callable[[str], Any]
    """text -> a response holding only that text."""
    empty: Callable[[], Any]
    """-> a response holding nothing."""
    refusal: Callable[[], Any]
    """-> a response the provider refused."""
    turn: Callable[[Any], list[Any]]
    """response -> the assistant message(s) to add to the history."""
    first: list[Any]
    """The opening user message(s)."""


# OpenAI Chat ---------------------------------------------------------------------------


def _chat(message: dict[str, Any], finish: str = "stop") -> Any:
    from openai.types.chat import ChatCompletion

    return ChatCompletion.model_validate(
        {"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o",
         "choices": [{"index": 0, "finish_reason": finish, "message": {"role": "assistant", "content": None, **message}}]}
    )


def _chat_check(history: list[Any], kwargs: dict[str, Any]) -> None:
    from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming

    check_typed(CompletionCreateParamsNonStreaming, {"model": "gpt-4o", "messages": history, **kwargs})


OPENAI = SDK(
    "openai",
    _chat_check,
    lambda name, args, cid: _chat(
        {"tool_calls": [{"id": cid, "type": "function", "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}]},
        "tool_calls",
    ),
    lambda text: _chat({"content": text}),
    lambda: _chat({"content": None}),
    lambda: _chat({"refusal": "I can't help with that."}),
    lambda resp: [resp.choices[0].message.model_dump(exclude_none=True)],
    [{"role": "user", "content": "Where were the 2012 Olympics?"}],
)

# OpenAI Responses -------------------------------------------------------------------------


def _responses(output: list[dict[str, Any]]) -> Any:
    from openai.types.responses import Response

    return Response.model_validate(
        {"id": "resp_1", "object": "response", "created_at": 1700000000, "model": "gpt-4.1", "output": output,
         "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "status": "completed"}
    )


def _message(content: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed", "content": content}


def _responses_check(history: list[Any], kwargs: dict[str, Any]) -> None:
    from openai.types.responses.response_create_params import ResponseCreateParamsNonStreaming

    check_typed(ResponseCreateParamsNonStreaming, {"model": "gpt-4.1", "input": history, **kwargs})


RESPONSES = SDK(
    "openai-responses",
    _responses_check,
    lambda name, args, cid: _responses(
        [{"type": "function_call", "id": "fc_1", "call_id": cid, "name": name, "arguments": args if isinstance(args, str) else json.dumps(args), "status": "completed"}]
    ),
    lambda text: _responses([_message([{"type": "output_text", "text": text, "annotations": []}])]),
    lambda: _responses([]),
    lambda: _responses([_message([{"type": "refusal", "refusal": "I can't help with that."}])]),
    lambda resp: [item.model_dump(exclude_none=True) for item in resp.output],
    [{"role": "user", "content": "Where were the 2012 Olympics?"}],
)

# Anthropic ---------------------------------------------------------------------------------


def _claude(content: list[dict[str, Any]], stop: str = "end_turn") -> Any:
    from anthropic.types import Message

    return Message.model_validate(
        {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": content,
         "stop_reason": stop, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 10}}
    )


def _claude_check(history: list[Any], kwargs: dict[str, Any]) -> None:
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming

    check_typed(MessageCreateParamsNonStreaming, {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": history, **kwargs})


ANTHROPIC = SDK(
    "anthropic",
    _claude_check,
    lambda name, args, cid: _claude([{"type": "tool_use", "id": cid, "name": name, "input": args}], "tool_use"),
    lambda text: _claude([{"type": "text", "text": text}]),
    lambda: _claude([]),
    lambda: _claude([], "refusal"),
    lambda resp: [{"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in resp.content]}],
    [{"role": "user", "content": "Where were the 2012 Olympics?"}],
)

# Gemini ------------------------------------------------------------------------------------


def _gemini(parts: list[dict[str, Any]], finish: str = "STOP") -> Any:
    from google.genai import types

    return types.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": parts}, "finish_reason": finish}]})


def _gemini_check(history: list[Any], kwargs: dict[str, Any]) -> None:
    from google.genai import types

    types.GenerateContentConfig.model_validate(kwargs)  # extra fields are forbidden by the SDK
    for content in history:
        if not isinstance(content, types.Content):
            types.Content.model_validate(content)


GEMINI = SDK(
    "gemini",
    _gemini_check,
    lambda name, args, cid: _gemini([{"function_call": {"id": cid, "name": name, "args": args}}]),
    lambda text: _gemini([{"text": text}]),
    lambda: _gemini([]),
    lambda: _gemini([], "SAFETY"),
    lambda resp: [resp.candidates[0].content],
    [{"role": "user", "parts": [{"text": "Where were the 2012 Olympics?"}]}],
)

# Bedrock Converse ---------------------------------------------------------------------------


def _converse(content: list[dict[str, Any]], stop: str = "end_turn") -> dict[str, Any]:
    response = {
        "output": {"message": {"role": "assistant", "content": content}},
        "stopReason": stop,
        "usage": {"inputTokens": 10, "outputTokens": 10, "totalTokens": 20},
        "metrics": {"latencyMs": 100},
    }
    _bedrock_check(CONVERSE_OUT, response)
    return response


def _bedrock_request(history: list[Any], kwargs: dict[str, Any]) -> None:
    _bedrock_check(CONVERSE_IN, {"modelId": "anthropic.claude-sonnet-4-5", "messages": history, **kwargs})


BEDROCK = SDK(
    "bedrock",
    _bedrock_request,
    lambda name, args, cid: _converse([{"toolUse": {"toolUseId": cid, "name": name, "input": args}}], "tool_use"),
    lambda text: _converse([{"text": text}]),
    lambda: _converse([]),
    lambda: _converse([{"text": "Blocked by a guardrail."}], "guardrail_intervened"),
    lambda resp: [resp["output"]["message"]],
    [{"role": "user", "content": [{"text": "Where were the 2012 Olympics?"}]}],
)

ALL = [OPENAI, RESPONSES, ANTHROPIC, GEMINI, BEDROCK]
IDS = [s.format for s in ALL]
