"""The plugin keeps its decisions on the session as data: the mode it read, a stand-down and the
files that caused it, and what each Read attached and why not the rest."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agents_md import Session
from agents_md.plugins.agents_md import NAME, ModeReading, ReadDecision, StoodDown

Tree = Callable[..., Path]


def session(root: Path, cwd: str = "", **kwargs: object) -> Session:
    home = root.parent / "home"
    return Session(cwd=str(root / cwd), home=str(home), managed_dir=str(root.parent / "m"), **kwargs)  # type: ignore[arg-type]


def values(records: object, kind: type) -> list[object]:
    return [r.value for r in records if r.source == NAME and isinstance(r.value, kind)]  # type: ignore[attr-defined]


def test_the_mode_is_recorded_with_where_it_was_read(tree: Tree) -> None:
    root = tree({"AGENTS.md": "a\n"})
    settings = '{"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md"}}}}'
    [reading] = values(session(root, args=["--settings", settings]).start().records, ModeReading)
    assert (reading.mode, reading.source) == ("claude-md", "--settings")  # type: ignore[attr-defined]


def test_a_stand_down_names_the_files_that_caused_it(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "c\n", "a/CLAUDE.local.md": "l\n", "a/AGENTS.md": "x\n"})
    [stood] = values(session(root, "a").start().records, StoodDown)
    assert stood == StoodDown(claimed_by=(str(root / "CLAUDE.md"), str(root / "a/CLAUDE.local.md")))
    assert values(session(tree({"AGENTS.md": "x\n"}, "other")).start().records, StoodDown) == []


def test_a_file_a_setting_source_left_out_still_stands_the_mode_down_and_is_named(tree: Tree) -> None:
    root = tree({"CLAUDE.local.md": "mine\n", "AGENTS.md": "x\n"})
    [stood] = values(session(root, args=["--setting-sources", "project"]).start().records, StoodDown)
    local = str(root / "CLAUDE.local.md")
    assert stood == StoodDown(claimed_by=(local,), unloaded=(local,))


def test_a_read_records_what_it_attached_what_was_claimed_and_why_not_the_rest(tree: Tree) -> None:
    root = tree(
        {
            "a/AGENTS.md": "a\n",
            "a/b/CLAUDE.md": "claims b\n",
            "a/b/AGENTS.md": "b\n",
            "a/b/c/AGENTS.md": "claims b\n",  # the same text as the CLAUDE.md on the way
            "a/b/c/f.txt": "x\n",
        }
    )
    s = session(root)
    result = s.read(str(root / "a/b/c/f.txt"))
    [decision] = values(result.records, ReadDecision)
    assert decision == ReadDecision(
        path=str(root / "a/b/c/f.txt"),
        claimed=((str(root / "a/b"), str(root / "a/b/CLAUDE.md")),),
        attached=(str(root / "a/AGENTS.md"),),
        left_out=((str(root / "a/b/c/AGENTS.md"), "same-text"),),
    )
    [again] = values(s.read(str(root / "a/b/c/f.txt")).records, ReadDecision)
    assert again.attached == () and (str(root / "a/AGENTS.md"), "given") in again.left_out  # type: ignore[attr-defined]
