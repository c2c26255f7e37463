"""Just enough of a CommonMark-style block lexer to see Markdown the way the engine does.

The engine finds HTML comments and ``@`` imports on a Markdown token stream, not on raw
lines: a comment inside a fenced block or a list item stays, an ``@`` inside a code span is
not an import. This module splits a text into top-level blocks whose ``raw`` strings,
concatenated, give back the (newline-normalised) text -- except after a block quote whose
lazy lines the engine merged into an inner list or quote: its raw is the engine's (garbled)
one, and the next block starts that many characters on, as in the engine.

List items and block quotes follow the engine's own tokenizer (a rewritten ``marked``):
see ``scan_list``, ``_list_item`` and ``quote_block``.

Blocks, in the order they are tried at each line: blank lines, indented code, fenced code,
ATX heading, thematic break, block quote, list, HTML block, link definition, paragraph
(which may end in a setext underline).
"""

from __future__ import annotations

import re

from agents_md._util.bounded_cache import bounded_cache
from agents_md._util.std import Callable, Iterator, lazy_compile
from agents_md._value import Value

_BLOCK_TAGS = (
    "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|"
    "dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|"
    "header|hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|noframes|ol|optgroup|"
    "option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul"
)

_FENCE = lazy_compile(r" {0,3}(`{3,}(?=[^`\n]*(?:\n|$))|~{3,})([^\n]*)(?:\n|$)")
_HEADING = lazy_compile(r" {0,3}(#{1,6})(?=\s|$)([^\n]*)(?:\n|$)")
_HR = lazy_compile(r" {0,3}((?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n|$)")
_BLOCKQUOTE = lazy_compile(r" {0,3}>")
_BULLET = lazy_compile(r"( {0,3})([*+-]|\d{1,9}[.)])([ \t][^\n]*|)(?:\n|$)")
_SETEXT = lazy_compile(r" {0,3}(=+|-+) *(?:\n|$)")
_HTML_COMMENT = lazy_compile(r" {0,3}<!--(?:-?>|[\s\S]*?(?:-->|$))[^\n]*(?:\n+|$)")
_HTML_RAW_TAG = lazy_compile(r" {0,3}<(script|pre|style|textarea)[\s>][\s\S]*?(?:</\1>[^\n]*\n+|$)", re.I)
_HTML_PI = lazy_compile(r" {0,3}<\?[\s\S]*?(?:\?>\n*|$)")
_HTML_DECL = lazy_compile(r" {0,3}<![A-Z][\s\S]*?(?:>\n*|$)")
_HTML_CDATA = lazy_compile(r" {0,3}<!\[CDATA\[[\s\S]*?(?:\]\]>\n*|$)")
_HTML_UNTIL_BLANK = r"[\s\S]*?(?:(?:\n[ \t]*)+\n|$)"
_HTML_BLOCK_TAG = lazy_compile(r" {0,3}</?(?:" + _BLOCK_TAGS + r")(?: +|\n|/?>)" + _HTML_UNTIL_BLANK, re.I)
_ATTRIBUTE = r"""(?: +[a-zA-Z:_][\w.:-]*(?: *= *"[^"\n]*"| *= *'[^'\n]*'| *= *[^\s"'=<>`]+)?)"""
_HTML_OPEN_TAG = lazy_compile(
    r" {0,3}<(?!script|pre|style|textarea)([a-z][\w-]*)"
    + _ATTRIBUTE
    + r"*? */?>(?=[ \t]*(?:\n|$))"
    + _HTML_UNTIL_BLANK,
    re.I,
)
_HTML_CLOSE_TAG = lazy_compile(
    r" {0,3}</(?!script|pre|style|textarea)[a-z][\w-]*\s*>(?=[ \t]*(?:\n|$))" + _HTML_UNTIL_BLANK, re.I
)
# Lines that end a paragraph without a blank line.
_INTERRUPTS = lazy_compile(
    r" {0,3}(?:(?:-[\t ]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})(?:\n|$)"  # thematic break
    r"| {0,3}#{1,6}(?:\s|$)"  # heading
    r"| {0,3}>"  # block quote
    r"| {0,3}(?:`{3,}(?=[^`\n]*\n)|~{3,})[^\n]*\n"  # fence
    r"| {0,3}(?:[*+-]|1[.)]) "  # list
    r"|(?:</?(?:" + _BLOCK_TAGS + r")(?: +|\n|/?>)|<(?:script|pre|style|textarea|!--|\?|![A-Z]|!\[CDATA\[))"  # html
    r"| +\n",
    re.I,
)


class Block(Value):
    type: str  # space, code, heading, hr, blockquote, list, html, def, paragraph, text
    raw: str
    parts: tuple[Block, ...] = ()  # a block quote's inner blocks
    resets_top: bool = False  # a block quote that re-lexed a list, which leaves the lexer at top level


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


# How deep quotes and lists may nest: far past any real document (markdown-it stops at 100), and
# shallow enough that reading one never meets Python's recursion limit, whatever the caller's
# stack. Each level of nesting reads again all the text it holds (the engine's lexer does), so a
# deeper text is refused before it is read.
MAX_NESTING = 200


class NestedTooDeep(RecursionError):
    """A text whose quotes or lists may nest deeper than ``MAX_NESTING``."""


# A line that opens containers: block quote and list markers, with the white space around them.
_CONTAINERS = lazy_compile(r"(?:[ \t]*(?:>|(?:[*+-]|\d{1,9}[.)])(?=[ \t\n]|$)))+[ \t]*")
_CONTAINER_MARK = lazy_compile(r">|[*+-]|\d{1,9}[.)]")
# A line whose start has fewer marker and white-space characters than this opens nothing deeper
# than three times as many levels (all tabs): below MAX_NESTING, so only longer starts are read.
_SHORT = MAX_NESTING // 4
_LONG_START_SOURCE = r"[ \t>*+\d.)-]{" + str(_SHORT) + "}"
_LONG_START = lazy_compile(_LONG_START_SOURCE)
_LONG_LINE_START = lazy_compile(r"\n" + _LONG_START_SOURCE)  # found by its line end: fast


def _long_starts(src: str) -> Iterator[int]:
    if _LONG_START.match(src):
        yield 0
    for m in _LONG_LINE_START.finditer(src):
        yield m.start() + 1


def check_nesting(src: str) -> None:
    """Raise ``NestedTooDeep`` when a line of ``src`` could open quotes or lists deeper than
    ``MAX_NESTING``, in one pass over the text.

    A container is opened by a marker; on a later line a quote goes on by its marker again, a list
    item by the columns of its content (two at least, beyond the one space a marker takes), and
    only as deep as an earlier line reached. So what a line opens nests at most its markers deep,
    plus half its other columns of white space, but no more than the deepest earlier line.
    """
    deepest = 3 * _SHORT  # as deep as a line with a short start can reach
    for start in _long_starts(src):
        prefix = _CONTAINERS.match(src, start)
        if prefix is None:
            continue
        text = prefix.group(0)
        marks = len(_CONTAINER_MARK.findall(text))
        columns = text.count(" ") + 4 * text.count("\t") - marks
        depth = marks + min(max(columns, 0) // 2, deepest)
        if depth > MAX_NESTING:
            line = src.count("\n", 0, start) + 1
            raise NestedTooDeep(f"line {line}: quotes or lists nested more than {MAX_NESTING} deep")
        deepest = max(deepest, depth)


def lex_blocks(src: str, *, top: bool = True) -> list[Block]:
    """Split an already normalised text into top-level blocks (their raws partition it); a text
    nested too deep is refused first (``check_nesting``).

    Inside a list item (``top`` false) prose is ``text`` rather than ``paragraph``, and an
    indented code block right after a line of text joins that text, blank lines within it
    included, as the engine merges the two tokens. Once a nested list has been lexed the
    engine is back at top level for the rest of the item (its lexer resets that flag).
    """
    check_nesting(src)
    return _lex(src, top=top)


def _lex(src: str, *, top: bool = True) -> list[Block]:
    blocks: list[Block] = []
    pos = 0
    while pos < len(src):
        end, kind = _match_block(src, pos, blocks, top)
        if kind == "paragraph" and not top:
            # Text, unless it ends in a setext underline (the engine tries that first).
            lines = src[pos:end].rstrip("\n").split("\n")
            kind = "heading" if len(lines) > 1 and _SETEXT.fullmatch(lines[-1] + "\n") else "text"
        if kind == "blockquote":
            quote = quote_block(src[pos:end].rstrip("\n"))
            assert quote is not None
            blocks.append(quote)
            top = top or quote.resets_top
            # The engine moves on by the length of the quote's raw, which its lazy-line
            # merging can make longer or shorter than the text it read.
            pos = min(len(src), pos + max(1, len(quote.raw)))
            continue
        blocks.append(Block(type=kind, raw=src[pos:end]))
        pos = end
        if kind == "list":
            top = True
    return blocks


@bounded_cache(1024)
def top_blocks(src: str) -> tuple[Block, ...]:
    """``lex_blocks(src)``, kept: a text is read again (its imports, their places, ``check``'s reading)."""
    return tuple(lex_blocks(src))


@bounded_cache(4096)
def item_blocks(src: str) -> tuple[Block, ...]:
    """``lex_blocks(src, top=False)`` of a list item's content, kept likewise."""
    return tuple(_lex(src, top=False))  # part of a text already checked


def _match_block(src: str, pos: int, before: list[Block], top: bool = True) -> tuple[int, str]:
    if _is_blank_line(src, pos):
        end = pos
        while end < len(src) and _is_blank_line(src, end):
            end = _line_end(src, end)
        return end, "space"
    after_paragraph = bool(before) and before[-1].type in ("paragraph", "text") and not before[-1].raw.endswith("\n\n")
    if _indent(src, pos) >= 4 and not after_paragraph:
        return _indented_code(src, pos), "code"
    first = _first_char(src, pos)
    for kind, matcher, starts in _BLOCK_MATCHERS:
        if first in starts:
            found = matcher(src, pos)
            if found is not None:
                return found, kind
    return _paragraph(src, pos, top), "paragraph"


def _first_char(src: str, pos: int) -> str:
    """The character after at most three spaces at ``pos``: every block but text starts with one of a few."""
    end = min(pos + 3, len(src))
    while pos < end and src[pos] == " ":
        pos += 1
    return src[pos] if pos < len(src) else ""


def _starts_block(src: str, pos: int) -> bool:
    """Whether a line starts a block other than text (after a blank line, say)."""
    first = _first_char(src, pos)
    return any(first in starts and matcher(src, pos) is not None for kind, matcher, starts in _BLOCK_MATCHERS[:6])


def _list(src: str, pos: int) -> int | None:
    scanned = scan_list(src, pos)
    return scanned[0] if scanned else None


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


_QUOTE_MARK = lazy_compile(r"^ {0,3}>[\t ]?", re.M)
_SETEXT_LINE = lazy_compile(r" {0,3}(?:-+|=+) *$")


def quote_block(text: str) -> Block | None:
    """A block quote over ``text`` (its lines, trailing line ends removed), as the engine builds it.

    The engine reads a quote chunk by chunk: the lazy lines before the first ``>`` line,
    then the ``>`` lines up to the next lazy line, each chunk lexed on its own (so an HTML
    block in the quote does not swallow a lazy line; indented code right after the quote's
    paragraph joins it). When a chunk ends in a list or quote, the lines that follow are
    given to it: its raw plus the rest is lexed again, and the quote's raw loses as many
    characters as the old inner raw had before gaining the new one (the engine's own
    arithmetic, mixing raws with and without ``>``). After code, the quote ends.
    """
    if not _BLOCKQUOTE.match(text):
        return None
    raw = ""
    parts: list[Block] = []
    rest: str | None = text
    open_paragraph = False
    resets_top = False
    while rest is not None:
        lines = rest.split("\n")
        chunk: list[str] = []
        quoted = False
        for line in lines:
            if _BLOCKQUOTE.match(line):
                quoted = True
            elif quoted:
                break
            chunk.append(line)
        joined = "\n".join(chunk)
        raw = raw + "\n" + joined if raw else joined
        rest = "\n".join(lines[len(chunk) :]) if len(chunk) < len(lines) else None
        body = _QUOTE_MARK.sub(
            "",
            "\n".join(
                "    " + line.lstrip() if n and _SETEXT_LINE.match(line) else line for n, line in enumerate(chunk)
            ),
        )
        if open_paragraph and body[:1] in (" ", "\t") and _indent(body, 0) >= 4:
            code_end = _indented_code(body, 0)
            parts.append(Block(type="paragraph", raw=body[:code_end]))
            body = body[code_end:]
        inner = _lex(body)
        if len(inner) > 1 and inner[-1].type == "space" and len(inner[-1].raw) == 1:
            # A one-character space token joins the token before it.
            before = inner[-2]
            inner[-2:] = [
                Block(type=before.type, raw=before.raw + "\n", parts=before.parts, resets_top=before.resets_top)
            ]
        parts.extend(inner)
        last = inner[-1] if inner else None
        open_paragraph = last is not None and last.type == "paragraph"
        if rest is None or last is None:
            continue
        if last.type == "code":
            break
        if last.type not in ("list", "blockquote"):
            continue
        merged = last.raw + "\n" + rest
        if last.type == "list":
            scanned = scan_list(merged, 0)
            new = Block(type="list", raw=merged[: scanned[0]]) if scanned else None
        else:
            new = quote_block(merged[: _blockquote(merged, 0) or 0].rstrip("\n"))
        if new is None:
            break
        resets_top = resets_top or new.type == "list" or new.resets_top
        parts[-1] = new
        raw = raw[: max(0, len(raw) - len(last.raw))] + new.raw
        if new.type == "blockquote":
            break
        rest = merged[len(new.raw) :]
        open_paragraph = False
    return Block(type="blockquote", raw=raw, parts=tuple(parts), resets_top=resets_top)


_ITEM_MARKER = lazy_compile(r" {0,3}(?:\d{1,9}[).]|[-+*])(?![^\t\n ])")
_ITEM_ENDS = lazy_compile(
    r"#|```|~~~|(?:- *- *-[- ]*|_ *_ *_[_ ]*|\* *\* *\*[* ]*)$|<!--|<[A-Z].*>|(?:\d{1,9}[).]|[-+*])(?![^\t ])", re.I
)
_ITEM_NO_LAZY = lazy_compile(r"#|```|~~~|(?:- *- *-[- ]*|_ *_ *_[_ ]*|\* *\* *\*[* ]*)$")
_INDENTED_CODE_LINE = lazy_compile(r"(?: {0,3}\t| {4})[\t ]*[^\t ]")
_BLANK_REST = lazy_compile(r"[\t ]*(?![^\n])\n?")
_LIST_START = lazy_compile(r" {0,3}(?:\d{1,9}[).]|[-+*])(?:[\t ][^\n]+)?(?![^\n])\n?")
_LIST_HR = lazy_compile(r" {0,3}(?:-[\t ]*-[\t ]*-[-\t ]*|_[\t ]*_[\t ]*_[_\t ]*|\*[\t ]*\*[\t ]*\*[*\t ]*)(?![^\n])")


def _leading_spaces(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def scan_list(src: str, pos: int) -> tuple[int, list[str]] | None:
    """A list starting at ``pos``: where it ends, and each item's content (marker removed).

    The engine's rules: every item has the same marker character (or ordered delimiter) and
    runs over the lines indented to its content column, blank lines, and lazy continuations
    of a line that is no indented code, heading, fence or thematic break (none after a
    blank line); a line indented less than that column ends it when it starts a heading,
    fence, thematic break, comment, tag line or another marker. Trailing white space goes
    back to what follows.
    """
    scanned = list_items(src, pos)
    return None if scanned is None else (scanned[0], [content for _, content in scanned[1]])


@bounded_cache(4096)
def list_items(src: str, pos: int) -> tuple[int, tuple[tuple[int, str], ...]] | None:
    """``scan_list`` with where each item starts in ``src`` (an item's content keeps one line per
    line of the source, so its lines can be told)."""
    if not _LIST_START.match(src, pos):
        return None
    items: list[tuple[int, str]] = []
    delim = ""
    end = pos
    while end < len(src):
        m = _ITEM_MARKER.match(src, end)
        if not m:
            break
        mark = src[m.end() - 1]
        delim = delim or mark
        if mark != delim or _LIST_HR.match(src, end):
            break
        start = end
        end, content = _list_item(src, end, m.end())
        items.append((start, content))
    if not items:
        return None
    items[-1] = (items[-1][0], items[-1][1].rstrip())
    return pos + len(src[pos:end].rstrip()), tuple(items)


def _list_item(src: str, start: int, after_marker: int) -> tuple[int, str]:
    """One item (the engine's ``vS``): where it ends and its content."""
    line_end = src.find("\n", after_marker)
    line_end = len(src) if line_end < 0 else line_end
    tabs = after_marker
    while tabs < len(src) and src[tabs] == "\t":
        tabs += 1
    prev = src[tabs:line_end]
    if tabs > after_marker:
        prev = " " * (3 * (tabs - after_marker)) + prev
    blank = not prev.strip()
    width = after_marker - start
    content = ""
    if blank:
        width += 1
    else:
        spaces = 0
        while after_marker + spaces < len(src) and src[after_marker + spaces] == " ":
            spaces += 1
        skip = 1 if spaces > 4 else spaces
        content = prev[skip:]
        width += skip
    if blank:
        nxt = min(line_end + 1, len(src))
        m = _BLANK_REST.match(src, nxt)
        if m:
            return m.end(), content
    cap = min(3, width - 1)
    h = line_end
    while h + 1 < len(src):
        k = src.find("\n", h + 1)
        k = len(src) if k < 0 else k
        line = src[h + 1 : k]
        q = _leading_spaces(line)
        if q <= cap and _ITEM_ENDS.match(line, q):
            break
        expanded = line.replace("\t", "    ")
        empty = not line.strip()
        rest = expanded[width:]
        if empty or _leading_spaces(expanded) >= width:
            content += "\n" + rest
        elif blank or not _lazy_after(prev, cap):
            break
        else:
            content += "\n" + line
        blank = blank or empty
        prev = rest
        h = k
    return min(h + 1, len(src)), content


def _lazy_after(line: str, cap: int) -> bool:
    """Whether a lazy line may follow ``line`` in a list item (the engine's ``NI``)."""
    q = _leading_spaces(line)
    return not _INDENTED_CODE_LINE.match(line) and (q > cap or not _ITEM_NO_LAZY.match(line, q))


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


_DEF_LABEL = lazy_compile(r" {0,3}\[(?!\s*\])((?:\\.|[^\[\]\\])+)\]:")
_DEF_DEST = lazy_compile(r"<([^<>\n\\]|\\.)*>|[^\s<\x00-\x1f][^\s\x00-\x1f]*")
_DEF_TITLE = lazy_compile(r'"(?:\\.|[^"\\])*"|\'[^\']*\'|\((?:\\.|[^()\\])*\)')


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


def _paragraph(src: str, pos: int, top: bool = True) -> int:
    end = _line_end(src, pos)
    while end < len(src):
        if _is_blank_line(src, end):
            break
        if not top and _indent(src, end) >= 4:
            # The code block takes the blank lines after it, so the text goes on after them.
            end = _indented_code(src, end)
            while end < len(src) and _is_blank_line(src, end):
                end = _line_end(src, end)
            if end < len(src) and _indent(src, end) < 4 and _starts_block(src, end):
                break
            continue
        if not top:
            # So does a link definition (with the line ends after it).
            def_end = _def(src, end)
            if def_end is not None:
                end = def_end
                continue
        setext = _SETEXT.match(src, end)
        if setext:
            return setext.end()
        if _INTERRUPTS.match(src, end):
            break
        if not top and _indent(src, end) < 4 and _starts_block(src, end):
            break  # inside a list item text is lexed a line at a time: any block can start
        end = _line_end(src, end)
    return end


# The block matchers in the order the engine tries them, each with the characters its block can
# start with (after up to three spaces): a line starting with anything else is text, and the
# matchers that cannot match it are not tried.
_BLOCK_MATCHERS: tuple[tuple[str, Callable[[str, int], int | None], str], ...] = (
    ("code", _fenced, "`~"),
    ("heading", _heading, "#"),
    ("hr", _hr, "-_*"),
    ("blockquote", _blockquote, ">"),
    ("list", _list, "-*+0123456789"),
    ("html", _html, "<"),
    ("def", _def, "["),
)
