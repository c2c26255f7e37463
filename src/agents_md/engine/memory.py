r"""The engine's auto memory: ``MEMORY.md`` of the project, loaded last, cut at 200 lines.

It lives at ``~/.claude/projects/<project root, every non-alphanumeric character as ->/memory/``
(``$CLAUDE_CONFIG_DIR/projects/...`` when that is set),
the project root being the git root above the cwd (a linked worktree's main checkout's), or the
cwd. A ``\r\n`` is read as ``\n``; front matter and comments are removed as for any file; its
``@`` lines are not imports. The lines are cut at ``\n``, then a lone ``\r`` left is sent as ``\n``
too (it ends no line of the count).
``CLAUDE_CODE_DISABLE_AUTO_MEMORY`` or ``autoMemoryEnabled: false`` turns it off.
"""

from __future__ import annotations

import os

from agents_md._model import InstructionFile, Kind, Provenance, Reason
from agents_md._util.env import env_truthy
from agents_md._util.jstext import js_is_blank, js_trim
from agents_md._util.std import Mapping
from agents_md.engine import content as content_mod
from agents_md.engine.fs import FileSystem
from agents_md.engine.settings import Settings

MAX_LINES = 200
MAX_SIZE = 25_000  # characters (UTF-16 code units)
DISABLE_ENV = "CLAUDE_CODE_DISABLE_AUTO_MEMORY"


_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


# Every byte but an ASCII letter or digit as ``-``: an ASCII path's key in one ``bytes.translate``.
_ASCII_KEY = bytes(b if chr(b) in _ALNUM else ord("-") for b in range(256))


def project_key(cwd: str) -> str:
    """The engine's folder name for a project: its path with every character but an ASCII letter
    or digit as ``-``."""
    # Not ``re.sub``: compiling the pattern cost more than the walk, on every start.
    if cwd.isascii():
        return cwd.encode("ascii").translate(_ASCII_KEY).decode("ascii")
    return "".join(c if c in _ALNUM else "-" for c in cwd)


def memory_path(config: str, root: str) -> str:
    """``config``: the engine's config folder (``~/.claude``, ``_util.env``)."""
    return os.path.join(config, "projects", project_key(root), "memory", "MEMORY.md")


def enabled(env: Mapping[str, str], settings: Settings) -> bool:
    if env_truthy(env, DISABLE_ENV):
        return False
    value = None
    for layer in settings.layers:
        if "autoMemoryEnabled" in layer.values:
            value = layer.values["autoMemoryEnabled"]
    return value is not False


_ADVICE = "Keep index entries to one line under ~200 chars; move detail into topic files."


def _quote(line: str) -> str:
    """A cut line as the warning quotes it: at most 80 characters, an ellipsis included."""
    return line if len(line) <= 80 else line[:79] + "\u2026"


def _units(text: str) -> int:
    """A text's length as the engine counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def _kb(units: int) -> str:
    return f"{int(units / 1024 + 0.5)}KB"


def truncate(text: str) -> str:
    """At most 200 lines, then at most ``MAX_SIZE`` characters, with the engine's warning when cut."""
    text = js_trim(text)
    lines = text.split("\n")
    total, size = len(lines), _units(text)
    kept = lines[:MAX_LINES]
    used = -1
    for count, line in enumerate(kept):
        used += _units(line) + 1
        if used > MAX_SIZE:
            kept = kept[:count]
            break
    if len(kept) == total:
        return text
    too_many, too_big = total > MAX_LINES, size > MAX_SIZE
    if too_many and too_big:
        what = f"{total} lines and {_kb(size)}."
    elif too_many:
        what = f"{total} lines (limit: {MAX_LINES})."
    else:
        what = f"{_kb(size)} (limit: {MAX_SIZE / 1024:.1f}KB) \u2014 index entries are too long."
    return (
        "\n".join(kept) + f"\n\n> WARNING: MEMORY.md is {what} Only part of it was loaded: {total - len(kept)} of "
        f'{total} lines were cut off, starting at line {len(kept) + 1} ("{_quote(lines[len(kept)])}"). {_ADVICE}'
    )


def load_memory(fs: FileSystem, config: str, root: str) -> InstructionFile | None:
    """The memory of the project at ``root`` (the git checkout's root above the cwd, a linked
    worktree's main checkout's, or the cwd)."""
    path = memory_path(config, root)
    data = fs.read_file(path)
    if data is None:
        return None
    text = content_mod.process(data.replace(b"\r\n", b"\n")).text
    if js_is_blank(text):
        return None
    return InstructionFile(
        path=path,
        kind=Kind.MEMORY,
        content=truncate(text).replace("\r", "\n"),
        provenance=Provenance(reason=Reason.MEMORY),
        size=len(data),
    )
