"""The loader records every import it meets and what became of it (``StartContext.imports``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agents_md import ImportOutcome, Session
from agents_md.engine.imports import import_sites

Tree = Callable[..., Path]


def start(root: Path, cwd: str = "", **kwargs: object) -> object:
    home = root.parent / "home"
    s = Session(cwd=str(root / cwd), home=str(home), managed_dir=str(root.parent / "m"), **kwargs)  # type: ignore[arg-type]
    return s.start()


def outcomes(root: Path, context: object) -> list[tuple[str, str, str, int, int]]:
    return [
        (Path(e.importer).relative_to(root).as_posix(), e.written, str(e.outcome), e.line, e.column)
        for e in context.imports  # type: ignore[attr-defined]
    ]


def test_each_outcome_with_its_place(tree: Tree) -> None:
    root = tree(
        {
            "sub/CLAUDE.md": "---\nx: 1\n---\n# T\n\nsee @a.md and @gone.md\n  @../../out.md\n@img.png @deep1.md\n",
            "sub/a.md": "a\n",
            "sub/img.png": "x",
            "sub/deep1.md": "@deep2.md\n",
            "sub/deep2.md": "@deep3.md\n",
            "sub/deep3.md": "@deep4.md\n",
            "sub/deep4.md": "@deep5.md\n",
            "sub/deep5.md": "x\n",
        }
    )
    found = outcomes(root, start(root, "sub"))
    assert found[:4] == [
        ("sub/CLAUDE.md", "a.md", "loaded", 6, 5),
        ("sub/CLAUDE.md", "gone.md", "missing", 6, 15),
        ("sub/CLAUDE.md", "../../out.md", "external", 7, 3),
        ("sub/CLAUDE.md", "img.png", "not-text", 8, 1),
    ]
    assert ("sub/deep3.md", "deep4.md", "loaded", 1, 1) in found  # the fourth import down
    assert ("sub/deep4.md", "deep5.md", "depth", 1, 1) in found  # the fifth is past the limit


def test_a_cycle_is_named_whole_and_a_second_import_is_already_loaded(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "@a.md\n@b.md\n", "a.md": "@b.md\n", "b.md": "@CLAUDE.md\n"})
    context = start(root)
    [cycle] = [e for e in context.imports if e.outcome is ImportOutcome.CYCLE]  # type: ignore[attr-defined]
    assert Path(cycle.importer).name == "b.md"
    assert [Path(p).name for p in cycle.chain] == ["CLAUDE.md", "a.md", "b.md"]
    already = [e for e in context.imports if e.outcome is ImportOutcome.ALREADY]  # type: ignore[attr-defined]
    assert [(Path(e.importer).name, e.written) for e in already] == [("CLAUDE.md", "b.md")]


def test_an_excluded_import_and_the_plugins_lookups_are_recorded(tree: Tree) -> None:
    root = tree({"AGENTS.md": "@notes.md\n@skip.md\n", "notes.md": "n\n", "skip.md": "s\n"})
    settings = '{"claudeMdExcludes": ["**/skip.md"]}'
    found = outcomes(root, start(root, args=["--settings", settings]))
    assert found == [("AGENTS.md", "notes.md", "loaded", 1, 1), ("AGENTS.md", "skip.md", "excluded", 2, 1)]


def test_import_sites_skip_what_a_code_block_holds() -> None:
    text = "```\n@a.md\n```\n\nthen @a.md and @b.md\n"
    assert [(s.path, s.line, s.column) for s in import_sites(text)] == [("a.md", 5, 6), ("b.md", 5, 16)]


def test_an_import_after_emphasis_is_placed_at_its_own_line() -> None:
    from agents_md.engine.imports import import_sites

    text = "# Title\n\n- Vitest with **@testing-library/react**\n- Mock factories using **@ngneat/falso**\n"
    assert [(s.path, s.line, s.column) for s in import_sites(text)] == [
        ("testing-library/react", 3, 17),
        ("ngneat/falso", 4, 26),
    ]
