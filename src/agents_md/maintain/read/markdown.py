"""What a doc says, with line numbers: code spans, link targets, and the lines of code blocks.

Read line by line (a doc is read for every rule, so this stays cheap), with the engine's
notion of what is not prose:

1. Front matter (``engine.content.split_front_matter``) is skipped; its lines still count.
2. An HTML comment block (a line starting ``<!--``, up to three spaces in, to the line with
   ``-->``) is skipped, as the engine drops it.
3. Fenced code (```` ``` ```` or ``~~~``, also inside a list or quote) and indented code
   (four spaces after a blank line, outside a list) yield their lines as ``fence`` items,
   with the fence's info string.
4. Each paragraph of the rest yields its code spans (``code``) and the targets of its
   Markdown links and link definitions (``link``), code spans taken out first.

``first_heading`` reads with the engine's own block lexer (``engine.markdown_blocks``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from agents_md._util.front_matter import split_front_matter
from agents_md.engine.markdown import blocks as markdown_blocks

_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
_LINK = re.compile(r"!?\[(?:\\.|[^\[\]\\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+[^)]*)?\)")
_DEF = re.compile(r"^ {0,3}\[(?:\\.|[^\[\]\\])+\]:[ \t]*(<[^>\n]*>|\S+)", re.M)
_FENCE = re.compile(r"^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})([^\n]*)$")
_BULLET = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")


@dataclass(frozen=True, slots=True, kw_only=True)
class Item:
    kind: str  # "code" (a code span), "link" (a link target), "fence" (a line of a code block)
    text: str
    line: int  # 1-based
    line_text: str  # the whole line it is on
    lang: str = ""  # a fence's info string


def _indent(line: str) -> int:
    col = 0
    for ch in line:
        if ch == " ":
            col += 1
        elif ch == "\t":
            col += 4 - col % 4
        else:
            break
    return col


def scan(text: str) -> list[Item]:
    src = markdown_blocks.normalise(text)
    fm = split_front_matter(src)
    front, body = fm.yaml, (fm.body if fm.yaml is not None else src)
    first = src[: len(src) - len(body)].count("\n") if front is not None else 0
    lines = src.split("\n")
    out: list[Item] = []
    paragraph: list[int] = []  # line indexes of the prose being gathered
    fence: str | None = None
    lang = ""
    in_comment = in_list = False
    blank_before = True
    for i in range(first, len(lines)):
        line = lines[i]
        if fence is not None:
            m = _FENCE.match(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2).strip():
                fence = None
            elif line.strip():
                out.append(Item(kind="fence", text=line.strip(), line=i + 1, line_text=line, lang=lang))
            continue
        if in_comment:
            in_comment = "-->" not in line
            blank_before = not in_comment
            continue
        if not line.strip():
            out.extend(_prose(paragraph, lines))
            paragraph = []
            blank_before = True
            continue
        indent = _indent(line)
        if indent >= 4 and blank_before and not in_list:
            out.append(Item(kind="fence", text=line.strip(), line=i + 1, line_text=line))
            continue
        m = _FENCE.match(line)
        if m and (m.group(1)[0] == "~" or "`" not in m.group(2)):
            out.extend(_prose(paragraph, lines))
            paragraph = []
            fence, lang = m.group(1), m.group(2).strip()
            continue
        if indent <= 3 and line.lstrip().startswith("<!--"):
            out.extend(_prose(paragraph, lines))
            paragraph = []
            in_comment = "-->" not in line[line.index("<!--") + 4 :]
            blank_before = not in_comment
            continue
        if _BULLET.match(line):
            in_list = True
        elif indent == 0 and blank_before:
            in_list = False
        paragraph.append(i)
        blank_before = False
    out.extend(_prose(paragraph, lines))
    return out


def _prose(indexes: list[int], lines: list[str]) -> Iterator[Item]:
    if not indexes:
        return
    first = indexes[0]
    text = "\n".join(lines[first : indexes[-1] + 1])
    blanked = text
    if "`" in text:
        chars = list(text)
        for m in _CODE_SPAN.finditer(text):
            line = first + text.count("\n", 0, m.start())
            yield Item(kind="code", text=_span_text(m.group(2)), line=line + 1, line_text=lines[line])
            for j in range(m.start(), m.end()):
                if chars[j] != "\n":
                    chars[j] = " "
        blanked = "".join(chars)
    if "[" not in blanked:
        return
    for pattern in (_LINK, _DEF):
        for m in pattern.finditer(blanked):
            target = m.group(1)
            if target.startswith("<") and target.endswith(">"):
                target = target[1:-1]
            line = first + blanked.count("\n", 0, m.start(1))
            yield Item(kind="link", text=target, line=line + 1, line_text=lines[line])


def _span_text(inner: str) -> str:
    inner = inner.replace("\n", " ")
    if len(inner) > 1 and inner.startswith(" ") and inner.endswith(" ") and inner.strip():
        inner = inner[1:-1]
    return inner


def first_heading(text: str) -> tuple[str | None, str | None]:
    """The first heading's text, and the first sentence of the first paragraph (front matter and comments left out)."""
    src = markdown_blocks.normalise(text)
    fm = split_front_matter(src)
    body = fm.body if fm.yaml is not None else src
    heading: str | None = None
    sentence: str | None = None
    for block in markdown_blocks.lex_blocks(body):
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
