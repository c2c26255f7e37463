"""A plugin's context too long for the conversation: what the model sees in its place.

Observed on Claude Code 2.1.328 (g8_read_attachment_persisted, and the engine's code): the
``tool.call`` contexts of a Read (one entry per plugin that answered) may hold 100,000 characters
each and 200,000 in all — counted in UTF-16 code units, as JavaScript counts them. Entry by
entry, with ``room`` what the entries before it left of the 200,000:

1. an entry within 100,000 and ``room`` is kept whole;
2. else, when ``room`` is 4,000 or more, it alone is saved to a file of the session's
   ``tool-results/`` folder (below its limit, ``min(100,000, room)``, it would be kept);
3. else it and every entry after it are joined by a blank line and saved so, as one.

What the model gets for a saved entry, after the ``tool.call hook additional context: ``
prefix::

    <persisted-output>
    Output too large (99.8KB). Full output saved to: <folder>/hook-tool.call-<id>-<hash>-additionalContext.txt

    Preview (first 2KB):
    <the first 2,000 units, cut at the last line break in them when it lies past the first 1,000>
    ...
    </persisted-output>

The size is the entry's length in units, in KB of 1,024 with one decimal (``.0`` dropped), as
``toFixed`` rounds; the folder is ``<config>/projects/<the cwd as a key>/<session id>/tool-results``;
the id and the hash are random per call (the hash is keyed by a secret of the process). So a
nested ``AGENTS.md`` of more than about 100,000 characters reaches the model only as that
preview. (A settings hook's context has a lower limit, 10,000: ``claude_code.budget``.)
"""

from __future__ import annotations

import os

from agents_md._util.std import Sequence

# ``decimal``, ``hashlib``, ``secrets`` and ``uuid`` are loaded by a context that is saved, when
# one is: a Read imports this module, and they would be most of a hook call's start.

ENTRY = 100_000  # UTF-16 code units: one plugin's context
DISPATCH = 200_000  # all the contexts of one call
SHORT = 4_000  # less room than this: the rest is saved as one
PREVIEW = 2_000
OPEN = "<persisted-output>"
CLOSE = "</persisted-output>"


def units(text: str) -> int:
    """The length JavaScript gives ``text``: characters beyond the BMP count twice."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def file_size(size: int) -> str:
    """The engine's size words: ``N bytes`` under 1 KB, else KB, MB, GB with one decimal."""
    if size < 1024:
        return f"{size} bytes"
    from decimal import ROUND_HALF_UP, Decimal

    value = Decimal(size) / 1024
    unit = "KB"
    for bigger in ("MB", "GB"):
        if value < 1024:
            break
        value, unit = value / 1024, bigger
    # toFixed(1): the nearer tenth, a tie going up; ".0" dropped.
    words = str(value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
    return words.removesuffix(".0") + unit


def preview(text: str, limit: int = PREVIEW) -> tuple[str, bool]:
    """The first ``limit`` units, cut at the last line break in them when it lies past half of
    them; whether text was left out."""
    raw = text.encode("utf-16-le", "surrogatepass")
    if len(raw) // 2 <= limit:
        return text, False
    head = raw[: 2 * limit].decode("utf-16-le", "surrogatepass")
    end = head.rfind("\n")
    cut = units(head[:end]) if end >= 0 else -1
    cut = cut if cut > limit * 0.5 else limit
    kept = raw[: 2 * cut]
    if cut and 0xD800 <= int.from_bytes(kept[-2:], "little") <= 0xDBFF:
        kept = kept[:-2]  # not half a character
    return kept.decode("utf-16-le", "surrogatepass"), True


def new_seed() -> int:
    """A call's random seed, for the names of the files its contexts are saved to."""
    import secrets

    return secrets.randbits(128)


def saved_name(seed: int, index: int = 0) -> str:
    """The file the ``index``-th ``tool.call`` context of a call is saved to (the call's ``seed``
    keeps the name the same each time the result is rendered)."""
    import hashlib
    import uuid

    digest = hashlib.sha256(f"{seed}:{index}".encode()).hexdigest()
    return f"hook-tool.call-{uuid.UUID(digest[:32], version=4)}-{digest[32:]}-additionalContext.txt"


def results_folder(config: str, cwd_key: str, session_id: str) -> str:
    return os.path.join(config, "projects", cwd_key, session_id, "tool-results")


def persisted(text: str, path: str, limit: int) -> str:
    """``text`` as the model gets it: itself within ``limit``, else the preview and ``path``,
    where it was saved."""
    if units(text) <= limit:
        return text
    shown, more = preview(text)
    return (
        f"{OPEN}\nOutput too large ({file_size(units(text))}). Full output saved to: {path}\n\n"
        f"Preview (first {file_size(PREVIEW)}):\n{shown}" + ("\n...\n" if more else "\n") + CLOSE
    )


def dispatch(entries: Sequence[str], folder: str, seed: int) -> list[str]:
    """The contexts of one call as the model gets them (the steps above)."""
    out: list[str] = []
    used = 0
    at = 0
    while at < len(entries):
        entry = entries[at]
        room = DISPATCH - used
        if units(entry) <= min(ENTRY, room):
            taken, shown = 1, entry
        else:
            taken = 1 if room >= SHORT else len(entries) - at
            path = os.path.join(folder, saved_name(seed, len(out)))
            shown = persisted("\n\n".join(entries[at : at + taken]), path, max(0, min(ENTRY, room)))
        out.append(shown)
        used += units(shown)
        at += taken
    return out
