"""Whether a doc only points elsewhere — a *pointer doc*, whose content is another file's. The git
rules judge the file it points to, not the pointer.

1. Its own text — front matter, HTML comments, headings and blank lines left out — is at most
   three lines, each an ``@`` import or a line that sends the reader to another file it names
   (a link or a path in backticks, and "see", "read", "follow", "moved", ...).
2. Or, at most fifteen such lines, it says that what it would hold is kept in another file it
   names: "update `doc.go` instead", "the docs live in `README.md`", "see `CONTRIBUTING.md` for
   everything".
"""

from __future__ import annotations

import re

from agents_md._util.front_matter import split_front_matter
from agents_md._util.std import lazy_compile
from agents_md.maintain.read.markdown import Item

_COMMENT = lazy_compile(r"<!--.*?-->", re.S)
_IMPORT_LINE = lazy_compile(r"^@\S+$")
_WORDS = r"(?:`[^`\n]*`|[^.\n`]){0,80}"  # a clause's words, code spans (with their dots) included
_KEPT_ELSEWHERE = lazy_compile(
    r"\b(?:update|edit|document|maintain|change|keep)\b" + _WORDS + r"\binstead\b"
    r"|\b(?:docs|documentation|instructions|guidance|guidelines|conventions)\s+(?:live|lives|is|are)\s+"
    r"(?:kept\s+|maintained\s+)?in\b"
    r"|\bsee\b" + _WORDS + r"\bfor (?:everything|all (?:the )?(?:details|instructions|guidance))\b",
    re.I,
)
# A line that sends the reader to another file ("See [the README](README.md).").
_POINTING = lazy_compile(
    r"\b(?:see|read|refer|follow|moved|lives?|documented|documentation|instructions|guidelines|details|consult)\b"
    r"|\blook at\b|\bgo to\b",
    re.I,
)
_REFERENCE = lazy_compile(r"\]\([^)]+\)|`[^`\s]+\.[A-Za-z0-9]+`|^@\S+$|\]\[[^\]]*\]|\[[^\]]+\]:")
SHORT = 3
SAYS_SO = 15  # a doc saying its content is elsewhere is a pointer when it is no longer than this


def own_lines(text: str) -> list[str]:
    front = split_front_matter(text)
    body = front.body if front.yaml is not None else text
    body = _COMMENT.sub("", body)
    return [line for line in body.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def is_pointer(text: str, items: list[Item]) -> bool:
    lines = own_lines(text)
    names_a_file = any(i.kind in ("link", "code") and "." in i.text.rpartition("/")[2] for i in items) or any(
        _IMPORT_LINE.match(line.strip()) for line in lines
    )
    if not names_a_file:
        return False
    if len(lines) <= SHORT and all(  # 1
        _IMPORT_LINE.match(line.strip()) or (_REFERENCE.search(line.strip()) and _POINTING.search(line))
        for line in lines
    ):
        return True
    return len(lines) <= SAYS_SO and any(_KEPT_ELSEWHERE.search(line) for line in lines)  # 2
