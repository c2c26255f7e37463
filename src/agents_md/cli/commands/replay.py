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
    return replay(args.script, output=args.output, managed_dir=args.managed_dir)


SCRIPT_MAX_BYTES = 64 << 20  # a replay script: far past any scripted session


def replay(script_path: str, *, output: str | None, managed_dir: str | None) -> int:
    """Replay the script at ``script_path``; the result (JSON) to ``output`` or standard output."""
    import errno
    import json
    import os

    from agents_md._util.regular import read_regular
    from agents_md.errors import AgentsMdError
    from agents_md.host.replay import replay as replay_script
    from agents_md.host.script import ScriptError, check_script

    try:
        data = read_regular(script_path, limit=SCRIPT_MAX_BYTES)
        if data is None:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        script = json.loads(data.decode("utf-8"))
    except OSError as exc:
        raise AgentsMdError(f"{script_path}: cannot be read ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise AgentsMdError(f"{script_path}: not valid UTF-8 (byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        raise AgentsMdError(f"{script_path}:{exc.lineno}: not valid JSON ({exc.msg})") from exc
    except RecursionError as exc:
        raise AgentsMdError(f"{script_path}: nested too deep to read") from exc
    try:
        check_script(script)
    except ScriptError as exc:
        raise AgentsMdError(f"{script_path}: " + "; ".join(exc.problems)) from exc
    text = json.dumps(replay_script(script, managed_dir=managed_dir), ensure_ascii=False, indent=1)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    else:
        print(text)
    return 0
