"""docs/output.md runs: every ```python block, in order, in one namespace (the docs
convention), from the repository root."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "output.md"


def blocks(text: str) -> list[str]:
    return [m.group(2) for m in re.finditer(r"^```python( notest)?\n(.*?)^```", text, re.S | re.M) if not m.group(1)]


def test_output_docs_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    found = blocks(DOC.read_text())
    assert len(found) >= 10
    namespace: dict[str, object] = {"__name__": "docs_output"}
    for i, code in enumerate(found):
        exec(compile(code, f"{DOC.name}[block {i + 1}]", "exec", dont_inherit=True), namespace)  # noqa: S102 - the docs are code
    assert os.getcwd() == str(ROOT)


def test_readme_links_the_output_docs() -> None:
    assert "(docs/output.md)" in (ROOT / "README.md").read_text()
