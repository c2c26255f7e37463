"""A process that builds a session per turn sees a plugin installed (or removed) between two of
them: the scan of installed distributions is remembered only while their folders are unchanged,
and the folders are looked at again a second later at most."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from agents_md.host import plugins
from agents_md.host.plugins import scan_entry_points
from agents_md.host.session import Session

PLUGIN = (
    "from agents_md.plugin_api import hookimpl\n\n\n"
    "class Late:\n"
    "    @hookimpl\n"
    "    def prompt_context(self, files):\n"
    "        return None\n"
)


def install(site: Path) -> None:
    (site / "late_plugin.py").write_text(PLUGIN)
    (site / "late-1.0.dist-info").mkdir()
    (site / "late-1.0.dist-info" / "entry_points.txt").write_text("[agents_md.plugins]\nlate = late_plugin:Late\n")


def seated(tmp_path: Path) -> list[str]:
    return [spec.name for spec in Session(cwd=str(tmp_path / "repo"), home=str(tmp_path / "home")).plugins]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    (tmp_path / "repo").mkdir()
    (tmp_path / "home").mkdir()
    monkeypatch.syspath_prepend(str(folder))
    os.utime(folder, ns=(0, 0))  # a folder last changed long ago, as a site-packages between installs
    monkeypatch.setattr(plugins, "LOOK_AGAIN_AFTER", 0.0)  # each session a second after the one before
    return folder


def test_a_plugin_installed_since_the_last_session_is_seated(tmp_path: Path, site: Path) -> None:
    assert "late" not in seated(tmp_path)
    install(site)
    assert "late" in seated(tmp_path)


def test_a_plugin_removed_since_the_last_session_is_not(tmp_path: Path, site: Path) -> None:
    install(site)
    assert "late" in seated(tmp_path)
    shutil.rmtree(site / "late-1.0.dist-info")
    assert "late" not in seated(tmp_path)


def test_an_unchanged_path_is_scanned_once(site: Path) -> None:
    install(site)
    first = scan_entry_points("agents_md.plugins", (str(site),))
    assert [ep.name for ep in first] == ["late"]
    assert scan_entry_points("agents_md.plugins", (str(site),)) is first


def test_sys_path_is_looked_at_again_a_second_later_at_most(
    tmp_path: Path, site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(plugins.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(plugins, "LOOK_AGAIN_AFTER", 1.0)
    assert "late" not in seated(tmp_path)
    install(site)
    clock[0] += 0.5
    assert "late" not in seated(tmp_path)  # within the second: the folders are not looked at again
    clock[0] += 0.6
    assert "late" in seated(tmp_path)
