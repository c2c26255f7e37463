"""The hook's context within Claude Code's limit of 10,000 UTF-16 units."""

from __future__ import annotations

import pytest

from agents_md.claude_code.budget import LIMIT, Item, fit, units


@pytest.mark.parametrize(
    ("text", "expected"), [("abc", 3), ("é" * 10, 10), ("\U0001f600", 2), ("a\U0001f600b", 4)], ids=str
)
def test_units_count_as_javascript_does(text: str, expected: int) -> None:
    assert units(text) == expected


def item(path: str, body: str) -> Item:
    return Item(path=path, head=f"Contents of {path}:\n\n", body=body)


def test_text_within_the_limit_goes_as_it_is() -> None:
    items = [item("/r/a/AGENTS.md", "a\n"), item("/r/b/AGENTS.md", "b")]
    assert fit(items, "\n") == "Contents of /r/a/AGENTS.md:\n\na\n\nContents of /r/b/AGENTS.md:\n\nb"


def test_exactly_the_limit_is_whole() -> None:
    body = "x" * (LIMIT - len("Contents of /a:\n\n"))
    assert fit([item("/a", body)], "\n") == "Contents of /a:\n\n" + body


def test_a_longer_file_is_cut_after_a_whole_line_and_the_rest_named() -> None:
    lines = [f"line {i:04d}\n" for i in range(2000)]
    out = fit([item("/r/AGENTS.md", "".join(lines)), item("/r/x/AGENTS.md", "x\n")], "\n")
    assert units(out) <= LIMIT
    kept, note = out.split("\n[agents-md: ")
    shown = kept.count("\n") - 2
    assert kept == "Contents of /r/AGENTS.md:\n\n" + "".join(lines[:shown])
    assert note == (
        f"/r/AGENTS.md is cut after line {shown} of 2000; left out: /r/x/AGENTS.md. Claude Code keeps at most "
        "10,000 characters of a hook's context in the conversation; Read those files for the rest.]\n"
    )


def test_whole_files_first_then_the_one_that_does_not_fit_is_cut() -> None:
    small = item("/r/AGENTS.md", "small\n")
    big = item("/r/big/AGENTS.md", "y" * 50 + "\n" + ("z" * 99 + "\n") * 200)
    out = fit([small, big], "\n")
    assert out.startswith("Contents of /r/AGENTS.md:\n\nsmall\n\nContents of /r/big/AGENTS.md:\n\n" + "y" * 50 + "\n")
    assert "/r/big/AGENTS.md is cut after line " in out and "left out" not in out
    assert units(out) <= LIMIT


def test_a_file_with_one_overlong_line_is_left_out_and_named() -> None:
    out = fit([item("/r/AGENTS.md", "w" * 20_000)], "\n")
    assert out == (
        "\n[agents-md: left out: /r/AGENTS.md. Claude Code keeps at most 10,000 characters of a hook's context "
        "in the conversation; Read those files for the rest.]\n"
    )


def test_many_files_left_out_are_named_a_few_then_counted_within_the_limit() -> None:
    items = [item("/r/AGENTS.md", "w" * 9_990)] + [item(f"/r/p{i}/AGENTS.md", "x\n" * 50) for i in range(300)]
    out = fit(items, "\n")
    assert units(out) <= LIMIT
    assert (
        "left out: /r/AGENTS.md, /r/p0/AGENTS.md, /r/p1/AGENTS.md, /r/p2/AGENTS.md, /r/p3/AGENTS.md and 296 more" in out
    )
