"""One measurement of one library, in a fresh process (run by benchmarks/run.py).

    python benchmarks/worker.py LIB TASK N MODULE_DIR

Prints one JSON object. Tasks: ``import``, ``build`` (decorate N tools, produce their
schemas the first time, then again; RSS added; fidelity of one probe tool),
``dispatch`` (a small and a large JSON-string call, name lookup included).
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import inspect
import json
import os
import sys
import time
import typing
from typing import Any, Callable

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * PAGE


# -- raw Pydantic: what a user writes without a library -------------------------------
# Schemas: create_model + model_json_schema (no cache). Dispatch: look the model up by
# name, model_validate_json, call with the instance's field values (m.__dict__, the
# fastest way to get them; dict(m) costs several µs more on small models).


def raw_model(f: Callable[..., Any]) -> Any:
    import docstring_parser
    from pydantic import Field, create_model

    sig = inspect.signature(f)
    hints = typing.get_type_hints(f, include_extras=True)
    docs = {p.arg_name: p.description for p in docstring_parser.parse(f.__doc__ or "").params}
    fields: dict[str, Any] = {}
    for name, p in sig.parameters.items():
        if p.default is inspect.Parameter.empty:
            fields[name] = (hints[name], Field(description=docs.get(name)))
        else:
            fields[name] = (hints[name], Field(p.default, description=docs.get(name)))
    return create_model(f.__name__, **fields)


class Lib:
    """Adapter: decorate, schema, and a dispatcher for one library."""

    def decorate(self, f: Callable[..., Any]) -> Any:
        raise NotImplementedError

    def schema(self, t: Any) -> dict[str, Any]:
        raise NotImplementedError

    def dispatcher(self, tools: list[Any], funcs: list[Callable[..., Any]]) -> Callable[[dict[str, Any]], Any] | None:
        return None


class Raw(Lib):
    def decorate(self, f: Callable[..., Any]) -> Any:
        return (raw_model(f), f)

    def schema(self, t: Any) -> dict[str, Any]:
        model, f = t
        return {"type": "function", "function": {"name": f.__name__, "description": f.__doc__, "parameters": model.model_json_schema()}}

    def dispatcher(self, tools: list[Any], funcs: list[Callable[..., Any]]) -> Callable[[dict[str, Any]], Any]:
        table = {f.__name__: (m, f) for m, f in tools}

        def run(call: dict[str, Any]) -> Any:
            model, f = table[call["function"]["name"]]
            inst = model.model_validate_json(call["function"]["arguments"])
            return f(**inst.__dict__)

        return run


class T2S(Lib):
    def decorate(self, f: Callable[..., Any]) -> Any:
        from tool2schema import tool

        return tool(f)

    def schema(self, t: Any) -> dict[str, Any]:
        result: dict[str, Any] = t.to_json()
        return result

    def dispatcher(self, tools: list[Any], funcs: list[Callable[..., Any]]) -> Callable[[dict[str, Any]], Any]:
        from tool2schema import ToolRegistry

        registry = ToolRegistry(tools)

        def run(call: dict[str, Any]) -> Any:
            result = registry.dispatch(call)
            if result.is_error:
                raise RuntimeError(result.content)
            return result.value

        return run


class T2S2(Lib):
    """tool2schema 2.2.0 (run with its own PYTHONPATH)."""

    def decorate(self, f: Callable[..., Any]) -> Any:
        from tool2schema import EnableTool

        return EnableTool(f)

    def schema(self, t: Any) -> dict[str, Any]:
        result: dict[str, Any] = t.to_json()
        return result

    def dispatcher(self, tools: list[Any], funcs: list[Callable[..., Any]]) -> Callable[[dict[str, Any]], Any]:
        import types

        from tool2schema import LoadToolEnabled

        module = types.ModuleType("bench_registry")
        for t in tools:
            setattr(module, t.__name__, t)

        def run(call: dict[str, Any]) -> Any:
            f, args = LoadToolEnabled(module, {"name": call["function"]["name"], "arguments": call["function"]["arguments"]})
            return f(**args)

        return run


class LangChain(Lib):
    def decorate(self, f: Callable[..., Any]) -> Any:
        from langchain_core.tools import tool

        return tool(f, parse_docstring=True)

    def schema(self, t: Any) -> dict[str, Any]:
        from langchain_core.utils.function_calling import convert_to_openai_tool

        return convert_to_openai_tool(t)

    def dispatcher(self, tools: list[Any], funcs: list[Callable[..., Any]]) -> Callable[[dict[str, Any]], Any]:
        table = {t.name: t for t in tools}

        def run(call: dict[str, Any]) -> Any:
            return table[call["function"]["name"]].invoke(json.loads(call["function"]["arguments"]))

        return run


class PydanticAI(Lib):
    def decorate(self, f: Callable[..., Any]) -> Any:
        from pydantic_ai import Tool

        return Tool(f)

    def schema(self, t: Any) -> dict[str, Any]:
        d = t.tool_def
        return {"type": "function", "function": {"name": d.name, "description": d.description, "parameters": d.parameters_json_schema}}

    def dispatcher(self, tools: list[Any], funcs: list[Callable[..., Any]]) -> Callable[[dict[str, Any]], Any]:
        table = {t.name: t for t in tools}

        def run(call: dict[str, Any]) -> Any:
            fs = table[call["function"]["name"]].function_schema
            args = fs.validator.validate_json(call["function"]["arguments"])
            return fs.function(**args)

        return run


class Agents(Lib):
    def decorate(self, f: Callable[..., Any]) -> Any:
        from agents import function_tool

        return function_tool(f, strict_mode=False)

    def schema(self, t: Any) -> dict[str, Any]:
        return {"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.params_json_schema}}

    def dispatcher(self, tools: list[Any], funcs: list[Callable[..., Any]]) -> Callable[[dict[str, Any]], Any]:
        from agents.tool_context import ToolContext

        table = {t.name: t for t in tools}
        loop = asyncio.new_event_loop()

        def run(call: dict[str, Any]) -> Any:
            name, args = call["function"]["name"], call["function"]["arguments"]
            ctx = ToolContext(context=None, tool_name=name, tool_call_id="c1", tool_arguments=args)
            return loop.run_until_complete(table[name].on_invoke_tool(ctx, args))

        return run


class GenAI(Lib):
    def decorate(self, f: Callable[..., Any]) -> Any:
        from google.genai import types

        return types.FunctionDeclaration.from_callable_with_api_option(callable=f, api_option="GEMINI_API")

    def schema(self, t: Any) -> dict[str, Any]:
        result: dict[str, Any] = t.model_dump(mode="json", exclude_none=True)
        return result


LIBS: dict[str, type[Lib]] = {
    "raw-pydantic": Raw,
    "tool2schema-3": T2S,
    "tool2schema-2.2.0": T2S2,
    "langchain-core": LangChain,
    "pydantic-ai": PydanticAI,
    "openai-agents": Agents,
    "google-genai": GenAI,
}

IMPORTS = {
    "raw-pydantic": "import pydantic",
    "pydantic+BaseModel": "from pydantic import BaseModel",
    "tool2schema-3": "import tool2schema",
    "tool2schema-2.2.0": "import tool2schema",
    "langchain-core": "from langchain_core.tools import tool",
    "pydantic-ai": "from pydantic_ai import Tool",
    "openai-agents": "from agents import function_tool",
    "google-genai": "from google.genai import types",
}

# what the probe tool's schema must contain: descriptions, enums, nested fields, constraints
FIDELITY = {
    "parameter description": "A bounded size",
    "literal enum": "slow",
    "str enum": ("RED", "red"),
    "nested field": "weight",
    "nested description": "A short code",
    "constraint": "maximum",
}


def fidelity(schema: dict[str, Any]) -> list[str]:
    text = json.dumps(schema)
    missing = []
    for what, token in FIDELITY.items():
        tokens = token if isinstance(token, tuple) else (token,)
        if not any(tok in text for tok in tokens):
            missing.append(what)
    return missing


def main() -> None:
    lib_name, task, n, module_dir = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    if task == "import":
        start = time.perf_counter()
        exec(IMPORTS[lib_name], {})  # noqa: S102 - the import being timed
        print(json.dumps({"seconds": time.perf_counter() - start}))
        return
    sys.path.insert(0, module_dir)
    module = importlib.import_module(f"bench_tools_{n}")
    lib = LIBS[lib_name]()
    funcs = module.FUNCTIONS
    out: dict[str, Any] = {}
    if task == "build":
        # warm up: the library's lazy imports and one-off set-up are not part of the work
        lib.schema(lib.decorate(module.small_tool))
        gc.collect()
        before = rss()
        start = time.perf_counter()
        signatures = [inspect.signature(f) for f in funcs]
        out["signature"] = time.perf_counter() - start
        del signatures
        start = time.perf_counter()
        tools = [lib.decorate(f) for f in funcs]
        out["decorate"] = time.perf_counter() - start
        start = time.perf_counter()
        schemas = [lib.schema(t) for t in tools]
        out["first_schema"] = time.perf_counter() - start
        out["decorate+first"] = out["decorate"] + out["first_schema"]
        start = time.perf_counter()
        again = [lib.schema(t) for t in tools]
        out["repeat_schema"] = time.perf_counter() - start
        gc.collect()
        out["rss"] = rss() - before
        out["missing"] = fidelity(lib.schema(lib.decorate(module.fidelity_probe)))
        del again, schemas
    elif task == "dispatch":
        if type(lib).dispatcher is Lib.dispatcher:
            print(json.dumps({"unsupported": True}))
            return
        tools = [lib.decorate(f) for f in (module.small_tool, module.large_tool)]
        run = lib.dispatcher(tools, [module.small_tool, module.large_tool])
        if run is None:
            print(json.dumps({"unsupported": True}))
            return
        for kind, call, reps in (("small_call", module.SMALL_CALL, 3000), ("large_call", module.LARGE_CALL, 600)):
            try:
                got = run(call)
            except Exception as exc:  # noqa: BLE001 - e.g. 2.2.0 cannot validate nested models
                out[kind] = None
                out[f"{kind}_error"] = f"{type(exc).__name__}: {str(exc)[:100]}"
                continue
            if str(got) != str(module.EXPECTED[kind]):
                out[kind] = None
                out[f"{kind}_error"] = f"wrong result {got!r}"
                continue
            samples = []
            for _ in range(5):
                start = time.perf_counter()
                for _ in range(reps):
                    run(call)
                samples.append((time.perf_counter() - start) / reps)
            out[kind] = sorted(samples)[2]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
