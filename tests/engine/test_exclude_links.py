"""``claudeMdExcludes`` and links: a pattern's folder is resolved, never its last name; a rule
reached through a link is also excluded by the path it was spelled with."""

from __future__ import annotations

import os
from pathlib import Path

from agents_md._model import Kind
from agents_md.engine.excludes import Excluder
from agents_md.engine.fs import FileSystem
from agents_md.engine.rules import rule_files


def test_a_pattern_naming_a_link_does_not_name_its_target(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_text("# root\n")
    os.symlink("AGENTS.md", tmp_path / "CLAUDE.md")
    excluder = Excluder([f"{tmp_path}/CLAUDE.md"])
    assert excluder.excludes(f"{tmp_path}/CLAUDE.md", Kind.PROJECT)
    assert not excluder.excludes(f"{tmp_path}/AGENTS.md", Kind.PROJECT)


def test_a_pattern_through_a_linked_folder_still_applies(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    os.symlink("real", tmp_path / "alias")
    assert Excluder([f"{tmp_path}/alias/CLAUDE.md"]).excludes(f"{tmp_path}/real/CLAUDE.md", Kind.PROJECT)


def test_a_rule_found_through_a_linked_folder_is_excluded_by_its_spelling(tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "style.md").write_text("# style\n")
    rules = tmp_path / ".claude" / "rules"
    (rules / "own").mkdir(parents=True)
    (rules / "own" / "own.md").write_text("# own\n")
    os.symlink("../../shared", rules / "linked")
    excluder = Excluder([f"{rules}/linked/**"])
    found = rule_files(
        FileSystem(), str(rules), Kind.PROJECT, lambda p: True, excluded=lambda p: excluder.excludes(p, Kind.PROJECT)
    )
    assert found == [f"{rules}/own/own.md"]
    assert f"{tmp_path}/shared/style.md" in rule_files(FileSystem(), str(rules), Kind.PROJECT, lambda p: True)
