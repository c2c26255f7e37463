"""``agents-md replay-engine INPUT -o OUT``: what Codex, Gemini CLI or OpenCode would send (the
engines' candidate protocol)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay-engine",
        help="answer the engines' candidate protocol: what codex, gemini or opencode would send",
        description="Read {engine, root, home, cwd, env, reads} and write {prompt, reads}: the exact instruction "
        "text the engine sends at start and what it attaches after each read.",
    )
    parser.add_argument("input", help="the input (JSON)")
    parser.add_argument("-o", "--output", help="write the result here instead of standard output")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return replay_engine(args.input, output=args.output)


def replay_engine(input_path: str, *, output: str | None) -> int:
    import json

    from agents_md._util.atomic import atomic_write
    from agents_md.engines.replay import replay_engine as answer
    from agents_md.errors import AgentsMdError

    try:
        with open(input_path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as exc:
        raise AgentsMdError(f"{input_path}: cannot be read ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise AgentsMdError(f"{input_path}:{exc.lineno}: not valid JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise AgentsMdError(f"{input_path}: expected a JSON object")
    try:
        text = json.dumps(answer(data), ensure_ascii=False, indent=1)
    except AgentsMdError as exc:
        raise AgentsMdError(f"{input_path}: {exc}") from exc
    if output:
        atomic_write(output, text + "\n")
    else:
        print(text)
    return 0
