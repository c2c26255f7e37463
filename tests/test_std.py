"""``_util.std`` hands out the standard library's own objects, and a cache that behaves as
``functools.lru_cache`` does."""

from __future__ import annotations

import collections
import collections.abc
import functools
import re
import types

from agents_md._util import std
from agents_md._util.jstext import JS_SPACE_CLASS, JS_WHITESPACE


def test_the_objects_are_the_packages_own() -> None:
    for name in ("Callable", "Hashable", "Iterable", "Iterator", "Mapping", "Sequence"):
        assert getattr(std, name) is getattr(collections.abc, name)
    assert std.OrderedDict is collections.OrderedDict
    for name in ("MappingProxyType", "ModuleType", "SimpleNamespace"):
        assert getattr(std, name) is getattr(types, name)


def test_lru_cache_answers_and_drops_as_functools_does() -> None:
    calls: dict[str, list[int]] = {"ours": [], "theirs": []}

    def make(who: str) -> object:
        def square(n: int) -> int:
            """Squares."""
            calls[who].append(n)
            return n * n

        return square

    ours = std.lru_cache(maxsize=3)(make("ours"))
    theirs = functools.lru_cache(maxsize=3)(make("theirs"))
    for n in [1, 2, 1, 3, 4, 2, 1, 5, 5, 3]:
        assert ours(n) == theirs(n) == n * n  # type: ignore[operator]
    assert calls["ours"] == calls["theirs"]
    assert tuple(ours.cache_info()) == tuple(theirs.cache_info())  # type: ignore[attr-defined]
    assert (ours.__name__, ours.__doc__, ours.__wrapped__.__qualname__) == (
        "square",
        "Squares.",
        theirs.__wrapped__.__qualname__,
    )  # type: ignore[attr-defined]
    ours.cache_clear()  # type: ignore[attr-defined]
    ours(1)  # type: ignore[operator]
    assert calls["ours"][-1] == 1


def test_the_white_space_class_is_escaped_as_re_escapes_it() -> None:
    assert "[" + re.escape(JS_WHITESPACE) + "]" == JS_SPACE_CLASS
    assert re.fullmatch(JS_SPACE_CLASS + "+", JS_WHITESPACE)
    assert not re.search(JS_SPACE_CLASS, "a\x1c\x85")  # Python's white space, not JavaScript's
