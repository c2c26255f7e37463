"""Where the plugin's files go among the engine's (``placement.place``)."""

from __future__ import annotations

from agents_md.plugin_api import InstructionFile, Kind
from agents_md.plugins.agents_md.placement import place


def test_files_placed_at_the_end_go_before_the_auto_memory_file() -> None:
    memory = InstructionFile(path="/h/.claude/projects/-r/memory/MEMORY.md", kind=Kind.MEMORY, content="m")
    user = InstructionFile(path="/h/.claude/CLAUDE.md", kind=Kind.USER, content="u")
    agents = InstructionFile(path="/r/AGENTS.md", kind=Kind.PROJECT, content="a")
    assert [f.path for f in place([user, memory], [("/r", [agents])])] == [user.path, agents.path, memory.path]
    assert [f.path for f in place([user], [("/r", [agents])])] == [user.path, agents.path]
