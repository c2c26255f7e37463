"""Which files Gemini CLI's read tool refuses as ignored (then the read attaches nothing).

0. Whatever the settings and ignore files say, a file whose path from its workspace folder (the
   working directory, or the included folder it is in), its links resolved, has a part named
   ``NEVER_READ`` in any case (``.env``, ``node_modules``, ``.git``: a file or a folder; not
   ``.env.local`` nor ``x.env``); the working directory may itself be in one
   (g12_gemini_never_read_*).
1. In a git repository (a ``.git`` at or above the working directory): ``<cwd>/.git/info/exclude``,
   then the ``.gitignore`` of the working directory and of each folder from there down to the file's folder, each
   pattern relative to its own folder (git's rules: a folder pattern covers what is below
   it, ``!`` takes a file back). A ``.gitignore`` above the working directory is not read,
   not even the repository root's. Off with ``context.fileFiltering.respectGitIgnore``.
2. ``<cwd>/.geminiignore``, a repository or not (not a ``.geminiignore`` of a subfolder);
   off with ``context.fileFiltering.respectGeminiIgnore``.
3. ``context.fileFiltering.customIgnoreFilePaths``: more files of patterns, each joined below
   the working directory (an absolute one too, as Node's ``path.join`` joins), read last, the
   first listed deciding over the later ones; with both switches on they go after
   ``.geminiignore`` (their ``!`` takes back what the others ignore), else what they ignore is
   ignored whatever the switches.
4. Files are read in that order; the last one with a pattern that decides the file wins.
   A pattern is read as Gemini CLI reads it, not quite as git does (g12_gemini_ignore_patterns):
   white space before it is dropped (``  #x`` is a comment); letters match in either case
   (``Build/`` ignores ``build/``, ``*.LOG`` ``a.log``); a bracket ``[...]`` is a set of the
   characters up to the first ``]`` (``!`` and ``^`` are two of them, not "none of"; a range
   written backwards stands for nothing), and a set that is empty, or a ``[`` not closed before
   a ``/`` or the end, matches nothing (``[]]x``, ``x[ab``), as a line ending in a lone ``\\`` does;
   a backslash escapes as in JavaScript's regular expressions (``bin\\Debug`` ignores
   ``binDebug``: ``\\D`` is any character but a digit; ``a\\bc`` ignores nothing).
5. As in git, nothing below an ignored folder is taken back: each folder from the working
   directory down to the file's is decided first, as a folder (by the files of steps 1-4 that
   sit above it, each pattern matching the folder itself: ``a/**`` is what is inside ``a``, not
   ``a``), and an ignored one ignores the file whatever a later ``!`` says of it
   (``build/`` then ``!build/keep.txt``, or a ``.gitignore`` inside ``build`` saying
   ``!keep.txt``: refused; ``a/*`` then ``!a/b/`` takes ``a/b`` back, as ``a`` is not
   ignored; g12_gemini_ignore_*).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from agents_md._util.jstext import JS_WHITESPACE
from agents_md.engine.fs import FileSystem
from agents_md.engine.paths import is_inside, path_chain

NEVER_READ = frozenset({".env", "node_modules", ".git"})  # step 0, compared case-folded
GEMINI_IGNORE = ".geminiignore"
GIT_IGNORE = ".gitignore"


@lru_cache(maxsize=256)
def _spec(lines: tuple[str, ...]) -> Any:
    import pathspec  # lazy: only a read in a folder with an ignore file asks

    return pathspec.GitIgnoreSpec.from_lines(lines)


_SET_LITERAL = frozenset("!^[]\\-*?:")  # written escaped, one pattern each, not in a bracket


@lru_cache(maxsize=256)
def _as_read(lines: tuple[str, ...]) -> tuple[str, ...]:
    """Step 4's reading of a file's lines, as git patterns that say the same of a case-folded
    path: each line without its leading white space and case-folded, a bracket turned into its
    characters (one line per character that a git bracket would read otherwise), a line with a
    bracket that matches nothing dropped."""
    out: list[str] = []
    for line in lines:
        out += _unbracketed(line.lstrip(JS_WHITESPACE))
    return tuple(out)


def _unbracketed(line: str) -> list[str]:
    variants = [""]
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\\":
            if i + 1 == len(line):
                return []  # a trailing backslash: no pattern (git's, and Gemini CLI's)
            token, i = _escape(line, i)
            if token is None:
                return []
            variants = [v + token for v in variants]
            continue
        if c != "[":
            variants = [v + c.lower() for v in variants]
            i += 1
            continue
        end = i + 1
        while end < len(line) and line[end] not in "]/":
            end += 1
        if end >= len(line) or line[end] != "]":
            return []  # not closed before a ``/`` or the end: matches nothing
        chars = _set_of(line[i + 1 : end])
        if not chars:
            return []
        plain = "".join(sorted(chars - _SET_LITERAL))
        options = ([f"[{plain}]"] if plain else []) + ["\\" + ch for ch in sorted(chars & _SET_LITERAL)]
        variants = [v + o for v in variants for o in options]
        i = end + 1
    return variants


_CLASS_ESCAPES = {"d": "0-9", "w": "a-z0-9_", "s": " \t"}
_HEX = frozenset("0123456789abcdefABCDEF")


def _escape(line: str, i: int) -> tuple[str | None, int]:
    """The backslash at ``i`` and what follows, as a regular expression of JavaScript reads
    them: ``\\d``, ``\\w``, ``\\s`` (and ``\\D``, ``\\W``, ``\\S``, not one of them) are sets
    (``bin\\Debug`` ignores ``binDebug``), ``\\xHH`` and ``\\uHHHH`` a character; an assertion or
    a control character (``\\b``, ``\\n``, ``\\0``, ``\\cX``) no character of a path (``None``);
    any other character stands for itself. Returns the pattern text and where it ends."""
    e = line[i + 1]
    if e.lower() in _CLASS_ESCAPES:
        return f"[{'!' if e.isupper() else ''}{_CLASS_ESCAPES[e.lower()]}]", i + 2
    if e in "bBnrtfv01234567" or (e == "c" and line[i + 2 : i + 3].isalpha()):
        return None, i + 2
    for lead, width in (("x", 2), ("u", 4)):
        code = line[i + 2 : i + 2 + width]
        if e == lead and len(code) == width and set(code) <= _HEX:
            ch = chr(int(code, 16)).lower()
            return (ch if ch.isalnum() else "\\" + ch), i + 2 + width
    return "\\" + e.lower(), i + 2


def _set_of(body: str) -> set[str]:
    """A bracket's characters (case-folded): ``a-c`` a range, one written backwards nothing."""
    chars: set[str] = set()
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            low, high = ord(body[k]), ord(body[k + 2])
            chars |= {chr(n).lower() for n in range(low, high + 1)} if low <= high else set()
            k += 3
        else:
            chars.add(body[k].lower())
            k += 1
    return chars


def _lines(path: str, fs: FileSystem) -> tuple[str, ...] | None:
    try:
        data = fs.read_file(path)
    except OSError:
        return None
    return None if data is None else tuple(data.decode("utf-8", "replace").splitlines())


@lru_cache(maxsize=256)
def _folder_patterns(lines: tuple[str, ...]) -> tuple[tuple[Any, bool], ...]:
    """Each pattern that decides, and whether it names what is inside a folder (``x/**``)."""
    out = []
    for line in lines:
        # One line's spec: its pattern (the class GitIgnoreSpec uses, whatever pathspec's version).
        out += [(p, line.rstrip().endswith("/**")) for p in _spec((line,)).patterns if p.include is not None]
    return tuple(out)


def _folder_decision(rel: str, lines: tuple[str, ...]) -> bool | None:
    """Step 5: what one file's patterns say of the folder ``rel`` (the last that matches it)."""
    decision = None
    for pattern, inside_only in _folder_patterns(lines):
        if pattern.regex.match(rel if inside_only else rel + "/"):
            decision = bool(pattern.include)
    return decision


def never_read(path: str, workspace: str) -> bool:
    """Step 0, for a real ``path`` inside the folder ``workspace``."""
    return any(part.lower() in NEVER_READ for part in os.path.relpath(path, workspace).split(os.sep))


def in_repository(cwd: str, fs: FileSystem) -> bool:
    return any(fs.exists(os.path.join(d, ".git")) for d in path_chain(cwd))


def _decided(path: str, files: list[tuple[str, str]], fs: FileSystem, *, folder: bool = False) -> bool:
    decided = False
    for base, ignore_file in files:
        if not is_inside(path, base) or path == base:
            continue
        lines = _lines(ignore_file, fs)
        if not lines:
            continue
        rel, read = os.path.relpath(path, base).lower(), _as_read(lines)
        include = _folder_decision(rel, read) if folder else _spec(read).check_file(rel).include
        if include is not None:
            decided = include
    return decided


def _refused(path: str, cwd: str, files_for: Callable[[str], list[tuple[str, str]]], fs: FileSystem) -> bool:
    """Steps 4 and 5: a folder on the way ignored, else the file's own decision."""
    chain = path_chain(os.path.dirname(path))
    folders = chain[chain.index(cwd) + 1 :] if cwd in chain else []
    if any(_decided(d, files_for(d), fs, folder=True) for d in folders):
        return True
    return _decided(path, files_for(path), fs)


def ignored(
    path: str, cwd: str, fs: FileSystem, *, git: bool = True, gemini: bool = True, custom: tuple[str, ...] = ()
) -> bool:
    """Whether a read of ``path`` (a real path inside ``cwd``) is refused as ignored (steps 1-4;
    ``git`` and ``gemini``: the settings ``respectGitIgnore`` and ``respectGeminiIgnore``;
    ``custom``: ``customIgnoreFilePaths``)."""
    if not is_inside(path, cwd) or path == cwd:
        return False
    from agents_md.engines.gemini_imports import name_path

    customs = [(cwd, name_path(cwd, name)) for name in reversed(custom)]
    if customs and not (git and gemini) and _refused(path, cwd, lambda _p: customs, fs):
        return True
    repository = git and in_repository(cwd, fs)

    def files_for(target: str) -> list[tuple[str, str]]:
        """The ignore files that speak of ``target`` (a file, or a folder for step 5), in order."""
        files: list[tuple[str, str]] = []
        if repository:
            files.append((cwd, os.path.join(cwd, ".git", "info", "exclude")))
            chain = path_chain(os.path.dirname(target))
            files += [(d, os.path.join(d, GIT_IGNORE)) for d in chain[chain.index(cwd) :]] if cwd in chain else []
        if gemini:
            files.append((cwd, os.path.join(cwd, GEMINI_IGNORE)))  # its ``!`` takes back what git ignores
        if git and gemini:
            files += customs  # one list with the others: theirs come last
        return files

    return _refused(path, cwd, files_for, fs)
