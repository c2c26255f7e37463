"""``context --engine``'s and ``read --engine``'s views: one engine's files (a table, JSON), and
every engine at once (one row a file, one column an engine: loaded whole, cut after N bytes, or
not loaded and why; on a read, attached or not and why)."""

from __future__ import annotations

import os
from typing import Any

from agents_md._util.std import Sequence
from agents_md.cli.style import PathNames, Style, human_bytes
from agents_md.engine.paths import is_inside
from agents_md.engines.model import EngineFile, EngineRead, EngineStart, Left, LeftOut, Scope

_LEFT = {
    "blank": "empty or white space only",
    "dropped": "dropped: the byte budget was spent",
    "cut-to-blank": "dropped: the budget leaves only white space of it",
    "shadowed": "another name won",
    "duplicate": "the same file was sent already",
    "budget-off": "project docs off (budget 0)",
    "link-loop": "a link loop: no project doc at all",
    "untrusted": "folder not trusted",
    "disabled": "switched off",
    "excluded": "excluded by its settings",
    "not-followed": "import not followed",
    "conditional": "a rule for matching Reads",
    "given": "given already",
    "unreadable": "cannot be read",
}


def names_for(starts: Sequence[EngineStart], home: str) -> PathNames:
    """How a view names files, by the context view's rule: relative to the working directory for
    the project's files (at or below the highest folder above it that holds a project file any
    engine sent), ``~/`` for the rest of the home, absolute otherwise."""
    cwd = starts[0].cwd
    top = cwd
    for start in starts:
        for f in start.files:
            folder = os.path.dirname(f.path)
            if f.scope is not Scope.GLOBAL and is_inside(cwd, folder) and len(folder) < len(top):
                top = folder
    return PathNames(cwd, home, top=top)


def start_json(start: EngineStart) -> dict[str, Any]:
    return {
        "engine": start.engine,
        "cwd": start.cwd,
        "root": start.root,
        "names": list(start.names),
        "config": list(start.sources),
        "files": [
            {
                "path": f.path,
                "scope": str(f.scope),
                "why": f.why,
                "bytes": f.size,
                "loaded": f.loaded,
                "cut": f.cut,
            }
            for f in start.files
        ],
        "left_out": [{"path": x.path, "why": str(x.why), "detail": x.detail} for x in start.left_out],
        "prompt": start.prompt,
        "notices": list(start.notices),
    }


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], s: Style) -> list[str]:
    widths = [max(len(h), *(len(r[c]) for r in rows)) if rows else len(h) for c, h in enumerate(headers)]
    out = [s("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip(), "dim")]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return out


def render_start(start: EngineStart, title: str, home: str) -> str:
    s = Style()
    shown = names_for([start], home)
    lines = [s(f"{title}: instruction files for {start.cwd}", "bold")]
    if start.root:
        lines.append(f"walk: from {start.root} (names: {', '.join(start.names)})")
    lines.append("")
    if start.files:
        rows = [
            (str(i + 1), str(f.scope), shown(f.path), f"{f.size:,}", _loaded(f.loaded, f.size), f.why)
            for i, f in enumerate(start.files)
        ]
        lines += _table(("#", "scope", "file", "bytes", "sent", "why"), rows, s)
        size = len((start.prompt or "").encode())
        lines += ["", f"{len(start.files)} file(s); the text the engine sends: {human_bytes(size)}"]
    else:
        lines.append(s("No instruction files load.", "yellow"))
    if start.left_out:
        lines += ["", s("Considered and left out:", "bold")]
        for x in start.left_out:
            extra = f" [{x.detail}]" if x.detail else ""
            lines.append(f"  {shown(x.path)}: {_LEFT.get(str(x.why), str(x.why))}{extra}")
    return "\n".join(lines)


def _loaded(loaded: int, size: int) -> str:
    return "whole" if loaded >= size else f"cut at {loaded:,}"


def _sent_as(path: str, files: Sequence[EngineFile], shown: PathNames) -> str | None:
    """``CLAUDE.md -> AGENTS.md``: the text of ``path`` sent under the other name, if one of
    ``files`` is the same file."""
    real = os.path.realpath(path)
    alias = next((f.path for f in files if f.path != path and os.path.realpath(f.path) == real), None)
    if alias is None:
        return None
    return f"as {shown(alias)} ({'a link to it' if os.path.islink(alias) else 'its target'})"


def _no(x: LeftOut) -> str:
    """A table cell for a file left out: why, in the views' words (a switch says which)."""
    if x.why is Left.DISABLED and x.detail:
        return f"no: {x.detail}"
    return f"no: {_LEFT.get(str(x.why), str(x.why))}"


def _absent(path: str, start: EngineStart, shown: PathNames) -> str:
    """Why ``start`` did not load ``path``: its own record, else what its walk did not cover."""
    for x in start.left_out:
        if x.path == path:
            return _no(x)
    alias = _sent_as(path, start.files, shown)
    if alias is not None:
        return alias
    if os.path.basename(path) not in start.names:
        return "no: not a name it reads"
    if start.engine == "claude-code" and os.path.basename(path) == "AGENTS.md":
        return "no: instructionFiles mode leaves it out"
    if not is_inside(start.cwd, os.path.dirname(path)):
        return "no: below the cwd (on a read)" if is_inside(path, start.cwd) else "no: off its walk"
    if start.root and not is_inside(os.path.dirname(path), start.root):
        return "no: above its root"
    if any(os.path.dirname(f.path) == os.path.dirname(path) for f in start.files):
        return "no: another name won"
    return "no"


def render_all(starts: Sequence[tuple[str, EngineStart]], home: str) -> str:
    """One row a file (every file any engine sent or left out), one column an engine."""
    s = Style()
    first = starts[0][1]
    shown = names_for([start for _title, start in starts], home)
    paths: dict[str, None] = {}
    for _title, start in starts:
        paths.update((f.path, None) for f in start.files)
    for _title, start in starts:
        paths.update((x.path, None) for x in start.left_out if x.why is not Left.UNTRUSTED)
    rows = []
    for path in paths:
        cells = [shown(path)]
        for _title, start in starts:
            if any(x.why is Left.UNTRUSTED for x in start.left_out):
                cells.append("no: folder not trusted")
                continue
            index = next((i for i, f in enumerate(start.files) if f.path == path), None)
            if index is None:
                cells.append(_absent(path, start, shown))
                continue
            f = start.files[index]
            cells.append(f"{index + 1}. " + ("whole" if not f.cut else f"cut at {f.loaded:,} of {f.size:,} B"))
        rows.append(cells)
    lines = [s(f"Instruction files for {first.cwd}, per engine (n. = its place in what the engine sends)", "bold")]
    lines.append("")
    lines += _table(("file", *(t for t, _ in starts)), rows, s)
    lines.append("")
    for title, start in starts:
        size = len((start.prompt or "").encode())
        lines.append(f"{title}: {len(start.files)} file(s), {human_bytes(size)} sent")
    return "\n".join(lines)


def starts_json(starts: Sequence[EngineStart]) -> dict[str, Any]:
    """One engine's start as ``start_json``; several as ``{"engines": [...]}``."""
    data = [start_json(s) for s in starts]
    return data[0] if len(data) == 1 else {"engines": data}


def reads_json(reads: Sequence[tuple[str, EngineRead]]) -> dict[str, Any]:
    """One engine's read as ``read_json``; several as ``{"engines": [...]}``."""
    data = [read_json(name, read) for name, read in reads]
    return data[0] if len(data) == 1 else {"engines": data}


def read_json(engine: str, read: EngineRead) -> dict[str, Any]:
    files = [{"path": f.path, "why": f.why, "bytes": f.size} for f in read.files]
    left = [{"path": x.path, "why": str(x.why), "detail": x.detail} for x in read.left_out]
    return {"engine": engine, "path": read.path, "files": files, "left_out": left, "text": read.text}


def render_read(read: EngineRead, title: str, path: str, *, reads_at_all: bool) -> str:
    """One engine's read: the files it attaches, then the exact text."""
    if not reads_at_all:
        return f"A read of {path} attaches nothing ({title} loads its instruction files at start only)."
    if read.text is None:
        return f"A read of {path} attaches nothing ({title})."
    lines = [f"A read of {path} attaches {len(read.files)} file(s) ({title}):"]
    lines += [f"  {f.path} ({f.size:,} B)" for f in read.files]
    return "\n".join([*lines, "", read.text])


def _not_attached(path: str, start: EngineStart, read: EngineRead, reads_at_all: bool, shown: PathNames) -> str:
    """Why ``read`` did not attach ``path``: its own record, else as far as the engine's start says."""
    if not reads_at_all:
        return "no: files load at start only"
    alias = _sent_as(path, read.files, shown)
    if alias is not None:
        return alias
    for x in read.left_out:
        if x.path == path:
            return _no(x)
    if any(x.why is Left.UNTRUSTED for x in start.left_out):
        return "no: folder not trusted"
    if any(f.path == path for f in start.files):
        return "no: sent at start"
    if os.path.basename(path) not in start.names:
        return "no: not a name it reads"
    if any(os.path.dirname(f.path) == os.path.dirname(path) for f in read.files):
        return "no: another name won"
    return "no"


def render_reads(reads: Sequence[tuple[str, bool, EngineStart, EngineRead]], home: str) -> str:
    """One row a file any engine attached, one column an engine (n. = its place in what the
    engine appends; each row (title, whether it attaches files on a read at all, start, read))."""
    s = Style()
    first_read = reads[0][3]
    shown = names_for([start for _t, _r, start, _read in reads], home)
    paths = dict.fromkeys(f.path for *_, read in reads for f in read.files)
    rows = []
    for path in paths:
        cells = [shown(path)]
        for _title, reads_at_all, start, read in reads:
            index = next((i for i, f in enumerate(read.files) if f.path == path), None)
            cells.append(
                f"{index + 1}. attached" if index is not None else _not_attached(path, start, read, reads_at_all, shown)
            )
        rows.append(cells)
    title = f"A read of {shown(first_read.path)}, per engine (n. = its place in what the engine appends)"
    lines = [s(title, "bold"), ""]
    if rows:
        lines += [*_table(("file", *(r[0] for r in reads)), rows, s), ""]
    else:
        lines += [s("No engine attaches anything.", "yellow"), ""]
    for name, reads_at_all, _start, read in reads:
        if not reads_at_all:
            lines.append(f"{name}: nothing on a read (its instruction files load at start only)")
        elif read.files:
            lines.append(f"{name}: {len(read.files)} file(s), {human_bytes(len((read.text or '').encode()))} appended")
        else:
            lines.append(f"{name}: nothing")
    return "\n".join(lines)
