"""From the bytes of an instruction file to the text the engine hands on.

1. Decode as UTF-8, invalid bytes replaced (a warning is kept, the file still loads).
2. Remove a YAML front matter block at the very start (its ``paths:`` makes a rule conditional).
3. Remove HTML comments that stand as blocks of their own (not inside code, lists or quotes);
   a text that had one also loses its link reference definitions, as the engine's lexer
   keeps no text for them.

The result is *untrimmed*: the start block trims each file, attachments keep it as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# An optional byte-order mark, the opening fence, anything up to the first ``---`` (anywhere, even mid-line), and the
# white space after it — the engine's own reading, which is looser than YAML's.
_FRONT_MATTER = re.compile(r"^\ufeff?---\s*\n([\s\S]*?)---\s*\n?")
_COMMENT_SPAN = re.compile(r"<!--[\s\S]*?-->")


@dataclass(frozen=True, slots=True)
class Processed:
    text: str  # what the model receives (before trimming)
    body: str  # front matter removed, comments kept: the engine reads @ imports off this
    front_matter: str | None  # the raw YAML text, when there was a block
    had_decode_errors: bool


def decode(data: bytes) -> tuple[str, bool]:
    try:
        return data.decode("utf-8"), False
    except UnicodeDecodeError:
        return data.decode("utf-8", errors="replace"), True


def split_front_matter(text: str) -> tuple[str | None, str]:
    m = _FRONT_MATTER.match(text)
    if not m:
        return None, text
    return m.group(1), text[m.end() :]


def strip_html_comments(text: str) -> str:
    """Drop each top-level HTML block that starts with a comment, keeping text after it."""
    if "<!--" not in text:
        return text
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


@lru_cache(maxsize=2048)
def process(data: bytes) -> Processed:
    """Processed text of a file's bytes (cached by the bytes: a long-lived agent re-reads the same files)."""
    text, bad = decode(data)
    front, body = split_front_matter(text)
    return Processed(text=strip_html_comments(body), body=body, front_matter=front, had_decode_errors=bad)
