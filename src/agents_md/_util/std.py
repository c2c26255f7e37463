"""The standard library's types, cache, imports by name and regular expressions a start needs,
without importing their packages.

``collections`` (with ``keyword``, ``operator``, ``reprlib``), ``functools`` (which imports
``collections``) and ``types`` cost a hook call a tenth of its start, for ``OrderedDict``, the
abstract classes an ``isinstance`` asks of, ``lru_cache`` and three built-in types. Each is a
class or function of a module the interpreter has already loaded or builds in:
``_collections_abc`` (``os`` imports it), ``_collections`` and ``_functools`` (C), or a type
named the way ``types`` names it. These are the very objects the packages export; an
interpreter without those modules gets the packages' own.

Three stand-ins defer a cost to first use:

- ``import_module`` is ``importlib.import_module`` without importing ``importlib`` (and
  ``warnings``); ``lazy_names`` gives a package public faces whose names load on first use
  (PEP 562): the command line imports packages on every hook call.
- ``lazy_compile`` stands for ``re.compile``: a pattern compiled at import is paid on every
  start, used or not (the Markdown lexer's take a few milliseconds, and a file without comments
  or imports never needs them). The first look at any of the pattern's attributes (``match``,
  ``finditer``...) compiles it, and each attribute, once looked at, is the compiled pattern's
  own, kept on the stand-in, so later calls cost what the compiled pattern's do.
"""

from __future__ import annotations

import sys
from _collections_abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    import re
    from collections import OrderedDict as OrderedDict
    from functools import lru_cache as lru_cache
    from types import MappingProxyType as MappingProxyType
    from types import ModuleType as ModuleType
    from types import SimpleNamespace as SimpleNamespace
    from typing import Any, AnyStr
else:
    # As ``types`` itself defines them.
    MappingProxyType = type(type.__dict__)
    ModuleType = type(sys)
    SimpleNamespace = type(sys.implementation)
    try:
        from _collections import OrderedDict
    except ImportError:  # pragma: no cover - an interpreter that keeps it in Python
        from collections import OrderedDict
    try:
        from _functools import _lru_cache_wrapper
    except ImportError:  # pragma: no cover
        from functools import lru_cache
    else:

        def _cache_info(hits: int, misses: int, maxsize: int | None, currsize: int) -> tuple[int, ...]:
            return (hits, misses, maxsize, currsize)  # ``cache_info()``, without its named tuple

        def lru_cache(maxsize: int):
            """``functools.lru_cache(maxsize)``: the same C cache, named as the function it wraps."""

            def wrap(function):
                cached = _lru_cache_wrapper(function, maxsize, False, _cache_info)
                for name in ("__module__", "__name__", "__qualname__", "__doc__"):
                    setattr(cached, name, getattr(function, name))
                cached.__wrapped__ = function
                return cached

            return wrap


def import_module(name: str) -> ModuleType:
    """``importlib.import_module(name)``, without importing ``importlib`` (and ``warnings``) on a start."""
    __import__(name)
    return sys.modules[name]


def lazy_names(
    package: str, where: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for a package whose names live in ``where[name]`` modules."""

    def getattr_(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted(where)

    return getattr_, dir_


class _LazyPattern:
    def __init__(self, source: str | bytes, flags: int) -> None:
        self._source = source
        self._flags = flags

    def __getattr__(self, name: str) -> object:
        # Reached only for an attribute not kept yet (``__dict__`` answers the rest). ``re`` itself
        # is imported here: with the ``enum`` it needs, a tenth of a hook call's start.
        import re

        found = getattr(re.compile(self._source, self._flags), name)
        setattr(self, name, found)
        return found


def lazy_compile(source: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(source, flags)``, compiled on first use (a text's pattern or a bytes one)."""
    return _LazyPattern(source, flags)  # type: ignore[return-value]  # it answers as the pattern does


__all__ = [
    "Callable",
    "Hashable",
    "Iterable",
    "Iterator",
    "Mapping",
    "MappingProxyType",
    "ModuleType",
    "OrderedDict",
    "Sequence",
    "SimpleNamespace",
    "import_module",
    "lazy_compile",
    "lazy_names",
    "lru_cache",
]
