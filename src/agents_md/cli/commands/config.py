"""``agents-md config``: the "Project instructions" setting — what it is, where it came from, set it.

``agents-md config`` shows the effective ``instructionFiles`` mode, where it was read from, and
the four values. ``agents-md config set instructionFiles VALUE`` writes it into user settings
(``~/.claude/settings.json``): only that value changes, byte for byte; the file is replaced
atomically; a file that is not valid JSON is refused and left as it is.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agents_md.host.session import Session


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
        help="the plugin's settings key (default agents-md@builtin; agents-md when loaded from a folder)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    from agents_md.cli.session_args import add_session_arguments

    add_session_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import os

    from agents_md.cli.session_args import home_from, session_from

    if args.action == "set":
        return set_option(args.key, args.value, home=home_from(args), plugin_key=args.plugin_key)
    return show(session_from(args, os.path.abspath(args.dir)), plugin_key=args.plugin_key, fmt=args.format)


def show(session: Session, *, plugin_key: str | None, fmt: str) -> int:
    """The mode the plugin runs in, as it recorded it at the start; with ``plugin_key`` (or while it
    is off), the mode that key's options would give."""
    import sys

    from agents_md.cli.views.config import config_json, config_text
    from agents_md.plugins.agents_md import BUILTIN_KEY, NAME, ModeReading, read_mode

    start = session.start()
    recorded = [r.value for r in start.records if r.source == NAME and isinstance(r.value, ModeReading)]
    plugin_on = any(spec.name == NAME for spec in session.plugins)
    key = plugin_key or BUILTIN_KEY
    reading = recorded[0] if recorded and plugin_key is None else read_mode(start.settings, key)
    if fmt == "json":
        import json

        print(json.dumps(config_json(reading, key=key, plugin_on=plugin_on), indent=2))
        return 0
    print(config_text(reading, key=key, plugin_on=plugin_on))
    for text in reading.notices:
        print(f"agents-md: {text}", file=sys.stderr)
    return 0


def set_option(key: str | None, value: str | None, *, home: str, plugin_key: str | None) -> int:
    """Write ``instructionFiles = value`` into the user settings under ``home``."""
    import os

    from agents_md.errors import UsageError
    from agents_md.host.settings_file import write_option
    from agents_md.plugins.agents_md import BUILTIN_KEY, LEGACY_KEY, MODES, OPTION_KEY

    if key != OPTION_KEY or value is None:
        raise UsageError(f"usage: agents-md config set {OPTION_KEY} VALUE (VALUE one of {', '.join(MODES)})")
    if value not in MODES:
        raise UsageError(f"{value!r} is not a mode; expected one of {', '.join(MODES)}")
    path = os.path.join(home, ".claude", "settings.json")
    changed, legacy = write_option(path, plugin_key or BUILTIN_KEY, OPTION_KEY, value, legacy_key=LEGACY_KEY)
    print(f"{path}: {OPTION_KEY} {'set to' if changed else 'already'} {value}")
    if legacy:
        print(f"{path}: {LEGACY_KEY} is still there and is no longer read; remove it")
    return 0
