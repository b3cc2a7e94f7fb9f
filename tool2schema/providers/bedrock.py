"""Amazon Bedrock Converse (botocore ``bedrock-runtime``).

Tool: ``{"toolSpec": {"name", "description", "inputSchema": {"json"}, "strict"?}}``.

Rules (the bedrock-runtime service model, ``ToolSpecification``): ``name`` is a
``ToolName``, pattern ``[a-zA-Z0-9_-]+``, 1-64 characters; ``description`` is a
``NonEmptyString`` (an empty one is left out); ``inputSchema.json`` is a JSON Schema
document whose top level is an object; ``strict`` enables "structured output enforcement
on a tool usage response", within the subset of the Bedrock guide "Get validated JSON
results from models" (docs.aws.amazon.com/bedrock/latest/userguide/structured-output.html),
which lists exactly Claude's subset (`BedrockStrict`).

Calls arrive as ``{"toolUse": {"toolUseId", "name", "input"}}`` content blocks of
``output.message``; results go back in ONE user message holding every
``{"toolResult": {"toolUseId", "content": [{"json"} | {"text"}], "status"}}`` block.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ..calls import ToolCall, fields, items, member
from . import SchemaFormat
from .anthropic import ClaudeStrict
from .base import Provider, Reply, StreamStep, WrittenTool

if TYPE_CHECKING:
    from ..calls import ToolResult
    from ..definition import ToolDefinition


class BedrockStrict(ClaudeStrict):
    """Bedrock's strict subset: the guide lists the same keywords as Claude's (basic
    types, primitive ``enum``, ``const``, ``anyOf``, internal ``$ref``, the same string
    formats, ``minItems`` 0/1, ``additionalProperties: false``; no recursion, numeric or
    string-length constraints); "If the schema contains unsupported features, Amazon
    Bedrock returns a 400 error immediately"."""

    provider = "Bedrock strict mode"


class Bedrock(Provider):
    format = SchemaFormat.BEDROCK
    label = "Bedrock"
    # Claude's per-request strict limits (20 strict tools, 24 optional, 16 union
    # parameters) are documented for the Anthropic API only; not applied here.
    parameters_key = "inputSchema"
    strict_walker = BedrockStrict

    def tool(self, definition: ToolDefinition, strict: Optional[bool], *, json_schema: bool = False, output_schema: bool = True) -> dict[str, Any]:
        inner: dict[str, Any] = self.named(definition)
        inner[self.parameters_key] = {"json": self.object_root(definition, self.parameters(definition, bool(strict)))}
        if strict:
            inner["strict"] = True
        return {"toolSpec": inner}

    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        if not required:
            return {"auto": {}}
        if len(names) == 1:
            return {"tool": {"name": names[0]}}
        return {"any": {}}

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        return {"toolConfig": {"tools": tools, "toolChoice": choice}}

    def cached(self, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # Converse prompt caching: a cachePoint entry in the tool list caches what comes before it
        return [*tools, {"cachePoint": {"type": "default"}}]


    def read_tools(self, item: dict[str, Any]) -> Optional[list[WrittenTool]]:
        spec = item.get("toolSpec")
        if isinstance(spec, dict):  # Tool.toolSpec (ToolSpecification)
            return self.written(item, ("toolSpec",), ("inputSchema", "json"), strict=spec.get("strict"))
        if len(item) == 1 and ("cachePoint" in item or "systemTool" in item):
            return []
        return None

    def listed_tools(self, body: dict[str, Any]) -> Optional[tuple[tuple[str, ...], list[Any]]]:
        config = body.get("toolConfig")  # converse(modelId=, messages=, toolConfig={"tools": [...]})
        tools = config.get("tools") if isinstance(config, dict) else None
        return (("toolConfig", "tools"), tools) if isinstance(tools, list) else None

    def read_call(self, obj: Any) -> Optional[ToolCall]:
        # boto3 hands Converse responses over as plain dicts (no SDK objects): asking
        # another provider's SDK object for these members would only cost its
        # __getattr__ a raised AttributeError each
        if not isinstance(obj, dict):
            return None
        if "toolUse" in obj:
            block = fields(obj["toolUse"]) or {}
        elif "toolUseId" in obj:
            block = obj
        else:
            return None
        return ToolCall.read(block.get("name"), block.get("input"), block.get("toolUseId"), self.format, obj)

    def response_items(self, response: Any) -> Optional[list[Any]]:
        output = member(response, "output")
        if isinstance(output, dict) and "message" in output:
            return items(member(output["message"], "content"))
        return None

    def text(self, response: Any) -> Optional[str]:
        output = member(response, "output")
        message = output.get("message") if isinstance(output, dict) else response
        texts = [member(b, "text") for b in items(member(message, "content"))]
        found = [t for t in texts if isinstance(t, str)]
        return "".join(found) if found else None

    def stream_steps(self, event: Any) -> Optional[list[StreamStep]]:
        """ConverseStream events (dicts): ``contentBlockStart.start.toolUse`` (id, name),
        ``contentBlockDelta.delta.toolUse.input`` fragments, ``contentBlockStop``,
        ``messageStop`` (text blocks have no start event; their deltas are skipped)."""
        if not isinstance(event, dict):
            return None
        if "contentBlockStart" in event:
            block = event["contentBlockStart"] if isinstance(event["contentBlockStart"], dict) else {}
            start = block.get("start")
            use = start.get("toolUse") if isinstance(start, dict) else None
            if isinstance(use, dict):
                return [("start", block.get("contentBlockIndex"), use.get("toolUseId"), use.get("name"), None)]
            return [("ignore", block.get("contentBlockIndex"), None, None, None)]
        if "contentBlockDelta" in event:
            block = event["contentBlockDelta"] if isinstance(event["contentBlockDelta"], dict) else {}
            delta = block.get("delta")
            use = delta.get("toolUse") if isinstance(delta, dict) else None
            if isinstance(use, dict):
                return [("delta", block.get("contentBlockIndex"), None, None, use.get("input"))]
            if isinstance(delta, dict) and isinstance(delta.get("text"), str):
                return [("text", None, None, None, delta["text"])]
            return []
        if "contentBlockStop" in event:
            block = event["contentBlockStop"] if isinstance(event["contentBlockStop"], dict) else {}
            return [("end", block.get("contentBlockIndex"), None, None, None)]
        if "messageStop" in event:
            return [("end_all", None, None, None, False)]
        if any(k in event for k in ("messageStart", "metadata")):
            return []
        return None

    def result_item(self, result: ToolResult) -> dict[str, Any]:
        data = result.data
        block: dict[str, Any] = {"json": data} if isinstance(data, dict) else {"text": result.content}
        return {"toolResult": {"toolUseId": self.required_id(result, "toolUseId"), "content": [block], "status": "error" if result.is_error else "success"}}

    def result_messages(self, results: Sequence[ToolResult]) -> list[dict[str, Any]]:
        return [{"role": "user", "content": [self.result_item(r) for r in results]}]

    def user_message(self, text: str) -> dict[str, Any]:
        return {"role": "user", "content": [{"text": text}]}

    # structured output: ``outputConfig={"textFormat": {"type": "json_schema", "structure":
    # {"jsonSchema": {"schema", "name", "description"}}}}`` (service model ``OutputConfig``,
    # ``OutputFormat``, ``JsonSchemaDefinition``: ``schema`` is a *String*, the schema as JSON
    # text; no strict flag: the guide validates every schema against the strict subset and
    # answers 400 otherwise). The answer is the text block of ``output.message``; guardrail
    # and content-filter stops (``stopReason``) are the refusals.
    native_strict = "subset"
    REFUSALS = ("guardrail_intervened", "content_filtered")
    BLOCKS = frozenset({"text", "toolUse", "toolResult", "reasoningContent", "image", "document", "video", "cachePoint", "guardContent", "citationsContent", "searchResult"})

    def native_schema(self, definition: ToolDefinition, strict: bool) -> dict[str, Any]:
        return self.object_root(definition, self.parameters(definition, True))

    def native_output(self, schema: dict[str, Any], name: str, description: str, strict: bool) -> dict[str, Any]:
        self.check_name(name)
        spec: dict[str, Any] = {"schema": json.dumps(schema, ensure_ascii=False), "name": name}
        if description:
            spec["description"] = description
        return {"outputConfig": {"textFormat": {"type": "json_schema", "structure": {"jsonSchema": spec}}}}

    def reply(self, response: Any) -> Optional[Reply]:
        found = super().reply(response)
        if found is not None:
            return found
        # an output.message on its own: {"role", "content": [blocks keyed by their member]}
        content = member(response, "content")
        if (
            isinstance(response, dict)
            and response.get("role") in ("assistant", "user")
            and isinstance(content, list)
            and content
            and all(isinstance(b, dict) and len(b) == 1 and next(iter(b)) in self.BLOCKS for b in content)
        ):
            calls = [c for c in (self.read_call(b) for b in content) if c is not None]
            return Reply(calls, self.text(response), None)
        return None

    def refusal(self, response: Any) -> Optional[str]:
        reason = member(response, "stopReason")
        return reason if reason in self.REFUSALS else None
