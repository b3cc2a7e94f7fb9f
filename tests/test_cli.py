"""The command line writes what find_schemas returns."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tool2schema
from tool2schema.cli import main

from . import corpus

ROOT = Path(__file__).resolve().parent.parent


def test_dump_module_to_file(tmp_path: Path) -> None:
    out = tmp_path / "tools.json"
    assert main(["dump", "tests.corpus", "--format", "anthropic", "-o", str(out)]) == 0
    assert json.loads(out.read_text()) == json.loads(json.dumps(tool2schema.find_schemas(corpus, format="anthropic")))


def test_dump_file_path_tag_and_strict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dump", str(ROOT / "examples" / "weather_tools.py"), "--tag", "weather", "--strict"]) == 0
    schemas = json.loads(capsys.readouterr().out)
    assert [s["function"]["name"] for s in schemas] == ["get_weather", "get_forecast"]
    assert all(s["function"]["strict"] is True for s in schemas)


def test_errors_are_reported_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dump", "tests.corpus", "--strict"]) == 1
    assert "OpenAI strict mode cannot express" in capsys.readouterr().err
    assert main(["dump", "no_such_module_xyz"]) == 1
    assert "cannot import 'no_such_module_xyz'" in capsys.readouterr().err


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tool2schema", "dump", "examples/weather_tools.py", "--format", "mcp"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    assert [s["name"] for s in json.loads(proc.stdout)] == ["get_weather", "get_forecast", "search_files"]
