"""The linter against a labelled corpus of real tool definitions (benchmarks/lint_corpus):
276 tools from two public projects, each labelled by hand for the heuristic rules, the
structural rules checked against an oracle written from their definitions, plus planted
defects and near misses for every rule. Per rule, precision and recall have floors."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

CORPUS = Path(__file__).resolve().parent.parent / "benchmarks" / "lint_corpus"
PRECISION_FLOOR = 0.95
RECALL_FLOOR = 0.90


def _score_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lint_corpus_score", CORPUS / "score.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCORE = _score_module()
TABLE = SCORE.score()


def test_the_corpus_is_real_labelled_and_large_enough() -> None:
    tools, labels = SCORE.load()
    assert len(tools) >= 200
    assert len({t["id"] for t in tools}) == len(tools)
    assert set(labels) == {t["id"] for t in tools}  # every tool labelled (an empty label: no heuristic rule should fire)
    assert all(t["source"].startswith("https://github.com/") and t["license"] for t in tools)
    assert len({t["set"] for t in tools}) >= 10
    for label in labels.values():
        assert set(label) <= set(SCORE.HEURISTIC) and all(isinstance(why, str) and why for why in label.values())


@pytest.mark.parametrize("code", list(SCORE.HEURISTIC + SCORE.STRUCTURAL))
def test_precision_and_recall_floors(code: str) -> None:
    row = TABLE[code]
    assert row["precision"] >= PRECISION_FLOOR, row
    assert row["recall"] >= RECALL_FLOOR, row


HELD_OUT = SCORE.heldout()


@pytest.mark.parametrize("code", list(SCORE.HELD_OUT))
def test_held_out_precision_and_recall_floors(code: str) -> None:
    """The same floors on 85 other real functions, labelled before the linter ran on them."""
    row = HELD_OUT[code]
    assert row["positives"] >= 2
    assert row["precision"] >= PRECISION_FLOOR, row
    assert row["recall"] >= RECALL_FLOOR, row


def test_every_rule_has_real_positives_or_planted_ones() -> None:
    results = SCORE.planted()
    planted = {code for _, code, expected, _ in results if expected}
    near_misses = {code for _, code, expected, _ in results if not expected}
    rules = set(SCORE.HEURISTIC + SCORE.STRUCTURAL)
    assert planted == rules  # a planted defect for every rule
    assert near_misses >= set(SCORE.HEURISTIC) | {"T2S004", "T2S006", "T2S008", "T2S009", "T2S011", "T2S012", "T2S013"}


@pytest.mark.parametrize("case", SCORE.planted(), ids=lambda c: c[0])
def test_planted_defects_are_found_and_near_misses_pass(case: tuple[str, str, bool, bool]) -> None:
    case_id, code, expected, reported = case
    assert reported == expected, f"{case_id}: {code} {'missed' if expected else 'reported on a near miss'}"


def test_oracle_disagrees_with_a_broken_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The score can fail: with T2S013's word list emptied, its recall drops to zero."""
    from tool2schema.linter import vocabulary

    monkeypatch.setattr(vocabulary, "COUNT_WORDS", frozenset())
    assert SCORE.score()["T2S013"]["recall"] == 0.0


def test_labels_file_is_valid_json_with_a_note() -> None:
    data = json.loads((CORPUS / "labels.json").read_text(encoding="utf-8"))
    assert "by hand" in data["note"].lower() or "hand labels" in data["note"].lower()
