"""Rebuild real_tools.json from its two public sources (kept for provenance; the JSON is
what the tests read). Needs local git mirrors of both repositories:

    python benchmarks/lint_corpus/build.py GITHUB_MCP_SERVER_GIT_DIR GORILLA_GIT_DIR

1. github/github-mcp-server (MIT), pkg/github/__toolsnaps__/*.snap: the tools/list entries
   the server's own tests snapshot (the feature-flag and "_typed" variants left out), as
   MCP tools, unchanged.
2. ShishirPatil/gorilla (Apache-2.0), berkeley-function-call-leaderboard/bfcl_eval/data/
   multi_turn_func_doc/*.json: the function documents of BFCL's multi-turn tool sets.
   BFCL writes Python-flavoured types ("dict", "float", "tuple", "any"); they are mapped to
   JSON Schema ("object", "number", "array", no type) as BFCL does when it sends them to
   OpenAI, the "response" key is left out, and each becomes an OpenAI Chat tool.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
SNAPS = "pkg/github/__toolsnaps__"
BFCL = "berkeley-function-call-leaderboard/bfcl_eval/data/multi_turn_func_doc"
TYPES = {"dict": "object", "float": "number", "tuple": "array"}


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


def bfcl_schema(node: Any) -> Any:
    if isinstance(node, dict):
        out = {k: bfcl_schema(v) for k, v in node.items()}
        kind = out.get("type")
        if kind == "any":
            del out["type"]
        elif isinstance(kind, str):
            out["type"] = TYPES.get(kind, kind)
        return out
    if isinstance(node, list):
        return [bfcl_schema(v) for v in node]
    return node


def main(github_repo: str, gorilla_repo: str) -> None:
    entries: list[dict[str, Any]] = []
    commit = git(github_repo, "rev-parse", "HEAD").strip()
    for name in sorted(git(github_repo, "ls-tree", "--name-only", "HEAD", f"{SNAPS}/").split()):
        stem = Path(name).stem
        if "_typed" in stem or "_ff_" in stem:
            continue
        tool = json.loads(git(github_repo, "show", f"HEAD:{name}"))
        entries.append({
            "id": f"github-mcp/{tool['name']}", "set": "github-mcp-server",
            "source": f"https://github.com/github/github-mcp-server/blob/{commit}/{name}", "license": "MIT", "tool": tool,
        })
    commit = git(gorilla_repo, "rev-parse", "HEAD").strip()
    for name in sorted(git(gorilla_repo, "ls-tree", "--name-only", "HEAD", f"{BFCL}/").split()):
        stem = Path(name).stem
        for line in git(gorilla_repo, "show", f"HEAD:{name}").splitlines():
            if not line.strip():
                continue
            doc = json.loads(line)
            function = {"name": doc["name"], "description": doc.get("description", ""), "parameters": bfcl_schema(doc.get("parameters", {}))}
            entries.append({
                "id": f"bfcl-{stem}/{doc['name']}", "set": f"bfcl/{stem}",
                "source": f"https://github.com/ShishirPatil/gorilla/blob/{commit}/{name}", "license": "Apache-2.0",
                "tool": {"type": "function", "function": function},
            })
    (HERE / "real_tools.json").write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(len(entries), "tools")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
