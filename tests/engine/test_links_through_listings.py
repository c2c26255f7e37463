"""Links followed through the listings (``ListingFS._followed``): the same answer as the system's
resolution for every shape of link, without its ``lstat`` of every folder from the root, and a
link pointed elsewhere is seen on the next round."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trees import refusing_to_list, repoint

from agents_md import Session
from agents_md.engine import fs as fs_module
from agents_md.engine.fs import DEFAULT_FS, FileSystem, ListingFS, SessionFS
from agents_md.engine.paths import led_to
from agents_md.engine.shared_listings import SHARED

EXAMPLES = int(os.environ.get("AGENTS_MD_FUZZ_EXAMPLES", "30"))
Tree = Callable[..., Path]
Resolutions = Callable[[type[ListingFS]], list[str]]  # the ``resolutions`` fixture


@pytest.fixture(autouse=True)
def no_kept_listings() -> Iterator[None]:
    SHARED.clear()
    yield
    SHARED.clear()


def _aged(root: Path) -> None:
    """Every folder under ``root`` older than the racy window, so its listing is kept."""
    old = time.time() - 60
    for folder, _, _ in os.walk(root):
        os.utime(folder, (old, old), follow_symlinks=False)


def test_led_to_climbs_only_before_a_name() -> None:
    assert led_to("/a/b", "c/d") == "/a/b/c/d"
    assert led_to("/a/b", "../c") == "/a/c"
    assert led_to("/a/b", "../../../c") == "/c"
    assert led_to("/a/b", "/x/./y//z") == "/x/y/z"
    assert led_to("/a/b", "/../x") == "/x"
    assert led_to("/", "x") == "/x"
    assert led_to("/a/b", "c/../d") is None  # ``c`` may be a link: only the system knows where ``..`` is


SHAPES = {
    "real/deep/CLAUDE.md": "x\n",
    "real/file.md": "f\n",
    "alias": {"symlink": "real"},
    "chain": {"symlink": "alias"},
    "abs": {"symlink": "{root}/real/deep"},
    "up": {"symlink": "real/deep/../.."},
    "real/deep/back": {"symlink": "../../alias/deep"},
    "real/deep/to-file": {"symlink": "../file.md"},
    "loop-a": {"symlink": "loop-b"},
    "loop-b": {"symlink": "loop-a"},
    "self": {"symlink": "self"},
    "dangling": {"symlink": "gone/away"},
    "through-file": {"symlink": "real/file.md/x"},
}


def _build(root: Path, spec: dict[str, object]) -> None:
    for rel, what in spec.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(what, dict):
            os.symlink(str(what["symlink"]).replace("{root}", str(root)), path)
        else:
            path.write_text(str(what))


def test_every_shape_of_link_resolves_as_the_system_resolves_it(tmp_path: Path) -> None:
    root = tmp_path / "root"
    _build(root, SHAPES)
    _aged(root)
    asked = [*SHAPES, "alias/deep/CLAUDE.md", "chain/deep/back/CLAUDE.md", "abs/to-file", "up/real", "loop-a/x"]
    asked += ["real/deep/back/back/CLAUDE.md", "dangling/more", "chain/missing/x", "abs/back/to-file"]
    for _ in range(2):  # the second time, from the kept listings and targets
        view = ListingFS(DEFAULT_FS)
        for rel in asked:
            assert view.realpath(str(root / rel)) == os.path.realpath(root / rel), rel


def test_a_link_is_followed_without_resolving_every_folder_from_the_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    _build(root, {"a/b/c/.agents/AGENTS.md": "x\n", "a/b/c/AGENTS.md": {"symlink": ".agents/AGENTS.md"}})
    _build(root, {"a/b/c/CLAUDE.md": {"symlink": "AGENTS.md"}})
    _aged(root)
    system: list[str] = []
    real = os.path.realpath

    def counted(path: str, *args: object, **kwargs: object) -> str:
        system.append(path)
        return real(path)

    monkeypatch.setattr(os.path, "realpath", counted)
    view = ListingFS(DEFAULT_FS)
    assert view.realpath(str(root / "a/b/c/CLAUDE.md")) == str(root / "a/b/c/.agents/AGENTS.md")
    assert system == []


def test_a_link_pointed_elsewhere_is_followed_to_its_new_target_on_the_next_round(tmp_path: Path) -> None:
    root = tmp_path / "root"
    _build(root, {"one/CLAUDE.md": "1\n", "two/CLAUDE.md": "2\n", "doc": {"symlink": "one"}})
    _aged(root)
    view = SessionFS(DEFAULT_FS)
    view.begin()
    assert view.realpath(str(root / "doc/CLAUDE.md")) == str(root / "one/CLAUDE.md")
    repoint(root / "doc", "two")  # as ``ln -sfn`` does: another entry, same name
    view.begin()
    assert view.realpath(str(root / "doc/CLAUDE.md")) == str(root / "two/CLAUDE.md")


NAMES = ("a", "b", "c")
TARGETS = st.one_of(
    # relative: a leading empty part would make it absolute, outside the tree
    st.lists(st.sampled_from([*NAMES, "..", ".", ""]), min_size=1, max_size=4).map("/".join).map(lambda t: "./" + t),
    st.lists(st.sampled_from(NAMES), min_size=0, max_size=3).map(lambda parts: "{root}/" + "/".join(parts)),
)
ENTRY = st.one_of(st.just("dir"), st.just("file"), TARGETS.map(lambda target: {"symlink": target}))
TREES = st.dictionaries(
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=3).map("/".join), ENTRY, min_size=1, max_size=8
)


class PlainFS(FileSystem):
    """The real disk as a filesystem of one's own: every link goes to its ``realpath``."""


@pytest.mark.parametrize("disk", [DEFAULT_FS, PlainFS()], ids=["real-disk", "own-filesystem"])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=TREES, asked=st.lists(st.lists(st.sampled_from([*NAMES, ".."]), min_size=1, max_size=5), max_size=8))
def test_any_tree_of_links_resolves_as_the_system_resolves_it(
    disk: FileSystem, spec: dict[str, object], asked: list[list[str]]
) -> None:
    base = tempfile.mkdtemp()
    try:
        root = Path(base) / "root"
        root.mkdir()
        for rel, what in sorted(spec.items()):
            path = root / rel
            if any(os.path.islink(folder) for folder in (path.parents[: rel.count("/")])):
                continue  # nothing is made through a link: it may lead out of the tree
            try:
                os.makedirs(path.parent, exist_ok=True)
                if what == "dir":
                    path.mkdir()
                elif what == "file":
                    path.write_text("x\n")
                else:
                    os.symlink(str(what["symlink"]).replace("{root}", str(root)), path)  # type: ignore[index]
            except OSError:
                continue  # a name taken already, or a folder under a file or a link: another tree
        _aged(root)
        SHARED.clear()
        for _ in range(2):
            view = ListingFS(disk)
            for parts in [*([r] for r in spec), *asked]:
                path = str(root) + "/" + "/".join(parts if isinstance(parts, list) else [parts])
                assert view.realpath(path) == os.path.realpath(path), path
    finally:
        shutil.rmtree(base)


def test_a_link_through_a_folder_that_cannot_be_listed_resolves_as_the_system_does_and_says_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A folder one may pass through but not list (``chmod 711``, another person's home): the
    # system's resolution needs no listing to follow a link in it, so neither may the listings',
    # and the walk never lists it: no warning about it either.
    root = tmp_path / "root"
    _build(root, {"real/CLAUDE.md": "real\n", "locked/inner": {"symlink": "{root}/real"}})
    _build(
        root,
        {"repo/.git/HEAD": "ref: refs/heads/main\n", "repo/CLAUDE.md": {"symlink": "{root}/locked/inner/CLAUDE.md"}},
    )
    _aged(root)
    monkeypatch.setattr(DEFAULT_FS, "list_dir", refusing_to_list(DEFAULT_FS.list_dir, str(root / "locked")))
    link = str(root / "repo/CLAUDE.md")
    for _ in range(2):  # the second time, from the kept listings
        view = ListingFS(DEFAULT_FS)
        assert view.realpath(link) == str(root / "real/CLAUDE.md")
        assert view.errors == []
    start = Session(cwd=str(root / "repo"), home=str(tmp_path / "home"), managed_dir=str(tmp_path / "m")).start()
    assert [w for w in start.warnings if "cannot be listed" in w] == []
    assert f"links outside the repository, to {root / 'real/CLAUDE.md'}" in " ".join(start.warnings)


def _looked_at_once(tmp_path: Path) -> tuple[Path, os.stat_result, SessionFS]:
    """A folder whose link ``doc`` leads to ``one/`` (``two/`` beside it), its stamp, and a session's
    view that began a round in it."""
    root = tmp_path / "root"
    _build(root, {"one/CLAUDE.md": "1\n", "two/CLAUDE.md": "2\n", "doc": {"symlink": "one"}})
    stamp = os.stat(root)
    view = SessionFS(DEFAULT_FS)
    view.begin()
    return root, stamp, view


def test_a_link_pointed_elsewhere_in_the_tick_of_the_last_look_is_followed_to_its_new_target(tmp_path: Path) -> None:
    # A disk with a coarse clock: a link pointed elsewhere in the same tick as the folder was last
    # changed (and looked at) leaves its stamp as it was; the session's listing of it is not one
    # kept by the process (made in the racy window), so its targets are read again each round.
    root, stamp, view = _looked_at_once(tmp_path)
    assert view.realpath(str(root / "doc/CLAUDE.md")) == str(root / "one/CLAUDE.md")
    repoint(root / "doc", "two")
    os.utime(root, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert os.stat(root).st_mtime_ns == stamp.st_mtime_ns
    view.begin()
    assert view.realpath(str(root / "doc/CLAUDE.md")) == str(root / "two/CLAUDE.md")


def test_a_listing_made_in_the_tick_of_a_change_is_not_trusted_past_that_tick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A coarse clock: the folder changes again in the tick the session listed it in (its stamp as
    # it was), and the next Read comes only once that tick is past. The session's listing of that
    # tick must not answer it: a file added, a link pointed elsewhere, are seen as a fresh look sees them.
    monkeypatch.setattr(fs_module, "RACY_NS", 300_000_000)
    monkeypatch.setattr(SHARED, "racy_ns", 300_000_000)
    root, stamp, view = _looked_at_once(tmp_path)
    assert view.realpath(str(root / "doc/CLAUDE.md")) == str(root / "one/CLAUDE.md")
    assert view.read_file(str(root / "AGENTS.md")) is None
    repoint(root / "doc", "two")
    (root / "AGENTS.md").write_text("a\n")
    os.utime(root, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    time.sleep(0.4)
    view.begin()
    assert view.realpath(str(root / "doc/CLAUDE.md")) == str(root / "two/CLAUDE.md")
    assert view.read_file(str(root / "AGENTS.md")) == b"a\n"


def test_a_remembered_resolution_is_not_vouched_for_by_a_listing_made_in_the_tick_of_a_change(tmp_path: Path) -> None:
    # What a watched pass resolved through the listings is given again while its folders keep
    # their listings; a session keeps one made in the racy window all the same, so that one
    # vouches for nothing: the link is resolved again, and its new target seen.
    root, stamp, view = _looked_at_once(tmp_path)
    consulted = view.watch()
    assert view.realpath(str(root / "doc/CLAUDE.md")) == str(root / "one/CLAUDE.md")
    view.unwatch()
    assert str(root / "doc") in consulted.resolved_through
    view.begin()
    assert consulted.holds(view)
    repoint(root / "doc", "two")
    os.utime(root, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    view.begin()
    assert not consulted.holds(view)


@pytest.mark.parametrize("kind", [SessionFS, ListingFS])
def test_a_remembered_resolution_is_vouched_for_by_settled_listings_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: type[ListingFS], resolutions: Resolutions
) -> None:
    root = tmp_path / "root"
    _build(root, {".agents/AGENTS.md": "x\n", "AGENTS.md": {"symlink": ".agents/AGENTS.md"}})
    _build(root, {"a/CLAUDE.md": {"symlink": "../AGENTS.md"}})
    # Every listing settled as soon as made: the folders above the tree are the test's own, or
    # ``/tmp``, which other programs change at any time (a change there: the link resolved again).
    monkeypatch.setattr(SHARED, "racy_ns", 0)
    monkeypatch.setattr(fs_module, "RACY_NS", 0)
    link = str(root / "a/CLAUDE.md")
    view = kind(DEFAULT_FS)
    if isinstance(view, SessionFS):
        view.begin()
    consulted = view.watch()
    assert view.realpath(link) == str(root / ".agents/AGENTS.md")
    view.unwatch()
    assert {str(root), str(root / "a"), str(root / ".agents"), str(tmp_path)} <= {
        folder for folder, _, _ in consulted.resolved_through[link]
    }
    resolved = resolutions(kind)
    rounds = []
    for _ in range(5):
        later = view if isinstance(view, SessionFS) else ListingFS(DEFAULT_FS)
        if isinstance(later, SessionFS):
            later.begin()
        resolved.clear()
        assert consulted.holds(later)
        rounds.append(len(resolved))
    assert 0 in rounds, rounds  # vouched for by the listings, once the folders above held still


def test_a_link_resolved_again_to_the_same_place_is_vouched_for_by_the_listings_of_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, resolutions: Resolutions
) -> None:
    root = tmp_path / "root"
    _build(root, {".agents/AGENTS.md": "x\n", "AGENTS.md": {"symlink": ".agents/AGENTS.md"}})
    _build(root, {"a/CLAUDE.md": {"symlink": "../AGENTS.md"}})
    monkeypatch.setattr(SHARED, "racy_ns", 0)
    link = str(root / "a/CLAUDE.md")
    view = ListingFS(DEFAULT_FS)
    consulted = view.watch()
    view.realpath(link)
    view.unwatch()
    resolved = resolutions(ListingFS)
    stamp = os.stat(root).st_mtime_ns

    def changed_root() -> None:
        nonlocal stamp
        stamp -= 100 * 10**9  # another time, as a disk's clock gives it
        os.utime(root, ns=(stamp, stamp))

    # A name of its own added to a folder on the way: the names on the way still vouch.
    (root / "unrelated.txt").write_text("u\n")
    changed_root()
    assert consulted.holds(ListingFS(DEFAULT_FS))
    assert resolved == []
    # The link pointed elsewhere in words, to the same place: resolved again, to where it led.
    repoint(root / "AGENTS.md", "./.agents/AGENTS.md")
    changed_root()
    assert consulted.holds(ListingFS(DEFAULT_FS))
    assert resolved == [link]
    rounds = []
    for _ in range(5):
        resolved.clear()
        assert consulted.holds(ListingFS(DEFAULT_FS))
        rounds.append(len(resolved))
    assert 0 in rounds, rounds  # the listings of now vouch for it


def test_a_chain_of_deep_targets_resolves_as_the_system_resolves_it(tmp_path: Path) -> None:
    # A dozen links to targets a hundred parts deep: no frame per part (a stack overflow once).
    root = tmp_path / "root"
    spec: dict[str, object] = {f"L{i}": {"symlink": f"L{i + 1}/" + "b/" * 100 + "x"} for i in range(12)}
    _build(root, {**spec, "L12": {"symlink": "real"}, "real/keep": "k\n", "repo/CLAUDE.md": {"symlink": "../L0"}})
    _aged(root)
    link = str(root / "repo/CLAUDE.md")
    assert ListingFS(DEFAULT_FS).realpath(link) == os.path.realpath(link)
    start = Session(cwd=str(root / "repo"), home=str(tmp_path / "home"), managed_dir=str(tmp_path / "m")).start()
    assert start.files == ()


def test_a_path_of_thousands_of_parts_resolves_without_a_frame_per_part(tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*["d"] * 1500)  # more parts than the interpreter's frames
    spelled = str(deep / "CLAUDE.md")
    for disk in (DEFAULT_FS, PlainFS()):
        assert ListingFS(disk).realpath(spelled) == spelled
