"""What a subagent can use, from its ``tools`` and ``disallowedTools``; which of two same-named files wins."""

from __future__ import annotations

import os

import pytest

from agents_md import Session
from agents_md.agents import agent_access, blocking, load_agents, parse_agent_text
from agents_md.agents._model import Source


@pytest.mark.parametrize(
    ("tools", "disallowed", "expected"),
    [
        (None, None, (None, True, ())),
        (None, ("Read",), (None, False, ())),
        ((), None, ((), False, ())),
        (("Grep",), None, (("Grep",), False, ())),
        (("Read(src/**)",), None, (("Read",), True, ())),
        (("Task", "Read"), None, (("Agent", "Read"), True, ())),
        (("ToolSearch",), None, ((), False, ())),
        (("NotATool", "Read"), None, (("Read",), True, ())),
        (("read",), None, ((), False, ("read",))),
        (("NotATool",), None, ((), False, ("NotATool",))),
        (("mcp__db__query",), None, ((), False, ("mcp__db__query",))),  # no MCP server connected
        (("mcp__db__query", "Read"), None, (("Read",), True, ())),
        (("Grep", "Bash", "Glob"), None, (("Bash",), False, ())),
        (("Grep", "Bash"), ("Bash",), (("Grep",), False, ())),
    ],
    ids=[
        "all",
        "all-but-read",
        "none",
        "grep",
        "read-pattern",
        "alias",
        "toolsearch",
        "one-unknown",
        "lowercase",
        "unknown",
        "mcp",
        "mcp-and-read",
        "bash-hides-search",
        "bash-withheld",
    ],
)
def test_access(tools: tuple[str, ...] | None, disallowed: tuple[str, ...] | None, expected: tuple) -> None:
    assert tuple(agent_access(tools, disallowed))[:3] == expected


@pytest.mark.parametrize(
    ("tools", "disallowed", "bash"),
    [
        (None, None, True),
        (None, ("Bash(git push *)",), False),  # a pattern withholds the whole tool
        (("Read", "Grep"), None, False),
        (("Read", "Bash(git *)"), None, True),
        (("Read", "Bash"), ("Bash",), False),
    ],
)
def test_bash(tools: tuple[str, ...] | None, disallowed: tuple[str, ...] | None, bash: bool) -> None:
    """Whether the engine's attribution note can follow the agent's start block (``engine.reminders``)."""
    assert agent_access(tools, disallowed).has("Bash") is bash


def test_agents_check_says_the_engine_refuses_an_agent_whose_tools_it_does_not_know() -> None:
    refused = parse_agent_text("---\nname: a\ndescription: d\ntools: read\n---\n", "a.md", source=Source.PROJECT)
    [problem] = [p for p in refused.problems if p.rule == "tools-unrecognized"]
    assert (problem.line, blocking(problem)) == (4, True)
    assert problem.message == "tools names nothing Claude Code recognizes (read): the engine refuses to start the agent"
    partial = parse_agent_text("---\nname: a\ndescription: d\ntools: Read, Raed\n---\n", "a.md", source=Source.PROJECT)
    assert [(p.rule, p.message, blocking(p)) for p in partial.problems] == [
        ("tool-unknown", "Raed: not a tool Claude Code recognizes; the agent starts without it", False)
    ]


def _unknown(text: str) -> list[tuple[int, str, str]]:
    parsed = parse_agent_text(text, "a.md", source=Source.PROJECT)
    return [(p.line, p.message, p.fix) for p in parsed.problems if p.rule == "tool-unknown"]


def test_tool_unknown_names_a_tools_string_that_dash_lines_continue_as_yaml_reads_it() -> None:
    """Azeez1/TEST_AGENTS writes ``tools: Read, Bash`` then ``  - extra`` lines: one plain string,
    whose ``-`` items the engine lists and drops (g14_real_ta_engineering)."""
    text = "---\nname: a\ndescription: d\ntools: Read, Bash\n  - workspace_enforcer\n  - path_validator\n---\n"
    assert _unknown(text) == [
        (
            4,
            "-, workspace_enforcer, -, path_validator: not tools Claude Code recognizes; the agent starts without"
            ' them; YAML reads tools as one string, "Read, Bash - workspace_enforcer - path_validator": the'
            ' "- name" lines below "tools:" continue it and make no list',
            "put every tool on the tools line, comma-separated, or make tools a YAML list: one - Name line each",
        )
    ]


def test_tool_unknown_says_a_parenthesised_note_counts_as_a_name_of_its_own() -> None:
    """``- Task (for subagents)``: the engine starts the agent with Agent alone (g14_real_ta_qa)."""
    text = "---\nname: a\ndescription: d\ntools:\n  - run_tests\n  - Task (for subagents)\n---\n"
    assert _unknown(text) == [
        (
            4,
            "run_tests, (for subagents): not tools Claude Code recognizes; the agent starts without them; a space"
            ' parts "(for subagents)" from the name before it, so it counts as a tool name of its own',
            "spell them as Claude Code does, or remove them",
        )
    ]


def test_tool_unknown_of_an_agent_refused_for_its_mcp_tools_does_not_say_it_starts() -> None:
    """The engine refuses the agent (g14_real_ta_engineering's cto): its unknown names matter only once
    an MCP server gives it a tool."""
    text = "---\nname: a\ndescription: d\ntools:\n  - path_validator\n  - mcp__seq__think\n---\n"
    parsed = parse_agent_text(text, "a.md", source=Source.PROJECT)
    assert [p.rule for p in parsed.problems] == ["tools-mcp-only", "tool-unknown"]
    assert _unknown(text)[0][1] == (
        "path_validator: not a tool Claude Code recognizes; once a connected MCP server gives one of its MCP"
        " tools, the agent would start without it"
    )


def test_a_subagent_without_read_attaches_nothing_and_a_refused_one_never_starts(tree) -> None:
    root = tree(
        {
            "lib/AGENTS.md": "L\n",
            "lib/f.txt": "x\n",
            ".claude/agents/g.md": "---\nname: g\ndescription: d\ntools: Grep\n---\n",
            ".claude/agents/bad.md": "---\nname: bad\ndescription: d\ntools: NotATool\n---\n",
        }
    )
    s = Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"))
    grep = s.spawn("g")
    assert grep.started and not grep.can_read and grep.tools == ("Grep",)
    assert grep.read(str(root / "lib/f.txt")).hook_files == ()
    bad = s.spawn("bad")
    assert not bad.started and bad.claude_md is None
    assert s.spawn("general-purpose").read(str(root / "lib/f.txt")).hook_text is not None


def test_of_two_files_with_one_name_the_one_read_last_wins(tree) -> None:
    files = {f".claude/agents/{n}.md": f"---\nname: twin\ndescription: from {n}\n---\n" for n in "abcdef"}
    root = tree(files)
    order = [n for n in os.listdir(root / ".claude" / "agents") if n.endswith(".md")]  # this disk's order
    catalog = load_agents(cwd=str(root), home=str(root.parent / "home"), managed_dir=None)
    [agent] = catalog.accepted
    assert agent.description == f"from {order[-1].removesuffix('.md')}"
    [dup] = catalog.duplicates
    assert dup.active == str(root / ".claude" / "agents" / order[-1])
    assert len([p for p in catalog.problems if p.rule == "duplicate-name"]) == 5


def test_agents_check_warns_that_an_agent_of_mcp_tools_only_is_refused_without_its_server(tmp_path) -> None:
    """The engine refuses such an agent when no connected server gives the tools (a7_mcp_only_tools_refused);
    an MCP name beside a built-in tool is no unknown tool."""
    from agents_md.agents import check_agent_files

    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    (folder / "img.md").write_text("---\nname: img\ndescription: d\ntools: mcp__meigen__generate_image\n---\nb\n")
    (folder / "both.md").write_text("---\nname: both\ndescription: d\ntools: mcp__x__y, Read\n---\nb\n")
    found = check_agent_files([tmp_path])
    assert [(os.path.basename(p.file), p.rule, p.line, blocking(p)) for p in found] == [
        ("img.md", "tools-mcp-only", 4, False)
    ]
    assert found[0].message == (
        "tools names no tool but MCP tools (mcp__meigen__generate_image): the engine refuses to start the agent "
        "unless a connected MCP server gives one of them"
    )


def test_js_string_prints_a_big_yaml_integer_as_the_double_javascript_reads() -> None:
    from agents_md._util.js import js_string

    assert [js_string(v) for v in (12345678901234567890, 2**53, 1e20, 1.5)] == [
        "12345678901234567000",
        "9007199254740992",
        "100000000000000000000",
        "1.5",
    ]


def test_the_tools_a_subagent_gets_are_those_the_engine_gave(tree) -> None:
    """Each subagent's tools as recorded (``a7_bash_hides_glob_grep``: Bash hides Glob and Grep)."""
    import json
    from pathlib import Path

    result = json.loads(
        (Path(__file__).parents[1] / "conformance/results/a7_bash_hides_glob_grep.json").read_text(encoding="utf-8")
    )
    root = tree({k: v for k, v in result["scenario"]["tree"].items()})
    s = Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"))
    got = {key: sorted(s.spawn(key).tools or ()) for key in result["subagents"]}
    assert got == {key: sub["tools"] for key, sub in result["subagents"].items()}


def test_name_missing_asks_whether_agent_name_was_meant_as_name() -> None:
    """ak-eyther/model-project writes ``agent_name:``: the engine skips the file without a word and
    gives the key no hint of its own (g14_real_model_project)."""
    text = '---\nagent_name: "Anand 2.0"\ndescription: d\n---\nbody\n'
    parsed = parse_agent_text(text, "a.md", source=Source.PROJECT)
    assert [(p.rule, p.line, p.message) for p in parsed.problems if p.rule == "name-missing"] == [
        (
            "name-missing",
            2,
            'no name: the file is treated as documentation and skipped (is "agent_name" meant to be "name"?)',
        )
    ]
