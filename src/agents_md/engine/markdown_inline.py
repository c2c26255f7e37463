"""Where the prose of a Markdown text is, and its runs of plain text, as the engine's tokens
delimit them (what ``@`` imports are read from).

``prose_blocks`` walks the blocks that carry prose (paragraphs, headings, quotes and list
items, recursively); ``inline_runs`` splits one span at code spans, inline HTML and
autolinks, backslash escapes, emphasis delimiters and links.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from agents_md.engine.markdown_blocks import lex_blocks, scan_list


def prose_blocks(src: str, *, top: bool = True) -> Iterator[tuple[str, str]]:
    """Yield ``(kind, text)`` for every piece of prose, descending into quotes and lists.

    ``kind`` is ``inline`` for text to be split into inline runs. Inside a list item prose
    is a plain text block, which the engine also scans whole (code spans included) before
    its inline runs: such a block is yielded once as ``whole`` and once as ``inline``.
    """
    for block in lex_blocks(src):
        if block.type in ("paragraph", "heading"):
            text = block.raw
            if block.type == "heading":
                text = re.sub(r"^ {0,3}#{1,6}[ \t]*", "", text)
                text = re.sub(r"[ \t]+#+[ \t]*(?=\n|$)", "", text)
            elif not top:
                yield "whole", text.rstrip("\n")
            yield "inline", text
        elif block.type == "blockquote":
            inner = re.sub(r"^ {0,3}> ?", "", block.raw, flags=re.M)
            yield from prose_blocks(inner, top=True)
        elif block.type == "list":
            scanned = scan_list(block.raw, 0)
            for item in scanned[1] if scanned else ():
                yield from prose_blocks(item, top=False)


_CODE_SPAN_OPEN = re.compile(r"`+")


def inline_runs(text: str) -> Iterator[str]:
    """The runs of plain text in an inline span, as the engine's inline tokens delimit them.

    Code spans, inline HTML and autolinks, backslash escapes and emphasis delimiters end a
    run; link text is a run of its own; a link's destination is no text at all.
    """
    run: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "`":
            m = _CODE_SPAN_OPEN.match(text, i)
            assert m is not None
            ticks = m.group(0)
            close = re.compile(r"(?<!`)" + ticks + r"(?!`)").search(text, m.end())
            if close:
                yield "".join(run)
                run = []
                i = close.end()
                continue
            run.append(ticks)
            i = m.end()
            continue
        if c == "\\" and i + 1 < n and text[i + 1] in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~":
            yield "".join(run)
            run = []
            i += 2
            continue
        if c == "<":
            m = re.compile(
                r"<(?:[a-zA-Z][\w-]*(?:\s[^<>]*)?/?|/[a-zA-Z][\w-]*\s*|!--[\s\S]*?--|[^\s<>]+:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>"
            ).match(text, i)
            if m:
                yield "".join(run)
                run = []
                i = m.end()
                continue
        if c in "*_":
            j = i
            while j < n and text[j] == c:
                j += 1
            if _is_emphasis_delimiter(text, i, j):
                yield "".join(run)
                run = []
                i = j
                continue
            run.append(text[i:j])
            i = j
            continue
        if c == "[" or (c == "!" and i + 1 < n and text[i + 1] == "["):
            link = re.compile(r"!?\[((?:\\.|[^\[\]\\])*)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+[^)]*)?\)").match(
                text, i
            )
            if link:
                yield "".join(run)
                run = []
                if c == "[":
                    yield from inline_runs(link.group(1))
                i = link.end()
                continue
        run.append(c)
        i += 1
    yield "".join(run)


def _is_emphasis_delimiter(text: str, start: int, end: int) -> bool:
    """Whether the delimiter run ``text[start:end]`` can open or close emphasis with a partner.

    A run that can open (not followed by white space) with the same character later, or
    that can close (not preceded by white space) with one earlier; ``_`` inside a word never
    delimits. Close enough to the inline lexer for where text runs start and end.
    """
    char = text[start]
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if char == "_" and before.isalnum() and after.isalnum():
        return False
    if not after.isspace() and char in text[end:]:
        return True
    return not before.isspace() and char in text[:start]
