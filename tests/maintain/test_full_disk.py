"""A full disk (ENOSPC) or a spent quota (EDQUOT) on every write path: ``config set``, ``map --write``,
``link --write``, ``check --fix --write`` and the Claude Code hook's state. Each says which file it
could not write and why, with no traceback; the file on disk keeps every byte it had; no temporary
file is left beside it.

The disk fills where a real one does: the bytes are written, and ``fsync`` (which makes them land)
fails.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import GitRepo

from agents_md.claude_code import state as states
from agents_md.claude_code.run import run_hook
from agents_md.cli.main import main
from agents_md.maintain.map import MAP_END, MAP_START

Repo = Callable[..., GitRepo]
CODES = [errno.ENOSPC, errno.EDQUOT]


@pytest.fixture(params=CODES, ids=errno.errorcode.get)
def full(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """From now on no write lands; the reason as the system words it."""
    code: int = request.param

    def fsync(fd: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", fsync)
    return os.strerror(code)


def _leftovers(*folders: Path) -> list[str]:
    return [n for d in folders for n in os.listdir(d) if n.startswith(".agents-md-") or n.endswith(".tmp")]


def test_config_set(tree: Any, full: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = '{\n  "model": "x"\n}\n'
    home = tree({".claude/settings.json": before}, "home")
    assert main(["config", "set", "instructionFiles", "managed-only", "--home", str(home)]) == 1
    err = capsys.readouterr().err
    assert f"{home / '.claude/settings.json'}: cannot be written ({full}); left as it was" in err
    assert "Traceback" not in err
    assert (home / ".claude/settings.json").read_text() == before
    assert _leftovers(home / ".claude") == []


def test_map_write(repo: Repo, full: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = f"# Root\n{MAP_START}\n{MAP_END}\n"
    r = repo({"AGENTS.md": text, "a/AGENTS.md": "# A\n"})
    assert main(["map", str(r.path), "--write"]) == 1
    err = capsys.readouterr().err
    assert f"{r.path / 'AGENTS.md'}: cannot be written ({full}); left as it was" in err
    assert "Traceback" not in err
    assert (r.path / "AGENTS.md").read_text() == text
    assert _leftovers(r.path) == []


def test_link_write(repo: Repo, full: str, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", "apps/web/AGENTS.md": "# Web\n"})
    code = main(["link", "--dir", str(r.path), "--write"])
    out = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in out.err
    lines = out.out.splitlines()
    assert any(line.startswith("refused") and "CLAUDE.md" in line and full in line for line in lines), lines
    assert not (r.path / "CLAUDE.md").exists() and not (r.path / "apps/web/CLAUDE.md").exists()
    assert _leftovers(r.path, r.path / "apps/web") == []


def test_check_fix_write(repo: Repo, full: str, capsys: pytest.CaptureFixture[str]) -> None:
    doc = "# Root\n\nWe use @types/node for types.\n"
    r = repo({"AGENTS.md": doc})
    code = main(["check", "--dir", str(r.path), "--format", "concise", "--fix", "--write"])
    err = capsys.readouterr().err
    assert code == 1
    assert f"AGENTS.md: {full}; not changed" in err
    assert "Traceback" not in err
    assert (r.path / "AGENTS.md").read_text() == doc
    assert _leftovers(r.path) == []


def test_hook_state(tree: Any, home: Any, full: str) -> None:
    root = tree({"AGENTS.md": "# root\n", "sub/AGENTS.md": "# sub\n", "sub/f.txt": "x\n"})
    off = {".claude/settings.json": {"json": {"enabledPlugins": {"agents-md@builtin": False}}}}
    env = {"HOME": str(home(off)), "PATH": os.environ.get("PATH", "")}
    path = Path(states.state_path(states.state_dir(env, env["HOME"]), "s1"))
    path.parent.mkdir(parents=True)
    before = json.dumps({"format": states.FORMAT, "session_id": "s1", "steps": []}) + "\n"
    path.write_text(before, encoding="utf-8")
    event = {
        "session_id": "s1",
        "cwd": str(root),
        "hook_event_name": "PostToolUse",
        "tool_name": "Read",
        "tool_input": {"file_path": str(root / "sub/f.txt")},
    }
    out = run_hook(json.dumps(event), env=env)
    # Nothing attached that the state could not remember: the next Read, on a disk with room, attaches it.
    assert out.stdout == ""
    assert out.logged is not None and full in out.logged
    assert path.read_text(encoding="utf-8") == before
    assert _leftovers(path.parent) == []
