"""tool2schema 3 against raw Pydantic and its peers, side by side, in one run.

    python benchmarks/run.py [--rounds 3] [--sizes 100,1000,5000] [--peer-max 1000] [--json benchmarks/results.json]

Every measurement runs in a fresh process (benchmarks/worker.py); libraries are
interleaved within each round, and each ratio is taken to raw Pydantic measured in
the same round, then the median over rounds is printed (a Markdown report) and saved
as JSON (``--json``, read by benchmarks/chart.py). tool2schema 2.2.0 is
installed from PyPI into benchmarks/.cache and run with its own PYTHONPATH (its
package name is ours). A library missing from the environment is reported as such.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gen  # noqa: E402

V2 = HERE / ".cache" / "tool2schema-2.2.0"
LIBS = ["raw-pydantic", "tool2schema-3", "pydantic-ai", "openai-agents", "langchain-core", "google-genai", "tool2schema-2.2.0"]
IMPORT_LIBS = ["raw-pydantic", "pydantic+BaseModel", *LIBS[1:]]


def ensure_v2() -> bool:
    if (V2 / "tool2schema").is_dir():
        return True
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(V2), "tool2schema==2.2.0"],
        capture_output=True, text=True,
    )
    return proc.returncode == 0


def run_worker(lib: str, task: str, n: int, module_dir: str) -> dict[str, Any]:
    env = dict(os.environ)
    # every library is measured with its bytecode cached, as installed packages are: with
    # PYTHONDONTWRITEBYTECODE set, a source checkout (an editable install) compiles on every
    # import (tool2schema's import: 21.6 ms instead of 12.3 ms), an installed wheel does not
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if lib == "tool2schema-2.2.0":
        env["PYTHONPATH"] = str(V2)
        cwd = str(V2)
    else:
        cwd = str(HERE)
    proc = subprocess.run(
        [sys.executable, str(HERE / "worker.py"), lib, task, str(n), module_dir],
        capture_output=True, text=True, env=env, cwd=cwd, timeout=1800,
    )
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["failed"])[-1]
        return {"error": last[:160]}
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.1f} µs"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", default="100,1000,5000")
    parser.add_argument("--peer-max", type=int, default=1000, help="largest N the (slow) peers are run at")
    parser.add_argument("--libs", default=",".join(LIBS))
    parser.add_argument("--json", default=str(HERE / "results.json"), help="where to save the results as JSON ('' for nowhere)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    libs = args.libs.split(",")
    if "tool2schema-2.2.0" in libs and not ensure_v2():
        libs.remove("tool2schema-2.2.0")
    module_dir = tempfile.mkdtemp(prefix="t2s-bench-")
    for n in {*sizes, 1}:
        Path(module_dir, f"bench_tools_{n}.py").write_text(gen.generate(n))

    rows: dict[tuple[str, str, str], list[float]] = {}
    ratios: dict[tuple[str, str, str], list[float]] = {}
    notes: dict[str, str] = {}

    def record(group: str, lib: str, metric: str, value: float, base: float | None) -> None:
        rows.setdefault((group, lib, metric), []).append(value)
        if base:
            ratios.setdefault((group, lib, metric), []).append(value / base)

    for lib in IMPORT_LIBS:  # write each library's bytecode before anything is timed
        if lib in libs or lib == "pydantic+BaseModel":
            run_worker(lib, "import", 0, module_dir)
    for r in range(args.rounds):
        print(f"round {r + 1}/{args.rounds}", file=sys.stderr)
        # 1. import time
        imp = {lib: run_worker(lib, "import", 0, module_dir) for lib in IMPORT_LIBS if lib in libs or lib == "pydantic+BaseModel"}
        base_imp = imp.get("raw-pydantic", {}).get("seconds")
        for lib, res in imp.items():
            if "seconds" in res:
                record("import", lib, "import", res["seconds"], base_imp)
            else:
                notes[f"import {lib}"] = res.get("error", "")
        # 2-3, 5. build
        for n in sizes:
            results = {}
            for lib in libs:
                if n > args.peer_max and lib not in ("raw-pydantic", "tool2schema-3"):
                    continue
                results[lib] = run_worker(lib, "build", n, module_dir)
            base = results.get("raw-pydantic", {})
            for lib, res in results.items():
                if "error" in res:
                    notes[f"build N={n} {lib}"] = res["error"]
                    continue
                for metric in ("decorate", "first_schema", "decorate+first", "repeat_schema", "rss"):
                    record(f"N={n}", lib, metric, res[metric], base.get(metric))
                record(f"N={n}", lib, "decorate/signature", res["decorate"] / res["signature"], None)
                notes[f"fidelity {lib}"] = ", ".join(res["missing"]) or "complete"
        # 4. dispatch
        disp = {lib: run_worker(lib, "dispatch", 1, module_dir) for lib in libs}
        base_d = disp.get("raw-pydantic", {})
        for lib, res in disp.items():
            if res.get("unsupported"):
                notes[f"dispatch {lib}"] = "no dispatch API"
                continue
            for kind in ("small_call", "large_call"):
                if res.get(kind) is None:
                    notes[f"dispatch {kind} {lib}"] = res.get(f"{kind}_error", res.get("error", "failed"))
                    continue
                record("dispatch", lib, kind, res[kind], base_d.get(kind))

    saved: dict[str, Any] = {
        "meta": {
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "machine": platform.machine(),
            "cores": os.cpu_count(),
            "rounds": args.rounds,
        },
        "groups": {},
        "notes": dict(sorted(notes.items())),
    }
    print(f"# tool2schema benchmark — {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores, {args.rounds} rounds, medians\n")
    versions = run_versions(libs)
    saved["meta"]["versions"] = versions
    print("versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()) + "\n")
    groups = sorted({g for g, _, _ in rows}, key=lambda g: (g != "import", g != "dispatch", int(g[2:]) if g.startswith("N=") else 0))
    for group in groups:
        metrics = sorted({m for g, _, m in rows if g == group}, key=lambda m: ["import", "decorate", "decorate/signature", "first_schema", "decorate+first", "repeat_schema", "rss", "small_call", "large_call"].index(m))
        print(f"## {group}\n")
        print("| library | " + " | ".join(metrics) + " |")
        print("|---|" + "---|" * len(metrics))
        for lib in [*IMPORT_LIBS]:
            if not any((group, lib, m) in rows for m in metrics):
                continue
            cells = []
            for m in metrics:
                vals = rows.get((group, lib, m))
                if not vals:
                    cells.append("—")
                    continue
                med = statistics.median(vals)
                rat = ratios.get((group, lib, m))
                saved["groups"].setdefault(group, {}).setdefault(lib, {})[m] = {
                    "median": med,
                    "unit": "bytes" if m == "rss" else ("ratio" if m == "decorate/signature" else "seconds"),
                    "ratio_to_raw_pydantic": statistics.median(rat) if rat and lib != "raw-pydantic" else None,
                }
                text = f"{med / 2**20:.1f} MiB" if m == "rss" else (f"{med:.2f}×" if m == "decorate/signature" else fmt_time(med))
                if rat and lib != "raw-pydantic":
                    text += f" ({statistics.median(rat):.3g}×)"
                cells.append(text)
            print(f"| {lib} | " + " | ".join(cells) + " |")
        print()
    print("## notes\n")
    for k, v in sorted(notes.items()):
        print(f"- {k}: {v}")
    if args.json:
        Path(args.json).write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"results saved to {args.json}; chart: python benchmarks/chart.py", file=sys.stderr)


def run_versions(libs: list[str]) -> dict[str, str]:
    from importlib import metadata

    names = {"pydantic": "pydantic", "tool2schema-3": "tool2schema", "pydantic-ai": "pydantic-ai-slim", "openai-agents": "openai-agents",
             "langchain-core": "langchain-core", "google-genai": "google-genai"}
    out = {}
    for label, dist in names.items():
        try:
            out[label] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[label] = "not installed"
    if "tool2schema-2.2.0" in libs:
        out["tool2schema-2.2.0"] = "2.2.0"
    return out


if __name__ == "__main__":
    main()
