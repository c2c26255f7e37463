"""The scan of installed distributions reads the plugin group of each ``entry_points.txt`` however
its tool wrote it, and nothing of the other groups."""

from __future__ import annotations

from pathlib import Path

from agents_md.engine.events import ENTRY_POINT_GROUP
from agents_md.host.plugins import scan_entry_points


def dist(site: Path, name: str, text: bytes) -> None:
    (site / f"{name}-1.0.dist-info").mkdir(parents=True)
    (site / f"{name}-1.0.dist-info" / "entry_points.txt").write_bytes(text)


def test_the_plugin_group_is_read_whatever_the_line_endings_and_the_groups_around_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    crlf = b"[console_scripts]\r\ncrlf = crlf:main\r\n\r\n  [agents_md.plugins]  \r\n# a note\r\none = crlf:One\r\n"
    dist(site, "crlf", crlf)
    dist(site, "cr", b"[agents_md.plugins]\rtwo = cr:Two\r[other]\rthree = cr:Three\r")
    dist(site, "tool", b"[console_scripts]\ntool = tool:main\n[agents_md.plugins.extra]\nfour = tool:Four\n")
    (site / "bare-1.0.dist-info").mkdir()  # no entry points at all
    found = scan_entry_points(ENTRY_POINT_GROUP, (str(site),))
    assert sorted((ep.distribution, ep.name, ep.value) for ep in found) == [
        ("cr", "two", "cr:Two"),
        ("crlf", "one", "crlf:One"),
    ]
