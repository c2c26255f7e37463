"""``context --engine NAME|all`` and ``read --engine gemini|opencode``: what the other coding
agents load (Codex CLI, Gemini CLI, OpenCode), beside Claude Code."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from agents_md._util.std import Sequence
from agents_md.errors import AgentsMdError, UsageError

if TYPE_CHECKING:
    from agents_md.cli.options import Arguments
    from agents_md.host.session import Session


def context_engines(session: Session, args: Arguments, *, engine: str, fmt: str) -> int:
    """What ``engine`` (or every engine) sends when it starts in the session's working directory."""
    from agents_md.cli.session_args import env_from
    from agents_md.cli.views.engines import render_all, render_start, starts_json
    from agents_md.host.engines import TITLES, engine_names, engine_start

    if args.agent:
        raise UsageError("--agent is Claude Code's (use it with --engine claude-code)")
    names = engine_names(engine)
    if fmt == "claude-md":
        raise UsageError("--format claude-md is Claude Code's block; use --format prompt")
    if fmt == "prompt" and len(names) > 1:
        raise UsageError("--format prompt shows one engine's text: name one engine")
    env = env_from(args)
    home, cwd = session.inputs.home, session.inputs.cwd
    starts = [(n, engine_start(n, cwd, home=home, env=env, session=session)) for n in names]
    for _name, start in starts:
        for text in start.notices:
            print(f"agents-md: {_name}: {text}", file=sys.stderr)
    if fmt == "prompt":
        prompt = starts[0][1].prompt
        if prompt is not None:
            sys.stdout.write(prompt + "\n")
        return 0
    if fmt == "json":
        print(json.dumps(starts_json([s for _n, s in starts]), indent=2, ensure_ascii=False))
        return 0
    if len(starts) == 1:
        print(render_start(starts[0][1], TITLES[names[0]], home))
    else:
        print(render_all([(TITLES[n], s) for n, s in starts], home))
    return 0


def read_engine(args: Arguments, *, engine: str, path: str, cwd: str, after: Sequence[str], fmt: str) -> int:
    """What ``engine`` (or every engine) appends after a read of ``path``, once the ``after`` files
    were read."""
    import os

    from agents_md.cli.session_args import env_from, home_from, session_from
    from agents_md.cli.views.engines import reads_json, render_read, render_reads
    from agents_md.host.engines import CLAUDE_CODE, READS, TITLES, engine_names, engine_read

    if args.agent:
        raise UsageError("--agent is Claude Code's (use it with --engine claude-code)")
    names = engine_names(engine)
    if fmt in ("prompt", "claude-md") and len(names) > 1:
        raise UsageError(f"--format {fmt} shows one engine's text: name one engine")
    if not os.path.isdir(cwd):
        raise AgentsMdError(f"{cwd}: not a directory")
    home, env = home_from(args, cwd), env_from(args)
    session = session_from(args, cwd) if CLAUDE_CODE in names else None
    reads = [(n, *engine_read(n, cwd, path, home=home, env=env, after=after, session=session)) for n in names]
    why = "no such file" if not os.path.lexists(path) else "a folder, not a file" if os.path.isdir(path) else None
    if why is not None:
        print(f"agents-md: {path}: {why}; the read fails (what an engine attaches even so is shown)", file=sys.stderr)
    if fmt in ("prompt", "claude-md"):
        text = reads[0][2].text
        if text is not None:
            sys.stdout.write(text + "\n")
        return 0
    if fmt == "json":
        print(json.dumps(reads_json([(n, read) for n, _start, read in reads]), indent=2, ensure_ascii=False))
        return 0
    if len(reads) == 1:
        name, _start, read = reads[0]
        print(render_read(read, TITLES[name], path, reads_at_all=READS[name]))
    else:
        print(render_reads([(TITLES[n], READS[n], start, read) for n, start, read in reads], home))
    return 0
