"""What OpenCode (1.18.33) sends as instructions at start and attaches after a file read.

1. The working directory is its real path; the worktree root is the nearest folder at or
   above it holding a ``.git`` folder (or a link to one), or a ``.git`` file naming one in its
   ``gitdir:``, that git takes for a repository's (``HEAD``, ``objects/``, ``refs/``; a linked
   worktree's folder finds the last two through its ``commondir``); any other ``.git`` is
   passed over; none found: the filesystem root.
2. Configuration: ``opencode_config`` (the global and project ``opencode.json``, the switches).
3. The global entry: ``$OPENCODE_CONFIG_DIR/AGENTS.md`` (it wins over the next one), else
   ``<config>/AGENTS.md``, else ``~/.claude/CLAUDE.md`` (unless CLAUDE.md is switched off).
4. Project files: from the working directory up to the worktree root, every ``AGENTS.md``,
   nearest first; only when there is none anywhere on the walk, every ``CLAUDE.md`` (unless
   switched off), else every ``CONTEXT.md`` — one name wins for the whole walk. A link loop
   under one of the names on the walk: no project file at all.
   A name holding anything counts (a folder, a link to ``/dev/null``: it wins as an empty file
   would, sending nothing), for the global file and a read's folders too.
5. ``instructions`` entries, in config order: ``~/`` is the home; braces are expanded first,
   each alternative in its written order (``{b,a}``: b's matches, then a's); an absolute path
   (``~/`` too) is a folder taken as written (``*``, ``**`` and braces in it are plain
   characters) and a last part that alone may be a glob, matched among that folder's
   entries (a wildcard there passes over names starting with ``.``); a relative one matches
   in each folder from the working directory up to the worktree root, a glob in any part;
   ``**`` goes through linked folders too. A glob's matches come shallower first; at one
   depth in the order of OpenCode's walk (``Session._glob``): the reverse of the disk's order
   of the entries (ext4 lists a folder by a hash of the names, so this is not name order), a
   subfolder's whole before the ones listed ahead of it.
   A path met before is not sent again (by its name: a link and its target are two).
6. Each file raw (no trim; a BOM dropped, bad UTF-8 as U+FFFD); a file empty once its BOM is
   dropped is not sent. A config file OpenCode loaded is sent as it rewrites it at start
   (``opencode_schema``).
   Entries ``Instructions from: <path>\\n<text>`` joined by ``\\n``.
7. A read of a file attaches, per folder from the file's folder up to (not including) the
   working directory, as long as the folder's path starts with the working directory's (as a
   string: a sibling ``app2`` of a working directory ``app`` is walked too), nearest first,
   the first of the names of
   step 4 it holds — unless that is the file read itself (then the folder gives nothing, and a
   later read may still attach it) or one sent before in the session — as
   ``<system-reminder>\\n`` + entries joined by ``\\n\\n`` + ``\\n</system-reminder>``.
   Any other read outside the working directory, or of something that is not a file
   (missing, a dangling link, a folder), attaches nothing.
8. What the read tool takes the file for decides first: its first bytes when they are an
   image's or a PDF's header (a PNG named ``x.txt`` is an image), else its name. An image
   (``.png``, ``.jpg``, ``.jpeg``, ``.gif``, ``.webp``) or a PDF is read as an attachment: the
   folders' files are taken as sent (a later read does not attach them) and nothing is shown;
   a binary file ("Cannot read binary file": a name of ``BINARY_NAMES``, or a head of
   ``SNIFF_BYTES`` holding a NUL byte or more than 30 % control characters) attaches nothing
   and takes nothing (g11_opencode_read_sniffed).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from agents_md.engine.fs import DEFAULT_FS, FileSystem
from agents_md.engine.paths import path_chain
from agents_md.engines.model import EngineFile, EngineRead, EngineStart, Left, LeftOut, Scope
from agents_md.engines.opencode_config import OpenCodeConfig, read_config
from agents_md.engines.opencode_schema import with_schema

NAME = "opencode"
AGENTS_MD = "AGENTS.md"
CLAUDE_MD = "CLAUDE.md"
CONTEXT_MD = "CONTEXT.md"  # an older name OpenCode still reads, after the two
BOM = "\ufeff"
_GLOB = frozenset("*?[{")
# Step 8: the names OpenCode's read tool takes for an image or a PDF, or for a binary file, by
# their extension (seen one at a time: g11_opencode_read_extensions).
SHOWN_NAMES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".pdf"})
BINARY_NAMES = frozenset(
    {".zip", ".gz", ".tar", ".7z", ".jar", ".war", ".pyc", ".pyo", ".o", ".a", ".lib", ".dll", ".so", ".exe"}
    | {".bin", ".dat", ".wasm", ".class", ".xls", ".xlsx", ".doc", ".docx", ".ppt", ".pptx", ".odt"}
    | {".ods", ".odp", ".obj"}
)
SNIFF_BYTES = 4096
# Step 8: the headers the read tool's sniffing knows, and whether each is shown (a BMP's is not:
# it is then judged binary or text as any other file).
_HEADERS = (
    (b"\x89PNG\r\n\x1a\n", True),
    (b"\xff\xd8\xff", True),
    (b"GIF8", True),
    (b"BM", False),
    (b"%PDF-", True),
)


def _common_dir(path: str, fs: FileSystem) -> str:
    """Where git looks for a git folder's ``objects/`` and ``refs/``: a linked worktree's folder
    names its main repository's in ``commondir`` (relative to it); any other, itself."""
    try:
        data = fs.read_file(os.path.join(path, "commondir"))
    except OSError:
        data = None
    common = data.decode("utf-8", "replace").rstrip() if data else ""
    return os.path.normpath(os.path.join(path, common)) if common else path


def _is_git_dir(path: str, fs: FileSystem) -> bool:
    """A folder git takes for a repository's: ``HEAD`` in it, ``objects/`` and ``refs/`` in its
    common folder (a worktree's ``.git`` file leads to a folder holding neither)."""
    common = _common_dir(path, fs)
    return fs.is_file(os.path.join(path, "HEAD")) and all(
        fs.is_dir(os.path.join(common, d)) for d in ("objects", "refs")
    )


def _is_repository(directory: str, fs: FileSystem) -> bool:
    """A ``.git`` folder (or a link to one), or a ``.git`` file whose ``gitdir:`` is, that git
    takes for a repository's; any other ``.git`` is passed over and the search goes on up."""
    git = os.path.join(directory, ".git")
    if fs.is_dir(git):
        return _is_git_dir(git, fs)
    try:
        data = fs.read_file(git)
    except OSError:
        return False
    if data is None:
        return False
    text = data.decode("utf-8", "replace").strip()
    if not text.startswith("gitdir:"):
        return False
    return _is_git_dir(os.path.join(directory, text[len("gitdir:") :].strip()), fs)


def worktree(cwd: str, fs: FileSystem = DEFAULT_FS) -> str:
    """Step 1's root."""
    for directory in reversed(path_chain(cwd)):
        if _is_repository(directory, fs):
            return directory
    return os.sep


def entry(path: str, text: str) -> str:
    return f"Instructions from: {path}\n{text}"


def _up(cwd: str, top: str) -> list[str]:
    """Folders from ``cwd`` up to ``top``, nearest first."""
    chain = path_chain(cwd)
    if top == os.sep:
        return [*reversed(chain), os.sep]
    return list(reversed(chain[chain.index(top) :])) if top in chain else [cwd]


def _matches(path: str, pattern: str, *, dot: bool = True) -> bool:
    """A glob as OpenCode reads one: ``*`` within a folder's name, ``**`` any number of folders;
    a name starting with ``.`` matches a wildcard only when ``dot`` (a relative entry's glob; an
    absolute one's ``*`` passes over ``.a.md``, its ``.*`` does not)."""
    from wcmatch import glob  # lazy: only a configured glob asks

    return bool(glob.globmatch(path, pattern, flags=glob.GLOBSTAR | (glob.DOTMATCH if dot else 0)))


def _braces(pattern: str) -> list[str]:
    """A brace's alternatives, each in its written order (``{b,a}``: b, then a)."""
    if "{" not in pattern:
        return [pattern]
    import bracex  # lazy: only a braced entry asks

    return list(bracex.expand(pattern))


class Session:
    """OpenCode in one working directory: its start, then each read."""

    def __init__(self, cwd: str, *, home: str, env: Mapping[str, str], fs: FileSystem = DEFAULT_FS) -> None:
        self.fs = fs
        self.home = home
        self.cwd = fs.realpath(cwd)
        self.top = worktree(self.cwd, fs)
        self.dirs = _up(self.cwd, self.top)
        self.config: OpenCodeConfig = read_config(home, env, self.dirs[::-1], fs, cwd=self.cwd)
        self.names = (AGENTS_MD, CONTEXT_MD) if self.config.claude_off else (AGENTS_MD, CLAUDE_MD, CONTEXT_MD)
        self._claimed: set[str] = set()
        self.started = self._start()

    def _present(self, path: str) -> bool:
        """An instruction file's name holds anything (a file, a folder, a link to ``/dev/null``):
        then it wins its place, and what is no file sends nothing."""
        return self.fs.exists(path)

    def _text(self, path: str, left: list[LeftOut]) -> tuple[str, int] | None:
        try:
            data = self.fs.read_file(path)
        except OSError as exc:
            left.append(LeftOut(path=path, why=Left.UNREADABLE, detail=exc.strerror or str(exc)))
            return None
        if data is None:
            return None
        text = data.decode("utf-8", "replace").removeprefix(BOM)
        if path in self.config.schema_added:
            text = with_schema(text)  # OpenCode rewrote the file before reading it
        if not text:
            left.append(LeftOut(path=path, why=Left.BLANK, detail="a BOM alone" if data else "empty"))
            return None
        return text, len(data)

    def _kind(self, path: str) -> str | None:
        """Step 8: ``"shown"`` when the read tool takes ``path`` for an image or a PDF, ``"binary"``
        when it refuses it as a binary file, else ``None`` (text)."""
        ext = os.path.splitext(path)[1].lower()
        try:
            head = self.fs.read_head(path, SNIFF_BYTES) or b""
        except OSError:
            return "binary"  # unreadable: the tool fails as it does on a binary file
        sniffed = _sniffed(head)
        if sniffed if sniffed is not None else ext in SHOWN_NAMES:
            return "shown"
        if ext in BINARY_NAMES or _binary_head(head):
            return "binary"
        return None

    def _file(self, path: str, scope: Scope, why: str, left: list[LeftOut]) -> EngineFile | None:
        if path in self._claimed:
            left.append(LeftOut(path=path, why=Left.DUPLICATE, detail="named before"))
            return None
        self._claimed.add(path)
        got = self._text(path, left)
        if got is None:
            return None
        return EngineFile(path=path, scope=scope, why=why, size=got[1], loaded=got[1], text=got[0])

    def _global(self, left: list[LeftOut]) -> EngineFile | None:
        folders = [self.config.extra_dir] if self.config.extra_dir else []
        candidates = [os.path.join(d, AGENTS_MD) for d in (*folders, self.config.config_dir)]
        if not self.config.claude_off:
            candidates.append(os.path.join(self.home, ".claude", CLAUDE_MD))
        for path in candidates:
            if self._present(path):
                return self._file(path, Scope.GLOBAL, "global " + os.path.basename(path), left)
        return None

    def _matches(self, pattern: str) -> list[str]:
        if pattern.startswith("~/"):
            pattern = os.path.join(self.home, pattern[2:])
        if os.path.isabs(pattern):
            folder, name = os.path.split(pattern)
            return [path for alternative in _braces(name) for path in self._in_folder(folder, alternative)]
        return [path for alternative in _braces(pattern) for path in self._matches_one(alternative)]

    def _in_folder(self, folder: str, name: str) -> list[str]:
        """An absolute entry: its folder is taken as written (a ``*``, ``**`` or brace in it is
        a plain character), only its last part is a glob, matched among that folder's entries."""
        full = os.path.normpath(os.path.join(folder, name))
        if not _GLOB & set(name):
            return [full] if self.fs.is_file(full) else []
        return sorted(self._glob(full, base=os.path.normpath(folder)), key=lambda p: p.count(os.sep))

    def _matches_one(self, pattern: str) -> list[str]:
        # The project left out: a relative entry is the global config folder's.
        bases = [self.config.config_dir] if self.config.project_off else self.dirs
        out: list[str] = []
        for base in bases:
            full = os.path.normpath(os.path.join(base, pattern))
            if not _GLOB & set(full):
                if self.fs.is_file(full):
                    out.append(full)
                continue
            out += sorted(self._glob(full), key=lambda p: p.count(os.sep))  # shallower first, else as walked
        return out

    def _glob(self, pattern: str, base: str | None = None) -> list[str]:
        """The regular files a glob matches, by walking from its fixed part (``base`` when given,
        the rest of the pattern then matched below it) as OpenCode walks: every
        entry of a folder goes on one stack in the disk's order and the last one is taken first (a
        folder's entries go on in its place), so a folder's matches come in the reverse of the
        disk's order, each subfolder's whole before the ones listed ahead of it."""
        if base is None:
            parts = pattern.split(os.sep)
            fixed = next(i for i, p in enumerate(parts) if _GLOB & set(p))
            base = os.sep.join(parts[:fixed]) or os.sep
            below = None
        else:
            below = os.path.relpath(pattern, base)
        found: list[str] = []
        stack = [os.path.join(base, name) for name in self.fs.list_dir(base) or []]
        seen = {self.fs.realpath(base)}  # a linked folder is walked once (a link loop ends)
        while stack:
            path = stack.pop()
            if self.fs.is_dir(path):
                real = self.fs.realpath(path)
                if below is None:
                    deeper = "**" in pattern or path.count(os.sep) < pattern.count(os.sep)
                else:
                    deeper = "**" in below or os.path.relpath(path, base).count(os.sep) < below.count(os.sep)
                if deeper and real not in seen:
                    seen.add(real)
                    stack += [os.path.join(path, name) for name in self.fs.list_dir(path) or []]
            elif self.fs.is_file(path) and (
                _matches(path, pattern) if below is None else _matches(os.path.relpath(path, base), below, dot=False)
            ):
                found.append(path)
        return found

    def _start(self) -> EngineStart:
        left: list[LeftOut] = []
        files: list[EngineFile] = []
        glob = self._global(left)
        if glob:
            files.append(glob)
        loops = [p for n in self.names for d in self.dirs if self.fs.is_link_loop(p := os.path.join(d, n))]
        for loop in loops[:1]:
            left.append(LeftOut(path=loop, why=Left.LINK_LOOP, detail="a link loop: OpenCode sends no project file"))
        for name in () if loops or self.config.project_off else self.names:
            walk = [os.path.join(d, name) for d in self.dirs if self._present(os.path.join(d, name))]
            if walk:
                files += [f for p in walk if (f := self._file(p, Scope.PROJECT, f"{name} on the walk", left))]
                break
        for pattern, source in self.config.instructions:
            for path in self._matches(pattern):
                why = f"instructions: {pattern} ({source})"
                if (f := self._file(path, Scope.CONFIGURED, why, left)) is not None:
                    files.append(f)
        prompt = "\n".join(entry(f.path, f.text) for f in files) if files else None
        return EngineStart(
            engine=NAME,
            cwd=self.cwd,
            root=self.top,
            files=tuple(files),
            left_out=tuple(left),
            prompt=prompt,
            names=self.names,
            sources=self.config.sources,
        )

    def read(self, path: str) -> EngineRead:
        """Steps 7 and 8."""
        path = os.path.normpath(path)
        # Not a file (missing, a dangling link, a folder), or one the tool takes for binary: it fails.
        kind = self._kind(path) if self.fs.is_file(path) else "binary"
        if kind == "binary":
            return EngineRead(path=path, files=(), text=None)
        left: list[LeftOut] = []
        found: list[EngineFile] = []
        directory = os.path.dirname(path)
        # The folders whose names start with the working directory's, as strings: a sibling
        # folder sharing its name's start (``app2`` beside ``app``) is walked too.
        while directory.startswith(self.cwd) and directory != self.cwd:
            for name in self.names:
                candidate = os.path.join(directory, name)
                if not self._present(candidate):
                    continue
                # The folder's file is the one read: the folder gives nothing this time (nor claims it).
                if candidate != path and candidate not in self._claimed:
                    f = self._file(candidate, Scope.READ, f"{name} above {os.path.basename(path)}", left)
                    if f is not None:
                        found.append(f)
                break
            directory = os.path.dirname(directory)
        if not found or kind == "shown":
            return EngineRead(path=path, files=(), text=None)  # an image's or a PDF's: taken, not shown
        body = "\n\n".join(entry(f.path, f.text) for f in found)
        return EngineRead(path=path, files=tuple(found), text=f"<system-reminder>\n{body}\n</system-reminder>")


def _sniffed(head: bytes) -> bool | None:
    """Step 8: whether a file's header is one the read tool shows (``None``: no header it knows)."""
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return True
    return next((shown for magic, shown in _HEADERS if head.startswith(magic)), None)


def _binary_head(head: bytes) -> bool:
    """Step 8: a head with a NUL byte, or more than 30 % control characters."""
    if b"\0" in head:
        return True
    control = sum(1 for b in head if b < 9 or 13 < b < 32)
    return bool(head) and control / len(head) > 0.3
