"""Rules found by differential fuzzing against Claude Code 2.1.328 (one test per rule)."""

from __future__ import annotations

from agents_md.agents import agent_line, parse_agent_text
from agents_md.agents._model import Source


def _line(front: str) -> str | None:
    result = parse_agent_text(f"---\n{front}\n---\nbody\n", "/p/.claude/agents/a.md", source=Source.PROJECT)
    return agent_line(result.agent) if result.agent else None


def test_tool_groups_do_not_nest() -> None:
    # "(" opens and any ")" closes a group: "Bash((x)" is one item and "Read" another.
    assert _line("name: a\ndescription: d\ntools: Bash((x), Read\nmemory: user") == (
        "- a: d (Tools: Bash((x), Read, Write, Edit)"
    )
    assert _line("name: a\ndescription: d\ntools: Bash((x), Read\ndisallowedTools: Read") == "- a: d (Tools: Bash((x))"


def test_plain_scalar_may_start_with_a_comma() -> None:
    assert _line("name: a\ndescription: ,x") == "- a: ,x (Tools: All tools)"
    assert _line("name: a\ndescription: x\ntools: ,Read,") == "- a: x (Tools: Read)"
    assert _line("name: a\ndescription: x\n,k: v") == "- a: x (Tools: All tools)"


def test_lenient_retry_quotes_a_bracket_value_that_is_not_a_list() -> None:
    assert _line("name: a\ndescription: x\ntools: [ ,Read]") == "- a: x (Tools: [, Read])"


def test_crlf_in_quoted_scalar_counts_twice() -> None:
    assert _line('name: a\r\ndescription: "multi\r\n  line"') == "- a: multi\nline (Tools: All tools)"
    assert _line("name: a\r\ndescription: 'p\r\n\r\n  two'") == "- a: p\n\ntwo (Tools: All tools)"
    assert _line('name: a\r\ndescription: "a\\\r\n  b"') == "- a: a\nb (Tools: All tools)"
    assert _line("name: a\ndescription: 'a\rb'") is None


def test_tab_indentation_only_through_the_retry() -> None:
    # The strict parse refuses a tab in block indentation; the retry quotes "x # c" and expands tabs.
    assert _line("name: a\ndescription: x # c\nfoo:\n\tbar: 1") == "- a: x # c (Tools: All tools)"
    assert _line("name: a\ndescription: x\nfoo:\n \tbar: 1") is None
    # A block scalar indented by a tab: the retry quotes "|" and the document breaks.
    assert _line("name: a\ndescription: |\n\tx") is None
    assert _line("name: a\ndescription: |\n  a\n  \tb") == "- a: a\n\tb\n (Tools: All tools)"


def test_name_colon_checked_after_nfkc() -> None:
    assert _line("name: a\uff1ax\ndescription: d") is None
    assert _line("name: a\ufe55x\ndescription: d") is None


def test_guard_hooks_outside_hooks_skip_the_agent() -> None:
    guard = "  - matcher: Bash\n    hooks:\n      - type: command\n        command: x"
    assert _line(f"name: a\ndescription: d\nPreToolUse:\n{guard}") is None
    assert _line("name: a\ndescription: d\nPermissionRequest: []") is not None
    assert _line("name: a\ndescription: d\nmetadata:\n  PreToolUse:\n  " + guard.replace("\n", "\n  ")) is not None
    assert _line("name: a\ndescription: d\nfoo:\n  PreToolUse:\n  " + guard.replace("\n", "\n  ")) is None
    nested = guard.replace("\n", "\n    ")
    assert _line("name: a\ndescription: d\nhooks:\n  Bogus:\n    PreToolUse:\n    " + nested) is None
    assert _line("name: a\ndescription: d\nhooks:\n  Stop: 5") is not None


def test_cr_before_crlf_in_quoted_scalar() -> None:
    assert _line('name: a\r\ndescription: "crlf\r\r\n\tinside"') == "- a: crlf\ninside (Tools: All tools)"
