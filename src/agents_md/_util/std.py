"""The standard library's types and cache a start needs, without importing their packages.

``collections`` (with ``keyword``, ``operator``, ``reprlib``), ``functools`` (which imports
``collections``) and ``types`` cost a hook call a tenth of its start, for ``OrderedDict``, the
abstract classes an ``isinstance`` asks of, ``lru_cache`` and three built-in types. Each is a
class or function of a module the interpreter has already loaded or builds in:
``_collections_abc`` (``os`` imports it), ``_collections`` and ``_functools`` (C), or a type
named the way ``types`` names it. These are the very objects the packages export; an
interpreter without those modules gets the packages' own.
"""

from __future__ import annotations

import sys
from _collections_abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from collections import OrderedDict as OrderedDict
    from functools import lru_cache as lru_cache
    from types import MappingProxyType as MappingProxyType
    from types import ModuleType as ModuleType
    from types import SimpleNamespace as SimpleNamespace
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
    "lru_cache",
]
