"""``agents check DIR`` reads the folders the engine reads agent files from, and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md.agents import definition_folders
from agents_md.cli.main import main

GOOD = "---\nname: rev\ndescription: Reviews code\n---\nbody\n"
NO_DESCRIPTION = "---\nname: bad\n---\nbody\n"
# Bad for a plugin agent too (one without a description loads, with a fallback one).
BAD_TOOLS = "---\nname: bad\ndescription: d\ntools: Raed\n---\nbody\n"
Tree = Callable[..., Path]


def plugin(name: str) -> dict[str, object]:
    return {
        f"{name}/.claude-plugin/plugin.json": f'{{"name": "{name}"}}',
        f"{name}/agents/rev.md": GOOD,
        f"{name}/agents/deep/bad.md": BAD_TOOLS,
        f"{name}/commands/deploy.md": "# Deploy\n\nRun it.\n",
        f"{name}/skills/s/SKILL.md": "# A skill\n",
        f"{name}/skills/s/references/notes.md": "notes\n",
    }


def test_a_folder_of_plugins_checks_each_plugins_agents_folder_alone(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({**plugin("one"), **plugin("two"), "README.md": "# plugins\n"})
    code = main(["agents", "check", str(root)])
    out = capsys.readouterr().out
    assert code == 1
    assert [line.split(":")[0] for line in out.splitlines()] == [
        str(root / "one/agents/deep/bad.md"),
        str(root / "two/agents/deep/bad.md"),
    ]
    assert definition_folders(root) == [root / "one/agents", root / "two/agents"]


def test_a_plugin_folder_checks_its_agents_folder(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree(plugin("one"))
    assert definition_folders(root / "one") == [root / "one/agents"]
    main(["agents", "check", str(root / "one")])
    assert capsys.readouterr().out.startswith(f"{root / 'one/agents/deep/bad.md'}:4: error: [tools-unrecognized]")


def test_a_project_checks_every_claude_agents_folder_and_not_its_docs(tree: Tree) -> None:
    root = tree(
        {
            ".claude/agents/a.md": GOOD,
            ".claude/commands/c.md": "# c\n",
            "docs/guide.md": "# guide\n",
            "apps/web/.claude/agents/w.md": GOOD,
            "node_modules/x/.claude/agents/n.md": GOOD,
        }
    )
    assert definition_folders(root) == [root / ".claude/agents", root / "apps/web/.claude/agents"]


def test_an_agents_folder_given_is_read_whole(tree: Tree) -> None:
    root = tree({".claude/agents/a.md": GOOD, ".claude/agents/sub/b.md": GOOD})
    assert definition_folders(root / ".claude/agents") == [root / ".claude/agents"]
    assert definition_folders(root / ".claude/agents/sub") == [root / ".claude/agents/sub"]


def test_a_folder_without_agent_folders_says_nothing_was_checked(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({"commands/c.md": NO_DESCRIPTION})
    code = main(["agents", "check", str(root / "commands")])
    out, err = capsys.readouterr()
    assert (code, out) == (0, "")
    assert err == (
        f"agents-md: {root / 'commands'}: no folder the engine reads agents from (.claude/agents, a plugin's "
        "agents/); nothing checked there\n"
    )


def test_a_file_given_is_checked_wherever_it_is(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree({"commands/c.md": NO_DESCRIPTION})
    assert main(["agents", "check", str(root / "commands/c.md")]) == 1


def test_a_search_past_the_bound_is_an_error_naming_the_way_out(
    tree: Tree, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from agents_md.agents import _sources

    monkeypatch.setattr(_sources, "MAX_SEARCHED", 3)
    root = tree({f"d{i}/x.md": "x\n" for i in range(5)})
    code = main(["agents", "check", str(root)])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "")
    assert err == (
        f"agents-md: error: {root}: more than 3 folders to search for agent folders; "
        "name the .claude/agents or plugin folders to check\n"
    )


def test_a_plugins_agents_are_checked_by_the_plugin_rules(tmp_path) -> None:
    """The engine loads a plugin agent without a name or description, or with a name a project file
    may not have (a_plugins_naming, a7_plugin_name_values), and reads *.MD there
    (a7_plugin_md_extension_case): no finding says it skips them."""
    from agents_md.agents import check_agent_files

    agents = tmp_path / "plug" / "agents"
    (tmp_path / "plug" / ".claude-plugin").mkdir(parents=True)
    (tmp_path / "plug" / ".claude-plugin" / "plugin.json").write_text('{"name": "plug"}')
    agents.mkdir()
    (agents / "noname.md").write_text("---\ndescription: d\n---\nb\n")
    (agents / "colon.md").write_text("---\nname: a:b\ndescription: d\n---\nb\n")
    (agents / "num.md").write_text("---\nname: 42\n---\nb\n")
    (agents / "dash.md").write_text("---\nname: -x\ndescription: d\npermissionMode: plan\n---\nb\n")
    (agents / "UP.MD").write_text("---\nname: up\ndescription: d\ntools: Raed\n---\nb\n")
    found = check_agent_files([tmp_path])
    assert sorted((Path(p.file).name, p.rule) for p in found) == [
        ("UP.MD", "tools-unrecognized"),
        ("dash.md", "plugin-ignored-key"),
    ]


def test_a_file_named_that_is_not_an_agent_says_so(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    root = tree(
        {
            "notes.md": "# Notes\n\nNo front matter here.\n",
            "agents.json": '{"rev": {"description": "d", "prompt": "p"}}\n',
            ".claude/agents/README.md": "# About these agents\n",
        }
    )
    code = main(["agents", "check", str(root / "notes.md"), str(root / "agents.json"), str(root / ".claude/agents")])
    out = capsys.readouterr().out
    assert code == 0  # neither is loaded as an agent, and neither drops anything
    assert out.splitlines() == [
        f"{root / 'notes.md'}: info: [not-an-agent] no front matter: Claude Code does not load this file as an "
        "agent, and says nothing (fix: if it is meant as one, start it with a front matter block: ---, name: ..., "
        "description: ..., ---)",
        f"{root / 'agents.json'}: info: [not-an-agent] not a .md file: the engine reads agent definitions from "
        "*.md files alone (fix: a JSON file of agents (the engine's --agents value) is checked with --agents FILE)",
    ]  # in the order named; the agents folder's README, found by searching, is not worth a line


def test_a_json_file_of_agents_is_checked_with_the_agents_option(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree({"agents.json": '{"rev": {"description": "d"}}\n'})
    code = main(["agents", "check", "--agents", str(root / "agents.json")])
    out = capsys.readouterr().out
    assert code == 1
    assert "[agents-json]" in out and "prompt" in out


def test_an_agents_file_the_engine_refuses_gives_one_finding_per_problem_not_one_for_read_from(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    """The engine ends its lines for a file with ``(read from PATH)`` (g14_agents_file_*); the
    findings already name the file, so that line is none of them."""
    root = tree({"agents.json": '{"doc": {"description": "d", "prompt": "p", "skills": "a"}}\n'})
    code = main(["agents", "check", "--format", "concise", "--agents", str(root / "agents.json")])
    out = capsys.readouterr().out
    assert code == 1
    assert out.splitlines() == [
        f"{root / 'agents.json'}: error: [agents-json] doc.skills: Invalid input: expected array, received string"
        " (fix: the engine refuses the whole --agents value and exits 1)"
    ]
