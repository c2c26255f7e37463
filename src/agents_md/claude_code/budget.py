"""How much a hook's ``additionalContext`` may hold, and what the hook sends when it holds more.

Observed on Claude Code 2.1.328: a context of up to 10,000 characters — counted as JavaScript
counts them, in UTF-16 code units, so an emoji counts two — reaches the model whole, right
after its prefix. One unit more and the engine moves it to a file under the session's
``tool-results/`` folder and the model sees only ``<persisted-output>``, the file's path and
a 2 KB preview.

So the hook never sends more than the limit:

1. Text within the limit goes as it is, byte for byte.
2. Otherwise the files are taken in order while they fit whole; the first that does not is cut
   at the end of a line; a closing note says which file was cut at which line, which files
   were left out, and why, so the model can Read the rest itself (the Read tool shows a file
   whole, by line ranges).
"""

from __future__ import annotations

from agents_md._util.std import Sequence
from agents_md._value import Value

LIMIT = 10_000  # UTF-16 code units


def units(text: str) -> int:
    """The length JavaScript gives ``text``: characters beyond the BMP count twice."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


class Item(Value):
    """One file as sent: ``head`` (its ``Contents of`` line and the blank line after it), then ``body``."""

    path: str
    head: str
    body: str

    @property
    def text(self) -> str:
        return self.head + self.body


NAMED = 5  # left-out files the note names


def _note(cut: tuple[str, int, int] | None, left_out: Sequence[str]) -> str:
    parts = []
    if cut is not None:
        path, line, total = cut
        parts.append(f"{path} is cut after line {line} of {total}")
    if left_out:
        # A few names, then a count: the note itself must stay well within the limit.
        named = ", ".join(left_out[:NAMED])
        more = f" and {len(left_out) - NAMED} more" if len(left_out) > NAMED else ""
        parts.append(f"left out: {named}{more}")
    return (
        "\n[agents-md: " + "; ".join(parts) + f". Claude Code keeps at most {LIMIT:,} characters of a hook's "
        "context in the conversation; Read those files for the rest.]\n"
    )


def _lines(text: str) -> int:
    return text.count("\n") + (bool(text) and not text.endswith("\n"))


def fit(items: Sequence[Item], joiner: str, limit: int = LIMIT) -> str:
    """The items joined by ``joiner``, within ``limit`` units (the steps above)."""
    whole = joiner.join(i.text for i in items)
    if units(whole) <= limit or not items:
        return whole
    # Room for the longest note this could need: every path named.
    widest = max(items, key=lambda i: len(i.path)).path
    room = limit - units(_note((widest, 10**9, 10**9), [i.path for i in items]))
    out = ""
    cut: tuple[str, int, int] | None = None
    left_out: list[str] = []
    for item in items:
        lead = joiner if out else ""
        if cut is None and not left_out and units(out + lead + item.text) <= room:
            out += lead + item.text
            continue
        if cut is None and not left_out and units(out + lead + item.head) < room:
            kept = ""
            for line in item.body.splitlines(keepends=True):
                if units(out + lead + item.head + kept + line) > room:
                    break
                kept += line
            if kept:
                out += lead + item.head + kept
                cut = (item.path, _lines(kept), _lines(item.body))
                continue
        left_out.append(item.path)
    return out + _note(cut, left_out)
