"""An ``AGENTS.md`` whose ``CLAUDE.md`` beside it is a copy of it: one text kept twice by hand.

1. Only the two files of one folder, each holding its own text (neither a link to the other).
2. Their texts as the engine reads them (``engine.content.process``: comments dropped), trimmed
   as it trims.
3. A copy when the texts are equal, or equal but for a first line that is a heading in both (a
   copy retitled: ``# AGENTS.md`` above the one, ``# CLAUDE.md`` above the other) with more
   than the heading to say.

``duplicate-text`` reports a copy; ``invisible-doc`` then has nothing to add, since Claude Code
loads the copy's text, and its fix (import the ``AGENTS.md``) would load that text twice.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass

from agents_md._util.jstext import js_trim
from agents_md.engine.content import process
from agents_md.maintain.checks.context import CheckContext
from agents_md.maintain.repo.files import AGENTS_MD, CLAUDE_MD, anchor_dir


@dataclass(frozen=True, slots=True, kw_only=True)
class Copy:
    claude: str  # the CLAUDE.md beside the AGENTS.md
    retitled: bool  # equal but for the heading on the first line


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
    return None
