"""The command tree a completion script offers, read from the argparse parser.

1. Each parser becomes a ``Command``: its sub-command path (``("agents", "list")``), its
   options (every spelling, whether it takes a value, its choices, its help) and its
   sub-commands with their one-line help.
2. Hidden options (``help=SUPPRESS``) are left out; a positional argument means the command
   takes words: its choices when it has them, else files.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    flags: tuple[str, ...]  # "-h", "--help"
    help: str
    takes_value: bool
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    path: tuple[str, ...]  # () for the program itself
    help: str
    options: tuple[Option, ...]
    subcommands: tuple[Command, ...] = ()
    takes_words: bool = False
    word_choices: tuple[str, ...] = ()  # the words a positional argument takes, when it names them

    def walk(self) -> list[Command]:
        """This command and every command below it, parents first."""
        out = [self]
        for sub in self.subcommands:
            out += sub.walk()
        return out


def _help(text: str | None) -> str:
    return " ".join((text or "").split()).replace("%(default)s", "").strip()


def command_tree(parser: argparse.ArgumentParser, path: tuple[str, ...] = (), help_text: str = "") -> Command:
    """Step 1: the parser as a ``Command``."""
    options: list[Option] = []
    subcommands: list[Command] = []
    takes_words = False
    word_choices: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: _help(choice.help) for choice in action._choices_actions}
            for name, sub in action.choices.items():
                subcommands.append(command_tree(sub, (*path, name), helps.get(name, "")))
        elif action.option_strings:
            if action.help == argparse.SUPPRESS:
                continue
            options.append(
                Option(
                    flags=tuple(action.option_strings),
                    help=_help(action.help),
                    takes_value=action.nargs != 0,
                    choices=tuple(str(c) for c in action.choices or ()),
                )
            )
        else:
            takes_words = True
            word_choices += [str(c) for c in action.choices or ()]
    return Command(
        path=path,
        help=help_text,
        options=tuple(options),
        subcommands=tuple(subcommands),
        takes_words=takes_words,
        word_choices=tuple(word_choices),
    )
