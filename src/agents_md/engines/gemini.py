"""What Gemini CLI (0.61.0) sends as context files at start and attaches after a file read.

1. Settings and trust: ``gemini_settings`` (``~/.gemini/settings.json``, ``trustedFolders.json``;
   ``~`` is ``GEMINI_CLI_HOME`` when that is set).
   An untrusted working directory: nothing is sent (the run exits 55); with trust off in the
   settings (a variable distrusting it), no project file is sent nor attached.
2. The working directory is its real path.
3. Global files: ``~/.gemini/<name>`` for each configured name, in that order; the private
   project memory (``gemini_memory``); then the context files of the extensions enabled in the
   working directory (``gemini_extensions``).
4. Project files: from the working directory (and each ``context.includeDirectories`` folder)
   upwards (never into ``~/.gemini`` nor above it: the walk stops below it) to the nearest
   folder holding one of
   ``context.memoryBoundaryMarkers`` (none found, or ``[]``: the working directory alone; a
   marker is joined to each folder as the names are, keeping a trailing ``/``: ``.git/`` is a
   folder alone), every configured name in every folder (joined to it as Node's ``path.join``
   joins: an absolute name stays below the folder, ``../X.md`` is the parent's, named
   normalised, ``RULES.md/`` is ``RULES.md``); a link
   is followed and keeps its own name; a dangling link is passed over. Nothing below the
   working directory is read at start.
5. Order: the same file under two names or in two folders (a link, a hard link) is sent
   once, by the name met first (root-most folder first, then ``context.fileName`` order); the
   project files are then sent sorted by path, as JavaScript sorts strings (by UTF-16 code
   units: ``A/GEMINI.md`` comes before ``GEMINI.md``, a name past U+FFFF before one in
   U+E000-U+FFFF, and a folder's files by name whatever the order of ``context.fileName``).
   Across the global files, the extensions', the project's and the private memory (in that
   order) the same file goes to the first only; the same path named by two of them (an
   extension linked to the project) is sent in both.
6. Each file: ``@`` imports expanded (``gemini_imports``; ``context.importFormat`` only at
   start: a file attached on a read is always expanded in place), then trimmed (JavaScript's
   ``trim``, which drops a BOM); an empty result is skipped. No byte limit.
7. Blocks ``--- Context from: <path> ---\\n<text>\\n--- End of Context from: <path> ---\\n`` joined
   by ``\\n``: the global ones in ``<loaded_context>\\n…</loaded_context>`` (system instruction),
   the extensions' in ``<extension_context>\\n…</extension_context>\\n`` and the project ones
   in ``<project_context>\\n…</project_context>\\n``, the two in one ``<loaded_context>\\n…
   </loaded_context>`` (first user message); the text is the elements joined by ``\\n``. With a
   private project memory the system instruction's element is ``<loaded_context>\\n`` +
   ``<global_context>\\n…\\n</global_context>\\n`` (when there are global files) +
   ``<user_project_memory>\\n`` + ``PRIVATE_HEAD`` + ``\\n…\\n`` + ``PRIVATE_TAIL`` +
   ``\\n</user_project_memory>\\n</loaded_context>`` (the blocks' last line break trimmed).
8. A read names the file by its real path (a read through a link, or through a linked
   working directory, is a read of the target). A read of a file inside the working
   directory (or an included folder) attaches the files of the configured names in the
   folders from the file's folder up to the top of its walk that were not sent yet, root-most
   folder first, within a folder in ``context.fileName`` order, each once per session: ``--- Newly Discovered
   Project Context ---\\n`` + blocks + ``--- End Project Context ---``. A read outside the
   working directory, of a file ``gemini_ignore`` says is ignored (``.env``, ``node_modules`` and
   ``.git`` always are), or of something that is not
   a file (missing, a dangling link, a folder), fails in the tool: nothing. A path's NUL bytes
   are dropped and its ``%XX`` escapes decoded first (``src/%20x/a.ts`` reads ``src/ x/a.ts``),
   unless one is not an escape of UTF-8, when the path is read as written. The read fails too
   when the path so decoded, its links resolved, holds a tab or a line break, or (longer than
   20 characters) a double quote or three dots in a row (``app/[...slug]/page.tsx``, a Next.js
   catch-all route, ``q%22q``, a link to ``[...slug]``: "Path contains suspicious characters");
   two dots, or ``…``, are read (g11_gemini_read_odd_names, g11_gemini_read_refused_resolved).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace

from agents_md._util.jstext import js_sort_key, js_trim
from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import is_inside, path_chain
from agents_md.engines.gemini_extensions import extension_files
from agents_md.engines.gemini_imports import expand, flatten, name_path
from agents_md.engines.gemini_memory import memory_files
from agents_md.engines.gemini_settings import (
    GeminiSettings,
    gemini_home,
    included_folders,
    is_trusted,
    read_settings,
)
from agents_md.engines.model import EngineFile, EngineRead, EngineStart, Left, LeftOut, Scope

NAME = "gemini"
PRIVATE_HEAD = "--- Private Project Memory Index (private, not committed to repo) ---"
PRIVATE_TAIL = "--- End Private Project Memory Index ---"
JIT_HEAD = "--- Newly Discovered Project Context ---\n"
JIT_TAIL = "--- End Project Context ---"


def block(path: str, text: str) -> str:
    return f"--- Context from: {path} ---\n{text}\n--- End of Context from: {path} ---\n"


def walk_top(cwd: str, markers: tuple[str, ...], fs: FileSystem = DEFAULT_FS) -> str:
    """Step 4's bound: the nearest folder at or above ``cwd`` holding a marker, else ``cwd``."""
    for directory in reversed(path_chain(cwd)):
        if any(fs.exists(name_path(directory, m, marker=True)) for m in markers):
            return directory
    return os.path.normpath(cwd)


class Session:
    """Gemini CLI in one working directory: its start, then each read."""

    def __init__(self, cwd: str, *, home: str, env: Mapping[str, str], fs: FileSystem = DEFAULT_FS) -> None:
        self.fs = fs
        self.cwd = fs.realpath(cwd)
        self.home = gemini_home(home, env, self.cwd)
        self.settings: GeminiSettings = read_settings(home, self.cwd, env, fs, pwd=cwd)
        self.top = walk_top(self.cwd, self.settings.markers, fs)
        self.trusted = is_trusted(self.settings, self.cwd)
        # An untrusted folder stops Gemini (exit 55) before its included folders are looked at.
        self.included = included_folders(self.settings, fs) if self.trusted else ()
        self._sent_paths: set[str] = set()
        self._sent_ids: set[object] = set()
        # What a path gave at start, and in which category (global, extension, project, private).
        self._at_start: dict[str, tuple[str, EngineFile | None]] = {}
        self.started = self._start()

    def _below_home_dir(self, dirs: list[str]) -> list[str]:
        """A walk's folders (root-most first) below ``~/.gemini``: the walk up stops there."""
        stop = os.path.join(self.home, ".gemini")
        return dirs[dirs.index(stop) + 1 :] if stop in dirs else dirs

    def _identity(self, path: str) -> object:
        stamp = self.fs.stamp(path)
        return ("inode", stamp[1]) if stamp else ("path", self.fs.realpath(path))

    def _load(
        self, path: str, scope: Scope, why: str, left: list[LeftOut], *, flat: bool = False, start: str = ""
    ) -> EngineFile | None:
        """Steps 5-6 for one file; ``None`` when it is not sent (and why, in ``left``). At
        ``start`` (a category), a path another category named already is sent again, as it was."""
        if start and path in self._at_start and self._at_start[path][0] != start:
            given = self._at_start[path][1]
            return None if given is None else replace(given, scope=scope, why=why)
        got = self._read(path, scope, why, left, flat=flat)
        if start:
            self._at_start.setdefault(path, (start, got))
        return got

    def _read(self, path: str, scope: Scope, why: str, left: list[LeftOut], *, flat: bool) -> EngineFile | None:
        try:
            data = self.fs.read_file(path)
        except OSError as exc:
            left.append(LeftOut(path=path, why=Left.UNREADABLE, detail=exc.strerror or str(exc)))
            return None
        if data is None:
            return None
        identity = self._identity(path)
        if path in self._sent_paths or identity in self._sent_ids:
            left.append(LeftOut(path=path, why=Left.DUPLICATE, detail="the same file was sent already"))
            return None
        self._sent_paths.add(path)
        self._sent_ids.add(identity)
        raw = data.decode("utf-8", "replace")
        folder = os.path.dirname(path)
        markers = self.settings.markers  # they bound imports too
        if flat:
            text = js_trim(flatten(raw, path, folder, self.fs, markers=markers))
        else:
            text = js_trim(expand(raw, folder, self.fs, markers=markers))
        if not text:
            left.append(LeftOut(path=path, why=Left.BLANK, detail="empty or white space only"))
            return None
        return EngineFile(path=path, scope=scope, why=why, size=len(data), loaded=len(data), text=text)

    def _start(self) -> EngineStart:
        notices: tuple[str, ...] = ()
        if not self.trusted and self.settings.trust_setting:
            return EngineStart(
                engine=NAME,
                cwd=self.cwd,
                root=self.top,
                files=(),
                left_out=(LeftOut(path=self.cwd, why=Left.UNTRUSTED, detail="not a trusted folder: exit 55"),),
                prompt=None,
                names=self.settings.names,
                sources=self.settings.sources,
                notices=(*notices, f"{self.cwd} is not a trusted folder: Gemini CLI sends nothing (exit 55)"),
            )
        left: list[LeftOut] = []
        if not self.trusted:  # trust is off in the settings: the run goes on without the project's files
            left.append(LeftOut(path=self.cwd, why=Left.UNTRUSTED, detail="not a trusted folder: no project file"))
        names = self.settings.names
        flat = self.settings.import_format == "flat"
        home_dir = os.path.join(self.home, ".gemini")
        # Loaded global, extensions, project, private memory: the same file (a link, a hard link)
        # goes to the first of them; the same path named by two goes to both.
        glob = [
            f
            for name in names
            if (
                f := self._load(
                    name_path(home_dir, name), Scope.GLOBAL, f"~/.gemini/{name}", left, flat=flat, start="global"
                )
            )
        ]
        extensions = [
            f
            for path, why in extension_files(
                self.home,
                self.cwd,
                self.fs,
                allowed=self.settings.allowed_extensions,
                block_git=self.settings.block_git_extensions,
            )
            if (f := self._load(path, Scope.GLOBAL, why, left, flat=flat, start="extension"))
        ]
        chain = path_chain(self.cwd)
        dirs = self._below_home_dir(chain[chain.index(self.top) :] if self.top in chain else [self.cwd])
        if not self.trusted:
            dirs = []
        for extra in self.included:
            top = walk_top(extra, self.settings.markers, self.fs)
            extra_chain = path_chain(extra)
            walk = self._below_home_dir(extra_chain[extra_chain.index(top) :] if top in extra_chain else [extra])
            dirs += [d for d in walk if d not in dirs]
        # Found root-most folder first (the first name of a file met twice wins), sent by path.
        paths = [name_path(d, n) for d in dirs for n in names]
        found = [
            f
            for p in paths
            if (
                f := self._load(
                    p, Scope.PROJECT, f"{os.path.basename(p)} on the walk", left, flat=flat, start="project"
                )
            )
        ]
        project = sorted(found, key=lambda f: js_sort_key(f.path))
        private = [
            f
            for path in memory_files(self.home, self.cwd, names, self.fs)
            if (f := self._load(path, Scope.GLOBAL, "private project memory", left, flat=flat, start="private"))
        ]
        return EngineStart(
            engine=NAME,
            cwd=self.cwd,
            root=self.top,
            files=(*glob, *private, *extensions, *project),
            left_out=tuple(left),
            prompt=render(glob, project, extensions, private),
            names=self.settings.names,
            sources=self.settings.sources,
            notices=notices,
        )

    def read(self, path: str) -> EngineRead:
        """Step 8."""
        # The tool drops NUL bytes, decodes, resolves, and only then judges the path it reads.
        path = self.fs.realpath(os.path.normpath(_unescaped(path.replace("\0", ""))))
        if _suspicious(path):
            return EngineRead(path=path, files=(), text=None)
        from agents_md.engines.gemini_ignore import ignored, never_read  # lazy: only a read asks (ignore files)

        # The workspace: the working directory, then each included folder (each with its own top).
        spaces = [(self.cwd, self.top)] + [
            (real, walk_top(real, self.settings.markers, self.fs)) for real in self.included
        ]
        space = next(((w, t) for w, t in spaces if is_inside(path, w)), None)
        git, gemini = self.settings.respect_git_ignore, self.settings.respect_gemini_ignore
        # Outside the workspace, or not a file (missing, a dangling link, a folder): the tool fails.
        if space is None or not self.trusted or not self.fs.is_file(path) or never_read(path, space[0]):
            return EngineRead(path=path, files=(), text=None)
        # The working directory's ignore files decide, for an included folder too (its own are not read).
        if ignored(path, self.cwd, self.fs, git=git, gemini=gemini, custom=self.settings.custom_ignore_files):
            return EngineRead(path=path, files=(), text=None)
        chain = path_chain(os.path.dirname(path))
        top = space[1] if space[1] in chain else space[0]
        dirs = self._below_home_dir(chain[chain.index(top) :] if top in chain else [])
        left: list[LeftOut] = []
        names = dict.fromkeys(self.settings.names)
        found = [
            f
            for d in dirs
            for n in names
            if (f := self._load(name_path(d, n), Scope.READ, f"{n} above {os.path.basename(path)}", left))
        ]
        if not found:
            return EngineRead(path=path, files=(), text=None)
        return EngineRead(
            path=path, files=tuple(found), text=JIT_HEAD + "\n".join(block(f.path, f.text) for f in found) + JIT_TAIL
        )


def _suspicious(path: str) -> bool:
    """Step 8: whether the tool refuses the resolved ``path`` for its characters (its ``validatePath``)."""
    if any(c in path for c in "\n\r\t"):  # NUL bytes were dropped before
        return True
    return ('"' in path or "..." in path) and len(path) > 20


def _unescaped(path: str) -> str:
    """Step 8: ``path`` with its ``%XX`` escapes decoded, as a URI component is; as written when
    one is not an escape, or the bytes are not UTF-8."""
    if "%" not in path:
        return path
    import re
    from urllib.parse import unquote_to_bytes  # lazy: only a path with a % in it

    if re.search(r"%(?![0-9A-Fa-f]{2})", path):
        return path
    try:
        return unquote_to_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        return path


def _blocks(files: Sequence[EngineFile]) -> str:
    return "\n".join(block(f.path, f.text) for f in files)


def render(
    glob: Sequence[EngineFile],
    project: Sequence[EngineFile],
    extensions: Sequence[EngineFile] = (),
    private: Sequence[EngineFile] = (),
) -> str | None:
    """Step 7."""
    parts = []
    if private:
        sections = [f"<global_context>\n{js_trim(_blocks(glob))}\n</global_context>"] if glob else []
        sections.append(
            f"<user_project_memory>\n{PRIVATE_HEAD}\n{js_trim(_blocks(private))}\n{PRIVATE_TAIL}\n</user_project_memory>"
        )
        parts.append("<loaded_context>\n" + "\n".join(sections) + "\n</loaded_context>")
    elif glob:
        parts.append("<loaded_context>\n" + _blocks(glob) + "</loaded_context>")
    inner = "".join(
        f"<{tag}>\n{_blocks(files)}</{tag}>\n"
        for tag, files in (("extension_context", extensions), ("project_context", project))
        if files
    )
    if inner:
        parts.append(f"<loaded_context>\n{inner}</loaded_context>")
    return "\n".join(parts) if parts else None
