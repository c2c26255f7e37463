"""Public faces whose names load on first use (the command line imports packages on every hook call),
and modules imported by name."""

from __future__ import annotations

import sys

from agents_md._util.std import Callable, Mapping

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any


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
