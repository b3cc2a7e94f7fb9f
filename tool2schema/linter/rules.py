"""The provider-neutral lint rules T2S001-T2S013 and T2S104.

Each rule reads a tool's name, its description and its canonical parameters JSON
Schema, and reports what is wrong, the evidence, why it hurts tool-calling accuracy,
and the fix. The heuristic rules fire only on the curated words of
`tool2schema.linter.vocabulary` and the patterns below, never on a guess.
"""

from __future__ import annotations

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
    the tool itself), ``message`` (what is wrong, the evidence, why it matters) and
    ``fix`` (what to write instead).
    """

    code: str
    severity: str
    tool: Optional[str]
    path: Optional[str]
    message: str
    fix: str


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
    if first in vocab.VERBS and len(ws) > 1:
        return
    if first in vocab.VERBS:
        evidence = f"{ctx.name!r} is a bare verb with no object"
        suggestion = f"{first}_<thing>, e.g. {first}_order"
    else:
        evidence = f"{ctx.name!r} does not start with an action verb ({first!r} is not in the verb list)"
        suggestion = f"get_{noun}"
    ctx.add(
        "T2S001",
        None,
        f"tool name is not a verb_noun action phrase: {evidence}; the name is the model's first signal for "
        "choosing a tool, and a name without its action leaves it to guess what calling the tool does",
        f"rename it to an action phrase such as {suggestion!r} (@tool(name=...)); get = one item, "
        "search/list = many, create/update/delete = change",
    )


# -- T2S002 / T2S003 ---------------------------------------------------------------
_WHEN = re.compile(r"\b(?:" + "|".join(vocab.WHEN_WORDS) + r")\b|n't\b|适用|使用|不要|请勿|仅", re.IGNORECASE)


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
    r"(?:\s+(?:are|is|include))?|\b(?:values|options|choices)(?=\s*[:：])|\b(?:must|can|should)\s+be(?:\s+one\s+of|\s+either)?"
    r"|可以是|可选值(?:为|是|有)?|取值(?:为|范围)?|可选)"
)
_ENUM_PATTERNS = (
    re.compile(rf"{_TRIGGER}\s*[:：(]?\s*(?P<list>{_LIST})", re.IGNORECASE),
    re.compile(rf"\beither\s+(?P<list>{_ITEM}\s+or\s+{_ITEM})\b", re.IGNORECASE),
    re.compile(rf"(?P<list>{_TOKEN}(?:\s*\|\s*{_TOKEN})+)"),
    re.compile(rf"(?P<list>{_Q}(?:{_SEP}{_Q})+)"),
    re.compile(r"\((?P<list>[A-Z][A-Z0-9_]+(?:\s*(?:,|/|\bor\b)\s*[A-Z][A-Z0-9_]+)+)\)"),
)
_EXAMPLE_CUE = re.compile(r"(?:e\.g\.|eg\.|for example|for instance|such as|like|例如|比如)\s*[:,]?\s*[\[({]?\s*$", re.IGNORECASE)
"""What introduces examples, not allowed values (also before a literal: ``e.g. ["home", "errands"]``)."""
_SEP_RE = re.compile(_SEP + r"|\s*\|\s*", re.IGNORECASE)
_LEADING = {"a", "an", "the", "more", "both", "these", "those", "them", "it", "other", "others", "any", "some", "several", "each"}
_NOT_VALUES = _LEADING | {"none", "all", "etc", "empty", "null", "blank", "omitted", "missing", "unset", "true", "false", "yes", "no"}


_ENUM_HINT = re.compile(
    r"[|'\"`‘“(]|one\s+of|any\s+of|values|options|choices|must\s+be|can\s+be|should\s+be|either|可以是|可选|取值", re.IGNORECASE
)


def prose_values(description: str) -> Optional[list[str]]:
    """The allowed values a description lists in prose, or ``None``."""
    if not _ENUM_HINT.search(description):
        return None
    for i, pattern in enumerate(_ENUM_PATTERNS):
        for m in pattern.finditer(description):
            before = description[max(0, m.start() - 24) : m.start()]
            if _EXAMPLE_CUE.search(before):
                continue
            raw = m.group("list")
            if i == 2:
                around = description[max(0, m.start() - 1) : m.start()] + description[m.end() : m.end() + 1]
                if "://" in raw or set(around) & set("()[]^$") or not re.search(r"[A-Za-z]", raw):
                    continue  # a regular expression, a URL or numbers, not a list of values
            items = [x for x in _SEP_RE.split(raw) if x.strip()]
            values = [_unquote(x.strip()) for x in items]
            values = [v for v in values if v]
            if len(values) < 2 or len(set(values)) < 2:
                continue
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
    values = prose_values(v.description)
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
    (re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,9}[-_](?:X{3,}|#{3,}|N{3,}|9{3,}|\d{4,})(?![\w-])"), "code"),
    (re.compile(r"\bE\.?164\b|\bUUID\b|\bISO[- ]?4217\b|\bISO[- ]?3166(?:-1)?(?:\s+alpha-?[23])?\b", re.IGNORECASE), "named"),
    (re.compile(r"\b\d+(?:\s*(?:-|to|–)\s*\d+)?[- ]digits?\b|\d+位数字", re.IGNORECASE), "digits"),
    (re.compile(r"格式为\S{2,}"), "named"),
)


def prose_format(description: str) -> Optional[tuple[str, str]]:
    """``(evidence, kind)`` for a format a description spells out in prose, or ``None``."""
    for pattern, kind in _FORMAT_PATTERNS:
        m = pattern.search(description)
        if m:
            text = m.group(0)
            if kind == "date" and pattern is _FORMAT_PATTERNS[0][0] and not re.search(r"YY|DD|HH|hh|:", text):
                continue  # "MM MM" is a unit, not a date format
            return text, kind
    return None


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
            f"{p.path!r} is required but accepts null (Optional[...] with no default); the model must always send it "
            "and, lacking a value, invents one or sends null where the tool expects a real value",
            "give it a default (Optional[X] = None) if it may be left out, or drop Optional if a value is always needed",
        )
    elif not p.required and "default" not in p.schema:
        ctx.add(
            "T2S008",
            p.path,
            f"{p.path!r} is optional but the schema gives no default (a TypedDict NotRequired/total=False field, or a "
            "default_factory hidden from the schema); the model cannot tell what leaving it out means, so it fills "
            "it with guesses",
            "give the field an explicit default (= None, or Field(default=...)), or make it required",
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
            if inter >= t * union and not (mx ^ my) & (nx | name_masks[y]):
                i, j = min(x, y), max(x, y)
                if j not in best or i < best[j][0]:
                    best[j] = (i, inter, union)
    for j in sorted(best):
        i, inter, union = best[j]
        yield i, j, f"their descriptions share {inter} of {union} words ({_clip(tools[i][1].strip(), 40)!r})"


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
