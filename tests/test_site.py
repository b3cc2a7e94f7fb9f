"""The documentation site builds (mkdocs --strict) and its pages render what they promise.

Skipped when the docs extra is not installed (`pip install -e ".[docs]"`). The site is
built once into a temporary directory; the checks read the built HTML: the page
title, the navigation, code blocks (the provider schemas generated at build time
included) and the API reference's signatures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("material")
pytest.importorskip("mkdocstrings")
pytest.importorskip("markdown_exec")

ROOT = Path(__file__).resolve().parent.parent


class Page(HTMLParser):
    """The parts of a built page the checks read."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.title = ""
        self.nav_links: list[str] = []
        self.code_blocks: list[str] = []
        self.signatures: list[str] = []
        self._stack: list[tuple[str, set[str]]] = []
        self._in_title = False
        self._code: list[str] | None = None
        self._sig: list[str] | None = None
        self._sig_depth = 0
        self.feed(html)

    def _inside(self, cls: str) -> bool:
        return any(cls in classes for _, classes in self._stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        if tag == "title":
            self._in_title = True
        if tag == "a" and self._inside("md-nav") and a.get("href"):
            self.nav_links.append(a["href"] or "")
        if tag == "code" and self._stack and self._stack[-1][0] == "pre":
            self._code = []
        if "doc-signature" in classes and self._sig is None:
            self._sig = []
            self._sig_depth = len(self._stack)
        if tag not in ("br", "img", "input", "meta", "link", "hr"):
            self._stack.append((tag, classes))

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag == "code" and self._code is not None:
            self.code_blocks.append("".join(self._code))
            self._code = None
        while self._stack:
            open_tag, _ = self._stack.pop()
            if open_tag == tag:
                break
        if self._sig is not None and len(self._stack) <= self._sig_depth:
            self.signatures.append(" ".join("".join(self._sig).split()))
            self._sig = None

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if self._code is not None:
            self._code.append(data)
        if self._sig is not None:
            self._sig.append(data)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])), NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}"
    return out


def page(site: Path, path: str) -> Page:
    file = site / path / "index.html" if path else site / "index.html"
    assert file.is_file(), f"{file} was not built"
    return Page(file.read_text(encoding="utf-8"))


def test_home_page(site: Path) -> None:
    home = page(site, "")
    assert home.title.strip() == "tool2schema"
    for target in ("getting-started/", "providers/anthropic/", "reference/registry/", "benchmarks/"):
        assert any(link.endswith(target) for link in home.nav_links), f"navigation has no link to {target}"
    assert any("@tool(tags=[\"weather\"])" in block and "registry.dispatch(" in block for block in home.code_blocks)
    html = (site / "index.html").read_text(encoding="utf-8")
    for feature in ("navigation.tabs", "content.code.copy", "search.suggest"):
        assert feature in html, f"theme feature {feature} is not enabled"
    assert "Switch to dark mode" in html  # the palette toggle
    assert (site / "search" / "search_index.json").is_file()


def test_provider_page_shows_the_schema_generated_at_build(site: Path) -> None:
    anthropic_page = page(site, "providers/anthropic")
    assert anthropic_page.title.startswith("Anthropic")
    generated = []
    for block in anthropic_page.code_blocks:
        try:
            generated.append(json.loads(block))
        except ValueError:
            continue
    schemas = [value for value in generated if isinstance(value, list) and value and "input_schema" in value[0]]
    assert schemas, "no generated Anthropic schema on the page"
    tool_schema = schemas[0][0]
    assert tool_schema["name"] == "get_weather"
    assert tool_schema["input_schema"]["required"] == ["location"]
    assert tool_schema["input_schema"]["properties"]["units"]["enum"] == ["celsius", "fahrenheit"]
    assert any("registry.dispatch_all(response)" in block for block in anthropic_page.code_blocks)


def test_api_reference_renders_signatures(site: Path) -> None:
    reference = page(site, "reference/registry")
    dispatch = [s for s in reference.signatures if s.startswith("dispatch(")]
    assert dispatch, f"no signature of ToolRegistry.dispatch among {reference.signatures[:5]}"
    assert "call: Any" in dispatch[0] and "context:" in dispatch[0] and "ToolResult" in dispatch[0]
    tools = page(site, "reference/tools")
    assert any(s.startswith("to_json(") and "format:" in s and "strict:" in s for s in tools.signatures)
    errors = (site / "reference" / "errors" / "index.html").read_text(encoding="utf-8")
    for name in ("Tool2SchemaError", "ToolDefinitionError", "SchemaFormatError", "ToolCallError", "ParseException"):
        assert f'id="tool2schema.{name}"' in errors


def test_benchmark_chart_is_published(site: Path) -> None:
    svg = (site / "assets" / "benchmarks.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and 'data-library="tool2schema-3"' in svg
    assert "assets/benchmarks.svg" in (site / "benchmarks" / "index.html").read_text(encoding="utf-8")


def test_no_sphinx_role_is_left_as_raw_text(site: Path) -> None:
    """Docstrings cross-reference with the renderer's syntax (``[Tool][tool2schema.Tool]``),
    never a Sphinx role that the site would show as ``:class:Tool``."""
    import re

    role = re.compile(r":(class|meth|func|mod|data|attr|exc|obj):(`|<code>|[\w.~])")
    raw = [f"{page.relative_to(site)}: {m.group(0)}" for page in site.rglob("*.html") for m in role.finditer(page.read_text(encoding="utf-8"))]
    assert not raw, raw[:20]
    reference = (site / "reference" / "registry" / "index.html").read_text(encoding="utf-8")
    assert 'href="../tools/#tool2schema.Tool' in reference or "#tool2schema.registry.ToolRegistry.dispatch" in reference


def test_no_docstring_uses_a_sphinx_role() -> None:
    import re

    role = re.compile(r":(class|meth|func|mod|data|attr|exc|obj):`")
    found = [f"{p.relative_to(ROOT)}:{i}" for p in (ROOT / "tool2schema").rglob("*.py")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if role.search(line)]
    assert not found, found
