"""Setting one value deep in a JSON document while keeping every other byte as it was.

``set_value(text, ["a", "b", "c"], value)`` replaces the value at that key path in place, or
inserts the missing members into the deepest object that exists, indented like its
neighbours. ``append_item`` adds a value at the end of an array (made when missing),
``remove_item`` takes one out with its comma, ``remove_member`` takes a key and its value
out of an object; every other byte stays. Text that is not a JSON object is refused with
the line and column of the fault; the caller never overwrites such a file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from agents_md._util.std import Sequence
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
    items: list[_Node] = field(default_factory=list)  # for arrays
    is_array: bool = False
    key_start: int = -1  # a member's value: where its key begins


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
            key_start = pos
            pos = self.ws(m.end())
            if not self.text.startswith(":", pos):
                raise self.fail(pos, "':'")
            child = self.value(pos + 1)
            child.key_start = key_start
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
        node = _Node(pos, pos, is_array=True)
        pos = self.ws(pos + 1)
        if self.text.startswith("]", pos):
            node.end = pos + 1
            return node
        while True:
            child = self.value(pos)
            node.items.append(child)
            pos = self.ws(child.end)
            if self.text.startswith(",", pos):
                pos += 1
                continue
            if self.text.startswith("]", pos):
                node.end = pos + 1
                return node
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


def _at(text: str, path: Sequence[str]) -> tuple[_Node, _Node | None]:
    """(the node at ``path``, its parent object); ``JsonEditError`` when the path is not there."""
    node, parent = parse(text), None
    for depth, key in enumerate(path):
        if not node.is_object or key not in node.members:
            raise JsonEditError(f"no {'.'.join(path[: depth + 1])} in the document")
        node, parent = node.members[key], node
    return node, parent


def _line_indent(text: str, at: int) -> str | None:
    """The whitespace before ``at`` on its line, or None when something else stands there."""
    before = text[text.rfind("\n", 0, at) + 1 : at]
    return before if not before.strip() else None


def append_item(text: str, path: Sequence[str], value: Any) -> str:
    """``value`` appended to the array at ``path`` (an array ``[value]`` made there when missing)."""
    try:
        node, _ = _at(text, path)
    except JsonEditError:
        return set_value(text, path, [value])
    if not node.is_array:
        raise JsonEditError(f"{_position(text, node.start)}: expected an array at {'.'.join(path)}")
    item = json.dumps(value, ensure_ascii=False)
    if not node.items:
        return text[: node.start + 1] + item + text[node.end - 1 :]
    last = node.items[-1]
    indent = _line_indent(text, last.start)
    sep = ",\n" + indent if indent is not None and "\n" in text[node.start : last.start] else ", "
    return text[: last.end] + sep + item + text[last.end :]


def remove_item(text: str, path: Sequence[str], index: int) -> str:
    """The array at ``path`` without its ``index``-th item (and the comma that went with it)."""
    node, _ = _at(text, path)
    if not node.is_array or not 0 <= index < len(node.items):
        raise JsonEditError(f"no item {index} in the array at {'.'.join(path)}")
    items = node.items
    item = items[index]
    if len(items) == 1:
        return text[: node.start + 1] + text[node.end - 1 :]
    if index + 1 < len(items):
        return text[: item.start] + text[items[index + 1].start :]
    return text[: items[index - 1].end] + text[item.end :]


def remove_member(text: str, path: Sequence[str]) -> str:
    """The document without the member at ``path`` (its key, value and comma)."""
    node, parent = _at(text, path)
    if parent is None:
        raise JsonEditError("the document itself cannot be removed")
    members = sorted(parent.members.values(), key=lambda n: n.start)
    at = members.index(node)
    if len(members) == 1:
        return text[: parent.start + 1] + text[parent.end - 1 :]
    if at + 1 < len(members):
        return text[: node.key_start] + text[members[at + 1].key_start :]
    return text[: members[at - 1].end] + text[node.end :]
