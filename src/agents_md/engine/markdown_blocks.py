"""Just enough of a CommonMark-style block lexer to see Markdown the way the engine does.

The engine finds HTML comments and ``@`` imports on a Markdown token stream, not on raw
lines: a comment inside a fenced block or a list item stays, an ``@`` inside a code span is
not an import. This module splits a text into top-level blocks whose ``raw`` strings,
concatenated, give back the (newline-normalised) text.

Blocks, in the order they are tried at each line: blank lines, indented code, fenced code,
ATX heading, thematic break, block quote, list, HTML block, link definition, paragraph
(which may end in a setext underline).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_BLOCK_TAGS = (
    "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|"
    "dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|"
    "header|hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|noframes|ol|optgroup|"
    "option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul"
)

_FENCE = re.compile(r" {0,3}(`{3,}(?=[^`\n]*(?:\n|$))|~{3,})([^\n]*)(?:\n|$)")
_HEADING = re.compile(r" {0,3}(#{1,6})(?=\s|$)([^\n]*)(?:\n|$)")
_HR = re.compile(r" {0,3}((?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n|$)")
_BLOCKQUOTE = re.compile(r" {0,3}>")
_BULLET = re.compile(r"( {0,3})([*+-]|\d{1,9}[.)])([ \t][^\n]*|)(?:\n|$)")
_SETEXT = re.compile(r" {0,3}(=+|-+) *(?:\n|$)")
_HTML_COMMENT = re.compile(r" {0,3}<!--(?:-?>|[\s\S]*?(?:-->|$))[^\n]*(?:\n+|$)")
_HTML_RAW_TAG = re.compile(r" {0,3}<(script|pre|style|textarea)[\s>][\s\S]*?(?:</\1>[^\n]*\n+|$)", re.I)
_HTML_PI = re.compile(r" {0,3}<\?[\s\S]*?(?:\?>\n*|$)")
_HTML_DECL = re.compile(r" {0,3}<![A-Z][\s\S]*?(?:>\n*|$)")
_HTML_CDATA = re.compile(r" {0,3}<!\[CDATA\[[\s\S]*?(?:\]\]>\n*|$)")
_HTML_UNTIL_BLANK = r"[\s\S]*?(?:(?:\n[ \t]*)+\n|$)"
_HTML_BLOCK_TAG = re.compile(r" {0,3}</?(?:" + _BLOCK_TAGS + r")(?: +|\n|/?>)" + _HTML_UNTIL_BLANK, re.I)
_ATTRIBUTE = r"""(?: +[a-zA-Z:_][\w.:-]*(?: *= *"[^"\n]*"| *= *'[^'\n]*'| *= *[^\s"'=<>`]+)?)"""
_HTML_OPEN_TAG = re.compile(
    r" {0,3}<(?!script|pre|style|textarea)([a-z][\w-]*)"
    + _ATTRIBUTE
    + r"*? */?>(?=[ \t]*(?:\n|$))"
    + _HTML_UNTIL_BLANK,
    re.I,
)
_HTML_CLOSE_TAG = re.compile(
    r" {0,3}</(?!script|pre|style|textarea)[a-z][\w-]*\s*>(?=[ \t]*(?:\n|$))" + _HTML_UNTIL_BLANK, re.I
)
# Lines that end a paragraph without a blank line.
_INTERRUPTS = re.compile(
    r" {0,3}(?:(?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n|$)"  # thematic break
    r"| {0,3}#{1,6}(?:\s|$)"  # heading
    r"| {0,3}>"  # block quote
    r"| {0,3}(?:`{3,}(?=[^`\n]*\n)|~{3,})[^\n]*\n"  # fence
    r"| {0,3}(?:[*+-]|1[.)]) "  # list
    r"|(?:</?(?:" + _BLOCK_TAGS + r")(?: +|\n|/?>)|<(?:script|pre|style|textarea|!--|\?|![A-Z]|!\[CDATA\[))"  # html
    r"| +\n",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Block:
    type: str  # space, code, heading, hr, blockquote, list, html, def, paragraph
    raw: str


def normalise(text: str) -> str:
    """What the lexer sees: line endings as ``\\n`` (tabs stay; they count as indentation)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _line_end(src: str, pos: int) -> int:
    end = src.find("\n", pos)
    return len(src) if end < 0 else end + 1


def _is_blank_line(src: str, pos: int) -> bool:
    end = _line_end(src, pos)
    return not src[pos:end].strip(" \t\n")


def _indent(src: str, pos: int) -> int:
    """The indentation, in columns, of the line at ``pos`` (a tab reaches the next stop of 4)."""
    col = 0
    while pos < len(src) and src[pos] in " \t":
        col = col + 1 if src[pos] == " " else col + 4 - col % 4
        pos += 1
    return col


def lex_blocks(src: str) -> list[Block]:
    """Split an already normalised text into top-level blocks (their raws partition it)."""
    blocks: list[Block] = []
    pos = 0
    while pos < len(src):
        end = _match_block(src, pos, blocks)
        blocks.append(Block(type=end[1], raw=src[pos : end[0]]))
        pos = end[0]
    return blocks


def _match_block(src: str, pos: int, before: list[Block]) -> tuple[int, str]:
    if _is_blank_line(src, pos):
        end = pos
        while end < len(src) and _is_blank_line(src, end):
            end = _line_end(src, end)
        return end, "space"
    after_paragraph = bool(before) and before[-1].type == "paragraph" and not before[-1].raw.endswith("\n\n")
    if _indent(src, pos) >= 4 and not after_paragraph:
        return _indented_code(src, pos), "code"
    for kind, matcher in (
        ("code", _fenced),
        ("heading", _heading),
        ("hr", _hr),
        ("blockquote", _blockquote),
        ("list", _list),
        ("html", _html),
        ("def", _def),
    ):
        found = matcher(src, pos)
        if found is not None:
            return found, kind
    return _paragraph(src, pos), "paragraph"


def _indented_code(src: str, pos: int) -> int:
    end = pos
    last = pos
    while end < len(src):
        if _is_blank_line(src, end):
            end = _line_end(src, end)
            continue
        if _indent(src, end) < 4:
            break
        end = _line_end(src, end)
        last = end
    return last


def _fenced(src: str, pos: int) -> int | None:
    m = _FENCE.match(src, pos)
    if not m:
        return None
    fence = m.group(1)
    closing = re.compile(r" {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*(?:\n|$)")
    end = m.end()
    while end < len(src):
        line_end = _line_end(src, end)
        if closing.match(src, end):
            return line_end
        end = line_end
    return len(src)


def _heading(src: str, pos: int) -> int | None:
    m = _HEADING.match(src, pos)
    return m.end() if m else None


def _hr(src: str, pos: int) -> int | None:
    m = _HR.match(src, pos)
    return m.end() if m else None


def _blockquote(src: str, pos: int) -> int | None:
    if not _BLOCKQUOTE.match(src, pos):
        return None
    end = _line_end(src, pos)
    while end < len(src) and not _is_blank_line(src, end):
        if not _BLOCKQUOTE.match(src, end) and _INTERRUPTS.match(src, end):
            break
        end = _line_end(src, end)
    return end


def _list(src: str, pos: int) -> int | None:
    scanned = scan_list(src, pos)
    return scanned[0] if scanned else None


def scan_list(src: str, pos: int) -> tuple[int, list[str]] | None:
    """A list starting at ``pos``: where it ends, and each item's content (marker removed).

    An item goes on while lines are indented to its content, blank, or lazy continuations of
    its text; a fence, heading, HTML start, thematic break or another bullet ends it. The
    list goes on while the next item has the same bullet (or the same ordered delimiter).
    """
    first = _BULLET.match(src, pos)
    if not first:
        return None
    marker = first.group(2)
    ordered = marker[-1] in ".)"
    same = (r"\d{1,9}" + re.escape(marker[-1])) if ordered else re.escape(marker)
    item_re = re.compile(r" {0,3}(?:" + same + r")(?:[ \t][^\n]*)?(?:\n|$)")
    items: list[str] = []
    end = pos
    while end < len(src):
        m = _BULLET.match(src, end)
        if not m or not item_re.match(src, end):
            break
        end, content = _list_item(src, end, m, not items)
        items.append(content)
        # Blank lines between items belong to the list only if another item follows.
        probe = end
        while probe < len(src) and _is_blank_line(src, probe):
            probe = _line_end(src, probe)
        if probe < len(src) and item_re.match(src, probe) and _BULLET.match(src, probe):
            end = probe
        else:
            break
    return end, items


def _list_item(src: str, pos: int, m: re.Match[str], first: bool) -> tuple[int, str]:
    lead, marker, rest = m.group(1), m.group(2), m.group(3)
    # Leading tabs count three spaces each; the content starts after the spaces only (a tab
    # after a space stays in the content, which makes it indented code).
    spaces = len(rest) - len(rest.lstrip(" "))
    rest = re.sub(r"^\t+", lambda t: "   " * len(t.group(0)), rest)
    if not rest.strip() or spaces > 4:
        spaces = 1
    indent = len(lead) + len(marker) + spaces
    blank_start = not rest.strip()
    cap = min(3, indent - 1)
    ends = re.compile(
        r" {0," + str(cap) + r"}(?:(?:```|~~~)|#|<(?:[a-z].*>|!--)|(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)"
        r"|(?:(?:- *){3,}|(?:_ *){3,}|(?:\* *){3,})(?:\n|$))",
        re.I,
    )
    content = [rest[spaces:] if rest.strip() else ""]
    content[0] += "\n" if m.group(0).endswith("\n") else ""
    end = m.end()
    blank_seen = False
    last_line = content[0]
    while end < len(src):
        line_end = _line_end(src, end)
        line = src[end:line_end]
        if line.startswith("\t") or line.startswith(" \t"):
            # Leading tabs count to the next stop of 4 when measuring a continuation line.
            lead_ws = len(line) - len(line.lstrip(" \t"))
            line = " " * _indent(line, 0) + line[lead_ws:]
        bare = line.rstrip("\n")
        if ends.match(bare):
            break
        if first and blank_start and len(content) == 1 and bare.strip() and len(bare) - len(bare.lstrip(" ")) >= indent:
            # The first item of a list, when it starts blank, takes its content column from its
            # next line, however deep that is indented (observed; a later item does not).
            indent = len(bare) - len(bare.lstrip(" "))
            content.append(line[indent:])
        elif not bare.strip() or len(bare) - len(bare.lstrip(" ")) >= indent:
            content.append(line[indent:] if bare.strip() else "\n")
        else:
            if blank_seen:
                break
            if (
                len(last_line) - len(last_line.lstrip(" ")) >= 4
                or _FENCE.match(last_line)
                or _HEADING.match(last_line)
                or _HR.match(last_line)
            ):
                break
            content.append(line)
        if not bare.strip():
            blank_seen = True
        last_line = content[-1]
        end = line_end
    # Trailing blank lines belong to what follows.
    while end > pos and src[:end].endswith("\n\n"):
        end -= 1
    return end, "".join(content)


def _html(src: str, pos: int) -> int | None:
    for pattern in (
        _HTML_RAW_TAG,
        _HTML_COMMENT,
        _HTML_PI,
        _HTML_DECL,
        _HTML_CDATA,
        _HTML_BLOCK_TAG,
        _HTML_OPEN_TAG,
        _HTML_CLOSE_TAG,
    ):
        m = pattern.match(src, pos)
        if m and m.end() > pos:
            return m.end()
    return None


_DEF_LABEL = re.compile(r" {0,3}\[(?!\s*\])((?:\\.|[^\[\]\\])+)\]:")
_DEF_DEST = re.compile(r"<([^<>\n\\]|\\.)*>|[^\s<\x00-\x1f][^\s\x00-\x1f]*")
_DEF_TITLE = re.compile(r'"(?:\\.|[^"\\])*"|\'[^\']*\'|\((?:\\.|[^()\\])*\)')


def _skip_space_and_newline(src: str, pos: int) -> int:
    """Spaces, then at most one line end and the indentation of the next line."""
    while pos < len(src) and src[pos] == " ":
        pos += 1
    if pos < len(src) and src[pos] == "\n":
        pos += 1
        while pos < len(src) and src[pos] in " \t":
            pos += 1
    return pos


def _def_line_end(src: str, pos: int) -> int:
    """After ``pos``: only spaces up to the line end (then every following line end), or -1."""
    while pos < len(src) and src[pos] == " ":
        pos += 1
    if pos < len(src) and src[pos] != "\n":
        return -1
    while pos < len(src) and src[pos] == "\n":
        pos += 1
    return pos


def _def(src: str, pos: int) -> int | None:
    """A link reference definition: ``[label]:`` destination, an optional quoted title, nothing else."""
    m = _DEF_LABEL.match(src, pos)
    if not m:
        return None
    start = _skip_space_and_newline(src, m.end())
    dest = _DEF_DEST.match(src, start)
    if not dest:
        return None
    after = dest.end()
    title_at = _skip_space_and_newline(src, after)
    if title_at > after:
        title = _DEF_TITLE.match(src, title_at)
        if title and "\n\n" not in title.group(0):
            end = _def_line_end(src, title.end())
            if end >= 0:
                return end
    end = _def_line_end(src, after)
    return end if end >= 0 else None


def _paragraph(src: str, pos: int) -> int:
    end = _line_end(src, pos)
    while end < len(src):
        if _is_blank_line(src, end):
            break
        setext = _SETEXT.match(src, end)
        if setext:
            return setext.end()
        if _INTERRUPTS.match(src, end):
            break
        end = _line_end(src, end)
    return end
