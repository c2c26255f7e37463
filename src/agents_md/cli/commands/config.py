"""``agents-md config``: the "Project instructions" setting — what it is, where it came from, set it.

``agents-md config`` shows the effective ``instructionFiles`` mode, where it was read from, and
the four values. ``agents-md config set instructionFiles VALUE`` writes it into user settings
(``~/.claude/settings.json``): only that value changes, byte for byte; the file is replaced
atomically; a file that is not valid JSON is refused and left as it is.
"""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "config",
        help='show or set the "Project instructions" option (instructionFiles)',
        description='Show the "Project instructions" option (instructionFiles): the effective mode, where it '
        "came from, the four values; or set it in user settings.",
    )
    parser.add_argument("action", nargs="?", choices=("show", "set"), default="show")
    parser.add_argument("key", nargs="?", help="instructionFiles")
    parser.add_argument("value", nargs="?", help="one of the four modes")
    parser.add_argument("--dir", default=".", help="the working directory whose settings apply (default: .)")
    parser.add_argument(
        "--key",
        dest="plugin_key",
        default="agents-md@builtin",
        help="the plugin's settings key (agents-md when loaded from a folder)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    from agents_md.cli.session_args import add_session_arguments

    add_session_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.action == "set":
        return _set(args)
    return _show(args)


def _show(args: argparse.Namespace) -> int:
    import json
    import os
    import sys

    from agents_md.cli.session_args import session_from
    from agents_md.cli.style import Style
    from agents_md.plugins.agents_md.option import MODES, read_mode

    session = session_from(args, os.path.abspath(args.dir))
    reading = read_mode(session.start().settings, args.plugin_key)
    plugin_on = any(spec.name == "agents-md" for spec in session.plugins)
    if args.format == "json":
        print(
            json.dumps(
                {
                    "option": "instructionFiles",
                    "key": args.plugin_key,
                    "mode": reading.mode,
                    "source": reading.source,
                    "plugin_enabled": plugin_on,
                    "notices": list(reading.notices),
                    "values": MODES,
                },
                indent=2,
            )
        )
        return 0
    s = Style()
    print(f"{s('Project instructions', 'bold')} (pluginConfigs[{args.plugin_key!r}].options.instructionFiles)")
    state = "" if plugin_on else s("  — the agents-md plugin is off: the engine reads CLAUDE.md alone", "yellow")
    print(f"  effective: {s(reading.mode, 'cyan')}  (from {reading.source}){state}")
    print()
    for value, description in MODES.items():
        mark = "*" if value == reading.mode else " "
        print(f"  {mark} {value:<24} {description}")
    for text in reading.notices:
        print(f"agents-md: {text}", file=sys.stderr)
    return 0


def _set(args: argparse.Namespace) -> int:
    import os

    from agents_md.errors import UsageError
    from agents_md.host.settings_file import write_option
    from agents_md.plugins.agents_md.option import MODES, OPTION_KEY

    if args.key != OPTION_KEY or args.value is None:
        raise UsageError(f"usage: agents-md config set {OPTION_KEY} VALUE (VALUE one of {', '.join(MODES)})")
    if args.value not in MODES:
        raise UsageError(f"{args.value!r} is not a mode; expected one of {', '.join(MODES)}")
    home = args.home if args.home else os.path.expanduser("~")
    path = os.path.join(home, ".claude", "settings.json")
    changed, legacy = write_option(path, args.plugin_key, OPTION_KEY, args.value)
    print(f"{path}: instructionFiles {'set to' if changed else 'already'} {args.value}")
    if legacy:
        print(f"{path}: projectInstructions is still there and is no longer read; remove it")
    return 0
