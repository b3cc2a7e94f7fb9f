"""tool2schema 2.x / 1.x users upgrade without changing a line.

The strongest check is differential: the module ``tests/legacy_tools.py`` is loaded by
the real tool2schema 2.2.0 (installed from PyPI into a cache folder, run in a
subprocess) and by this library, and every schema and ``LoadToolEnabled`` outcome is
compared.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tool2schema
from tool2schema import CONFIG, SchemaType

from . import legacy_tools

ROOT = Path(__file__).resolve().parent.parent
V2 = Path(os.environ.get("TOOL2SCHEMA_V2_PATH", ROOT / ".cache" / "tool2schema-2.2.0"))

CALLS: list[dict[str, Any]] = [
    {"name": "function", "arguments": {"a": 1, "b": "x"}},
    {"name": "function", "arguments": '{"a": 1, "b": "x", "c": true, "d": [4]}'},
    {"name": "function", "arguments": {"a": "1", "b": "x"}},
    {"name": "function", "arguments": {"b": "x"}},
    {"name": "function", "arguments": {"a": 1, "b": "x", "zzz": 1}},
    {"name": "function", "arguments": "{not json"},
    {"name": "function", "arguments": "[1]"},
    {"name": "function", "arguments": 5},
    {"name": "function"},
    {"arguments": {}},
    {"name": "missing", "arguments": {}},
    {"name": "function_tags", "arguments": {"a": 1, "b": 2}},
    {"name": "function_tags", "arguments": {"a": True}},
    {"name": "function_optional", "arguments": {"a": 1, "d": None}},
    {"name": "function_enum", "arguments": {"e": "A", "f": "B"}},
    {"name": "function_enum", "arguments": {"e": "Z"}},
    {"name": "function_enum", "arguments": {"e": 1}},
    {"name": "function_enum", "arguments": {"e": "1"}},
    {"name": "function_enum", "arguments": {"e": "A", "f": 2}},
    {"name": "function_enum", "arguments": '{"e": 3}'},
    {"name": "function_literal", "arguments": {"x": "yes", "y": 2}},
    {"name": "function_literal", "arguments": {"x": "maybe"}},
    {"name": "function_add_enum", "arguments": {"a": 2, "b": "x"}},
    {"name": "function_add_enum", "arguments": {"a": 7, "b": "x"}},
]

SCRIPT = """
import json, sys
import tool2schema
from tool2schema import SchemaType
from tool2schema.schema import LoadToolEnabled, ParseException
sys.path.insert(0, sys.argv[1])
import tests.legacy_tools as m
out = {"schemas": {}, "loads": [], "names": [f.__name__ for f in tool2schema.FindToolEnabled(m)]}
for st in SchemaType:
    out["schemas"][st.name] = tool2schema.FindToolEnabledSchemas(m, st)
out["schemas"]["default"] = tool2schema.FindToolEnabledSchemas(m)
out["by_tag"] = [f.__name__ for f in tool2schema.FindToolEnabledByTag(m, "test")]
for call in json.loads(sys.argv[2]):
    for hallucinations in (True, False):
        try:
            f, args = LoadToolEnabled(m, call, ignore_hallucinations=hallucinations)
            out["loads"].append(["ok", f.__name__, args])
        except ParseException as e:
            out["loads"].append(["error", str(e)])
print(json.dumps(out, default=str))
"""


def _ours() -> dict[str, Any]:
    from tool2schema.schema import LoadToolEnabled, ParseException

    m = legacy_tools
    out: dict[str, Any] = {"schemas": {}, "loads": [], "names": [f.__name__ for f in tool2schema.FindToolEnabled(m)]}
    for st in (SchemaType.OPENAI_API, SchemaType.OPENAI_TUNE, SchemaType.ANTHROPIC_CLAUDE):
        out["schemas"][st.name] = tool2schema.FindToolEnabledSchemas(m, st)
    out["schemas"]["default"] = tool2schema.FindToolEnabledSchemas(m)
    out["by_tag"] = [f.__name__ for f in tool2schema.FindToolEnabledByTag(m, "test")]
    for call in CALLS:
        for hallucinations in (True, False):
            try:
                f, args = LoadToolEnabled(m, call, ignore_hallucinations=hallucinations)
                out["loads"].append(["ok", f.__name__, args])
            except ParseException as e:
                out["loads"].append(["error", str(e)])
    result: dict[str, Any] = json.loads(json.dumps(out, default=str))
    return result


def _v2() -> dict[str, Any]:
    if not (V2 / "tool2schema").is_dir():
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(V2), "tool2schema==2.2.0"],
            check=True,
        )
    env = {**os.environ, "PYTHONPATH": str(V2)}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(ROOT), json.dumps(CALLS)],
        env=env, capture_output=True, text=True, check=True, cwd=str(V2),
    )
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


@pytest.fixture(scope="module")
def both() -> tuple[dict[str, Any], dict[str, Any]]:
    return _v2(), _ours()


def test_same_tools_found(both: tuple[dict[str, Any], dict[str, Any]]) -> None:
    v2, ours = both
    assert ours["names"] == v2["names"]
    assert ours["by_tag"] == v2["by_tag"] == ["function_tags"]


@pytest.mark.parametrize("schema_type", ["OPENAI_API", "OPENAI_TUNE", "ANTHROPIC_CLAUDE", "default"])
def test_schemas_identical_to_2_2_0(both: tuple[dict[str, Any], dict[str, Any]], schema_type: str) -> None:
    v2, ours = both
    theirs = {s.get("function", s)["name"]: s for s in v2["schemas"][schema_type]}
    mine = {s.get("function", s)["name"]: s for s in ours["schemas"][schema_type]}
    assert list(mine) == list(theirs)
    # 2.x wrote unknown-but-describable types (dict) as a bare object; we keep that shape
    for name in theirs:
        assert mine[name] == theirs[name], name


def test_load_tool_enabled_identical_to_2_2_0(both: tuple[dict[str, Any], dict[str, Any]]) -> None:
    v2, ours = both
    pairs = [(c, h) for c in CALLS for h in (True, False)]
    for (call, hallucinations), theirs, mine in zip(pairs, v2["loads"], ours["loads"], strict=True):
        assert mine == theirs, (call, hallucinations)


def test_calling_with_enum_names_and_members() -> None:
    e, f, g = legacy_tools.function_enum("A", f="B")
    assert (e, f, g) == (legacy_tools.CustomEnum.A, legacy_tools.CustomEnum.B, legacy_tools.CustomEnum.B)
    assert legacy_tools.function_enum(legacy_tools.CustomEnum.C)[0] is legacy_tools.CustomEnum.C


def test_1x_names_and_module_paths() -> None:
    from tool2schema.schema import ParseException as FromSchema

    assert tool2schema.ParseException is FromSchema
    assert tool2schema.GPTEnabled is tool2schema.EnableTool
    assert tool2schema.FindGPTEnabled(legacy_tools) == tool2schema.FindToolEnabled(legacy_tools)
    assert tool2schema.FindGPTEnabledByName(legacy_tools, "function") is legacy_tools.function
    assert tool2schema.FindToolEnabledByNameSchema(legacy_tools, "nope") is None
    assert SchemaType.API is SchemaType.OPENAI_API and SchemaType.TUNE is SchemaType.OPENAI_TUNE
    assert legacy_tools.function.has("x") is False and legacy_tools.function_tags.has("test")
    schema = legacy_tools.function.schema.to_json()
    schema["function"]["name"] = "mutable in 2.x"
    assert legacy_tools.function.to_json()["function"]["name"] == "function"


def test_save_and_config(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    tool2schema.SaveToolEnabled(legacy_tools, str(path), schema_type=SchemaType.ANTHROPIC_CLAUDE)
    assert json.loads(path.read_text()) == tool2schema.FindToolEnabledSchemas(legacy_tools, SchemaType.ANTHROPIC_CLAUDE)
    try:
        CONFIG.schema_type = SchemaType.OPENAI_TUNE
        assert "parameters" in legacy_tools.function.to_json() and "type" not in legacy_tools.function.to_json()
        CONFIG.ignore_parameters = ["b"]
        assert "b" not in legacy_tools.function.to_json()["parameters"]["properties"]
        config = tool2schema.Config(ignore_all_parameters=True)
        assert config.ignore_all_parameters is True and config.ignore_parameters == []
    finally:
        CONFIG.reset_default()
    assert "b" in legacy_tools.function.to_json()["function"]["parameters"]["properties"]
