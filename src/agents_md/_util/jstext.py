"""JavaScript string semantics the engine relies on, where Python's differ.

``str.strip()`` and ``String.prototype.trim()`` disagree on which characters are white space
(JavaScript trims a byte-order mark, Python trims ``\\x1c``-``\\x1f`` and ``\\x85``), and the
engine's regular expressions use JavaScript's ``\\s``. Both matter for byte-exact output, in
instruction files and agent files alike.
"""

from __future__ import annotations

from agents_md._util.bounded_cache import bounded_cache

# ECMAScript WhiteSpace + LineTerminator: what ``trim()`` removes and ``\s`` matches.
JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)

# A character class equal to JavaScript's ``\s``, for use inside other patterns (escaped as
# ``re.escape`` escapes them, without importing ``re`` on every start).
JS_SPACE_CLASS = "[" + "".join("\\" + c if c in "\t\n\v\f\r " else c for c in JS_WHITESPACE) + "]"


def js_trim(text: str) -> str:
    return _trimmed(text)


@bounded_cache(512)
def _trimmed(text: str) -> str:
    # Kept by the text: a start trims every file it renders, and each dedup compares trimmed
    # texts; the same files come back start after start (tens of kilobytes, copied each time).
    return text.strip(JS_WHITESPACE)


def js_is_blank(text: str) -> bool:
    return not js_trim(text)


def js_sort_key(text: str) -> bytes:
    """A key that orders strings as JavaScript's default ``sort()`` does: by UTF-16 code units
    (so a character past U+FFFF, two surrogates from U+D800, comes before U+E000-U+FFFF)."""
    return text.encode("utf-16-be", "surrogatepass")
