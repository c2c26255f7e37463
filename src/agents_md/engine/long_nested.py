"""A nested file too long for the engine's block after a Read: only its start is shown.

1. A file whose text, trimmed, is at most ``MOST`` characters (UTF-16 code units, as the
   engine counts) is shown whole. The start block never cuts (a 3 MB ``CLAUDE.md`` is whole).
2. Otherwise its first ``MOST`` characters are kept, cut back to before the last line break
   among them; with no line break there, all ``MOST`` are kept (one long line is cut in it).
3. A note follows, naming the first line not shown: ``\\n\\n> Only the start of this file is
   shown. For the rest, call Read on PATH with offset=N and a limit.`` (N = the whole lines
   kept + 1, so 1 when even the first line was cut).
"""

from __future__ import annotations

from agents_md._util.js import utf16_len
from agents_md._util.jstext import js_trim

MOST = 150_000
NOTE = "\n\n> Only the start of this file is shown. For the rest, call Read on {path} with offset={line} and a limit."


def shown(path: str, content: str) -> str:
    """What the engine's nested block shows of ``content`` (the file at ``path``)."""
    if utf16_len(js_trim(content)) <= MOST:
        return content
    head = _first_units(content, MOST)
    cut = head.rfind("\n")
    if cut > 0:
        head = head[:cut]
        whole_lines = head.count("\n") + 1
    else:
        whole_lines = 0
    return head + NOTE.format(path=path, line=whole_lines + 1)


def _first_units(text: str, units: int) -> str:
    """The longest start of ``text`` that is at most ``units`` UTF-16 code units."""
    head = text[:units]
    if utf16_len(head) <= units:  # no character outside the BMP in it
        return head
    used = 0
    for at, char in enumerate(head):
        used += 2 if ord(char) > 0xFFFF else 1
        if used > units:
            return head[:at]
    return head
