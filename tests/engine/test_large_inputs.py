"""Large inputs: what made them slow is done in one pass, with the same answers (P6 measures the time)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agents_md.engine import imports
from agents_md.engine.imports import import_sites
from agents_md.engine.markdown import inline
from agents_md.engine.settings import Settings, SettingsLayer


def _settings(*lists: tuple[object, ...]) -> Settings:
    layers = tuple(SettingsLayer(name=f"l{i}", path=f"/l{i}", values={"k": v}) for i, v in enumerate(lists))
    return Settings(layers=layers, enabled_sources=frozenset())


def test_item10_merged_lists_keep_the_first_place_of_each_value_across_and_within_layers() -> None:
    s = _settings(("a", "b", "a"), ("c", "b", {"x": 1}), ({"x": 1}, "d"))
    assert s.merged_list("k") == ("a", "b", "c", {"x": 1}, "d")


def test_item10_many_imports_each_at_its_own_line_and_column() -> None:
    text = "```\n@a0.md\n```\n" + "".join(f"<!-- n{i} -->\n  @a{i}.md\n" for i in range(3000))
    sites = import_sites(text)
    assert len(sites) == 3000
    assert (sites[0].path, sites[0].line, sites[0].column) == ("a0.md", 5, 3)  # not the one in the code block
    assert (sites[-1].path, sites[-1].line, sites[-1].column) == ("a2999.md", 3 + 2 * 3000, 3)


def test_item10_one_import_written_a_hundred_thousand_times_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    looked: list[str] = []
    good = imports._GOOD_START

    class Counting:
        def match(self, path: str) -> object:
            looked.append(path)
            return good.match(path)

    monkeypatch.setattr(imports, "_GOOD_START", Counting())
    text = "@a.md " * 100_000 + "@b.md @a.md#part @c\\ d.md\n"
    assert imports.import_paths(text) == ("a.md", "b.md", "c d.md")
    assert looked == ["a.md", "b.md", "a.md", "c d.md"]  # each spelling once: a.md#part is read as a.md


def _slow_inline_runs(text: str) -> Iterator[str]:
    """``inline_runs`` as it read a character at a time: the oracle for reading the plain text
    between the characters that matter in one step."""
    run: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "`":
            m = re.compile(r"`+").match(text, i)
            assert m is not None
            close = re.compile(r"(?<!`)" + m.group(0) + r"(?!`)").search(text, m.end())
            if close:
                yield "".join(run)
                run, i = [], close.end()
                continue
            run.append(m.group(0))
            i = m.end()
            continue
        if c == "\\" and i + 1 < n and text[i + 1] in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~":
            yield "".join(run)
            run, i = [], i + 2
            continue
        if c == "<":
            m = re.compile(
                r"<(?:[a-zA-Z][\w-]*(?:\s[^<>]*)?/?|/[a-zA-Z][\w-]*\s*|!--[\s\S]*?--|[^\s<>]+:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>"
            ).match(text, i)
            if m:
                yield "".join(run)
                run, i = [], m.end()
                continue
        if c in "*_":
            j = i
            while j < n and text[j] == c:
                j += 1
            if inline._is_emphasis_delimiter(text, i, j):
                yield "".join(run)
                run, i = [], j
                continue
            run.append(text[i:j])
            i = j
            continue
        if c == "[" or (c == "!" and i + 1 < n and text[i + 1] == "["):
            link = re.compile(r"!?\[((?:\\.|[^\[\]\\])*)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+[^)]*)?\)").match(
                text, i
            )
            if link:
                yield "".join(run)
                run = []
                if c == "[":
                    yield from _slow_inline_runs(link.group(1))
                i = link.end()
                continue
        run.append(c)
        i += 1
    yield "".join(run)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab @`\\<>*_[]()!:/.-\n", max_size=40))
def test_item10_inline_runs_read_plain_text_in_one_step_with_the_same_runs(text: str) -> None:
    assert list(inline.inline_runs(text)) == list(_slow_inline_runs(text))
