"""Quotes and lists nested past ``MAX_NESTING`` are refused before they are read, whoever reads
them (the start, ``check``, ``map``); a text nested up to it reads as before."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from agents_md import Session
from agents_md.engine.markdown import blocks
from agents_md.engine.markdown.blocks import MAX_NESTING, NestedTooDeep, check_nesting

Tree = Callable[..., Path]


def nested_list(depth: int, last: str = "@x.md") -> str:
    """``depth`` list items, each nested in the one before; the last one says ``last``."""
    return "".join("  " * i + "- a\n" for i in range(depth - 1)) + "  " * (depth - 1) + f"- {last}\n"


def _quote_lines(depth: int) -> str:
    return "".join("> " * i + "a\n" for i in range(1, depth)) + "> " * depth + "@x.md\n"


DEEP = {
    "quotes-on-a-line": ">" * 500 + " @x.md\n",
    "quote-lines": _quote_lines(500),
    "lists": nested_list(800),
    "mixed": "> - " * 120 + "@x.md\n",
    "tabs": "".join("\t" * i + "- a\n" for i in range(210)) + "\t" * 210 + "- @x.md\n",
}


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_a_text_nested_too_deep_is_refused_before_any_list_or_quote_is_read(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    monkeypatch.setattr(blocks, "_list_item", lambda *a: read.append("list") or (len(a[0]), ""))
    monkeypatch.setattr(blocks, "quote_block", lambda *a: read.append("quote"))
    with pytest.raises(NestedTooDeep, match=f"quotes or lists nested more than {MAX_NESTING} deep"):
        blocks.lex_blocks(text)
    assert read == []


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_the_start_tells_it_and_loads_the_rest(tree: Tree, text: str) -> None:
    root = tree({"CLAUDE.md": text, "x.md": "imported\n", "sub/CLAUDE.md": "# Sub\n"})
    start = Session(cwd=str(root / "sub"), home=str(root.parent / "h"), managed_dir=str(root.parent / "m")).start()
    assert [f.path for f in start.files] == [str(root / "CLAUDE.md"), str(root / "sub/CLAUDE.md")]
    assert f"{root / 'CLAUDE.md'}: nested too deep to find its @imports (quotes or lists); none followed" in (
        start.warnings
    )


def test_a_text_nested_as_deep_as_allowed_reads_as_before(tree: Tree) -> None:
    check_nesting(nested_list(MAX_NESTING))
    check_nesting(_quote_lines(MAX_NESTING))
    with pytest.raises(NestedTooDeep):
        check_nesting(nested_list(MAX_NESTING + 1))
    with pytest.raises(NestedTooDeep):
        check_nesting(_quote_lines(MAX_NESTING + 1))
    for text in (nested_list(MAX_NESTING), _quote_lines(MAX_NESTING)):
        root = tree({"CLAUDE.md": text, "x.md": "imported\n"})
        start = Session(cwd=str(root), home=str(root.parent / "h"), managed_dir=str(root.parent / "m")).start()
        assert [f.path for f in start.files] == [str(root / "CLAUDE.md"), str(root / "x.md")]
        assert start.warnings == ()


@pytest.mark.parametrize(
    "text",
    [
        "```json\n" + "".join(" " * (4 * i) + "{\n" for i in range(300)) + "```\n@x.md\n",  # deep code, no lists
        "-" * 1000 + "\n@x.md\n",  # a long thematic break
        "1" * 1000 + ". not a marker\n@x.md\n",
        " " * 1000 + "> not deep: one quote\n@x.md\n",
    ],
    ids=["indented-code", "rule", "digits", "indented-quote"],
)
def test_long_lines_that_open_nothing_deep_are_read(tree: Tree, text: str) -> None:
    check_nesting(text)
    root = tree({"CLAUDE.md": text, "x.md": "imported\n"})
    start = Session(cwd=str(root), home=str(root.parent / "h"), managed_dir=str(root.parent / "m")).start()
    assert str(root / "x.md") in [f.path for f in start.files]
