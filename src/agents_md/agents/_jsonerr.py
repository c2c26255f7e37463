"""The first syntax error in a JSON text, worded as the engine's JSON parser words it."""

from __future__ import annotations

import re

_WS = " \t\n\r"
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


class _Bad(Exception):
    pass


class _Scan:
    def __init__(self, text: str) -> None:
        self.t = text
        self.i = 0

    def ws(self) -> None:
        while self.i < len(self.t) and self.t[self.i] in _WS:
            self.i += 1

    def peek(self) -> str:
        return self.t[self.i] if self.i < len(self.t) else ""

    def value(self) -> None:
        self.ws()
        ch = self.peek()
        if ch == "{":
            self.obj()
        elif ch == "[":
            self.arr()
        elif ch == '"':
            self.string()
        elif ch == "'":
            raise _Bad("Single quotes (') are not allowed in JSON")
        elif ch == "-" or ch.isdigit():
            m = _NUMBER.match(self.t, self.i)
            if not m:
                raise _Bad(f"Unexpected token '{ch}'")
            self.i = m.end()
        elif ch == "":
            raise _Bad("Unexpected EOF")
        else:
            m = _IDENT.match(self.t, self.i)
            if m:
                word = m.group()
                if word not in ("true", "false", "null"):
                    raise _Bad(f'Unexpected identifier "{word}"')
                self.i = m.end()
            else:
                raise _Bad(f"Unexpected token '{ch}'")

    def string(self) -> None:
        self.i += 1
        while True:
            ch = self.peek()
            if ch == "" or ord(ch) < 0x20:
                raise _Bad("Unterminated string")
            self.i += 1
            if ch == '"':
                return
            if ch == "\\":
                esc = self.peek()
                if esc == "u":
                    if not re.fullmatch(r"[0-9a-fA-F]{4}", self.t[self.i + 1 : self.i + 5]):
                        raise _Bad("\\u must be followed by 4 hex digits")
                    self.i += 5
                elif esc in '"\\/bfnrt':
                    self.i += 1
                else:
                    raise _Bad(f"Invalid escape character {esc}")

    def obj(self) -> None:
        self.i += 1
        self.ws()
        if self.peek() == "}":
            self.i += 1
            return
        first = True
        while True:
            self.ws()
            ch = self.peek()
            if ch == "'":
                raise _Bad("Single quotes (') are not allowed in JSON")
            if ch != '"':
                raise _Bad("Expected '}'" if first else "Property name must be a string literal")
            self.string()
            self.ws()
            if self.peek() != ":":
                raise _Bad("Expected ':' before value in object property definition")
            self.i += 1
            self.value()
            self.ws()
            ch = self.peek()
            if ch == ",":
                self.i += 1
                first = False
                continue
            if ch == "}":
                self.i += 1
                return
            raise _Bad("Expected '}'")

    def arr(self) -> None:
        self.i += 1
        self.ws()
        if self.peek() == "]":
            self.i += 1
            return
        while True:
            self.value()
            self.ws()
            ch = self.peek()
            if ch == ",":
                self.i += 1
                continue
            if ch == "]":
                self.i += 1
                return
            raise _Bad("Expected ']'")


def json_error(text: str) -> str | None:
    scan = _Scan(text)
    try:
        scan.value()
        scan.ws()
        if scan.i != len(text):
            return "Unable to parse JSON string"
    except _Bad as exc:
        return str(exc)
    except RecursionError:
        return "Exceeded maximum recursion depth"
    return None
