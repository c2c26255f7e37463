"""Read-only copies of JSON values: what a plugin is handed cannot be changed by it.

Objects become read-only mappings and arrays tuples, all the way down; strings, numbers,
booleans and ``null`` are immutable already. Readers test for ``Mapping`` and ``tuple``.
"""

from __future__ import annotations

from agents_md._util.std import Mapping, MappingProxyType

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any


def freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """A frozen value as plain JSON data again (``dict`` and ``list``), for serialising."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value
