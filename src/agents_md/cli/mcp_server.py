"""``agents-md mcp``: the read-only views as an MCP server (the official ``mcp`` package, its
``MCPServer``; standard input and output), for hosts without nested loading and for an agent
checking its own docs after editing them.

Tools, each answering what the command line's JSON answers for the same inputs:

- ``context(dir, agent?, format, engine?)``: ``agents-md context DIR --format json|claude-md|text
  [--engine NAME|all]``;
- ``read(path, cwd, after?, agent?, engine?)``: ``agents-md read PATH --cwd CWD --after ... --format
  json [--engine NAME|all]``, what a Read attaches given what was read already;
- ``check(paths?, base?)``: ``agents-md check --format json`` on the served repository.

One resource template, ``agents-md://context/{+dir}``: the block an agent starting in that
directory (relative to the served root) receives. Paths are taken relative to the served root
(``--root``, default the working directory) unless absolute. A bad argument is an MCP error
(``ToolError``) naming what was wrong, never a crash of the server. The session inputs given
to ``agents-md mcp`` (``--home``, ``--settings``, ...) apply to every call.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

FORMATS = ("json", "claude-md", "text")
CLAUDE_CODE = "claude-code"  # the engine the tools answer for unless another is named
INSTRUCTIONS = (
    "Read-only views of the instruction files (CLAUDE.md, AGENTS.md) Claude Code loads: context for what an "
    "agent starting in a directory receives, read for what a Read of a file attaches, check for the problems "
    "of the repository's docs. context and read also answer for Codex CLI, Gemini CLI and OpenCode (engine)."
)


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


def build_server(args: argparse.Namespace) -> MCPServer[Any]:
    """The server; ``args`` holds the session inputs and ``root``."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    from agents_md._version import __version__
    from agents_md.cli.session_args import offered_agent, session_from
    from agents_md.errors import AgentsMdError

    root = os.path.abspath(args.root)
    server: MCPServer[Any] = MCPServer(name="agents-md", version=__version__, instructions=INSTRUCTIONS)
    read_only = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

    def where(path: str, what: str) -> str:
        if not isinstance(path, str) or not path or "\0" in path:
            raise ToolError(f"{what}: expected a path, got {path!r}")
        return os.path.normpath(os.path.join(root, os.path.expanduser(path)))

    def session(cwd: str) -> Any:
        if not os.path.isdir(cwd):
            raise ToolError(f"{cwd}: not a directory")
        try:
            return session_from(args, cwd)
        except AgentsMdError as exc:
            raise ToolError(str(exc)) from exc

    def engines(engine: str, agent: str | None) -> tuple[str, ...]:
        from agents_md.host.engines import ENGINE_NAMES, engine_names

        if not isinstance(engine, str) or engine not in (*ENGINE_NAMES, "all"):
            raise ToolError(f"engine: expected one of {', '.join(ENGINE_NAMES)} or all, got {engine!r}")
        if agent and engine != CLAUDE_CODE:
            raise ToolError("agent: a subagent type is Claude Code's (leave engine out)")
        return engine_names(engine)

    def engine_context(cwd: str, names: tuple[str, ...], format: str) -> str:
        from agents_md.cli.session_args import env_from, home_from
        from agents_md.cli.views.engines import render_all, render_start, starts_json
        from agents_md.host.engines import TITLES, engine_start

        if format == "claude-md" and len(names) > 1:
            raise ToolError("format: claude-md is one engine's text: name one engine")
        started = session(cwd) if CLAUDE_CODE in names else None
        home, env = home_from(args, cwd), env_from(args)
        try:
            starts = [engine_start(n, cwd, home=home, env=env, session=started) for n in names]
        except AgentsMdError as exc:
            raise ToolError(str(exc)) from exc
        if format == "claude-md":
            return starts[0].prompt or ""
        if format == "text":
            if len(starts) == 1:
                return render_start(starts[0], TITLES[names[0]], home)
            return render_all([(TITLES[n], s) for n, s in zip(names, starts, strict=True)], home)
        return _json(starts_json(starts))

    def engine_reads(cwd: str, names: tuple[str, ...], path: str, before: list[str]) -> str:
        from agents_md.cli.session_args import env_from, home_from
        from agents_md.cli.views.engines import reads_json
        from agents_md.host.engines import engine_read

        started = session(cwd) if CLAUDE_CODE in names else None
        if not os.path.isdir(cwd):
            raise ToolError(f"{cwd}: not a directory")
        home, env = home_from(args, cwd), env_from(args)
        try:
            reads = [
                (n, engine_read(n, cwd, path, home=home, env=env, after=before, session=started)[1]) for n in names
            ]
        except AgentsMdError as exc:
            raise ToolError(str(exc)) from exc
        return _json(reads_json(reads))

    @server.tool(annotations=read_only, structured_output=False)
    def context(dir: str = ".", agent: str | None = None, format: str = "json", engine: str = CLAUDE_CODE) -> str:
        """What an agent starting in ``dir`` loads (as ``agents-md context DIR --format FORMAT``): each
        instruction file with its kind, why it loaded and its size, what was left out and why;
        ``format`` is json, claude-md (exactly the text the model receives) or text; ``engine`` is
        claude-code, codex, gemini, opencode or all (every engine side by side)."""
        from agents_md.host.report import context_report

        if format not in FORMATS:
            raise ToolError(f"format: expected one of {', '.join(FORMATS)}, got {format!r}")
        names = engines(engine, agent)
        if names != (CLAUDE_CODE,):
            return engine_context(where(dir, "dir"), names, format)
        try:
            report = context_report(session(where(dir, "dir")), agent)
        except AgentsMdError as exc:
            raise ToolError(str(exc)) from exc
        if format == "claude-md":
            return report.claude_md or ""
        if format == "text":
            from agents_md.cli.views.context import render_text

            return render_text(report)
        return _json(report.to_json())

    @server.tool(annotations=read_only, structured_output=False)
    def read(
        path: str, cwd: str = ".", after: list[str] | None = None, agent: str | None = None, engine: str = CLAUDE_CODE
    ) -> str:
        """What a Read of ``path`` attaches in a session started in ``cwd`` that already read the
        ``after`` files (as ``agents-md read PATH --cwd CWD --after F --format json``): the engine's
        nested CLAUDE.md blocks and the agents-md plugin's AGENTS.md attachment; ``engine`` is
        claude-code, codex, gemini, opencode or all (every engine's read side by side)."""
        from agents_md.cli.views.read import read_json

        names = engines(engine, agent)
        if names != (CLAUDE_CODE,):
            return engine_reads(where(cwd, "cwd"), names, where(path, "path"), [where(p, "after") for p in after or []])
        started = session(where(cwd, "cwd"))
        try:
            # a type the session does not offer is refused as the command line refuses it
            reader = started.spawn(offered_agent(started, agent)) if agent else started
            for earlier in after or []:
                reader.read(where(earlier, "after"))
            result = reader.read(where(path, "path"))
        except AgentsMdError as exc:
            raise ToolError(str(exc)) from exc
        return _json(read_json(result))

    @server.tool(annotations=read_only, structured_output=False)
    def check(paths: list[str] | None = None, base: str | None = None) -> str:
        """The problems of the served repository's instruction files (as ``agents-md check --format
        json``): docs not updated with their code, stale docs, missing paths, budgets, docs Claude
        Code never loads, broken imports; ``paths`` limits the report, ``base`` is the git ref to
        compare with."""
        from agents_md.diagnostics import render
        from agents_md.maintain.checks.checker import check as run_check

        wanted = [os.path.realpath(where(p, "paths")) for p in paths or []]
        try:
            # as the command line: with a base, what the change introduces is judged
            result = run_check(root, paths=wanted, base=base, staged=False, change=bool(base))
        except AgentsMdError as exc:
            raise ToolError(str(exc)) from exc
        return render(result.report(), "json")

    @server.resource(
        "agents-md://context/{+dir}",
        name="context",
        description="The instructions block an agent starting in DIR (relative to the served root) receives",
        mime_type="text/markdown",
    )
    def context_block(dir: str) -> str:
        from agents_md.host.report import context_report

        return context_report(session(where(dir, "dir"))).claude_md or ""

    return server


def serve(args: argparse.Namespace) -> int:
    build_server(args).run("stdio")
    return 0
