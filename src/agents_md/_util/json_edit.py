"""Setting one value deep in a JSON document while keeping every other byte as it was.

``set_value(text, ["a", "b", "c"], value)`` replaces the value at that key path in place, or
inserts the missing members into the deepest object that exists, indented like its
neighbours. Text that is not a JSON object is refused with the line and column of the fault;
the caller never overwrites such a file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agents_md.errors import AgentsMdError

_WS = re.compile(r"[ \t\r\n]*")
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"')
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")


class JsonEditError(AgentsMdError):
    pass


@dataclass
class _Node:
    start: int
    end: int
    members: dict[str, _Node] = field(default_factory=dict)  # for objects
    is_object: bool = False


def _position(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, pos: int, expected: str) -> JsonEditError:
        return JsonEditError(f"{_position(self.text, pos)}: expected {expected}")

    def ws(self, pos: int) -> int:
        m = _WS.match(self.text, pos)
        return m.end() if m else pos

    def value(self, pos: int) -> _Node:
        pos = self.ws(pos)
        if pos >= len(self.text):
            raise self.fail(pos, "a value")
        c = self.text[pos]
        if c == "{":
            return self.obj(pos)
        if c == "[":
            return self.arr(pos)
        if c == '"':
            m = _STRING.match(self.text, pos)
            if not m:
                raise self.fail(pos, "a closed string")
            return _Node(pos, m.end())
        for word in ("true", "false", "null"):
            if self.text.startswith(word, pos):
                return _Node(pos, pos + len(word))
        m = _NUMBER.match(self.text, pos)
        if m and m.end() > pos:
            return _Node(pos, m.end())
        raise self.fail(pos, "a value")

    def obj(self, pos: int) -> _Node:
        node = _Node(pos, pos, is_object=True)
        pos = self.ws(pos + 1)
        if self.text.startswith("}", pos):
            node.end = pos + 1
            return node
        while True:
            pos = self.ws(pos)
            m = _STRING.match(self.text, pos)
            if not m:
                raise self.fail(pos, "a member name in double quotes")
            key = json.loads(m.group(0))
            pos = self.ws(m.end())
            if not self.text.startswith(":", pos):
                raise self.fail(pos, "':'")
            child = self.value(pos + 1)
            node.members[key] = child
            pos = self.ws(child.end)
            if self.text.startswith(",", pos):
                pos += 1
                continue
            if self.text.startswith("}", pos):
                node.end = pos + 1
                return node
            raise self.fail(pos, "',' or '}'")

    def arr(self, pos: int) -> _Node:
        start = pos  # the "[" itself, whatever whitespace follows it
        pos = self.ws(pos + 1)
        if self.text.startswith("]", pos):
            return _Node(start, pos + 1)
        while True:
            child = self.value(pos)
            pos = self.ws(child.end)
            if self.text.startswith(",", pos):
                pos += 1
                continue
            if self.text.startswith("]", pos):
                return _Node(start, pos + 1)
            raise self.fail(pos, "',' or ']'")


def parse(text: str) -> _Node:
    parser = _Parser(text)
    root = parser.value(0)
    end = parser.ws(root.end)
    if end != len(text):
        raise parser.fail(end, "the end of the document")
    if not root.is_object:
        raise JsonEditError(f"{_position(text, root.start)}: expected a JSON object")
    return root


def _indent_of(text: str, node: _Node) -> tuple[str, str]:
    """(indentation of the object's members, indentation of its closing brace)."""
    closing_line = text.rfind("\n", 0, node.end - 1)
    closing = text[closing_line + 1 : node.end - 1] if closing_line >= node.start else ""
    closing = closing if not closing.strip() else ""
    if node.members:
        first = min(node.members.values(), key=lambda n: n.start)
        key_at = text.rfind('"', node.start, first.start)
        key_at = text.rfind('"', node.start, key_at)
        line_start = text.rfind("\n", 0, key_at) + 1
        member = text[line_start:key_at]
        if not member.strip():
            return member, closing
    unit = "  "
    return closing + unit, closing


def _nested(path: Sequence[str], value: Any, indent: str, unit: str) -> str:
    if not path:
        return json.dumps(value, ensure_ascii=False)
    inner = _nested(path[1:], value, indent + unit, unit)
    return "{\n" + indent + unit + json.dumps(path[0]) + ": " + inner + "\n" + indent + "}"


def set_value(text: str, path: Sequence[str], value: Any) -> str:
    if not text.strip():
        text = "{}\n"
    root = parse(text)
    node = root
    depth = 0
    while depth < len(path) and node.is_object and path[depth] in node.members:
        node = node.members[path[depth]]
        depth += 1
    if depth == len(path):
        return text[: node.start] + json.dumps(value, ensure_ascii=False) + text[node.end :]
    if not node.is_object:
        where = ".".join(path[:depth])
        raise JsonEditError(f"{_position(text, node.start)}: expected an object at {where}, found another value")
    member_indent, closing_indent = _indent_of(text, node)
    unit = member_indent[len(closing_indent) :] or "  "
    addition = json.dumps(path[depth]) + ": " + _nested(path[depth + 1 :], value, member_indent, unit)
    close = node.end - 1
    if node.members:
        last = max(node.members.values(), key=lambda n: n.end)
        return text[: last.end] + ",\n" + member_indent + addition + text[last.end :]
    return text[: node.start + 1] + "\n" + member_indent + addition + "\n" + closing_indent + text[close:]
