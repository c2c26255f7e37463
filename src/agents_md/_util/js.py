"""The few JavaScript value semantics the engine's checks depend on.

The engine formats a bad value with ``String(v)`` and reads numbers from strings with
``parseInt``/``parseFloat``; these functions give the same answers for YAML values.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Any

from agents_md._util.jstext import JS_WHITESPACE as JS_WS

_INT_PREFIX = re.compile(r"[+-]?\d+")
_FLOAT_PREFIX = re.compile(r"[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")


def js_string(value: Any) -> str:
    """``String(value)`` for a value that came out of YAML or JSON."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        # YAML reads a big integer as a double: above 2**53 it prints as that double does.
        return str(value) if abs(value) <= 2**53 else js_number(float(value))
    if isinstance(value, float):
        return js_number(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        return ",".join("" if v is None else js_string(v) for v in value)
    if isinstance(value, dict):
        return "[object Object]"
    return str(value)


def js_number(x: float) -> str:
    """Number-to-string as JavaScript prints it."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == int(x) and abs(x) < 1e21:
        # The shortest digits that read back as x, padded with zeros (not the double's exact value).
        return str(int(Decimal(repr(x))))
    r = repr(x)
    if "e" in r:
        mant, exp = r.split("e")
        mant = mant.rstrip("0").rstrip(".") if "." in mant else mant
        sign = "-" if exp.startswith("-") else "+"
        return f"{mant}e{sign}{exp.lstrip('+-').lstrip('0') or '0'}"
    return r


def parse_int(text: str) -> float:
    """``parseInt(text, 10)``: NaN when no digits lead."""
    m = _INT_PREFIX.match(text.lstrip(JS_WS))
    return float(int(m.group())) if m else math.nan


def parse_float(text: str) -> float:
    """``parseFloat(text)``."""
    m = _FLOAT_PREFIX.match(text.lstrip(JS_WS))
    if not m:
        return math.nan
    s = m.group()
    if s.lstrip("+-") == "Infinity":
        return -math.inf if s.startswith("-") else math.inf
    return float(s)


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_integer(x: float) -> bool:
    """``Number.isInteger``."""
    return not math.isinf(x) and not math.isnan(x) and x == int(x)


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def js_type(value: Any) -> str:
    """The type name zod reports as ``received``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if is_number(value):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def js_key_order(keys: list[str]) -> list[str]:
    """Own-key order of a JavaScript object: array indices ascending, then insertion order."""
    index = [k for k in keys if re.fullmatch(r"0|[1-9]\d*", k) and int(k) < 2**32 - 1]
    rest = [k for k in keys if k not in index]
    return sorted(index, key=int) + rest
