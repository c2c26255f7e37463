"""The argparse parser of the command line: each sub-command's ``register`` declares its part.

Built only when a command line is not read plainly (``cli.options``), and then only the
sub-command asked for (``--help`` builds them all).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import sys

from agents_md.cli import COMMANDS, DEBUG_ENV

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any


@functools.cache
def _width() -> int:
    try:
        width = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        try:
            width = os.get_terminal_size(sys.__stdout__.fileno() if sys.__stdout__ else 1).columns
        except (OSError, ValueError):
            width = 80
    return max(width - 2, 20)


class _Formatter(argparse.HelpFormatter):
    """argparse's help, as wide as the terminal: the width is found here, with ``os``, because
    argparse's own way imports ``shutil`` (and its compressors) on every run, help or not."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_width())


class _Parser(argparse.ArgumentParser):
    """Every parser and sub-parser of the command line, with that formatter, and an error that
    says where an option went wrong: written before the (sub-)command it belongs to."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self._given: list[str] = []

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> Any:
        hint = self._misplaced()
        super().error(f"{message}\n{hint}" if hint else message)

    def _misplaced(self) -> str | None:
        return _misplaced(self, self._given, [self.prog])


def _misplaced(parser: argparse.ArgumentParser, given: list[str], above: list[str]) -> str | None:
    """``agents-md agents --cwd X list``: options not the parser's, before the word that names a
    sub-command: the same line with them after that word (looked for at each level down)."""
    commands = next((a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
    if not commands:
        return None
    own = {option for action in parser._actions for option in action.option_strings}
    for at, word in enumerate(given):
        if word in commands:
            before = given[:at]
            if any(t.startswith("-") and t.partition("=")[0] not in own for t in before):
                import shlex

                fixed = shlex.join([*above[1:], word, *before, *given[at + 1 :]])
                return f"options of {word!r} go after it: {above[0]} {fixed}"
            return _misplaced(commands[word], given[at + 1 :], [*above, *before, word])
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, just that sub-command's (the others are not even imported)."""
    parser = _Parser(
        prog="agents-md",
        description="See and check the instruction files (CLAUDE.md, AGENTS.md) a coding agent loads.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--debug", action="store_true", help=f"on an unexpected error, show the traceback (also {DEBUG_ENV}=1)"
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in (only,) if only else COMMANDS:
        module = importlib.import_module(f"agents_md.cli.commands.{name.replace('-', '_')}")
        module.register(subparsers)
    return parser
