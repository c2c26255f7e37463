"""Opening a repository: its root, its git (if any), and its instruction files."""

from __future__ import annotations

import os
from dataclasses import dataclass

from agents_md.errors import AgentsMdError
from agents_md.maintain.repo.config import Config, load_config
from agents_md.maintain.repo.files import DocIndex, git_patterns, walk_instruction_files
from agents_md.maintain.repo.git import Git, toplevel


@dataclass(frozen=True, slots=True, kw_only=True)
class Repo:
    root: str
    git: Git | None
    config: Config
    shallow: bool = False  # a shallow clone: the history is cut

    @property
    def extra_names(self) -> frozenset[str]:
        return frozenset(self.config.doc_names) | frozenset(self.config.codex_fallback_filenames)

    def index(self) -> DocIndex:
        """The instruction files: tracked ones in git, else those on disk."""
        extra = self.extra_names
        listed = self.git.ls_files(git_patterns(extra)) if self.git else walk_instruction_files(self.root, extra)
        return DocIndex.build(self.root, listed, self.config.doc_names, extra)


def open_repo(directory: str, config: Config | None = None) -> Repo:
    start = os.path.realpath(directory)
    if not os.path.isdir(start):
        raise AgentsMdError(f"{directory}: not a directory")
    found = toplevel(start)
    root = found[0] if found else start
    git = Git(root) if found else None
    if git is not None:  # what ``toplevel`` ran, for the record
        git.commands.append(git.argv("rev-parse", "--show-toplevel", "--is-shallow-repository"))
    config = config if config is not None else load_config(root)
    return Repo(root=root, git=git, config=config, shallow=bool(found and found[1]))
