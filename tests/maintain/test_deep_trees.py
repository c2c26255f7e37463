"""A tree deeper than the interpreter's frames (about a thousand folders): ``check`` and the
walks it makes answer, where Python 3.11's ``os.walk`` stops with ``RecursionError``."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents_md._util.tree_walk import walk
from agents_md.cli.main import main

DEPTH = 1300


@pytest.fixture(autouse=True)
def removed(tmp_path: Path) -> Iterator[None]:
    """The deep trees taken down after the test: pytest's own clean-up of old temporary folders
    recurses too, and would stop on them in a later run."""
    yield
    folders = []
    for folder, dirs, files in walk(str(tmp_path)):
        folders.append(folder)
        for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            os.unlink(os.path.join(folder, name))
    for folder in reversed(folders):
        os.rmdir(folder)


def _deep(root: Path) -> Path:
    """``root`` with ``DEPTH`` folders below it, made a level at a time (``os.makedirs`` recurses too)."""
    root.mkdir()
    (root / "CLAUDE.md").write_text("# root\n")
    here = os.getcwd()
    try:
        os.chdir(root)
        for _ in range(DEPTH):
            os.mkdir("d")
            os.chdir("d")
        Path("AGENTS.md").write_text("# deep\n")
        return Path(os.getcwd())
    finally:
        os.chdir(here)


def test_check_outside_git_answers_on_a_tree_deeper_than_the_frame_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "deep"
    _deep(root)
    monkeypatch.chdir(root)
    code = main(["check", "--format", "json"])
    out, err = capsys.readouterr()
    assert "RecursionError" not in out + err and "unexpected error" not in err
    assert code in (0, 1)
    assert '"AGENTS.md"' not in out  # named by its whole path, not found missing
    assert "/".join(["d"] * DEPTH) + "/AGENTS.md" in out  # the deep doc was found (it is invisible)


def test_walk_gives_what_os_walk_gives_in_the_same_order_with_pruning(tmp_path: Path) -> None:
    rng = random.Random(5)
    root = tmp_path / "t"
    root.mkdir()
    folders = [root]
    for i in range(120):
        parent = rng.choice(folders)
        if rng.random() < 0.5:
            child = parent / f"f{i}"
            child.mkdir()
            folders.append(child)
        elif rng.random() < 0.8:
            (parent / f"x{i}.md").write_text("x")
        else:
            os.symlink(rng.choice(folders), parent / f"l{i}")  # a link to a folder: listed, not entered
    (folders[-1] / "gone").symlink_to(tmp_path / "nowhere")

    def pruned(walker: object) -> list[tuple[str, list[str], list[str]]]:
        out = []
        for folder, dirs, files in walker:  # type: ignore[attr-defined]
            dirs[:] = [d for d in dirs if not d.endswith("7")]  # pruning in place is honoured
            out.append((folder, list(dirs), sorted(files)))
        return out

    assert pruned(walk(str(root))) == pruned(os.walk(str(root)))
    assert list(walk(str(tmp_path / "absent"))) == []
    deep = _deep(tmp_path / "deep")
    assert [folder for folder, _, files in walk(str(tmp_path / "deep")) if "AGENTS.md" in files] == [str(deep)]
