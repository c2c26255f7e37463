"""A ``claudeMdExcludes`` pattern as the engine's glob library reads it, spelled for wcmatch.

The engine matches these patterns with a regex-building glob library whose reading differs
from a shell's in a few places; each is rewritten into one or more wcmatch spellings (a path
is matched when any spelling matches):

1. Backslashes are path separators, never escapes: each becomes ``/`` (``\\(g\\)`` is no
   literal parenthesis). A pattern left with ``//`` matches nothing (a path has no empty
   folder name; an absolute pattern's folder resolved is tried too, ``engine.excludes``).
2. Parentheses that open no extglob (no ``@ ! * + ?`` before them) are a group: each of its
   ``|`` alternatives is a spelling of its own (``app/(auth)/**`` is ``app/auth/**``; a group
   may span folders). A ``|`` outside any group splits the whole pattern the same way, and a
   ``**`` opening a later alternative is no globstar there (it stays within one folder).
3. A bracket class holding none of ``-*+?.^${}(|)[]\\`` also matches its own text
   (``[x]`` is ``x`` or ``[x]``); a ``!`` first in a class is one of its characters, not a
   negation (``[!a]`` is ``!`` or ``a``).
4. ``!(X)`` with more of the pattern after it refuses only a folder name *starting* with X.
5. A path equal to the pattern's text matches, whatever glob characters it holds
   (``<ROOT>/app/(auth)/CLAUDE.md`` excludes that very file as well as ``app/auth``'s).
"""

from __future__ import annotations

EXTGLOB_OPENERS = frozenset("@!*+?")
REGEX_SPECIAL = frozenset("-*+?.^${}(|)[]\\")
GLOB_SPECIAL = frozenset("*?[]{}()|!@+")
MOST_SPELLINGS = 64  # a hostile pattern's groups could multiply without end


def spellings(pattern: str) -> tuple[str, ...]:
    """The wcmatch patterns that together match what ``pattern`` matches in the engine."""
    text = pattern.replace("\\", "/")
    out: list[str] = [_literal(text)] if "//" not in text else []  # step 5
    for at, alternative in enumerate(_split_bars(text)):
        if at and alternative.startswith("**"):
            alternative = "*" + alternative[2:]  # step 2: no globstar after a bar
        for spelled in _expand_groups(alternative):
            if "//" in spelled:
                continue  # an empty folder name: no path the engine asks about has one
            for variant in _brackets(spelled):
                if variant not in out:
                    out.append(_negated_extglobs(variant))
                if len(out) >= MOST_SPELLINGS:
                    return tuple(out)
    return tuple(out)


def _literal(text: str) -> str:
    """Step 5: ``text`` with every character wcmatch would read as a glob escaped."""
    return "".join("\\" + c if c in GLOB_SPECIAL else c for c in text)


def _closing(text: str, at: int) -> int:
    """The index of the ``)`` closing the ``(`` at ``at``, or -1."""
    depth = 0
    in_class = False
    for i in range(at, len(text)):
        c = text[i]
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _split_bars(text: str) -> list[str]:
    """Step 2: ``text`` split at the ``|`` outside parentheses, brackets and braces."""
    parts, start, depth, braces, in_class = [], 0, 0, 0, False
    for i, c in enumerate(text):
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth = max(depth - 1, 0)
        elif c == "{":
            braces += 1
        elif c == "}":
            braces = max(braces - 1, 0)
        elif c == "|" and depth == 0 and braces == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _expand_groups(text: str) -> list[str]:
    """Step 2: each bare group replaced by each of its alternatives, first group first."""
    in_class = False
    for i, c in enumerate(text):
        if in_class:
            in_class = c != "]"
            continue
        if c == "[":
            in_class = True
        elif c == "(" and (i == 0 or text[i - 1] not in EXTGLOB_OPENERS):
            end = _closing(text, i)
            if end < 0:
                return [text]
            head, tail = text[:i], text[end + 1 :]
            out: list[str] = []
            for alternative in _split_bars(text[i + 1 : end]):
                out += _expand_groups(head + alternative + tail)
                if len(out) >= MOST_SPELLINGS:
                    break
            return out[:MOST_SPELLINGS]
        elif c == "(":
            end = _closing(text, i)  # an extglob: left to wcmatch, its text skipped
            if end < 0:
                return [text]
            return [text[: end + 1] + rest for rest in _expand_groups(text[end + 1 :])]
    return [text]


def _brackets(text: str) -> list[str]:
    """Step 3: each bracket class as a class and, when it holds no special character, as text."""
    at = text.find("[")
    if at < 0:
        return [text]
    end = text.find("]", at + 2)
    if end < 0:
        return [text]
    inner = text[at + 1 : end]
    rest = _brackets(text[end + 1 :])
    as_class = "[" + ("\\!" + inner[1:] if inner.startswith("!") else inner) + "]"
    forms = [as_class]
    if not any(c in REGEX_SPECIAL for c in inner):
        forms.append("\\[" + inner + "\\]")
    return [text[:at] + form + r for form in forms for r in rest]


def _negated_extglobs(text: str) -> str:
    """Step 4: ``!(a|b)`` followed by more pattern becomes ``!(a*|b*)``."""
    out, i = [], 0
    while i < len(text):
        if text.startswith("!(", i) and (i == 0 or text[i - 1] != "\\"):
            end = _closing(text, i + 1)
            if end > 0 and end + 1 < len(text):
                inner = "|".join(alt + "*" for alt in _split_bars(text[i + 2 : end]))
                out.append("!(" + inner + ")")
                i = end + 1
                continue
        out.append(text[i])
        i += 1
    return "".join(out)
