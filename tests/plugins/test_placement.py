"""Where the plugin's files go among the engine's (``placement.place``), and which are the project's own
(``placement.own_files``)."""

from __future__ import annotations

from agents_md.plugin_api import InstructionFile, Kind
from agents_md.plugins.agents_md.placement import own_files, place


def test_files_placed_at_the_end_go_before_the_auto_memory_file() -> None:
    memory = InstructionFile(path="/h/.claude/projects/-r/memory/MEMORY.md", kind=Kind.MEMORY, content="m")
    user = InstructionFile(path="/h/.claude/CLAUDE.md", kind=Kind.USER, content="u")
    agents = InstructionFile(path="/r/AGENTS.md", kind=Kind.PROJECT, content="a")
    assert [f.path for f in place([user, memory], [("/r", [agents])])] == [user.path, agents.path, memory.path]
    assert [f.path for f in place([user], [("/r", [agents])])] == [user.path, agents.path]


def test_a_directory_inside_a_claude_folder_is_anchored_at_the_folder_holding_it() -> None:
    added = InstructionFile(path="/r/extra/CLAUDE.md", kind=Kind.PROJECT, content="e")
    inner = InstructionFile(path="/r/a/extra2/CLAUDE.md", kind=Kind.PROJECT, content="e2")
    worktree = InstructionFile(path="/r/.claude/worktrees/feat/AGENTS.md", kind=Kind.PROJECT, content="w")
    nested = InstructionFile(path="/r/a/.claude/y/AGENTS.md", kind=Kind.PROJECT, content="y")
    plain = InstructionFile(path="/r/wt/feat/AGENTS.md", kind=Kind.PROJECT, content="p")
    handed = [added, inner]
    assert place(handed, [("/r/.claude/worktrees/feat", [worktree])]) == [worktree, added, inner]
    assert place(handed, [("/r/a/.claude/y", [nested])]) == [added, nested, inner]
    assert place(handed, [("/r/wt/feat", [plain])]) == [added, inner, plain]


def test_the_projects_own_files_are_its_claude_files_of_folders_on_the_path() -> None:
    def f(path: str, kind: Kind = Kind.PROJECT) -> InstructionFile:
        return InstructionFile(path=path, kind=kind, content=path)

    chain = ["/", "/r", "/r/a", "/h"]
    own = [f("/r/CLAUDE.md"), f("/r/.claude/CLAUDE.md"), f("/r/a/CLAUDE.local.md"), f("/h/CLAUDE.md", Kind.USER)]
    others = [
        f("/r/b/CLAUDE.md"),  # not on the path
        f("/r/a/AGENTS.md"),
        f("/r/.claude/CLAUDE.local.md"),  # a local file belongs in the folder itself
        f("/r/a/.claude/rules/CLAUDE.md"),
        f("/r/xCLAUDE.md"),
        f("/h/.claude/CLAUDE.md", Kind.USER),  # the user's own, the home being on the path
        f("/r/a/CLAUDE.md", Kind.MANAGED),
    ]
    assert own_files([*others, *own], chain, "/h") == own
    assert own_files([f("/h/.claude/CLAUDE.md", Kind.USER)], chain) == [f("/h/.claude/CLAUDE.md", Kind.USER)]
