"""Finding tools by what they do: the BM25 ranking behind ``ToolRegistry.search`` and the
client-side search tool of ``ToolRegistry.request(..., defer=...)``.

Each tool is one document made of its name (split into words: ``get_order_status`` ->
get, order, status), its description, its parameters' names and descriptions, and its
tags. Words are lowercased runs of letters and digits (CJK characters one by one); a
light stem drops ``s``, ``ing``, ``ed`` (orders -> order, raining -> rain). Ranking is Okapi BM25 (k1 = 1.2, b = 0.75,
idf = ln(1 + (N - df + 0.5) / (df + 0.5))); the name counts twice. Ties keep the
registry's order, so the same query on the same registry always ranks the same way.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from .definition import ToolDefinition
    from .tool import Tool

__all__ = ["SEARCH_TOOL", "Bm25", "Found", "search_tool", "tokens"]

SEARCH_TOOL = "search_tools"
"""The name of the client-side search tool (on OpenAI Responses, calls of the nameless
client ``tool_search`` tool are read as calls of it)."""

K1 = 1.2
B = 0.75
NAME_WEIGHT = 2

_WORD = re.compile(r"[A-Za-z]+|\d+|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_STOP = frozenset("a an and are as at be by for from has have in into is it its of on or that the this to was with".split())


def tokens(text: str) -> list[str]:
    """The words BM25 counts: ``"getOrderStatus of the orders"`` -> ``get, order, status, order``."""
    out = []
    for word in _WORD.findall(_CAMEL.sub(r"\1 \2", text)):
        word = word.lower()
        if word in _STOP:
            continue
        word = _stem(word)
        out.append(word)
    return out


def _stem(word: str) -> str:
    """A light stem: ``orders`` -> order, ``invoices`` -> invoice, ``raining`` -> rain,
    ``booked`` -> book, ``categories`` -> category (a word keeps at least three letters)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _document(tool: Tool[Any, Any]) -> list[str]:
    definition = tool.definition()
    words = tokens(tool.name) * NAME_WEIGHT + tokens(definition.description)
    for name, schema in (definition.parameters.get("properties") or {}).items():
        words += tokens(name)
        if isinstance(schema, dict) and isinstance(schema.get("description"), str):
            words += tokens(schema["description"])
    for tag in tool.tags:
        words += tokens(tag)
    return words


@dataclass
class Bm25:
    """A BM25 index of some tools (built once per registry version)."""

    tools: list[Tool[Any, Any]]
    counts: list[Counter[str]]
    lengths: list[int]
    df: Counter[str]
    average: float

    @classmethod
    def build(cls, tools: Iterable[Tool[Any, Any]]) -> Bm25:
        tools = list(tools)
        docs = [_document(t) for t in tools]
        counts = [Counter(d) for d in docs]
        df: Counter[str] = Counter()
        for c in counts:
            df.update(c.keys())
        lengths = [len(d) for d in docs]
        return cls(tools, counts, lengths, df, (sum(lengths) / len(lengths)) if lengths else 0.0)

    def rank(self, query: str, limit: int) -> list[Tool[Any, Any]]:
        """The ``limit`` best tools for ``query`` (score above zero), best first."""
        words = tokens(query)
        n = len(self.tools)
        if not words or not n:
            return []
        scores: list[tuple[float, int]] = []
        for index, (c, length) in enumerate(zip(self.counts, self.lengths, strict=True)):
            score = 0.0
            for word in words:
                tf = c.get(word)
                if not tf:
                    continue
                df = self.df[word]
                idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                score += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / (self.average or 1)))
            if score > 0:
                scores.append((-score, index))
        scores.sort()
        return [self.tools[i] for _, i in scores[:limit]]


class Found(list):  # type: ignore[type-arg]
    """What the client search tool returns: ``[{"name", "description"}]`` of the tools it
    found (the text the model reads), with their ``definitions`` (``ToolResult.found``)."""

    definitions: tuple[ToolDefinition, ...] = ()


def search_tool(search: Any, count: int) -> Tool[Any, Any]:
    """The client-side search tool, ``search_tools(query, limit=5)``, answering with
    ``search(query, limit)`` (``ToolRegistry.search``); ``count``: how many tools it searches."""
    from typing import Annotated

    from pydantic import Field

    from .tool import Tool

    def search_tools(
        query: Annotated[str, Field(min_length=1, max_length=200, description="What you need to do, in a few words, e.g. 'refund an order'.")],
        limit: Annotated[int, Field(ge=1, le=20, description="How many tools to find at most.")] = 5,
    ) -> list[dict[str, str]]:
        tools = search(query, limit)
        found = Found({"name": t.name, "description": t.description} for t in tools)
        found.definitions = tuple(t.definition() for t in tools)
        return found

    description = (
        "Search the tools that are not loaded yet by what you need to do. Use it when none of the tools you have fits "
        f"the request; the tools it finds become available to call. It searches {count} tools."
    )
    return Tool(search_tools, name=SEARCH_TOOL, description=description, localns={"Annotated": Annotated, "Field": Field})
