"""What a doc says, with line numbers: code spans, link targets, and the lines of code blocks.

Read with the engine's own block lexer (``engine.markdown.blocks``), so what counts as code,
as a comment, as a list or a quote is what Claude Code's reading of the file makes of it:

1. Front matter (``_util.front_matter``) is skipped; its lines still count.
2. HTML blocks (comments among them, which the engine drops) say nothing.
3. Code blocks, fenced or indented, yield their lines as ``fence`` items, with the fence's
   info string; a list item's or a quote's blocks are read the same way, recursively.
4. Each paragraph, heading or text block yields its code spans (``code``) and the targets of
   its Markdown links (``link``), code spans taken out first; a link definition its target.

Every item carries its line in the file and the whole source line it stands on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from agents_md._util.front_matter import split_front_matter
from agents_md._util.std import lazy_compile
from agents_md._value import Value
from agents_md.engine.markdown import blocks as markdown_blocks
from agents_md.engine.markdown.blocks import Block

_CODE_SPAN = lazy_compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
_LINK = lazy_compile(r"!?\[(?:\\.|[^\[\]\\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+[^)]*)?\)")
_DEF = lazy_compile(r"^ {0,3}\[(?:\\.|[^\[\]\\])+\]:[ \t]*(<[^>\n]*>|\S+)", re.M)
_FENCE_OPEN = lazy_compile(r"[ \t]*(`{3,}|~{3,})([^\n]*)")


class Item(Value):
    kind: str  # "code" (a code span), "link" (a link target), "fence" (a line of a code block)
    text: str
    line: int  # 1-based
    line_text: str  # the whole source line it is on
    lang: str = ""  # a fence's info string
    block: int = 0  # a fence line's code block: the line its code starts on (its lines run in one shell)


# What a text holds when it holds an item at all: a code span, a link, a fence, indented code.
_MARKS = ("`", "[", "~~~", "    ", "\t")


def _may_hold_items(text: str) -> bool:
    return any(mark in text for mark in _MARKS)


def scan(text: str) -> list[Item]:
    src = markdown_blocks.normalise(text)
    front = split_front_matter(src)
    body = front.body if front.yaml is not None else src
    if not _may_hold_items(body):
        return []  # lexing it would find nothing: most lines of most docs are plain prose
    lines = src.split("\n")
    blocks = markdown_blocks.top_blocks(body)  # the engine's reading, shared with it
    return list(_blocks(blocks, body, src.count("\n", 0, len(src) - len(body)), lines))


def _blocks(blocks: Sequence[Block], container: str, first: int, lines: list[str]) -> Iterator[Item]:
    """The items of the blocks lexed from ``container``, whose first line is line ``first`` (0-based).

    A block's line is told by its offset in the container: the lexer moves on by the length
    of a block's raw, which for a quote may hold more or fewer line ends than the text read.
    """
    offset = 0
    for block in blocks:
        yield from _block(block, first + container.count("\n", 0, offset), lines)
        offset += len(block.raw)


def _line(lines: list[str], index: int) -> str:
    return lines[index] if 0 <= index < len(lines) else ""


def _block(block: Block, first: int, lines: list[str]) -> Iterator[Item]:
    if block.type == "code":
        yield from _code(block.raw, first, lines)
    elif block.type in ("paragraph", "heading", "text"):
        if "`" in block.raw or "[" in block.raw:
            yield from _prose(block.raw, first, lines)
    elif block.type == "def":
        for m in _DEF.finditer(block.raw):
            at = first + block.raw.count("\n", 0, m.start(1))
            yield Item(kind="link", text=_unbracket(m.group(1)), line=at + 1, line_text=_line(lines, at))
    elif block.type == "blockquote":
        yield from _blocks(list(block.parts), "".join(part.raw for part in block.parts), first, lines)
    elif block.type == "list":
        scanned = markdown_blocks.list_items(block.raw, 0)
        for start, content in scanned[1] if scanned else ():
            if not _may_hold_items(content):
                continue
            item_first = first + block.raw.count("\n", 0, start)
            yield from _blocks(markdown_blocks.item_blocks(content), content, item_first, lines)


def _code(raw: str, first: int, lines: list[str]) -> Iterator[Item]:
    rows = raw.rstrip("\n").split("\n")
    opening = _FENCE_OPEN.fullmatch(rows[0])
    lang = ""
    if opening is not None:
        lang = opening.group(2).strip()
        fence = opening.group(1)
        rows = rows[1:]
        if rows and rows[-1].strip().startswith(fence[0] * len(fence)) and not rows[-1].strip().strip(fence[0]):
            rows = rows[:-1]
        first += 1
    for n, row in enumerate(rows):
        if row.strip():
            yield Item(
                kind="fence",
                text=row.strip(),
                line=first + n + 1,
                line_text=_line(lines, first + n),
                lang=lang,
                block=first + 1,
            )


def _prose(text: str, first: int, lines: list[str]) -> Iterator[Item]:
    blanked = text
    if "`" in text:
        chars = list(text)
        for m in _CODE_SPAN.finditer(text):
            at = first + text.count("\n", 0, m.start())
            yield Item(kind="code", text=_span_text(m.group(2)), line=at + 1, line_text=_line(lines, at))
            for j in range(m.start(), m.end()):
                if chars[j] != "\n":
                    chars[j] = " "
        blanked = "".join(chars)
    if "[" not in blanked:
        return
    for pattern in (_LINK, _DEF):
        for m in pattern.finditer(blanked):
            at = first + blanked.count("\n", 0, m.start(1))
            yield Item(kind="link", text=_unbracket(m.group(1)), line=at + 1, line_text=_line(lines, at))


def _unbracket(target: str) -> str:
    return target[1:-1] if target.startswith("<") and target.endswith(">") else target


def _span_text(inner: str) -> str:
    inner = inner.replace("\n", " ")
    if len(inner) > 1 and inner.startswith(" ") and inner.endswith(" ") and inner.strip():
        inner = inner[1:-1]
    return inner


def first_heading(text: str) -> tuple[str | None, str | None]:
    """The first heading's text, and the first sentence of the first paragraph (front matter and comments left out)."""
    src = markdown_blocks.normalise(text)
    front = split_front_matter(src)
    body = front.body if front.yaml is not None else src
    heading: str | None = None
    sentence: str | None = None
    try:
        blocks = markdown_blocks.lex_blocks(body)
    except RecursionError:  # nested too deep to read (``MAX_NESTING``): it says nothing
        return None, None
    for block in blocks:
        if block.type == "heading" and heading is None:
            heading = re.sub(r"^ {0,3}#{1,6}[ \t]*|[ \t]+#+[ \t]*$", "", block.raw.strip("\n")).strip()
        elif block.type == "paragraph":
            rows = block.raw.strip("\n").split("\n")
            if len(rows) > 1 and re.fullmatch(r" {0,3}(=+|-+) *", rows[-1]):
                if heading is None:
                    heading = " ".join(r.strip() for r in rows[:-1])
                continue
            if sentence is None:
                flat = " ".join(r.strip() for r in rows)
                cut = re.search(r"[.!?](?:\s|$)", flat)
                sentence = flat[: cut.start()] if cut else flat
        if heading is not None and sentence is not None:
            break
    return heading, sentence
