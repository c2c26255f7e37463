"""A Read refused for its binary name, and one of an image, notebook or PDF that is not what its
name says (``engine.read_limit``, steps 2 and 3)."""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest
from trees import build_tree

from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.read_limit import refused_name, unreadable
from agents_md.host.session import Session

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC")


@pytest.mark.parametrize(
    ("name", "refused"),
    [
        ("x.bmp", True),
        ("bun.lockb", True),
        ("data.ZIP", True),
        ("a.tar.gz", True),
        ("x.png", False),
        ("x.PDF", False),
        ("x.svg", False),
        ("Makefile", False),
        ("dir.zip/f.txt", False),
    ],
)
def test_a_binary_name_is_refused_unless_the_read_shows_it_its_own_way(name: str, refused: bool) -> None:
    assert refused_name("/p/" + name) is refused


@pytest.mark.parametrize(
    ("name", "data", "fails"),
    [
        ("x.png", PNG, False),
        ("x.jpg", PNG, False),  # the decoder goes by the content, not the name
        ("x.png", b"// text\n", True),
        ("x.png", b"", True),
        ("x.png", PNG[:8], True),
        ("x.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF" + b"garbage" * 10, True),
        ("x.gif", b"GIF89a" + b"\x01\x00\x01\x00\x00\x00\x00", False),
        ("n.ipynb", b'{"cells": [], "metadata": {}}', False),
        ("n.ipynb", b"not json", True),
        ("n.ipynb", b"{}", True),
        ("d.pdf", b"%PDF-1.4\n", False),
        ("d.pdf", b"text\n", True),
        ("f.txt", b"", False),
    ],
)
def test_a_file_read_its_own_way_must_be_what_its_name_says(
    tmp_path: Path, name: str, data: bytes, fails: bool
) -> None:
    (tmp_path / name).write_bytes(data)
    assert unreadable(DEFAULT_FS, str(tmp_path / name)) is fails


def test_what_each_read_attaches(tmp_path: Path) -> None:
    tree = {
        "AGENTS.md": "# root\n",
        "i/AGENTS.md": "# i\n",
        "i/CLAUDE.md": "# i claude\n",
        "i/j/AGENTS.md": "# j\n",
        "i/j/f.txt": "f\n",
        "i/j/x.bmp": "BM\n",
        "i/j/x.png": "text\n",
        "i/j/y.png": {"b64": base64.b64encode(PNG).decode()},
    }
    root = build_tree(tmp_path / "root", tree)
    (tmp_path / "home").mkdir()
    settings = '{"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}}}'
    (tmp_path / "home/.claude").mkdir()
    (tmp_path / "home/.claude/settings.json").write_text(settings)
    session = Session(cwd=root, home=str(tmp_path / "home"), env={})

    def read(name: str) -> tuple[list[str], list[str]]:
        result = session.read(os.path.join(root, "i/j", name))
        hooked = [os.path.relpath(f.path, root) for _, files in result.hook_files for f in files]
        return [os.path.relpath(f.path, root) for f in result.engine_files], hooked

    assert read("x.bmp") == ([], [])  # refused: nothing at all
    assert read("x.png") == (["i/CLAUDE.md"], [])  # failed: the engine's files only
    assert read("y.png") == ([], ["i/AGENTS.md", "i/j/AGENTS.md"])


@pytest.mark.parametrize(
    ("pwd", "args", "through", "attached"),
    [
        (None, ["--allowedTools", "Read"], "alias", []),
        ("alias", [], "alias", ["real/cl/CLAUDE.md"]),
        (None, ["--add-dir", "{root}/ln"], "ln", ["real/cl/CLAUDE.md"]),
        ("alias", ["--allowedTools", "Read"], "ln", []),
    ],
    ids=["alias-without-pwd", "alias-pwd-names", "added-folder", "another-link"],
)
def test_a_read_through_a_link_is_resolved_only_below_a_working_folder_as_spelled(
    tmp_path: Path, pwd: str | None, args: list[str], through: str, attached: list[str]
) -> None:
    # The Read is allowed anywhere where no folder takes it in: what differs is where it is looked up.
    links = {"alias": {"symlink": "real"}, "ln": {"symlink": "real"}}
    tree = {"real/cl/CLAUDE.md": "# cl\n", "real/cl/f.txt": "f\n", **links}
    root = build_tree(tmp_path / "root", tree)
    (tmp_path / "home").mkdir()
    env = {"PWD": os.path.join(root, pwd)} if pwd else {}
    session = Session(
        cwd=os.path.join(root, "real"),
        home=str(tmp_path / "home"),
        env=env,
        args=[a.format(root=root) for a in args],
    )
    result = session.read(os.path.join(root, through, "cl/f.txt"))
    assert [os.path.relpath(f.path, root) for f in result.engine_files] == attached


def _jpeg(before_frame: int, *, frame: bool = True) -> bytes:
    """A JPEG whose frame header comes after ``before_frame`` bytes of metadata segments."""
    out = b"\xff\xd8"
    while before_frame > 0:
        size = min(before_frame, 65_000)
        out += b"\xff\xe1" + (size + 2).to_bytes(2, "big") + b"m" * size
        before_frame -= size
    if frame:
        out += b"\xff\xc0\x00\x11\x08\x00\x01\x00\x01\x03" + b"\x01\x11\x00" * 2 + b"\x03\x11\x01"
    return out + b"\xff\xd9"


@pytest.mark.parametrize(
    ("name", "data", "fails"),
    [
        ("big.png", PNG + b"\x00" * 3_000_000, False),
        ("big.pdf", b"%PDF-1.7\n" + b"x" * 3_000_000, False),
        ("far.jpg", _jpeg(200_000), False),  # metadata past the head: the whole file decides
        ("none.jpg", _jpeg(200_000, frame=False), True),
        ("near.jpg", _jpeg(100), False),
    ],
)
def test_an_image_or_pdf_is_told_by_its_head_and_a_far_jpeg_frame_by_the_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, data: bytes, fails: bool
) -> None:
    from agents_md.engine import fs as fs_mod

    read: list[int] = []
    real = fs_mod.read_regular

    def counting(path: str, **kwargs: int | None) -> bytes | None:
        data = real(path, **kwargs)  # type: ignore[arg-type]
        read.append(len(data or b""))
        return data

    monkeypatch.setattr(fs_mod, "read_regular", counting)
    (tmp_path / name).write_bytes(data)
    assert unreadable(DEFAULT_FS, str(tmp_path / name)) is fails
    if name.startswith("far") or name.startswith("none"):
        assert read == [64 * 1024, len(data)]
    else:
        assert read == [min(len(data), 64 * 1024)]  # never the whole of a large file


def test_a_read_of_a_large_image_reads_its_head_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from agents_md.engine import fs as fs_mod

    root = Path(build_tree(tmp_path, {"AGENTS.md": "# r\n", "a/AGENTS.md": "# a\n"}))
    (root / "a" / "shot.png").write_bytes(PNG + b"\x00" * 5_000_000)
    largest: list[int] = [0]
    real = fs_mod.read_regular

    def counting(path: str, **kwargs: int | None) -> bytes | None:
        data = real(path, **kwargs)  # type: ignore[arg-type]
        largest[0] = max(largest[0], len(data or b""))
        return data

    monkeypatch.setattr(fs_mod, "read_regular", counting)
    session = Session(cwd=str(root), home=str(tmp_path / "home"), managed_dir=str(tmp_path / "none"))
    session.start()
    result = session.read(str(root / "a" / "shot.png"))
    assert [f.path for _, files in result.hook_files for f in files] == [str(root / "a" / "AGENTS.md")]
    assert largest[0] <= 64 * 1024


@pytest.mark.parametrize("seed", range(20))
def test_the_head_decides_as_the_whole_file_does(tmp_path: Path, seed: int) -> None:
    import random

    from agents_md.engine.read_limit import HEAD_BYTES, _image

    rng = random.Random(seed)
    for n in range(10):
        kind = rng.choice(["png", "jpg-near", "jpg-far", "jpg-cut", "gif", "noise"])
        if kind == "png":
            data = PNG[: rng.randrange(len(PNG) + 1)] + b"\x00" * rng.choice([0, HEAD_BYTES, 2 * HEAD_BYTES])
        elif kind.startswith("jpg"):
            data = _jpeg(rng.choice([10, HEAD_BYTES - 20, HEAD_BYTES + 5, 3 * HEAD_BYTES]), frame=kind != "jpg-cut")
            if kind == "jpg-cut":
                data = data[: rng.randrange(len(data))]
        elif kind == "gif":
            data = b"GIF89a" + bytes(rng.randrange(20))
        else:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
        path = tmp_path / f"{seed}-{n}.jpg"
        path.write_bytes(data)
        assert unreadable(DEFAULT_FS, str(path)) is not (_image(data, cut=False) is True), (kind, len(data))
