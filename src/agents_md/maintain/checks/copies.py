"""An ``AGENTS.md`` whose ``CLAUDE.md`` beside it is a copy of it: one text kept twice by hand.

1. Only the two files of one folder, each holding its own text (neither a link to the other).
2. Their texts as the engine reads them (``engine.content.process``: comments dropped), trimmed
   as it trims.
3. A copy when the texts are equal, or equal but for a first line that is a heading in both (a
   copy retitled: ``# AGENTS.md`` above the one, ``# CLAUDE.md`` above the other) with more
   than the heading to say.
4. A copy that has drifted: nine in ten of each one's lines (blank ones aside, at least
   ``DRIFT_LINES`` of them) are the other's too, a line added or changed in one and not the other.

``duplicate-text`` reports a copy; ``invisible-doc`` then has nothing to add, since Claude Code
loads the copy's text, and its fix (import the ``AGENTS.md``) would load that text twice.
"""

from __future__ import annotations

import os
import posixpath

from agents_md._util.jstext import js_trim
from agents_md._value import Value
from agents_md.engine.content import process
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import AGENTS_MD, CLAUDE_MD, anchor_dir


class Copy(Value):
    claude: str  # the CLAUDE.md beside the AGENTS.md
    retitled: bool  # equal but for the heading on the first line
    drifted: int = 0  # lines found in only one of the two (step 4)


DRIFT_LINES = 10
_DRIFT_SHARE = 0.9


def _text(data: bytes) -> str:
    return js_trim(process(data).text)


def _body(text: str) -> tuple[str, str] | None:
    """(the first line, the rest) when the first line is a heading."""
    first, _, rest = text.partition("\n")
    return (first, js_trim(rest)) if first.startswith("#") else None


def copy_beside(ctx: CheckContext, agents: str) -> Copy | None:
    """The ``CLAUDE.md`` beside ``agents`` when it is a copy of it (steps 1 to 3)."""
    if posixpath.basename(agents) != AGENTS_MD or anchor_dir(agents) != posixpath.dirname(agents):
        return None
    claude = ctx.index.in_dir(posixpath.dirname(agents), CLAUDE_MD)
    if claude is None or ctx.ignored(claude):
        return None
    if os.path.realpath(ctx.abs(agents)) == os.path.realpath(ctx.abs(claude)):
        return None
    a_data, c_data = ctx.read(agents), ctx.read(claude)
    if a_data is None or c_data is None:
        return None
    a_text, c_text = _text(a_data), _text(c_data)
    if not a_text:
        return None
    if a_text == c_text:
        return Copy(claude=claude, retitled=False)
    a_body, c_body = _body(a_text), _body(c_text)
    if a_body is not None and c_body is not None and a_body[1] and a_body[1] == c_body[1]:
        return Copy(claude=claude, retitled=True)
    drifted = _drift(a_text, c_text)
    return Copy(claude=claude, retitled=False, drifted=drifted) if drifted else None


def held_in(ctx: CheckContext, agents: str, claude: str) -> bool:
    """Whether ``claude`` holds the whole text of ``agents`` (both as the engine reads them): an
    ``AGENTS.md`` that is a part of the ``CLAUDE.md`` beside it (a tool's managed block kept in
    both, the ``CLAUDE.md`` saying more)."""
    a_data, c_data = ctx.read(agents), ctx.read(claude)
    if a_data is None or c_data is None:
        return False
    a_text = _text(a_data)
    # As whole lines: "Run `pnpm test`" is not held by "Run `pnpm test:e2e` first".
    return bool(a_text) and f"\n{a_text}\n" in f"\n{_text(c_data)}\n"


def _drift(a_text: str, c_text: str) -> int:
    """Step 4: the lines found in only one of two texts that are otherwise the same, else 0."""
    a_lines, c_lines = _counted(a_text), _counted(c_text)
    a_count, c_count = sum(a_lines.values()), sum(c_lines.values())
    if min(a_count, c_count) < DRIFT_LINES:
        return 0
    shared = sum(min(n, c_lines.get(line, 0)) for line, n in a_lines.items())
    if shared < _DRIFT_SHARE * max(a_count, c_count):
        return 0
    return a_count + c_count - 2 * shared


def _counted(text: str) -> dict[str, int]:
    """Each non-blank line of ``text`` (stripped), with how many times it occurs."""
    counts: dict[str, int] = {}
    for line in text.splitlines():
        if line := line.strip():
            counts[line] = counts.get(line, 0) + 1
    return counts
