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
