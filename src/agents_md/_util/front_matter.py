"""The engine's front matter fence, one rule for instruction files and agent files alike.

1. One leading byte-order mark is dropped.
2. The text must start with ``---``; white space (JavaScript's ``\\s``, newlines included) may
   follow before the newline that ends the opening line.
3. The block ends at the first ``---`` after that newline, wherever it stands: in a value, in
   a comment, glued to text. White space and one newline after it go with it.
4. No closing ``---`` means no front matter at all.
"""

from __future__ import annotations

from agents_md._util.jstext import JS_SPACE_CLASS
from agents_md._util.std import lazy_compile
from agents_md._value import Value

# The opening and closing fences (compiled on first use: most texts have no front matter).
_OPENING_FENCE = lazy_compile(rf"---{JS_SPACE_CLASS}*\n")
_CLOSING_FENCE = lazy_compile(rf"---{JS_SPACE_CLASS}*\n?")


class FrontMatter(Value):
    """``yaml`` is ``None`` without a block (``reason`` says why); ``body`` is the rest of the text."""

    yaml: str | None
    body: str
    first_line: int = 0  # the 1-based line the YAML starts on
    reason: str = ""  # "fence-not-on-line-1" or "no-closing-fence"


def split_front_matter(text: str) -> FrontMatter:
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.startswith("---"):
        return FrontMatter(yaml=None, body=text, reason="fence-not-on-line-1")
    opening = _OPENING_FENCE.match(text)
    if opening is None:
        return FrontMatter(yaml=None, body=text, reason="fence-not-on-line-1")
    start = opening.end()
    closing = _CLOSING_FENCE.search(text, start)
    if closing is None:
        return FrontMatter(yaml=None, body=text, reason="no-closing-fence")
    first_line = 1 + text.count("\n", 0, start)
    return FrontMatter(yaml=text[start : closing.start()], body=text[closing.end() :], first_line=first_line)
