"""Agent files as real repositories write them: each case a tree built in tmp_path, checked and
listed as the engine reads it (the h40_ scenarios recorded what the engine does)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md.agents import agent_lines, check_agent_files, load_agents, parse_agent_text
from agents_md.agents._model import Source
from agents_md.cli.main import main

Tree = Callable[..., Path]


def agent(name: str, extra: str = "", description: str = "") -> str:
    return f"---\nname: {name}\ndescription: {description or name + ' agent'}\n{extra}---\nYou are {name}.\n"


def rules(found: list) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return sorted((Path(p.file).name, p.rule) for p in found)


# --- skills: a string is a list of names, split as tools are -------------------------------------


@pytest.mark.parametrize(
    ("value", "skills"),
    [
        ("skills: relay-skill\n", ("relay-skill",)),
        ("skills: relay-skill, other-skill\n", ("relay-skill", "other-skill")),
        ("skills: relay-skill other-skill\n", ("relay-skill", "other-skill")),
        ("skills:\n  - relay-skill, other-skill\n", ("relay-skill", "other-skill")),
        ("skills: relay-skill;other-skill\n", ("relay-skill;other-skill",)),
    ],
    ids=["one-name", "comma", "space", "list-item-with-comma", "semicolon-is-no-separator"],
)
def test_skills_written_as_a_string_are_kept(value: str, skills: tuple[str, ...]) -> None:
    """h40_tools_null_and_skills_string, h40_skills_string_separators: the subagent's first request
    held the text of each skill so named."""
    result = parse_agent_text(agent("sk", value), "sk.md", source=Source.PROJECT)
    assert result.agent is not None
    assert result.agent.skills == skills
    assert [p.rule for p in result.problems] == []


def test_a_skills_string_is_not_reported_as_dropped(tree: Tree) -> None:
    root = tree(
        {".claude/agents/a.md": agent("a", "skills: using-relay\n"), ".claude/agents/b.md": agent("b", "skills: 7\n")}
    )
    assert rules(check_agent_files([root])) == [("b.md", "invalid-value")]


# --- tools with no value -------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["tools:\n", "tools: ~\n", "tools: []\n"], ids=["empty", "tilde", "flow"])
def test_tools_with_no_value_gives_no_tools(value: str) -> None:
    """h40_tools_null_and_skills_string: the line says All tools, the subagent starts with none."""
    result = parse_agent_text(agent("t", value), "t.md", source=Source.PROJECT)
    assert result.agent is not None and result.agent.tools == ()
    assert [p.rule for p in result.problems] == ["tools-empty"]


# --- a --- in a document is a Markdown rule, not a misplaced fence -------------------------------


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("# Data Scientist\n\nAnalyses data.\n\n---\n\nMore text.\n", "not-an-agent"),
        ("# Reference\n\n---\n\n## One\n\n---\n\n## Two\n", "not-an-agent"),
        ("name: [unique]\ndescription: [what it does]\n```\n\n---\n\n### Commands\n", "not-an-agent"),
        ("\n---\nname: a\ndescription: d\n---\n", "fence-not-on-line-1"),
        ("<!-- generated -->\n---\nname: a\ndescription: d\n---\n", "fence-not-on-line-1"),
        ("# My agent\n---\nname: a\ndescription: d\n---\nbody\n", "fence-not-on-line-1"),
        ("----\nname: a\ndescription: d\n----\n", "fence-not-on-line-1"),
        ("```markdown\n---\nname: a\ndescription: d\n---\nbody\n```\n", "fence-not-on-line-1"),
    ],
    ids=[
        "rule-in-doc",
        "rules-between-sections",
        "keys-without-fences",
        "blank-first",
        "comment-first",
        "title-above-front-matter",
        "four-dashes-only",
        "wrapped-in-a-code-block",
    ],
)
def test_why_a_file_has_no_front_matter(text: str, rule: str) -> None:
    result = parse_agent_text(text, "x.md", source=Source.PROJECT)
    assert result.agent is None
    assert result.rule == rule


def test_a_document_with_a_rule_in_an_agents_folder_fails_nothing(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(
        {
            ".claude/agents/reviewer.md": agent("reviewer", "tools: Read\n"),
            ".claude/agents/SUMMARY.md": "# Summary\n\nThe agents here.\n\n---\n\nGenerated.\n",
        }
    )
    code = main(["agents", "check", str(root)])
    assert code == 0
    assert capsys.readouterr().out == ""


# --- a plugin whose manifest names its agent files -----------------------------------------------


def plugin_tree(manifest: str) -> dict[str, str]:
    return {
        "pl/.claude-plugin/plugin.json": manifest,
        "pl/a.md": agent("a"),
        "pl/deep/file-x.md": agent("alpha", description="alpha in deep/"),
        "pl/agents/c.md": agent("c"),
    }


def test_a_manifest_listing_agent_files_offers_those_alone(tree: Tree) -> None:
    """h40_plugin_manifest_agents_list, h40_plugin_manifest_agents_forms: the files named load, under the
    plugin's name alone (no folders between); agents/ is not read; a missing one is skipped."""
    root = tree(plugin_tree('{"name": "pl", "agents": ["./a.md", "./deep/file-x.md", "./gone.md"]}'))
    catalog = load_agents(cwd=root, home=root / "home", managed_dir=None, plugin_dirs=[root / "pl"])
    assert agent_lines(catalog) == [
        "- pl:a: a agent (Tools: All tools)",
        "- pl:alpha: alpha in deep/ (Tools: All tools)",
    ]
    assert [(Path(p.file).name, p.rule) for p in catalog.problems] == [("gone.md", "plugin-agent-missing")]


def test_a_manifest_naming_one_agent_file_as_a_string(tree: Tree) -> None:
    root = tree(plugin_tree('{"name": "pl", "agents": "./a.md"}'))
    catalog = load_agents(cwd=root, home=root / "home", managed_dir=None, plugin_dirs=[root / "pl"])
    assert agent_lines(catalog) == ["- pl:a: a agent (Tools: All tools)"]


@pytest.mark.parametrize(
    "agents", ['["./agents/"]', '"./agents/"', "[]", "[1]"], ids=["folder-list", "folder", "empty", "number"]
)
def test_a_manifest_naming_no_md_file_offers_nothing(tree: Tree, agents: str) -> None:
    """A folder, or a path not ending in .md, fails the manifest's schema: the plugin does not load
    (a_plugins_manifest_names, h40_plugin_manifest_agents_forms); an empty list names nothing."""
    root = tree(plugin_tree(f'{{"name": "pl", "agents": {agents}}}'))
    catalog = load_agents(cwd=root, home=root / "home", managed_dir=None, plugin_dirs=[root / "pl"])
    assert agent_lines(catalog) == []


def test_check_of_a_folder_of_such_plugins_checks_the_files_named(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tree(
        {
            **plugin_tree('{"name": "pl", "agents": ["./a.md", "./b.md", "./gone.md"]}'),
            "pl/b.md": agent("b", "tools: Raed\n"),
            "README.md": "# plugins\n",
        }
    )
    code = main(["agents", "check", str(root)])
    out = capsys.readouterr().out
    assert code == 1
    assert sorted(line.split(": ")[0] + " " + line.split("[")[1].split("]")[0] for line in out.splitlines()) == [
        f"{root / 'pl/agents/c.md'} plugin-agent-unlisted",
        f"{root / 'pl/b.md'}:4 tools-unrecognized",
        f"{root / 'pl/gone.md'} plugin-agent-missing",
    ]


def test_an_example_front_matter_in_a_code_block_is_documentation() -> None:
    text = "# Agents\n\nExample agent header:\n\n```yaml\n---\nname: backend\ndescription: d\n---\n```\n"
    result = parse_agent_text(text, "README.md", source=Source.PROJECT)
    assert result.rule == "not-an-agent"


# --- a map of cross-references holding a hooks list ----------------------------------------------


@pytest.mark.parametrize(
    ("extra", "loads"),
    [
        ("related:\n  agents: [a, b]\n  hooks: [type-validator]\n  workflows: [q]\n", False),
        ("related:\n  hooks: []\n", True),
        ("related:\n  hooks: type-validator\n", True),
        ("see:\n  - hooks: [type-validator]\n", False),
    ],
    ids=["names-list", "empty-list", "string", "in-a-list"],
)
def test_a_hooks_list_in_another_map_is_read_as_a_hook(extra: str, loads: bool) -> None:
    """h40_hooks_key_in_other_maps: the engine refuses such an agent ("PreToolUse/PermissionRequest
    is declared at the frontmatter top level, outside hooks"); the finding names the key to rename."""
    text = agent("x", "tools: Read\n" + extra)
    result = parse_agent_text(text, "x.md", source=Source.PROJECT)
    assert (result.agent is not None) == loads
    if not loads:
        found = [p for p in result.problems if p.rule == "hooks-outside"]
        assert len(found) == 1
        key = found[0].key
        assert key.endswith(".hooks") and found[0].message.startswith(key + ":")
        assert found[0].line == text.splitlines().index(extra.splitlines()[0]) + 1


def test_a_description_continued_at_column_0_names_the_line_yaml_stops_on() -> None:
    """h40_description_continued_at_column_0: the engine skips the file (YAML Parse error)."""
    text = (
        "---\nname: picker\ndescription: Selects an approach.\n\nExamples:\n<example>\n"
        "Context: a small script\n</example>\ntools: Read\n---\nbody\n"
    )
    result = parse_agent_text(text, "picker.md", source=Source.PROJECT)
    assert result.agent is None
    (found,) = [p for p in result.problems if p.rule == "yaml-parse"]
    assert found.line == 6  # <example>
    assert "'<example>'" in found.message and "(line " not in found.message


# --- a file meant as an agent that has no front matter ------------------------------------------


def test_a_file_named_like_an_agent_without_front_matter_is_told(
    tree: Tree, capsys: pytest.CaptureFixture[str]
) -> None:
    """The engine ignores it without a word; documentation by its name (README, SUMMARY, a template)
    is not worth a line."""
    root = tree(
        {
            ".claude/agents/reviewer.md": agent("reviewer", "tools: Read\n"),
            ".claude/agents/data-scientist.md": "# Data Scientist\n\nAnalyses data.\n\n## Expertise\n\n- statistics\n",
            ".claude/agents/README.md": "# The agents here\n",
            ".claude/agents/1-CONFIGURATION-SUMMARY.md": "# Summary\n",
            ".claude/agents/_metadata.reference.md": "name: [unique]\n",
            ".claude/agents/templates/validator.md": "# Sub-agent template\n",
        }
    )
    code = main(["agents", "check", str(root)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert [line.split(": ")[0] for line in out] == [str(root / ".claude/agents/data-scientist.md")]
    assert "[not-an-agent] no front matter: Claude Code does not load this file as an agent" in out[0]


@pytest.mark.parametrize(
    ("manifest", "why"),
    [
        ('{"name": "pl", "agents": ["./custom/"]}', "must end with"),
        ('{"name": "pl", "agents": "./agents/"}', "must end with"),
        ('{"name": "a b"}', 'no valid "name"'),
        ("{not json", "cannot be read as JSON"),
    ],
    ids=["folder-list", "folder-string", "bad-name", "bad-json"],
)
def test_check_says_when_the_engine_refuses_a_plugins_manifest(
    tree: Tree, capsys: pytest.CaptureFixture[str], manifest: str, why: str
) -> None:
    """a_plugins_manifest_names, h40_plugin_manifest_agents_forms: such a plugin offers no agent."""
    root = tree(plugin_tree(manifest))
    assert agent_lines(load_agents(cwd=root, home=root / "home", managed_dir=None, plugin_dirs=[root / "pl"])) == []
    code = main(["agents", "check", str(root)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0].startswith(f"{root / 'pl/.claude-plugin/plugin.json'}: error: [plugin-manifest-invalid] ")
    assert why in out[0]


def test_a_plugin_agent_named_alone_is_judged_by_the_plugin_rules(
    tree: Tree, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of a plugin's agents/ (or one its manifest names) loads without a name; named on the
    command line it is still a plugin agent, not a project file missing its name."""
    root = tree(
        {
            "pl/.claude-plugin/plugin.json": '{"name": "pl"}',
            "pl/agents/sub/noname.md": "---\ndescription: d\npermissionMode: plan\n---\nb\n",
            "ql/.claude-plugin/plugin.json": '{"name": "ql", "agents": ["./x.md"]}',
            "ql/x.md": "---\ndescription: d\n---\nb\n",
            ".claude/agents/noname.md": "---\ndescription: d\n---\nb\n",
        }
    )
    monkeypatch.chdir(root)
    main(["agents", "check", "pl/../pl/agents/sub/noname.md", "ql/x.md", ".claude/agents/noname.md"])
    out = capsys.readouterr().out.splitlines()
    assert [(line.split(":")[0], line.split("[")[1].split("]")[0]) for line in out] == [
        ("pl/../pl/agents/sub/noname.md", "plugin-ignored-key"),
        (".claude/agents/noname.md", "name-missing"),
    ]


def test_a_tool_list_under_another_tools_name_says_the_agent_gets_every_tool() -> None:
    text = agent("r", "allowed-tools: Read, Grep\n")
    (found,) = parse_agent_text(text, "r.md", source=Source.PROJECT).problems
    assert (found.rule, found.fix) == ("unknown-key", 'rename it to "tools"')
    assert found.message.endswith(": the agent gets every tool")
    both = parse_agent_text(agent("r", "tools: Read\nallowed-tools: Grep\n"), "r.md", source=Source.PROJECT)
    assert not both.problems[0].message.endswith("every tool")  # tools is there: it applies


def test_front_matter_without_a_name_fails_the_check(tree: Tree, capsys: pytest.CaptureFixture[str]) -> None:
    """The engine skips it without a word; its keys say it was meant as an agent."""
    root = tree({".claude/agents/explorer.md": "---\nmodel: haiku\ntools:\n  - Read\nmemory: project\n---\nExplore.\n"})
    code = main(["agents", "check", str(root)])
    out = capsys.readouterr().out
    assert code == 1
    assert "[name-missing]" in out


def test_check_without_a_path_in_a_plugins_folder_checks_the_plugin(
    tree: Tree, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tree({**plugin_tree('{"name": "pl", "agents": ["./a.md"]}'), "pl/a.md": agent("a", "tools: Raed\n")})
    monkeypatch.chdir(root / "pl")
    code = main(["agents", "check"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert [line.split(":")[0] for line in out] == ["agents/c.md", "a.md"]
