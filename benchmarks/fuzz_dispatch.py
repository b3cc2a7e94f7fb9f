"""Fuzz ``ToolRegistry.dispatch``/``dispatch_all`` with hostile calls (not part of the test suite).

    python benchmarks/fuzz_dispatch.py [--n 100000] [--seed 0]

Generates calls with tests/fuzzing.py (every provider's call shape as a dict, members
missing/None/wrong-typed at every level, odd names and ids, hostile objects, arguments
nested thousands of levels deep or cyclic, values the schema refuses), sends them in
turn to a registry with ``timeout=5`` (every sync tool runs in a worker thread) and to
one without (a sync tool runs in the caller's thread), and counts:

- crashes: dispatch raised;
- invalid calls that reached a function: a tool ran with arguments its schema refuses;
- lost ids: a call that carried an id got a result without it;
- the worst latency of one dispatch.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import fuzzing  # noqa: E402


def shown_repr(value: object) -> str:
    try:
        return repr(value)[:600]
    except Exception as exc:  # noqa: BLE001 - hostile objects
        return f"<unprintable {type(value).__name__}: {type(exc).__name__}>"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3, help="examples of each failure to print")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    registries = (fuzzing.registry(timeout=5), fuzzing.registry())
    counts: collections.Counter[str] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    shown: collections.Counter[str] = collections.Counter()
    worst = (0.0, "")

    def report(what: str, detail: str) -> None:
        counts[what] += 1
        if shown[what] < args.show:
            shown[what] += 1
            print(f"--- {what}: {detail[:600]}", file=sys.stderr)

    for i in range(args.n):
        whole = rng.random() < 0.1
        c = None if whole else fuzzing.case(rng)
        payload = fuzzing.response(rng) if whole else c.call  # type: ignore[union-attr]
        registry = registries[i % 2]
        before = len(fuzzing.RAN)
        start = time.perf_counter()
        try:
            results = registry.dispatch_all(payload) if whole else [registry.dispatch(payload)]
        except BaseException as exc:  # noqa: BLE001 - the count being measured
            report("crashes", f"{type(exc).__name__}\n{traceback.format_exc()[-1500:]}\ncall={shown_repr(payload)}")
            continue
        elapsed = time.perf_counter() - start
        if elapsed > worst[0]:
            worst = (elapsed, shown_repr(payload)[:200])
        for r in results:
            kinds[r.error_kind or "ok"] += 1
            if r.is_error and "could not be read (" in r.message:
                report("safety-net answers (a reader raised)", f"{r.message} {shown_repr(payload)}")
        if c is None:
            continue
        counts["calls"] += 1
        if c.invalid and len(fuzzing.RAN) > before:
            report("invalid calls that reached a function", shown_repr(c.call))
        if c.expect_id is not None and results[0].call_id != c.expect_id:
            report("lost ids", f"expected {c.expect_id!r}, got {results[0].call_id!r}: {shown_repr(c.call)}")
        if i % 20000 == 0 and i:
            print(f"{i} ...", file=sys.stderr)
    print(f"payloads: {args.n} (seed {args.seed}), single calls: {counts['calls']}, whole responses: {args.n - counts['calls'] - counts['crashes']}")
    for what in ("crashes", "invalid calls that reached a function", "lost ids", "safety-net answers (a reader raised)"):
        print(f"{what}: {counts[what]}")
    print(f"worst latency: {worst[0] * 1e3:.1f} ms ({worst[1]})")
    print("results by kind: " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))


if __name__ == "__main__":
    main()
