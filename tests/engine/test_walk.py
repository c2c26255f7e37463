"""Discovery at session start, named after the steps at the top of ``engine/walk.py``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from agents_md import Kind, Session
from agents_md.engine.walk import path_chain

Tree = Callable[..., Path]


def files_of(session: Session) -> list[tuple[str, str]]:
    return [(f.path, str(f.kind)) for f in session.files]


def make_session(root: Path, cwd: str = "", home: Path | None = None, **kwargs: object) -> Session:
    return Session(
        cwd=str(root / cwd),
        home=str(home or root.parent / "home"),
        managed_dir=str(root.parent / "m"),
        plugins=[],
        **kwargs,
    )  # type: ignore[arg-type]


def test_step1_managed_files_come_first_then_managed_rules(tree: Tree, tmp_path: Path) -> None:
    root = tree({"CLAUDE.md": "project\n"})
    tree({"CLAUDE.md": "managed\n", ".claude/rules/m.md": "managed rule\n", "AGENTS.md": "not loaded\n"}, "m")
    assert files_of(make_session(root)) == [
        (str(tmp_path / "m/CLAUDE.md"), "managed"),
        (str(tmp_path / "m/.claude/rules/m.md"), "managed"),
        (str(root / "CLAUDE.md"), "project"),
    ]


def test_step2_user_files_then_user_rules_recursively(tree: Tree, tmp_path: Path) -> None:
    root = tree({})
    home = tree({".claude/CLAUDE.md": "user\n", ".claude/rules/sub/deep.md": "deep\n"}, "home")
    assert files_of(make_session(root, home=home)) == [
        (str(home / ".claude/CLAUDE.md"), "user"),
        (str(home / ".claude/rules/sub/deep.md"), "user"),
    ]


def test_step3_every_directory_from_the_root_down_in_the_engine_order(tree: Tree) -> None:
    root = tree(
        {
            "CLAUDE.md": "root\n",
            "a/CLAUDE.md": "a\n",
            "a/.claude/CLAUDE.md": "a dot\n",
            "a/.claude/rules/r.md": "a rule\n",
            "a/CLAUDE.local.md": "a local\n",
            "a/b/CLAUDE.md": "b\n",
            "a/b/c/CLAUDE.md": "below the cwd: not at start\n",
        }
    )
    assert files_of(make_session(root, "a/b")) == [
        (str(root / "CLAUDE.md"), "project"),
        (str(root / "a/CLAUDE.md"), "project"),
        (str(root / "a/.claude/CLAUDE.md"), "project"),
        (str(root / "a/.claude/rules/r.md"), "project"),
        (str(root / "a/CLAUDE.local.md"), "local"),
        (str(root / "a/b/CLAUDE.md"), "project"),
    ]


def test_step3_the_walk_does_not_stop_at_the_git_root(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "above git\n", "repo/.git/HEAD": "ref: refs/heads/main\n", "repo/CLAUDE.md": "repo\n"})
    assert [p for p, _ in files_of(make_session(root, "repo"))] == [
        str(root / "CLAUDE.md"),
        str(root / "repo/CLAUDE.md"),
    ]


def test_step3_rules_with_paths_front_matter_wait_for_a_read(tree: Tree) -> None:
    root = tree({".claude/rules/cond.md": "---\npaths: src/**\n---\nonly for src\n"})
    session = make_session(root)
    assert session.files == ()
    assert [(s.path, str(s.reason)) for s in session.start().skipped] == [
        (str(root / ".claude/rules/cond.md"), "conditional-rule")
    ]


def test_step4_added_directories_need_the_environment_switch(tree: Tree) -> None:
    root = tree({"proj/CLAUDE.md": "proj\n", "extra/CLAUDE.md": "extra\n"})
    without = make_session(root, "proj", args=["--add-dir", str(root / "extra")])
    assert [p for p, _ in files_of(without)] == [str(root / "proj/CLAUDE.md")]
    with_env = make_session(
        root, "proj", args=["--add-dir", str(root / "extra")], env={"CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD": "1"}
    )
    assert [p for p, _ in files_of(with_env)] == [str(root / "proj/CLAUDE.md"), str(root / "extra/CLAUDE.md")]
    assert with_env.files[1].provenance.describe() == f"added-dir {root / 'extra'}"


def test_setting_sources_select_user_project_and_local_files(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "p\n", "CLAUDE.local.md": "l\n"})
    home = tree({".claude/CLAUDE.md": "u\n"}, "home")
    kinds = lambda s: [k for _, k in files_of(s)]  # noqa: E731
    assert kinds(make_session(root, home=home)) == ["user", "project", "local"]
    assert kinds(make_session(root, home=home, args=["--setting-sources", "project"])) == ["project"]
    assert kinds(make_session(root, home=home, args=["--setting-sources", "user,local"])) == ["user", "local"]


def test_imports_follow_their_importer_depth_first_with_parent(tree: Tree) -> None:
    root = tree(
        {
            "CLAUDE.md": "root\n@docs/a.md\n@rules/b.md\n",
            "docs/a.md": "a\n@nested/deep.md\n",
            "docs/nested/deep.md": "deep\n",
            "rules/b.md": "b\n",
        }
    )
    session = make_session(root)
    assert [(f.path, f.parent) for f in session.files] == [
        (str(root / "CLAUDE.md"), None),
        (str(root / "docs/a.md"), str(root / "CLAUDE.md")),
        (str(root / "docs/nested/deep.md"), str(root / "docs/a.md")),
        (str(root / "rules/b.md"), str(root / "CLAUDE.md")),
    ]
    assert all(f.kind is Kind.PROJECT for f in session.files)


def test_import_cycles_load_each_file_once_and_missing_files_are_skipped(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "@a.md\n@missing.md\n", "a.md": "a\n@b.md\n", "b.md": "b\n@a.md\n@CLAUDE.md\n"})
    session = make_session(root)
    assert [Path(f.path).name for f in session.files] == ["CLAUDE.md", "a.md", "b.md"]
    assert [(Path(s.path).name, str(s.reason)) for s in session.start().skipped] == [("missing.md", "missing-import")]


def test_imports_stop_at_the_depth_limit(tree: Tree) -> None:
    chain = {f"f{i}.md": f"f{i}\n@f{i + 1}.md\n" for i in range(1, 9)}
    root = tree({"CLAUDE.md": "@f1.md\n", **chain})
    assert [Path(f.path).name for f in make_session(root).files] == ["CLAUDE.md", "f1.md", "f2.md", "f3.md", "f4.md"]


def test_imports_outside_the_working_directory_need_approval(tree: Tree) -> None:
    root = tree({"proj/CLAUDE.md": "@../outside.md\n", "outside.md": "outside\n"})
    refused = make_session(root, "proj")
    assert [Path(f.path).name for f in refused.files] == ["CLAUDE.md"]
    assert [str(s.reason) for s in refused.start().skipped] == ["external-import"]
    approved = make_session(root, "proj", approve_external_imports=True)
    assert [Path(f.path).name for f in approved.files] == ["CLAUDE.md", "outside.md"]


def test_user_files_may_import_from_anywhere(tree: Tree) -> None:
    root = tree({})
    home = tree({".claude/CLAUDE.md": "@~/notes.md\n", "notes.md": "notes\n"}, "home")
    assert [(Path(f.path).name, str(f.kind)) for f in make_session(root, home=home).files] == [
        ("CLAUDE.md", "user"),
        ("notes.md", "user"),
    ]


def test_exclusions_match_absolute_paths_and_never_managed(tree: Tree, tmp_path: Path) -> None:
    root = tree({"CLAUDE.md": "root\n", "a/CLAUDE.md": "a\n", "a/.claude/rules/x.md": "x\n"})
    tree({"CLAUDE.md": "managed\n"}, "m")
    home = tree({".claude/settings.json": json.dumps({"claudeMdExcludes": ["**/a/**", "**/m/CLAUDE.md"]})}, "home")
    session = make_session(root, "a", home=home)
    assert [p for p, _ in files_of(session)] == [str(tmp_path / "m/CLAUDE.md"), str(root / "CLAUDE.md")]
    assert {str(s.reason) for s in session.start().skipped} == {"excluded"}


def test_switches_turn_every_file_off(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "root\n"})
    tree({"CLAUDE.md": "managed\n"}, "m")
    for kwargs in (
        {"args": ["--bare"]},
        {"args": ["--safe-mode"]},
        {"env": {"CLAUDE_CODE_DISABLE_CLAUDE_MDS": "1"}},
        {"args": ["--bare", "--add-dir", str(root)]},
    ):
        session = make_session(root, **kwargs)
        assert session.claude_md is None, kwargs
        assert session.start().disabled_by is not None


def test_empty_and_whitespace_files_get_no_entry(tree: Tree) -> None:
    root = tree({"CLAUDE.md": " \n\n", "a/CLAUDE.md": "<!-- only a comment -->\n"})
    assert make_session(root, "a").files == ()


def test_path_chain_excludes_the_filesystem_root() -> None:
    assert path_chain("/a/b") == ["/a", "/a/b"]
    assert path_chain("/") == []
