"""How Codex CLI loads project docs (``AGENTS.md``), for the budget check — its own small engine.

From ``codex-rs/core/src/agents_md.rs`` and its docs (see ``CODEX.md`` of the project):

1. The project root: from the working directory upwards, the first directory holding one of
   the root markers (``.git``; a ``.git`` file counts). None found: the working directory.
2. From the root down to the working directory, in each directory the first regular file
   (links followed) among ``AGENTS.override.md``, ``AGENTS.md``, then the fallback names:
   at most one file per directory.
3. One shared budget (``project_doc_max_bytes``, 32768), root first: each file is cut to what
   is left (a raw byte cut, which may split a UTF-8 character); once it is spent, deeper files
   are dropped. A whitespace-only text is skipped and costs nothing; a budget of 0 loads none.
4. The texts are joined with blank lines, root first. Nothing below the working directory loads.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import path_chain

OVERRIDE_MD = "AGENTS.override.md"
AGENTS_MD = "AGENTS.md"
DEFAULT_MAX_BYTES = 32768
ROOT_MARKERS = (".git",)


@dataclass(frozen=True, slots=True, kw_only=True)
class CodexFile:
    path: str
    size: int  # bytes on disk
    loaded: int  # bytes Codex keeps (0: dropped or blank)
    blank: bool = False  # whitespace only: skipped, costs nothing
    splits_character: bool = False  # the cut falls inside a UTF-8 character

    @property
    def status(self) -> str:
        if self.blank:
            return "blank"
        if self.loaded == self.size:
            return "whole"
        return "cut" if self.loaded else "dropped"


def candidates(fallback_names: Sequence[str] = ()) -> tuple[str, ...]:
    return tuple(dict.fromkeys((OVERRIDE_MD, AGENTS_MD, *fallback_names)))


class CodexDocs:
    """Codex's loading over one file system; each directory's root and doc looked up once."""

    def __init__(
        self,
        *,
        fallback_names: Sequence[str] = (),
        markers: Sequence[str] = ROOT_MARKERS,
        fs: FileSystem = DEFAULT_FS,
    ) -> None:
        self.names = candidates(fallback_names)
        self.markers = tuple(markers)
        self.fs = fs
        self._marked: dict[str, bool] = {}
        self._doc: dict[str, str | None] = {}

    def _is_root(self, directory: str) -> bool:
        found = self._marked.get(directory)
        if found is None:
            fs = self.fs
            found = self._marked[directory] = any(
                fs.exists(p := os.path.join(directory, m)) or fs.is_symlink(p) for m in self.markers
            )
        return found

    def project_root(self, cwd: str) -> str:
        chain = path_chain(cwd)
        return next((d for d in reversed(chain) if self._is_root(d)), os.path.normpath(cwd))

    def doc_in(self, directory: str) -> str | None:
        """The one file Codex reads in ``directory``, if any."""
        if directory not in self._doc:
            fs = self.fs
            self._doc[directory] = next((p for n in self.names if fs.is_file(p := os.path.join(directory, n))), None)
        return self._doc[directory]

    def project_docs(self, cwd: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[CodexFile, ...]:
        """The project docs Codex finds for ``cwd``, root first, each with what the budget leaves of it."""
        chain = path_chain(cwd)
        root = next((d for d in reversed(chain) if self._is_root(d)), os.path.normpath(cwd))
        remaining = max_bytes
        out: list[CodexFile] = []
        for directory in chain[chain.index(root) :] if root in chain else [root]:
            path = self.doc_in(directory)
            if path is None:
                continue
            try:
                data = self.fs.read_file(path) or b""
            except OSError:
                continue  # unreadable: nothing of it loads (the check says so where it reads the file)
            kept = data[:remaining] if remaining > 0 else b""
            if remaining > 0 and not kept.decode("utf-8", "replace").strip():
                out.append(CodexFile(path=path, size=len(data), loaded=0, blank=True))
                continue
            splits = 0 < len(kept) < len(data) and _splits(data, len(kept))
            out.append(CodexFile(path=path, size=len(data), loaded=len(kept), splits_character=splits))
            remaining -= len(kept)
        return tuple(out)


def project_root(cwd: str, markers: Sequence[str] = ROOT_MARKERS, fs: FileSystem = DEFAULT_FS) -> str:
    return CodexDocs(markers=markers, fs=fs).project_root(cwd)


def project_docs(
    cwd: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    fallback_names: Sequence[str] = (),
    markers: Sequence[str] = ROOT_MARKERS,
    fs: FileSystem = DEFAULT_FS,
) -> tuple[CodexFile, ...]:
    """The project docs Codex finds for ``cwd``, root first, each with what the budget leaves of it."""
    return CodexDocs(fallback_names=fallback_names, markers=markers, fs=fs).project_docs(cwd, max_bytes=max_bytes)


def _splits(data: bytes, at: int) -> bool:
    """Whether cutting ``data`` at ``at`` falls inside a UTF-8 character (the next byte continues one)."""
    return (data[at] & 0xC0) == 0x80
