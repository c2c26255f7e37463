"""A link's way above a session's cwd: the folders the session settled at its start are taken as
they were, a step that was a link is not (``SessionFS._toward_settled``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents_md.engine import fs as fs_module
from agents_md.engine.fs import DEFAULT_FS, SessionFS
from agents_md.engine.shared_listings import SHARED


@pytest.fixture(autouse=True)
def no_kept_listings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    SHARED.clear()
    monkeypatch.setattr(SHARED, "racy_ns", 0)
    monkeypatch.setattr(fs_module, "RACY_NS", 0)
    yield
    SHARED.clear()


@pytest.mark.parametrize("target", ["abs", "dot"])
def test_a_link_to_the_cwd_is_not_vouched_for_once_the_cwd_is_a_link(tmp_path: Path, target: str) -> None:
    """A link in the checkout that leads to the checkout itself (``top -> /w/proj`` or ``top -> .``):
    its resolution ends by asking the cwd's parent whether the cwd's name is a link. Once the cwd
    was moved and a link put in its place, a fresh resolution in the round says where it leads
    now (as the system does); what was remembered must not be vouched for."""
    w = tmp_path / "w"
    proj = w / "proj"
    proj.mkdir(parents=True)
    (proj / "f.py").write_text("x\n")
    os.symlink(str(proj) if target == "abs" else ".", proj / "top")
    settled = str(proj)
    link = str(proj / "top")
    view = SessionFS(DEFAULT_FS)
    view.begin(settled)
    consulted = view.watch()
    assert view.realpath(link) == settled
    view.unwatch()
    assert link in consulted.resolved_through
    view.begin(settled)
    assert consulted.holds(view)
    # The cwd moved aside, a link to it in its place (``ln -sfn`` of a release folder, a worktree swap).
    os.rename(proj, w / "proj-old")
    os.symlink(str(w / "proj-old"), proj)
    view.begin(settled)
    fresh = view.resolve(link)
    assert fresh == os.path.realpath(link) == str(w / "proj-old")  # the round's own resolution, and the system's
    assert not consulted.holds(view), "the remembered resolution (to the old cwd spelling) was vouched for"


def _repoint(link: Path, target: str) -> None:
    """``ln -sfn``: a new link renamed over the old one."""
    fresh = link.with_name(link.name + ".new")
    os.symlink(target, fresh)
    os.replace(fresh, link)


def test_a_cwd_that_became_a_link_pointed_elsewhere_is_not_vouched_for(tmp_path: Path) -> None:
    """The session's cwd (settled at its start) is moved to ``x/proj`` and a link put in its place
    (a release or worktree swap); a link in the checkout leading to the cwd (``top -> /…/w/proj``)
    now resolves through that link, to ``x/proj``. Then the cwd's link is pointed to ``y/proj``
    (``ln -sfn``): the round's own resolution (and the system's) gives ``y/proj``; the remembered
    ``x/proj`` must not be vouched for, though the only name asked in ``w`` is the cwd's: it was a
    link when the way was taken."""
    w, x, y = tmp_path / "w", tmp_path / "x", tmp_path / "y"
    proj = w / "proj"
    proj.mkdir(parents=True)
    x.mkdir()
    y.mkdir()
    os.symlink(str(proj), proj / "top")
    (y / "proj").mkdir()
    os.symlink(str(proj), y / "proj" / "top")  # the other release has the same link
    settled, link = str(proj), str(proj / "top")
    view = SessionFS(DEFAULT_FS)
    view.begin(settled)
    assert view.realpath(link) == settled
    os.rename(proj, x / "proj")
    os.symlink(str(x / "proj"), proj)
    view.begin(settled)
    consulted = view.watch()
    assert view.realpath(link) == os.path.realpath(link) == str(x / "proj")
    view.unwatch()
    view.begin(settled)
    assert consulted.holds(view)
    _repoint(proj, str(y / "proj"))
    view.begin(settled)
    fresh = view.resolve(link)
    assert fresh == os.path.realpath(link) == str(y / "proj")
    view.begin(settled)
    assert not consulted.holds(view), "the resolution to x/proj was vouched for; it leads to y/proj now"


def test_a_folder_spelled_with_dots_is_not_taken_as_absent_by_its_parent(tmp_path: Path) -> None:
    """``..`` and ``.`` are no entries of a listing: such a spelling is asked of the disk."""
    (tmp_path / "q").mkdir()
    view = SessionFS(DEFAULT_FS)
    view.begin()
    view.round_listing(str(tmp_path / "q"))
    assert view.changed({os.path.join(str(tmp_path / "q"), ".."): None}) == [os.path.join(str(tmp_path / "q"), "..")]
