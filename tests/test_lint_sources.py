"""Linting tools not written in Python: JSON tool definitions in every provider's format
(`tool2schema.lint(list_of_dicts)`, `tool2schema lint tools.json`), running MCP servers
(`--mcp`, `--mcp-url`, with the official client), the output formats (SARIF validated
against its published JSON Schema) and every exit status of the command line."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import tool2schema
from tool2schema import SchemaFormat, lint
from tool2schema.cli import main
from tool2schema.linter import NotToolDefinitions

from . import lint_clean_tools

ROOT = Path(__file__).resolve().parent.parent
SARIF_SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
MCP_TOOLS = str(ROOT / "tests" / "mcp_tools.py")
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

# Formats whose JSON carries the canonical schema unchanged (Gemini rewrites it into its
# OpenAPI subset, the fine-tuning shape is OpenAI Chat's function object).
SAME_SCHEMA = [SchemaFormat.OPENAI, SchemaFormat.OPENAI_RESPONSES, SchemaFormat.ANTHROPIC, SchemaFormat.BEDROCK, SchemaFormat.MCP]
PARAMETERS_AT = {
    SchemaFormat.OPENAI: ".function.parameters",
    SchemaFormat.OPENAI_RESPONSES: ".parameters",
    SchemaFormat.ANTHROPIC: ".input_schema",
    SchemaFormat.BEDROCK: ".toolSpec.inputSchema.json",
    SchemaFormat.MCP: ".inputSchema",
    SchemaFormat.GEMINI: ".parameters",
}


@tool2schema.tool
def weather(city: str, sort: str = "asc", num_days: float = 3) -> list[str]:
    """Weather.

    Args:
        city: City name.
        sort: Sort order, one of asc, desc.
        num_days: Number of days.
    """
    return []


def neutral(findings: list[tool2schema.Finding]) -> list[tuple[str, str | None, str | None]]:
    """The provider-neutral findings, as (code, tool, parameter path)."""
    return sorted((f.code, f.tool, f.path) for f in findings if f.code < "T2S100")


# -- JSON definitions: the same findings as the Python tool they were written from ----------------
@pytest.mark.parametrize("fmt", SAME_SCHEMA, ids=str)
def test_json_written_by_a_provider_lints_like_the_python_tools(fmt: SchemaFormat) -> None:
    tools = tool2schema.find_tools(lint_clean_tools) + [weather]
    data = [t.to_json(fmt) for t in tools]
    assert neutral(lint(data)) == neutral(lint(tools))
    assert neutral(lint(data)) != []  # the weather tool has findings: the comparison can fail


@pytest.mark.parametrize("fmt", [*SAME_SCHEMA, SchemaFormat.GEMINI], ids=str)
def test_findings_of_json_tools_name_the_tool_and_the_json_path(fmt: SchemaFormat) -> None:
    data = [lint_clean_tools.get_order_by_id.to_json(fmt), weather.to_json(fmt)]
    findings = lint(data, select="T2S0")
    by_code = {(f.code, f.path): f for f in findings if f.tool == "weather"}
    assert by_code[("T2S001", None)].location == "$[1]"
    sort = by_code[("T2S005", "sort")].location
    assert sort == f"$[1]{PARAMETERS_AT[fmt]}.properties.sort", sort
    assert all(f.location and f.location.startswith("$[1]") for f in findings if f.tool == "weather")


def test_each_tool_of_a_mixed_list_is_read_in_its_own_format() -> None:
    formats = [*SAME_SCHEMA, SchemaFormat.GEMINI]
    data = [weather.to_json(fmt) for fmt in formats]
    findings = [f for f in lint(data, select="T2S005")]
    assert [f.location for f in findings] == [f"$[{i}]{PARAMETERS_AT[fmt]}.properties.sort" for i, fmt in enumerate(formats)]
    # provider rules: each JSON tool is checked against the provider it is written for
    long = "x" * 70
    named = [
        {"type": "function", "function": {"name": long, "description": "d", "parameters": {"type": "object", "properties": {}}}},
        {"name": long, "description": "d", "inputSchema": {"type": "object", "properties": {}}},
    ]
    providers = {(f.location, f.message.split(":")[0]) for f in lint(named, select="T2S101")}
    assert providers == {("$[0]", "openai")}  # MCP allows 128 characters


def test_request_bodies_and_listings_are_read() -> None:
    openai = {"model": "gpt-5", "tools": [weather.to_json("openai")], "tool_choice": "auto"}
    bedrock = {"modelId": "m", "toolConfig": {"tools": [weather.to_json("bedrock"), {"cachePoint": {"type": "default"}}]}}
    gemini = {"model": "gemini-2.5-flash", "config": {"tools": [{"function_declarations": [weather.to_json("gemini")]}, {"google_search": {}}]}}
    mcp = {"jsonrpc": "2.0", "id": 1, "result": {"tools": [weather.to_json("mcp")]}}
    expected = {
        "openai": "$.tools[0].function.parameters.properties.sort",
        "bedrock": "$.toolConfig.tools[0].toolSpec.inputSchema.json.properties.sort",
        "gemini": "$.config.tools[0].function_declarations[0].parameters.properties.sort",
        "mcp": "$.result.tools[0].inputSchema.properties.sort",
    }
    for name, body in {"openai": openai, "bedrock": bedrock, "gemini": gemini, "mcp": mcp}.items():
        (finding,) = lint(body, select="T2S005")
        assert finding.location == expected[name]


def test_built_in_tools_are_skipped() -> None:
    data = [
        {"type": "web_search_20250305", "name": "web_search", "max_uses": 3},  # Anthropic server tool
        {"type": "web_search"},  # OpenAI Responses
        {"type": "namespace", "name": "crm", "description": "CRM", "tools": [weather.to_json("openai-responses")]},
        {"google_search": {}},
    ]
    findings = lint(data, select="T2S005")
    assert [f.location for f in findings] == ["$[2].tools[0].parameters.properties.sort"]


@pytest.mark.parametrize(
    "data, where",
    [
        ({"a": 1}, "its keys: a"),
        ([{"type": "function", "function": {"name": "ok", "parameters": {}}}, {"foo": 1}], "$[1]"),
        ([{"type": "function", "function": {"name": "ok", "parameters": {}}}, 3], "$[1] is a JSON number"),
        ({"tools": [{"nope": True}]}, "$.tools[0]"),
    ],
)
def test_json_that_holds_no_tool_definitions_is_refused(data: Any, where: str) -> None:
    with pytest.raises(NotToolDefinitions, match=None) as info:
        lint(data)
    assert where in str(info.value) and "\n" not in str(info.value)


# -- the command line: JSON files, exit statuses, output formats --------------------------------
def write(tmp_path: Path, data: Any, name: str = "tools.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return str(path)


def test_cli_lints_a_json_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {"tools": [t.to_json("anthropic") for t in (lint_clean_tools.get_order_by_id, weather)]})
    assert main(["lint", path]) == 1
    out = capsys.readouterr().out
    assert "weather:sort ($.tools[1].input_schema.properties.sort): T2S005" in out
    clean = write(tmp_path, [lint_clean_tools.get_order_by_id.to_json("mcp")], "clean.json")
    assert main(["lint", clean]) == 0
    assert "All checks passed" in capsys.readouterr().out


@pytest.mark.parametrize(
    "content, args, status, message",
    [
        ('{"a": 1}', [], 2, "holds no tool definitions"),
        ("not json", [], 2, "is not JSON"),
        ("[]", [], 1, "no tools found"),
        ('[{"type": "web_search"}]', [], 1, "no tools found"),
        (None, [], 1, "cannot read"),
        ("[]", ["--select", "T2S999"], 2, "T2S999"),
    ],
)
def test_cli_exit_statuses_for_json_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, args: list[str], status: int, message: str
) -> None:
    path = tmp_path / "tools.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["lint", str(path), *args]) == status
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1  # one line


def test_cli_exit_statuses_for_modules_and_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unresolved = tmp_path / "unresolved.py"
    unresolved.write_text(textwrap.dedent('''
        from tool2schema import tool

        @tool
        def get_thing(x: "NoSuchType") -> int:
            """Get a thing. Use it when asked.

            Args:
                x: The thing.
            """
            return 1
    '''), encoding="utf-8")
    assert main(["lint", str(unresolved)]) == 1
    assert "cannot resolve its type hints" in capsys.readouterr().err
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n", encoding="utf-8")
    assert main(["lint", str(empty)]) == 1
    assert "no tools found" in capsys.readouterr().err
    assert main(["lint"]) == 2
    assert main(["lint", str(empty), "--mcp", "cat"]) == 2
    assert "give one target" in capsys.readouterr().err
    assert main(["lint", "tests.lint_clean_tools"]) == 0  # only info findings: exit 0
    capsys.readouterr()


def test_cli_statistics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, [weather.to_json("openai")])
    expected = {}
    for f in lint(json.loads(Path(path).read_text())):
        expected[f.code] = expected.get(f.code, 0) + 1
    assert main(["lint", path, "--statistics"]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == f"Found {sum(expected.values())} findings."
    assert {line.split()[1]: int(line.split()[0]) for line in lines[:-1]} == expected
    assert main(["lint", path, "--statistics", "--output-format", "json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert {r["code"]: r["count"] for r in rows} == expected and rows == sorted(rows, key=lambda r: (-r["count"], r["code"]))


@pytest.mark.parametrize("target", ["json", "module"])
def test_cli_sarif_is_valid_sarif_2_1_0(tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str) -> None:
    path = write(tmp_path, [weather.to_json("openai")]) if target == "json" else "examples/weather_tools.py"
    status = main(["lint", path, "--output-format", "sarif"])
    log = json.loads(capsys.readouterr().out)
    jsonschema.Draft7Validator(SARIF_SCHEMA, format_checker=jsonschema.FormatChecker()).validate(log)
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(tool2schema.linter.RULES)
    assert status == (1 if any(r["level"] in ("error", "warning") for r in run["results"]) else 0)
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        physical = result["locations"][0].get("physicalLocation")
        assert physical is not None and physical["region"]["startLine"] >= 1
    if target == "json":
        assert run["results"] and all(r["properties"]["jsonPath"].startswith("$[0]") for r in run["results"])


def test_sarif_schema_rejects_a_broken_log() -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(SARIF_SCHEMA).validate({"version": "2.1.0", "runs": [{"results": []}]})


# -- running MCP servers ---------------------------------------------------------------------------
def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tool2schema", "lint", *args], capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=timeout)


def expected_for_module(module: str) -> list[tuple[str, str | None, str | None]]:
    from tool2schema.discovery import find_tools, load_module

    return neutral(lint([t.to_json("mcp") for t in find_tools(load_module(module))]))


def test_lint_mcp_stdio_against_tool2schema_serve() -> None:
    proc = run_cli("--mcp", f"{sys.executable} -m tool2schema serve {MCP_TOOLS}", "--output-format", "json")
    findings = json.loads(proc.stdout)
    assert neutral([tool2schema.Finding(**f) for f in findings]) == expected_for_module(MCP_TOOLS)
    assert proc.returncode == (1 if any(f["severity"] in ("error", "warning") for f in findings) else 0), proc.stderr


PAGED_SERVER = '''
import anyio
from mcp import types
from mcp.server import Server
from mcp.server.stdio import stdio_server

PAGES = [
    [{"name": "get_weather", "description": "Weather for a city. Use it when the user asks about the weather.",
      "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name.", "maxLength": 80}}, "required": ["city"]}}],
    [{"name": "user_data", "description": "Everything about a user.",
      "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}}],
]


async def list_tools(ctx, params):
    page = int(params.cursor) if params is not None and params.cursor else 0
    more = str(page + 1) if page + 1 < len(PAGES) else None
    return types.ListToolsResult(tools=[types.Tool.model_validate(t) for t in PAGES[page]], next_cursor=more)


server = Server("paged", on_list_tools=list_tools)


async def main():
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


anyio.run(main)
'''

SDK_SERVER = '''
from mcp.server import MCPServer

server = MCPServer("notes")


@server.tool()
def add_note(text: str) -> str:
    """Add a note."""
    return text


@server.tool()
def notes(limit: float = 10) -> list[str]:
    """Notes."""
    return []


server.run()
'''


def test_lint_mcp_lists_every_page_of_a_server_built_with_the_official_sdk(tmp_path: Path) -> None:
    script = tmp_path / "paged_server.py"
    script.write_text(PAGED_SERVER, encoding="utf-8")
    proc = run_cli("--mcp", f"{sys.executable} {script}", "--output-format", "json")
    findings = json.loads(proc.stdout)
    assert {f["tool"] for f in findings} == {"user_data"}, proc.stderr  # the second page was listed
    assert {f["code"] for f in findings} >= {"T2S001", "T2S003", "T2S004", "T2S011"}
    assert proc.returncode == 1


def test_lint_mcp_against_an_mcpserver_app(tmp_path: Path) -> None:
    script = tmp_path / "sdk_server.py"
    script.write_text(SDK_SERVER, encoding="utf-8")
    proc = run_cli("--mcp", f"{sys.executable} {script}", "--statistics", "--output-format", "json")
    counts = {r["code"]: r["count"] for r in json.loads(proc.stdout)}
    assert counts.get("T2S001") == 1 and counts.get("T2S013") == 1, proc.stderr  # 'notes' is no action; 'limit' typed number
    assert proc.returncode == 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_lint_mcp_url_against_tool2schema_serve_over_http() -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tool2schema", "serve", MCP_TOOLS, "--transport", "http", "--port", str(port)],
        cwd=ROOT, env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert server.stderr is not None
        server.stderr.readline()  # "serving ... at http://127.0.0.1:PORT/mcp"
        proc = run_cli("--mcp-url", f"http://127.0.0.1:{port}/mcp", "--output-format", "json")
        findings = [tool2schema.Finding(**f) for f in json.loads(proc.stdout)]
        assert neutral(findings) == expected_for_module(MCP_TOOLS), proc.stderr
    finally:
        server.kill()
        server.wait(10)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--mcp", "no-such-command-t2s"], "cannot list the tools of the MCP server started by 'no-such-command-t2s'"),
        (["--mcp", f"{sys.executable} -c 'import time; time.sleep(60)'", "--mcp-timeout", "2"], "did not list its tools within 2 s"),
        (["--mcp-url", "http://127.0.0.1:9/mcp", "--mcp-timeout", "5"], "cannot list the tools of the MCP server at http://127.0.0.1:9/mcp"),
    ],
    ids=["no-command", "silent", "refused"],
)
def test_an_mcp_server_that_does_not_answer_is_exit_1_within_the_timeout(args: list[str], message: str) -> None:
    started = time.monotonic()
    proc = run_cli(*args, timeout=60)
    assert proc.returncode == 1
    assert message in proc.stderr and proc.stdout == ""
    assert time.monotonic() - started < 30


# -- provider limits, checked against what the SDKs say ----------------------------------------------
def longest_name(fmt: SchemaFormat) -> int:
    """The longest all-letters name the provider's lint accepts."""
    accepted = [n for n in range(1, 300) if not [f for f in lint([{"name": "a" * n, "description": "d", "inputSchema": {"type": "object", "properties": {}}}], format=fmt, select="T2S101")]]
    return max(accepted)


def test_name_lengths_agree_with_the_provider_sdks() -> None:
    import re

    import botocore.session
    from google.genai import types as genai_types
    from openai.types.shared_params import function_definition

    spec = botocore.session.get_session().get_service_model("bedrock-runtime").shape_for("ToolSpecification").members["name"].metadata
    assert longest_name(SchemaFormat.BEDROCK) == spec["max"] == 64
    assert not lint([{"toolSpec": {"name": "bad name", "description": "d", "inputSchema": {"json": {"type": "object"}}}}], select="T2S101") == []
    assert re.fullmatch(spec["pattern"], "get_order-2")
    openai_doc = " ".join((function_definition.__doc__ or "").split()) + " ".join(open(function_definition.__file__).read().split())
    assert "maximum length of 64" in openai_doc and longest_name(SchemaFormat.OPENAI) == longest_name(SchemaFormat.OPENAI_RESPONSES) == 64
    gemini_doc = genai_types.FunctionDeclaration.model_fields["name"].description or ""
    documented = int(re.search(r"maximum length of (\d+)", gemini_doc).group(1))  # type: ignore[union-attr]
    assert longest_name(SchemaFormat.GEMINI) <= documented  # the API's own error stops at 64, below the SDK's 128
    assert longest_name(SchemaFormat.MCP) == 128  # MCP specification 2025-11-25, "Tool names"
    assert longest_name(SchemaFormat.ANTHROPIC) == 128  # the API's error: "tools.N.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"


def test_request_limits_are_reported_once_per_request() -> None:
    many = [{"type": "function", "function": {"name": f"get_item_{i}", "description": "d", "parameters": {"type": "object", "properties": {}}}} for i in range(129)]
    (finding,) = lint(many, select="T2S102")
    assert finding.tool is None and "129 tools in one request; OpenAI accepts at most 128" in finding.message
    strict = [{"name": f"get_item_{i}", "description": "d", "strict": True, "input_schema": {"type": "object", "properties": {}, "additionalProperties": False}} for i in range(21)]
    (finding,) = lint(strict, select="T2S102")
    assert "21 strict tools" in finding.message
