"""The schema linter: every rule fires on planted defects (right code, tool and path)
and stays silent on near misses and on a clean corpus of well-designed tools."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Annotated, Any, Literal, Optional

import pytest
from pydantic import BaseModel, Field, create_model
from typing_extensions import NotRequired, TypedDict

import tool2schema
from tool2schema import CONFIG, Finding, ToolRegistry, lint, tool
from tool2schema.cli import main

from . import lint_clean_tools

ROOT = Path(__file__).resolve().parent.parent
GOOD = "Build the monthly sales report. Use it when the user asks for sales figures; not for forecasts."


def make(
    annotation: Any = str,
    description: Optional[str] = "A well described parameter.",
    *,
    param: str = "report_key",
    name: str = "get_sales_report",
    tool_description: str = GOOD,
    default: Any = ...,
    **options: Any,
) -> tool2schema.Tool[Any, Any]:
    """A tool with one parameter ``param`` of ``annotation`` described by ``description``."""
    model = create_model("Args", **{param: (annotation, Field(default, description=description))})  # type: ignore[call-overload]
    return tool(name=name, description=tool_description, **options)(model)


def found(target: Any, code: str, **kw: Any) -> list[tuple[Optional[str], Optional[str]]]:
    """(tool, path) of every finding of ``code``."""
    return [(f.tool, f.path) for f in lint(target, **kw) if f.code == code]


def codes(target: Any) -> set[str]:
    return {f.code for f in lint(target)}


# -- the clean corpus -----------------------------------------------------------------
def test_clean_corpus_has_no_warning_or_error() -> None:
    tools = tool2schema.find_tools(lint_clean_tools)
    assert len(tools) >= 30
    findings = lint(lint_clean_tools)
    bad = [f for f in findings if f.severity in ("error", "warning")]
    assert bad == [], "\n".join(f"{f.tool}:{f.path}: {f.code} {f.message}" for f in bad)


def test_bundled_example_lints_clean() -> None:
    assert main(["lint", str(ROOT / "examples" / "weather_tools.py")]) == 0


# -- T2S001 -------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["weather", "order", "user_data", "process_payment", "handle_request", "get", "customerProfile", "ordersV2"])
def test_t2s001_names_without_an_action(name: str) -> None:
    t = make(name=name)
    assert found(t, "T2S001") == [(name, None)]


def test_t2s001_message_and_fix() -> None:
    (f,) = [f for f in lint(make(name="weather")) if f.code == "T2S001"]
    assert f.severity == "warning"
    assert "'weather'" in f.message and "get_weather" in f.fix
    (g,) = [f for f in lint(make(name="process_payment")) if f.code == "T2S001"]
    assert "'process'" in g.message


@pytest.mark.parametrize(
    "name", ["get_order_by_id", "getWeather", "search_products_by_keyword", "cancel_order_with_reason", "github.create_issue", "fs__read_file", "list_orders"]
)
def test_t2s001_near_misses(name: str) -> None:
    assert found(make(name=name), "T2S001") == []


# -- T2S002 / T2S003 ----------------------------------------------------------------
def test_t2s002_no_description() -> None:
    @tool
    def get_invoice(invoice_number: Annotated[str, Field(description="Invoice number.")]) -> None:
        pass

    @tool(ignore_function_description=True)
    def get_receipt(receipt_number: Annotated[str, Field(description="Receipt number.")]) -> None:
        """Get a receipt. Use it for paid orders only."""

    assert found(get_invoice, "T2S002") == [("get_invoice", None)]
    assert found(get_receipt, "T2S002") == [("get_receipt", None)]
    assert found(make(tool_description="   "), "T2S002") == [("get_sales_report", None)]
    assert found(make(tool_description=""), "T2S002") == [("get_sales_report", None)]
    assert found(make(), "T2S002") == []


@pytest.mark.parametrize("text", ["Get the weather.", "Returns the forecast for a city.", "Creates a ticket in the helpdesk.", "Lists invoices of the account."])
def test_t2s003_no_when_to_use(text: str) -> None:
    (f,) = [f for f in lint(make(tool_description=text)) if f.code == "T2S003"]
    assert f.severity == "info" and f.path is None and text[:10] in f.message


@pytest.mark.parametrize(
    "text",
    [
        "Get the weather. Use it for current conditions.",
        "Lists invoices. Only for the signed-in account.",
        "Creates a ticket. Do not call it before the user confirms.",
        "Returns the forecast; for the weather right now, call get_weather instead.",
    ],
)
def test_t2s003_near_misses(text: str) -> None:
    assert found(make(tool_description=text), "T2S003") == []


# -- T2S004 -------------------------------------------------------------------------
class Period(BaseModel):
    """A range of days."""

    start: datetime.date = Field(description="First day.")
    end: datetime.date


class Line(BaseModel):
    """One order line."""

    sku: str
    quantity: int = Field(ge=1, le=99, description="Units.")


class Filters(TypedDict):
    """Filters."""

    region: str


def test_t2s004_missing_descriptions_at_every_level() -> None:
    @tool
    def get_sales(period: Period, lines: list[Line], filters: Filters, store_code: str) -> None:
        """Get sales. Use it for reports.

        Args:
            period: Days to report.
            lines: Lines to report.
            filters: Filters to apply.
        """

    assert found(get_sales, "T2S004") == [("get_sales", "period.end"), ("get_sales", "lines.sku"), ("get_sales", "filters.region"), ("get_sales", "store_code")]
    (f,) = [f for f in lint(get_sales) if f.code == "T2S004" and f.path == "store_code"]
    assert f.severity == "warning" and "'store_code'" in f.message and "Field(description" in f.fix


def test_t2s004_near_misses() -> None:
    class Window(BaseModel):
        """A window of days."""

        first: datetime.date = Field(description="First day.")

    @tool
    def get_totals(window: Window, region_code: Annotated[str, Field(description="Region.")], store_code: str = "ALL") -> None:
        """Get totals. Use it for dashboards.

        Args:
            store_code: Store to report, or ALL.
        """

    assert found(get_totals, "T2S004") == []  # window is described by its class docstring


# -- T2S005 -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Sort order, one of asc, desc.", ["asc", "desc"]),
        ("Either 'x' or 'y'.", ["x", "y"]),
        ("Channel: email|sms|push", ["email", "sms", "push"]),
        ("Possible values: low, medium, high.", ["low", "medium", "high"]),
        ("Sort direction: 'asc' or 'desc'", ["asc", "desc"]),
        ('Allowed values are "draft", "sent" and "paid".', ["draft", "sent", "paid"]),
        ("Must be one of PENDING_PAYMENT, PAID, SHIPPED", ["PENDING_PAYMENT", "PAID", "SHIPPED"]),
        ("订单状态,可以是:PENDING、PAID、SHIPPED", ["PENDING", "PAID", "SHIPPED"]),
        ("Options: metric / imperial", ["metric", "imperial"]),
        ("State of the issues. Can be either open, closed, or all.", ["open", "closed", "all"]),
        ("The HTTP method to use (GET, POST, PUT, DELETE).", ["GET", "POST", "PUT", "DELETE"]),
    ],
)
def test_t2s005_prose_enums(text: str, values: list[str]) -> None:
    (f,) = [f for f in lint(make(str, text)) if f.code == "T2S005"]
    assert (f.tool, f.path, f.severity) == ("get_sales_report", "report_key", "warning")
    assert ", ".join(repr(v) for v in values) in f.message
    assert "Literal[" in f.fix


def test_t2s005_nested_and_array_paths() -> None:
    class Sorting(BaseModel):
        """How to sort."""

        direction: str = Field(description="one of asc, desc")

    @tool
    def list_invoices(sorting: Sorting, states: list[str]) -> None:
        """List invoices. Use it to browse.

        Args:
            sorting: Sorting.
            states: Any of: draft, sent, paid.
        """

    assert found(list_invoices, "T2S005") == [("list_invoices", "sorting.direction"), ("list_invoices", "states")]


@pytest.mark.parametrize(
    "text",
    [
        "City name, e.g. 'Paris' or 'Rome'.",
        "Either the city name or the postal code.",
        "One of the user's projects.",
        "A file name such as \"report.pdf\", \"notes.txt\".",
        "Can be empty or null when unknown.",
        "Must be positive or zero.",
        "The value shown to the user.",
        "Can be a file, folder, or link.",
        "The GitHub repository owner (user or organization).",
        "Language of the answer (en, fr, de...).",
        "Whether to include archived items (true/false).",
        "Use 'me' for the signed-in user.",
        'Labels to attach, e.g. ["home", "errands"].',
        "Fields to return, for example ('id', 'name').",
    ],
)
def test_t2s005_near_misses(text: str) -> None:
    assert found(make(str, text), "T2S005") == []


def test_t2s005_not_when_the_schema_has_the_enum() -> None:
    assert found(make(Literal["asc", "desc"], "Sort order, one of asc, desc."), "T2S005") == []
    assert found(make(bool, "Either true or false."), "T2S005") == []


# -- T2S006 -------------------------------------------------------------------------
def test_t2s006_unbounded_numbers() -> None:
    class Box(BaseModel):
        """A box."""

        weight_kg: float = Field(description="Weight.")

    @tool
    def calculate_price(units: int, discount: float, box: Box, sizes: list[int]) -> None:
        """Calculate a price. Use it for quotes.

        Args:
            units: Units.
            discount: Discount.
            box: Box.
            sizes: Sizes.
        """

    assert found(calculate_price, "T2S006") == [("calculate_price", p) for p in ("units", "discount", "box.weight_kg", "sizes")]
    assert all(f.severity == "info" for f in lint(calculate_price) if f.code == "T2S006")


def test_t2s006_near_misses() -> None:
    assert found(make(Annotated[int, Field(ge=1)]), "T2S006") == []
    assert found(make(Annotated[float, Field(lt=1.0)]), "T2S006") == []
    assert found(make(Literal[1, 2, 3]), "T2S006") == []
    assert found(make(bool), "T2S006") == []


# -- T2S007 -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "evidence"),
    [
        ("Start day, YYYY-MM-DD.", "YYYY-MM-DD"),
        ("An ISO 8601 date.", "ISO 8601"),
        ("The order number, like ORD-123456.", "ORD-123456"),
        ("Internal order id, format ORD-XXXXXX.", "ORD-XXXXXX"),
        ("Birthday as DD/MM/YYYY.", "DD/MM/YYYY"),
        ("Opening time, HH:MM.", "HH:MM"),
        ("The day, e.g. 2024-05-01.", "2024-05-01"),
        ("The 6-digit confirmation code.", "6-digit"),
        ("Phone number in E.164 form.", "E.164"),
        ("The request UUID.", "UUID"),
    ],
)
def test_t2s007_prose_formats(text: str, evidence: str) -> None:
    (f,) = [f for f in lint(make(str, text)) if f.code == "T2S007"]
    assert (f.tool, f.path, f.severity) == ("get_sales_report", "report_key", "warning")
    assert repr(evidence) in f.message


def test_t2s007_fix_derives_the_pattern() -> None:
    (f,) = [f for f in lint(make(str, "Order id like ORD-123456.")) if f.code == "T2S007"]
    assert r"^ORD-\d{6}$" in f.fix
    (g,) = [f for f in lint(make(str, "Start day, YYYY-MM-DD.")) if f.code == "T2S007"]
    assert "datetime.date" in g.fix


def test_t2s007_nested_and_array_paths() -> None:
    class Window(BaseModel):
        """Days."""

        end: str = Field(description="Last day, YYYY-MM-DD")

    @tool
    def get_bookings(window: Window, days: list[str]) -> None:
        """Get bookings. Use it for the calendar.

        Args:
            window: Days.
            days: Days, each an ISO 8601 date.
        """

    assert found(get_bookings, "T2S007") == [("get_bookings", "window.end"), ("get_bookings", "days")]


@pytest.mark.parametrize(
    ("annotation", "text"),
    [
        (str, "The date of the meeting."),
        (str, "Start time of the event."),
        (datetime.date, "Start day, YYYY-MM-DD."),
        (Annotated[str, Field(pattern=r"^ORD-\d{6}$")], "Order id, e.g. ORD-123456."),
        (str, "Size in MM."),
        (str, "Hash, SHA-256 hex."),
        (int, "Year, YYYY-MM-DD style not needed."),
    ],
)
def test_t2s007_near_misses(annotation: Any, text: str) -> None:
    assert found(make(annotation, text), "T2S007") == []


# -- T2S008 -------------------------------------------------------------------------
def test_t2s008_required_but_nullable_and_optional_without_default() -> None:
    class Window(BaseModel):
        """Days."""

        end: Optional[datetime.date] = Field(description="Last day.")

    class Opts(TypedDict, total=False):
        """Options."""

        region: Annotated[str, Field(description="Region.")]

    class More(TypedDict):
        """More options."""

        store: NotRequired[Annotated[str, Field(description="Store.")]]

    @dataclasses.dataclass
    class Batch:
        """A batch."""

        skus: list[str] = dataclasses.field(default_factory=list)

    @tool
    def get_stock_report(limit_to: Optional[int], window: Window, opts: Opts, more: More, batch: Batch) -> None:
        """Get a stock report. Use it for inventory questions.

        Args:
            limit_to: Most rows.
            window: Days.
            opts: Options.
            more: More.
            batch: Batch.
        """

    got = found(get_stock_report, "T2S008")
    assert got == [("get_stock_report", p) for p in ("limit_to", "window.end", "opts.region", "more.store", "batch.skus")]
    messages = {f.path: f.message for f in lint(get_stock_report) if f.code == "T2S008"}
    assert "required but accepts null" in messages["limit_to"]
    assert "no default" in messages["opts.region"]


def test_t2s008_near_misses() -> None:
    @tool
    def get_stock(region: Optional[str] = None, skus: Optional[list[str]] = None, store: str = "main") -> None:
        """Get stock. Use it for inventory.

        Args:
            region: Region.
            skus: Products.
            store: Store.
        """

    assert found(get_stock, "T2S008") == []

    @dataclasses.dataclass
    class Batch:
        """A batch of products to check. Use it for inventory."""

        skus: list[str] = dataclasses.field(default_factory=list)

    assert found(tool(Batch), "T2S008") == []  # a top-level default_factory shows its default


# -- T2S009 -------------------------------------------------------------------------
def test_t2s009_free_form_objects() -> None:
    class Envelope(BaseModel):
        """Envelope."""

        headers: dict[str, Any] = Field(description="Headers.")

    @tool
    def send_event(payload_map: dict, extra: Any, attrs: object, rows: list[dict[str, Any]], envelope: Envelope) -> None:
        """Send an event. Use it for analytics.

        Args:
            payload_map: Data.
            extra: More.
            attrs: Attributes.
            rows: Rows.
            envelope: Envelope.
        """

    assert found(send_event, "T2S009") == [("send_event", p) for p in ("payload_map", "extra", "attrs", "rows", "envelope.headers")]


def test_t2s009_near_misses() -> None:
    @tool
    def send_metrics(counters: dict[str, int], line: Line) -> None:
        """Send metrics. Use it for monitoring.

        Args:
            counters: Counter values by metric name.
            line: A line.
        """

    assert found(send_metrics, "T2S009") == []


# -- T2S010 -------------------------------------------------------------------------
def _t(name: str, text: str) -> tool2schema.Tool[Any, Any]:
    return make(name=name, tool_description=text)


def test_t2s010_overlapping_tools() -> None:
    pairs = [
        (_t("get_user", "Read a user record. Use it for profiles."), _t("fetch_user", "Load the account of a person. Use it for logins.")),
        (_t("create_ticket", "Open a ticket. Use it for bugs."), _t("add_ticket", "File a new issue. Use it when asked.")),
        (_t("search_products", "查询商品"), _t("list_products_by_category", "查询商品")),
        (
            _t("get_invoice_pdf", "Download the invoice of an order as a PDF file. Use it when the customer asks for an invoice."),
            _t("export_invoice", "Download the invoice of an order as a PDF file. Use it when a customer asks for the invoice."),
        ),
    ]
    for first, second in pairs:
        (f,) = [f for f in lint([first, second]) if f.code == "T2S010"]
        assert (f.tool, f.path, f.severity) == (second.name, None, "warning")
        assert repr(first.name) in f.message


def test_t2s010_near_misses() -> None:
    assert found(lint_clean_tools, "T2S010") == []
    tools = [
        _t("list_orders", "List the customer's orders, newest first. Use it to browse orders."),
        _t("get_order_by_id", "Fetch one order by its number. Use it when the order number is known."),
        _t("get_orders", "Fetch several orders at once, given their numbers. Use it for bulk lookups."),
    ]
    assert found(tools, "T2S010") == []


# -- T2S011 / T2S012 / T2S013 ---------------------------------------------------------
@pytest.mark.parametrize("param", ["id", "name", "data", "value", "type"])
def test_t2s011_ambiguous_names(param: str) -> None:
    (f,) = [f for f in lint(make(str, "Described.", param=param)) if f.code == "T2S011"]
    assert (f.tool, f.path, f.severity) == ("get_sales_report", param, "info")


@pytest.mark.parametrize("param", ["user_id", "order_name", "file_type", "report_key"])
def test_t2s011_near_misses(param: str) -> None:
    assert found(make(str, "Described.", param=param), "T2S011") == []


def test_t2s011_only_top_level() -> None:
    class Customer(BaseModel):
        """A customer."""

        name: str = Field(description="Full name.", max_length=80)

    assert found(make(Customer, "The customer."), "T2S011") == []


@pytest.mark.parametrize("param", ["description", "comment", "reason", "body", "cancel_reason", "email_body"])
def test_t2s012_free_text_without_max_length(param: str) -> None:
    (f,) = [f for f in lint(make(str, "Described.", param=param)) if f.code == "T2S012"]
    assert (f.tool, f.path, f.severity) == ("get_sales_report", param, "info")
    assert "max_length" in f.fix


def test_t2s012_nested_and_near_misses() -> None:
    class Review(BaseModel):
        """A review."""

        comment: str = Field(description="What the user wrote.")

    assert found(make(Review, "The review."), "T2S012") == [("get_sales_report", "report_key.comment")]
    assert found(make(Annotated[str, Field(max_length=500)], "Described.", param="reason"), "T2S012") == []
    assert found(make(Literal["late", "broken"], "Described.", param="reason"), "T2S012") == []
    assert found(make(str, "Described.", param="reason_code"), "T2S012") == []
    assert found(make(str, "Described.", param="title"), "T2S012") == []


@pytest.mark.parametrize("param", ["count", "page_number", "num_results", "index", "limit", "quantity", "number_of_guests", "max_results"])
def test_t2s013_counts_typed_as_number(param: str) -> None:
    (f,) = [f for f in lint(make(Annotated[float, Field(ge=0, le=10)], "Described.", param=param)) if f.code == "T2S013"]
    assert (f.tool, f.path, f.severity) == ("get_sales_report", param, "warning")
    assert "int" in f.fix


def test_t2s013_nested_and_near_misses() -> None:
    class Item(BaseModel):
        """An item."""

        qty: float = Field(ge=0, le=10, description="Units.")

    assert found(make(list[Item], "Items."), "T2S013") == [("get_sales_report", "report_key.qty")]
    for param in ("temperature", "price", "discount_ratio", "amount"):
        assert found(make(Annotated[float, Field(ge=0, le=10)], "Described.", param=param), "T2S013") == []
    assert found(make(Annotated[int, Field(ge=0, le=10)], "Described.", param="count"), "T2S013") == []


# -- T2S104 ----------------------------------------------------------------------------
def test_t2s104_shared_names() -> None:
    a = make(name="get_report")
    b = make(name="get_report", tool_description="Another report. Use it for audits.")
    findings = [f for f in lint([a, b]) if f.code == "T2S104"]
    assert [(f.tool, f.severity) for f in findings] == [("get_report", "error")]
    assert found([a, make(name="get_summary")], "T2S104") == []


# -- schema walking --------------------------------------------------------------------
class Node(BaseModel):
    """A tree node."""

    label: str = Field(description="Label.", max_length=40)
    children: list[Node] = Field(default_factory=list)


def test_recursive_types_are_walked_once() -> None:
    t = tool(name="render_tree", description="Render a tree. Use it for outlines.")(Node)
    # the hidden default_factory is found; the walk stops where Node refers to itself
    assert found(t, "T2S008") == [("render_tree", "children")]
    wrapped = make(Node, "The tree.")
    assert found(wrapped, "T2S008") == [("get_sales_report", "report_key.children")]


# -- targets, selection, silencing -------------------------------------------------------
def test_targets_module_name_registry_and_list() -> None:
    bad = make(name="weather")
    assert lint("tests.lint_clean_tools") == lint(lint_clean_tools)
    assert found(ToolRegistry([bad]), "T2S001") == [("weather", None)]
    assert found([bad, lint_clean_tools], "T2S001") == [("weather", None)]
    with pytest.raises(TypeError, match="expected a Tool"):
        lint(42)
    with pytest.raises(tool2schema.SchemaFormatError):
        lint(bad, format="nope")


def test_select_and_ignore_codes_and_prefixes() -> None:
    bad = make(float, None, name="weather", param="count")
    assert {f.code for f in lint(bad)} >= {"T2S001", "T2S004", "T2S013", "T2S006"}
    assert {f.code for f in lint(bad, select=["T2S004"])} == {"T2S004"}
    assert {f.code for f in lint(bad, select="T2S001,T2S013")} == {"T2S001", "T2S013"}
    assert lint(bad, select="T2S0", ignore=["T2S0"]) == []
    assert {f.code for f in lint(bad, ignore="T2S00")} == {"T2S013"}
    with pytest.raises(ValueError, match="'T2S999' is not a lint rule code"):
        lint(bad, select=["T2S999"])


def test_lint_ignore_per_tool_and_global() -> None:
    quiet = make(name="weather", lint_ignore=["T2S001"])
    loud = make(name="forecast")
    assert found([quiet, loud], "T2S001") == [("forecast", None)]
    CONFIG.lint_ignore = ["T2S001", "T2S006"]
    try:
        assert found([quiet, loud], "T2S001") == []
        assert CONFIG.lint_ignore == ["T2S001", "T2S006"]
        assert quiet.lint_ignore == ["T2S001", "T2S006"] and loud.lint_ignore == ["T2S001", "T2S006"]
    finally:
        CONFIG.reset_default()
    assert found([quiet, loud], "T2S001") == [("forecast", None)]
    with pytest.raises(TypeError, match="lint_ignore takes a list"):
        CONFIG.lint_ignore = "T2S001"


def test_findings_are_frozen_and_complete() -> None:
    f = lint(make(name="weather"))[0]
    assert isinstance(f, Finding)
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.code = "X"  # type: ignore[misc]
    assert [x.name for x in dataclasses.fields(Finding)] == ["code", "severity", "tool", "path", "message", "fix", "location"]
    assert all(x.message and x.fix for x in lint(make(float, None, name="weather", param="count")))


def test_provider_extension_point(monkeypatch: pytest.MonkeyPatch) -> None:
    import tool2schema.linter as linter

    t = make()
    assert linter.provider_findings(t, tool2schema.SchemaFormat.GEMINI) == []
    calls: list[str] = []

    def fake(tool_obj: Any, fmt: tool2schema.SchemaFormat) -> list[Finding]:
        calls.append(fmt.value)
        return [Finding("T2S103", "warning", tool_obj.name, "report_key", "the pattern is dropped", "fix it")]

    monkeypatch.setattr(linter, "provider_findings", fake)
    everywhere = [f for f in lint(t) if f.code == "T2S103"]
    assert set(calls) == {f.value for f in linter.PROVIDER_FORMATS}
    assert {f.severity for f in everywhere} == {"info"}
    assert {f.message.split(":")[0] for f in everywhere} == set(calls)
    calls.clear()
    (one,) = [f for f in lint(t, format="gemini") if f.code == "T2S103"]
    assert calls == ["gemini"] and one.severity == "warning" and one.message.startswith("gemini: ")
    calls.clear()
    lint(t, select="T2S0")
    assert calls == []  # provider rules not selected: the provider layer is not asked


# -- command line -------------------------------------------------------------------------
BAD_MODULE = '''
from typing import Optional
from tool2schema import tool

@tool
def weather(city: str, num_days: float = 1.0) -> None:
    """Weather.

    Args:
        city: City, e.g. Lima.
        num_days: How many days, one of 1, 3, 7.
    """

@tool(lint_ignore=["T2S001"])
def forecast(city: str) -> None:
    """Forecast. Use it for coming days.

    Args:
        city: City.
    """
'''


@pytest.fixture
def bad_module(tmp_path: Path) -> Path:
    path = tmp_path / "bad_lint_tools.py"
    path.write_text(textwrap.dedent(BAD_MODULE))
    return path


def test_cli_text_output_and_exit_codes(bad_module: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(bad_module)]) == 1
    out = capsys.readouterr().out
    assert "weather: T2S001 " in out
    assert "weather:num_days: T2S005 " in out
    assert "\n    fix: " in out
    assert "forecast: T2S001" not in out  # silenced by lint_ignore
    assert out.strip().splitlines()[-1].startswith("Found ")
    assert main(["lint", "tests.lint_clean_tools"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("All checks passed")
    # info findings never fail
    assert main(["lint", str(bad_module), "--select", "T2S003"]) == 0


def test_cli_select_ignore_and_json(bad_module: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(bad_module), "--select", "T2S0", "--ignore", "T2S001,T2S003,T2S005,T2S006,T2S013", "--output-format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert main(["lint", str(bad_module), "--select", "T2S005,T2S013", "--output-format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert sorted((d["code"], d["tool"], d["path"], d["severity"]) for d in data) == [
        ("T2S005", "weather", "num_days", "warning"),
        ("T2S013", "weather", "num_days", "warning"),
    ]
    assert set(data[0]) == {"code", "severity", "tool", "path", "message", "fix", "location"}
    assert main(["lint", str(bad_module), "--select", "T2S999"]) == 2
    assert "T2S999" in capsys.readouterr().err
    assert main(["lint", "no_such_module_xyz"]) == 1


def test_cli_github_annotations(bad_module: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(bad_module), "--output-format", "github"]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert any(line.startswith("::warning title=T2S001,") for line in lines)
    assert any(line.startswith("::notice title=T2S003,") for line in lines)
    assert all("file=" in line and "bad_lint_tools.py,line=" in line for line in lines)
    assert all("\n" not in line for line in lines)


def test_cli_config_lint_ignore(tmp_path: Path) -> None:
    path = tmp_path / "configured_tools.py"
    path.write_text(
        textwrap.dedent(
            '''
            import tool2schema
            from tool2schema import tool

            tool2schema.CONFIG.lint_ignore = ["T2S001", "T2S003"]

            @tool
            def weather(city_name: str) -> None:
                """Weather.

                Args:
                    city_name: City.
                """
            '''
        )
    )
    proc = subprocess.run([sys.executable, "-m", "tool2schema", "lint", str(path)], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == "All checks passed!"


def test_importing_lint_keeps_pydantic_out() -> None:
    code = "import sys, tool2schema; tool2schema.lint; tool2schema.Finding; print('pydantic' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert proc.stdout.strip() == "False", proc.stderr


class Color(enum.Enum):
    RED = "r"
    GREEN = "g"


def test_enum_parameters_are_not_prose_enums() -> None:
    assert found(make(Color, "Color, one of RED, GREEN."), "T2S005") == []


def test_docs_examples_run() -> None:
    """docs/lint.md's python blocks run in order in one namespace and hold their asserts."""
    import re

    text = (ROOT / "docs" / "lint.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 15
    namespace: dict[str, Any] = {"__name__": "lint_docs"}
    try:
        for i, block in enumerate(blocks):
            exec(compile(block, f"docs/lint.md[{i}]", "exec", dont_inherit=True), namespace)
    finally:
        CONFIG.reset_default()


def test_t2s010_differing_words_that_name_the_tools_tell_them_apart() -> None:
    text = "the dark mode feature flag for the given user account. Use it when the user asks for it."
    on = _t("enable_dark_mode", "Enable " + text)
    off = _t("disable_dark_mode", "Disable " + text)
    assert found([on, off], "T2S010") == []


@pytest.mark.parametrize("text", ["Regex such as ^(foo|bar)$.", "Pattern (a|b) to match.", "Exit codes 0|1|2."])
def test_t2s005_pipes_in_regexes_and_numbers_are_not_lists(text: str) -> None:
    assert found(make(str, text), "T2S005") == []


def test_t2s007_minutes_and_seconds() -> None:
    assert found(make(str, "Lap time as mm:ss."), "T2S007") == [("get_sales_report", "report_key")]


# -- more planted defects, one tool each ---------------------------------------------------
def _t2s004_tools() -> list[tuple[tool2schema.Tool[Any, Any], str]]:
    @tool(ignore_parameter_descriptions=True)
    def get_balance(account_number: str) -> None:
        """Get the balance of an account. Use it for balance questions.

        Args:
            account_number: Account number.
        """

    @tool
    def get_statement(account_number: Annotated[str, Field(description="Account.")], month: int = 1) -> None:
        """Get a monthly statement. Use it for past months."""

    class Payee(TypedDict):
        """A payee."""

        iban: str

    @tool
    def add_payee(payee: Payee) -> None:
        """Add a payee. Use it before the first transfer.

        Args:
            payee: The payee to add.
        """

    class TransferArgs(BaseModel):
        """Transfer money between own accounts. Use it only for own accounts."""

        amount: Annotated[float, Field(gt=0, le=10000)]

    return [(get_balance, "account_number"), (get_statement, "month"), (add_payee, "payee.iban"), (tool(TransferArgs), "amount")]


def test_t2s004_one_tool_each() -> None:
    for t, path in _t2s004_tools():
        assert found(t, "T2S004") == [(t.name, path)]


@pytest.mark.parametrize(
    ("annotation", "path"),
    [(int, "report_key"), (float, "report_key"), (Optional[int], "report_key"), (list[float], "report_key")],
)
def test_t2s006_one_tool_each(annotation: Any, path: str) -> None:
    assert found(make(annotation, "Described.", default=None), "T2S006") == [("get_sales_report", path)]


def test_t2s008_one_tool_each() -> None:
    class Opts(TypedDict, total=False):
        """Options."""

        region: Annotated[str, Field(description="Region.")]

    class More(TypedDict):
        """More."""

        store: NotRequired[Annotated[str, Field(description="Store.")]]

    class Basket(BaseModel):
        """A basket."""

        skus: list[str] = Field(default_factory=list, description="Products.")

    cases = [
        (make(Optional[int], "Most rows."), "report_key"),
        (make(Opts, "Options."), "report_key.region"),
        (make(More, "More."), "report_key.store"),
        (make(Basket, "Basket."), "report_key.skus"),
    ]
    for t, path in cases:
        assert found(t, "T2S008") == [("get_sales_report", path)]


@pytest.mark.parametrize("annotation", [dict, Any, dict[str, Any], object, list[dict[str, Any]], Optional[dict]])
def test_t2s009_one_tool_each(annotation: Any) -> None:
    assert found(make(annotation, "Described.", default=None), "T2S009") == [("get_sales_report", "report_key")]


def test_t2s104_variants(tmp_path: Path) -> None:
    a = make(name="get_report")
    b = make(name="get_report", tool_description="Another report. Use it for audits.")
    c = make(name="get_report", tool_description="A third report. Use it for taxes.")
    assert [(f.tool, f.code) for f in lint([a, b, c]) if f.code == "T2S104"] == [("get_report", "T2S104")] * 2
    path = tmp_path / "dup_names_tools.py"
    path.write_text(
        textwrap.dedent(
            '''
            from tool2schema import tool

            @tool(name="get_total")
            def sales_total(month: int) -> int:
                """Sum sales. Use it for revenue."""
                return 0

            @tool(name="get_total")
            def stock_total(month: int) -> int:
                """Count stock. Use it for inventory."""
                return 0
            '''
        )
    )
    proc = subprocess.run([sys.executable, "-m", "tool2schema", "lint", str(path), "--select", "T2S104", "--output-format", "json"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 1
    assert [(d["code"], d["severity"], d["tool"]) for d in json.loads(proc.stdout)] == [("T2S104", "error", "get_total")]


def test_t2s010_similarity_join_matches_brute_force() -> None:
    """The fast join reports exactly the pairs a pairwise comparison finds (words in most
    descriptions left out, pairs told apart by a boundary, a contrast or the word order
    passed over, as in the rule)."""
    import random

    from tool2schema.linter.rules import _content_words, overlaps, told_apart, words

    rng = random.Random(3)
    vocab = [f"word{k}" for k in range(60)] + ["long", "short"]
    tools = []
    bases = [rng.sample(vocab, rng.randint(4, 9)) for _ in range(40)]
    for n in range(300):
        chosen = list(rng.choice(bases))
        for _ in range(rng.randint(0, 2)):  # a near copy: one or two words swapped
            chosen[rng.randrange(len(chosen))] = rng.choice(vocab)
        if rng.random() < 0.3:
            rng.shuffle(chosen)
        tools.append((f"tool{n}_{rng.choice(['alpha', 'beta', 'gamma'])}", " ".join(chosen)))
    got = {j: i for i, j, _ in overlaps(tools)}
    expected: dict[int, int] = {}
    full = [_content_words(text) for _, text in tools]
    counts: dict[str, int] = {}
    for s in full:
        for w in s:
            counts[w] = counts.get(w, 0) + 1
    common = {w for w, n in counts.items() if n * 2 > len(tools)}
    sets = [s - common for s in full]
    seen_summary: dict[str, int] = {}
    for j, (_, text) in enumerate(tools):
        first = seen_summary.setdefault(" ".join(text.split()), j)
        if first != j:
            expected[j] = first
    duplicates = set(expected)
    for j in range(len(tools)):
        if j in duplicates or len(sets[j]) < 4:
            continue
        for i in range(len(tools)):
            if i == j or i in duplicates or len(sets[i]) < 4:
                continue
            a, b = sets[i], sets[j]
            names = set(words(tools[i][0])) | set(words(tools[j][0]))
            if len(a & b) >= 0.8 * len(a | b) and not (a ^ b) & names and told_apart(tools[i], tools[j], full[i], full[j], 0.8) is None:
                lo, hi = min(i, j), max(i, j)
                if hi == j:
                    expected[j] = min(expected.get(j, lo), lo)
    assert got == expected
    assert len(got) > 10


def test_rules_survive_arbitrary_schemas() -> None:
    """Any JSON Schema shape (cyclic $refs, odd keyword types) lints without an exception."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tool2schema.linter.rules import RULES, lint_tool

    scalar = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=30))
    refs = st.sampled_from(["#/$defs/A", "#/$defs/B", "#/$defs/missing", "#/other"])
    leaf = st.fixed_dictionaries(
        {},
        optional={
            "type": st.one_of(st.sampled_from(["string", "integer", "number", "object", "array", "null", "boolean"]), st.lists(st.sampled_from(["string", "null"]))),
            "description": st.one_of(st.text(max_size=60), st.sampled_from(["one of a, b", "YYYY-MM-DD", "like ORD-123456", "x|y|z"])),
            "$ref": refs,
            "enum": st.lists(scalar, max_size=3),
            "default": scalar,
            "minimum": st.integers(),
        },
    )
    schemas = st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.builds(lambda p, r: {"type": "object", "properties": p, "required": r}, st.dictionaries(st.sampled_from(["id", "count", "reason", "period", "x"]), inner, max_size=3), st.lists(st.sampled_from(["id", "count", "x"]))),
            st.builds(lambda i: {"type": "array", "items": i}, inner),
            st.builds(lambda alts: {"anyOf": alts}, st.lists(inner, max_size=3)),
        ),
        max_leaves=12,
    )

    @settings(max_examples=150, deadline=None)
    @given(schemas, schemas, schemas)
    def check(root: dict[str, Any], a: dict[str, Any], b: dict[str, Any]) -> None:
        parameters = {**root, "$defs": {"A": {**a, "properties": {"again": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/$defs/B"}}}, "B": b}}
        for f in lint_tool("get_thing", "Get a thing.", parameters, lambda code: True):
            assert f.code in RULES and f.message and f.fix

    check()


# -- provider rules (T2S101-T2S103), from each provider's module -----------------------------


def _provider_findings(target: Any, fmt: str | None, code: str) -> list[Finding]:
    return [f for f in tool2schema.lint(target, format=fmt, select=[code])]


@pytest.mark.parametrize(
    ("name", "fmt", "rule"),
    [
        ("a" * 65, "openai", "{1,64}"),  # too long for OpenAI
        ("get.weather", "anthropic", "{1,128}"),  # '.' is not in Anthropic's set
        ("1st_lookup", "gemini", "starting with a letter or '_'"),
        ("g" * 129, "mcp", "1-128 characters"),
        ("search-orders!", "bedrock", "{1,64}"),
    ],
)
def test_t2s101_states_the_rule_of_the_format(name: str, fmt: str, rule: str) -> None:
    @tool(name=name)
    def f(x: Annotated[int, Field(ge=0, le=9, description="A digit.")]) -> int:
        """Do a thing. Use it when asked."""
        return x

    found = _provider_findings(f, fmt, "T2S101")
    assert [(x.code, x.severity, x.tool) for x in found] == [("T2S101", "error", name)]
    assert rule in found[0].message and fmt in found[0].message


def test_t2s101_near_misses() -> None:
    @tool(name="g" * 65)
    def f(x: Annotated[int, Field(ge=0, le=9, description="A digit.")]) -> int:
        """Do a thing. Use it when asked."""
        return x

    assert _provider_findings(f, "mcp", "T2S101") == []  # MCP takes up to 128
    assert _provider_findings(f, "anthropic", "T2S101") == []  # so does Anthropic now
    assert [x.tool for x in _provider_findings(f, None, "T2S101")] == [f.name] * 4  # openai, responses, gemini, bedrock


def test_t2s102_limits() -> None:
    @tool(description="Look up a thing. " + "Very detailed. " * 80)
    def look_up_thing(key: Annotated[str, Field(description="The key.", max_length=20)]) -> str:
        return key

    found = _provider_findings(look_up_thing, "openai", "T2S102")
    assert len(found) == 1 and "at most 1024" in found[0].message and found[0].severity == "error"

    tools = []
    for i in range(129):
        @tool(name=f"get_item_{i}")
        def g(key: Annotated[str, Field(description="The key.", max_length=20)]) -> str:
            """Get an item. Use it when asked."""
            return key

        tools.append(g)
    request = [x for x in _provider_findings(tools, "openai", "T2S102") if x.tool is None]
    assert len(request) == 1 and "129 tools" in request[0].message
    assert [x for x in _provider_findings(tools, "gemini", "T2S102") if x.tool is None] == []  # Gemini takes 512

    @tool(strict=True)
    def set_options(settings: dict[str, int]) -> None:
        """Set options. Use it when asked."""

    strict_found = _provider_findings(set_options, "anthropic", "T2S102")
    assert len(strict_found) == 1 and "free-form mapping" in strict_found[0].message


def test_t2s102_claude_strict_request_limits() -> None:
    tools = []
    for i in range(21):
        @tool(name=f"get_record_{i}", strict=True)
        def g(key: Annotated[str, Field(description="The key.", pattern=r"^[a-z]+$")]) -> str:
            """Get a record. Use it when asked."""
            return key

        tools.append(g)
    found = [x for x in _provider_findings(tools, "anthropic", "T2S102") if x.tool is None]
    assert len(found) == 1 and "21 strict tools" in found[0].message and "at most 20" in found[0].message
    assert [x for x in _provider_findings(tools[:20], "anthropic", "T2S102") if x.tool is None] == []


def test_t2s103_dropped_constraints_name_the_path() -> None:
    class Window(BaseModel):
        start: Annotated[int, Field(ge=0, description="First hour.")]
        step: Annotated[int, Field(multiple_of=15, description="Minutes between slots.")]

    @tool
    def book_slots(window: Window) -> None:
        """Book slots in a window. Use it when the user wants a booking."""

    gemini = _provider_findings(book_slots, "gemini", "T2S103")
    assert [(x.path, x.severity) for x in gemini] == [("window.step", "warning")]
    assert "'multipleOf' (15)" in gemini[0].message
    under_none = [x for x in _provider_findings(book_slots, None, "T2S103") if "gemini" in x.message]
    assert [x.severity for x in under_none] == ["info"]

    @tool(strict=True)
    def send_note(text: Annotated[str, Field(max_length=280, description="The note.")]) -> None:
        """Send a note. Use it when the user wants to send a note."""

    for fmt in ("anthropic", "bedrock", "openai"):
        found = _provider_findings(send_note, fmt, "T2S103")
        assert [(x.path, "'maxLength' (280)" in x.message) for x in found] == [("text", True)], fmt
    assert _provider_findings(send_note, "mcp", "T2S103") == []  # MCP keeps the full schema


def test_t2s005_examples_in_a_list_literal_are_not_allowed_values() -> None:
    @tool
    def tag_items(tags: list[str], fields: list[str] = []) -> int:  # noqa: B006 - a schema default
        """Tag the selected items.

        Args:
            tags: Labels to attach, e.g. ["home", "errands"].
            fields: Fields to return, for example ('id', 'name').
        """
        return len(tags)

    assert found(tag_items, "T2S005") == []


# -- T2S001 reads English -----------------------------------------------------------------
def test_verb_lexicon_is_package_data_with_5000_verbs() -> None:
    from tool2schema.linter.vocabulary import english_verbs

    verbs, dual = english_verbs()
    assert len(verbs) >= 5000 and dual < verbs
    assert {"scale", "summarize", "geocode"} - verbs <= {"geocode"}  # 'geocode' is tool jargon: in the curated list


@pytest.mark.parametrize(
    "name, description, fires",
    [
        ("scale_recipe", "Scale a recipe to a number of servings.", False),
        ("geocode_address", "Turn an address into coordinates.", False),
        ("summarize_thread", "Summarize an email thread.", False),
        ("github.create_issue", "Open an issue.", False),
        ("fs__read_file", "Read a file.", False),
        ("createIssue", "Open an issue.", False),
        ("unstar_repository", "Remove the star.", False),
        ("round_number", "Round a number.", False),
        ("github_star", "Star a repository.", True),
        ("user_data", "Everything about a user.", True),
        ("process", "Process it.", True),
        ("stock_price", "Get the current stock price.", True),
        ("issue_read", "Get an issue.", True),
        ("core_memory_add", "Add to the memory.", True),
        ("message_get_login_status", "Get the login status.", True),
    ],
)
def test_t2s001_reads_english(name: str, description: str, fires: bool) -> None:
    t = tool(name=name, description=description + " Use it when asked.")(lambda order_number: None)
    assert bool(found(t, "T2S001")) is fires
