"""Layering of the package, checked on its source with ``ast``:

- provider wire keys are named only in ``tool2schema/providers/`` (shared code asks the
  provider);
- no module imports another module's underscore (private) names;
- no import cycles among tool2schema's modules (module-level imports).
"""

from __future__ import annotations

import ast
from pathlib import Path

import tool2schema

PACKAGE = Path(tool2schema.__file__).parent
FILES = sorted(PACKAGE.rglob("*.py"))

WIRE_KEYS = {
    "tool_use", "input_schema", "toolUse", "toolSpec", "function_call", "functionCall",
    "function_declarations", "inputSchema", "tool_call_id", "call_id",
}
"""Keys of one provider's wire shapes (Anthropic, Bedrock, Gemini, MCP, OpenAI)."""


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _outside_providers() -> list[Path]:
    return [f for f in FILES if "providers" not in f.relative_to(PACKAGE).parts]


def _string_literals(path: Path) -> list[tuple[int, str]]:
    return [(n.lineno, n.value) for n in ast.walk(_tree(path)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_the_checks_see_the_package() -> None:
    assert len(FILES) >= 20
    assert any(f.name == "compat.py" for f in _outside_providers())
    # the check would catch a wire key: the providers themselves name them
    inside = [f for f in FILES if "providers" in f.relative_to(PACKAGE).parts]
    assert {v for f in inside for _, v in _string_literals(f)} >= WIRE_KEYS


def test_wire_keys_are_named_only_by_providers() -> None:
    found = [f"{f.relative_to(PACKAGE)}:{line}: {value!r}" for f in _outside_providers() for line, value in _string_literals(f) if value in WIRE_KEYS]
    assert found == [], "ask the provider instead:\n" + "\n".join(found)


def _dict_reads(path: Path, keys: set[str]) -> list[str]:
    """``x["key"]`` and ``x.get("key")`` reads of ``keys``."""
    found = []
    for node in ast.walk(_tree(path)):
        key = None
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            key = node.slice.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args and isinstance(node.args[0], ast.Constant):
            key = node.args[0].value
        if key in keys:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {key!r}")
    return found


def test_openai_call_shape_is_read_only_by_its_provider() -> None:
    found = [r for f in _outside_providers() for r in _dict_reads(f, {"function", "tool_calls"})]
    assert found == [], "\n".join(found)


def _resolve(path: Path, level: int, module: str | None) -> str:
    """The absolute module name of a (relative) import in ``path``."""
    if level == 0:
        return module or ""
    base = _module(path).split(".")
    if path.name != "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def test_no_module_imports_another_modules_private_names() -> None:
    modules = {_module(f) for f in FILES}
    found = []
    for f in FILES:
        aliases: dict[str, str] = {}  # local name -> tool2schema module
        tree = _tree(f)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = _resolve(f, node.level, node.module)
                if not source.startswith("tool2schema"):
                    continue
                for alias in node.names:
                    if _private(alias.name):
                        found.append(f"{f.relative_to(PACKAGE)}:{node.lineno}: from {source} import {alias.name}")
                    if f"{source}.{alias.name}" in modules:
                        aliases[alias.asname or alias.name] = f"{source}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("tool2schema"):
                        aliases[alias.asname or alias.name] = alias.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases and _private(node.attr):
                found.append(f"{f.relative_to(PACKAGE)}:{node.lineno}: {aliases[node.value.id]}.{node.attr}")
    assert found == [], "\n".join(found)


def _type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _module_level_imports(path: Path, modules: set[str]) -> set[str]:
    """The tool2schema modules ``path`` imports when it is imported (not in functions,
    not under ``if TYPE_CHECKING:``)."""
    out: set[str] = set()
    todo: list[ast.stmt] = list(_tree(path).body)
    while todo:
        node = todo.pop()
        if _type_checking(node):
            continue
        if isinstance(node, (ast.If, ast.Try)):
            todo.extend(node.body)
            todo.extend(node.orelse)
            if isinstance(node, ast.Try):
                for handler in node.handlers:
                    todo.extend(handler.body)
                todo.extend(node.finalbody)
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(path, node.level, node.module)
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    out.add(f"{source}.{alias.name}")
                elif source in modules:
                    out.add(source)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
    return out


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the stack, 2: done

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    return cycles


def test_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles() -> None:
    modules = {_module(f) for f in FILES}
    graph = {_module(f): _module_level_imports(f, modules) - {_module(f)} for f in FILES}
    assert sum(len(v) for v in graph.values()) > 20  # the graph is real
    assert "tool2schema.jsonschema" in graph["tool2schema.providers.base"]
    assert _cycles(graph) == []
