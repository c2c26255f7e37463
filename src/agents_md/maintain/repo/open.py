"""Opening a repository: its root, its git (if any), and its instruction files.

1. The root is git's top level above the directory. When git refuses the repository (its
   owner is another user), the root is the work tree git names, read from the disk without git,
   and the refusal is kept (``Repo.refused``) for the report to say. Outside git, the root is
   the directory itself.
2. The paths a command is given are made relative to the root; one that does not exist, or
   lies outside the root, is a usage error naming it (``relative``).
3. The instruction files are the tracked ones; without git, those found on disk under the
   root, or under the given paths alone (``files.walk_instruction_files``: bounded). An
   ``AGENTS.md`` or ``CLAUDE.md`` on disk that git neither tracks nor ignores is named
   (``untracked_docs``), since nothing checks it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from agents_md._value import Value
from agents_md.errors import AgentsMdError, UsageError
from agents_md.maintain.repo.config import Config, load_config
from agents_md.maintain.repo.files import AGENTS_MD, CLAUDE_MD, DocIndex, git_patterns, walk_instruction_files, within
from agents_md.maintain.repo.git import Git, GitRefused, toplevel

UNTRACKED_DOCS = (f"*{AGENTS_MD}", f"*{CLAUDE_MD}")  # what ``untracked_docs`` asks git about


class Repo(Value):
    root: str
    git: Git | None
    config: Config
    shallow: bool = False  # a shallow clone: the history is cut
    refused: str | None = None  # git's words when it will not read the repository

    @property
    def extra_names(self) -> frozenset[str]:
        return frozenset(self.config.doc_names) | frozenset(self.config.codex_fallback_filenames)

    def index(self, paths: Sequence[str] = ()) -> DocIndex:
        """The instruction files: tracked ones in git, else those on disk (under ``paths``, relative)."""
        extra = self.extra_names
        if self.git:
            listed = self.git.ls_files(git_patterns(extra))
        else:
            listed = walk_instruction_files(self.root, extra, under=paths)
        return DocIndex.build(self.root, listed, self.config.doc_names, extra)

    def start_untracked_docs(self) -> None:
        """Start the walk ``untracked_docs`` reads, in the background (``Git.start_untracked``)."""
        if self.git is not None:
            self.git.start_untracked(UNTRACKED_DOCS)

    def untracked_docs(self, paths: Sequence[str] = ()) -> list[str]:
        """The ``AGENTS.md`` and ``CLAUDE.md`` files on disk that git does not track (nor ignore),
        under ``paths``: what a check of the repository cannot see."""
        if self.git is None:
            return []
        found = self.git.untracked(UNTRACKED_DOCS)
        return sorted(f for f in found if f.rpartition("/")[2] in (AGENTS_MD, CLAUDE_MD) and within(f, paths))

    def relative(self, paths: Sequence[str]) -> list[str]:
        """Step 2: ``paths`` (absolute, or relative to the root) as ``/``-separated paths from the root."""
        out: list[str] = []
        for given in paths:
            path = given if os.path.isabs(given) else os.path.join(self.root, given)
            if not os.path.lexists(path):
                raise UsageError(f"{given}: no such file or directory")
            rel = os.path.relpath(os.path.realpath(path), self.root).replace(os.sep, "/")
            if rel == ".." or rel.startswith("../"):
                raise UsageError(f"{given}: outside the repository {self.root}")
            out.append("" if rel == "." else rel)
        return out

    @property
    def refusal(self) -> str | None:
        """Git's refusal and its fix, when git will not read the repository."""
        if self.refused is None:
            return None
        return (
            f"git refuses the repository: {self.refused}; to trust it: "
            f"git config --global --add safe.directory {self.root}"
        )

    @property
    def git_note(self) -> str | None:
        """Why the git rules are off, when they are (``None``: git reads the repository)."""
        if self.refusal is not None:
            return (
                f"{self.refusal}. Until then doc-not-updated and stale-doc are off, and the instruction "
                "files on disk are checked, tracked or not"
            )
        if self.git is None:
            return (
                "not a git repository: doc-not-updated and stale-doc need git history; the instruction files "
                "on disk were checked (version-control, dependency and cache folders left out)"
            )
        return None


def open_repo(directory: str, config: Config | None = None) -> Repo:
    start = os.path.realpath(directory)
    if not os.path.isdir(start):
        raise AgentsMdError(f"{directory}: not a directory")
    refused: GitRefused | None = None
    try:
        found = toplevel(start)
    except GitRefused as exc:
        found, refused = None, exc
    root = found[0] if found else start
    if refused is not None:
        named = os.path.realpath(refused.repository)
        if start == named or start.startswith(named.rstrip(os.sep) + os.sep):
            root = named
    git = Git(root) if found else None
    if git is not None:  # what ``toplevel`` ran, for the record
        git.commands.append(git.argv("rev-parse", "--show-toplevel", "--is-shallow-repository"))
    config = config if config is not None else load_config(root)
    return Repo(
        root=root,
        git=git,
        config=config,
        shallow=bool(found and found[1]),
        refused=str(refused) if refused is not None else None,
    )
