"""What the engine keeps about the texts it read stays bounded in a long-running process: each
cache by the bytes of the texts it holds, not only by their count."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from agents_md import Session
from agents_md._model import InstructionFile, Kind
from agents_md._util import jstext
from agents_md._util.bounded_cache import bounded_cache
from agents_md.engine import content, imports, render
from agents_md.engine.markdown import blocks, inline

CACHED = (
    content.process,
    blocks.top_blocks,
    blocks.item_blocks,
    blocks.list_items,
    imports.import_paths,
    imports.import_sites,
    inline._matched_runs,
    jstext._trimmed,
    render._kept,
)


def test_a_cache_drops_the_least_recently_used_past_its_bytes() -> None:
    calls: list[str] = []

    @bounded_cache(100, max_bytes=40)
    def length(text: str) -> int:
        calls.append(text)
        return len(text)

    a, b, c, d = "a" * 10, "b" * 10, "c" * 10, "d" * 10
    for text in (a, b, c, d, a):  # a is used again: b is now the oldest
        length(text)
    length("e" * 10)  # 50 bytes: one text must go
    assert length.cache.held == 40  # type: ignore[attr-defined]
    calls.clear()
    length(a), length(c), length(d), length(b)
    assert calls == [b]


def test_a_text_larger_than_a_quarter_of_the_budget_is_computed_each_time() -> None:
    calls: list[str] = []

    @bounded_cache(100, max_bytes=40)
    def length(text: str) -> int:
        calls.append(text)
        return len(text)

    big = "x" * 11
    assert length(big) == length(big) == 11
    assert calls == [big, big] and length.cache.held == 0  # type: ignore[attr-defined]


def test_a_cache_counts_what_its_size_says_of_values_that_hold_texts() -> None:
    @bounded_cache(100, max_bytes=40, size=lambda args: sum(len(t) for t in args[0]))
    def joined(texts: tuple[str, ...]) -> str:
        return "".join(texts)

    joined(("a" * 5, "b" * 5))
    joined(("c" * 6,))
    assert joined.cache.held == 16  # type: ignore[attr-defined]
    joined(("d" * 11,))  # over a quarter of the budget: not kept
    assert joined.cache.held == 16  # type: ignore[attr-defined]


def test_the_start_block_is_kept_by_its_files_and_made_afresh_for_files_that_cannot_be_kept() -> None:
    render._kept.cache_clear()  # type: ignore[attr-defined]
    files = (
        InstructionFile(path="/r/CLAUDE.md", kind=Kind.PROJECT, content="\n# rules\n\n"),
        InstructionFile(path="/r/a/CLAUDE.md", kind=Kind.LOCAL, content="  \n"),  # blank: no section
    )
    block = render.start_block(files)
    assert block == (
        render.REMINDER_OPEN + render.PREAMBLE + "\n\nContents of /r/CLAUDE.md (project instructions, "
        "checked into the codebase):\n\n# rules" + render.REMINDER_CLOSE
    )
    assert render.start_block(list(files)) is block  # equal files: the kept block
    assert render._kept.cache.held == len(files[0].content) + len(files[1].content)  # type: ignore[attr-defined]
    other = (InstructionFile(path="/r/CLAUDE.md", kind=Kind.USER, content="# rules"),)
    assert "(user's private global instructions for all projects)" in (render.start_block(other) or "")
    odd = InstructionFile(path="/r/CLAUDE.md", kind=Kind.PROJECT, content="# rules", parent=["a hook's list"])  # type: ignore[arg-type]
    assert render.start_block((odd,)) == block  # unhashable: rendered, not kept
    assert render.start_block((files[1],)) is None


@pytest.fixture
def small_budgets() -> Iterator[None]:
    saved = [(f.cache.max_bytes, f.cache) for f in CACHED]  # type: ignore[attr-defined]
    for _, cache in saved:
        cache.clear()
        cache.max_bytes = 4 * 1024 * 1024
    yield
    for budget, cache in saved:
        cache.max_bytes = budget
        cache.clear()


def test_item9_memory_stays_bounded_over_many_sessions_on_distinct_large_files(
    tree: Callable[..., Any], small_budgets: None
) -> None:
    home = str(tree({}, "home"))
    for i in range(12):
        root: Path = tree({"CLAUDE.md": f"# file {i}\n" + ("- a rule with `code` and @x.md\n" * 30_000)}, f"r{i}")
        assert Session(cwd=str(root), home=home).claude_md is not None  # each session is dropped
    for f in CACHED:
        assert f.cache.held <= f.cache.max_bytes, f.__name__  # type: ignore[attr-defined]
    assert content.process.cache.held < 12 * 900_000  # type: ignore[attr-defined]
