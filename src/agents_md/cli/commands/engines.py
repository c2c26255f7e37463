"""``context --engine NAME|all`` and ``read --engine gemini|opencode``: what the other coding
agents load (Codex CLI, Gemini CLI, OpenCode), beside Claude Code."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from agents_md.errors import UsageError

if TYPE_CHECKING:
    from agents_md.cli.options import Arguments
    from agents_md.host.session import Session

ALL = "all"


def _names(engine: str) -> tuple[str, ...]:
    from agents_md.host.engines import ENGINE_NAMES

    if engine == ALL:
        return ENGINE_NAMES
    if engine not in ENGINE_NAMES:
        raise UsageError(f"--engine {engine!r}: expected one of {', '.join(ENGINE_NAMES)} or all")
    return (engine,)


def context_engines(session: Session, args: Arguments, *, engine: str, fmt: str) -> int:
    """What ``engine`` (or every engine) sends when it starts in the session's working directory."""
    from agents_md.cli.session_args import env_from
    from agents_md.cli.views.engines import render_all, render_start, start_json
    from agents_md.host.engines import TITLES, engine_start

    if args.agent:
        raise UsageError("--agent is Claude Code's (use it with --engine claude-code)")
    names = _names(engine)
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
        data = [start_json(s) for _n, s in starts]
        print(json.dumps(data[0] if len(data) == 1 else {"engines": data}, indent=2, ensure_ascii=False))
        return 0
    if len(starts) == 1:
        print(render_start(starts[0][1], TITLES[names[0]], home))
    else:
        print(render_all([(TITLES[n], s) for n, s in starts], home))
    return 0


def read_engine(args: Arguments, *, engine: str, path: str, cwd: str, after: Sequence[str], fmt: str) -> int:
    """What ``engine`` attaches after a read of ``path``, once the ``after`` files were read."""
    from agents_md.cli.session_args import env_from, home_from
    from agents_md.engines.registry import find

    if engine not in ("gemini", "opencode"):
        raise UsageError(f"--engine {engine!r}: attachments on a read are Claude Code's, gemini's or opencode's")
    if args.agent:
        raise UsageError("--agent is Claude Code's (use it with --engine claude-code)")
    session = find(engine).session(cwd, home=home_from(args, cwd), env=env_from(args))
    for earlier in after:
        session.read(earlier)
    result = session.read(path)
    if fmt == "json":
        files = [{"path": f.path, "why": f.why, "bytes": f.size} for f in result.files]
        print(json.dumps({"engine": engine, "path": result.path, "files": files, "text": result.text}, indent=2))
    elif fmt in ("prompt", "claude-md"):
        if result.text is not None:
            sys.stdout.write(result.text + "\n")
    elif result.text is None:
        print(f"A read of {path} attaches nothing ({engine}).")
    else:
        print(f"A read of {path} attaches {len(result.files)} file(s) ({engine}):")
        for f in result.files:
            print(f"  {f.path} ({f.size:,} B)")
        print()
        print(result.text)
    return 0
