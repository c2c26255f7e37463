"""A Read leaves out the files its loop holds already, but still follows what they import
(``engine.nested`` step 4): holding a file is not having walked its imports."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agents_md import Session

Tree = Callable[..., Path]


def session_in(root: Path) -> Session:
    return Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"))


def paths(files: object, root: Path) -> list[str]:
    return [str(Path(f.path).relative_to(root)) for f in files]  # type: ignore[attr-defined]


def test_a_doc_read_earlier_is_left_out_and_what_it_imports_attached(tree: Tree) -> None:
    root = tree(
        {"docs/a.md": "# a\n@b.md\n", "docs/b.md": "# b\n", "sub/CLAUDE.md": "@../docs/a.md\n", "sub/f.txt": "f\n"}
    )
    s = session_in(root)
    s.start()
    assert s.read(str(root / "docs/a.md")).files == ()
    assert paths(s.read(str(root / "sub/f.txt")).files, root) == ["sub/CLAUDE.md", "docs/b.md"]


def test_a_start_file_at_the_import_depth_limit_has_its_imports_attached_on_read(tree: Tree) -> None:
    chain = {f"docs/c{i}.md": f"@c{i + 1}.md\n" for i in range(1, 4)}
    root = tree({"CLAUDE.md": "@docs/c1.md\n", **chain, "docs/c4.md": "@a.md\n", "docs/a.md": "# a\n"})
    (root / "s").mkdir()
    (root / "s/CLAUDE.md").write_text("@../docs/c4.md\n")
    s = session_in(root)
    start = s.start()
    assert "docs/a.md" not in paths(start.files, root)  # cut by the depth limit at the start
    assert paths(s.read(str(root / "s/f.txt")).files, root) == ["s/CLAUDE.md", "docs/a.md"]


def test_an_import_spelled_through_a_link_is_attached_though_its_target_was_read(tree: Tree) -> None:
    root = tree({"docs/style.md": "# style\n", "sub/CLAUDE.md": "@../linkdir/style.md\n", "sub/f.txt": "f\n"})
    (root / "linkdir").symlink_to("docs")
    s = session_in(root)
    s.start()
    s.read(str(root / "docs/style.md"))
    assert paths(s.read(str(root / "sub/f.txt")).files, root) == ["sub/CLAUDE.md", "linkdir/style.md"]
