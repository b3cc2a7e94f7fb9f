"""Per-rule precision and recall of ``tool2schema.lint`` on the corpus of real tools.

    python benchmarks/lint_corpus/score.py

Heuristic rules are scored against the hand labels of labels.json; the structural rules
(their definitions leave nothing to judge) against `oracle`, a separate reading of the
definitions in docs/lint.md that shares no code with the linter. A finding counts at
the level of the tool: the rule fires on the tool or not.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Iterator

HERE = Path(__file__).parent
HEURISTIC = ("T2S001", "T2S003", "T2S005", "T2S007", "T2S010")
STRUCTURAL = ("T2S002", "T2S004", "T2S006", "T2S008", "T2S009", "T2S011", "T2S012", "T2S013")
AMBIGUOUS = set("arg args data entity id ids info input item key kind name obj object param params payload record target thing type val value values".split())
FREE_TEXT = set("answer bio body comment comments content description detail details explanation feedback instructions message note notes prompt question reason remark remarks reply summary text".split())
COUNTS = set("count counts idx index indices limit num offset page pages qty quantity retries attempts".split())


def load() -> tuple[list[dict[str, Any]], dict[str, dict[str, str]]]:
    tools = json.loads((HERE / "real_tools.json").read_text(encoding="utf-8"))
    labels = json.loads((HERE / "labels.json").read_text(encoding="utf-8"))["labels"]
    return tools, labels


def _props(schema: dict[str, Any], depth: int = 0) -> Iterator[tuple[str, dict[str, Any], bool, int]]:
    """(name, schema, required, depth) of every property at every object level."""
    required = set(schema.get("required") or ())
    for name, prop in (schema.get("properties") or {}).items():
        if not isinstance(prop, dict):
            continue
        yield name, prop, name in required, depth
        for inner in _objects(prop):
            yield from _props(inner, depth + 1)


def _objects(prop: dict[str, Any]) -> Iterator[dict[str, Any]]:
    if isinstance(prop.get("properties"), dict):
        yield prop
    if isinstance(prop.get("items"), dict):
        yield from _objects(prop["items"])
    for key in ("anyOf", "oneOf"):
        for branch in prop.get(key) or ():
            yield from _objects(branch)


def _types(prop: dict[str, Any]) -> set[str]:
    t = prop.get("type")
    found = {t} if isinstance(t, str) else set(t or ())
    for key in ("anyOf", "oneOf"):
        for branch in prop.get(key) or ():
            found |= _types(branch)
    if "array" in found and isinstance(prop.get("items"), dict):
        found |= _types(prop["items"])
    return found


def _free_form(prop: dict[str, Any]) -> bool:
    if not {k for k in prop if k not in ("description", "title", "default")}:
        return True
    if prop.get("type") == "object" and not prop.get("properties"):
        extra = prop.get("additionalProperties")
        return extra is None or extra is True or extra == {}
    items = prop.get("items")
    return isinstance(items, dict) and prop.get("type") == "array" and _free_form(items)


def _words(name: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)]


def oracle(name: str, description: str, parameters: dict[str, Any]) -> set[str]:
    """The structural rules a tool breaks, read straight from their definitions."""
    found: set[str] = set()
    if not description.strip():
        found.add("T2S002")
    for pname, prop, required, depth in _props(parameters):
        types = _types(prop) - {"null"}
        nullable = "null" in _types(prop)
        items = prop.get("items") if isinstance(prop.get("items"), dict) else {}

        def has(*keys: str, prop: dict[str, Any] = prop, items: dict[str, Any] = items) -> bool:
            return any(k in prop or k in items for k in keys)

        if not (prop.get("description") or "").strip():
            found.add("T2S004")
        if types & {"integer", "number"} and not has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "enum", "const"):
            found.add("T2S006")
        if (required and nullable and "default" not in prop) or (not required and "default" not in prop):
            found.add("T2S008")
        if _free_form(prop):
            found.add("T2S009")
        if depth == 0 and pname.lower() in AMBIGUOUS:
            found.add("T2S011")
        words = _words(pname)
        if "string" in types and words and (pname.lower() in FREE_TEXT or words[-1] in FREE_TEXT) and not has("maxLength", "enum", "pattern", "format", "const"):
            found.add("T2S012")
        if "number" in types and "integer" not in types and set(words) & COUNTS:
            found.add("T2S013")
    return found


def score() -> dict[str, dict[str, float]]:
    sys.path.insert(0, str(HERE.parent.parent))
    from tool2schema import lint
    from tool2schema.linter.sources import read_definitions

    tools, labels = load()
    truth: dict[str, set[str]] = {}
    fired: dict[str, set[str]] = {}
    by_set: dict[str, list[dict[str, Any]]] = {}
    for entry in tools:
        by_set.setdefault(entry["set"], []).append(entry)
    for group, entries in by_set.items():
        findings = lint([e["tool"] for e in entries], select="T2S0")
        for index, entry in enumerate(entries):
            (written,) = read_definitions([entry["tool"]])
            w = written.written
            where = f"$[{index}]"
            fired[entry["id"]] = {f.code for f in findings if (f.location or "").startswith(where + ".") or f.location == where}
            truth[entry["id"]] = set(labels[entry["id"]]) | oracle(w.name, w.description, w.parameters)
            if not group.startswith("bfcl/"):  # T2S010 is scored on the BFCL sets only (see labels.json)
                fired[entry["id"]].discard("T2S010")
                truth[entry["id"]].discard("T2S010")
    table: dict[str, dict[str, float]] = {}
    for code in HEURISTIC + STRUCTURAL:
        tp = sum(1 for i in truth if code in truth[i] and code in fired[i])
        fp = sum(1 for i in truth if code not in truth[i] and code in fired[i])
        fn = sum(1 for i in truth if code in truth[i] and code not in fired[i])
        table[code] = {
            "positives": tp + fn, "tp": tp, "fp": fp, "fn": fn,
            "precision": tp / (tp + fp) if tp + fp else 1.0, "recall": tp / (tp + fn) if tp + fn else 1.0,
        }
    return table


HELD_OUT = ("T2S001", "T2S003", "T2S005", "T2S007")


def heldout() -> dict[str, dict[str, float]]:
    """Per-rule scores on heldout.json (85 real functions labelled before the linter ran on them)."""
    sys.path.insert(0, str(HERE.parent.parent))
    from tool2schema import lint

    entries = json.loads((HERE / "heldout.json").read_text(encoding="utf-8"))["tools"]
    findings = lint([e["tool"] for e in entries], select=",".join(HELD_OUT))
    fired: dict[int, set[str]] = {i: set() for i in range(len(entries))}
    for f in findings:
        index = int((f.location or "$[-1]").split("]")[0][2:])
        if index >= 0:
            fired[index].add(f.code)
    table: dict[str, dict[str, float]] = {}
    for code in HELD_OUT:
        tp = sum(1 for i, e in enumerate(entries) if code in e["labels"] and code in fired[i])
        fp = sum(1 for i, e in enumerate(entries) if code not in e["labels"] and code in fired[i])
        fn = sum(1 for i, e in enumerate(entries) if code in e["labels"] and code not in fired[i])
        table[code] = {
            "positives": tp + fn, "tp": tp, "fp": fp, "fn": fn,
            "precision": tp / (tp + fp) if tp + fp else 1.0, "recall": tp / (tp + fn) if tp + fn else 1.0,
        }
    return table


def planted() -> list[tuple[str, str, bool, bool]]:
    """``(case id, rule, expected, reported)`` for every planted defect and near miss."""
    sys.path.insert(0, str(HERE.parent.parent))
    from tool2schema import lint

    cases = json.loads((HERE / "planted.json").read_text(encoding="utf-8"))["cases"]
    out = []
    for case in cases:
        code = case["id"].split("/")[0].upper()
        tools = case["tool"] if isinstance(case["tool"], list) else [case["tool"]]
        reported = any(f.code == code for f in lint(tools, select=code))
        out.append((case["id"], code, code in case["expect"], reported))
    return out


def main() -> None:
    table = score()
    print("Real tools (276, labelled by hand; structural rules by the oracle):")
    print(f"{'rule':8} {'labelled':>8} {'tp':>4} {'fp':>4} {'fn':>4} {'precision':>9} {'recall':>7}")
    for code, row in table.items():
        print(f"{code:8} {row['positives']:>8} {row['tp']:>4} {row['fp']:>4} {row['fn']:>4} {row['precision']:>9.1%} {row['recall']:>7.1%}")
    print("Held-out real functions (85, BFCL live_simple, labelled before the linter ran on them):")
    for code, row in heldout().items():
        print(f"{code:8} {row['positives']:>8} {row['tp']:>4} {row['fp']:>4} {row['fn']:>4} {row['precision']:>9.1%} {row['recall']:>7.1%}")
    results = planted()
    wrong = [r for r in results if r[2] != r[3]]
    print(f"Planted defects and near misses: {len(results) - len(wrong)} of {len(results)} right")
    for case, code, expected, _ in wrong:
        print(f"  {case}: {code} {'missed' if expected else 'reported on a near miss'}")


if __name__ == "__main__":
    main()
