"""A clean corpus: well-designed, varied, realistic tools that must lint without a
warning or an error (tests/test_lint.py). Descriptions mention dates, ids, counts and
free text the way good tools do, so the heuristic rules are tested for precision."""

from __future__ import annotations

import datetime
import enum
import uuid
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from tool2schema import tool

OrderId = Annotated[str, Field(pattern=r"^ORD-\d{6}$", description="Internal order number, e.g. ORD-123456.")]
EmailStr = Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", max_length=254)]
Sku = Annotated[str, Field(pattern=r"^[A-Z0-9]{8}$", description="Product SKU, eight capital letters or digits.")]


class OrderStatus(enum.Enum):
    PENDING_PAYMENT = "pending_payment"
    PAID = "paid"
    SHIPPED = "shipped"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


class Address(BaseModel):
    """A postal address."""

    street: str = Field(description="Street and house number.", max_length=200)
    city: str = Field(description="City or town.", max_length=100)
    postal_code: str = Field(description="Postal code as printed on letters.", max_length=12)
    country_code: str = Field(pattern=r"^[A-Z]{2}$", description="Two-letter ISO 3166-1 country code.")


class Recipient(BaseModel):
    """Who receives the parcel."""

    full_name: str = Field(description="Recipient's full name.", min_length=2, max_length=80)
    phone: str = Field(pattern=r"^\+[1-9]\d{6,14}$", description="Phone number in E.164 form, e.g. +14155550123.")
    address: Address = Field(description="Where the parcel goes.")


class OrderLine(BaseModel):
    """One product and how many of it."""

    sku: Sku
    quantity: int = Field(ge=1, le=99, description="How many units of this product.")


class DateWindow(BaseModel):
    """A range of calendar days."""

    start: datetime.date = Field(description="First day of the window.")
    end: datetime.date = Field(description="Last day of the window (inclusive).")


class CardPayment(BaseModel):
    """Payment by bank card."""

    method: Literal["card"] = Field(description="Payment method marker.")
    card_token: str = Field(pattern=r"^tok_[A-Za-z0-9]{16}$", description="Token of a card saved by the payment provider.")


class WalletPayment(BaseModel):
    """Payment from the customer's store wallet."""

    method: Literal["wallet"] = Field(description="Payment method marker.")
    wallet_id: uuid.UUID = Field(description="The customer's wallet.")


class TicketFields(TypedDict):
    """Fields of a new support ticket."""

    subject: Annotated[str, Field(max_length=120, description="One-line summary of the problem.")]
    priority: Annotated[Literal["low", "normal", "high", "urgent"], Field(description="How soon support should respond.")]


@dataclass
class Coordinates:
    """A point on Earth."""

    latitude: Annotated[float, Field(ge=-90, le=90, description="Latitude in decimal degrees.")]
    longitude: Annotated[float, Field(ge=-180, le=180, description="Longitude in decimal degrees.")]


# -- orders -----------------------------------------------------------------------
@tool
def get_order_by_id(order_id: OrderId) -> dict[str, object]:
    """Fetch one order: status, lines, amounts, shipping address and tracking.

    Use it when the user asks about a specific order and has given its number.
    Do not use it to browse orders; use list_orders for that.
    """
    return {}


@tool
def list_orders(
    status: Optional[OrderStatus] = None,
    placed_after: Optional[datetime.date] = None,
    page: Annotated[int, Field(ge=1, le=1000)] = 1,
    page_size: Annotated[int, Field(ge=1, le=100)] = 20,
) -> list[dict[str, object]]:
    """List the signed-in customer's orders, newest first.

    Use it when the user wants an overview of their orders or cannot remember an
    order number. For a single known order use get_order_by_id instead.

    Args:
        status: Only orders in this state.
        placed_after: Only orders placed on or after this day.
        page: Page number, starting at 1.
        page_size: Orders per page.
    """
    return []


@tool
def cancel_order(
    order_id: OrderId,
    cancel_reason: Annotated[str, Field(min_length=5, max_length=500)],
) -> dict[str, object]:
    """Cancel an order that has not shipped yet.

    Use it only after the user has confirmed they want to cancel. Shipped orders
    cannot be cancelled; offer apply_refund instead.

    Args:
        order_id: The order to cancel.
        cancel_reason: Why the user cancels, in their own words.
    """
    return {}


@tool
def apply_refund(
    order_id: OrderId,
    reason_code: Literal["QUALITY_ISSUE", "WRONG_ITEM", "CHANGE_MIND", "DELAYED_DELIVERY", "OTHER"],
    reason_detail: Annotated[str, Field(min_length=5, max_length=500)],
) -> dict[str, object]:
    """Request a refund for a paid or shipped order.

    Use it when the user explicitly asks for their money back. Check the order with
    get_order_by_id first: completed orders older than seven days cannot be refunded.

    Args:
        order_id: The order to refund.
        reason_code: Category of the refund reason.
        reason_detail: The user's explanation, quoted from the conversation.
    """
    return {}


@tool
def update_order_status(
    order_id: OrderId,
    new_status: OrderStatus,
    operator_id: Annotated[int, Field(ge=1, description="Employee number of the operator.")],
    remark: Annotated[Optional[str], Field(max_length=200)] = None,
) -> dict[str, object]:
    """Move an order to another status (staff only).

    Use it when a staff member asks to correct an order's state; customers cannot
    change statuses.

    Args:
        order_id: The order to update.
        new_status: The status the order moves to.
        remark: Internal note stored with the change.
    """
    return {}


@tool
def create_shipment(order_id: OrderId, recipient: Recipient, carrier: Literal["SF", "YTO", "STO", "ZTO", "YUNDA", "JD"]) -> dict[str, object]:
    """Create the shipping note for a paid order.

    Use it once payment is confirmed; never for orders still pending payment.

    Args:
        order_id: The order being shipped.
        recipient: Who receives the parcel and where.
        carrier: Courier company that will carry the parcel.
    """
    return {}


@tool
def track_shipment(tracking_number: Annotated[str, Field(pattern=r"^[A-Z]{2}\d{9}[A-Z]{2}$")]) -> dict[str, object]:
    """Report where a parcel is and when it should arrive.

    Use it when the user has a tracking number; without one, look the order up
    with get_order_by_id first.

    Args:
        tracking_number: Courier tracking number, two letters, nine digits, two letters.
    """
    return {}


@tool
def calculate_shipping_cost(
    lines: Annotated[list[OrderLine], Field(min_length=1, max_length=50)],
    destination: Address,
    express: bool = False,
) -> dict[str, object]:
    """Quote the shipping cost of a basket before the order is placed.

    Use it when the user asks what delivery would cost; it does not create an order.

    Args:
        lines: Products and quantities in the basket.
        destination: Delivery address.
        express: Quote next-day delivery instead of standard.
    """
    return {}


@tool
def pay_order(order_id: OrderId, payment: Annotated[CardPayment | WalletPayment, Field(discriminator="method")]) -> dict[str, object]:
    """Pay for an order that is pending payment.

    Use it only when the user has chosen how to pay; ask first if they have not.

    Args:
        order_id: The order to pay for.
        payment: How to pay: a saved card or the store wallet.
    """
    return {}


# -- products ---------------------------------------------------------------------
@tool
def search_products(
    keyword: Annotated[str, Field(min_length=1, max_length=100)],
    category: Optional[Literal["electronics", "clothing", "food", "sports", "home"]] = None,
    max_price: Annotated[Optional[Decimal], Field(gt=0, le=100000)] = None,
    max_results: Annotated[int, Field(ge=1, le=50)] = 10,
) -> list[dict[str, object]]:
    """Find products matching what the user describes in their own words.

    Use it for free-form requests such as 'a cheap bluetooth headset'. For a known
    product id use get_product_by_id; to browse a whole category use
    list_products_by_category.

    Args:
        keyword: Words to match against product names, brands and models.
        category: Only products of this category.
        max_price: Highest price in euros.
        max_results: How many products to return at most.
    """
    return []


@tool
def get_product_by_id(product_id: Annotated[str, Field(pattern=r"^PROD-\d{6}$")]) -> dict[str, object]:
    """Fetch one product's details, price and stock.

    Use it only when the exact product id is known; it does not search by keyword.

    Args:
        product_id: Product id, e.g. PROD-004211.
    """
    return {}


@tool
def list_products_by_category(
    category: Literal["electronics", "clothing", "food", "sports", "home"],
    sort_by: Literal["price_asc", "price_desc", "newest", "rating"] = "newest",
    page: Annotated[int, Field(ge=1, le=500)] = 1,
) -> list[dict[str, object]]:
    """Browse every product of one category, one page at a time.

    Use it when the user wants to look around a category without a keyword; it
    cannot filter by keyword (use search_products for that).

    Args:
        category: The category to browse.
        sort_by: Order of the results.
        page: Page number, starting at 1.
    """
    return []


@tool
def compare_products(
    product_ids: Annotated[list[Annotated[str, Field(pattern=r"^PROD-\d{6}$")]], Field(min_length=2, max_length=5)],
) -> dict[str, object]:
    """Put two to five products side by side: price, ratings and key specifications.

    Use it when the user hesitates between specific products they have already seen.

    Args:
        product_ids: The products to compare.
    """
    return {}


@tool
def check_stock(sku: Sku, store_code: Annotated[str, Field(pattern=r"^ST\d{4}$")]) -> dict[str, object]:
    """Tell how many units of a product one store has on its shelves.

    Use it before promising in-store pickup; online stock is in get_product_by_id.

    Args:
        store_code: Store code such as ST0042.
    """
    return {}


# -- customers and support ------------------------------------------------------
@tool
def create_customer_profile(
    email: EmailStr,
    full_name: Annotated[str, Field(min_length=2, max_length=80)],
    birth_date: Optional[datetime.date] = None,
    marketing_opt_in: bool = False,
) -> dict[str, object]:
    """Register a new customer account.

    Use it only when the user asks to sign up; existing customers must not get a
    second profile (look them up with find_customer_by_email first).

    Args:
        email: Login e-mail address.
        full_name: The customer's full name.
        birth_date: Day of birth, used for age checks.
        marketing_opt_in: Whether the customer agreed to marketing e-mails.
    """
    return {}


@tool
def find_customer_by_email(email: EmailStr) -> Optional[dict[str, object]]:
    """Look up a customer account by its login e-mail address.

    Use it to check whether someone already has an account before creating one.

    Args:
        email: The e-mail address to look up.
    """
    return None


@tool
def open_support_ticket(fields: TicketFields, order_id: Optional[OrderId] = None) -> dict[str, object]:
    """Open a ticket for the human support team.

    Use it when the problem cannot be solved with the other tools, or when the user
    asks for a person.

    Args:
        fields: Subject and priority of the ticket.
        order_id: The order the problem is about, when there is one.
    """
    return {}


@tool
def send_email(
    to: list[EmailStr],
    subject: Annotated[str, Field(min_length=1, max_length=150)],
    body: Annotated[str, Field(max_length=5000)],
    cc: Optional[list[EmailStr]] = None,
) -> dict[str, object]:
    """Send an e-mail from the support mailbox.

    Use it only after the user has approved the exact text; never send without
    confirmation.

    Args:
        to: Recipients.
        subject: Subject line.
        body: Plain-text message body.
        cc: Recipients in copy.
    """
    return {}


@tool
def summarize_conversation(
    max_words: Annotated[int, Field(ge=20, le=400)] = 120,
    language: Literal["en", "es", "fr", "de", "zh"] = "en",
) -> str:
    """Write a short summary of the conversation so far for a hand-off.

    Use it before transferring the user to a human agent.

    Args:
        max_words: Longest summary allowed, in words.
        language: Language of the summary.
    """
    return ""


# -- calendar and travel --------------------------------------------------------
@tool
def schedule_meeting(
    title: Annotated[str, Field(min_length=1, max_length=120)],
    start_time: datetime.datetime,
    duration_minutes: Annotated[int, Field(ge=15, le=480)],
    attendees: Annotated[list[EmailStr], Field(min_length=1, max_length=50)],
    agenda: Annotated[Optional[str], Field(max_length=2000)] = None,
) -> dict[str, object]:
    """Book a meeting in the user's calendar and invite the attendees.

    Use it when the user asks to set up a meeting at a given time; to find a free
    slot first, use find_free_slots.

    Args:
        title: Title shown in the calendar.
        start_time: When the meeting starts, with the time zone offset.
        duration_minutes: Length of the meeting.
        attendees: E-mail addresses of the people to invite.
        agenda: What the meeting will cover.
    """
    return {}


@tool
def find_free_slots(window: DateWindow, duration_minutes: Annotated[int, Field(ge=15, le=480)] = 30) -> list[str]:
    """List the time slots in which every attendee is free.

    Use it before schedule_meeting when the user has not picked a time.

    Args:
        window: Days to search.
        duration_minutes: Length of the slot needed.
    """
    return []


@tool
def search_flights(
    origin: Annotated[str, Field(pattern=r"^[A-Z]{3}$", description="IATA code of the departure airport, e.g. MAD.")],
    destination: Annotated[str, Field(pattern=r"^[A-Z]{3}$", description="IATA code of the arrival airport.")],
    departure_date: Annotated[datetime.date, Field(description="Day of departure.")],
    passengers: Annotated[int, Field(ge=1, le=9, description="Number of travellers.")] = 1,
    cabin: Literal["economy", "premium_economy", "business", "first"] = "economy",
) -> list[dict[str, object]]:
    """Search scheduled flights between two airports on one day.

    Use it when the user wants to fly somewhere; it does not book anything
    (book_flight does, with an offer id from these results).

    Args:
        cabin: Travel class.
    """
    return []


@tool
def book_flight(
    offer_id: Annotated[str, Field(pattern=r"^OF-[A-Z0-9]{10}$", description="Offer id from search_flights.")],
    passenger_names: Annotated[list[Annotated[str, Field(max_length=80)]], Field(min_length=1, max_length=9, description="Full names as in the passports.")],
) -> dict[str, object]:
    """Book a flight offer found with search_flights.

    Use it only after the user has confirmed the offer and the price.
    """
    return {}


@tool
def convert_currency(
    amount: Annotated[Decimal, Field(gt=0, le=10_000_000, description="Amount in the source currency.")],
    from_currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$", description="Three-letter currency code, e.g. EUR.")],
    to_currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$", description="Three-letter currency code, e.g. USD.")],
) -> dict[str, object]:
    """Convert an amount between two currencies at today's rate.

    Use it for price questions in another currency; it never moves money.
    """
    return {}


@tool
def get_current_weather(
    coordinates: Coordinates,
    units: Literal["metric", "imperial"] = "metric",
) -> dict[str, object]:
    """Report the weather right now at a point.

    Use it for current conditions; for the coming days use get_weather_forecast.

    Args:
        coordinates: Where to report the weather.
        units: Unit system of the returned values.
    """
    return {}


@tool
def get_weather_forecast(
    coordinates: Coordinates,
    days: Annotated[int, Field(ge=1, le=14)] = 3,
    min_temperature: Annotated[Optional[float], Field(ge=-90, le=60)] = None,
) -> list[dict[str, object]]:
    """Forecast the daily weather at a point for up to two weeks.

    Use it for future conditions, not for the weather right now.

    Args:
        coordinates: Where to forecast.
        days: How many days ahead.
        min_temperature: Only days at least this warm, in degrees Celsius.
    """
    return []


# -- files, code, data ----------------------------------------------------------
@tool
def search_files(
    query: Annotated[str, Field(min_length=1, max_length=200)],
    file_types: Optional[list[Literal["pdf", "docx", "xlsx", "pptx"]]] = None,
    modified_after: Optional[datetime.date] = None,
) -> list[str]:
    """Search the user's own documents by content and title.

    Use it when the user asks about their files; it does not search the web.

    Args:
        query: Words to look for.
        file_types: Only files of these types.
        modified_after: Only files changed on or after this day.
    """
    return []


@tool
def translate_text(
    source_text: Annotated[str, Field(min_length=1, max_length=5000)],
    target_language: Literal["en", "es", "fr", "de", "it", "pt", "zh", "ja"],
) -> str:
    """Translate a passage into another language.

    Use it when the user asks for a translation; it does not summarize or rewrite.

    Args:
        source_text: The passage to translate.
        target_language: Language to translate into.
    """
    return ""


@tool
def run_sql_query(
    sql: Annotated[str, Field(min_length=1, max_length=4000, pattern=r"^\s*(?i:select)\b")],
    row_limit: Annotated[int, Field(ge=1, le=1000)] = 100,
) -> list[dict[str, object]]:
    """Run a read-only SQL query against the analytics warehouse.

    Use it for reporting questions; only SELECT statements are accepted.

    Args:
        sql: One SELECT statement.
        row_limit: Most rows to return.
    """
    return []


@tool
async def fetch_web_page(
    url: Annotated[str, Field(pattern=r"^https?://", max_length=2000)],
    max_chars: Annotated[int, Field(ge=100, le=50_000)] = 10_000,
) -> str:
    """Download a public web page and return its readable text.

    Use it when the user gives a link or the answer needs a page's content;
    not for pages that need a login.

    Args:
        url: Address of the page, starting with http:// or https://.
        max_chars: Longest text to return.
    """
    return ""


@tool
def set_reminder(
    remind_at: datetime.datetime,
    note: Annotated[str, Field(min_length=1, max_length=300)],
    repeat: Literal["never", "daily", "weekly", "monthly"] = "never",
) -> dict[str, object]:
    """Set a reminder that notifies the user at a given time.

    Use it when the user asks to be reminded of something later.

    Args:
        remind_at: When to notify, with the time zone offset.
        note: What the reminder says.
        repeat: How often the reminder repeats.
    """
    return {}


@tool
def rate_product(
    product_id: Annotated[str, Field(pattern=r"^PROD-\d{6}$")],
    stars: Annotated[int, Field(ge=1, le=5)],
    review_text: Annotated[Optional[str], Field(max_length=2000)] = None,
) -> dict[str, object]:
    """Record the user's rating of a product they bought.

    Use it only for products in the user's past orders.

    Args:
        product_id: The rated product.
        stars: Rating from 1 to 5.
        review_text: Optional written review.
    """
    return {}


@tool
class CreateInvoiceArgs(BaseModel):
    """Issue an invoice for a completed order.

    Use it when the customer asks for an invoice; only completed orders can be invoiced.
    """

    order_id: OrderId
    tax_number: Optional[Annotated[str, Field(pattern=r"^[A-Z0-9]{8,15}$")]] = Field(None, description="Customer's VAT number, when invoicing a company.")
    email_copy: bool = Field(False, description="Also e-mail the invoice to the customer.")


@tool
def estimate_delivery_date(
    postal_code: Annotated[str, Field(max_length=12, description="Destination postal code.")],
    express: Annotated[bool, Field(description="Next-day delivery instead of standard.")] = False,
) -> datetime.date:
    """Estimate the day a new order would arrive at a postal code.

    Use it when the user asks 'when would it arrive?' before ordering; for placed
    orders use track_shipment.
    """
    return datetime.date.today()


@tool
def validate_coupon(
    coupon_code: Annotated[str, Field(pattern=r"^[A-Z0-9]{6,12}$", description="Coupon code as printed, e.g. SPRING24.")],
    basket_total: Annotated[Decimal, Field(ge=0, le=1_000_000, description="Basket value in euros before the discount.")],
) -> dict[str, object]:
    """Check whether a coupon applies to the basket and what it saves.

    Use it when the user mentions a coupon; it does not redeem it.
    """
    return {}
