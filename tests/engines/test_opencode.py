"""OpenCode's engine module: its names, its config's ``instructions``, its switches, and reads."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from trees import build_tree

from agents_md.engines import opencode
from agents_md.engines.opencode_config import OpenCodeConfigError

GIT_DIR: dict[str, object] = {
    ".git/HEAD": "ref: refs/heads/main\n",
    ".git/objects/": {"dir": True},
    ".git/refs/": {"dir": True},
}


def _session(
    tmp_path: Path,
    tree: dict[str, object],
    cwd: str = "",
    home: dict[str, object] | None = None,
    env: dict[str, str] | None = None,
) -> tuple[Path, opencode.Session]:
    root, h = tmp_path / "root", tmp_path / "home"
    build_tree(root, {**GIT_DIR, **tree})
    build_tree(h, home or {})
    os.makedirs(root / cwd, exist_ok=True)
    return root, opencode.Session(str(root / cwd), home=str(h), env=env or {})


def test_claude_md_only_when_no_agents_md_is_on_the_walk(tmp_path: Path) -> None:
    root, s = _session(tmp_path, {"CLAUDE.md": "# c\n", "a/AGENTS.md": "# a\n"}, "a")
    assert [f.path for f in s.started.files] == [str(root / "a" / "AGENTS.md")]
    root, s = _session(tmp_path / "2", {"CLAUDE.md": "# c\n"}, "a")
    assert [f.path for f in s.started.files] == [str(root / "CLAUDE.md")]


@pytest.mark.parametrize("switch", ["OPENCODE_DISABLE_CLAUDE_CODE", "OPENCODE_DISABLE_CLAUDE_CODE_PROMPT"])
def test_either_switch_turns_every_claude_md_off(tmp_path: Path, switch: str) -> None:
    _root, s = _session(tmp_path, {"CLAUDE.md": "# c\n"}, home={".claude/CLAUDE.md": "# me\n"}, env={switch: "1"})
    assert s.started.prompt is None


def test_instructions_follow_the_walk_in_config_order(tmp_path: Path) -> None:
    tree = {
        "AGENTS.md": "# r\n",
        "docs/b.md": "b",
        "docs/a.md": "a",
        "opencode.json": {"json": {"instructions": ["docs/*.md"]}},
    }
    root, s = _session(tmp_path, tree)
    # Within the folder: the reverse of the disk's listing, as OpenCode walks it (not name order).
    walked = [f"docs/{name}" for name in reversed(os.listdir(root / "docs"))]
    assert [os.path.relpath(f.path, root) for f in s.started.files] == ["AGENTS.md", *walked]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"instructions": "docs/x.md"}', "instructions must be a list of paths or globs"),
        ("{ nope\n", "not valid JSON"),
    ],
    ids=["instructions-a-string", "not-json"],
)
def test_a_config_opencode_refuses_is_an_error_naming_the_file(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(OpenCodeConfigError) as caught:
        _session(tmp_path, {"opencode.json": text})
    assert str(tmp_path / "root" / "opencode.json") in str(caught.value) and message in str(caught.value)


def test_the_global_file_is_sent_raw_and_first(tmp_path: Path) -> None:
    _root, s = _session(tmp_path, {"AGENTS.md": "# r\n"}, home={".config/opencode/AGENTS.md": "\n# g\n\n"})
    g, r = tmp_path / "home" / ".config" / "opencode" / "AGENTS.md", tmp_path / "root" / "AGENTS.md"
    assert s.started.prompt == f"Instructions from: {g}\n\n# g\n\n\nInstructions from: {r}\n# r\n"


def test_a_read_attaches_each_folders_file_nearest_first_below_the_cwd(tmp_path: Path) -> None:
    tree = {"AGENTS.md": "# r\n", "a/CLAUDE.md": "# ca\n", "a/b/AGENTS.md": "# b\n", "a/b/x": "x"}
    root, s = _session(tmp_path, tree)
    result = s.read(str(root / "a" / "b" / "x"))
    assert [os.path.relpath(f.path, root) for f in result.files] == ["a/b/AGENTS.md", "a/CLAUDE.md"]
    assert s.read(str(root / "a" / "b" / "x")).text is None
    assert s.read(str(root / "a" / "b" / "AGENTS.md")).text is None


def test_a_globstar_is_any_number_of_folders_and_a_star_stays_in_one_name(tmp_path: Path) -> None:
    tree = {
        "AGENTS.md": "# r\n",
        "docs/rules.md": "top",
        "docs/myrules.md": "not this",
        "docs/sub/rules.md": "deep",
        "docs/sub/notrules.md": "not this either",
        "opencode.json": {"json": {"instructions": ["docs/**/rules.md"]}},
    }
    root, s = _session(tmp_path, tree)
    assert [os.path.relpath(f.path, root) for f in s.started.files] == [
        "AGENTS.md",
        "docs/rules.md",
        "docs/sub/rules.md",
    ]


def test_a_git_folder_git_would_not_take_is_no_worktree_root(tmp_path: Path) -> None:
    tree = {"AGENTS.md": "# r\n", "a/.git/HEAD": "ref: refs/heads/main\n", "a/AGENTS.md": "# a\n"}
    root, s = _session(tmp_path, tree, "a")
    assert s.top == str(root)
    assert [f.path for f in s.started.files] == [str(root / "a" / "AGENTS.md"), str(root / "AGENTS.md")]


def test_a_linked_worktree_is_a_worktree_root(tmp_path: Path) -> None:
    # its git folder holds HEAD; objects/ and refs/ are in the main repository's, named by commondir
    tree = {
        "AGENTS.md": "# main\n",
        ".git/worktrees/wt/HEAD": "ref: refs/heads/wt\n",
        ".git/worktrees/wt/commondir": "../..\n",
        "wt/.git": "gitdir: ../.git/worktrees/wt\n",
        "wt/AGENTS.md": "# wt\n",
    }
    root, s = _session(tmp_path, tree, "wt/src")
    assert s.top == str(root / "wt")
    assert [f.path for f in s.started.files] == [str(root / "wt" / "AGENTS.md")]


@pytest.mark.parametrize(("value", "off"), [("yes", True), ("y", True), ("on", True), ("off", False), ("n", False)])
def test_a_switch_reads_the_spellings_opencode_reads(tmp_path: Path, value: str, off: bool) -> None:
    _root, s = _session(tmp_path, {"CLAUDE.md": "# c\n"}, env={"OPENCODE_DISABLE_CLAUDE_CODE": value})
    assert (s.started.prompt is None) is off


@pytest.mark.parametrize("value", ["TRUE", "Yes", ""])
def test_a_switch_spelled_otherwise_is_refused_naming_it(tmp_path: Path, value: str) -> None:
    with pytest.raises(OpenCodeConfigError, match="OPENCODE_DISABLE_CLAUDE_CODE_PROMPT="):
        _session(tmp_path, {}, env={"OPENCODE_DISABLE_CLAUDE_CODE": "1", "OPENCODE_DISABLE_CLAUDE_CODE_PROMPT": value})


def test_braces_expand_in_their_written_order_and_globs_go_through_linked_folders(tmp_path: Path) -> None:
    tree = {"docs/a.md": "A\n", "docs/b.md": "B\n", "shared/s.md": "S\n", "docs/l": {"symlink": "../shared"}}
    tree["opencode.json"] = {"json": {"instructions": ["docs/{b,a}.md", "docs/**/*.md"]}}
    root, s = _session(tmp_path, tree)
    got = [os.path.relpath(f.path, root) for f in s.started.files]
    assert got == ["docs/b.md", "docs/a.md", "docs/l/s.md"]


def test_opencode_config_comes_after_the_global_config_and_dot_opencode_after_the_project(tmp_path: Path) -> None:
    tree = {
        **{f"{k}.md": k + "\n" for k in ("g", "env", "p", "dot")},
        "opencode.json": {"json": {"instructions": ["p.md"]}},
        ".opencode/opencode.json": {"json": {"instructions": ["dot.md"]}},
        "extra.json": {"json": {"instructions": ["env.md"]}},
    }
    home = {".config/opencode/opencode.json": {"json": {"instructions": ["g.md"]}}}
    _root, s = _session(tmp_path, tree, home=home, env={"OPENCODE_CONFIG": str(tmp_path / "root" / "extra.json")})
    assert [os.path.basename(f.path) for f in s.started.files] == ["g.md", "env.md", "p.md", "dot.md"]


def test_a_file_of_a_bom_alone_is_not_sent(tmp_path: Path) -> None:
    root, s = _session(tmp_path, {"AGENTS.md": "\ufeff", "a/AGENTS.md": "\ufeff\n"}, "a")
    assert [f.path for f in s.started.files] == [str(root / "a" / "AGENTS.md")]


def test_opencode_config_dir_gives_the_global_agents_md_and_more_instructions(tmp_path: Path) -> None:
    tree = {"AGENTS.md": "# r\n", "rules.md": "R\n", "cfg/AGENTS.md": "# cfg\n"}
    tree["cfg/opencode.json"] = {"json": {"instructions": ["rules.md"]}}
    root, s = _session(tmp_path, tree, env={"OPENCODE_CONFIG_DIR": str(tmp_path / "root" / "cfg")})
    assert [os.path.relpath(f.path, root) for f in s.started.files] == ["cfg/AGENTS.md", "AGENTS.md", "rules.md"]


def test_a_read_of_a_folders_own_doc_skips_that_folder_and_claims_nothing(tmp_path: Path) -> None:
    tree = {"a/AGENTS.md": "# a\n", "a/b/AGENTS.md": "# b\n", "a/b/CLAUDE.md": "# c\n", "a/b/x": "x"}
    root, s = _session(tmp_path, tree)
    assert [f.text for f in s.read(str(root / "a" / "b" / "AGENTS.md")).files] == ["# a\n"]
    assert [f.text for f in s.read(str(root / "a" / "b" / "x")).files] == ["# b\n"]


@pytest.mark.parametrize("what", ["missing", "dangling-link", "folder"])
def test_a_read_of_something_not_a_file_attaches_nothing(tmp_path: Path, what: str) -> None:
    extra: dict[str, object] = {
        "dangling-link": {"a/t": {"symlink": "nowhere"}},
        "folder": {"a/t/": {"dir": True}},
    }.get(what, {})
    root, s = _session(tmp_path, {"a/AGENTS.md": "# a\n", "a/x": "x", **extra})
    assert s.read(str(root / "a" / "t")).text is None
    assert [f.text for f in s.read(str(root / "a" / "x")).files] == ["# a\n"]


@pytest.mark.parametrize(
    ("name", "written", "sent"),
    [
        ("opencode.json", '{"share": "x"}', '{\n  "$schema": "https://opencode.ai/config.json","share": "x"}'),
        ("opencode.json", "\ufeff {}\n", '{\n  "$schema": "https://opencode.ai/config.json",}\n'),
        ("opencode.json", '{"$schema": "x"}', '{"$schema": "x"}'),
        ("opencode.jsonc", "{}", "{}"),
    ],
)
def test_a_config_named_by_instructions_is_sent_as_opencode_rewrites_it(
    tmp_path: Path, name: str, written: str, sent: str
) -> None:
    # OpenCode writes a $schema into a config file lacking one before it reads the instructions.
    extra = str(tmp_path / "extra.json")
    Path(extra).write_text('{"$schema": "x", "instructions": ["' + name + '"]}\n', encoding="utf-8")
    root, s = _session(tmp_path, {name: written}, env={"OPENCODE_CONFIG": extra})
    assert {f.path: f.text for f in s.started.files}[str(root / name)] == sent


def test_the_global_folders_config_files_merge_with_the_last_instructions_winning(tmp_path: Path) -> None:
    cfg = ".config/opencode/"
    home: dict[str, object] = {cfg + "config.json": '{"instructions": ["a.md"]}', cfg + "opencode.json": "{}"}
    tree = {"a.md": "a\n", "b.md": "b\n", "p.md": "p\n", "opencode.json": '{"instructions": ["p.md"]}'}
    root, s = _session(tmp_path, tree, home=home)
    assert [f.path for f in s.started.files] == [str(root / "a.md"), str(root / "p.md")]
    root, s = _session(tmp_path / "2", tree, home={**home, cfg + "opencode.jsonc": '{"instructions": ["b.md"]}'})
    assert [f.path for f in s.started.files] == [str(root / "b.md"), str(root / "p.md")]


def test_env_and_file_references_are_replaced_in_the_configs_text(tmp_path: Path) -> None:
    home = {
        ".config/opencode/opencode.json": '{"instructions": ["{env:D}/x.md", "{file:name.txt}", "{env:NOPE}y.md"]}',
        ".config/opencode/name.txt": '  z"q.md\n',  # trimmed, and escaped as in a JSON string
    }
    tree = {"AGENTS.md": "# r\n", "docs/x.md": "x", "y.md": "y", 'z"q.md': "z"}
    root, s = _session(tmp_path, tree, home=home, env={"D": "docs"})
    assert [os.path.relpath(f.path, root) for f in s.started.files] == ["AGENTS.md", "docs/x.md", 'z"q.md', "y.md"]


def test_a_file_reference_on_a_comment_line_is_left_alone_and_a_missing_one_refused(tmp_path: Path) -> None:
    tree = {"AGENTS.md": "# r\n", "opencode.jsonc": '{\n  // "{file:./nope.txt}"\n  "instructions": []\n}\n'}
    _root, s = _session(tmp_path, tree)
    assert s.started.prompt is not None
    with pytest.raises(OpenCodeConfigError, match="bad file reference"):
        _session(tmp_path / "2", {"opencode.json": '{"instructions": ["{file:./nope.txt}"]}'})


@pytest.mark.parametrize(("value", "off"), [("1", True), ("true", True), ("TRUE", True), ("yes", False), ("0", False)])
def test_disable_project_config_leaves_the_project_out(tmp_path: Path, value: str, off: bool) -> None:
    tree = {
        "AGENTS.md": "# r\n",
        "opencode.json": {"json": {"instructions": ["x.md"]}},
        "x.md": "x",
        "a/AGENTS.md": "# a",
    }
    home = {".config/opencode/opencode.json": {"json": {"instructions": ["~/h.md", "x.md"]}}, "h.md": "h"}
    root, s = _session(tmp_path, tree, home=home, env={"OPENCODE_DISABLE_PROJECT_CONFIG": value})
    sent = [os.path.relpath(f.path, tmp_path) for f in s.started.files]
    assert sent == (["home/h.md"] if off else ["root/AGENTS.md", "home/h.md", "root/x.md"])
    assert s.read(str(root / "a" / "f.txt")).text is None  # no such file
    build_tree(root, {"a/f.txt": "f"})
    assert s.read(str(root / "a" / "f.txt")).text is not None  # a read still attaches a/AGENTS.md


def test_an_absolute_entry_globs_its_last_part_alone(tmp_path: Path) -> None:
    root = tmp_path / "root"
    tree = {
        "docs/a.md": "a\n",
        "docs/s/b.md": "b\n",
        "docs/**/x.md": "literal\n",
        "x/r.md": "x\n",
        "opencode.json": {
            "json": {
                "instructions": [
                    f"{root}/docs/**/*.md",  # the folder named ``**``, not any depth
                    f"{root}/d*/a.md",  # no folder is named ``d*``
                    f"{root}/{{y,x}}/r.md",  # nor ``{y,x}``
                    f"{root}/docs/{{s,a}}.md",  # the last part's braces are expanded
                    "~/rules/**/*.md",
                ]
            }
        },
    }
    _root, s = _session(tmp_path, tree, home={"rules/h.md": "h\n"})
    assert [os.path.relpath(f.path, root) for f in s.started.files] == ["docs/**/x.md", "docs/a.md"]


def test_a_name_linked_to_a_device_counts_and_sends_nothing(tmp_path: Path) -> None:
    tree = {"AGENTS.md": {"symlink": "/dev/null"}, "CLAUDE.md": "# claude\n", "a/x.txt": "x\n"}
    tree |= {"a/AGENTS.md": {"symlink": "/dev/null"}, "a/CLAUDE.md": "# a claude\n"}
    home = {".config/opencode/AGENTS.md": {"symlink": "/dev/null"}, ".claude/CLAUDE.md": "# me\n"}
    root, s = _session(tmp_path, tree, home=home)
    # Each AGENTS.md wins its place (no CLAUDE.md instead) and, empty, sends nothing.
    assert s.started.prompt is None
    assert s.read(str(root / "a" / "x.txt")).text is None


def test_the_managed_config_merges_last(tmp_path: Path) -> None:
    home = {
        "managed/opencode.jsonc": '{"instructions": ["K.md"]}',
        "managed/opencode.json": {"json": {"instructions": ["J.md"]}},
    }
    tree = {"J.md": "j\n", "K.md": "k\n", "P.md": "p\n", "opencode.json": {"json": {"instructions": ["P.md"]}}}
    env = {"OPENCODE_TEST_MANAGED_CONFIG_DIR": str(tmp_path / "home" / "managed")}
    root, s = _session(tmp_path, tree, home=home, env=env)
    assert [os.path.relpath(f.path, root) for f in s.started.files] == ["P.md", "J.md", "K.md"]


def test_a_read_in_a_sibling_folder_sharing_the_cwds_name_start_attaches(tmp_path: Path) -> None:
    tree = {
        "app2/AGENTS.md": "# app2\n",
        "app2/x/AGENTS.md": "# x\n",
        "app2/x/y.txt": "y\n",
        "other/AGENTS.md": "# o\n",
    }
    tree |= {"other/z.txt": "z\n"}
    root, s = _session(tmp_path, tree, "app")
    got = s.read(str(root / "app2" / "x" / "y.txt"))
    assert [os.path.relpath(f.path, root) for f in got.files] == ["app2/x/AGENTS.md", "app2/AGENTS.md"]
    assert s.read(str(root / "other" / "z.txt")).text is None


def test_a_folder_named_agents_md_wins_over_claude_md_and_sends_nothing(tmp_path: Path) -> None:
    tree = {"AGENTS.md/": {"dir": True}, "CLAUDE.md": "# c\n", "a/AGENTS.md/": {"dir": True}, "a/CLAUDE.md": "# a\n"}
    root, s = _session(tmp_path, {**tree, "a/x.txt": "x\n"})
    assert s.started.prompt is None
    assert s.read(str(root / "a" / "x.txt")).text is None


def test_without_the_project_a_relative_entry_is_the_global_config_folders(tmp_path: Path) -> None:
    home = {".config/opencode/opencode.json": {"json": {"instructions": ["rules.md"]}}}
    home |= {".config/opencode/rules.md": "global rules\n"}
    _root, s = _session(
        tmp_path, {"rules.md": "project rules\n"}, home=home, env={"OPENCODE_DISABLE_PROJECT_CONFIG": "1"}
    )
    assert [f.text for f in s.started.files] == ["global rules\n"]


def test_an_absolute_entrys_wildcard_passes_over_dot_files_a_relative_ones_does_not(tmp_path: Path) -> None:
    root = tmp_path / "root"
    tree = {"r/.a.md": "dot a\n", "r/b.md": "b\n", "s/.c.md": "dot c\n", "s/d.md": "d\n"}
    tree |= {"opencode.json": {"json": {"instructions": [f"{root}/r/*.md", "s/*.md"]}}}
    _root, s = _session(tmp_path, tree)
    assert sorted(os.path.relpath(f.path, root) for f in s.started.files) == ["r/b.md", "s/.c.md", "s/d.md"]
