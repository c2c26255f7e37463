"""A nested file too long for the engine's block after a Read shows only its start
(``engine.long_nested``), and a Read of a file too large fails (``engine.read_limit``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.long_nested import MOST, NOTE, shown
from agents_md.engine.read_limit import MOST_BYTES, too_large

LINE = "x" * 99 + "\n"  # 100 characters


def note(line: int) -> str:
    return NOTE.format(path="/p/CLAUDE.md", line=line)


@pytest.mark.parametrize(
    "text",
    [LINE * 1500, LINE * 1499 + "x" * 100 + "\n", "é" * 140_000, "x" * MOST + "\n\n\n"],
    ids=["at-the-limit", "over-by-a-final-line-break", "multibyte-under", "trailing-blank-lines"],
)
def test_a_text_at_most_the_limit_trimmed_is_shown_whole(text: str) -> None:
    assert shown("/p/CLAUDE.md", text) == text


def test_a_longer_text_is_cut_before_the_last_line_break_of_its_first_characters() -> None:
    text = LINE * 1500 + "y"
    assert shown("/p/CLAUDE.md", text) == LINE * 1499 + "x" * 99 + note(1501)


def test_one_long_line_is_cut_inside_it() -> None:
    assert shown("/p/CLAUDE.md", "z" * (MOST + 1)) == "z" * MOST + note(1)


def test_characters_outside_the_bmp_count_twice() -> None:
    text = "\U0001f600" * (MOST // 2) + "a"
    assert shown("/p/CLAUDE.md", text) == "\U0001f600" * (MOST // 2) + note(1)


@pytest.mark.parametrize(
    ("name", "size", "refused"),
    [("a.txt", MOST_BYTES, False), ("a.txt", MOST_BYTES + 1, True), ("a.png", MOST_BYTES + 1, False)],
    ids=["at-the-limit", "one-byte-over", "image"],
)
def test_a_read_fails_past_the_limit(tmp_path: Path, name: str, size: int, refused: bool) -> None:
    path = tmp_path / name
    path.write_bytes(b"y" * size)
    assert too_large(DEFAULT_FS, str(path)) is refused
