"""A prompt's ``@``-mentions as Claude Code 2.1.328 reads them (``engine.touch.mention_names``)."""

from __future__ import annotations

from pathlib import Path

from agents_md.engine.touch import mention_names, mention_order, prompt_mentions


def test_trailing_punctuation_and_line_ranges_are_cut() -> None:
    assert mention_names("fix @a/b.ts, then @c/d.go. See @lib") == ["a/b.ts", "c/d.go", "lib"]
    assert mention_names("look at @src/x.py#L1-2, and @y.md#intro") == ["src/x.py", "y.md"]


def test_quoted_names_come_first_and_each_name_once() -> None:
    assert mention_names('see @x.md and @"my docs/n.md" and @x.md') == ["my docs/n.md", "x.md"]
    assert mention_names('ask @"reviewer (agent)"') == []


def test_an_at_inside_a_word_is_no_mention_unless_after_cjk_punctuation() -> None:
    assert mention_names("mail a@b.com (@p.md) [@q.md]") == []
    assert mention_names("見て。@docs/x.md！") == ["docs/x.md"]


def test_a_folder_is_no_mention_a_missing_file_is(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "f.txt").write_text("x\n")
    assert prompt_mentions("@d/f.txt, @d and @d/missing.txt", str(tmp_path)) == [
        str(tmp_path / "d" / "f.txt"),
        str(tmp_path / "d" / "missing.txt"),
    ]


def test_step_5_the_shallowest_mention_is_done_first_equal_ones_in_the_prompts_order() -> None:
    paths = ["/r/a/b/c/f.txt", "/r/z/g.txt", "/r/m/n/h.txt", "/r/q/i.txt", "/r/z/../y/x/j.txt"]
    assert mention_order(paths) == [1, 3, 2, 4, 0]
