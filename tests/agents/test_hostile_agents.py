"""Hostile agent files: an alias bomb is refused in linear time, a pipe or a device is never read."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md._util.yaml_front import MAX_EXPANDED_NODES, parse_front_matter
from agents_md.cli.main import main

Tree = Callable[..., Path]


def _bomb(levels: int = 9) -> str:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    previous = "a"
    for name in "bcdefghijklm"[:levels]:
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
        previous = name
    return "\n".join(lines) + "\n"


def test_yaml_alias_bombs_are_bounded() -> None:
    parsed = parse_front_matter(_bomb())
    # Refused strictly; the lenient retry reads each line's value as the text it is.
    assert parsed.lenient and parsed.data["j"] == "&j [" + ",".join(["*i"] * 9) + "]"


def test_aliases_within_the_bound_still_expand() -> None:
    parsed = parse_front_matter("a: &x [1, 2]\nb: [*x, *x]\n")
    assert parsed.data == {"a": [1, 2], "b": [[1, 2], [1, 2]]} and not parsed.lenient
    assert MAX_EXPANDED_NODES >= 10_000


def test_a_self_referring_alias_is_refused() -> None:
    assert not isinstance(parse_front_matter("a: &x [*x]\n").data["a"], list)


@pytest.mark.parametrize("command", ["agents check", "agents list", "context --agent"])
def test_an_alias_bomb_in_an_agent_file_leaves_every_command_answering(
    tree: Tree, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({".claude/agents/x.md": f"---\nname: x\ndescription: d\n{_bomb()}---\nbody\n"})
    home = str(tree({}, "home"))
    session = ["--home", home, "--managed-dir", str(root / "m")]
    args = {
        "agents check": ["agents", "check", str(root / ".claude/agents/x.md")],
        "agents list": ["agents", "list", "--cwd", str(root), *session],
        "context --agent": ["context", str(root), "--agent", "x", *session],
    }[command]
    assert main(args) in (0, 1)
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_agents_check_never_reads_a_pipe_or_a_device(
    tree: Tree, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({})
    (root / ".claude/agents").mkdir(parents=True)
    path = root / ".claude/agents/x.md"
    if target == "fifo":
        os.mkfifo(path)
    else:
        os.symlink(target, path)
    main(["agents", "check", str(path)])
    assert f"{path}: error: [unreadable] cannot read the file: not a regular file" in capsys.readouterr().out
    assert main(["agents", "check", "--agents", str(path)]) == 1
    assert "not a regular file" in capsys.readouterr().out
