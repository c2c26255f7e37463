"""``.gitignore`` patterns read as the ``ignore`` package reads them (a conditional rule's
``paths:``, ``engine.rules``).

1. A line starting with ``#`` is a comment (``\\#`` is a ``#``); a leading ``!`` negates it
   (``\\!`` is a ``!``); unescaped trailing spaces are dropped; a line ending in a lone
   backslash is no pattern. A trailing escaped star (``packages\\*``) is a wildcard there.
2. A trailing ``/`` matches folders alone. A pattern with a ``/`` before its end is anchored to
   the base (a leading ``/`` only anchors), one without matches at any depth, and so does one
   starting with ``**/``.
3. ``*`` and ``?`` match within a path part; ``[...]`` is a class (a leading ``!`` or ``^`` is a
   character of it); ``**`` as a whole part matches any number of parts (at the end: at least
   one); ``\\x`` is ``x``. Letters match in either case.
4. A pattern matches a path (a folder spelled with a trailing ``/``) exactly, not what is below
   it: a path is ignored when the last pattern matching it is not negated, and a file below an
   ignored folder is ignored whatever follows — each folder on the way is asked first.
"""

from __future__ import annotations

import re

from agents_md._util.std import Sequence, lru_cache

_Rule = tuple[bool, "re.Pattern[str]"]  # (negated, the pattern's expression)


def _part(text: str) -> str:
    """Step 3 for one path part (no ``/`` in ``text``)."""
    out: list[str] = []
    at = 0
    while at < len(text):
        char = text[at]
        if char == "\\" and at + 1 < len(text):
            out.append(re.escape(text[at + 1]))
            at += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[" and (close := text.find("]", at + 2)) > at:
            inner = text[at + 1 : close]
            out.append("[" + "".join("\\" + c if c in "\\^[]" else c for c in inner) + "]")
            at = close + 1
            continue
        else:
            out.append(re.escape(char))
        at += 1
    return "".join(out)


def _body(pattern: str) -> str:
    """Step 3 for a pattern's parts (``**`` parts as any number of parts)."""
    parts = pattern.split("/")
    out = ""
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "**":
            out += ".+" if last else "(?:.*/)?"
        else:
            out += _part(part) + ("" if last else "/")
    return out


def _escaping(text: str) -> bool:
    """Whether ``text`` ends in a backslash that escapes what would follow."""
    return (len(text) - len(text.rstrip("\\"))) % 2 == 1


def _trailing_spaces_dropped(line: str) -> str:
    end = len(line)
    while end > 0 and line[end - 1] == " " and not (end > 1 and line[end - 2] == "\\"):
        end -= 1
    return line[:end]


@lru_cache(maxsize=1024)
def _rule(line: str) -> _Rule | None:
    """Steps 1 and 2: one line's rule, or ``None`` when the line is none."""
    if not line or line.startswith("#"):
        return None
    negated = line.startswith("!")
    if negated:
        line = line[1:]
    line = _trailing_spaces_dropped(line)
    if _escaping(line):
        return None  # a lone trailing backslash
    if line.endswith("*") and _escaping(line[:-1]):
        line = line[:-2] + "*"
    if not line:
        return None
    folder_only = line.endswith("/")
    if folder_only:
        line = line[:-1]
    if line.startswith("**/"):
        head, line = "(?:^|/)", line[3:]
    elif "/" in line:
        head, line = "^", line.lstrip("/")
    else:
        head = "(?:^|/)"
    tail = "/$" if folder_only else "/?$"
    return negated, re.compile(head + _body(line) + tail, re.IGNORECASE)


def _ignored(rules: Sequence[_Rule], path: str) -> bool | None:
    """Step 4 for one path: the last matching rule's say (``None``: no rule matches)."""
    said: bool | None = None
    for negated, expression in rules:
        if expression.search(path):
            said = not negated
    return said


def matches(lines: Sequence[str], rel: str) -> bool:
    """Whether ``lines`` ignore ``rel`` (``/``-separated, relative to their base)."""
    rules = [rule for line in lines if (rule := _rule(line)) is not None]
    if not rules:
        return False
    parts = rel.split("/")
    for depth in range(1, len(parts)):
        if _ignored(rules, "/".join(parts[:depth]) + "/"):
            return True
    return bool(_ignored(rules, rel))
