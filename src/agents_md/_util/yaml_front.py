"""Read front matter the way the engine does: YAML 1.2 core types, then a lenient retry.

1. Parse as YAML with the 1.2 core schema (``yes``/``on`` are strings; ``0o17``, ``0x1F``,
   ``.inf`` are numbers). Tags are ignored (a core type's tag on a text not of that type keeps
   the text), but scanned as the engine's parser scans them (``_Scanner.scan_tag``: ``!*.ts``
   is an error), duplicate keys keep the last value, a line ``: value`` (indented, or a list
   item ``- : value``) has the key ``null``, a plain scalar may start with ``,`` outside flow
   collections, and in a quoted scalar the first CRLF after text counts as two line breaks
   (a lone CR is an error): the quirks of the engine's parser (Bun's).
2. If that fails, every line ``key: value`` whose key is only letters, ``_`` and ``-`` and
   whose value holds one of ``{}[]*&#!|>%@``` `` or ``": "`` and is not already quoted (nor a
   ``[...]`` that parses as a list by itself) is rewritten as ``key: "value"`` (backslashes
   and quotes escaped); a line ending in ``\\r`` is never rewritten. Each tab that starts a
   line then becomes two spaces, and the text is parsed again.
3. If that fails too, the front matter is empty.

Aliases are bounded: a document whose aliases would expand past ``MAX_EXPANDED_NODES`` nodes (a
few hundred bytes of ``&a [*b, *b, ...]`` nest into billions) or refer to themselves is refused
as a parse error, in linear time, before anything walks the expanded value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner, ScannerError
from yaml.tokens import TagToken

from agents_md._util.js import js_string
from agents_md._util.jstext import JS_WHITESPACE as JS_WS
from agents_md._util.std import Hashable

_STR = "tag:yaml.org,2002:str"
MAX_EXPANDED_NODES = 100_000


class AliasBomb(yaml.YAMLError):
    def __str__(self) -> str:
        return f"aliases expand past {MAX_EXPANDED_NODES:,} nodes, or refer to themselves"


def _expanded_size(node: Node) -> int:
    """How many nodes ``node`` holds once every alias is expanded (each shared node counted once
    per use), stopping early past the bound."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(current: Node) -> int:
        key = id(current)
        known = sizes.get(key)
        if known is not None:
            return known
        if key in open_nodes:
            raise AliasBomb()
        open_nodes.add(key)
        total = 1
        if isinstance(current, SequenceNode):
            children: list[Node] = list(current.value)
        elif isinstance(current, MappingNode):
            children = [part for pair in current.value for part in pair]
        else:
            children = []
        for child in children:
            total += size(child)
            if total > MAX_EXPANDED_NODES:
                raise AliasBomb()
        open_nodes.discard(key)
        sizes[key] = total
        return total

    return size(node)


class _Resolver(BaseResolver):
    """The YAML 1.2 core schema's implicit types."""


_Resolver.yaml_implicit_resolvers = {}
_SHAPES: dict[str, re.Pattern[str]] = {}  # what each core type's text looks like
for _tag, _rx, _first in (
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+.0123456789",
    ),
    ("tag:yaml.org,2002:merge", r"^<<$", "<"),
):
    _SHAPES[_tag] = re.compile(_rx)
    _Resolver.add_implicit_resolver(_tag, _SHAPES[_tag], [*_first, *([""] if "null" in _tag else [])])


def _join_surrogates(text: str) -> str:
    """Escaped UTF-16 pairs (``"\\ud83d\\ude00"``) make one character, as in JavaScript."""
    if not any("\ud800" <= c <= "\udfff" for c in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


class _Constructor(SafeConstructor):
    def construct_scalar(self, node: Node) -> Any:
        value = super().construct_scalar(node)  # type: ignore[arg-type]
        return _join_surrogates(value) if isinstance(value, str) else value

    def construct_yaml_int(self, node: ScalarNode) -> int:
        text = str(node.value)
        if text.startswith("0o"):
            return int(text[2:], 8)
        if text.startswith("0x"):
            return int(text[2:], 16)
        return int(text, 10)

    def construct_yaml_float(self, node: ScalarNode) -> float:
        text = str(node.value).lower()
        if text.endswith("nan"):
            return float("nan")
        if text.endswith("inf"):
            return float("-inf") if text.startswith("-") else float("inf")
        return float(text)

    def construct_undefined(self, node: Node) -> Any:
        # The engine ignores tags it does not know: read the node as if untagged.
        if isinstance(node, ScalarNode):
            return str(node.value)
        if isinstance(node, SequenceNode):
            return self.construct_sequence(node, deep=True)
        if isinstance(node, MappingNode):
            return self.construct_mapping(node, deep=True)
        return None

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        self.flatten_mapping(node)
        out: dict[Hashable, Any] = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            out[_key_text(key)] = self.construct_object(value_node, deep=deep)
        return out


def _key_text(key: Any) -> str:
    return js_string(key)


_CONSTRUCTORS: dict[str | None, Any] = {
    "tag:yaml.org,2002:int": _Constructor.construct_yaml_int,
    "tag:yaml.org,2002:float": _Constructor.construct_yaml_float,
    "tag:yaml.org,2002:merge": lambda c, n: str(n.value),
    "tag:yaml.org,2002:map": lambda c, n: c.construct_mapping(n, deep=True),
    None: _Constructor.construct_undefined,
    **{
        f"tag:yaml.org,2002:{t}": _Constructor.construct_undefined
        for t in ("binary", "timestamp", "omap", "pairs", "set", "value")
    },
}


def _or_text(tag: str, build: Any) -> Any:
    """A core type's constructor, for a node tagged with it (``!!int x``): a text that is not of
    that type, or a scalar tagged as a list or map, stays the text, as the engine reads it
    (g7_rule_paths_tag_*)."""
    shape = _SHAPES.get(tag)

    def construct(c: _Constructor, node: Node) -> Any:
        if isinstance(node, ScalarNode) and (shape is None or not shape.match(str(node.value))):
            return str(node.value)
        return build(c, node)

    return construct


for _type in ("int", "float", "bool", "null", "seq", "map"):
    _core = f"tag:yaml.org,2002:{_type}"
    _CONSTRUCTORS[_core] = _or_text(_core, _CONSTRUCTORS.get(_core) or _Constructor.yaml_constructors[_core])
for _tag_name, _fn in _CONSTRUCTORS.items():
    _Constructor.add_constructor(_tag_name, _fn)


# Tags (``_Scanner.scan_tag``): a lone "!" is followed by these, then the tag characters run.
_TAG_WORD = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-")
_TAG_CHARS = _TAG_WORD | frozenset("#;/?:@&=+$_.~*'()")
_BREAK_OR_SPACE = "\0 \t\r\n\x85\u2028\u2029"


class _Scanner(Reader, Scanner):
    """PyYAML's scanner, but a tab separates tokens as YAML 1.2 (and the engine) allow."""

    def scan_to_next_token(self) -> None:
        if self.index == 0 and self.peek() == "\ufeff":
            self.forward()
        found = False
        while not found:
            at_line_start = self.column == 0
            tab = False
            while self.peek() in " \t":
                tab = tab or self.peek() == "\t"
                self.forward()
            if at_line_start and tab and not self.flow_level and self.peek() not in "#\0\r\n\x85\u2028\u2029":
                # Bun refuses a tab in block indentation (the lenient retry turns leading tabs into spaces).
                raise ScannerError(None, None, "found a tab in the indentation", self.get_mark())
            if self.peek() == "#":
                while self.peek() not in "\0\r\n\x85\u2028\u2029":
                    self.forward()
            if self.scan_line_break():
                if not self.flow_level:
                    self.allow_simple_key = True
            else:
                found = True

    def scan_anchor(self, token_class: Any) -> Any:
        # YAML 1.2: an anchor name is any run of non-space, non-flow-indicator characters.
        start_mark = self.get_mark()
        indicator = self.peek()
        name = "alias" if indicator == "*" else "anchor"
        self.forward()
        length = 0
        while self.peek(length) not in "\0 \t\r\n\x85\u2028\u2029,[]{}":
            length += 1
        if not length:
            raise ScannerError(f"while scanning an {name}", start_mark, "expected an anchor name", self.get_mark())
        value = self.prefix(length)
        self.forward(length)
        return token_class(value, start_mark, self.get_mark())

    def scan_tag(self) -> Any:
        """A tag as the engine's parser reads it: after a lone ``!`` the name starts with a letter,
        digit or ``-`` (``!*.ts``, ``!.env``, ``!_x`` are errors; ``!!*x`` is not), and it ends at
        the first character that is not a tag character (``,[]{}`` included), with no space needed
        before what follows (``!a,b x`` is ``!a`` on ``,b x``). (g7_rule_paths_tag_*)"""
        start_mark = self.get_mark()
        if self.peek(1) == "<" or self.peek(1) in _BREAK_OR_SPACE:
            return super().scan_tag()  # a verbatim tag, or the non-specific "!"
        self.forward()
        if self.peek() == "!":
            handle = "!!"
            self.forward()
        else:
            length = 0
            while self.peek(length) in _TAG_WORD:
                length += 1
            if not length:
                raise ScannerError("while scanning a tag", start_mark, "expected a tag name", self.get_mark())
            handle = "!"
            if self.peek(length) == "!":
                handle += self.prefix(length + 1)
                self.forward(length + 1)
        chunks: list[str] = []
        while True:
            length = 0
            while self.peek(length) in _TAG_CHARS:
                length += 1
            if length:
                chunks.append(self.prefix(length))
                self.forward(length)
            if self.peek() != "%":
                break
            chunks.append(self.scan_uri_escapes("tag", start_mark))
        if not chunks:
            raise ScannerError("while scanning a tag", start_mark, "expected a tag suffix", self.get_mark())
        return TagToken((handle, "".join(chunks)), start_mark, self.get_mark())

    # The engine's parser (Bun's) lets a plain scalar start with "," outside flow collections.
    def fetch_flow_entry(self) -> None:
        if self.flow_level:
            super().fetch_flow_entry()
        else:
            self.fetch_plain()

    def check_plain(self) -> bool:
        if not self.flow_level and self.peek() == ",":
            return True
        return bool(super().check_plain())

    # In a quoted scalar the engine's parser reads the CR of the first line break after text as
    # a break of its own ("a\r\n  b" is "a\nb", so is "a\r\r\n  b"); a CR before text is an error.
    _in_quoted = False
    _in_breaks = False

    def scan_flow_scalar(self, style: Any) -> Any:
        self._in_quoted = True
        try:
            return super().scan_flow_scalar(style)
        finally:
            self._in_quoted = False

    def scan_flow_scalar_breaks(self, double: Any, start_mark: Any) -> Any:
        self._in_breaks = True
        try:
            return super().scan_flow_scalar_breaks(double, start_mark)
        finally:
            self._in_breaks = False

    def scan_line_break(self) -> str:
        if self._in_quoted and self.peek() == "\r":
            if self.peek(1) != "\n" and (self._in_breaks or self.peek(1) != "\r"):
                raise ScannerError("while scanning a quoted scalar", None, "found a lone CR", self.get_mark())
            if not self._in_breaks:
                self.forward()
                return "\n"
        return str(super().scan_line_break())  # type: ignore[no-untyped-call]

    def scan_plain_spaces(self, indent: int, start_mark: Any) -> list[str]:
        length = 0
        while self.peek(length) in " \t":
            length += 1
        if self.peek(length) in "\r\n\x85\u2028\u2029":
            chunks: list[str] = super().scan_plain_spaces(indent, start_mark) or []
            return chunks
        whitespaces = self.prefix(length)
        self.forward(length)
        return [whitespaces] if whitespaces else []


class _Loader(_Scanner, Parser, Composer, _Constructor, _Resolver):
    def __init__(self, stream: str) -> None:
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _Constructor.__init__(self)
        _Resolver.__init__(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class Parsed:
    """The front matter as a mapping, where each top-level key starts (0-based line), and how it was read.

    ``data`` is ``None`` when the text did not parse even leniently; it may be a list or a
    scalar when the front matter is not a mapping.
    """

    data: Any
    key_lines: dict[str, int] = field(default_factory=dict)
    item_lines: dict[str, list[int]] = field(default_factory=dict)
    lenient: bool = False
    rewritten_lines: tuple[int, ...] = ()
    error: str = ""
    error_line: int = -1  # the 0-based line of the text the error is on, when known


_ENCLOSED = (('"', '"'), ("'", "'"))
_SPECIAL = re.compile(r"[{}\[\]*&#!|>%@`]|: ")
_KEY_LINE = re.compile(rf"([a-zA-Z_-]+):[{re.escape(JS_WS)}]+([^\n\r\u2028\u2029]+)")


def _is_list(value: str) -> bool:
    """A ``[...]`` value is left alone only when it parses as a list by itself."""
    try:
        return isinstance(_strict(value)[0], list)
    except (yaml.YAMLError, ValueError, RecursionError):
        return False


def quote_problem_values(text: str) -> tuple[str, tuple[int, ...]]:
    """Step 2: quote the values a strict parser choked on; also say which lines changed."""
    out: list[str] = []
    changed: list[int] = []
    for number, line in enumerate(text.split("\n")):
        m = _KEY_LINE.fullmatch(line)
        if m:
            key, value = m.group(1), m.group(2)
            quoted = any(value.startswith(a) and value.endswith(b) for a, b in _ENCLOSED) or (
                value.startswith("[") and value.endswith("]") and _is_list(value)
            )
            if not quoted and _SPECIAL.search(value):
                escaped = value.replace("\\", "\\\\").replace('"', '\\"')
                out.append(f'{key}: "{escaped}"')
                changed.append(number)
                continue
        out.append(line)
    return "\n".join(out), tuple(changed)


_LEADING_TABS = re.compile(r"(?:^|(?<=[\r\u2028\u2029]))\t+", re.MULTILINE)


def _expand_tabs(text: str) -> str:
    """The retry's ``/^\\t+/gm``: each tab that starts a line becomes two spaces."""
    return _LEADING_TABS.sub(lambda m: "  " * len(m.group()), text)


def _load(text: str) -> tuple[Any, dict[str, int], dict[str, list[int]]]:
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, {}, {}
        _expanded_size(node)
        data = loader.construct_document(node)
    finally:
        loader.dispose()
    key_lines: dict[str, int] = {}
    item_lines: dict[str, list[int]] = {}
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode):
                key_lines.setdefault(str(key_node.value), key_node.start_mark.line)
                if isinstance(value_node, SequenceNode):
                    item_lines[str(key_node.value)] = [n.start_mark.line for n in value_node.value]
    return data, key_lines, item_lines


_EMPTY_KEY = re.compile(r"^([ \t]*(?:-[ \t]+)*):(?=[ \t])", re.MULTILINE)


def _strict(text: str) -> tuple[Any, dict[str, int], dict[str, list[int]]]:
    try:
        return _load(text)
    except yaml.YAMLError:
        # The engine's parser also takes a line ": value" (key null), indented or as a list item
        # ("- : value", a map; g7_rule_paths_item_empty_key).
        patched = _EMPTY_KEY.sub(r"\1null:", text)
        if patched == text:
            raise
        return _load(patched)


def parse_front_matter(text: str) -> Parsed:
    if not text.strip(JS_WS):
        return Parsed(data=None)
    try:
        data, key_lines, item_lines = _strict(text)
        return Parsed(data=data, key_lines=key_lines, item_lines=item_lines)
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        first_error = _short(exc)
    fixed, changed = quote_problem_values(text)
    fixed = _expand_tabs(fixed)
    try:
        data, key_lines, item_lines = _strict(fixed)
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        # The retry's error names the line the engine stopped on too (its text keeps every line);
        # "while scanning a simple key" marks that key's line, the problem the line after it.
        mark = getattr(exc, "context_mark", None) or getattr(exc, "problem_mark", None)
        return Parsed(data=None, error=first_error, error_line=mark.line if mark is not None else -1)
    return Parsed(data=data, key_lines=key_lines, item_lines=item_lines, lenient=True, rewritten_lines=changed)


def _short(exc: BaseException) -> str:
    problem = getattr(exc, "problem", None)
    mark = getattr(exc, "problem_mark", None)
    if problem and mark is not None:
        return f"{problem} (line {mark.line + 1}, column {mark.column + 1})"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
