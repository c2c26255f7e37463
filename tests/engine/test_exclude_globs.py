"""``claudeMdExcludes`` patterns read as the engine's glob library reads them
(``engine.exclude_globs``), where that differs from a shell's reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents_md._model import Kind
from agents_md.engine.exclude_globs import spellings
from agents_md.engine.excludes import Excluder

# (id, pattern with <ROOT>, file below the root, excluded)
CASES = [
    ("group-is-no-literal", "**/(auth)/**", "app/(auth)/CLAUDE.md", False),
    ("group-matches-its-text", "**/(auth)/**", "app/auth/CLAUDE.md", True),
    ("group-alternatives", "**/app/(auth|admin)/CLAUDE.md", "app/admin/CLAUDE.md", True),
    ("group-spans-folders", "**/(app/auth)/CLAUDE.md", "app/auth/CLAUDE.md", True),
    ("the-text-itself", "<ROOT>/app/(auth)/CLAUDE.md", "app/(auth)/CLAUDE.md", True),
    ("the-text-as-group", "<ROOT>/app/(auth)/CLAUDE.md", "app/auth/CLAUDE.md", True),
    ("backslash-no-escape", "**/app/\\(auth\\)/**", "app/(auth)/CLAUDE.md", False),
    ("bar-second-half", "<ROOT>/app/auth|<ROOT>/app/admin/CLAUDE.md", "app/admin/CLAUDE.md", True),
    ("bar-first-half-whole", "<ROOT>/app/auth|<ROOT>/app/admin/CLAUDE.md", "app/auth/CLAUDE.md", False),
    ("bar-then-no-globstar", "**/a|**/g/CLAUDE.md", "g/CLAUDE.md", False),
    ("bracket-letters", "**/[x]/**", "x/CLAUDE.md", True),
    ("bracket-own-text", "**/[x]/**", "[x]/CLAUDE.md", True),
    ("bracket-range-no-text", "**/[a-b]/**", "[a-b]/CLAUDE.md", False),
    ("bracket-bang-character", "**/[!a]/CLAUDE.md", "a/CLAUDE.md", True),
    ("bracket-bang-no-negation", "**/[!a]/CLAUDE.md", "b/CLAUDE.md", False),
    ("negated-extglob-prefix", "**/!(a)/CLAUDE.md", "ab/CLAUDE.md", False),
    ("negated-extglob-other", "**/!(a)/CLAUDE.md", "ba/CLAUDE.md", True),
    ("plain-glob-unchanged", "**/*.md", "a/CLAUDE.md", True),
]


@pytest.mark.parametrize(("pattern", "rel", "excluded"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_pattern_excludes_as_the_engine_reads_it(tmp_path: Path, pattern: str, rel: str, excluded: bool) -> None:
    root = tmp_path / "root"
    (root / rel).parent.mkdir(parents=True)
    (root / rel).write_text("x\n")
    excluder = Excluder([pattern.replace("<ROOT>", str(root))])
    assert excluder.excludes(str(root / rel), Kind.PROJECT) is excluded


def test_a_hostile_pattern_is_spelled_a_bounded_number_of_ways() -> None:
    assert len(spellings("/r/" + "(a|b)" * 20)) <= 64


def test_many_bracket_classes_keep_the_spellings_bounded() -> None:
    # Each class doubles the spellings (as a class, and as its text): 24 of them once ran out of memory.
    out = spellings("/r/" + "[a]" * 24 + "/CLAUDE.md")
    assert len(out) == 64
    assert all(s.count("[a]") + s.count("\\[a\\]") == 24 for s in out[1:])
    assert Excluder(["/r/" + "[a]" * 24 + "/CLAUDE.md"]).excludes("/r/" + "a" * 24 + "/CLAUDE.md", Kind.PROJECT)


def test_thousands_of_groups_or_nested_extglobs_neither_recurse_nor_crash(tmp_path: Path) -> None:
    many = "/r/" + "(a)" * 1300 + "/CLAUDE.md"  # past the recursion limit, within a path's length
    assert spellings(many)[1:] == ("/r/" + "a" * 1300 + "/CLAUDE.md",)
    nested = ["!(" * 3000 + "x" + ")" * 3000, "(" * 20000 + ")" * 20000]
    excluder = Excluder([*nested, many])
    excluder.excludes(str(tmp_path / "CLAUDE.md"), Kind.PROJECT)  # answers: no RecursionError from the glob library
    assert excluder.excludes("/r/" + "a" * 1300 + "/CLAUDE.md", Kind.PROJECT)
