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


def _module(tmp_path: Path, name: str, source: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    return str(path)


def test_dump_without_tools_says_so_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = _module(tmp_path, "no_tools", "def helper(x: int) -> int:\n    return x\n")
    assert main(["dump", empty]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "no tools found in" in captured.err and "@tool" in captured.err
    weather = str(ROOT / "examples" / "weather_tools.py")
    assert main(["dump", weather, "--tag", "nonexistent"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "no tools tagged 'nonexistent'" in captured.err


def test_what_a_module_prints_on_import_goes_to_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    noisy = _module(tmp_path, "noisy_tools", 'from tool2schema import tool\nprint("hello from import")\n\n@tool\ndef get_time(zone: str) -> str:\n    """Get the time."""\n    return zone\n')
    assert main(["dump", noisy]) == 0
    captured = capsys.readouterr()
    assert [s["function"]["name"] for s in json.loads(captured.out)] == ["get_time"]  # stdout is only the JSON
    assert "hello from import" in captured.err


STRICT_MIX = '''from tool2schema import tool

@tool
def tag_items(tags: dict[str, str]) -> int:
    """Tag items."""
    return len(tags)

@tool
def get_time(zone: str) -> str:
    """Get the time."""
    return zone
'''


def test_strict_names_the_tool_and_parameter_and_offers_auto(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mixed = _module(tmp_path, "mixed_tools", STRICT_MIX)
    assert main(["dump", mixed, "--strict"]) == 1
    err = capsys.readouterr().err
    assert "tag_items" in err and "tags" in err and "--strict=auto" in err and "strict=False" not in err
    assert main(["dump", mixed, "--strict=auto"]) == 0
    captured = capsys.readouterr()
    schemas = {s["function"]["name"]: s["function"] for s in json.loads(captured.out)}
    assert schemas["get_time"]["strict"] is True and "strict" not in schemas["tag_items"]
    assert "not strict (1 of 2 tools): tag_items" in captured.err


@pytest.mark.parametrize("fmt", ["gemini", "mcp"])
def test_strict_for_a_format_without_strict_mode_is_a_usage_error(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["dump", str(ROOT / "examples" / "weather_tools.py"), "--format", fmt, "--strict"])
    assert exit_info.value.code == 2
    assert "has no strict mode" in capsys.readouterr().err


def test_help_lists_the_strict_formats_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["dump", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "formats with a strict mode: openai, openai-responses, anthropic, bedrock" in out and "openai-tune" in out
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0 and capsys.readouterr().out.strip() == f"tool2schema {tool2schema.__version__}"
