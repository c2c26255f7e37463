"""Gemini CLI's ``@`` imports in a context file, expanded in place ("tree" format).

1. An import is ``@`` at the start of the text or after a space, tab or line break, up to the
   next such character; the path must start with ``.``, ``/`` or a letter. One inside code
   stays text: code is three backticks up to the next three, or a run of backticks up to the
   next run of the same length, anywhere in the text (mid-line, across lines); a fence never
   closed, an indented block or a ``~~~`` fence is not code.
2. The path resolves against the importing file's folder and must stay inside the project
   root of that folder (the nearest folder at or above it holding one of
   ``context.memoryBoundaryMarkers``, default ``.git``, a folder or a file; none found, or
   ``[]``: the folder itself), as written and once links are followed (a link to a file outside
   is refused too): else ``<!-- Import failed: P - Path traversal attempt -->``.
3. A file already on the chain of imports that led here: ``<!-- File already processed: P -->``.
4. Otherwise the file's text (its own imports expanded, up to 5 levels deep) is put between
   ``<!-- Imported from: P -->\\n`` and ``\\n<!-- End of import from: P -->``; a file that
   cannot be read gives ``<!-- Import failed: P - <Node's error message> -->``.
"""

from __future__ import annotations

import bisect
import errno
import os
import re

from agents_md.engine.fs import FileSystem

MAX_DEPTH = 5
DEFAULT_MARKERS = (".git",)
_SPACE = " \t\n\r"
# Not Markdown's blocks: two patterns over the whole text, their matches code. Three backticks
# up to the next three, anywhere (``` ```` ``` closes a fence); a run of backticks up to the next
# run of the same length (a span, across lines). An indented block, a ``~~~`` fence and a
# fence never closed are not code to Gemini CLI.
_CODE_BLOCK = re.compile(r"```[\s\S]*?```")
_BACKTICKS = re.compile(r"`+")
_NODE_ERRORS = {
    errno.ENOENT: "ENOENT: no such file or directory",
    errno.EACCES: "EACCES: permission denied",
    errno.ENOTDIR: "ENOTDIR: not a directory",
    errno.ELOOP: "ELOOP: too many symbolic links encountered",
}


def _code_regions(text: str) -> list[tuple[int, int]]:
    """Where code is, as offsets into ``text`` (step 1)."""
    return [m.span() for m in _CODE_BLOCK.finditer(text)] + _spans(text)


def _spans(text: str) -> list[tuple[int, int]]:
    """The code spans, left to right: from a run of backticks (or, when no run of its length
    follows, the shorter tail of it) to the next run of exactly that length. The runs are
    paired by lookup, not by a backtracking pattern: a run of 100,000 backticks costs one pass."""
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text)]
    by_length: dict[int, list[int]] = {}
    for i, (a, b) in enumerate(runs):
        by_length.setdefault(b - a, []).append(i)
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(runs):
        a, b = runs[i]
        closing = None
        for start in range(a, b):
            later = by_length.get(b - start, [])
            j = bisect.bisect_right(later, i)
            if j < len(later):
                closing = later[j]
                break
        if closing is None:
            i += 1
            continue
        out.append((start, runs[closing][1]))
        i = closing + 1
    return out


def find_imports(text: str) -> list[tuple[int, int, str]]:
    """Step 1's candidates: (start, end, path)."""
    out: list[tuple[int, int, str]] = []
    i = 0
    while True:
        i = text.find("@", i)
        if i < 0:
            return out
        if i > 0 and text[i - 1] not in _SPACE:
            i += 1
            continue
        j = i + 1
        while j < len(text) and text[j] not in _SPACE:
            j += 1
        path = text[i + 1 : j]
        if path and (path[0] in "./" or ("a" <= path[0].lower() <= "z")):
            out.append((i, j, path))
        i = j + 1


def name_path(folder: str, name: str, *, marker: bool = False) -> str:
    """A configured name in ``folder`` as Node's ``path.join`` makes it: the two joined by ``/``
    and normalised (an absolute name stays below the folder; ``../X.md`` names the parent's). A
    context file's name loses a trailing ``/`` (``RULES.md/`` is ``RULES.md``); a boundary
    ``marker``'s keeps it, so ``.git/`` is a folder's name alone."""
    joined = os.path.normpath(f"{folder}/{name}")
    if joined.startswith("//"):
        joined = "/" + joined.lstrip("/")
    return joined + "/" if marker and name.endswith("/") and joined != "/" else joined


def project_root(directory: str, fs: FileSystem, markers: tuple[str, ...] = DEFAULT_MARKERS) -> str:
    """Step 2's root for a file in ``directory``."""
    current = os.path.abspath(directory)
    while True:
        if any(fs.exists(name_path(current, m, marker=True)) for m in markers):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return os.path.abspath(directory)
        current = parent


def _inside(path: str, root: str) -> bool:
    rel = os.path.relpath(path, root)
    return not rel.startswith("..") and not os.path.isabs(rel)


def _read(path: str, fs: FileSystem) -> str:
    """The file's text, or ``OSError`` with Node's message for what went wrong."""
    if not fs.exists(path):
        code = errno.ELOOP if fs.is_link_loop(path) else errno.ENOENT
        raise OSError(code, f"{_NODE_ERRORS[code]}, access '{path}'")
    if fs.is_dir(path):
        raise OSError(errno.EISDIR, "EISDIR: illegal operation on a directory, read")
    data = fs.read_file(path)
    if data is None:
        raise OSError(errno.EACCES, f"EACCES: permission denied, open '{path}'")
    return data.decode("utf-8", "replace")


def expand(
    text: str,
    directory: str,
    fs: FileSystem,
    *,
    root: str | None = None,
    chain: frozenset[str] = frozenset(),
    depth: int = 0,
    met: list[str] | None = None,
    markers: tuple[str, ...] = DEFAULT_MARKERS,
) -> str:
    """``text`` (of a file in ``directory``) with its imports expanded (steps 1-4); the files
    imported are appended to ``met``."""
    if depth >= MAX_DEPTH:
        return text
    root = root or project_root(directory, fs, markers)
    regions = _code_regions(text)
    out: list[str] = []
    last = 0
    for start, end, written in find_imports(text):
        out.append(text[last:start])
        last = end
        if any(a <= start < b for a, b in regions):
            out.append(text[start:end])
            continue
        full = os.path.normpath(os.path.join(directory, written))
        outside = not _inside(full, root) or not _inside(fs.realpath(full), fs.realpath(root))
        if written.startswith(("file:", "http:", "https:")) or outside:
            out.append(f"<!-- Import failed: {written} - Path traversal attempt -->")
            continue
        if full in chain:
            out.append(f"<!-- File already processed: {written} -->")
            continue
        try:
            body = _read(full, fs)
        except OSError as exc:
            out.append(f"<!-- Import failed: {written} - {exc.strerror} -->")
            continue
        if met is not None:
            met.append(full)
        inner = expand(body, os.path.dirname(full), fs, root=root, chain=chain | {full}, depth=depth + 1, met=met)
        out.append(f"<!-- Imported from: {written} -->\n{inner}\n<!-- End of import from: {written} -->")
    out.append(text[last:])
    return "".join(out)


def flatten(
    text: str,
    path: str,
    directory: str,
    fs: FileSystem,
    met: list[str] | None = None,
    markers: tuple[str, ...] = DEFAULT_MARKERS,
) -> str:
    """The "flat" format: the file (named by its folder, as Gemini CLI names it) and every file
    its imports reach, depth first from each file's last import back to its first, each once
    and at any depth (the tree format's five levels do not bound it), as
    ``--- File: P ---\\n<trimmed text>\\n--- End of File: P ---`` joined by blank lines; the
    imports themselves stay as written."""
    from agents_md._util.jstext import js_trim

    root = project_root(directory, fs, markers)

    def imported(body: str, folder: str) -> list[str]:
        regions = _code_regions(body)
        # Last import first: Gemini CLI lists "a.md b.md" as b.md, then a.md (each with what it imports).
        found = [
            os.path.normpath(os.path.join(folder, w))
            for start, _end, w in reversed(find_imports(body))
            if not any(a <= start < b for a, b in regions)
        ]
        return [full for full in found if _inside(full, root)]

    # No depth limit here, unlike the tree format: a chain of any length is listed whole (a stack
    # of iterators, not recursion, so a long chain cannot overflow Python's stack).
    seen: set[str] = set()
    parts: list[tuple[str, str]] = [(directory, text)]
    stack = [iter(imported(text, directory))]
    while stack:
        full = next(stack[-1], None)
        if full is None:
            stack.pop()
            continue
        if full in seen:
            continue
        seen.add(full)
        try:
            inner = _read(full, fs)
        except OSError:
            continue
        if met is not None:
            met.append(full)
        parts.append((full, inner))
        stack.append(iter(imported(inner, os.path.dirname(full))))
    return "\n\n".join(f"--- File: {n} ---\n{js_trim(b)}\n--- End of File: {n} ---" for n, b in parts)
