"""Draw the benchmark results as an SVG bar chart (no plotting library needed).

    python benchmarks/chart.py [--results benchmarks/results.json] [--out docs/assets/benchmarks.svg]

Reads the JSON that benchmarks/run.py saves and writes one panel per measurement
(import time, decorate + first schema for 1,000 tools, dispatch of a small and of a
large call): a bar per library, labelled with the median and its ratio to raw Pydantic
measured in the same rounds. The output is deterministic, so the committed chart can be
checked against the committed results.
"""

from __future__ import annotations

import argparse
import json
import sys
from html import escape
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from run import fmt_time  # noqa: E402  the times read as in run.py's tables

# (group, metric, panel title)
PANELS = [
    ("import", "import", "import time"),
    ("N=1000", "decorate+first", "decorate 1,000 tools + first schema of each"),
    ("dispatch", "small_call", "dispatch a small JSON-string call"),
    ("dispatch", "large_call", "dispatch a large JSON-string call"),
]
ORDER = ["raw-pydantic", "pydantic+BaseModel", "tool2schema-3", "pydantic-ai", "openai-agents", "langchain-core", "google-genai", "tool2schema-2.2.0"]
COLOURS = {"tool2schema-3": "#3f51b5", "raw-pydantic": "#455a64"}
OTHER = "#b0bec5"

WIDTH = 960
LABEL_W = 170
VALUE_W = 200
ROW_H = 22
BAR_H = 14
TITLE_H = 30
GAP = 18
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"


def fmt_ratio(ratio: float) -> str:
    return f"{ratio:.3g}× raw Pydantic"


def panel_rows(results: dict[str, Any], group: str, metric: str) -> list[tuple[str, float, float | None]]:
    libs = results["groups"].get(group, {})
    rows = []
    for lib in sorted(libs, key=lambda name: ORDER.index(name) if name in ORDER else len(ORDER)):
        cell = libs[lib].get(metric)
        if cell is not None:
            rows.append((lib, float(cell["median"]), cell.get("ratio_to_raw_pydantic")))
    return rows


def render(results: dict[str, Any]) -> str:
    meta = results.get("meta", {})
    parts: list[str] = []
    y = 44
    for group, metric, title in PANELS:
        rows = panel_rows(results, group, metric)
        if not rows:
            continue
        top = max(value for _, value, _ in rows)
        parts.append(f'<text x="16" y="{y + 18}" class="title">{escape(title)}</text>')
        y += TITLE_H
        bar_max = WIDTH - LABEL_W - VALUE_W - 32
        for lib, value, ratio in rows:
            length = max(1.0, bar_max * value / top)
            colour = COLOURS.get(lib, OTHER)
            weight = ' font-weight="600"' if lib == "tool2schema-3" else ""
            label = fmt_time(value) + (f" ({fmt_ratio(ratio)})" if ratio is not None else "")
            parts.append(
                f'<g class="row" data-library="{escape(lib)}" data-metric="{escape(metric)}" data-group="{escape(group)}">'
                f'<text x="{LABEL_W}" y="{y + BAR_H - 2}" text-anchor="end" class="lib"{weight}>{escape(lib)}</text>'
                f'<rect x="{LABEL_W + 8}" y="{y}" width="{length:.1f}" height="{BAR_H}" rx="2" fill="{colour}"/>'
                f'<text x="{LABEL_W + 14 + length:.1f}" y="{y + BAR_H - 2}" class="value"{weight}>{escape(label)}</text>'
                "</g>"
            )
            y += ROW_H
        y += GAP
    caption = (
        f"Medians of {meta.get('rounds', '?')} rounds, {meta.get('python', '')}, {meta.get('machine', '')}, "
        f"{meta.get('cores', '?')} cores; every measurement in a fresh process. Shorter is better."
    )
    height = y + 18
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
        f'role="img" aria-labelledby="chart-title">\n'
        f"<style>text{{font-family:{FONT};font-size:12px;fill:#263238}}"
        ".title{font-size:14px;font-weight:600}.heading{font-size:16px;font-weight:700}.caption{fill:#546e7a}</style>\n"
        f'<rect width="{WIDTH}" height="{height}" rx="8" fill="#ffffff"/>\n'
        '<text id="chart-title" x="16" y="26" class="heading">tool2schema 3 and its peers, side by side</text>\n'
    )
    body = "\n".join(parts)
    foot = f'\n<text x="16" y="{height - 12}" class="caption">{escape(caption)}</text>\n</svg>\n'
    return head + body + foot


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--results", default=str(HERE / "results.json"))
    parser.add_argument("--out", default=str(ROOT / "docs" / "assets" / "benchmarks.svg"))
    args = parser.parse_args(argv)
    results = json.loads(Path(args.results).read_text(encoding="utf-8"))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(results), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
