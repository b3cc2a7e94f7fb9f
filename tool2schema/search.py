"""Finding tools by what they do: the BM25 ranking behind ``ToolRegistry.search`` and the
client-side search tool of ``ToolRegistry.request(..., defer=...)``.

Each tool is one document made of its name (split into words: ``get_order_status`` ->
get, order, status), its description, its parameters' names and descriptions, and its
tags. Words are lowercased runs of letters and digits (CJK characters one by one); a
plural ``s`` is dropped (orders -> order). Ranking is Okapi BM25 (k1 = 1.2, b = 0.75,
idf = ln(1 + (N - df + 0.5) / (df + 0.5))); the name counts twice. Ties keep the
registry's order, so the same query on the same registry always ranks the same way.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Sequence

if TYPE_CHECKING:
    from .tool import Tool

__all__ = ["SEARCH_TOOL", "Bm25", "search_tool_description", "tokens"]

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
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        out.append(word)
    return out


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


def search_tool_description(names: Sequence[str]) -> str:
    """The description of the client-side search tool."""
    return (
        "Search the tools that are not loaded yet, by what you need to do (a few keywords: 'refund an order'). "
        "Use it when none of the tools you have fits the request; the tools it finds become available to call. "
        f"{len(names)} tools can be found this way."
    )
