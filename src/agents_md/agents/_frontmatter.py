"""Split an agent file into front matter and body, with the engine's fence rules.

1. One leading UTF-8 BOM is dropped.
2. The file must start with ``---``; whitespace may follow on that line, nothing else.
3. The front matter ends at the first ``---`` after the opening line, wherever it is: in a
   value, in a comment, or glued to text. Whitespace and one newline after it are eaten.
4. No closing ``---`` means no front matter at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agents_md.agents._js import JS_WS

_WS = re.escape(JS_WS)
_OPEN = re.compile(rf"---[{_WS}]*\n")
_CLOSE = re.compile(rf"---[{_WS}]*\n?")


@dataclass(frozen=True, slots=True, kw_only=True)
class Split:
    """``yaml`` is ``None`` when the file has no front matter; ``first_line`` is its 1-based line."""

    yaml: str | None
    body: str
    first_line: int
    reason: str = ""  # why there is no front matter: "fence-not-on-line-1" or "no-closing-fence"


def split_front_matter(text: str) -> Split:
    if text.startswith("\ufeff"):
        text = text[1:]
    opening = _OPEN.match(text)
    if opening is None:
        return Split(yaml=None, body=text, first_line=0, reason="fence-not-on-line-1")
    start = opening.end()
    closing = _CLOSE.search(text, start)
    if closing is None:
        return Split(yaml=None, body=text, first_line=0, reason="no-closing-fence")
    first_line = 1 + text.count("\n", 0, start)
    return Split(yaml=text[start : closing.start()], body=text[closing.end() :], first_line=first_line)
