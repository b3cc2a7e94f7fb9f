"""Large tool sets and the providers' newer tool fields: deferred loading with tool search
(the provider's own, or a registry-backed client search), BM25 ranking, narrowing with
allowed tools, prompt caching, namespaces, output schemas, Gemini's JSON Schema field,
programmatic callers and per-tool flags. Every request is validated with the pinned
provider SDK's own types (botocore's validator for Bedrock)."""

from __future__ import annotations

import json
from typing import Any, Optional

import pytest
from pydantic import BaseModel

import tool2schema
from tool2schema import ToolRegistry, tool
from tool2schema.errors import SchemaFormatError

from .helpers import check_typed_dict
from .providers.conftest import botocore_check

FORMATS = ["openai", "openai-responses", "anthropic", "gemini", "bedrock", "mcp"]


# -- a fixed corpus for ranking ----------------------------------------------------------------
def _corpus() -> ToolRegistry:
    def make(name: str, description: str, tags: tuple[str, ...] = (), **params: str) -> tool2schema.Tool[Any, Any]:
        def f(**kwargs: Any) -> str:
            return name

        schema_params = ", ".join(f"{p}: str" for p in params) or ""
        namespace: dict[str, Any] = {}
        exec(f"def {name}({schema_params}) -> str:\n    return {name!r}", namespace)  # noqa: S102 - a signature built from data
        fn = namespace[name]
        fn.__doc__ = description + ("\n\nArgs:\n" + "\n".join(f"    {p}: {d}" for p, d in params.items()) if params else "")
        return tool(tags=list(tags))(fn)

    return ToolRegistry([
        make("refund_order", "Refund an order, fully or in part, to the card it was paid with.", ("orders",), order_number="Order number.", amount="Amount to refund."),
        make("cancel_order", "Cancel an order that has not shipped yet.", ("orders",), order_number="Order number."),
        make("get_order", "Fetch one order by its number: lines, totals, status.", ("orders",), order_number="Order number."),
        make("track_shipment", "Where a parcel is now, from the carrier's tracking number.", ("shipping",), tracking_number="Carrier tracking number."),
        make("get_weather", "Current weather for a city: temperature, wind, rain.", ("weather",), city="City name."),
        make("get_forecast", "Daily weather forecast for a city, up to two weeks ahead.", ("weather",), city="City name.", days="How many days."),
        make("send_email", "Send an email to a customer.", ("messaging",), to="Recipient address.", subject="Subject line.", body="Message text."),
        make("create_invoice", "Create an invoice for a customer's order.", ("billing",), order_number="Order number."),
        make("list_invoices", "List a customer's invoices, newest first.", ("billing",), customer_id="Customer number."),
        make("book_meeting", "Book a meeting in the calendar with one or more people.", ("calendar",), title="Meeting title.", when="Start time."),
        make("translate_text", "Translate text into another language.", ("language",), text="Text to translate.", target_language="Language code."),
        make("convert_currency", "Convert an amount of money from one currency to another.", ("money",), amount="Amount.", currency="Currency code."),
    ])


@pytest.mark.parametrize(
    "query, top",
    [
        ("refund an order", ["refund_order"]),
        ("refund my payment", ["refund_order"]),
        ("where is my parcel", ["track_shipment"]),
        ("weather forecast next week", ["get_forecast", "get_weather"]),
        ("is it raining in Paris", ["get_weather"]),
        ("email the customer", ["send_email"]),
        ("list invoices", ["list_invoices"]),
        ("schedule a meeting", ["book_meeting"]),
        ("translate to French", ["translate_text"]),
        ("exchange dollars to euros currency", ["convert_currency"]),
    ],
)
def test_bm25_ranks_the_fixed_corpus(query: str, top: list[str]) -> None:
    found = [t.name for t in _corpus().search(query, limit=len(top))]
    assert found == top


def test_search_is_deterministic_and_bounded() -> None:
    a, b = _corpus(), _corpus()
    for query in ("order", "customer", "city weather", "zzz"):
        assert [t.name for t in a.search(query, 12)] == [t.name for t in b.search(query, 12)]
    assert a.search("zzz nothing matches", 5) == []
    assert len(a.search("order", 2)) == 2
    # ties keep the registry's order: three tools described alike
    twins = ToolRegistry([tool(name=f"get_item_{i}", description="Fetch an item.")(lambda item_number: None) for i in range(3)])
    assert [t.name for t in twins.search("fetch item", 3)] == ["get_item_0", "get_item_1", "get_item_2"]
    with pytest.raises(ValueError, match="limit takes a positive integer"):
        a.search("order", 0)


# -- a 300-tool registry, per provider -----------------------------------------------------------
WORDS = ["order", "invoice", "refund", "parcel", "ticket", "meeting", "account", "weather", "payment", "report"]
ACTIONS = ["get", "list", "create", "update", "cancel", "archive"]


class Receipt(BaseModel):
    number: str
    total: float


def _big(defer_marked: bool = True) -> ToolRegistry:
    tools = []
    for i in range(300):
        noun, action = WORDS[i % len(WORDS)], ACTIONS[(i // len(WORDS)) % len(ACTIONS)]
        name = f"{action}_{noun}_{i}"

        def fn(reference: str, note: Optional[str] = None) -> Receipt:
            return Receipt(number=reference, total=1.0)

        tools.append(tool(name=name, description=f"{action.capitalize()} a {noun} (variant {i}) in the back office. Use it for {noun}s.",
                          tags=[noun], defer_loading=defer_marked and i >= 2)(fn))
    tools.append(tool(name="refund_card_payment", description="Refund a card payment to the customer. Use it when a payment must be returned.",
                      defer_loading=defer_marked)(lambda payment_reference: "ok"))
    return ToolRegistry(tools)


def _validate_request(fmt: str, body: dict[str, Any]) -> list[str]:
    """Validate a request body with the SDK's types; the names of the function tools it holds."""
    if fmt == "openai":
        from openai.types.chat import ChatCompletionToolChoiceOptionParam, ChatCompletionToolUnionParam

        check_typed_dict(list[ChatCompletionToolUnionParam], body["tools"])
        check_typed_dict(ChatCompletionToolChoiceOptionParam, body["tool_choice"])
        return [t["function"]["name"] for t in body["tools"]]
    if fmt == "openai-responses":
        from openai.types.responses import ToolParam
        from openai.types.responses.response_create_params import ToolChoice

        check_typed_dict(list[ToolParam], body["tools"])
        check_typed_dict(ToolChoice, body["tool_choice"])
        names = []
        for t in body["tools"]:
            if t["type"] == "function":
                names.append(t["name"])
            elif t["type"] == "namespace":
                names += [inner["name"] for inner in t["tools"]]
        return names
    if fmt == "anthropic":
        from anthropic.types import ToolChoiceParam, ToolUnionParam

        check_typed_dict(list[ToolUnionParam], body["tools"])
        check_typed_dict(ToolChoiceParam, body["tool_choice"])
        return [t["name"] for t in body["tools"] if "input_schema" in t]
    if fmt == "gemini":
        from google.genai import types

        config = types.GenerateContentConfig.model_validate({"tools": body["tools"], "tool_config": body["tool_config"]})
        return [d.name for t in config.tools or () for d in (t.function_declarations or ())]  # type: ignore[union-attr]
    if fmt == "bedrock":
        botocore_check({"modelId": "m", "messages": [{"role": "user", "content": [{"text": "hi"}]}], **body})
        return [t["toolSpec"]["name"] for t in body["toolConfig"]["tools"] if "toolSpec" in t]
    from mcp.types import ListToolsResult

    return [t.name for t in ListToolsResult.model_validate(body).tools]


def _search_call(fmt: str, query: str) -> Any:
    """The model's call of the search tool, as the provider's SDK hands it over."""
    if fmt == "openai":
        from openai.types.chat import ChatCompletionMessageFunctionToolCall

        return ChatCompletionMessageFunctionToolCall.model_validate(
            {"id": "call_1", "type": "function", "function": {"name": "search_tools", "arguments": json.dumps({"query": query})}}
        )
    if fmt == "openai-responses":
        from openai.types.responses import ResponseToolSearchCall

        return ResponseToolSearchCall.model_validate(
            {"id": "ts_1", "call_id": "call_ts1", "type": "tool_search_call", "execution": "client", "status": "completed", "arguments": {"query": query}}
        )
    if fmt == "anthropic":
        from anthropic.types import ToolUseBlock

        return ToolUseBlock.model_validate({"type": "tool_use", "id": "toolu_1", "name": "search_tools", "input": {"query": query}})
    if fmt == "gemini":
        from google.genai import types

        return types.FunctionCall(id="fc_1", name="search_tools", args={"query": query})
    if fmt == "bedrock":
        return {"toolUse": {"toolUseId": "tu_1", "name": "search_tools", "input": {"query": query}}}
    from mcp.types import CallToolRequestParams

    return CallToolRequestParams(name="search_tools", arguments={"query": query})


def _validate_result(fmt: str, result: tool2schema.ToolResult) -> Any:
    item = result.to_message(fmt)
    if fmt == "openai":
        from openai.types.chat import ChatCompletionToolMessageParam

        check_typed_dict(ChatCompletionToolMessageParam, item)
    elif fmt == "openai-responses":
        from openai.types.responses import ResponseInputItemParam

        check_typed_dict(ResponseInputItemParam, item)
        assert item["type"] == "tool_search_output" and item["call_id"] == "call_ts1"
    elif fmt == "anthropic":
        from anthropic.types import MessageParam

        check_typed_dict(MessageParam, {"role": "user", "content": [item]})
        assert {b["type"] for b in item["content"]} == {"tool_reference"}
    elif fmt == "gemini":
        from google.genai import types

        types.Part.model_validate(item)
    elif fmt == "bedrock":
        botocore_check({"modelId": "m", "messages": [{"role": "user", "content": [item]}]})
    else:
        from mcp.types import CallToolResult

        CallToolResult.model_validate(item)
    return item


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("search", ["client", None])
def test_300_tools_deferred_searched_and_loaded(fmt: str, search: Optional[str]) -> None:
    registry = _big()
    full = registry.request(fmt)
    assert len(_validate_request(fmt, full)) == 301
    body = registry.request(fmt, defer=True, search=search)
    names = _validate_request(fmt, body)
    provider = tool2schema.providers.get(fmt)
    mode = search or ("provider" if provider.search_variants else "client")
    if provider.deferral:
        # every definition is sent, the 299 marked ones deferred; the search tool comes first
        listed = body["tools"]
        assert sum(1 for t in listed if t.get("defer_loading")) == 299
        assert len([n for n in names if n != "search_tools"]) == 301
    else:
        assert [n for n in names if n != "search_tools"] == ["get_order_0", "get_invoice_1"]
    if mode == "provider":
        first = body["tools"][0]
        assert first == {"anthropic": {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}, "openai-responses": {"type": "tool_search"}}[fmt]
        return
    # the model calls the client search tool; the registry dispatches it like any tool
    result = registry.dispatch(_search_call(fmt, "refund a card payment"))
    assert not result.is_error, result.content
    assert result.found is not None and result.found[0].name == "refund_card_payment"
    _validate_result(fmt, result)
    if not provider.deferral:
        # the next request holds the tools it found
        after = registry.request(fmt, defer=True, search=search, load=result)
        assert "refund_card_payment" in _validate_request(fmt, after)
        assert len(json.dumps(after)) < len(json.dumps(full)) / 10


def test_request_sizes_with_and_without_deferral() -> None:
    """The bytes of a 300-tool request shrink by more than 90% when the tools are deferred
    on a provider without deferral (they are left out), and the deferred definitions are
    still all sent where the provider loads them itself."""
    registry = _big()
    for fmt in FORMATS:
        full = len(json.dumps(registry.request(fmt)))
        deferred = len(json.dumps(registry.request(fmt, defer=True)))
        if tool2schema.providers.get(fmt).deferral:
            assert deferred > full  # every definition plus the defer_loading flags and the search tool
        else:
            assert deferred * 10 < full


def test_defer_choices() -> None:
    registry = _corpus()
    assert _names(registry.request("openai", defer="all")) == ["search_tools"]
    assert _names(registry.request("openai", defer=["orders", "send_email"])) == [
        "search_tools", "track_shipment", "get_weather", "get_forecast", "create_invoice", "list_invoices", "book_meeting", "translate_text", "convert_currency"]
    assert _names(registry.request("openai", defer={"all_but": ["weather"]})) == ["search_tools", "get_weather", "get_forecast"]
    assert _names(registry.request("openai", defer="all", load=["get_order"])) == ["search_tools", "get_order"]
    with pytest.raises(ValueError, match="'nope' is neither a tool of this registry nor a tag"):
        registry.request("openai", defer=["nope"])
    with pytest.raises(SchemaFormatError, match="Gemini has no tool search of its own; use search='client'"):
        registry.request("gemini", defer="all", search="provider")
    anthropic = registry.request("anthropic", defer="all", search="regex")
    assert anthropic["tools"][0] == {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}


def _names(body: dict[str, Any]) -> list[str]:
    return [t["function"]["name"] for t in body["tools"]]


# -- narrowing without changing tools ------------------------------------------------------------
@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("required", [False, True])
def test_allowed_narrows_the_tool_choice(fmt: str, required: bool) -> None:
    registry = _corpus()
    body = registry.request(fmt, allowed=["weather"], required=required)
    names = _validate_request(fmt, body)
    if fmt == "openai":
        assert len(names) == 12 and body["tool_choice"] == {"type": "allowed_tools", "allowed_tools": {
            "mode": "required" if required else "auto",
            "tools": [{"type": "function", "function": {"name": "get_weather"}}, {"type": "function", "function": {"name": "get_forecast"}}]}}
    elif fmt == "openai-responses":
        assert len(names) == 12 and body["tool_choice"] == {"type": "allowed_tools", "mode": "required" if required else "auto",
                                                            "tools": [{"type": "function", "name": "get_weather"}, {"type": "function", "name": "get_forecast"}]}
    elif fmt == "gemini":
        assert len(names) == 12
        assert body["tool_config"] == {"function_calling_config": {"mode": "ANY" if required else "VALIDATED", "allowed_function_names": ["get_weather", "get_forecast"]}}
    else:  # no narrowing tool choice: the other tools are left out
        assert names == ["get_weather", "get_forecast"]


def test_allowed_refusals() -> None:
    registry = _corpus()
    with pytest.raises(SchemaFormatError, match="Anthropic has no tool choice that narrows the tools"):
        registry.request("anthropic", allowed=["get_weather"], cache=True)
    with pytest.raises(SchemaFormatError, match="cannot name a function inside a namespace.*'get_weather' is in 'weather'"):
        registry.request("openai-responses", allowed=["get_weather"], namespaces="tag")
    with pytest.raises(ValueError, match="'get_wether' is neither a tool"):
        registry.request("openai", allowed=["get_wether"])


# -- prompt caching and a deterministic order ----------------------------------------------------
def test_cache_breakpoints() -> None:
    registry = _corpus()
    anthropic = registry.request("anthropic", cache=True)
    _validate_request("anthropic", anthropic)
    assert anthropic["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    assert all("cache_control" not in t for t in anthropic["tools"][:-1])
    bedrock = registry.request("bedrock", cache=True)
    _validate_request("bedrock", bedrock)
    assert bedrock["toolConfig"]["tools"][-1] == {"cachePoint": {"type": "default"}}
    assert registry.request("openai", cache=True) == registry.request("openai")  # cached automatically, no marker


@pytest.mark.parametrize("fmt", FORMATS)
def test_tool_order_is_deterministic(fmt: str) -> None:
    a, b = _corpus(), _corpus()
    assert json.dumps(a.request(fmt, defer=["billing"], cache=True)) == json.dumps(b.request(fmt, defer=["billing"], cache=True))
    assert _validate_request(fmt, a.request(fmt))[:3] == ["refund_order", "cancel_order", "get_order"]


def test_request_mcp_is_a_tools_list_body() -> None:
    registry = _corpus()
    body = registry.request("mcp")
    assert body == {"tools": registry.schemas("mcp")}
    assert _validate_request("mcp", body) == registry.names


# -- namespaces ----------------------------------------------------------------------------------
def test_responses_namespaces_by_tag_and_module() -> None:
    registry = _corpus()
    body = registry.request("openai-responses", namespaces="tag")
    _validate_request("openai-responses", body)
    spaces = {t["name"]: [f["name"] for f in t["tools"]] for t in body["tools"] if t["type"] == "namespace"}
    assert spaces["orders"] == ["refund_order", "cancel_order", "get_order"] and spaces["weather"] == ["get_weather", "get_forecast"]
    by_module = registry.request("openai-responses", namespaces="module")
    _validate_request("openai-responses", by_module)
    with pytest.raises(SchemaFormatError, match="namespaces= is an OpenAI Responses feature"):
        registry.request("openai", namespaces="tag")


# -- output schemas, Gemini's JSON Schema field, callers, per-tool flags ---------------------------
class Node(BaseModel):
    value: int
    children: list[Node] = []


@tool(callers=["direct", "code"], eager_input_streaming=True)
def make_receipt(number: str, tree: Optional[Node] = None) -> Receipt:
    """Make a receipt. Use it when a sale is done.

    Args:
        number: Receipt number.
        tree: A tree of values.
    """
    return Receipt(number=number, total=0.0)


@tool(output_schema=False)
def make_receipt_quietly(number: str) -> Receipt:
    """Make a receipt without saying its shape. Use it for tests."""
    return Receipt(number=number, total=0.0)


def test_output_schemas_where_the_provider_takes_them() -> None:
    from google.genai import types
    from mcp.types import Tool as MCPTool
    from openai.types.responses import FunctionToolParam

    expected = Receipt.model_json_schema()
    responses = dict(make_receipt.to_json("openai-responses"))
    check_typed_dict(FunctionToolParam, responses)
    assert responses["output_schema"]["properties"].keys() == expected["properties"].keys()
    gemini = types.FunctionDeclaration.model_validate(make_receipt.to_json("gemini"))
    assert gemini.response_json_schema["required"] == ["number", "total"]  # type: ignore[index]
    assert MCPTool.model_validate(make_receipt.to_json("mcp")).output_schema is not None
    assert "output_schema" not in make_receipt.to_json("openai")["function"]  # Chat functions have no such field
    for fmt, key in (("openai-responses", "output_schema"), ("gemini", "response_json_schema"), ("mcp", "outputSchema")):
        assert key not in make_receipt_quietly.to_json(fmt)  # per tool
        assert key not in make_receipt.to_json(fmt, output_schema=False)  # per rendering
    per_request = ToolRegistry([make_receipt]).request("openai-responses", output_schemas=False)
    assert "output_schema" not in per_request["tools"][0]


def test_gemini_json_schema_field_keeps_defs_and_unions() -> None:
    from google.genai import types

    plain = make_receipt.to_json("gemini")
    full = make_receipt.to_json("gemini", json_schema=True)
    declaration = types.FunctionDeclaration.model_validate(full)
    assert declaration.parameters is None and "parameters" in plain
    schema = full["parameters_json_schema"]
    assert "$defs" in schema and "anyOf" in schema["properties"]["tree"]
    assert json.dumps(schema).count("$ref") >= 1  # the recursive Node stays a reference


def test_callers_and_eager_streaming() -> None:
    from anthropic.types import ToolParam
    from openai.types.responses import FunctionToolParam

    anthropic = dict(make_receipt.to_json("anthropic"))
    check_typed_dict(ToolParam, anthropic)
    assert anthropic["allowed_callers"] == ["direct", "code_execution_20250825"] and anthropic["eager_input_streaming"] is True
    responses = dict(make_receipt.to_json("openai-responses"))
    check_typed_dict(FunctionToolParam, responses)
    assert responses["allowed_callers"] == ["direct", "programmatic"]
    assert "allowed_callers" not in make_receipt.to_json("openai")["function"]
    with pytest.raises(TypeError, match="callers takes a list of 'direct', 'code'"):
        tool(callers=["robot"])(lambda x: x)


def test_programmatic_calls_are_answered_in_the_providers_shape() -> None:
    from anthropic.types import MessageParam, ToolUseBlock
    from openai.types.responses import ResponseFunctionToolCall, ResponseInputItemParam

    registry = ToolRegistry([make_receipt])
    block = ToolUseBlock.model_validate({
        "type": "tool_use", "id": "toolu_9", "name": "make_receipt", "input": {"number": "R1"},
        "caller": {"type": "code_execution_20250825", "tool_id": "srvtoolu_1"},
    })
    result = registry.dispatch(block)
    assert not result.is_error and result.value.number == "R1"
    check_typed_dict(MessageParam, {"role": "user", "content": [result.to_message("anthropic")]})
    item = ResponseFunctionToolCall.model_validate({
        "type": "function_call", "call_id": "call_9", "name": "make_receipt", "arguments": '{"number": "R2"}',
        "caller": {"type": "program", "caller_id": "prog_1"}, "namespace": "billing",
    })
    output = registry.dispatch(item).to_message("openai-responses")
    check_typed_dict(ResponseInputItemParam, output)
    assert output["caller"] == {"type": "program", "caller_id": "prog_1"} and output["namespace"] == "billing"


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"defer": 3}, TypeError, "defer takes tool names or tags"),
        ({"defer": {"x": 1}}, ValueError, "defer takes None, True, 'all'"),
        ({"load": 5}, TypeError, "load takes tool names, tags or search results"),
        ({"search": "bogus"}, ValueError, "search takes 'provider' or 'client'"),
        ({"namespaces": "bogus"}, ValueError, "namespaces takes 'tag' or 'module'"),
        ({"allowed": [3]}, TypeError, "allowed takes tool names or tags"),
    ],
)
def test_bad_request_options_are_clear_errors(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        _corpus().request("openai", **kwargs)
