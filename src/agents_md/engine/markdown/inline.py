"""Where the prose of a Markdown text is, and its runs of plain text, as the engine's tokens
delimit them (what ``@`` imports are read from).

``prose_blocks`` walks the blocks that carry prose (paragraphs, headings, quotes and list
items, recursively); ``inline_runs`` splits one span at code spans, inline HTML and
autolinks, backslash escapes, emphasis delimiters and links.
"""

from __future__ import annotations

import re
import unicodedata

from agents_md._util.bounded_cache import bounded_cache
from agents_md._util.std import Iterator
from agents_md.engine.markdown.blocks import Block, item_blocks, scan_list, top_blocks


def prose_blocks(src: str, *, top: bool = True) -> Iterator[tuple[str, str]]:
    """Yield ``(kind, text)`` for every piece of prose, descending into quotes and lists.

    ``kind`` is ``inline`` for text to be split into inline runs. Inside a list item prose
    is a plain text block (until a nested list resets the engine to top level), which the
    engine also scans whole (code spans included) before its inline runs: such a block is
    yielded once as ``whole`` and once as ``inline``. A block quote's prose is that of the
    blocks its chunks were lexed into (see ``markdown_blocks.quote_block``).
    """
    for block in top_blocks(src) if top else item_blocks(src):
        yield from _block_prose(block)


def _block_prose(block: Block) -> Iterator[tuple[str, str]]:
    if block.type in ("paragraph", "text", "heading"):
        text = block.raw
        if block.type == "heading":
            text = re.sub(r"^ {0,3}#{1,6}[ \t]*", "", text)
            text = re.sub(r"[ \t]+#+[ \t]*(?=\n|$)", "", text)
        elif block.type == "text":
            yield "whole", text.rstrip("\n")
        yield "inline", text
    elif block.type == "html":
        head = block.raw.lstrip()
        if head.startswith("<!--") and "-->" in head:
            # What is left of a comment block is read whole, wherever the block stands.
            residue = re.sub(r"<!--[\s\S]*?-->", "", block.raw)
            if residue.strip():
                yield "whole", residue
    elif block.type == "blockquote":
        for part in block.parts:
            yield from _block_prose(part)
    elif block.type == "list":
        scanned = scan_list(block.raw, 0)
        for item in scanned[1] if scanned else ():
            yield from prose_blocks(item, top=False)


_CODE_SPAN_OPEN = re.compile(r"`+")
# The characters that may end a run; the text between them is taken whole.
_SPECIAL = re.compile(r"[`\\<*_\[!]")


def inline_runs(text: str) -> Iterator[str]:
    """The runs of plain text in an inline span, as the engine's inline tokens delimit them.

    Code spans, inline HTML and autolinks, backslash escapes and emphasis delimiters end a
    run; link text is a run of its own; a link's destination is no text at all.
    """
    run: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        special = _SPECIAL.search(text, i)
        j = special.start() if special is not None else n
        if j > i:
            run.append(text[i:j])
            i = j
            continue
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


def _flanking(text: str, start: int, end: int) -> tuple[bool, bool]:
    """Whether the delimiter run ``text[start:end]`` can open and whether it can close emphasis."""
    char = text[start]
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    left = not after.isspace() and (not _is_punct(after) or before.isspace() or _is_punct(before))
    right = not before.isspace() and (not _is_punct(before) or after.isspace() or _is_punct(after))
    if char == "_":
        return left and (not right or _is_punct(before)), right and (not left or _is_punct(after))
    return left, right


def _is_punct(c: str) -> bool:
    return unicodedata.category(c)[0] in "PS"


def _is_emphasis_delimiter(text: str, start: int, end: int) -> bool:
    """Whether the delimiter run ``text[start:end]`` takes part in emphasis.

    CommonMark's pairing of the runs of ``*`` and ``_`` in ``text`` (flanking, the rule of
    three, openers between a pair dropped); a run that pairs with none stays text. Close
    enough to the inline lexer for where text runs start and end.
    """
    return start in _matched_runs(text)


@bounded_cache(256)
def _matched_runs(text: str) -> frozenset[int]:
    runs: list[list[int]] = []  # start, end, count, can open, can close, matched
    for m in re.finditer(r"\*+|_+", text):
        if m.start() > 0 and text[m.start() - 1] == "\\":
            continue
        can_open, can_close = _flanking(text, m.start(), m.end())
        runs.append([m.start(), m.end(), m.end() - m.start(), int(can_open), int(can_close), 0])
    for i, closer in enumerate(runs):
        if not closer[4]:
            continue
        char = text[closer[0]]
        while closer[2] > 0:
            found = -1
            for j in range(i - 1, -1, -1):
                opener = runs[j]
                if text[opener[0]] != char or not opener[3] or opener[2] <= 0:
                    continue
                a, b = opener[1] - opener[0], closer[1] - closer[0]
                if (opener[4] or closer[3]) and (a + b) % 3 == 0 and not (a % 3 == 0 and b % 3 == 0):
                    continue
                found = j
                break
            if found < 0:
                break
            opener = runs[found]
            use = 2 if opener[2] >= 2 and closer[2] >= 2 else 1
            opener[2] -= use
            closer[2] -= use
            opener[5] = closer[5] = 1
            for k in range(found + 1, i):
                runs[k][3] = 0
    return frozenset(r[0] for r in runs if r[5])
