"""The tools of a running MCP server, listed with the official ``mcp`` client, for the linter.

``list_server_tools(command=...)`` starts ``command`` and talks to it over stdio;
``list_server_tools(url=...)`` connects over streamable HTTP. Either lists every page of
``tools/list``, disconnects, and returns the tools as the JSON the server sent
(``name``, ``description``, ``inputSchema``, ...). A server that does not start, answer
or list in ``timeout`` seconds raises `ServerUnavailable`.
"""

from __future__ import annotations

import shlex
from typing import Any, Optional

__all__ = ["ServerUnavailable", "list_server_tools"]

MAX_PAGES = 1000
"""A server that keeps handing out cursors is stopped after this many pages."""


class ServerUnavailable(Exception):
    """The MCP server could not be reached or listed (the message says what happened)."""


def list_server_tools(command: Optional[str] = None, url: Optional[str] = None, timeout: float = 30.0) -> list[dict[str, Any]]:
    """Every tool of an MCP server (``command``: a command line run over stdio, or ``url``:
    a streamable HTTP endpoint), as JSON dicts, in the order it lists them."""
    try:
        import anyio
        from mcp import Client, StdioServerParameters
    except ImportError:
        raise ServerUnavailable("linting an MCP server needs the official client: pip install 'tool2schema[mcp]'") from None
    if (command is None) == (url is None):
        raise ValueError("list_server_tools: give exactly one of command= or url=")
    server: Any
    if command is not None:
        argv = shlex.split(command)
        if not argv:
            raise ValueError("--mcp: the command is empty")
        server = StdioServerParameters(command=argv[0], args=argv[1:])
        what = f"the MCP server started by {command!r}"
    else:
        server = url
        what = f"the MCP server at {url}"

    async def listing() -> list[dict[str, Any]]:
        tools: list[dict[str, Any]] = []
        with anyio.fail_after(timeout):
            async with Client(server, read_timeout_seconds=timeout) as client:
                cursor: Optional[str] = None
                for _ in range(MAX_PAGES):
                    page = await client.list_tools(cursor=cursor)
                    tools.extend(t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in page.tools)
                    cursor = page.next_cursor
                    if not cursor:
                        break
        return tools

    try:
        return anyio.run(listing)
    except Exception as exc:  # noqa: BLE001 - whatever the transport raised: say it in one line
        cause = _first(exc)
        if isinstance(cause, TimeoutError):
            raise ServerUnavailable(f"{what} did not list its tools within {timeout:g} s") from None
        text = str(cause).strip().splitlines()[0] if str(cause).strip() else ""
        raise ServerUnavailable(f"cannot list the tools of {what}: {type(cause).__name__}{': ' + text if text else ''}") from None


def _first(exc: BaseException) -> BaseException:
    """The first leaf of an exception group (anyio task groups wrap what failed)."""
    inner = getattr(exc, "exceptions", None)
    while inner:
        exc = inner[0]
        inner = getattr(exc, "exceptions", None)
    return exc
