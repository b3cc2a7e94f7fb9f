"""OpenAI Responses API.

Tool: a flat ``{"type": "function", "name", "description", "parameters", "strict"}``
(``openai.types.responses.FunctionToolParam``; ``parameters`` and ``strict`` are
required keys). The name and schema rules are Chat Completions' (`.openai`, whose
strict walker this API shares); ``strict`` defaults to *true* on this API when omitted,
so a non-strict schema says ``"strict": false`` explicitly.

Calls arrive as ``function_call`` output items ``{"type": "function_call", "call_id",
"name", "arguments"}``; results go back as one ``{"type": "function_call_output",
"call_id", "output"}`` input item per call (no error flag: the text says it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ..calls import ToolCall, fields, items, member, tag
from ..search import SEARCH_TOOL
from . import SchemaFormat
from .base import Provider, Reply, StreamStep, WrittenTool
from .openai import OpenAIChat, OpenAIStrict

if TYPE_CHECKING:
    from ..calls import ToolResult
    from ..definition import ToolDefinition


class OpenAIResponses(Provider):
    format = SchemaFormat.OPENAI_RESPONSES
    label = "OpenAI"
    name_pattern = OpenAIChat.name_pattern
    name_rule = OpenAIChat.name_rule
    limits = OpenAIChat.limits
    strict_walker = OpenAIStrict

    def tool(self, definition: ToolDefinition, strict: Optional[bool], *, json_schema: bool = False, output_schema: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = self.named(definition, type="function")
        out["parameters"] = self.parameters(definition, bool(strict))
        # a required, nullable key: null leaves it to the API ("If omitted, Responses attempts
        # to use strict validation when the schema is compatible"), as when nobody chose
        out["strict"] = None if strict is None else bool(strict)
        schema = self.output_schema(definition, output_schema)
        if schema is not None:
            out["output_schema"] = schema  # "the JSON value encoded in string outputs"
        callers = self.allowed_callers(definition)
        if callers is not None:
            out["allowed_callers"] = callers
        return out

    CALLERS: ClassVar[dict[str, str]] = {"direct": "direct", "code": "programmatic"}

    # Tool search: deferred function tools carry ``defer_loading: true``; the hosted
    # ``{"type": "tool_search"}`` loads them itself, the client-executed one
    # (``execution: "client"``) is called as a ``tool_search_call`` item and answered by a
    # ``tool_search_output`` item holding the definitions it found.
    deferral = True
    search_variants = ("server",)

    def provider_search_tool(self, variant: str) -> dict[str, Any]:
        return {"type": "tool_search"}

    def client_search_tool(self, definition: ToolDefinition, strict: Optional[bool]) -> dict[str, Any]:
        return {"type": "tool_search", "execution": "client", "description": definition.description, "parameters": self.parameters(definition, False)}

    def allowed_tool_choice(self, names: Sequence[str], required: bool) -> Optional[Any]:
        # ToolChoiceAllowedParam; it cannot name a function inside a namespace
        return {"type": "allowed_tools", "mode": "required" if required else "auto", "tools": [{"type": "function", "name": n} for n in names]}

    def namespaced(self, groups: Sequence[tuple[str, str, list[dict[str, Any]]]], loose: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # NamespaceToolParam: {"type": "namespace", "name", "description", "tools"}
        return [*({"type": "namespace", "name": name, "description": text, "tools": tools} for name, text, tools in groups), *loose]

    def tool_choice(self, names: Sequence[str], required: bool) -> Any:
        if not required:
            return "auto"
        if len(names) == 1:
            return {"type": "function", "name": names[0]}
        return "required"

    def request(self, tools: list[dict[str, Any]], choice: Any) -> dict[str, Any]:
        return {"tools": tools, "tool_choice": choice}

    # The ``type`` of every other tool of ``openai.types.responses.ToolParam``: built-in
    # tools the API runs or defines, with no parameters schema of the user's.
    BUILT_IN: ClassVar[frozenset[str]] = frozenset({
        "file_search", "web_search", "web_search_preview", "web_search_2025_08_26", "web_search_preview_2025_03_11",
        "computer_use_preview", "computer", "code_interpreter", "image_generation", "local_shell", "shell", "mcp",
        "custom", "apply_patch", "tool_search",
    })

    def read_tools(self, item: dict[str, Any]) -> Optional[list[WrittenTool]]:
        kind = item.get("type")
        if kind == "function":  # FunctionToolParam; ``strict`` defaults to true when omitted
            return self.written(item, (), ("parameters",), strict=item.get("strict", True))
        if kind == "namespace" and isinstance(item.get("tools"), list):  # NamespaceToolParam
            return self.nested("tools", item["tools"])
        if isinstance(kind, str) and kind in self.BUILT_IN:
            return []
        return None


    def read_call(self, obj: Any) -> Optional[ToolCall]:
        call = obj if type(obj) is dict else fields(obj)
        kind = None if call is None else call.get("type")
        if type(kind) is not str:
            return None
        if kind == "function_call":
            return ToolCall.read(call.get("name"), call.get("arguments"), call.get("call_id"), self.format, obj)
        if kind == "tool_search_call" and call.get("execution") == "client":  # the client search tool's call
            return ToolCall.read(SEARCH_TOOL, call.get("arguments"), call.get("call_id"), self.format, obj)
        return None

    def response_items(self, response: Any) -> Optional[list[Any]]:
        output = member(response, "output")
        if isinstance(output, (list, tuple)):
            return items(output)
        return None

    def text(self, response: Any) -> Optional[str]:
        texts: list[str] = []
        for item in items(member(response, "output")):
            if tag(item, "type") == "message":
                for part in items(member(item, "content")):
                    if tag(part, "type") == "output_text" and isinstance(member(part, "text"), str):
                        texts.append(member(part, "text"))
        return "".join(texts) if texts else None

    def stream_steps(self, event: Any) -> Optional[list[StreamStep]]:
        """Responses stream events: ``response.output_item.added`` of a ``function_call``
        item (its ``call_id`` and name), ``response.function_call_arguments.delta``
        (keyed by ``output_index``: it carries no ``call_id``), ``.done`` (the whole
        arguments, no name), ``response.output_item.done`` (the whole item)."""
        # an SDK event's fields are its instance dict (read directly: a stream has thousands of events)
        e: Any = event if type(event) is dict else getattr(event, "__dict__", None)
        kind = e.get("type") if type(e) is dict else None
        if kind == "response.function_call_arguments.delta" and type(kind) is str:  # the common event first
            return [("delta", e.get("output_index"), None, None, e.get("delta"))]
        if type(kind) is not str or not kind.startswith("response."):
            return None
        index = e.get("output_index")
        if kind in ("response.output_item.added", "response.output_item.done"):
            item = fields(e.get("item")) or {}
            if item.get("type") != "function_call":
                return [] if kind.endswith(".done") else [("ignore", index, None, None, None)]
            if kind.endswith(".added"):
                return [("start", index, item.get("call_id"), item.get("name"), None)]
            return [("end", index, item.get("call_id"), item.get("name"), item.get("arguments"))]
        if kind == "response.output_text.delta":
            return [("text", None, None, None, e.get("delta"))]
        if kind == "response.function_call_arguments.done":
            return [("end", index, None, None, e.get("arguments"))]
        if kind in ("response.completed", "response.incomplete", "response.failed"):
            return [("end_all", None, None, None, False)]
        return []

    def result_item(self, result: ToolResult) -> dict[str, Any]:
        call_id = self.required_id(result, "call_id")
        if result.found is not None:  # a client tool search: the definitions it found, loaded for the next turn
            tools = [self.tool(d, None) for d in result.found]
            return {"type": "tool_search_output", "call_id": call_id, "execution": "client", "status": "completed", "tools": tools}
        out: dict[str, Any] = {"type": "function_call_output", "call_id": call_id, "output": result.content}
        raw = result.call.raw if result.call is not None else None
        for key in ("caller", "namespace"):  # a programmatic call's caller, a namespaced function's namespace
            value = member(raw, key)
            if value and key == "caller":
                value = dict(fields(value) or {})
            if value:
                out[key] = value
        return out

    def user_message(self, text: str) -> dict[str, Any]:
        return {"role": "user", "content": text}

    # structured output: ``text={"format": {"type": "json_schema", "name", "description",
    # "schema", "strict"}}`` (flat: ``ResponseFormatTextJSONSchemaConfigParam``); the answer
    # is the ``output_text`` of the message items (``Response.output_text``); a refusal is a
    # ``{"type": "refusal", "refusal"}`` content item.
    native_strict = "flag"

    def native_output(self, schema: dict[str, Any], name: str, description: str, strict: bool) -> dict[str, Any]:
        self.check_name(name)
        spec: dict[str, Any] = {"type": "json_schema", "name": name}
        if description:
            spec["description"] = description
        spec["schema"] = schema
        if strict:
            spec["strict"] = True
        return {"text": {"format": spec}}

    ITEM_TYPES = frozenset({"message", "function_call", "tool_search_call", "reasoning", "web_search_call", "file_search_call", "computer_call", "code_interpreter_call"})

    def reply(self, response: Any) -> Optional[Reply]:
        # the ``output`` list of a Response, on its own
        if isinstance(response, (list, tuple)) and response and all(member(i, "type") in self.ITEM_TYPES for i in response):
            return super().reply({"output": list(response)})
        return super().reply(response)

    def refusal(self, response: Any) -> Optional[str]:
        for item in items(member(response, "output")):
            if member(item, "type") == "message":
                for part in items(member(item, "content")):
                    if member(part, "type") == "refusal":
                        text = member(part, "refusal")
                        return text if isinstance(text, str) and text else "refused"
        return None
