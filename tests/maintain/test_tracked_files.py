"""One ``git ls-files`` per check: every question about tracked files is a pathspec matched
against that one listing, and answers as ``git ls-files -- PATHSPEC`` would."""

from __future__ import annotations

import os
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import GitRepo

from agents_md.maintain.read.packages import MANIFESTS
from agents_md.maintain.repo.files import git_patterns, in_skill
from agents_md.maintain.repo.git import SAFE_CONFIG, Git, GitError
from agents_md.maintain.repo.pathspec import select

Repo = Callable[..., GitRepo]

NAMES = [
    "AGENTS.md",
    "a/agents.md",
    "a/b/Claude.md",
    "a/b/CLAUDE.local.md",
    "x/myAGENTS.md",
    "x/AGENTS.md.bak",
    "DOCS.md",
    "d/docs.md",
    ".claude/rules/r.md",
    ".claude/rules/deep/r.md",
    "foo.claude/rules/x.md",
    "w/.claude/CLAUDE.md",
    "s/SKILL.md",
    "ag/agent.json",
    "ag/my-agent.yaml",
    "p/package.json",
    "p/mypackage.json",
    "p/pnpm-workspace.yaml",
    "pyproject.toml",
    "c/Cargo.toml",
    "g/go.mod",
    "Makefile",
    "m/GNUmakefile",
    "justfile",
    "j/Justfile",
    "j/JUSTFILE",
    ".gitignore",
    "a/.gitignore",
    "a/b/c/.gitignore",
    "a/not.gitignore",
    "b[1]/x.py",
    "sp ace/AGENTS.md",
    "ü/AGENTS.md",
    "dir/sub/file",
    "dir2/file",
    "t/x.pyi",
    "t/y.pyx",
    "t/z.pyc",
    "ab/c",
    "a?b",
]
PATTERNS = [
    *git_patterns(frozenset({"DOCS.md"})),
    *(f"*{name}" for name in MANIFESTS),
    "*package.json",
    "*pnpm-workspace.yaml",
    "*akefile",
    "*ustfile",
    "*USTFILE",
    "*.py",
    "*.pyi",
    "*.pyx",
    "*pyproject.toml",
    ":(glob)**/.gitignore",
    ":(glob)**/c/.gitignore",
    ":(icase,glob)**/.GITIGNORE",
    ":(glob)**/dir/",
    ":(glob)**/sub/file",
    "*laude/rul*",
    ":(icase)*LAUDE/RUL*",
    "*sub/*",
    "*?b*",
    ":(glob)a/*",
    ":(glob)a/**",
    ":(icase)DIR",
    "dir",
    "dir/",
    "dir/sub/file",
    "di",
    "b[1]/*",
    "[ab]/*",
    "[!a]*/AGENTS.md",
    "a?b",
    "a\\?b",
    ":(icase)*agents.md",
    ":(icase)*Ü/AGENTS.md",
    ":(icase)*ü/agents.MD",
    "*AGENTS.md",
    "*agents.md",
]


@pytest.fixture
def tracked(repo: Repo) -> GitRepo:
    r = repo({name: "# tracked\n" for name in NAMES})
    assert sorted(Git(str(r.path)).tracked()) == sorted(NAMES)
    return r


@pytest.mark.parametrize("pattern", PATTERNS)
def test_a_pathspec_matches_what_git_ls_files_lists(tracked: GitRepo, pattern: str) -> None:
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", pattern], cwd=tracked.path, env=tracked.env, capture_output=True, check=True
    ).stdout
    listed = [p.decode() for p in out.split(b"\0") if p]
    assert Git(str(tracked.path)).ls_files([pattern]) == listed


def test_several_pathspecs_and_none(tracked: GitRepo) -> None:
    git = Git(str(tracked.path))
    everything = subprocess.run(
        ["git", "ls-files", "-z"], cwd=tracked.path, env=tracked.env, capture_output=True, check=True
    ).stdout
    assert git.ls_files([]) == [p.decode() for p in everything.split(b"\0") if p]
    patterns = git_patterns(frozenset())
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", *patterns], cwd=tracked.path, env=tracked.env, capture_output=True, check=True
    ).stdout
    assert git.ls_files(patterns) == [p.decode() for p in out.split(b"\0") if p]
    assert sum(1 for c in git.commands if c[len(SAFE_CONFIG) + 1] == "ls-files") == 1  # asked once, answered thrice


def test_the_listing_started_early_is_the_one_read(tracked: GitRepo) -> None:
    git = Git(str(tracked.path))
    git.start_listing()
    git.start_listing()  # started once
    listed = git.tracked()
    assert listed is git.tracked()
    assert sum(1 for c in git.commands if c[len(SAFE_CONFIG) + 1] == "ls-files") == 1
    everything = subprocess.run(
        ["git", "ls-files", "-z"], cwd=tracked.path, env=tracked.env, capture_output=True, check=True
    ).stdout
    assert list(listed) == [p.decode() for p in everything.split(b"\0") if p]


def test_a_listing_git_refuses_says_why_and_one_never_read_is_reaped(tmp_path: Path, git_env: dict[str, str]) -> None:
    with pytest.raises(GitError, match=r"^git ls-files -z: "):
        Git(str(tmp_path)).tracked()  # not a repository
    git = Git(str(tmp_path))
    git.start_listing()
    git.close()
    assert not [t for t in threading.enumerate() if t.name == "git-output" and t.is_alive()]


def test_magic_it_does_not_understand_is_refused() -> None:
    with pytest.raises(ValueError, match="literal"):
        select([":(literal)*.md"], ["a.md"])


def test_check_lists_the_tracked_files_once(repo: Repo) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n\nRun `make test` and `just lint`; see `pkg/x.py`.\n",
            "pkg/AGENTS.md": "# P\n\n`pnpm test` runs the tests.\n",
            "pkg/package.json": '{"name": "p", "scripts": {"test": "x"}}\n',
            "pkg/x.py": "x\n",
            "Makefile": "test:\n\ttrue\n",
            "justfile": "lint:\n\ttrue\n",
            ".gitignore": "build/out/\n",
        }
    )
    result = r.check()
    listings = [c for c in result.git_commands if c[len(SAFE_CONFIG) + 1] == "ls-files" and "--others" not in c]
    assert listings == [("git", *SAFE_CONFIG, "ls-files", "-z")]
    assert result.files == ("AGENTS.md", "pkg/AGENTS.md")


def test_a_name_that_is_not_utf8_is_listed_as_the_filesystem_spells_it(repo: Repo) -> None:
    r = repo({"AGENTS.md": "# Root\n"})
    raw = os.path.join(os.fsencode(r.path), b"bad\xff")
    os.mkdir(raw)
    with open(os.path.join(raw, b"AGENTS.md"), "wb") as handle:
        handle.write(b"# Bad\n")
    r.commit()
    git = Git(str(r.path))
    assert git.tracked() == ("AGENTS.md", os.fsdecode(b"bad\xff/AGENTS.md"))
    assert git.ls_files([":(icase)*agents.md"]) == list(git.tracked())


@pytest.mark.parametrize(
    ("rel", "skill_dirs", "inside"),
    [
        (".claude/skills/x/AGENTS.md", frozenset(), True),  # a skill home's skills: with or without a SKILL.md
        ("web/.agents/skills/x/refs/AGENTS.md", frozenset(), True),
        ("tools/lint/refs/AGENTS.md", frozenset({"tools/lint"}), True),
        ("tools/lint/AGENTS.md", frozenset({"tools/lint"}), True),
        ("tools/AGENTS.md", frozenset({"tools/lint"}), False),
        ("tools/lint/refs/AGENTS.md", frozenset(), False),
        ("skills/x/AGENTS.md", frozenset(), False),
        ("AGENTS.md", frozenset({""}), True),  # a SKILL.md at the root: every file is the skill's
    ],
)
def test_a_skills_files(rel: str, skill_dirs: frozenset[str], inside: bool) -> None:
    assert in_skill(rel, skill_dirs) is inside
