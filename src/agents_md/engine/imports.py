"""``@`` imports: which words of a file are imports, and where each one points.

An import is ``@`` at the start of a text run or after white space, followed by a path
(``\\ `` escapes a space). Text runs are read off the Markdown tokens: code spans, fenced and
indented code and HTML blocks hold none; emphasis, links and inline tags start a new run,
which is why ``**@x.md**`` imports and ``x@y.md`` (an e-mail address) does not. Prose in a list
item is also read whole, as the engine does, code spans included.

A path is taken when it starts with ``./``, ``~/``, ``/`` (not ``/`` alone) or a letter,
digit, ``.``, ``_`` or ``-``; a ``#fragment`` is cut off. Relative paths resolve against the
importing file's directory, ``~/`` against the home directory.
"""

from __future__ import annotations

import os
import posixpath

from agents_md._util.bounded_cache import bounded_cache
from agents_md._util.jstext import JS_SPACE_CLASS
from agents_md._util.std import lazy_compile
from agents_md._value import Value
from agents_md.engine import lexed

_IMPORT = lazy_compile(r"(?:^|" + JS_SPACE_CLASS + r")@((?:[^\s\\]|\\ )+)")
_SPACE = lazy_compile(JS_SPACE_CLASS)
_BAD_START = lazy_compile(r"^[#%^&*()]+")
_GOOD_START = lazy_compile(r"^[a-zA-Z0-9._-]")

# Extensions the engine reads as text when a file is imported; a name without one is read too.
TEXT_EXTENSIONS = frozenset(
    [
        ".md",
        ".txt",
        ".text",
        ".rst",
        ".adoc",
        ".asciidoc",
        ".org",
        ".tex",
        ".latex",
        ".json",
        ".yaml",
        ".yml",
        ".toml",
        ".xml",
        ".csv",
        ".html",
        ".htm",
        ".css",
        ".scss",
        ".sass",
        ".less",
        ".js",
        ".ts",
        ".tsx",
        ".jsx",
        ".mjs",
        ".cjs",
        ".mts",
        ".cts",
        ".py",
        ".pyi",
        ".pyw",
        ".rb",
        ".erb",
        ".rake",
        ".go",
        ".rs",
        ".java",
        ".kt",
        ".kts",
        ".scala",
        ".c",
        ".cpp",
        ".cc",
        ".cxx",
        ".h",
        ".hpp",
        ".hxx",
        ".cs",
        ".swift",
        ".sh",
        ".bash",
        ".zsh",
        ".fish",
        ".ps1",
        ".bat",
        ".cmd",
        ".env",
        ".ini",
        ".cfg",
        ".conf",
        ".config",
        ".properties",
        ".sql",
        ".graphql",
        ".gql",
        ".proto",
        ".vue",
        ".svelte",
        ".astro",
        ".ejs",
        ".hbs",
        ".pug",
        ".jade",
        ".php",
        ".pl",
        ".pm",
        ".lua",
        ".r",
        ".dart",
        ".ex",
        ".exs",
        ".erl",
        ".hrl",
        ".clj",
        ".cljs",
        ".cljc",
        ".edn",
        ".hs",
        ".lhs",
        ".elm",
        ".ml",
        ".mli",
        ".f",
        ".f90",
        ".f95",
        ".for",
        ".cmake",
        ".make",
        ".makefile",
        ".gradle",
        ".sbt",
        ".lock",
        ".log",
        ".diff",
        ".patch",
    ]
)


def js_extname(path: str) -> str:
    """Node's ``path.extname``: a leading dot of the base name does not start an extension."""
    base = posixpath.basename(path)
    stripped = base.lstrip(".")
    dot = stripped.rfind(".")
    if dot < 0:
        return ""
    return stripped[dot:]


def is_text_file_name(path: str) -> bool:
    ext = js_extname(path).lower()
    return not ext or ext in TEXT_EXTENSIONS


def _paths_in(text: str) -> list[str]:
    out: list[str] = []
    # Each spelling once, first-seen order: a text may write the same import a million times.
    for path in dict.fromkeys(_IMPORT.findall(text)):
        hash_at = path.find("#")
        if hash_at >= 0:
            path = path[:hash_at]
        path = path.replace("\\ ", " ")
        if not path:
            continue
        if (
            path.startswith(("./", "~/"))
            or (path.startswith("/") and path != "/")
            or (not path.startswith("@") and not _BAD_START.match(path) and _GOOD_START.match(path))
        ):
            out.append(path)
    return out


@bounded_cache(2048)
def import_paths(text: str) -> tuple[str, ...]:
    """The import paths written in ``text``, first-seen order, each once.

    Pass a file's text with its front matter removed but its comments kept
    (``content.Processed.body``): the engine reads imports off the tokens of that text, and
    a comment block can change what the next line is (a paragraph's end, code, HTML).
    """
    if "@" not in text:
        return ()
    from agents_md.engine.markdown import blocks as markdown_blocks  # lazy: only texts with an @ need it
    from agents_md.engine.markdown import inline as markdown_inline

    found: list[str] = []
    src = markdown_blocks.normalise(text)
    for kind, chunk in markdown_inline.prose_blocks(src):
        if "@" not in chunk:
            continue
        if kind == "whole":
            found.extend(_paths_in(chunk))
            continue
        for run in markdown_inline.inline_runs(chunk):
            found.extend(_paths_in(run))
    return tuple(dict.fromkeys(found))


def resolve(path: str, importer: str, home: str) -> str:
    if path.startswith("~/"):
        return os.path.normpath(os.path.join(home, path[2:]))
    if os.path.isabs(path):
        return os.path.normpath(path)
    return os.path.normpath(os.path.join(os.path.dirname(importer), path))


class ImportSite(Value):
    """Where an import is written: its path (as ``import_paths`` reads it), 1-based line and column of the ``@``."""

    path: str
    line: int
    column: int


@bounded_cache(2048)
def import_sites(text: str) -> tuple[ImportSite, ...]:
    """``import_paths`` with the place each is written (its first use outside a code block).

    The engine reads imports off tokens, which keep no positions: each path is found again
    in the text, the first occurrence after the previous import's (imports come in text
    order) that no top-level code block holds.
    """
    if "@" not in text:
        return ()
    rows = lexed.kept_sites(text)  # read in a host's earlier process (``engine.lexed``)
    if rows is not None:
        return tuple(ImportSite(path=path, line=line, column=column) for path, line, column in rows)
    found = _sites(text)
    lexed.note(lexed.SITES, text, tuple((site.path, site.line, site.column) for site in found))
    return found


def _sites(text: str) -> tuple[ImportSite, ...]:
    paths = import_paths(text)
    if not paths:
        return ()
    from agents_md.engine.markdown import blocks as markdown_blocks

    src = markdown_blocks.normalise(text)
    code: list[tuple[int, int]] = []
    at = 0
    for block in markdown_blocks.top_blocks(src):
        if block.type == "code":
            code.append((at, at + len(block.raw)))
        at += len(block.raw)
    sites: list[ImportSite] = []
    after = 0
    counted_to, lines_before = 0, 0  # newlines counted so far: each import is found further on
    for path in paths:
        needle = "@" + path.replace(" ", "\\ ")
        found = _next_prose(src, needle, after, code)  # the usual case, found from where the last one was
        if found is None:
            spots = _spots(src, needle)
            if not spots:  # after emphasis (``**@x**``): the engine reads it with the markers gone
                spots = _spots(src, needle, loose=True)
            if not spots:  # a link's text (``[@scope/pkg](...)``) is a run of its own: wherever it is written
                spots = _spots(src, needle, anywhere=True)
            prose = [s for s in spots if not _in_code(s, code)]
            found = next((s for s in prose if s >= after), None)
            if found is None:
                found = next(iter(prose or spots), 0)
        after = max(after, found + 1)
        if found >= counted_to:
            lines_before += src.count("\n", counted_to, found)
        else:
            lines_before = src.count("\n", 0, found)
        counted_to = found
        line_start = src.rfind("\n", 0, found) + 1
        sites.append(ImportSite(path=path, line=lines_before + 1, column=found - line_start + 1))
    return tuple(sites)


def _in_code(at: int, code: list[tuple[int, int]]) -> bool:
    return any(start <= at < end for start, end in code)


def _next_prose(src: str, needle: str, after: int, code: list[tuple[int, int]]) -> int | None:
    """The first place at or after ``after`` where ``needle`` starts an import outside a code block."""
    at = src.find(needle, after)
    while at >= 0:
        if (at == 0 or _SPACE.match(src, at - 1)) and not _in_code(at, code):
            return at
        at = src.find(needle, at + 1)
    return None


def _spots(src: str, needle: str, *, loose: bool = False, anywhere: bool = False) -> list[int]:
    """Where ``needle`` (``@path``) starts an import: at the start or after white space, as the
    engine reads it (``# Guide for `@x` `` holds no import there)."""
    out: list[int] = []
    at = src.find(needle)
    while at >= 0:
        if anywhere or at == 0 or _SPACE.match(src, at - 1) or (loose and src[at - 1] in "*_~"):
            out.append(at)
        at = src.find(needle, at + 1)
    return out


def resolved_imports(text: str, importer: str, home: str) -> list[str]:
    """Absolute import targets, first occurrence order, each once."""
    seen: dict[str, None] = {}
    for path in import_paths(text):
        seen.setdefault(resolve(path, importer, home), None)
    return list(seen)
