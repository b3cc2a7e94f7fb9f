"""The provider-neutral lint rules T2S001-T2S013 and T2S104.

Each rule reads a tool's name, its description and its canonical parameters JSON
Schema, and reports what is wrong, the evidence, why it hurts tool-calling accuracy,
and the fix. The heuristic rules fire only on the curated words of
`tool2schema.linter.vocabulary` and the patterns below, never on a guess.
"""

from __future__ import annotations

import difflib
import functools
import math
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Sequence

from . import vocabulary as vocab
from .schema import NUMERIC_BOUNDS, Prop, Schema, types_of, walk


@dataclass(frozen=True)
class Finding:
    """One lint finding.

    ``code`` (``"T2S004"``), ``severity`` (``"error"``, ``"warning"`` or ``"info"``),
    ``tool`` (the tool's name; ``None`` for a request-level finding), ``path`` (the
    parameter, dotted for nested fields, array items adding no segment; ``None`` for
    the tool itself), ``message`` (what is wrong, the evidence, why it matters),
    ``fix`` (what to write instead) and, for tool definitions read from JSON,
    ``location``: the JSON path of what it is about in the input
    (``$.tools[2].input_schema.properties.city``; the tool object for a finding about
    the tool itself).
    """

    code: str
    severity: str
    tool: Optional[str]
    path: Optional[str]
    message: str
    fix: str
    location: Optional[str] = None


@dataclass(frozen=True)
class Rule:
    code: str
    severity: str
    title: str


RULES: dict[str, Rule] = {
    r.code: r
    for r in (
        Rule("T2S001", "warning", "tool name is not a verb_noun action phrase"),
        Rule("T2S002", "warning", "tool has no description"),
        Rule("T2S003", "info", "description does not say when to use the tool (or when not to)"),
        Rule("T2S004", "warning", "parameter has no description"),
        Rule("T2S005", "warning", "allowed values listed in prose, not as an enum"),
        Rule("T2S006", "info", "integer or number parameter with neither a lower nor an upper bound"),
        Rule("T2S007", "warning", "a format described in prose with no pattern or format"),
        Rule("T2S008", "warning", "required is not honest (required but nullable, or optional with no default)"),
        Rule("T2S009", "warning", "free-form object parameter: the model cannot know its keys"),
        Rule("T2S010", "warning", "two tools overlap so much the model cannot tell them apart"),
        Rule("T2S011", "info", "ambiguous top-level parameter name"),
        Rule("T2S012", "info", "free text without maxLength"),
        Rule("T2S013", "warning", "a count or index typed as number instead of integer"),
        Rule("T2S101", "error", "the name breaks a provider's rule (pattern, length)"),
        Rule("T2S102", "error", "a provider limit is exceeded"),
        Rule("T2S103", "warning", "the format removes a constraint or only restates it in the description"),
        Rule("T2S104", "error", "two tools share a name"),
    )
}

PROVIDER_CODES = ("T2S101", "T2S102", "T2S103")


_CAMEL1 = re.compile(r"([a-z0-9])([A-Z])")
_CAMEL2 = re.compile(r"([A-Z]+)([A-Z][a-z])")
_NON_WORD = re.compile(r"[^A-Za-z0-9]+")


@functools.lru_cache(maxsize=4096)
def _words(name: str) -> tuple[str, ...]:
    spaced = _CAMEL2.sub(r"\1 \2", _CAMEL1.sub(r"\1 \2", name))
    return tuple(w.lower() for w in _NON_WORD.split(spaced) if w)


def words(name: str) -> list[str]:
    """``getOrderByID`` / ``get-order_by_id`` -> ``["get", "order", "by", "id"]``."""
    return list(_words(name))


def _quote(values: Sequence[str]) -> str:
    return ", ".join(repr(v) for v in values)


class Context:
    """One tool under lint: its name, description and parameters, and the findings."""

    def __init__(self, name: str, description: str, parameters: Schema, enabled: Callable[[str], bool]) -> None:
        self.name = name
        self.description = description or ""
        self.parameters = parameters
        self.enabled = enabled
        self.findings: list[Finding] = []
        self.props = list(walk(parameters))
        self._elsewhere: Optional[frozenset[str]] = None

    def elsewhere(self) -> frozenset[str]:
        """The names of every property and the enum values of every property of the tool."""
        if self._elsewhere is None:
            found = {p.name for p in self.props}
            for p in self.props:
                for leaf in p.view.leaves:
                    found.update(str(x) for x in leaf.get("enum") or () if isinstance(x, (str, int)))
            self._elsewhere = frozenset(found)
        return self._elsewhere

    def add(self, code: str, path: Optional[str], message: str, fix: str) -> None:
        if self.enabled(code):
            self.findings.append(Finding(code, RULES[code].severity, self.name, path, message, fix))


# -- T2S001 ------------------------------------------------------------------------
def _verb_segment(name: str) -> list[str]:
    """The words of the last namespace segment (``github.create_issue``, ``fs__read_file``)."""
    segment = re.split(r"\.|/|:|__", name)[-1] or name
    return words(segment)


def check_name(ctx: Context) -> None:
    if not ctx.enabled("T2S001"):
        return
    ws = _verb_segment(ctx.name)
    if not ws:
        return
    first = ws[0]
    noun = "_".join(ws)
    rest = "_".join(ws[1:]) or "thing"
    if first in vocab.VAGUE_VERBS:
        ctx.add(
            "T2S001",
            None,
            f"tool name {ctx.name!r} starts with {first!r}, a verb that says nothing about what the tool does; "
            "the name is the model's first signal for choosing a tool, and a vague verb makes it guess",
            f"name what the tool does to the {rest}: e.g. {', '.join(v + '_' + rest for v in ('create', 'validate', 'charge'))}, "
            "with the verb that fits (get, search, create, update, delete, calculate, validate ...)",
        )
        return
    lexicon, dual = vocab.english_verbs()
    if len(ws) == 1 and first not in vocab.VERBS:
        evidence = f"{ctx.name!r} names a thing, not an action"
        suggestion = f"get_{noun}"
    elif len(ws) == 1:
        evidence = f"{ctx.name!r} is a bare verb with no object"
        suggestion = f"{first}_<thing>, e.g. {first}_order"
    elif ws[-1] in vocab.TRAILING_VERBS and ws[0] not in vocab.TRAILING_VERBS:
        evidence = f"its action {ws[-1]!r} comes last"
        suggestion = "_".join([ws[-1], *ws[:-1]])
    elif first in vocab.VERBS and ws[1] in vocab.CRUD_VERBS:
        evidence = f"{first!r} is a prefix before the action {ws[1]!r}"
        suggestion = "_".join(ws[1:])
    elif first not in dual and (first in vocab.VERBS or _is_verb(first, lexicon)):
        return
    elif first in dual:  # a noun that is also a verb (order, stock, core): which is it here?
        later = next((w for w in ws[1:] if w in vocab.LATER_VERBS), None) if first not in vocab.VERBS else None
        other = _description_verb(ctx.description, lexicon)
        if first in vocab.VERBS:
            # a curated verb (order, file, email) is a noun only when the description says
            # the tool looks something up: order_status "Get the status ..."
            other = other if other in vocab.LOOKUP_VERBS and first not in vocab.LOOKUP_VERBS else None
        if later is not None:
            evidence = f"{first!r} reads as a noun here: the action is {later!r}"
            suggestion = "_".join([later, *(w for w in ws if w != later)])
        elif other is not None and other != first:
            evidence = (
                f"{first!r} reads as a noun here: the description says the tool does something else "
                f"({ctx.description.split(None, 1)[0]!r})"
            )
            suggestion = f"{other}_{noun}"
        else:
            return
    else:
        evidence = f"{ctx.name!r} does not start with an action verb ({first!r} is not an English verb)"
        suggestion = f"get_{noun}"
    ctx.add(
        "T2S001",
        None,
        f"tool name is not a verb_noun action phrase: {evidence}; the name is the model's first signal for "
        "choosing a tool, and a name without its action leaves it to guess what calling the tool does",
        f"rename it to an action phrase such as {suggestion!r} (@tool(name=...)); get = one item, "
        "search/list = many, create/update/delete = change",
    )


def _is_verb(word: str, lexicon: frozenset[str]) -> bool:
    """A verb of the lexicon or the curated list, also with a prefix (``unstar``,
    ``reprioritize``, ``deduplicate``)."""
    if word in vocab.VERBS or word in lexicon:
        return True
    for prefix in vocab.VERB_PREFIXES:
        rest = word[len(prefix) :]
        if word.startswith(prefix) and len(rest) >= 3 and (rest in vocab.VERBS or rest in lexicon):
            return True
    return False


def _description_verb(description: str, lexicon: frozenset[str]) -> Optional[str]:
    """The verb a description starts with (``"Gets the price"`` -> ``"get"``), or None
    when its first word is not a verb or is about the tool itself (``Use this to``)."""
    match = re.match(r"\s*([A-Za-z]+)", description)
    if match is None:
        return None
    word = match.group(1).lower()
    if word in vocab.META_WORDS:
        return None
    for form in vocab.verb_forms(word):
        if form in vocab.VERBS or form in lexicon:
            return form
    return None


# -- T2S002 / T2S003 ---------------------------------------------------------------
_WHEN = re.compile("|".join(vocab.WHEN_CUES), re.IGNORECASE)


def check_description(ctx: Context) -> None:
    text = ctx.description.strip()
    if not text:
        ctx.add(
            "T2S002",
            None,
            f"tool {ctx.name!r} has no description; the model reads only the schema, so without one it picks "
            "this tool (and fills its arguments) from the name alone",
            "write a docstring (or @tool(description=...)) that says what the tool does, when to use it, "
            "when not to, and any precondition",
        )
        return
    if not _WHEN.search(text):
        ctx.add(
            "T2S003",
            None,
            f"the description ({_clip(text)!r}) says what the tool does but not when to use it or when not to; "
            "with several tools the model chooses by these cues, and without them it picks at random between similar tools",
            "add a sentence such as 'Use it when ...; for ... use <other_tool> instead.'",
        )


def _clip(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


# -- T2S004 ------------------------------------------------------------------------
def check_param_description(ctx: Context, p: Prop) -> None:
    if p.view.description.strip():
        return
    ctx.add(
        "T2S004",
        p.path,
        f"parameter {p.path!r} has no description; the model sees only the name {p.name!r} and its type, so it "
        "guesses what to pass (units, format, which identifier)",
        f"document it: an 'Args:' docstring entry for {p.name!r}, or Annotated[..., Field(description=...)]",
    )


# -- T2S005 ------------------------------------------------------------------------
_Q = r"""(?:'[^'\n]{1,40}'|"[^"\n]{1,40}"|`[^`\n]{1,40}`|‘[^’\n]{1,40}’|“[^”\n]{1,40}”)"""
_TOKEN = r"[A-Za-z0-9][\w.+-]{0,30}"
_ITEM = rf"(?:{_Q}|{_TOKEN})"
_SEP = r"(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*/\s*|\s*、\s*|\s*，\s*|\s*或\s*)"
_LIST = rf"{_ITEM}(?:{_SEP}{_ITEM})+"
_TRIGGER = (
    r"(?:\bone\s+of|\bany\s+of|\b(?:possible|allowed|valid|accepted|supported|permitted|available)\s+(?:values|options|choices)"
    r"(?:\s+(?:are|is|include))?|\b(?:values|options|choices)(?=\s*[:：])|\b(?:values|options|choices)\s+(?:are|include)\b"
    r"|\[?\benum\b\]?(?=\s*[:：])|\b(?:must|can|should)\s+be(?:\s+one\s+of|\s+either)?"
    r"|可以是|可选值(?:为|是|有)?|取值(?:为|范围)?|可选)"
)
_ENUM_PATTERNS = (
    re.compile(rf"{_TRIGGER}\s*[:：(]?\s*(?P<list>{_LIST})", re.IGNORECASE),
    re.compile(rf"\beither\s+(?P<list>{_ITEM}\s+or\s+{_ITEM})\b", re.IGNORECASE),
    re.compile(rf"(?P<list>{_TOKEN}(?:\s*\|\s*{_TOKEN})+)"),
    re.compile(rf"(?P<list>{_Q}(?:{_SEP}{_Q})+)"),
    re.compile(r"\((?P<list>[A-Z][A-Z0-9_]+(?:\s*(?:,|/|\bor\b)\s*[A-Z][A-Z0-9_]+)+)\)"),
    re.compile(r"\((?P<list>[A-Z][a-z]{1,15}(?:/[A-Z][a-z]{1,15})+)\)"),
    re.compile(rf"(?:options|values|choices|one\s+of)[^\n]*\n(?P<list>(?:\s*[-*•]\s*{_Q}[^\n]*(?:\n|$)){{2,}})", re.IGNORECASE),
    re.compile(rf"\((?P<list>{_Q}\s+(?:for|=|means|is)\s+[^,;)]+(?:[,;]\s*(?:or\s+|and\s+)?{_Q}\s+(?:for|=|means|is)\s+[^,;)]+)+)\)", re.IGNORECASE),
)
_VALUE_FOR = re.compile(rf"({_Q})\s+(?:for|=|means|is)\s+[^,;)]+", re.IGNORECASE)
_NOT_OWN_VALUES = re.compile(
    r"(?:(?:required|optional|used|only|accepted|valid|ignored)\s+(?:for|with|by|in|when)|(?:start|begin|end|prefix(?:ed)?)s?\s+(?:with|by)"
    r"|combined\s+with|combining|contains?|scope\s+the\s+search\s+with|format(?:\s+of)?)\s*(?:the\s+)?$",
    re.IGNORECASE,
)
"""Before a list: the values belong to something else (methods, a prefix, other parameters)."""
_OTHER_THINGS = re.compile(r"^\s*(?:methods?|tools?|parameters?|params?|fields?|operations?|modes?\s+of\s+\w+)\b", re.IGNORECASE)
"""After a list: the values name other things (``'add' and 'update' methods``)."""
_EXAMPLE_CUE = re.compile(
    r"(?:e\.g\.|eg\.|for example|for instance|such as|like|examples?|qualifiers?|supports|syntax|例如|比如)\s*[:,]?\s*[\[({]?\s*$", re.IGNORECASE
)
"""What introduces examples, not allowed values (also before a literal: ``e.g. ["home", "errands"]``)."""
_SEP_RE = re.compile(_SEP + r"|\s*\|\s*", re.IGNORECASE)
_LEADING = {"a", "an", "the", "more", "both", "these", "those", "them", "it", "other", "others", "any", "some", "several", "each"}
_NOT_VALUES = _LEADING | {"none", "all", "etc", "empty", "null", "blank", "omitted", "missing", "unset", "true", "false", "yes", "no"}


_ENUM_HINT = re.compile(
    r"[|'\"`‘“(]|one\s+of|any\s+of|values|options|choices|enum|must\s+be|can\s+be|should\s+be|either|可以是|可选|取值", re.IGNORECASE
)


def prose_values(description: str, exclude: frozenset[str] = frozenset()) -> Optional[list[str]]:
    """The allowed values a description lists in prose, or ``None``; a list holding one of
    ``exclude`` (other parameters' names and values: cross-references) is passed over."""
    if not _ENUM_HINT.search(description):
        return None
    for i, pattern in enumerate(_ENUM_PATTERNS):
        for m in pattern.finditer(description):
            before = description[max(0, m.start() - 30) : m.start()]
            if _EXAMPLE_CUE.search(before) or _NOT_OWN_VALUES.search(before) or _OTHER_THINGS.match(description[m.end() :]):
                continue
            raw = m.group("list")
            if i == 6:  # a bulleted list of quoted values
                raw = ", ".join(re.findall(rf"^\s*[-*•]\s*({_Q})", raw, re.MULTILINE))
            elif i == 7:  # ('l' for lines, 'w' for words)
                raw = ", ".join(q.group(1) for q in _VALUE_FOR.finditer(raw))
            if i == 2:
                around = description[max(0, m.start() - 1) : m.start()] + description[m.end() : m.end() + 1]
                if "://" in raw or set(around) & set("()[]^$") or not re.search(r"[A-Za-z]", raw):
                    continue  # a regular expression, a URL or numbers, not a list of values
            if description[: m.start()].count("{") > description[: m.start()].count("}"):
                continue  # inside a JSON example ('{"style": "modern", ...}'): keys and values of a structure
            quoted = re.findall(_Q, raw)
            # quoted items are read whole (a comma inside 'City, Country' is not a separator)
            items = quoted if quoted and not _SEP_RE.sub("", re.sub(_Q, "", raw)).strip() else [x for x in _SEP_RE.split(raw) if x.strip()]
            values = [_unquote(x.strip()) for x in items]
            values = [v for v in values if v]
            if len(values) < 2 or len(set(values)) < 2:
                continue
            if sum(":" in v for v in values) * 2 >= len(values) or set(values) & exclude:
                continue  # search qualifiers ('repo:owner/repo', 'org:'), or cross-references, not values
            if values[0].lower() in _LEADING or all(v.lower() in _NOT_VALUES for v in values):
                continue  # "one of the ...", "can be empty or null": prose, not values
            if i == 0 and not any(_is_quoted(x.strip()) for x in items):
                # unquoted words after "must be"/"can be" read as prose unless they look like codes
                trigger = description[m.start() : m.start("list")].lower()
                if re.search(r"must|can|should", trigger) and "one of" not in trigger:
                    if len(values) < 3 and not all(_looks_like_code(v) for v in values):
                        continue
            return values
    return None


def _is_quoted(item: str) -> bool:
    return item[:1] in "'\"`‘“"


def _unquote(item: str) -> str:
    return item[1:-1].strip() if _is_quoted(item) else item.rstrip(".").strip()


def _looks_like_code(value: str) -> bool:
    return bool(re.fullmatch(r"[A-Z][A-Z0-9_]+|[a-z0-9]+(?:_[a-z0-9]+)+", value))


def check_prose_enum(ctx: Context, p: Prop) -> None:
    v = p.view
    if not v.leaves or v.any_leaf_has("enum", "const"):
        return
    if not v.types() & {"string", "integer", "number"} or "boolean" in v.types() or "object" in v.types():
        return
    values = prose_values(v.description, ctx.elsewhere())
    if values is None:
        return
    enum = "Literal[" + ", ".join(repr(x) for x in values) + "]"
    ctx.add(
        "T2S005",
        p.path,
        f"the description of {p.path!r} lists {_quote(values)} as the allowed values, but the schema has no enum; "
        "the model reads prose values as a suggestion and sends variants (other case, synonyms, translations) "
        "that the tool then rejects or misreads",
        f"type it as {enum} (or an Enum) so the schema carries \"enum\": [{', '.join(repr(x) for x in values)}]; "
        "keep the meaning of each value in the description",
    )


# -- T2S006 ------------------------------------------------------------------------
def check_bounds(ctx: Context, p: Prop) -> None:
    v = p.view
    numeric = [s for s in v.leaves if {"integer", "number"} & types_of(s) and not ({"string", "boolean"} & types_of(s))]
    if not numeric or len(numeric) != len(v.leaves):
        return
    if any("enum" in s or "const" in s or any(b in s for b in NUMERIC_BOUNDS) for s in numeric):
        return
    kind = "integer" if all("integer" in types_of(s) for s in numeric) else "number"
    ctx.add(
        "T2S006",
        p.path,
        f"{kind} parameter {p.path!r} has neither a minimum nor a maximum; the model may send 0, a negative or a "
        "huge value (a page size of 10000) that the tool was never meant to take",
        f"bound it: Annotated[{'int' if kind == 'integer' else 'float'}, Field(ge=..., le=...)] "
        "(JSON Schema minimum/maximum)",
    )


# -- T2S007 ------------------------------------------------------------------------
_DATE_PART = r"(?:YYYY|YY|MM|DD|HH|hh|mm|ss|SS)"
_FORMAT_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"(?<![\w])(?:{_DATE_PART}[-/:. T]?){{1,5}}{_DATE_PART}(?![\w])"), "date"),
    (re.compile(r"\bISO[- ]?8601\b|\bRFC[- ]?3339\b|\bISO(?:\s+format(?:ted)?)?\s+(?:date(?:time)?|time(?:stamp)?)\b", re.IGNORECASE), "date"),
    (re.compile(r"(?<![\w-])\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?(?![\w-])"), "date"),
    (re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,9}(?:[-_](?:X{3,}|x{3,}|#{3,}|N{3,}|9{3,}|\d{4,}))+(?![\w-])"), "code"),
    (re.compile(r"\b\d+[- ]char(?:acter)?s?\s+(?:hex(?:adecimal)?|alphanumeric)\b|\bhex(?:adecimal)?\s+(?:code|colou?r|string)\b", re.IGNORECASE), "named"),
    (re.compile(r"\b(?:snake_case|camelCase|kebab-case|PascalCase|lower_snake_case|UPPER_SNAKE_CASE)\b"), "named"),
    (re.compile(r"\b(?:must|should)\s+(?:start|begin|end)\s+with\b|\bin\s+the\s+format\b", re.IGNORECASE), "named"),
    (re.compile(r"\bE\.?164\b|\bUUID\b|\bISO[- ]?4217\b|\bISO[- ]?3166(?:-1)?(?:\s+alpha-?[23])?\b|\bISO[- ]?639(?:-[123])?\b", re.IGNORECASE), "named"),
    (re.compile(r"\bin\s+(?:the\s+)?(?:'[^'\n]{1,40}'|\"[^\"\n]{1,40}\"|`[^`\n]{1,40}`)\s+format\b|\b(?:follow|use)s?\s+the\s+(?:structure|format)\b", re.IGNORECASE), "named"),
    (re.compile(r"\b\d+(?:\s*(?:-|to|–)\s*\d+)?[- ]digits?\b|\d+位数字", re.IGNORECASE), "digits"),
    (re.compile(r"\b(?:\d+|two|three|four)[- ]letter\b", re.IGNORECASE), "named"),
    (re.compile(r"格式为\S{2,}"), "named"),
)


def prose_format(description: str) -> Optional[tuple[str, str]]:
    """``(evidence, kind)`` for a format a description spells out in prose, or ``None``."""
    for pattern, kind in _FORMAT_PATTERNS:
        for m in pattern.finditer(description):
            text = m.group(0)
            if kind == "date" and pattern is _FORMAT_PATTERNS[0][0] and not re.search(r"YY|DD|HH|hh|:", text):
                continue  # "MM MM" is a unit, not a date format
            if kind == "date" and _query_syntax(description, m.start()):
                continue  # a search qualifier's value ('created:>=2025-01-01'): query syntax, not this parameter's format
            return text, kind
    return None


_QUALIFIER = re.compile(r"[`'\"\s]\w[\w-]*:")


def _query_syntax(description: str, at: int) -> bool:
    """Whether the text at ``at`` is part of a search syntax the description teaches: right
    after a qualifier (``created:>=``), or quoted in a description naming qualifiers."""
    if re.search(r"[\w-]+:[<>=.]*$", description[max(0, at - 24) : at]):
        return True
    return description[:at].count("`") % 2 == 1 and len(_QUALIFIER.findall(description)) >= 2


def _pattern_for(evidence: str, kind: str) -> str:
    if kind == "code":
        m = re.fullmatch(r"([A-Z][A-Z0-9]*[-_])(.+)", evidence)
        if m:
            return f"^{re.escape(m.group(1))}\\d{{{len(m.group(2))}}}$".replace("\\-", "-")
    if kind == "digits":
        m = re.match(r"(\d+)(?:\s*(?:-|to|–)\s*(\d+))?", evidence)
        if m:
            return f"^\\d{{{m.group(1)}{',' + m.group(2) if m.group(2) else ''}}}$"
    return ""


def check_prose_format(ctx: Context, p: Prop) -> None:
    v = p.view
    strings = [s for s in v.leaves if "string" in types_of(s)]
    if not strings or len(strings) != len(v.leaves):
        return
    if v.any_leaf_has("pattern", "format", "enum", "const"):
        return
    found = prose_format(v.description)
    if found is None:
        return
    evidence, kind = found
    if kind == "date":
        fix = (
            "type it as datetime.date / datetime.datetime (JSON Schema \"format\": \"date\" / \"date-time\"), "
            r"or add a pattern such as Field(pattern=r'^\d{4}-\d{2}-\d{2}$')"
        )
    else:
        pattern = _pattern_for(evidence, kind)
        example = f"Field(pattern=r'{pattern}')" if pattern else "Field(pattern=r'^...$')"
        fix = f"add a pattern that matches exactly that format, e.g. Annotated[str, {example}] (or a typed value such as uuid.UUID)"
        if kind == "code" and re.search(r"\d$", evidence):
            fix += "; the pattern is derived from the example: adjust the digit count to the real format"
    ctx.add(
        "T2S007",
        p.path,
        f"the description of {p.path!r} spells out a format ({evidence!r}) but the schema has no pattern or format; "
        "a format in prose is a hint the model often ignores, so it sends near-misses (other separators, a short "
        "id) that fail later instead of at validation",
        fix,
    )


# -- T2S008 ------------------------------------------------------------------------
def check_required(ctx: Context, p: Prop) -> None:
    v = p.view
    if p.required and v.nullable:
        ctx.add(
            "T2S008",
            p.path,
            f"{p.path!r} is required but accepts null (in Python: Optional[...] with no default); the model must always send it "
            "and, lacking a value, invents one or sends null where the tool expects a real value",
            "give it a default (Optional[X] = None) if it may be left out, or drop Optional if a value is always needed",
        )
    elif not p.required and "default" not in p.schema:
        ctx.add(
            "T2S008",
            p.path,
            f"{p.path!r} is optional but the schema gives no default (in Python: a TypedDict NotRequired/total=False "
            "field, or a default_factory hidden from the schema); the model cannot tell what leaving it out means, so "
            "it fills it with guesses",
            "give the field an explicit default (\"default\" in the schema; = None or Field(default=...) in Python), or make it required",
        )


# -- T2S009 ------------------------------------------------------------------------
def _free_form(s: Schema) -> bool:
    meaningful = {k for k in s if k not in ("description", "title", "default", "examples", "nullable")}
    if not meaningful:
        return True  # Any / object
    if "object" in types_of(s) and not s.get("properties") and not s.get("patternProperties"):
        extra = s.get("additionalProperties", True)
        return extra is True or extra == {} or (isinstance(extra, dict) and _free_form(extra))
    return False


def check_free_form(ctx: Context, p: Prop) -> None:
    v = p.view
    if not v.leaves or not any(_free_form(s) for s in v.leaves):
        return
    free = [s for s in v.leaves if _free_form(s)]
    what = "any JSON value" if any(not types_of(s) for s in free) else "an object with arbitrary keys"
    if not any(s is a for s in free for a in v.alternatives):
        what = f"a list whose items are {what}"
    ctx.add(
        "T2S009",
        p.path,
        f"{p.path!r} accepts {what} (a dict or Any); the schema names no keys, so the model invents keys and shapes "
        "the tool does not understand",
        "describe the shape: a Pydantic model, dataclass or TypedDict with named fields (or dict[str, <typed value>] "
        "when the keys truly are free)",
    )


# -- T2S011 / T2S012 / T2S013 ------------------------------------------------------
def check_ambiguous_name(ctx: Context, p: Prop) -> None:
    if p.top_level and p.name.lower() in vocab.AMBIGUOUS_NAMES:
        ctx.add(
            "T2S011",
            p.path,
            f"parameter name {p.name!r} is ambiguous: it does not say which thing it refers to; with an order, a "
            "customer and a product in the conversation the model may pass the wrong one",
            f"name what it is, e.g. {_better_name(ctx.name, p.name)!r}",
        )


def _better_name(tool_name: str, param: str) -> str:
    ws = _verb_segment(tool_name)
    noun = ws[-1] if len(ws) > 1 else "thing"
    if noun.endswith("s") and len(noun) > 3:
        noun = noun[:-1]
    return f"{noun}_{param}"


def check_free_text(ctx: Context, p: Prop) -> None:
    ws = words(p.name)
    if not ws or ws[-1] not in vocab.FREE_TEXT_WORDS:
        return
    v = p.view
    strings = [s for s in v.alternatives if "string" in types_of(s)]
    if not strings or len(strings) != len(v.alternatives):
        return
    if any(k in s for s in strings for k in ("maxLength", "enum", "const", "pattern", "format")):
        return
    ctx.add(
        "T2S012",
        p.path,
        f"{p.path!r} takes free text with no maxLength; the model may paste a whole conversation or document into it",
        "cap it: Annotated[str, Field(max_length=500)] (JSON Schema maxLength)",
    )


def check_count_type(ctx: Context, p: Prop) -> None:
    ws = words(p.name)
    is_count = bool(set(ws) & vocab.COUNT_WORDS) or (ws[:2] == ["number", "of"]) or (ws[:1] == ["n"] and len(ws) > 1)
    is_count = is_count or (len(ws) > 1 and ws[-1] == "size" and "page" in ws) or ws[-2:] == ["max", "results"]
    if not is_count:
        return
    v = p.view
    if not v.leaves or not all("number" in types_of(s) and "integer" not in types_of(s) for s in v.leaves):
        return
    ctx.add(
        "T2S013",
        p.path,
        f"{p.path!r} counts or indexes something but is typed number, not integer; the model may send 2.5 or 10.0 "
        "and the tool has to round or reject it",
        "type it int (JSON Schema \"type\": \"integer\") with bounds, e.g. Annotated[int, Field(ge=1, le=100)]",
    )


PROPERTY_RULES: tuple[tuple[str, Callable[[Context, Prop], None]], ...] = (
    ("T2S004", check_param_description),
    ("T2S005", check_prose_enum),
    ("T2S006", check_bounds),
    ("T2S007", check_prose_format),
    ("T2S008", check_required),
    ("T2S009", check_free_form),
    ("T2S011", check_ambiguous_name),
    ("T2S012", check_free_text),
    ("T2S013", check_count_type),
)


def lint_tool(name: str, description: str, parameters: Schema, enabled: Callable[[str], bool]) -> list[Finding]:
    """Findings of the single-tool rules (T2S001-T2S009, T2S011-T2S013) for one tool."""
    ctx = Context(name, description, parameters, enabled)
    check_name(ctx)
    check_description(ctx)
    active = [fn for code, fn in PROPERTY_RULES if enabled(code)]
    if active:
        for p in ctx.props:
            for fn in active:
                fn(ctx, p)
    seen: set[Finding] = set()
    out: list[Finding] = []
    for f in ctx.findings:  # a property reached twice (oneOf branches) reports once
        if f not in seen:
            seen.add(f)
            out.append(f)
    return out


# -- T2S010 / T2S104: across tools -------------------------------------------------
def _content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z0-9]+|[\u4e00-\u9fff]", text.lower()) if (len(w) > 2 or not w.isascii()) and w not in vocab.STOPWORDS)


def _summary(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+|[\u4e00-\u9fff]", text.lower()))


def overlaps(tools: Sequence[tuple[str, str]], threshold: float = 0.8) -> Iterator[tuple[int, int, str]]:
    """Pairs ``(i, j, evidence)`` (``i < j``) of tools the model cannot tell apart; each
    tool ``j`` is reported once, with the first earlier tool it overlaps."""
    reported: set[int] = set()
    # 1. names that differ only by a synonym verb
    by_key: dict[tuple[Any, ...], int] = {}
    for j, (name, _) in enumerate(tools):
        ws = _verb_segment(name)
        if len(ws) < 2:
            continue
        for g, group in enumerate(vocab.SYNONYM_VERBS):
            if ws[0] in group:
                key = (g, tuple(ws[1:]))
                i = by_key.setdefault(key, j)
                if i != j and tools[i][0] != name:
                    reported.add(j)
                    yield i, j, f"the names differ only by the synonyms {_verb_segment(tools[i][0])[0]!r} and {ws[0]!r}"
                break
    # 2. the same description, or descriptions sharing nearly all their words
    first: dict[str, int] = {}
    sets: list[frozenset[str]] = []
    for j, (_, text) in enumerate(tools):
        summary = _summary(text)
        sets.append(_content_words(text))
        if not summary:
            continue
        i = first.setdefault(summary, j)
        if i != j and j not in reported:
            reported.add(j)
            yield i, j, f"both are described as {_clip(text.strip())!r}"
    # Near-identical descriptions whose differing words name the tools (enable_x / disable_x)
    # still tell the tools apart. A PPJoin similarity join: sets in order of size, words in
    # order of rarity; two sets with Jaccard >= t share a word among the first few of each,
    # and a candidate is dropped as soon as the words left cannot reach the overlap needed.
    # Exact duplicates (reported above) take part through their first occurrence only.
    freq: dict[str, int] = defaultdict(int)
    for s in sets:
        for w in s:
            freq[w] += 1
    full = sets
    if len(tools) >= 4:  # words in most descriptions (a shared preamble) tell no tool from another
        common = frozenset(w for w, n in freq.items() if n * 2 > len(tools))
        if common:
            sets = [s - common for s in sets]
    bit: dict[str, int] = {}
    masks = [_mask(s, bit) for s in sets]
    name_masks = [_mask(frozenset(words(name)), bit) for name, _ in tools]
    t = threshold
    index: dict[str, list[tuple[int, int]]] = defaultdict(list)
    best: dict[int, tuple[int, int, int]] = {}
    for x in sorted((j for j, s in enumerate(sets) if len(s) >= 4 and j not in reported), key=lambda j: (len(sets[j]), j)):
        s = sets[x]
        size = len(s)
        ordered = sorted(s, key=lambda w: (freq[w], w))
        overlap: dict[int, int] = {}
        for p, w in enumerate(ordered[: size - math.ceil(t * size) + 1]):
            for y, q in index[w]:
                seen = overlap.get(y, 0)
                if seen < 0:
                    continue
                other = len(sets[y])
                if other < t * size:
                    overlap[y] = -1
                    continue
                needed = math.ceil(t / (1 + t) * (size + other))
                overlap[y] = seen + 1 if seen + 1 + min(size - p - 1, other - q - 1) >= needed else -1
        for p, w in enumerate(ordered[: size - math.ceil(2 * t / (1 + t) * size) + 1]):
            index[w].append((x, p))
        mx, nx = masks[x], name_masks[x]
        for y, n in overlap.items():
            if n <= 0:
                continue
            my = masks[y]
            inter = (mx & my).bit_count()
            union = size + len(sets[y]) - inter
            if inter >= t * union and not (mx ^ my) & (nx | name_masks[y]) and told_apart(tools[x], tools[y], full[x], full[y], t) is None:
                i, j = min(x, y), max(x, y)
                if j not in best or i < best[j][0]:
                    best[j] = (i, inter, union)
    for j in sorted(best):
        i, inter, union = best[j]
        yield i, j, f"their descriptions share {inter} of {union} words ({_clip(tools[i][1].strip(), 40)!r})"


def told_apart(a: tuple[str, str], b: tuple[str, str], words_a: frozenset[str], words_b: frozenset[str], threshold: float) -> Optional[str]:
    """Why two tools whose descriptions share most words can still be told apart, or None:
    a description names the other tool (a boundary: "Prefer this tool over X"); the words
    that differ are a contrast (long-term / short-term, minimum / maximum); or the shared
    words come in another order ("Converts the gallon to liter" / "the liter to gallon")."""
    if a[0] in b[1] or b[0] in a[1]:
        return "boundary"
    only_a, only_b = words_a - words_b, words_b - words_a
    if any(frozenset((x, y)) in vocab.CONTRASTS for x in only_a for y in only_b):
        return "contrast"
    sa = [w for w in _summary(a[1]).split() if w in words_a]
    sb = [w for w in _summary(b[1]).split() if w in words_b]
    if (sa != sb and sorted(sa) == sorted(sb)) or difflib.SequenceMatcher(None, sa, sb, autojunk=False).ratio() < threshold:
        return "order"
    return None


def _mask(ws: frozenset[str], bit: dict[str, int]) -> int:
    m = 0
    for w in ws:
        b = bit.get(w)
        if b is None:
            b = bit[w] = 1 << len(bit)
        m |= b
    return m


def cross_tool_findings(tools: Sequence[tuple[str, str]], enabled_for: Callable[[int, str], bool]) -> list[Finding]:
    """T2S104 (shared names) and T2S010 (overlapping tools) over a list of ``(name, description)``."""
    out: list[Finding] = []
    seen: dict[str, int] = {}
    for j, (name, _) in enumerate(tools):
        i = seen.setdefault(name, j)
        if i != j and enabled_for(j, "T2S104"):
            out.append(
                Finding(
                    "T2S104",
                    "error",
                    name,
                    None,
                    f"two tools are named {name!r} (tools #{i + 1} and #{j + 1} of the list); the model can call only "
                    "one of them and a registry or provider rejects the request or keeps the wrong one",
                    "rename one of them with @tool(name=...), or leave the duplicate out of the list",
                )
            )
    if any(enabled_for(j, "T2S010") for j in range(len(tools))):
        for i, j, evidence in overlaps(tools):
            if tools[i][0] == tools[j][0] or not enabled_for(j, "T2S010"):
                continue
            other = tools[i][0]
            out.append(
                Finding(
                    "T2S010",
                    "warning",
                    tools[j][0],
                    None,
                    f"{tools[j][0]!r} overlaps {other!r}: {evidence}; the model cannot tell which one to call and "
                    "picks between them at random",
                    f"make the boundary explicit in both descriptions (what each is for, and 'for ... use {other} "
                    "instead'), or merge the two tools",
                )
            )
    return out
