"""Content processing: front matter and HTML comments removed, the rest kept byte for byte."""

from __future__ import annotations

import pytest

from agents_md._util.front_matter import split_front_matter
from agents_md._util.jstext import js_trim
from agents_md.engine.content import process, strip_html_comments


@pytest.mark.parametrize(
    ("raw", "body"),
    [
        ("---\nx: 1\n---\nbody\n", "body\n"),
        ("---\nx: 1\n---\n\n\nbody\n", "body\n"),  # blank lines after the fence go with it
        ("---\r\nx: 1\r\n---\r\nbody\r\nline\r\n", "body\r\nline\r\n"),
        ("\ufeff---\nx: 1\n---\nbody\n", "body\n"),
        ("---\n---\nempty front matter\n", "empty front matter\n"),
        ("---\ntitle: a --- b\n---\nrest\n", "b\n---\nrest\n"),  # the first --- anywhere closes it
    ],
    ids=["plain", "blank-lines-after", "crlf", "bom", "empty", "closing-mid-line"],
)
def test_front_matter_at_the_very_start_is_removed(raw: str, body: str) -> None:
    assert process(raw.encode()).text == body


@pytest.mark.parametrize(
    "raw",
    ["\n---\nx: 1\n---\nbody\n", "---\nx: 1\nno close\n", "x: 1\n---\nnot front matter\n"],
    ids=["blank-line-first", "unclosed", "no-opening"],
)
def test_text_that_is_not_front_matter_is_kept(raw: str) -> None:
    front = split_front_matter(raw)
    assert (front.yaml, front.body) == (None, raw)


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("para\n<!-- own line -->\nafter\n", "para\nafter\n"),
        ("<!-- a --> tail text\nnext\n", " tail text\nnext\n"),
        ("<!-- multi\nline -->\nafter\n", "after\n"),
        ("- item\n<!-- after the list -->\nw\n", "- item\nw\n"),
        ("# H\n<!-- after a heading -->\nbody\n", "# H\nbody\n"),
        ("<!-- a --><!-- b -->\nv\n", "v\n"),
        ("line1\r\n<!-- c -->\r\nline3\r\n", "line1\nline3\n"),  # line endings normalised then
    ],
    ids=["own-line", "text-after", "multi-line", "ends-a-list", "after-heading", "two-comments", "crlf"],
)
def test_block_comments_are_removed(raw: str, kept: str) -> None:
    assert strip_html_comments(raw) == kept


@pytest.mark.parametrize(
    "raw",
    [
        "text <!-- inline --> more\n",
        "before\n\n<!-- unclosed\nrest\n",
        "```\n<!-- in a fence -->\n```\n",
        "`<!-- in a span -->` y\n",
        "    <!-- indented code -->\n",
        "- item\n  <!-- inside the item -->\n",
        "<div>\n<!-- inside html -->\n</div>\n",
        "<!--> short\n",
        "line\r\nno comment\r\n",
    ],
    ids=["inline", "unclosed", "fence", "code-span", "indented", "list-item", "html-block", "degenerate", "crlf-kept"],
)
def test_comments_that_are_not_blocks_of_their_own_stay(raw: str) -> None:
    assert strip_html_comments(raw) == raw


def test_invalid_utf8_is_replaced_and_reported() -> None:
    processed = process(b"ok \xff\xfe end\n")
    assert processed.text == "ok \ufffd\ufffd end\n"
    assert processed.had_decode_errors


def test_js_trim_removes_a_bom_but_not_the_separators_python_would() -> None:
    assert js_trim("\ufeff  text \r\n") == "text"
    assert js_trim("\x1ctext\x85") == "\x1ctext\x85"


@pytest.mark.parametrize(
    "text",
    [
        "---\npaths: a\n---\nbody\n",
        "\ufeff---\npaths: a\n---\nbody\n",
        "--- \t\npaths: a\n---body\n",
        "---\nno closing fence\n",
        "---x\n---\n",
        "--\n---\n",
        " ---\na\n---\n",
        "\ufeff\ufeff---\na\n---\n",
        "# no front matter\n---\na\n---\n",
        "",
    ],
)
def test_processing_splits_front_matter_exactly_as_the_fence_rule_does(text: str) -> None:
    """``process`` looks at the fence rule only for a text starting with one; the result is the rule's."""
    front = split_front_matter(text)
    processed = process(text.encode("utf-8"))
    assert processed.front_matter == front.yaml
    assert processed.body == (front.body if front.yaml is not None else text)
