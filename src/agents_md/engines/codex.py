"""What Codex CLI (0.169.0) sends as project docs when it starts in a folder.

1. Configuration: ``codex_config`` (``$CODEX_HOME/config.toml``; a trusted project's own
   ``.codex/config.toml`` files for the budget and the fallback names).
2. The working directory is its real path (a cwd reached through a link is named by its target).
3. The project root: from the working directory upwards, the nearest folder holding one of
   ``project_root_markers`` (a file, a folder or a link to one: a ``.git`` file counts, a
   dangling ``.git`` link does not). None found,
   or ``[]``: the working directory alone. Nothing above the root is read.
4. The global doc: ``$CODEX_HOME/AGENTS.override.md`` when it holds text, else
   ``$CODEX_HOME/AGENTS.md``; trimmed (Rust's ``trim``); outside the budget.
5. From the root down to the working directory, each folder gives the first regular file
   (links followed) among ``AGENTS.override.md``, ``AGENTS.md`` and the fallback names (one
   holding a ``/``, such as ``docs/AGENTS.md``, is passed over): at most one. A folder, a
   dangling link or a link to a folder is passed over; an empty ``AGENTS.override.md`` still
   wins (its folder gives nothing). A link loop among the names
   looked at ends the search: no project doc is sent at all.
6. One budget, ``project_doc_max_bytes``, root first: each file is cut to what is left (a raw
   byte cut; a split UTF-8 character reads as U+FFFD, as any bad sequence does). A kept text
   that is empty or white space only (Rust's white space: ``\\x1f`` is text) is skipped and
   costs nothing; once the budget is spent the deeper files are dropped; a budget of 0 turns
   project docs off. Project files are sent raw (no trim; a BOM and ``\\r\\n`` stay). A working
   directory whose trust level is ``untrusted`` (``codex_config``: its own key, else its
   repository's, whatever the root markers say) sends none.
7. The text: ``# AGENTS.md instructions for <cwd>`` (without `` for <cwd>`` when only the global
   doc is sent), a blank line, ``<INSTRUCTIONS>``, the global doc, ``--- project-doc ---`` between
   it and the project files, the project files joined by blank lines, ``</INSTRUCTIONS>``.
   Nothing at all to send: no text.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from agents_md._util.rusttext import rust_trim
from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import path_chain
from agents_md.engines.codex_config import CodexConfig, marked_untrusted, read_home_config, with_project
from agents_md.engines.model import EngineFile, EngineRead, EngineStart, Left, LeftOut, Scope

NAME = "codex"
OVERRIDE_MD = "AGENTS.override.md"
AGENTS_MD = "AGENTS.md"
HEADER = "# AGENTS.md instructions"
PROJECT_DOC_SEPARATOR = "\n\n--- project-doc ---\n\n"


def candidates(fallback_names: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Step 5's names, in the order they are tried (a fallback name holding a ``/`` is no name)."""
    names = (n for n in fallback_names if os.sep not in n)
    return tuple(dict.fromkeys((OVERRIDE_MD, AGENTS_MD, *names)))


def project_root(cwd: str, markers: tuple[str, ...], fs: FileSystem = DEFAULT_FS) -> str:
    """Step 3: the nearest folder at or above ``cwd`` holding a marker, else ``cwd``."""
    for directory in reversed(path_chain(cwd)):
        for marker in markers:
            if fs.exists(os.path.join(directory, marker)):
                return directory
    return os.path.normpath(cwd)


def _global_doc(config: CodexConfig, fs: FileSystem) -> EngineFile | None:
    for name in (OVERRIDE_MD, AGENTS_MD):
        path = os.path.join(config.codex_home, name)
        try:
            data = fs.read_file(path)
        except OSError:
            data = None
        if data is None:
            continue
        text = rust_trim(data.decode("utf-8", "replace"))
        if text:
            return EngineFile(
                path=path, scope=Scope.GLOBAL, why=f"{name} in CODEX_HOME", size=len(data), loaded=len(data), text=text
            )
    return None


class _LinkLoop(Exception):
    def __init__(self, path: str) -> None:
        self.path = path


def doc_in(directory: str, names: tuple[str, ...], fs: FileSystem = DEFAULT_FS) -> str | None:
    """Step 5 for one folder: its one doc, if any (raises ``_LinkLoop`` on a loop met first)."""
    for name in names:
        path = os.path.join(directory, name)
        if fs.is_file(path):
            return path
        if fs.is_symlink(path) and fs.is_link_loop(path):
            raise _LinkLoop(path)
    return None


def _why(path: str) -> str:
    name = os.path.basename(path)
    kind = name if name in (OVERRIDE_MD, AGENTS_MD) else f"fallback name {name}"
    return f"{kind} in {os.path.dirname(path)}"


def _project_docs(dirs: list[str], config: CodexConfig, fs: FileSystem) -> tuple[list[EngineFile], list[LeftOut]]:
    files: list[EngineFile] = []
    left: list[LeftOut] = []
    names = candidates(config.fallback_names)
    try:
        found = [p for d in dirs if (p := doc_in(d, names, fs)) is not None]
    except _LinkLoop as loop:
        return [], [LeftOut(path=loop.path, why=Left.LINK_LOOP, detail="a link loop: Codex sends no project doc")]
    if config.max_bytes == 0:
        return [], [LeftOut(path=p, why=Left.BUDGET_OFF, detail="project_doc_max_bytes = 0") for p in found]
    remaining = config.max_bytes
    for path in found:
        try:
            data = fs.read_file(path) or b""
        except OSError as exc:
            left.append(LeftOut(path=path, why=Left.UNREADABLE, detail=exc.strerror or str(exc)))
            continue
        if remaining <= 0:
            spent = f"project_doc_max_bytes {config.max_bytes:,} spent"
            left.append(LeftOut(path=path, why=Left.DROPPED, detail=spent))
            continue
        kept = data[:remaining]
        text = kept.decode("utf-8", "replace")
        if not rust_trim(text):
            if len(kept) == len(data):
                left.append(LeftOut(path=path, why=Left.BLANK, detail="white space only"))
            else:
                detail = f"white space only in its first {len(kept):,} bytes"
                left.append(LeftOut(path=path, why=Left.CUT_TO_BLANK, detail=detail))
            continue
        files.append(
            EngineFile(path=path, scope=Scope.PROJECT, why=_why(path), size=len(data), loaded=len(kept), text=text)
        )
        remaining -= len(kept)
    return files, left


def start(
    cwd: str,
    *,
    home: str,
    env: Mapping[str, str],
    fs: FileSystem = DEFAULT_FS,
    config: CodexConfig | None = None,
) -> EngineStart:
    """What Codex sends when it starts in ``cwd`` (steps 1-7); ``config`` stands for
    ``$CODEX_HOME/config.toml`` when given (a check's view of a fresh clone)."""
    real = fs.realpath(cwd)
    config = config or read_home_config(home, env, fs, real)
    root = project_root(real, config.markers, fs)
    chain = path_chain(real)
    dirs = chain[chain.index(root) :] if root in chain else [real]
    config = with_project(config, root, dirs, fs)
    glob = _global_doc(config, fs)
    project: list[EngineFile]
    left: list[LeftOut]
    if marked_untrusted(config, real, fs):
        project, left = [], [LeftOut(path=root, why=Left.UNTRUSTED, detail='trust_level = "untrusted"')]
    else:
        project, left = _project_docs(dirs, config, fs)
    return EngineStart(
        engine=NAME,
        cwd=real,
        root=root,
        files=tuple([glob] if glob else []) + tuple(project),
        left_out=tuple(left),
        prompt=render(real, glob, project),
        names=candidates(config.fallback_names),
        budget=config.max_bytes,
        sources=config.sources,
    )


def render(cwd: str, glob: EngineFile | None, project: list[EngineFile]) -> str | None:
    """Step 7."""
    if glob is None and not project:
        return None
    body = "\n\n".join(f.text for f in project)
    if glob is not None:
        body = glob.text + (PROJECT_DOC_SEPARATOR + body if project else "")
    header = f"{HEADER} for {cwd}" if project else HEADER
    return f"{header}\n\n<INSTRUCTIONS>\n{body}\n</INSTRUCTIONS>"


class CodexSession:
    """Codex after its start: a read attaches nothing (Codex has no nested files on a read)."""

    def __init__(self, started: EngineStart) -> None:
        self.started = started

    def read(self, path: str) -> EngineRead:
        return EngineRead(path=path, files=(), text=None)


def session(cwd: str, *, home: str, env: Mapping[str, str], fs: FileSystem = DEFAULT_FS) -> CodexSession:
    return CodexSession(start(cwd, home=home, env=env, fs=fs))
