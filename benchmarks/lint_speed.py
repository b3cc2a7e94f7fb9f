"""How long ``tool2schema.lint`` takes on 1,000 generated tools (target: under a second).

    python benchmarks/lint_speed.py [--tools 1000] [--rounds 5]

The tools come from benchmarks/gen.py (mixed signatures, nested models, enums, Google
docstrings). Their schemas are built first (that cost belongs to decoration and
``to_json``, measured by run.py); the time printed is the lint itself, every rule and
every format selected: median wall and CPU time over ``--rounds`` runs (CPU time is
the fairer number on a busy machine), plus the findings count. The same tools are then
linted as JSON definitions (a request body of Anthropic tools, as ``tool2schema lint
tools.json`` reads it), where every tool is read back from its provider format first.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gen  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tools", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    import tool2schema

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "lint_bench_tools.py"
        path.write_text(gen.generate(args.tools))
        spec = importlib.util.spec_from_file_location("lint_bench_tools", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["lint_bench_tools"] = module
        spec.loader.exec_module(module)
        tools = [tool2schema.tool(f) for f in module.FUNCTIONS]
        built = sum(len(t.schema.parameters) for t in tools)  # build once; lint reads the cached definitions
        assert built

        body = {"tools": [t.to_json("anthropic") for t in tools]}
        for label, target in (("Python tools", tools), ("JSON definitions", body)):
            times = []
            cpu = []
            findings = []
            for _ in range(args.rounds):
                start, start_cpu = time.perf_counter(), time.process_time()
                findings = tool2schema.lint(target)
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            print(
                f"lint {len(tools)} {label}: {statistics.median(times) * 1000:.0f} ms wall, {statistics.median(cpu) * 1000:.0f} ms CPU "
                f"(medians of {args.rounds}; best {min(times) * 1000:.0f} ms wall), {len(findings)} findings"
            )


if __name__ == "__main__":
    main()
