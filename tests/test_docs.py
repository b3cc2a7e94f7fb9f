"""Every ```python block of the documentation runs.

For each Markdown file (README.md and everything under docs/), its ```python blocks
are executed in order in one fresh namespace, with the repository root as the
working directory and nothing added to ``sys.path`` (as a reader of a fresh clone runs
them: ``from examples import weather_tools``): one test per file, so a new page is
picked up without touching this file. A block fenced as ```python notest is
skipped (keep those few). No block may use top-level ``await``: a reader pastes blocks
into scripts, so they show the ``asyncio.run`` form.

A failure names the file, the line of the failing block and the exception, and the
traceback points at the Markdown line that raised.
"""

from __future__ import annotations

import asyncio
import inspect
import re
import sys
import traceback
import types
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import tool2schema

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
MAX_NOTEST = 8  # "keep them few": raise only with a reason


@dataclass
class Block:
    path: Path
    line: int  # 1-based line of the first code line
    info: str
    source: str

    @property
    def language(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    @property
    def runnable(self) -> bool:
        return self.language == "python" and "notest" not in self.info.split()[1:]

    @property
    def notest(self) -> bool:
        return self.language == "python" and "notest" in self.info.split()[1:]


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(path: Path) -> list[Block]:
    """The fenced code blocks of a Markdown file (fences may be indented, e.g. in lists)."""
    out: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group("indent"), m.group("fence"), m.group("info").strip()
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not re.match(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", lines[j]):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        out.append(Block(path, i + 2, info, "\n".join(body) + "\n"))
        i = j + 1
    return out


def run_file(path: Path) -> int:
    """Run the file's python blocks in one namespace; return how many ran."""
    # A real module, so that annotations of functions and classes a page defines resolve.
    module = types.ModuleType("docs_" + re.sub(r"\W", "_", path.stem))
    module.__file__ = str(path)
    sys.modules[module.__name__] = module
    namespace = module.__dict__
    ran = 0
    try:
        for block in blocks(path):
            if not block.runnable:
                continue
            rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            # Pad with newlines so tracebacks give the Markdown file's own line numbers.
            source = "\n" * (block.line - 1) + block.source
            try:
                code = compile(source, str(rel), "exec")  # no top-level await: a reader pastes blocks into scripts
                with warnings.catch_warnings():
                    warnings.simplefilter("error", tool2schema.ToolDefinitionWarning)
                    result = eval(code, namespace)
                    if inspect.iscoroutine(result):
                        asyncio.run(result)
            except BaseException as exc:  # noqa: BLE001 - reported with its location
                tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                pytest.fail(f"{rel}: the ```python block at line {block.line} failed: {type(exc).__name__}: {exc}\n\n{tb}", pytrace=False)
            ran += 1
    finally:
        sys.modules.pop(module.__name__, None)
    return ran


@pytest.fixture
def docs_env(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.chdir(ROOT)  # as a reader runs them: from the root of a fresh clone, nothing added to sys.path
    tool2schema.CONFIG.reset_default()
    yield
    tool2schema.CONFIG.reset_default()


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_markdown_file_runs(path: Path, docs_env: None) -> None:
    run_file(path)


def test_notest_blocks_are_few() -> None:
    skipped = [f"{b.path.relative_to(ROOT)}:{b.line}" for p in markdown_files() for b in blocks(p) if b.notest]
    assert len(skipped) <= MAX_NOTEST, f"{len(skipped)} ```python notest blocks (max {MAX_NOTEST}): {skipped}"


def test_runner_reports_file_line_and_exception(tmp_path: Path, docs_env: None) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n```python\nx = 1\n```\n\ntext\n\n```python notest\nraise SystemExit\n```\n\n"
        "```python\nassert x == 1\ny = {}['missing']\n```\n",
        encoding="utf-8",
    )
    with pytest.raises(pytest.fail.Exception) as info:
        run_file(page)
    message = str(info.value)
    assert "page.md" in message and "line 14" in message and "KeyError" in message
    assert 'page.md", line 15' in message  # the traceback points at the Markdown line


def test_runner_runs_indented_blocks_and_refuses_top_level_await(tmp_path: Path, docs_env: None) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "- item\n\n    ```python\n    import asyncio\n    value = asyncio.run(asyncio.sleep(0, result=7))\n    ```\n\n"
        "```python\nassert value == 7\n```\n",
        encoding="utf-8",
    )
    assert run_file(page) == 2
    awaiting = tmp_path / "await.md"
    awaiting.write_text("```python\nimport asyncio\nvalue = await asyncio.sleep(0)\n```\n", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match="'await' outside function"):
        run_file(awaiting)


def test_examples_import_from_a_fresh_clone_root() -> None:
    """What the docs' blocks import from examples/ works as a reader runs it: from the root, nothing on PYTHONPATH."""
    import subprocess

    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", "from examples import weather_tools; from examples.sdk_check import check; print(len(weather_tools.__name__))"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_the_home_page_code_fits_its_width() -> None:
    """The home page's code blocks do not scroll sideways (the site shows about 88 characters)."""
    long = [f"line {b.line + i + 1}: {len(text)} characters" for b in blocks(ROOT / "docs" / "index.md")
            for i, text in enumerate(b.source.splitlines()) if len(text) > 88]
    assert not long, long
