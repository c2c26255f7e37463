"""Codex CLI's engine module: its walk, names, budget and configuration (``engines.codex``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from trees import build_tree

from agents_md.engines import codex, codex_trust
from agents_md.engines.codex_config import CodexConfigError
from agents_md.engines.model import EngineStart, Left


def _start(
    tmp_path: Path, tree: dict[str, object], cwd: str = "", home: dict[str, object] | None = None
) -> tuple[Path, EngineStart]:
    root, h = tmp_path / "root", tmp_path / "home"
    build_tree(root, {k: (v.replace("<ROOT>", str(root)) if isinstance(v, str) else v) for k, v in tree.items()})
    build_tree(h, {k: (v.replace("<ROOT>", str(root)) if isinstance(v, str) else v) for k, v in (home or {}).items()})
    os.makedirs(root / cwd, exist_ok=True)
    return root, codex.start(str(root / cwd), home=str(h), env={})


def test_root_is_the_nearest_marker_and_a_git_file_counts(tmp_path: Path) -> None:
    root, start = _start(
        tmp_path, {"AGENTS.md": "outer\n", "sub/.git": "gitdir: x\n", "sub/AGENTS.md": "inner\n"}, "sub/d"
    )
    assert start.root == str(root / "sub")
    assert [os.path.relpath(f.path, root) for f in start.files] == ["sub/AGENTS.md"]


def test_empty_root_markers_read_the_working_directory_alone(tmp_path: Path) -> None:
    root, start = _start(
        tmp_path,
        {".git/HEAD": "x", "AGENTS.md": "outer\n", "d/AGENTS.md": "inner\n"},
        "d",
        {".codex/config.toml": "project_root_markers = []\n"},
    )
    assert [os.path.relpath(f.path, root) for f in start.files] == ["d/AGENTS.md"]


def test_override_then_agents_then_fallbacks_one_file_a_directory(tmp_path: Path) -> None:
    tree = {".git/HEAD": "x", "AGENTS.override.md": "o\n", "AGENTS.md": "a\n", "d/TEAM.md": "t\n"}
    root, start = _start(tmp_path, tree, "d", {".codex/config.toml": 'project_doc_fallback_filenames = ["TEAM.md"]\n'})
    assert [os.path.relpath(f.path, root) for f in start.files] == ["AGENTS.override.md", "d/TEAM.md"]
    assert start.prompt == f"# AGENTS.md instructions for {root / 'd'}\n\n<INSTRUCTIONS>\no\n\n\nt\n\n</INSTRUCTIONS>"


def test_the_budget_cuts_root_first_and_a_cut_left_blank_is_dropped(tmp_path: Path) -> None:
    tree = {".git/HEAD": "x", "AGENTS.md": "# r\n", "a/AGENTS.md": "    \n\n# later\n", "a/b/AGENTS.md": "# b\n"}
    root, start = _start(tmp_path, tree, "a/b", {".codex/config.toml": "project_doc_max_bytes = 10\n"})
    assert [(os.path.relpath(f.path, root), f.loaded) for f in start.files] == [("AGENTS.md", 4), ("a/b/AGENTS.md", 4)]
    assert [(os.path.relpath(x.path, root), x.why) for x in start.left_out] == [("a/AGENTS.md", Left.CUT_TO_BLANK)]


def test_unit_separator_is_text_to_rust_trim(tmp_path: Path) -> None:
    _root, start = _start(tmp_path, {".git/HEAD": "x", "AGENTS.md": "\x1f\n"})
    assert [f.text for f in start.files] == ["\x1f\n"]


def test_a_link_loop_among_the_names_sends_no_project_doc(tmp_path: Path) -> None:
    tree = {".git/HEAD": "x", "AGENTS.md": "# root\n", "a/AGENTS.override.md": {"symlink": "AGENTS.override.md"}}
    _root, start = _start(tmp_path, tree, "a", {".codex/AGENTS.md": "# global\n"})
    assert [f.path for f in start.files] == [str(tmp_path / "home" / ".codex" / "AGENTS.md")]
    assert [x.why for x in start.left_out] == [Left.LINK_LOOP]
    assert start.prompt == "# AGENTS.md instructions\n\n<INSTRUCTIONS>\n# global\n</INSTRUCTIONS>"


def test_a_project_config_counts_only_where_the_project_is_trusted(tmp_path: Path) -> None:
    tree = {".git/HEAD": "x", "AGENTS.md": "# root file\n", ".codex/config.toml": "project_doc_max_bytes = 4\n"}
    _root, untrusted = _start(tmp_path / "u", tree)
    assert [f.loaded for f in untrusted.files] == [12]
    trust = {".codex/config.toml": '[projects."<ROOT>"]\ntrust_level = "trusted"\n'}
    _root, trusted = _start(tmp_path / "t", tree, home=trust)
    assert [f.loaded for f in trusted.files] == [4]
    assert trusted.budget == 4


def test_codex_home_moves_the_whole_configuration(tmp_path: Path) -> None:
    root = build_tree(tmp_path / "root", {".git/HEAD": "x", "AGENTS.md": "# root\n"})
    home = build_tree(tmp_path / "home", {".codex/AGENTS.md": "# not read\n", "ch/AGENTS.md": "# mine\n"})
    start = codex.start(root, home=home, env={"CODEX_HOME": os.path.join(home, "ch")})
    assert [os.path.basename(os.path.dirname(f.path)) for f in start.files] == ["ch", "root"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('project_doc_max_bytes = "lots"\n', "project_doc_max_bytes must be a whole number of bytes"),
        ("project_doc_fallback_filenames = 3\n", "project_doc_fallback_filenames must be a list of file names"),
        ("project_doc_max_bytes = \n", "not valid TOML"),
        ("projects = 3\n", "projects must be a table of folders (found 3)"),
        ('[projects."/x"]\ntrust_level = "maybe"\n', "projects.'/x'.trust_level must be 'trusted' or 'untrusted'"),
        ("project_doc_max_bytes = 9223372036854775808\n", "project_doc_max_bytes must be a whole number of bytes"),
    ],
    ids=[
        "budget-not-a-number",
        "fallbacks-not-a-list",
        "not-toml",
        "projects-not-a-table",
        "trust-level-unknown",
        "budget-past-64-bits",
    ],
)
def test_a_config_codex_refuses_is_an_error_naming_the_file(tmp_path: Path, text: str, message: str) -> None:
    root = build_tree(tmp_path / "root", {"AGENTS.md": "# root\n"})
    home = build_tree(tmp_path / "home", {".codex/config.toml": text})
    with pytest.raises(CodexConfigError) as caught:
        codex.start(root, home=home, env={})
    assert str(caught.value).startswith(os.path.join(home, ".codex", "config.toml") + ":")
    assert message in str(caught.value)


def test_a_missing_config_is_the_defaults(tmp_path: Path) -> None:
    root = build_tree(tmp_path / "root", {".git/HEAD": "x", "AGENTS.md": "x" * 40000})
    start = codex.start(root, home=str(tmp_path / "nohome"), env={})
    assert [(f.size, f.loaded) for f in start.files] == [(40000, 32768)]
    assert start.sources == ()


@pytest.mark.parametrize(
    ("tree", "folder", "expected"),
    [
        ({".git/HEAD": "x", "a/b/": {"dir": True}}, "a/b", ""),
        ({".git/HEAD": "x", "a/.git/objects/": {"dir": True}, "a/b/": {"dir": True}}, "a/b", ""),
        ({".git/HEAD": "x", "a/.git/HEAD": "x", "a/b/": {"dir": True}}, "a/b", "a"),
        ({".git/HEAD": "x", "a/.git": "gitdir: ../.git\n", "a/b/": {"dir": True}}, "a/b", None),
        (
            {
                "main/.git/worktrees/wt/commondir": "../..\n",
                "main/.git/worktrees/wt/gitdir": "x\n",
                "wt/.git": "gitdir: ../main/.git/worktrees/wt\n",
            },
            "wt",
            "main",
        ),
        ({"main/.git/worktrees/wt/HEAD": "x", "wt/.git": "gitdir: ../main/.git/worktrees/wt\n"}, "wt", None),
    ],
    ids=[
        "git-folder-above",
        "git-folder-without-head-passed-over",
        "git-folder-with-head",
        "git-file-to-a-plain-gitdir-ends-the-search",
        "worktree-gives-its-main-repository",
        "worktree-without-commondir-gives-none",
    ],
)
def test_trust_falls_back_to_the_repository_of_the_folder(
    tmp_path: Path, tree: dict[str, object], folder: str, expected: str | None
) -> None:
    build_tree(tmp_path, tree)
    found = codex_trust.repository(str(tmp_path / folder))
    assert found == (None if expected is None else os.path.normpath(tmp_path / expected))


def test_the_cwd_key_decides_before_the_repository_key(tmp_path: Path) -> None:
    tree = {".git/HEAD": "x", "AGENTS.md": "r\n", "a/AGENTS.md": "a\n"}
    untrusted = '[projects."<ROOT>"]\ntrust_level = "untrusted"\n'
    _root, start = _start(tmp_path / "u", tree, "a", {".codex/config.toml": untrusted})
    assert [x.why for x in start.left_out] == [Left.UNTRUSTED]
    cwd_trusted = untrusted + '[projects."<ROOT>/a"]\ntrust_level = "trusted"\n'
    _root, start = _start(tmp_path / "t", tree, "a", {".codex/config.toml": cwd_trusted})
    assert [f.text for f in start.files] == ["r\n", "a\n"]


def test_a_bom_before_the_config_is_read_past(tmp_path: Path) -> None:
    _root, start = _start(
        tmp_path,
        {".git/HEAD": "x", "AGENTS.md": "# root\n"},
        "",
        {".codex/config.toml": "\ufeffproject_doc_max_bytes = 3\n"},
    )
    assert [f.text for f in start.files] == ["# r"]


@pytest.mark.parametrize(
    ("home_tree", "message"),
    [({}, "but that path does not exist"), ({"elsewhere": "a file\n"}, "but that path is not a directory")],
    ids=["missing", "a-file"],
)
def test_a_codex_home_that_is_no_folder_stops_codex(tmp_path: Path, home_tree: dict[str, object], message: str) -> None:
    root = build_tree(tmp_path / "root", {"AGENTS.md": "# root\n"})
    home = build_tree(tmp_path / "home", home_tree)
    elsewhere = os.path.join(home, "elsewhere")
    with pytest.raises(CodexConfigError) as caught:
        codex.start(root, home=home, env={"CODEX_HOME": elsewhere})
    assert str(caught.value) == f'CODEX_HOME points to "{elsewhere}", {message}'


def test_the_largest_64_bit_budget_is_taken(tmp_path: Path) -> None:
    root = build_tree(tmp_path / "root", {"AGENTS.md": "# root\n"})
    home = build_tree(tmp_path / "home", {".codex/config.toml": "project_doc_max_bytes = 9223372036854775807\n"})
    assert codex.start(root, home=home, env={}).budget == 2**63 - 1


def test_the_config_is_read_as_toml_1_1(tmp_path: Path) -> None:
    root = build_tree(tmp_path / "root", {"CLAUDE.md": "# claude\n"})
    text = (
        'project_doc_fallback_filenames = [\n  "\\x43LAUDE.md",\n]\n'  # a \x escape, a trailing comma
        'projects = { "/x" = {\n  trust_level = "trusted",\n}, }\n'  # an inline table over lines
    )
    home = build_tree(tmp_path / "home", {".codex/config.toml": text})
    started = codex.start(root, home=home, env={})
    assert started.names == ("AGENTS.override.md", "AGENTS.md", "CLAUDE.md")
    assert [f.text for f in started.files] == ["# claude\n"]
