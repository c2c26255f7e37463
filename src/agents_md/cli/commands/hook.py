"""``agents-md hook``: serve the ``agents-md`` plugin to any Claude Code through settings hooks.

``hook run`` answers one hook event (standard input to standard output, always exit 0);
``hook install`` / ``hook uninstall`` write or remove those hooks in a settings file (a dry
run unless ``--write``); ``hook plugin --out DIR`` writes a plugin folder holding them.
"""

from __future__ import annotations

import argparse
from typing import Any

PROFILES = ("reference", "complete")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "hook",
        help="Claude Code settings hooks that give it the agents-md plugin (run, install, uninstall, plugin)",
        description="Claude Code settings hooks that give any Claude Code the agents-md plugin's AGENTS.md "
        "attachments, when its built-in plugin is off or missing.",
    )
    actions = parser.add_subparsers(dest="hook_action", metavar="ACTION", required=True)
    run_parser = actions.add_parser(
        "run",
        help="answer one hook event read on standard input (exit 0 always; failures go to the hook log)",
        description="Answer one Claude Code hook event (JSON on standard input) with what the agents-md plugin "
        "would attach. Silent while the built-in plugin is on, unless --force.",
    )
    run_parser.add_argument("--profile", choices=PROFILES, default="reference")
    run_parser.add_argument("--force", action="store_true", help="answer even while the built-in plugin is on")
    run_parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import os
    import sys

    from agents_md.claude_code.run import run_hook

    try:
        stdin = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        stdin = f"<unreadable: {exc}>"
    outcome = run_hook(stdin, env=os.environ, profile=args.profile, force=args.force)
    if outcome.stdout:
        sys.stdout.write(outcome.stdout)
    return 0
