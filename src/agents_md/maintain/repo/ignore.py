"""The ``ignore`` globs: matched against root-relative paths; a pattern also covers what is below it."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def ignore_matcher(patterns: Sequence[str]) -> Callable[[str], bool]:
    if not patterns:
        return lambda path: False
    from wcmatch import glob as wc

    spelled: list[str] = []
    for pattern in patterns:
        body = pattern.strip().lstrip("/")
        if body:
            spelled += [body, body.rstrip("/") + "/**"]
    compiled = wc.compile(spelled, flags=wc.GLOBSTAR | wc.DOTGLOB | wc.BRACE)
    return lambda path: bool(compiled.match(path))
