"""``agents-md replay SCRIPT.json [-o OUT.json]``: a scripted session, as the engine would send it."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a scripted session and write what the engine would send",
        description="Replay a scripted session (the candidate protocol) and write what the engine would send.",
    )
    parser.add_argument("script", help="the session script (JSON)")
    parser.add_argument("-o", "--output", help="write the result here instead of standard output")
    parser.add_argument("--managed-dir", help="the managed policy folder (default: the platform's)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import json

    from agents_md.errors import AgentsMdError
    from agents_md.host.replay import replay

    try:
        with open(args.script, encoding="utf-8") as handle:
            script = json.load(handle)
    except OSError as exc:
        raise AgentsMdError(f"{args.script}: cannot be read ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise AgentsMdError(f"{args.script}:{exc.lineno}: not valid JSON ({exc.msg})") from exc
    for key in ("cwd", "home"):
        if not isinstance(script.get(key), str):
            raise AgentsMdError(f"{args.script}: expected a string {key!r} in the script")
    result = replay(script, managed_dir=args.managed_dir)
    text = json.dumps(result, ensure_ascii=False, indent=1)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    else:
        print(text)
    return 0
