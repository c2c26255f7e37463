"""Argument parsing for every sub-command, and the exit-code edge.

Each command lives in ``agents_md.cli.commands.<name>`` and exposes ``register`` (declares its
arguments) and ``run`` (does the work, returns an exit code). Expected errors exit 1, usage
errors 2, Ctrl-C 130.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Sub-commands in the order ``--help`` lists them.
COMMANDS = ("context", "read", "replay", "config", "agents", "check", "link", "map")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, just that sub-command's (the others are not even imported)."""
    parser = argparse.ArgumentParser(
        prog="agents-md",
        description="See and check the instruction files (CLAUDE.md, AGENTS.md) a coding agent loads.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in (only,) if only else COMMANDS:
        try:
            module = importlib.import_module(f"agents_md.cli.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"agents_md.cli.commands.{name}":
                continue  # a command not built yet
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # The command line runs once per hook call: import only the sub-command asked for.
    first = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(argv)
    if args.version:
        from agents_md._version import __version__

        print(f"agents-md {__version__}")
        return 0
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    from agents_md.errors import AgentsMdError, UsageError

    try:
        result: int = args.run(args)
        return result
    except UsageError as exc:
        print(f"agents-md: usage error: {exc}", file=sys.stderr)
        return 2
    except AgentsMdError as exc:
        print(f"agents-md: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. ``| head``): stop quietly, as a Unix tool does.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def entry() -> None:
    raise SystemExit(main())
