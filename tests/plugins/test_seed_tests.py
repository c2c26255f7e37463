"""Seed 000's own tests for the default mode, as pytest."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path

from telemetry_recorder import RecordingTelemetry

from agents_md import FileSystem, PluginSpec, Session
from agents_md.plugins.agents_md import AgentsMdPlugin

Tree = Callable[..., Path]


class CountingFS(FileSystem):
    """Counts every touch of an AGENTS.md; ``fail`` makes them raise EIO (the disk fails mid-walk)."""

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.agents_md_touches = 0

    def _touch(self, path: str) -> None:
        if path.endswith("AGENTS.md"):
            self.agents_md_touches += 1
            if self.fail:
                raise OSError(errno.EIO, "input/output error", path)

    def realpath(self, path: str) -> str:
        self._touch(path)
        return super().realpath(path)

    def is_symlink(self, path: str) -> bool:
        self._touch(path)
        return super().is_symlink(path)

    def read_file(self, path: str) -> bytes | None:
        self._touch(path)
        return super().read_file(path)


def session(root: Path, *, fs: FileSystem | None = None, telemetry: RecordingTelemetry | None = None) -> Session:
    plugins = [PluginSpec(name="agents-md", plugin=AgentsMdPlugin(), builtin=True)]
    if telemetry is not None:
        plugins.append(PluginSpec(name="telemetry", plugin=telemetry))
    return Session(
        cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "managed"), plugins=plugins, fs=fs
    )


def test_agents_md_alone_is_a_project_instruction_file_with_one_log_line_naming_it(tree: Tree) -> None:
    root = tree({"AGENTS.md": "# rules\n"})
    s = session(root)
    assert [(f.path, str(f.kind)) for f in s.files] == [(str(root / "AGENTS.md"), "project")]
    assert "Contents of " + str(root / "AGENTS.md") + " (project instructions, checked into the codebase)" in (
        s.claude_md or ""
    )
    lines = [n for n in s.notices if n.source == "agents-md"]
    assert len(lines) == 1
    assert str(root / "AGENTS.md") in lines[0].text


def test_a_claude_md_of_its_own_leaves_the_project_to_the_engine_without_a_walk(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "engine\n", "AGENTS.md": "never read\n", "sub/AGENTS.md": "never read\n"})
    fs = CountingFS()
    s = session(root, fs=fs)
    assert [f.path for f in s.files] == [str(root / "CLAUDE.md")]
    assert fs.agents_md_touches == 0


def test_a_failed_walk_leaves_the_context_as_handed(tree: Tree, telemetry: RecordingTelemetry) -> None:
    root = tree({"AGENTS.md": "unreachable\n"})
    home = tree({".claude/CLAUDE.md": "user\n"}, "home")
    s = session(root, fs=CountingFS(fail=True), telemetry=telemetry)
    assert [f.path for f in s.files] == [str(home / ".claude/CLAUDE.md")]
    assert s.files == s.start().engine_files
    load = [r.as_dict() for r in telemetry.rows if r.name == "agents_md_load"]
    assert load == [
        {
            "mode": "claude-md-or-agents-md",
            "file_count": 0,
            "import_count": 0,
            "total_content_length": 0,
            "yielded": False,
            "walk_failed": True,
        }
    ]
    assert [(m.name, m.ok, m.reason) for m in telemetry.marks] == [("agents_md", False, "walk_failed")]


def test_the_start_hands_telemetry_the_mode_row_alone(tree: Tree, telemetry: RecordingTelemetry) -> None:
    root = tree({"AGENTS.md": "x\n"})
    s = session(root, telemetry=telemetry)
    hook_session = s._hook_session()  # computes the start once
    telemetry.rows.clear()
    telemetry.marks.clear()
    s.bus.notify("session.start", session=hook_session)
    assert [(r.name, r.as_dict()) for r in telemetry.rows] == [
        ("agents_md_mode", {"mode": "claude-md-or-agents-md", "is_interactive": False})
    ]
    assert telemetry.marks == []


def test_without_a_provider_telemetry_is_dropped_and_nothing_else_changes(
    tree: Tree, telemetry: RecordingTelemetry
) -> None:
    root = tree({"AGENTS.md": "x\n", "a/AGENTS.md": "y\n"})
    with_provider = session(root, telemetry=telemetry)
    without = session(root)
    assert with_provider.claude_md == without.claude_md
    assert with_provider.notices == without.notices
    assert telemetry.rows  # the provider was handed rows; the other session had nowhere to send them
