"""From the bytes of an instruction file to the text the engine hands on.

1. Decode as UTF-8, invalid bytes replaced (a warning is kept, the file still loads).
2. Remove a YAML front matter block at the very start (``_util.front_matter``, the engine's one
   fence rule; its ``paths:`` makes a rule conditional).
3. Remove HTML comments that stand as blocks of their own (not inside code, lists or quotes);
   a text that had one also loses its link reference definitions, as the engine's lexer
   keeps no text for them.

The result is *untrimmed*: the start block trims each file, attachments keep it as it is.
"""

from __future__ import annotations

from agents_md._util.bounded_cache import bounded_cache
from agents_md._util.std import lazy_compile
from agents_md._value import Value
from agents_md.engine import lexed

_FENCED = ("---", "\ufeff---")  # what a text with front matter starts with (``_util.front_matter``)
_COMMENT_SPAN = lazy_compile(r"<!--[\s\S]*?-->")  # only texts with a comment need it


class Processed(Value):
    text: str  # what the model receives (before trimming)
    body: str  # front matter removed, comments kept: the engine reads @ imports off this
    front_matter: str | None  # the raw YAML text, when there was a block
    had_decode_errors: bool
    body_line: int = 0  # lines before the body (the front matter's): a body line N is line N + this


def decode(data: bytes) -> tuple[str, bool]:
    try:
        return data.decode("utf-8"), False
    except UnicodeDecodeError:
        return data.decode("utf-8", errors="replace"), True


def strip_html_comments(text: str) -> str:
    """Drop each top-level HTML block that starts with a comment, keeping text after it."""
    if "<!--" not in text:
        return text
    kept = lexed.kept_stripped(text)  # read in a host's earlier process (``engine.lexed``)
    if kept is not None:
        return kept
    stripped = _stripped(text)
    lexed.note(lexed.STRIPPED, text, stripped)
    return stripped


def _stripped(text: str) -> str:
    from agents_md.engine.markdown import blocks as markdown_blocks  # lazy: only texts with a comment need the lexer

    out: list[str] = []
    for block in markdown_blocks.lex_blocks(markdown_blocks.normalise(text)):
        if block.type == "def":
            continue  # the lexer keeps no text for a link definition, so it goes too
        if block.type == "html":
            head = block.raw.lstrip()
            if head.startswith("<!--") and "-->" in head:
                residue = _COMMENT_SPAN.sub("", block.raw)
                if residue.strip():
                    out.append(residue)
                continue
        out.append(block.raw)
    return "".join(out)


@bounded_cache(2048)
def process(data: bytes) -> Processed:
    """Processed text of a file's bytes (cached by the bytes: a long-lived agent re-reads the same files)."""
    text, bad = decode(data)
    yaml, body = None, text  # without a block, a byte-order mark stays
    if text.startswith(_FENCED):  # the fence rule's first test, without loading it: most files have none
        from agents_md._util.front_matter import split_front_matter

        front = split_front_matter(text)
        if front.yaml is not None:
            yaml, body = front.yaml, front.body
    return Processed(
        text=strip_html_comments(body),
        body=body,
        front_matter=yaml,
        had_decode_errors=bad,
        body_line=text.count("\n", 0, len(text) - len(body)),
    )
