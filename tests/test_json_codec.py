"""``_util.json_codec`` against ``json`` itself, on random values and texts: the same answers,
the same text written, the same errors raised."""

from __future__ import annotations

import json
import random

import pytest

from agents_md._util import json_codec

ALPHABET = ["a", "Z", " ", '"', "\\", "/", "\n", "\t", "\x00", "\x1f", "\x7f", "é", "中", "\u2028", "\ud800", "😀"]


class Text(str):
    pass


class Number(int):
    pass


def random_value(rng: random.Random, depth: int = 0) -> object:
    kinds = ["str", "int", "float", "special", "none", "bool", "sub"]
    if depth < 4:
        kinds += ["list", "tuple", "dict", "dict", "empty"]
    kind = rng.choice(kinds)
    if kind == "str":
        return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(6)))
    if kind == "int":
        return rng.choice([0, -1, 7, 2**70, -(2**64)])
    if kind == "float":
        return rng.choice([0.0, -0.0, 1.5, 1e300, -2.5e-300, 0.1])
    if kind == "special":
        return rng.choice([float("nan"), float("inf"), float("-inf")])
    if kind == "none":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "sub":
        return rng.choice([Text("sub"), Number(3)])
    if kind == "empty":
        return rng.choice([[], {}, ()])
    if kind in ("list", "tuple"):
        items = [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
        return items if kind == "list" else tuple(items)
    keys = ["k", "", "é", 1, 2.5, True, False, None, Text("t"), float("nan")]
    return {rng.choice(keys): random_value(rng, depth + 1) for _ in range(rng.randrange(4))}


OPTIONS = [
    {},
    {"ensure_ascii": False},
    {"indent": 2, "ensure_ascii": False},
    {"indent": 1},
    {"indent": 0},
    {"indent": "\t"},
    {"separators": (",", ":")},
    {"separators": (",", ":"), "ensure_ascii": False},
    {"indent": 2, "separators": (", ", " = ")},
]


@pytest.mark.parametrize("seed", range(40))
def test_it_writes_what_json_writes(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        value = random_value(rng)
        for options in OPTIONS:
            assert json_codec.dumps(value, **options) == json.dumps(value, **options), (value, options)


@pytest.mark.parametrize("seed", range(40))
def test_it_reads_what_json_reads(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        text = json.dumps(random_value(rng), indent=rng.choice([None, 1]), ensure_ascii=rng.random() < 0.5)
        text = rng.choice(["", " ", "\n\t\r "]) + text + rng.choice(["", " ", "\r\n"])
        assert repr(json_codec.loads(text)) == repr(json.loads(text))


def outcome(read: object, text: str) -> tuple[str, object]:
    try:
        return "value", repr(read(text))  # type: ignore[operator]
    except json.JSONDecodeError as exc:
        return "error", (type(exc), exc.msg, exc.pos, exc.lineno, exc.colno, str(exc))


@pytest.mark.parametrize("seed", range(40))
def test_broken_texts_raise_what_json_raises(seed: int) -> None:
    rng = random.Random(seed)
    pieces = ["{", "}", "[", "]", ",", ":", '"', "a", "1", "-", ".", "e", "true", "nul", "NaN", " ", "\n", "\\"]
    pieces.append("\ufeff")
    for _ in range(200):
        text = json.dumps(random_value(rng))
        cut = rng.randrange(len(text) + 1)
        text = text[:cut] + rng.choice(pieces) + text[cut + rng.randrange(2) :]
        assert outcome(json_codec.loads, text) == outcome(json.loads, text), text


@pytest.mark.parametrize(
    "text", ["", " ", "{} {}", '{"a": 1} x', "\ufeff{}", '{"a": 1,}', '"\x01"', "[1, 2", "01", "1e400", "-Infinity"]
)
def test_the_edges_of_a_document(text: str) -> None:
    assert outcome(json_codec.loads, text) == outcome(json.loads, text)


def test_what_json_cannot_write_is_refused_in_its_words() -> None:
    loop: list[object] = []
    loop.append(loop)
    for value, options in [(object(), {}), (object(), {"indent": 2}), ({(1, 2): 3}, {}), ({(1, 2): 3}, {"indent": 2})]:
        with pytest.raises(TypeError) as ours:
            json_codec.dumps(value, **options)  # type: ignore[arg-type]
        with pytest.raises(TypeError) as theirs:
            json.dumps(value, **options)  # type: ignore[arg-type]
        assert str(ours.value) == str(theirs.value)
    for options in ({}, {"indent": 2}):
        with pytest.raises(ValueError, match="Circular reference detected"):
            json_codec.dumps(loop, **options)  # type: ignore[arg-type]
    shared = [1]
    assert json_codec.dumps([shared, shared], indent=1) == json.dumps([shared, shared], indent=1)


def test_a_deep_document_fails_as_json_does() -> None:
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(RecursionError):
        json.loads(text)
    with pytest.raises(RecursionError):
        json_codec.loads(text)


def test_a_deep_value_is_written_indented_as_json_writes_it() -> None:
    deep: object = []
    for n in range(500):  # within json's reach, past three frames a level
        deep = [deep] if n % 2 else {"k": deep}
    assert json_codec.dumps(deep, indent=1) == json.dumps(deep, indent=1)
