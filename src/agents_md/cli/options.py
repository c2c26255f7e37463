"""A command's options as data: argparse is built from them, and a plain command line is read
from them without argparse.

The commands that run once per hook call (``context``, ``hook run``) would spend a good part
of their start importing and building argparse (and its ``gettext`` and ``locale``) to read a
command line that a program wrote. So each declares its options here once; ``add_options``
gives them to argparse, which answers help, completion and every error, and ``read_plain``
reads a *plain* command line itself:

1. The command's words come first (``context``; ``hook run``), nothing before them.
2. Then at most one positional word, where the command takes one, and only right after them.
3. Then options, each a declared long option spelled whole: a switch, or the option and its
   value as the next word. A value never starts with ``-``; a choice is one of its choices.
4. Anything else (``-h``, an abbreviation, ``--name=value``, ``--``, an unknown or repeated
   positional, a bad choice) is not plain: argparse reads it, giving the same answer or the
   usage error. A test holds the two readings equal on plain lines.
"""

from __future__ import annotations

from agents_md._util.std import SimpleNamespace
from agents_md._value import Value

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from argparse import Namespace
    from collections.abc import Callable, Sequence
    from typing import Any

    Arguments = Namespace | SimpleNamespace  # argparse's reading, or ``read_plain``'s

STORE, SWITCH, APPEND = "store", "store_true", "append"


class Option(Value):
    """One long option, as ``add_argument`` takes it (``dest`` is derived as argparse derives it)."""

    flag: str
    action: str = STORE
    default: Any = None
    choices: tuple[str, ...] | None = None
    metavar: str | None = None
    help: str | None = None

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")


class Positional(Value):
    """The one optional positional word a command may take (``nargs="?"``)."""

    dest: str
    default: str
    help: str


class Plain(Value):
    """What a plainly written command line of a command comes to: its words, its options, the
    values argparse's parents set (``command``, ``run``...), and the one positional it takes."""

    words: tuple[str, ...]
    options: tuple[Option, ...]
    fixed: tuple[tuple[str, Any], ...]
    positional: Positional | None = None


def add_options(parser: Any, options: Sequence[Option]) -> None:
    """Give ``options`` to an argparse parser (or argument group)."""
    for option in options:
        given = {"choices": option.choices, "metavar": option.metavar, "help": option.help}
        kwargs = {key: value for key, value in given.items() if value is not None}
        if option.action == SWITCH:
            parser.add_argument(option.flag, action=SWITCH, **kwargs)
        else:
            default = list(option.default) if option.action == APPEND else option.default
            parser.add_argument(option.flag, action=option.action, default=default, **kwargs)


def add_positional(parser: Any, positional: Positional) -> None:
    parser.add_argument(positional.dest, nargs="?", default=positional.default, help=positional.help)


def read_plain(plain: Plain, argv: Sequence[str], run: Callable[..., int]) -> SimpleNamespace | None:
    """``argv`` read as argparse reads it, when it is plain (the steps above); else ``None``."""
    words = len(plain.words)
    if tuple(argv[:words]) != plain.words:
        return None
    values: dict[str, Any] = dict(plain.fixed)
    for option in plain.options:
        values[option.dest] = False if option.action == SWITCH else option.default
        if option.action == APPEND:
            values[option.dest] = list(option.default or ())
    rest = list(argv[words:])
    if plain.positional is not None:
        values[plain.positional.dest] = plain.positional.default
        if rest and not rest[0].startswith("-"):
            values[plain.positional.dest] = rest.pop(0)
    by_flag = {option.flag: option for option in plain.options}
    while rest:
        given = by_flag.get(rest.pop(0))
        if given is None:
            return None
        if given.action == SWITCH:
            values[given.dest] = True
            continue
        if not rest or rest[0].startswith("-") or (given.choices is not None and rest[0] not in given.choices):
            return None
        if given.action == APPEND:
            values[given.dest].append(rest.pop(0))
        else:
            values[given.dest] = rest.pop(0)
    values["run"] = run
    return SimpleNamespace(**values)
