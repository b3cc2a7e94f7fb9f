"""The curated word lists the heuristic lint rules read.

Every list here is documented word for word in docs/lint.md; a rule fires only on
these words, never on a guess, so that a clean tool set lints clean in CI.
"""

from __future__ import annotations

# T2S001: a tool name must start with one of these verbs and name a thing after it.
VERBS: frozenset[str] = frozenset(
    """
    accept acknowledge adopt assess audit bid borrow buy choose greet hash lend pick rent say speak sum tell toggle walk
    paint wait activate add adjust allocate analyze analyse annotate answer append apply approve archive
    ask assign attach authenticate authorize autocomplete backup ban block book bookmark broadcast browse build
    calculate call cancel capture categorize change charge chat check checkout classify clean clear clone close
    collect comment commit compare compile complete compose compress compute configure confirm connect convert
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

# T2S003: words that tell the model when (or when not) to use a tool.
WHEN_WORDS: tuple[str, ...] = (
    "use",
    "used",
    "using",
    "call",
    "when",
    "whenever",
    "if",
    "unless",
    "only",
    "instead",
    "before",
    "after",
    "rather",
    "not",
    "never",
    "avoid",
    "prefer",
)

# T2S010: words too common to tell two descriptions apart.
STOPWORDS: frozenset[str] = frozenset(
    """
    a an and are as at be by can for from has have in into is it its of on or that the their them this
    to was were which will with you your
    """.split()
)
