"""The word lists the heuristic lint rules read.

Every curated list here is documented word for word in docs/lint.md. T2S001 also
reads an English verb lexicon shipped as package data (``english_verbs.txt``,
6,470 verbs from lemminflect 0.2.3, MIT), loaded on first use.
"""

from __future__ import annotations

import functools
from importlib import resources

# T2S001: verbs common in tool names, accepted whatever else the word can be (``file``,
# ``order``, ``email`` are nouns too) and including tool jargon no dictionary lists
# (``geocode``, ``upsert``, ``autocomplete``).
VERBS: frozenset[str] = frozenset(
    """
    accept acknowledge adopt assess audit bid borrow buy choose greet hash lend pick rent say speak sum tell toggle walk
    paint wait activate add adjust allocate analyze analyse annotate answer append apply approve archive
    ask assign attach authenticate authorize autocomplete backup ban block book bookmark broadcast browse build
    calculate call cancel capture categorize change charge chat check checkout classify clean clear clone close
    collect comment commit compare compile complete compose compress compute concat configure confirm connect convert
    copy count crawl create crop debug decline decode decrypt deduplicate delete deploy describe detect diagnose
    diff disable disconnect dismiss dispatch download draft draw duplicate edit email embed enable encode encrypt
    end enqueue enrich escalate estimate evaluate execute expand explain export extend extract fetch file fill
    filter find finish flag follow forecast fork format forward generate geocode get give grant group hide
    highlight hold identify ignore import index inspect install invite invoice issue join label launch like link
    list load locate lock log login logout lookup look mark measure merge message migrate mint monitor mount move
    mute notify normalize obtain open optimize order paginate parse patch pause pay pin ping place plan play plot
    poll post predict preview print prioritize profile publish pull purchase purge push put query queue quote
    rank rate read reassign rebuild recall receive recommend reconcile record redact redeem redo refresh refund
    register reject release reload remind remove rename render renew reopen reorder repair replace reply report
    request reschedule reserve reset resize resolve restart restore resume retrieve retry return revert review
    revoke rollback rotate route run save scan schedule score scrape search select sell send set share shorten
    show shutdown sign simulate skip snooze solve sort split start stop store stream submit subscribe suggest
    summarize summarise suspend swap switch sync tag take test text track trade transcribe transfer transform
    translate trigger truncate undo unarchive unassign unban unblock unfollow uninstall unlink unlock unmute unpin
    unsubscribe update upgrade upload upsert validate verify view vote watch withdraw write zip
    """.split()
)



@functools.lru_cache(maxsize=1)
def english_verbs() -> tuple[frozenset[str], frozenset[str]]:
    """``(verbs, dual)``: the lexicon's verbs, and those of them that are also nouns or
    adjectives (``scale``, ``stock``, ``weather``), read once from the package data."""
    text = resources.files(__package__).joinpath("english_verbs.txt").read_text(encoding="utf-8")
    verbs: set[str] = set()
    dual: set[str] = set()
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        word = line.rstrip("*")
        verbs.add(word)
        if line.endswith("*"):
            dual.add(word)
    return frozenset(verbs), frozenset(dual)


def verb_forms(word: str) -> tuple[str, ...]:
    """The lemmas an inflected word may come from: ``scales`` -> ``scales, scale, scal``;
    ``scaling`` -> ``scaling, scal, scale``; ``retrieves`` -> ..., ``retrieve``."""
    forms = [word]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    if word.endswith("ing"):
        forms += [word[:-3], word[:-3] + "e", word[:-4]]
    if word.endswith("ed"):
        forms += [word[:-2], word[:-1], word[:-3]]
    if word.endswith("ied"):
        forms.append(word[:-3] + "y")
    return tuple(forms)


# T2S001: a name ending in one of these has its action last (``issue_read``, ``projects_write``).
TRAILING_VERBS: frozenset[str] = frozenset({"read", "write"})

# T2S001: a verb followed by one of these is a prefix (``message_get_login_status``).
CRUD_VERBS: frozenset[str] = frozenset("get list set create update delete read write add remove".split())

# T2S001: a noun-and-verb first word (``core``, ``ticket``) is a noun when one of these follows.
LATER_VERBS: frozenset[str] = CRUD_VERBS | frozenset("clear replace retrieve search append login logout".split())

# T2S001: a word is a verb also with one of these prefixes (``unstar``, ``reprioritize``).
VERB_PREFIXES: tuple[str, ...] = ("un", "re", "de", "dis", "pre")

# T2S001: first words of a description that speak about the tool, not its action.
META_WORDS: frozenset[str] = frozenset({"use", "call", "invoke", "run", "this", "the", "a", "an", "tool", "function", "it"})

# T2S001: a name that starts with a noun-and-verb word of VERBS (``order_status``) is read
# as a noun when its description starts with one of these ("Gets the status of an order").
LOOKUP_VERBS: frozenset[str] = frozenset(
    "get fetch retrieve return provide show display give list look lookup find search query check obtain read".split()
)

# T2S001: verbs that carry no information about what the tool does.
VAGUE_VERBS: frozenset[str] = frozenset({"process", "handle", "do", "manage", "perform", "execute_action", "run_action"})

# T2S010: tools whose names differ only by verbs of one group do the same thing.
SYNONYM_VERBS: tuple[frozenset[str], ...] = (
    frozenset({"get", "fetch", "retrieve", "read", "obtain", "load"}),
    frozenset({"search", "find", "query", "lookup"}),
    frozenset({"create", "add", "make", "insert", "new"}),
    frozenset({"update", "edit", "modify", "change"}),
    frozenset({"delete", "remove", "destroy", "erase", "drop"}),
    frozenset({"calculate", "compute"}),
)

# T2S011: top-level parameter names that say nothing about which thing they are.
AMBIGUOUS_NAMES: frozenset[str] = frozenset(
    """
    arg args data entity id ids info input item key kind name obj object param params payload record
    target thing type val value values
    """.split()
)

# T2S012: a string parameter whose name (or its last word) is one of these holds free text.
FREE_TEXT_WORDS: frozenset[str] = frozenset(
    """
    answer bio body comment comments content description detail details explanation feedback instructions
    message note notes prompt question reason remark remarks reply summary text
    """.split()
)

# T2S013: a number parameter whose name has one of these words counts or indexes something.
COUNT_WORDS: frozenset[str] = frozenset(
    """
    count counts idx index indices limit num offset page pages qty quantity retries attempts
    """.split()
)

# T2S003: phrases that tell the model when (or when not) to use a tool. A word alone
# ("if", "when", "use") is not enough: "use 'page' to paginate" or "when repo is omitted"
# explain a parameter, not when to pick the tool.
WHEN_CUES: tuple[str, ...] = (
    r"\b(?:use|call|invoke|choose|pick|select|try) (?:this|it|me)\b",
    r"\bthis (?:tool|function) (?:is|should be|must be|can be) (?:used|called)\b",
    r"\b(?:useful|best|ideal|perfect|good|great|recommended|intended|designed|meant|suitable|helpful) (?:for|when|to|if|in)\b",
    r"\bcan help (?:with|you)\b",
    r"\bprefer\b",
    r"\binstead\b",
    r"\brather than\b",
    r"\b(?:do not|don't|never|not|avoid|cannot) (?:use|call|using|calling)\b",
    r"\bonly (?:use|call|when|if|for|after|before|in|on|with)\b",
    r"\b(?:when|whenever|if|once|after|before|until|unless|as soon as) (?:the |a )?(?:user|you|asked|caller|customer|model|assistant)\b",
    r"\buse (?:the )?[`'\"]?[\w.-]+[`'\"]? (?:tool|function)\b",
    r"\b(?:before|after) (?:calling|using|you call)\b",
    r"适用|使用(?:此|本|该)?(?:工具|函数)|不要|请勿|仅",
)

# T2S010: two descriptions that differ by one of these pairs state what tells the tools apart.
CONTRASTS: frozenset[frozenset[str]] = frozenset(
    frozenset(pair.split("/"))
    for pair in """
    long/short min/max minimum/maximum first/last start/end begin/end open/close read/write input/output
    upper/lower public/private local/remote before/after older/newer oldest/newest add/remove enable/disable
    lock/unlock follow/unfollow star/unstar archival/core incoming/outgoing sent/received buy/sell
    increase/decrease ascending/descending asc/desc daily/weekly weekly/monthly monthly/yearly
    """.split()
)

# T2S010: words too common to tell two descriptions apart.
STOPWORDS: frozenset[str] = frozenset(
    """
    a an and are as at be by can for from has have in into is it its of on or that the their them this
    to was were which will with you your
    """.split()
)
