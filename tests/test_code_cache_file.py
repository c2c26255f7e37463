"""``_util.code_cache``: a package's modules kept compiled in one file, served from it while their
sources are unchanged, and the file written again, atomically, when one was imported as usual.

Each test builds a package of its own under ``tmp_path`` and imports it as a fresh program would
(its modules forgotten, the finder taken off ``sys.meta_path`` after)."""

from __future__ import annotations

import importlib
import marshal
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents_md._util import code_cache

NAME = "cached_pkg_for_tests"


@pytest.fixture
def pkg(tmp_path: Path) -> Iterator[Path]:
    """``NAME``: a package whose ``a`` imports ``b``, with ``c`` beside them; its folder."""
    site = tmp_path / "site"
    folder = site / NAME
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("TOP = 'top'\n")
    (folder / "a.py").write_text(f"from {NAME}.b import VALUE\nA = VALUE + 1\n")
    (folder / "b.py").write_text("VALUE = 41\n")
    (folder / "c.py").write_text("C = 'c'\n")
    sys.path.insert(0, str(site))
    meta_path = list(sys.meta_path)
    yield folder
    sys.path.remove(str(site))
    sys.meta_path[:] = meta_path
    _forget()


def _forget() -> None:
    for name in [n for n in sys.modules if n.partition(".")[0] == NAME]:
        del sys.modules[name]
    importlib.invalidate_caches()


def run(tmp_path: Path, folder: Path, *modules: str, **env: str) -> code_cache.CodeCache | None:
    """A fresh program's run: the cache attached, ``modules`` imported, the finder taken off again."""
    _forget()
    cache = code_cache.attach({"XDG_CACHE_HOME": str(tmp_path / "cache"), **env}, package=NAME, folder=str(folder))
    try:
        for module in modules:
            importlib.import_module(f"{NAME}.{module}")
    finally:
        if cache is not None:
            sys.meta_path.remove(cache)
    return cache


def served(cache: code_cache.CodeCache | None) -> list[str]:
    assert cache is not None
    return sorted(n for n, m in sys.modules.items() if n.partition(".")[0] == NAME and m.__spec__.loader is cache)


def the_file(tmp_path: Path, folder: Path) -> Path:
    path = code_cache.cache_path({"XDG_CACHE_HOME": str(tmp_path / "cache")}, str(folder))
    assert path is not None
    return Path(path)


def test_modules_imported_as_usual_are_kept_then_served_from_the_file(tmp_path: Path, pkg: Path) -> None:
    first = run(tmp_path, pkg, "a")
    assert served(first) == []
    assert first is not None and first.keep()
    path = the_file(tmp_path, pkg)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700

    second = run(tmp_path, pkg, "a", "c")
    assert served(second) == [NAME, f"{NAME}.a", f"{NAME}.b"]  # c was not in the file: imported as usual
    a = sys.modules[f"{NAME}.a"]
    assert a.A == 42
    assert a.__file__ == str(pkg / "a.py")  # the source's name, as a module read from disk has it
    assert sys.modules[NAME].__path__ == [str(pkg)]  # a package served still finds its other modules
    assert second is not None and second.keep()  # c is kept now

    third = run(tmp_path, pkg, "a", "c")
    assert served(third) == [NAME, f"{NAME}.a", f"{NAME}.b", f"{NAME}.c"]
    assert third is not None and not third.keep()  # nothing new: the file is not written again


def test_a_changed_source_is_imported_as_usual_and_kept_again(tmp_path: Path, pkg: Path) -> None:
    first = run(tmp_path, pkg, "a")
    assert first is not None and first.keep()
    (pkg / "b.py").write_text("VALUE = 99  # changed\n")

    second = run(tmp_path, pkg, "a")
    assert served(second) == [NAME, f"{NAME}.a"]
    assert sys.modules[f"{NAME}.a"].A == 100  # the new b, not the one kept
    assert second is not None and second.keep()

    third = run(tmp_path, pkg, "a")
    assert served(third) == [NAME, f"{NAME}.a", f"{NAME}.b"]
    assert sys.modules[f"{NAME}.a"].A == 100


def test_a_source_removed_is_not_served(tmp_path: Path, pkg: Path) -> None:
    first = run(tmp_path, pkg, "c")
    assert first is not None and first.keep()
    (pkg / "c.py").unlink()
    with pytest.raises(ModuleNotFoundError):
        run(tmp_path, pkg, "c")


def _rewrite(path: Path, *, header: str = code_cache.FORMAT, magic: bytes | None = None, **rows: object) -> None:
    _, held_magic, folder, held = marshal.loads(path.read_bytes())
    path.write_bytes(marshal.dumps((header, held_magic if magic is None else magic, folder, {**held, **rows})))


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda p: p.write_bytes(b"not marshal data"), id="not-marshal"),
        pytest.param(lambda p: p.write_bytes(p.read_bytes()[:-100]), id="cut-short"),
        pytest.param(lambda p: p.write_bytes(marshal.dumps([1, 2, 3])), id="another-shape"),
        pytest.param(lambda p: _rewrite(p, header="agents-md code 0"), id="another-format"),
        pytest.param(lambda p: _rewrite(p, magic=b"\x00\x00\r\n"), id="another-interpreter"),
        pytest.param(lambda p: p.chmod(0o620), id="others-may-write"),
    ],
)
def test_a_file_that_cannot_be_trusted_is_passed_over_and_written_anew(
    tmp_path: Path, pkg: Path, spoil: object
) -> None:
    first = run(tmp_path, pkg, "a")
    assert first is not None and first.keep()
    path = the_file(tmp_path, pkg)
    spoil(path)  # type: ignore[operator]

    second = run(tmp_path, pkg, "a")
    assert served(second) == []
    assert sys.modules[f"{NAME}.a"].A == 42
    assert second is not None and second.keep()
    assert served(run(tmp_path, pkg, "a")) == [NAME, f"{NAME}.a", f"{NAME}.b"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_rows_not_of_this_format_are_imported_as_usual(tmp_path: Path, pkg: Path) -> None:
    first = run(tmp_path, pkg, "a")
    assert first is not None and first.keep()
    path = the_file(tmp_path, pkg)
    _, _, _, rows = marshal.loads(path.read_bytes())
    b, a = rows[f"{NAME}.b"], rows[f"{NAME}.a"]
    _rewrite(path, **{f"{NAME}.b": b[:4], f"{NAME}.a": (*a[:4], marshal.dumps("not code"), a[5])})

    second = run(tmp_path, pkg, "a")
    assert served(second) == [NAME]
    assert sys.modules[f"{NAME}.a"].A == 42


def test_a_file_of_another_user_is_passed_over(tmp_path: Path, pkg: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = run(tmp_path, pkg, "a")
    assert first is not None and first.keep()
    monkeypatch.setattr(os, "geteuid", lambda: os.stat(the_file(tmp_path, pkg)).st_uid + 1)
    assert served(run(tmp_path, pkg, "a")) == []


def test_a_link_in_the_files_place_is_replaced_never_written_through(tmp_path: Path, pkg: Path) -> None:
    path = the_file(tmp_path, pkg)
    path.parent.mkdir(parents=True)
    victim = tmp_path / "victim"
    victim.write_text("someone else's\n")
    path.symlink_to(victim)

    cache = run(tmp_path, pkg, "a")
    assert served(cache) == []  # a link is not read either
    assert cache is not None and cache.keep()
    assert not path.is_symlink()
    assert victim.read_text() == "someone else's\n"
    assert served(run(tmp_path, pkg, "a")) == [NAME, f"{NAME}.a", f"{NAME}.b"]


def test_a_temporary_file_left_by_a_killed_process_does_not_stop_the_writing(tmp_path: Path, pkg: Path) -> None:
    path = the_file(tmp_path, pkg)
    path.parent.mkdir(parents=True)
    Path(f"{path}.{os.getpid()}.tmp").write_bytes(b"half")
    cache = run(tmp_path, pkg, "a")
    assert cache is not None and cache.keep()
    assert not Path(f"{path}.{os.getpid()}.tmp").exists()
    assert served(run(tmp_path, pkg, "a")) == [NAME, f"{NAME}.a", f"{NAME}.b"]


def test_a_cache_that_cannot_be_written_leaves_the_program_as_it_was(tmp_path: Path, pkg: Path) -> None:
    (tmp_path / "cache").write_text("a file where the folder would be\n")
    cache = run(tmp_path, pkg, "a")
    assert sys.modules[f"{NAME}.a"].A == 42
    assert cache is not None and not cache.keep()
    assert (tmp_path / "cache").read_text() == "a file where the folder would be\n"


def test_turned_off_it_is_neither_read_nor_written(tmp_path: Path, pkg: Path) -> None:
    assert run(tmp_path, pkg, "a", AGENTS_MD_CODE_CACHE="0") is None
    assert not (tmp_path / "cache").exists()


def test_each_install_and_each_interpreter_has_a_file_of_its_own(tmp_path: Path) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    one, two = code_cache.cache_path(env, "/a/site/pkg"), code_cache.cache_path(env, "/b/site/pkg")
    assert one is not None and two is not None and one != two
    assert os.path.dirname(one) == str(tmp_path / "agents-md" / "code")
    assert os.path.basename(one).startswith(f"{sys.implementation.cache_tag}-")
    assert code_cache.cache_path(env, "/a/site/pkg") == one  # the same name in every process


def test_writing_removes_the_files_of_installs_gone_for_a_month(tmp_path: Path, pkg: Path) -> None:
    path = the_file(tmp_path, pkg)
    path.parent.mkdir(parents=True)
    gone, recent = path.parent / "cpython-39-gone.bin", path.parent / "cpython-311-recent.bin"
    elsewhere = tmp_path / "elsewhere"
    for file in (gone, recent, elsewhere):
        file.write_bytes(b"")
    month_ago = os.stat(recent).st_mtime - code_cache.MONTH - 60
    os.utime(gone, (month_ago, month_ago))
    os.utime(elsewhere, (month_ago, month_ago))
    (path.parent / "a-link.bin").symlink_to(elsewhere)

    cache = run(tmp_path, pkg, "a")
    assert cache is not None and cache.keep()
    assert sorted(p.name for p in path.parent.iterdir()) == sorted([path.name, recent.name, "a-link.bin"])
    assert elsewhere.exists()  # a link is not followed


def test_there_is_none_where_the_system_cannot_open_a_file_without_following_a_link(
    tmp_path: Path, pkg: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(code_cache, "_POSIX", False)
    assert run(tmp_path, pkg, "a") is None
    assert sys.modules[f"{NAME}.a"].A == 42
