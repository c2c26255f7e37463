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

from itertools import product

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections.abc import Iterator

EXTGLOB_OPENERS = frozenset("@!*+?")
REGEX_SPECIAL = frozenset("-*+?.^${}(|)[]\\")
GLOB_SPECIAL = frozenset("*?[]{}()|!@+")
MOST_SPELLINGS = 64  # a hostile pattern's groups could multiply without end
MOST_CHARS = 4096  # longer than any path (PATH_MAX): a pattern past it is not rewritten (its nesting costs)


def spellings(pattern: str) -> tuple[str, ...]:
    """The wcmatch patterns that together match what ``pattern`` matches in the engine."""
    text = pattern.replace("\\", "/")
    out: list[str] = [_literal(text)] if "//" not in text else []  # step 5
    if len(text) > MOST_CHARS:
        return (*out, text)  # longer than any path asked about: read as wcmatch reads it, no rewriting
    for at, alternative in enumerate(_split_bars(text)):
        if at and alternative.startswith("**"):
            alternative = "*" + alternative[2:]  # step 2: no globstar after a bar
        for spelled in _expand_groups(alternative):
            if "//" in spelled:
                continue  # an empty folder name: no path the engine asks about has one
            for variant in _brackets(spelled):
                negated = _negated_extglobs(variant)
                if negated not in out:
                    out.append(negated)
                if len(out) >= MOST_SPELLINGS:
                    return tuple(out)
    return tuple(out)


def _literal(text: str) -> str:
    """Step 5: ``text`` with every character wcmatch would read as a glob escaped."""
    return "".join("\\" + c if c in GLOB_SPECIAL else c for c in text)


def _unclassed(text: str, start: int = 0) -> Iterator[tuple[int, str]]:
    """``text``'s characters from ``start`` with their indexes, its bracket classes passed over
    whole (a ``(``, ``|`` or ``)`` in a class is a character of it)."""
    in_class = False
    for i in range(start, len(text)):
        c = text[i]
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        else:
            yield i, c


def _closing(text: str, at: int) -> int:
    """The index of the ``)`` closing the ``(`` at ``at``, or -1."""
    depth = 0
    for i, c in _unclassed(text, at):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _split_bars(text: str) -> list[str]:
    """Step 2: ``text`` split at the ``|`` outside parentheses, brackets and braces."""
    parts, start, depth, braces = [], 0, 0, 0
    for i, c in _unclassed(text):
        if c == "(":
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
    """Step 2: each bare group replaced by each of its alternatives, first group first (depth
    first, as many groups as the pattern holds: no recursion to run out of)."""
    out: list[str] = []
    stack = [(text, 0)]  # a spelling, and where its first group not yet expanded may start
    while stack and len(out) < MOST_SPELLINGS:
        current, start = stack.pop()
        at, end = _first_group(current, start)
        if at < 0:
            out.append(current)
            continue
        head, tail = current[:at], current[end + 1 :]
        # Pushed last first, so the first alternative is expanded first; each is scanned again
        # from where the group stood (it may hold groups of its own).
        stack += [(head + alternative + tail, at) for alternative in reversed(_split_bars(current[at + 1 : end]))]
    return out


def _first_group(text: str, start: int) -> tuple[int, int]:
    """The first bare group at or after ``start`` (its ``(`` and ``)``), outside bracket classes
    and past any extglob; (-1, -1) when there is none, or it is never closed."""
    past = -1  # the end of an extglob passed over
    for i, c in _unclassed(text, start):
        if c != "(" or i <= past:
            continue
        end = _closing(text, i)
        if end < 0:
            return -1, -1
        if i == 0 or text[i - 1] not in EXTGLOB_OPENERS:
            return i, end
        past = end  # an extglob: left to wcmatch, its text skipped
    return -1, -1


def _brackets(text: str) -> list[str]:
    """Step 3: each bracket class as a class and, when it holds no special character, as text
    too: the first classes' text forms while the spellings stay within ``MOST_SPELLINGS`` (a
    pattern of many classes would double them with each)."""
    parts: list[tuple[str, ...]] = []
    count, at = 1, 0
    while (start := text.find("[", at)) >= 0 and (end := text.find("]", start + 2)) >= 0:
        inner = text[start + 1 : end]
        forms: tuple[str, ...] = ("[" + ("\\!" + inner[1:] if inner.startswith("!") else inner) + "]",)
        if count * 2 <= MOST_SPELLINGS and not any(c in REGEX_SPECIAL for c in inner):
            forms += ("\\[" + inner + "\\]",)
            count *= 2
        parts += [(text[at:start],), forms]
        at = end + 1
    parts.append((text[at:],))
    return ["".join(chosen) for chosen in product(*parts)]


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
