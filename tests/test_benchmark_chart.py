"""benchmarks/chart.py draws benchmarks/results.json, and the committed chart is up to date."""

from __future__ import annotations

import copy
import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_chart", ROOT / "benchmarks" / "chart.py")
assert spec and spec.loader
chart: Any = importlib.util.module_from_spec(spec)
spec.loader.exec_module(chart)

RESULTS = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))
SVG_NS = "{http://www.w3.org/2000/svg}"


def rows(svg: str) -> dict[tuple[str, str, str], tuple[float, str]]:
    """(group, metric, library) -> (bar width, label) for every bar of the chart."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{SVG_NS}g"):
        rect = g.find(f"{SVG_NS}rect")
        texts = g.findall(f"{SVG_NS}text")
        assert rect is not None
        out[(g.attrib["data-group"], g.attrib["data-metric"], g.attrib["data-library"])] = (float(rect.attrib["width"]), texts[1].text or "")
    return out


def test_committed_chart_is_drawn_from_committed_results(tmp_path: Path) -> None:
    out = tmp_path / "chart.svg"
    chart.main(["--results", str(ROOT / "benchmarks" / "results.json"), "--out", str(out)])
    committed = (ROOT / "docs" / "assets" / "benchmarks.svg").read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == committed, "run `python benchmarks/chart.py` to redraw docs/assets/benchmarks.svg"


def test_every_measurement_is_a_bar_with_its_median_and_ratio() -> None:
    bars = rows(chart.render(RESULTS))
    for group, metric, _ in chart.PANELS:
        for lib, cells in RESULTS["groups"][group].items():
            if metric not in cells:
                continue
            width, label = bars[(group, metric, lib)]
            assert label.startswith(chart.fmt_time(cells[metric]["median"]))
            ratio = cells[metric]["ratio_to_raw_pydantic"]
            if ratio is None:
                assert "×" not in label
            else:
                assert label.endswith(f"({ratio:.3g}× raw Pydantic)")
    # bar lengths are proportional to the medians within a panel
    imports = {lib: bars[("import", "import", lib)][0] for lib in RESULTS["groups"]["import"]}
    medians = {lib: cells["import"]["median"] for lib, cells in RESULTS["groups"]["import"].items()}
    slowest = max(medians, key=lambda lib: medians[lib])
    for lib, width in imports.items():
        assert abs(width / imports[slowest] - max(medians[lib] / medians[slowest], 1 / imports[slowest])) < 0.01


def test_chart_follows_the_results() -> None:
    changed = copy.deepcopy(RESULTS)
    changed["groups"]["dispatch"]["tool2schema-3"]["small_call"]["median"] = 2e-6
    label = rows(chart.render(changed))[("dispatch", "small_call", "tool2schema-3")][1]
    assert label.startswith("2.0 µs")
