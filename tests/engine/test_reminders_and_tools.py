"""What follows the start block (``engine.reminders``) and the main loop's tools (``engine.tools``),
as the ``g_block_end_*`` and ``g_tools_*`` recordings show them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agents_md.engine.args import parse_engine_args
from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.reminders import attribution, git_context, start_block_end
from agents_md.engine.settings import Settings, SettingsLayer
from agents_md.engine.tools import main_tools


def settings(*layers: dict[str, Any]) -> Settings:
    return Settings(
        layers=tuple(SettingsLayer(name="user", path=None, values=v) for v in layers), enabled_sources=frozenset()
    )


@pytest.mark.parametrize(
    ("layers", "noted"),
    [
        ((), True),
        (({"includeCoAuthoredBy": False},), False),
        (({"includeCoAuthoredBy": "false"},), True),
        (({"attribution": {"commit": "", "pr": ""}},), False),
        (({"includeCoAuthoredBy": True}, {"attribution": {"commit": "", "pr": ""}}), False),
        (({"includeCoAuthoredBy": False, "attribution": {"commit": ""}},), True),  # pr: the engine's own
        (({"includeCoAuthoredBy": False, "attribution": {"commit": "X", "pr": ""}},), True),
        (({"attribution": {"commit": ""}}, {"attribution": {"pr": ""}}), False),  # key by key
        (({"includeGitInstructions": False, "attribution": {"commit": "X"}},), False),
    ],
)
def test_attribution(layers: tuple[dict[str, Any], ...], noted: bool) -> None:
    assert attribution(settings(*layers), {}) is noted
    assert not attribution(settings(*layers), {"CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS": "1"})


def test_git_context(tmp_path: Path) -> None:
    (tmp_path / ".git").write_text("gitdir: /nowhere\n")  # not a working repository: still the context
    cwd = tmp_path / "a"
    cwd.mkdir()
    assert git_context(DEFAULT_FS, str(cwd), settings(), {})
    assert not git_context(DEFAULT_FS, str(cwd), settings({"includeGitInstructions": False}), {})
    assert not git_context(DEFAULT_FS, str(cwd), settings(), {"CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS": "1"})
    assert not git_context(DEFAULT_FS, str(tmp_path.parent), settings(), {})


def test_the_block_ends_with_a_line_break_when_last() -> None:
    assert start_block_end(git=False, attribution=False) == "\n"
    assert start_block_end(git=True, attribution=False) == ""
    assert start_block_end(git=False, attribution=True) == ""


@pytest.mark.parametrize(
    ("argv", "layers", "removed", "withheld"),
    [
        (["--disallowedTools", "Bash"], (), {"Bash"}, set()),
        (["--disallowedTools", "Bash(git:*)", "Read,Agent(x)"], (), {"Read"}, {"x"}),
        (["--disallowed-tools", "Bash(git push *) Task"], (), {"Agent"}, set()),
        (["--tools", "Read,Task"], (), {"Bash"}, set()),
        (["--tools", "default"], (), set(), set()),
        ([], ({"permissions": {"deny": ["Bash(*)", "bash", "Agent(rev)"]}},), {"Bash", "bash"}, {"rev"}),
        ([], ({"permissions": {"deny": ["Bash(rm *)"]}},), set(), set()),
    ],
)
def test_main_tools(argv: list[str], layers: tuple[dict[str, Any], ...], removed: set[str], withheld: set[str]) -> None:
    tools = main_tools(parse_engine_args(argv), settings(*layers))
    assert (set(tools.removed), set(tools.withheld_agents)) == (removed, withheld)
