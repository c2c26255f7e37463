"""Real-world-style agent files: every verdict and every rendered line equals the engine's (recorded)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents_md.agents import agent_lines, load_agents, parse_agent_text
from agents_md.agents._model import Source

CORPUS = Path(__file__).resolve().parent / "corpus"
EXPECTED = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))
FILES = sorted(p.name for p in CORPUS.glob("*.md"))


def test_corpus_lines_equal_engine(tree) -> None:
    root = tree({f".claude/agents/{name}": (CORPUS / name).read_bytes() for name in FILES})
    (root / ".git").mkdir()
    catalog = load_agents(cwd=root, home=root.parent / "home", managed_dir=None)
    assert agent_lines(catalog) == EXPECTED["agent_lines"]


@pytest.mark.parametrize("name", FILES, ids=FILES)
def test_corpus_verdict(name: str) -> None:
    text = (CORPUS / name).read_bytes().decode("utf-8")
    result = parse_agent_text(text, name, source=Source.PROJECT)
    expected_rule = EXPECTED["skipped"].get(name)
    if expected_rule is None:
        assert result.agent is not None, result.problems
    else:
        assert result.agent is None
        assert result.rule == expected_rule
