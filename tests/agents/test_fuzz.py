"""Hypothesis: any front matter is handled without an exception, and every rejection names its rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from agents_md.agents import parse_agent_text
from agents_md.agents._model import BLOCKING_RULES, Source
from agents_md.diagnostics import Severity

SKIP_RULES = BLOCKING_RULES | {"not-an-agent", "name-missing"}

keys = st.sampled_from(
    [
        "name",
        "description",
        "tools",
        "disallowedTools",
        "model",
        "maxTurns",
        "memory",
        "hooks",
        "effort",
        "background",
        "mcpServers",
        "skills",
        "Name",
        "allowed-tools",
        "x",
    ]
)
scalars = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30),
    st.sampled_from(
        [
            "a: b",
            "[Read, Grep]",
            '"q',
            "'q'",
            "*a",
            "&a x",
            "{x",
            "yes",
            "~",
            "0o17",
            ".inf",
            "-x",
            "x:y",
            "Read, Bash(git *)",
            "|",
            ">",
            "\t- Read",
            "\\n",
            "---",
            "# c",
        ]
    ),
)
lines = st.lists(st.tuples(keys, scalars, st.sampled_from(["", "  ", "\t"])), max_size=8)


def _doc(items: list[tuple[str, str, str]]) -> str:
    return "".join(f"{indent}{key}: {value}\n" for key, value, indent in items)


@settings(max_examples=300, deadline=None)
@given(lines, st.text(max_size=20), st.sampled_from(["---\n", "\ufeff---\n", "\n---\n", "--- \r\n", ""]))
def test_front_matter_never_raises_and_rejections_name_a_rule(
    items: list[tuple[str, str, str]], body: str, opening: str
) -> None:
    text = f"{opening}{_doc(items)}---\n{body}"
    result = parse_agent_text(text, "f.md", source=Source.PROJECT)
    if result.agent is None:
        assert result.rule in SKIP_RULES
        assert any(p.rule == result.rule for p in result.problems)
    else:
        assert result.agent.name and isinstance(result.agent.description, str)
    for problem in result.problems:
        assert problem.rule and problem.message and isinstance(problem.severity, Severity)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_never_raises(text: str) -> None:
    parse_agent_text(text, "f.md", source=Source.PROJECT)
    parse_agent_text(text, "f.md", source=Source.PLUGIN, plugin="p")
