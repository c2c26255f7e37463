"""A session that lives: Reads, compaction and /clear, /cd, subagents and forks, the complete profile."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from agents_md import Session

Tree = Callable[..., Path]
AND_MODE = {
    "json": {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}
}


def session(root: Path, cwd: str = "", **kwargs: object) -> Session:
    home = kwargs.pop("home", root.parent / "home")
    return Session(cwd=str(root / cwd), home=str(home), managed_dir=str(root.parent / "managed"), **kwargs)  # type: ignore[arg-type]


def attached(result: object) -> list[str]:
    return [os.path.basename(os.path.dirname(f.path)) for _, files in result.hook_files for f in files]  # type: ignore[attr-defined]


def test_a_read_attaches_each_directory_once_shallowest_first(tree: Tree) -> None:
    root = tree(
        {"AGENTS.md": "root\n", "a/AGENTS.md": "a\n", "a/b/AGENTS.md": "b\n", "a/b/f.txt": "x\n", "a/b/g.txt": "y\n"}
    )
    s = session(root)
    first = s.read(str(root / "a/b/f.txt"))
    assert first.hook_text == (
        f"tool.call hook additional context: Contents of {root}/a/AGENTS.md:\n\na\n\n"
        f"Contents of {root}/a/b/AGENTS.md:\n\nb\n"
    )
    assert s.read(str(root / "a/b/g.txt")).hook_text is None


def test_a_claude_md_claims_its_directory_in_the_default_mode_only(tree: Tree) -> None:
    spec = {"AGENTS.md": "root\n", "d/CLAUDE.md": "d claude\n", "d/AGENTS.md": "d agents\n", "d/f.txt": "x\n"}
    root = tree(spec)
    default = session(root).read(str(root / "d/f.txt"))
    assert [f.path for f in default.engine_files] == [str(root / "d/CLAUDE.md")]
    assert default.hook_text is None
    home = tree({".claude/settings.json": AND_MODE}, "home")
    both = session(root, home=home).read(str(root / "d/f.txt"))
    assert attached(both) == ["d"]


def test_compact_forgets_the_plugins_attachments_but_not_the_engines(tree: Tree) -> None:
    root = tree(
        {"AGENTS.md": "root\n", "sub/AGENTS.md": "sub\n", "sub/f.txt": "x\n", "cl/CLAUDE.md": "cl\n", "cl/f.txt": "y\n"}
    )
    s = session(root)
    assert s.compact() is None  # nothing to compact before any turn
    s.read(str(root / "sub/f.txt"))
    s.read(str(root / "cl/f.txt"))
    s.compact()
    assert attached(s.read(str(root / "sub/f.txt"))) == ["sub"]
    assert s.read(str(root / "cl/f.txt")).engine_files == ()
    s.clear()
    assert [f.path for f in s.read(str(root / "cl/f.txt")).engine_files] == [str(root / "cl/CLAUDE.md")]


def test_compact_keeps_the_five_files_the_engine_restores(tree: Tree) -> None:
    """``engine.loop``: each request turns the order of use round, then the five newest (by
    modification time, ties in that order) stay given (g7_compact_keeps_five)."""
    spec = {f"{d}/CLAUDE.md": f"{d}\n" for d in "abcdef"} | {f"{d}/f.txt": "x\n" for d in "abcdef"}
    root = tree(spec)
    for path in spec:
        os.utime(root / path, ns=(10**18, 10**18))  # one millisecond for all: the order of use decides
    s = session(root)
    s.turn()
    for d in "abcdef":
        s.read(str(root / d / "f.txt"))
    s.compact()
    s.turn()
    again = {d: [f.path for f in s.read(str(root / d / "f.txt")).engine_files] for d in "abcdef"}
    assert again == {d: [str(root / d / "CLAUDE.md")] if d in "ace" else [] for d in "abcdef"}
    # a newer file ranks first whatever its use: a's CLAUDE.md, written last, is kept
    os.utime(root / "a/CLAUDE.md", ns=(2 * 10**18, 2 * 10**18))
    s.clear()
    s.turn()
    for d in "abcdef":
        s.read(str(root / d / "f.txt"))
    s.compact()
    s.turn()
    assert [d for d in "abcdef" if not s.read(str(root / d / "f.txt")).engine_files] == ["a", "d", "f"]


def test_compact_rereads_the_start_files_from_disk(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "before\n"})
    s = session(root)
    s.turn()
    (root / "CLAUDE.md").write_text("after\n")
    assert "before" in (s.claude_md or "")
    s.compact()
    assert "after" in (s.claude_md or "")


def test_compact_and_clear_read_the_claude_folders_again(tree: Tree) -> None:
    """A file in a .claude folder edited, removed or written since the start is read as it is now,
    like the CLAUDE.md beside it (g9_*_allowed: the engine let the model change them)."""
    root = tree(
        {
            "CLAUDE.md": "root before\n",
            ".claude/CLAUDE.md": "dot before\n",
            ".claude/rules/gone.md": "gone rule\n",
            ".claude/rules/cond.md": "---\npaths: a/**\n---\ncond before\n",
            "a/f.txt": "x\n",
        }
    )
    home = tree({".claude/CLAUDE.md": "home before\n"}, "home")
    s = session(root, home=home)
    s.turn()
    (root / "CLAUDE.md").write_text("root after\n")
    (root / ".claude/CLAUDE.md").write_text("dot after\n")
    (root / ".claude/rules/gone.md").unlink()
    (root / ".claude/rules/cond.md").write_text("---\npaths: a/**\n---\ncond after\n")
    (home / ".claude/CLAUDE.md").write_text("home after\n")
    s.compact()
    block = s.claude_md or ""
    assert all(t in block for t in ("root after", "dot after", "home after"))
    assert not any(t in block for t in ("before", "gone rule"))
    (root / ".claude/rules/new.md").write_text("new rule\n")
    s.clear()
    assert "new rule" in (s.claude_md or "")
    s.turn()
    assert "cond after" in "".join(s.read(str(root / "a/f.txt")).engine_blocks)


def test_subagents_get_the_start_frozen_and_their_own_nested_files(tree: Tree) -> None:
    root = tree(
        {
            "CLAUDE.md": "root\n",
            "sub/AGENTS.md": "sub\n",
            "sub/f.txt": "x\n",
            "sub2/AGENTS.md": "s2\n",
            "sub2/f.txt": "y\n",
            ".claude/agents/quiet.md": "---\nname: quiet\ndescription: d\nomitClaudeMd: true\n---\nbody\n",
        }
    )
    home = tree({".claude/settings.json": AND_MODE}, "home")
    s = session(root, home=home)
    start = s.claude_md
    (root / "CLAUDE.md").write_text("edited later\n")
    s.read(str(root / "sub/f.txt"))
    general = s.spawn("general-purpose")
    assert general.claude_md == start  # frozen at the parent's start
    assert attached(general.read(str(root / "sub/f.txt"))) == ["sub"]  # a non-fork subagent is handed it again
    assert s.spawn("Explore").claude_md is None
    assert s.spawn("Plan").claude_md is None
    assert s.spawn("quiet").claude_md is None  # omitClaudeMd, and no managed files here
    fork = s.spawn(fork=True)
    assert fork.read(str(root / "sub/f.txt")).hook_text is None  # shares what its parent was given
    assert attached(fork.read(str(root / "sub2/f.txt"))) == ["sub2"]
    assert attached(s.read(str(root / "sub2/f.txt"))) == ["sub2"]  # ... and its own stay its own


def test_cd_restarts_the_delivered_sets_and_the_stand_down_decision(tree: Tree) -> None:
    root = tree(
        {
            "one/CLAUDE.md": "one\n",
            "one/AGENTS.md": "one agents\n",
            "two/AGENTS.md": "two\n",
            "two/sub/AGENTS.md": "two sub\n",
            "two/sub/f.txt": "x\n",
        }
    )
    s = session(root, "one")
    assert [os.path.basename(f.path) for f in s.files] == ["CLAUDE.md"]
    moved = s.cd("../two")
    assert [f.path for f in moved.start.files] == [str(root / "two/AGENTS.md")]
    assert moved.notice_files == ()  # the reference announces AGENTS.md with the next request instead
    assert attached(s.read(str(root / "two/sub/f.txt"))) == ["sub"]


def test_attachments_switch_is_consulted_on_every_read(tree: Tree) -> None:
    root = tree(
        {
            "AGENTS.md": "r\n",
            "d/AGENTS.md": "d\n",
            "d/f.txt": "x\n",
            "d/CLAUDE.md": "c\n",
            "e/AGENTS.md": "e\n",
            "e/f.txt": "y\n",
        }
    )
    env: dict[str, str] = {}
    s = session(root, env=env)
    env["CLAUDE_CODE_DISABLE_ATTACHMENTS"] = "1"  # switched on mid-session
    assert s.claude_md is not None
    result = s.read(str(root / "d/f.txt"))
    assert result.engine_files == () and result.hook_files == ()
    env["CLAUDE_CODE_DISABLE_ATTACHMENTS"] = "0"  # and off again
    assert attached(s.read(str(root / "e/f.txt"))) == ["e"]


def test_complete_profile_treats_agents_md_like_claude_md(tree: Tree) -> None:
    root = tree(
        {
            "proj/AGENTS.md": "root\n",
            "proj/sub/AGENTS.md": "sub\n",
            "proj/sub/f.txt": "x\n",
            "extra/AGENTS.md": "extra\n",
            "extra/deep/AGENTS.md": "deep\n",
            "extra/deep/f.txt": "y\n",
            "proj/alias": {"symlink": "sub"},
        }
    )
    env = {"CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD": "1"}
    args = ["--add-dir", str(root / "extra")]
    reference = session(root, "proj", env=env, args=args)
    complete = session(root, "proj", env=env, args=args, profile="complete")
    # added directories contribute their AGENTS.md at start and on Reads
    assert str(root / "extra/AGENTS.md") not in [f.path for f in reference.files]
    assert str(root / "extra/AGENTS.md") in [f.path for f in complete.files]
    assert reference.read(str(root / "extra/deep/f.txt")).hook_text is None
    assert attached(complete.read(str(root / "extra/deep/f.txt"))) == ["deep"]
    # a mention attaches in both; only the complete profile resolves a linked alias
    assert attached(reference.mention(str(root / "proj/alias/f.txt"))) == ["alias"]  # as spelled
    assert attached(complete.mention(str(root / "proj/alias/f.txt"))) == ["sub"]
    # compaction keeps what was attached; a file changed since is attached again
    complete.compact()
    assert complete.read(str(root / "proj/sub/f.txt")).hook_text is None
    (root / "proj/sub/AGENTS.md").write_text("sub, changed\n")
    assert attached(complete.read(str(root / "proj/sub/f.txt"))) == ["sub"]
    # /cd carries the new tree's AGENTS.md in its notice
    assert [os.path.basename(f.path) for f in complete.cd("sub").notice_files][-2:] == ["AGENTS.md", "AGENTS.md"]


def test_read_cli_shows_the_attachment(tree: Tree, capsys: object) -> None:
    from agents_md.cli.main import main

    root = tree({"AGENTS.md": "root\n", "a/AGENTS.md": "a\n", "a/f.txt": "x\n"})
    home = tree({}, "home")
    code = main(
        [
            "read",
            str(root / "a/f.txt"),
            "--cwd",
            str(root),
            "--home",
            str(home),
            "--managed-dir",
            str(root / "m"),
            "--format",
            "json",
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert out["hook_text"] == f"tool.call hook additional context: Contents of {root}/a/AGENTS.md:\n\na\n"
    assert out["plugin_files"] == [{"plugin": "agents-md", "path": str(root / "a/AGENTS.md")}]


def test_a_fork_starts_from_what_its_parent_had_when_it_was_spawned(tree: Tree) -> None:
    root = tree({"AGENTS.md": "r\n", "a/AGENTS.md": "a\n", "a/f.txt": "x\n", "b/AGENTS.md": "b\n", "b/f.txt": "y\n"})
    s = session(root)
    s.read(str(root / "a/f.txt"))
    fork = s.spawn(fork=True)
    s.read(str(root / "b/f.txt"))  # the parent reads on after the fork was spawned
    assert fork.read(str(root / "a/f.txt")).hook_text is None
    assert attached(fork.read(str(root / "b/f.txt"))) == ["b"]


def test_cd_or_clear_first_still_starts_the_load(tree: Tree) -> None:
    home = tree(
        {
            ".claude/settings.json": {
                "json": {"pluginConfigs": {"agents-md@builtin": {"options": {"projectInstructions": "both"}}}}
            }
        },
        "home",
    )
    root = tree({"sub/AGENTS.md": "s\n"})
    s = session(root, home=home)
    s.cd("sub")
    assert [n.text for n in s.notices if n.level == "info"] == [
        "option projectInstructions in settings is honoured for now, read as instructionFiles "
        "claude-md-and-agents-md; set instructionFiles to claude-md-and-agents-md and remove projectInstructions"
    ]


def test_relative_reads_are_taken_from_the_cwd(tree: Tree) -> None:
    root = tree({"AGENTS.md": "r\n", "a/AGENTS.md": "a\n", "a/f.txt": "x\n"})
    assert attached(session(root).read("a/f.txt")) == ["a"]


def test_a_rule_added_mid_session_is_seen_on_the_next_read(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "c\n", "d/.claude/rules/.keep": "", "d/f.txt": "x\n", "d/g.txt": "y\n"})
    s = session(root)
    assert s.read(str(root / "d/f.txt")).engine_files == ()
    (root / "d/.claude/rules/new.md").write_text("new rule\n")
    assert [f.path for f in s.read(str(root / "d/g.txt")).engine_files] == [str(root / "d/.claude/rules/new.md")]


def test_a_session_at_the_filesystem_root_answers_reads(tree: Tree) -> None:
    root = tree({"f.txt": "x\n"})
    s = Session(cwd="/", home=str(root.parent / "home"), managed_dir=str(root.parent / "m"), plugins=[])
    assert s.read(str(root / "f.txt")).path == str(root / "f.txt")


def test_a_pipe_named_claude_md_is_no_instruction_file(tree: Tree) -> None:
    root = tree({"AGENTS.md": "a\n"})
    os.mkfifo(root / "CLAUDE.md")
    assert [os.path.basename(f.path) for f in session(root).files] == ["AGENTS.md"]


def test_a_type_the_engine_does_not_offer_never_starts(tree: Tree) -> None:
    root = tree(
        {
            "AGENTS.md": "root\n",
            "sub/AGENTS.md": "sub\n",
            "sub/f.txt": "x\n",
            ".claude/agents/bad.md": "---\nname: bad\n---\nno description\n",
        }
    )
    s = session(root)
    for name in ("nope", "bad"):
        sub = s.spawn(name)
        assert not sub.started
        assert sub.claude_md is None
        assert sub.read(str(root / "sub/f.txt")).hook_text is None
    assert s.spawn("statusline-setup").started  # a built-in type needs no definition


def test_a_type_is_matched_by_its_name_then_regardless_of_case_when_only_one_fits(tree: Tree) -> None:
    root = tree(
        {
            "AGENTS.md": "root\n",
            ".claude/agents/plan.md": "---\nname: plan\ndescription: d\n---\nbody\n",
            ".claude/agents/quiet.md": "---\nname: quiet\ndescription: d\nomitClaudeMd: true\n---\nbody\n",
        }
    )
    s = session(root)
    assert s.spawn("explore").started
    assert s.spawn("explore").claude_md is None  # Explore's: no start block
    assert s.spawn("QUIET").claude_md is None  # quiet's omitClaudeMd
    assert s.spawn("plan").claude_md is not None  # the custom plan, not the built-in Plan
    assert not s.spawn("PLAN").started  # plan and Plan both fit: refused as ambiguous


def test_an_agent_flag_naming_no_offered_type_is_refused_with_the_types_offered(tree: Tree) -> None:
    root = tree({"AGENTS.md": "root\n", ".claude/agents/lead.md": "---\nname: lead\ndescription: d\n---\nbody\n"})
    offered = "claude, Explore, general-purpose, lead, Plan, statusline-setup"
    assert session(root, args=["--agent", "LEAD"]).main_agent_refusal() == (
        f"--agent 'LEAD' not found. Available agents: {offered}"
    )
    assert session(root, args=["--agent", "lead"]).main_agent_refusal() is None
    assert session(root).main_agent_refusal() is None
