"""``agents-md completion bash|zsh|fish``: the shell's completion script, generated from this parser."""

from __future__ import annotations

import argparse
from typing import Any

SHELLS = ("bash", "zsh", "fish")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "completion",
        help="print the completion script for bash, zsh or fish",
        description="Print the shell completion script: sub-commands, options and their choices, made from "
        'this command line itself. bash: eval "$(agents-md completion bash)" in ~/.bashrc; zsh: '
        "agents-md completion zsh > a folder on $fpath, named _agents-md; fish: agents-md completion fish > "
        "~/.config/fish/completions/agents-md.fish.",
    )
    parser.add_argument("shell", choices=SHELLS, help="the shell")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import sys

    sys.stdout.write(completion_script(args.shell))
    return 0


def completion_script(shell: str) -> str:
    """The script for ``shell``, from the whole parser (every sub-command's module is imported)."""
    from agents_md.cli.completion.model import command_tree
    from agents_md.cli.main import build_parser

    tree = command_tree(build_parser())
    if shell == "bash":
        from agents_md.cli.completion.bash import bash_script

        return bash_script(tree)
    if shell == "zsh":
        from agents_md.cli.completion.zsh import zsh_script

        return zsh_script(tree)
    from agents_md.cli.completion.fish import fish_script

    return fish_script(tree)
