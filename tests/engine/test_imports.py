"""Which words are @imports, and where they point."""

from __future__ import annotations

import pytest

from agents_md.engine.imports import import_paths, is_text_file_name, js_extname, resolve


@pytest.mark.parametrize(
    ("text", "paths"),
    [
        ("@a.md\n", ["a.md"]),
        ("see @a.md here\n", ["a.md"]),
        ("**@a.md**\n", ["a.md"]),
        ("*@a.md*\n", ["a.md"]),
        ("_@a.md_\n", ["a.md"]),
        ("[@a.md](http://x)\n", ["a.md"]),
        ("<b>@a.md</b>\n", ["a.md"]),
        ("# @a.md\n", ["a.md"]),
        ("- @a.md\n", ["a.md"]),
        ("> @a.md\n", ["a.md"]),
        ("1. @a.md\n", ["a.md"]),
        ("@a.md#section\n", ["a.md"]),
        ("@a\\ b.md\n", ["a b.md"]),
        ("@a.md`tick`\n", ["a.md"]),
        ("@./a.md @../b.md @~/c.md @/abs/d.md\n", ["./a.md", "../b.md", "~/c.md", "/abs/d.md"]),
    ],
    ids=[
        "line-start",
        "mid-line",
        "bold",
        "em",
        "underscore-em",
        "link-text",
        "inline-tag",
        "heading",
        "list",
        "quote",
        "ordered",
        "fragment",
        "escaped-space",
        "code-span-ends-path",
        "prefixes",
    ],
)
def test_imports_are_found(text: str, paths: list[str]) -> None:
    assert list(import_paths(text)) == paths


@pytest.mark.parametrize(
    "text",
    [
        "x@a.md\n",
        "(@a.md)\n",
        "`@a.md`\n",
        "```\n@a.md\n```\n",
        "    @a.md\n",
        "<div>\n@a.md\n</div>\n",
        "@@a.md\n",
        "@#a.md\n",
        "me@example.com\n",
        "@/\n",
        "\\@a.md\n",
    ],
    ids=[
        "glued",
        "paren",
        "code-span",
        "fence",
        "indented",
        "html-block",
        "double-at",
        "hash",
        "email",
        "root",
        "escaped-at",
    ],
)
def test_not_imports(text: str) -> None:
    assert import_paths(text) == ()


def test_a_code_span_in_a_list_item_is_still_read_whole_as_the_engine_does() -> None:
    assert import_paths("- `a @b.md c`\n") == ("b.md",)


def test_relative_imports_resolve_from_the_importing_file(tmp_path: object) -> None:
    assert resolve("x.md", "/r/docs/CLAUDE.md", "/h") == "/r/docs/x.md"
    assert resolve("../x.md", "/r/docs/CLAUDE.md", "/h") == "/r/x.md"
    assert resolve("~/x.md", "/r/CLAUDE.md", "/h") == "/h/x.md"
    assert resolve("/abs/x.md", "/r/CLAUDE.md", "/h") == "/abs/x.md"


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("a.md", True),
        ("a.MD", True),
        ("Makefile", True),
        (".env", True),
        ("a.py", True),
        ("a.png", False),
        ("a.md.", False),
        ("a.md,", False),
        ("a.jsonc", False),
    ],
)
def test_only_text_extensions_are_read_as_imports(name: str, text: bool) -> None:
    assert is_text_file_name(name) is text


def test_extname_follows_node() -> None:
    assert js_extname(".hidden") == ""
    assert js_extname("a.b.md") == ".md"
    assert js_extname("a.") == "."
