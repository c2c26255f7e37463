"""Rust string semantics Codex relies on, where Python's differ.

Rust's ``str::trim`` removes the characters of Unicode's ``White_Space`` property. Python's
``str.strip()`` also removes ``\\x1c``-``\\x1f`` (which Rust keeps, so a file holding only
``\\x1f`` is text to Codex), and both agree on the rest.
"""

from __future__ import annotations

RUST_WHITESPACE = (
    "\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)


def rust_trim(text: str) -> str:
    return text.strip(RUST_WHITESPACE)
