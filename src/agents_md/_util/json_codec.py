"""``json.loads`` and ``json.dumps``, through the interpreter's C accelerator without the ``json``
package, whose modules import ``re`` (and with it ``enum``, ``functools`` and ``collections``):
together a third of a hook call's start, for a program that reads one small object and writes
another.

1. Reading: ``_json``'s scanner is the one ``json.loads`` runs, made with the same settings
   (``float`` and ``int`` for numbers, ``NaN``/``Infinity`` as constants, strict strings). The
   white space ``json`` skips around the value is skipped the same way. Anything that is not
   one whole value is read again by ``json`` itself, which raises its own ``JSONDecodeError``
   (a ``ValueError``) with its message, line and column: errors cost the import, answers do not.
2. Writing on one line: ``_json``'s encoder, made as ``json.dumps`` makes it.
3. Writing indented, which the C encoder does not do: ``json``'s own rules, chunk for chunk (the
   separators, the keys that are not strings, floats' specials, circular values refused).
   A test compares all three with ``json`` on random values.
4. Freezing (``freeze``): a read-only copy of a value, objects as read-only mappings and arrays
   as tuples, all the way down (strings, numbers, booleans and ``null`` are immutable already),
   so that what a plugin is handed cannot be changed by it. Readers test for ``Mapping`` and
   ``tuple``.

An interpreter without ``_json`` gets ``json``'s functions themselves.
"""

from __future__ import annotations

from agents_md._util.std import Mapping, MappingProxyType

try:
    import _json
except ImportError:  # pragma: no cover - an interpreter without the accelerator
    _json = None  # type: ignore[assignment]

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    from typing import Any, TextIO

_SPACE = " \t\n\r"  # what ``json.decoder.WHITESPACE`` matches
_INFINITY = float("inf")
_CONSTANTS = {"-Infinity": -_INFINITY, "Infinity": _INFINITY, "NaN": float("nan")}


class _ScannerSettings:
    """What ``_json.make_scanner`` reads off ``json.JSONDecoder()``, with the same values."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__


_settings: Any = _ScannerSettings()  # read as a ``json.JSONDecoder()`` is
_scan = _json.make_scanner(_settings) if _json is not None else None


def loads(text: str) -> Any:
    """``json.loads(text)`` for a ``str``."""
    if _scan is None:  # pragma: no cover
        return _json_loads(text)
    start = len(text) - len(text.lstrip(_SPACE))
    try:
        value, end = _scan(text, start)
    except (StopIteration, ValueError):
        return _json_loads(text)
    if text[end:].strip(_SPACE):
        return _json_loads(text)  # extra data: ``json`` says where
    return value


def load(handle: TextIO) -> Any:
    """``json.load(handle)``."""
    return loads(handle.read())


def _json_loads(text: str) -> Any:
    import json

    return json.loads(text)


def _not_serializable(value: object) -> object:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def dumps(
    value: object,
    *,
    indent: int | str | None = None,
    ensure_ascii: bool = True,
    separators: tuple[str, str] | None = None,
) -> str:
    """``json.dumps(value, indent=..., ensure_ascii=..., separators=...)``."""
    if _json is None:  # pragma: no cover
        import json

        return json.dumps(value, indent=indent, ensure_ascii=ensure_ascii, separators=separators)
    quote = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
    if separators is not None:
        item_separator, key_separator = separators
    else:
        item_separator, key_separator = (", " if indent is None else ","), ": "
    if isinstance(value, str):
        return quote(value)
    if indent is None:
        # markers (circular values), default, quote, indent, separators, sort_keys, skipkeys, allow_nan
        encode = _json.make_encoder(
            {}, _not_serializable, quote, None, key_separator, item_separator, False, False, True
        )
        return "".join(encode(value, 0))
    chunks: list[str] = []
    unit = indent if isinstance(indent, str) else " " * indent
    try:
        _Indented(chunks, quote, unit, item_separator, key_separator).value(value, 0)
    except RecursionError:  # three frames a level here, about one in json's: json writes it or refuses
        import json

        return json.dumps(value, indent=indent, ensure_ascii=ensure_ascii, separators=separators)
    return "".join(chunks)


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value == _INFINITY:
        return "Infinity"
    if value == -_INFINITY:
        return "-Infinity"
    return float.__repr__(value)


class _Indented:
    """Step 3: ``json.encoder._make_iterencode`` with an indent, appending its chunks."""

    def __init__(self, out: list[str], quote: Any, unit: str, item_separator: str, key_separator: str) -> None:
        self.out = out
        self.quote = quote
        self.unit = unit
        self.item_separator = item_separator
        self.key_separator = key_separator
        self.open: set[int] = set()  # the containers being written: a value inside its own is circular

    def value(self, value: object, level: int) -> None:
        out = self.out
        if isinstance(value, str):
            out.append(self.quote(value))
        elif value is None:
            out.append("null")
        elif value is True:
            out.append("true")
        elif value is False:
            out.append("false")
        elif isinstance(value, int):
            out.append(int.__repr__(value))
        elif isinstance(value, float):
            out.append(_float(value))
        elif isinstance(value, list | tuple):
            self.container(value, level, "[", "]", self.items)
        elif isinstance(value, dict):
            self.container(value, level, "{", "}", self.members)
        else:
            self.container(value, level, "", "", self.default)

    def container(self, value: Any, level: int, opening: str, closing: str, write: Any) -> None:
        if opening and not value:
            self.out.append(opening + closing)
            return
        marker = id(value)
        if marker in self.open:
            raise ValueError("Circular reference detected")
        self.open.add(marker)
        if opening:
            newline = "\n" + self.unit * (level + 1)
            self.out.append(opening + newline)
            write(value, level + 1, self.item_separator + newline)
            self.out.append("\n" + self.unit * level + closing)
        else:
            write(value, level, "")
        self.open.discard(marker)

    def items(self, values: list[object] | tuple[object, ...], level: int, separator: str) -> None:
        for n, item in enumerate(values):
            if n:
                self.out.append(separator)
            self.value(item, level)

    def members(self, values: dict[object, object], level: int, separator: str) -> None:
        first = True
        for key, item in values.items():
            if isinstance(key, str):
                pass
            elif isinstance(key, float):
                key = _float(key)
            elif key is True:
                key = "true"
            elif key is False:
                key = "false"
            elif key is None:
                key = "null"
            elif isinstance(key, int):
                key = int.__repr__(key)
            else:
                raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")
            if not first:
                self.out.append(separator)
            first = False
            self.out.append(self.quote(key) + self.key_separator)
            self.value(item, level)

    def default(self, value: object, level: int, _separator: str) -> None:
        self.value(_not_serializable(value), level)


def freeze(value: Any) -> Any:
    """Step 4."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(item) for item in value)
    return value
