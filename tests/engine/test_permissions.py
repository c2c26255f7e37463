"""Which Reads the engine lets through in ``-p`` mode (``engine.permissions``)."""

from __future__ import annotations

from typing import Any

import pytest

from agents_md.engine.args import parse_engine_args
from agents_md.engine.permissions import may_read, read_allowed_anywhere, working_folders
from agents_md.engine.settings import USER, Settings, SettingsLayer


def settings(values: dict[str, Any] | None = None) -> Settings:
    layers = (SettingsLayer(name=USER, path=None, values=values),) if values else ()
    return Settings(layers=layers, enabled_sources=frozenset())


@pytest.mark.parametrize(
    ("argv", "values", "anywhere"),
    [
        ([], None, False),
        (["--allowedTools", "Read"], None, True),
        (["--allowedTools", "Bash,Read"], None, True),
        (["--allowedTools", "Read(*)"], None, False),  # recorded: only the bare name
        (["--allowedTools", "Read(/**)"], None, False),  # a pattern allows its own paths only
        (["--dangerously-skip-permissions"], None, True),
        (["--permission-mode", "bypassPermissions"], None, True),
        ([], {"permissions": {"allow": ["Read"]}}, True),
    ],
)
def test_reads_allowed_anywhere(argv: list[str], values: dict[str, Any] | None, anywhere: bool) -> None:
    assert read_allowed_anywhere(parse_engine_args(argv), settings(values)) is anywhere


def test_the_working_folders() -> None:
    folders = working_folders(parse_engine_args(["--add-dir", "../extra"]), "/repo/app")
    assert folders == ("/repo/app", "/repo/extra")
    assert may_read("/repo/extra/a.md", folders, False)
    assert not may_read("/repo/.claude/rules/r.md", folders, False)
