"""``agents-md completion bash|zsh|fish``: valid scripts that offer what the parser takes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from agents_md.cli.commands.completion import completion_script
from agents_md.cli.main import COMMANDS, main


def script(tmp_path: Path, shell: str) -> Path:
    path = tmp_path / f"agents-md.{shell}"
    path.write_text(completion_script(shell))
    return path


def need(program: str) -> str:
    found = shutil.which(program)
    if found is None:
        pytest.skip(f"{program} is not installed")
    return found


def test_the_command_prints_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "bash"]) == 0
    assert capsys.readouterr().out == completion_script("bash")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_each_script_is_valid_for_its_shell(tmp_path: Path, shell: str) -> None:
    program = need(shell)
    done = subprocess.run([program, "-n", str(script(tmp_path, shell))], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def bash_offers(path: Path, *words: str) -> list[str]:
    program = (
        'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _agents_md; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(["bash", "-c", program, "x", str(path), *words], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return [w for w in done.stdout.splitlines() if w]


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        (("",), list(COMMANDS)),
        (("con",), ["context", "config"]),
        (("context", "--for"), ["--format"]),
        (("context", "--format", ""), ["text", "json", "claude-md", "prompt"]),
        (("agents", ""), ["list", "check"]),
        (("agents", "list", "--format", ""), ["text", "lines", "json"]),
        (("check", "--format", "s"), ["sarif"]),
        (("completion", ""), ["bash", "zsh", "fish"]),
        (("context", "--home", ""), []),  # a value: the shell completes files
        (("map", "--wr"), ["--write"]),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else None,
)
def test_bash_offers_the_subcommands_options_and_choices(
    tmp_path: Path, words: tuple[str, ...], offered: list[str]
) -> None:
    need("bash")
    assert bash_offers(script(tmp_path, "bash"), "agents-md", *words) == offered


def test_bash_offers_every_option_of_a_subcommand(tmp_path: Path) -> None:
    need("bash")
    offered = bash_offers(script(tmp_path, "bash"), "agents-md", "context", "--")
    assert {"--format", "--agent", "--absolute", "--home", "--settings", "--profile", "--help"} <= set(offered)


ZSH_STUBS = """
_describe() { local -a items; items=("${(@P)${4}}"); print -rl -- "${items[@]%%:*}"; }
compadd() { shift; print -rl -- "$@"; }
_files() { print -- "<files>"; }
compdef() { :; }
"""


def zsh_offers(path: Path, *words: str) -> list[str]:
    program = ZSH_STUBS + 'source "$1"; shift; words=("$@"); CURRENT=$#; _agents_md'
    done = subprocess.run(["zsh", "-f", "-c", program, "x", str(path), *words], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return [w.replace("\\:", ":") for w in done.stdout.splitlines()]


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        (("",), list(COMMANDS)),
        (("context", "--format", ""), ["text", "json", "claude-md", "prompt"]),
        (("agents", ""), ["list", "check"]),
        (("completion", ""), ["bash", "zsh", "fish"]),
        (("context", "--home", ""), ["<files>"]),
        (("context", ""), ["<files>"]),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else None,
)
def test_zsh_offers_the_subcommands_options_and_choices(
    tmp_path: Path, words: tuple[str, ...], offered: list[str]
) -> None:
    need("zsh")
    assert zsh_offers(script(tmp_path, "zsh"), "agents-md", *words) == offered


def fish_offers(path: Path, line: str) -> list[str]:
    done = subprocess.run(
        ["fish", "--no-config", "-c", f"source {path}; complete -C {line!r}"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return [w.split("\t")[0] for w in done.stdout.splitlines()]


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("agents-md ", sorted(COMMANDS)),
        ("agents-md agents ", ["check", "list"]),
        ("agents-md context --format ", ["claude-md", "json", "prompt", "text"]),
        ("agents-md completion ", ["bash", "fish", "zsh"]),
        ("agents-md map --wr", ["--write"]),
    ],
)
def test_fish_offers_the_subcommands_options_and_choices(tmp_path: Path, line: str, offered: list[str]) -> None:
    need("fish")
    assert sorted(fish_offers(script(tmp_path, "fish"), line)) == offered


def test_the_scripts_follow_the_parser(tmp_path: Path) -> None:
    """Every sub-command and option the parser knows is in every script: nothing is written by hand."""
    from agents_md.cli.completion.model import command_tree
    from agents_md.cli.main import build_parser

    tree = command_tree(build_parser())
    for shell in ("bash", "zsh", "fish"):
        text = completion_script(shell)
        for command in tree.walk():
            assert all(part in text for part in command.path), (shell, command.path)
            for option in command.options:
                flag = option.flags[-1]
                assert (flag if shell != "fish" else f"-l {flag[2:]}") in text, (shell, command.path, flag)
