"""A settings file may open with a UTF-8 byte-order mark; what is not UTF-8 is reported as the
``utf-8-sig`` codec reports it (the byte and its position after the mark)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents_md.engine.fs import DEFAULT_FS
from agents_md.engine.settings import Settings, load_settings

BOM = b"\xef\xbb\xbf"


def settings_of(tmp_path: Path, data: bytes) -> Settings:
    (tmp_path / "home" / ".claude").mkdir(parents=True)
    (tmp_path / "home" / ".claude" / "settings.json").write_bytes(data)
    (tmp_path / "repo").mkdir()
    return load_settings(
        fs=DEFAULT_FS,
        cwd=str(tmp_path / "repo"),
        home=str(tmp_path / "home"),
        managed_dir=str(tmp_path / "managed"),
        flag_settings=None,
        setting_sources=None,
    )


@pytest.mark.parametrize("data", [b'{"model": "m"}', BOM + b'{"model": "m"}'], ids=["plain", "bom"])
def test_a_settings_file_is_read_with_or_without_a_byte_order_mark(tmp_path: Path, data: bytes) -> None:
    settings = settings_of(tmp_path, data)
    assert settings.problems == ()
    assert [dict(layer.values) for layer in settings.layers] == [{"model": "m"}]


@pytest.mark.parametrize("data", [b'{"a": "\xff"}', BOM + b'{"a": "\xff"}'], ids=["plain", "bom"])
def test_what_is_not_utf8_is_reported_as_the_codec_reports_it(tmp_path: Path, data: bytes) -> None:
    with pytest.raises(UnicodeDecodeError) as codec:
        data.decode("utf-8-sig")
    path = tmp_path / "home" / ".claude" / "settings.json"
    assert settings_of(tmp_path, data).problems == (f"{path}: not valid JSON ({codec.value}); the file is ignored",)
    assert "position 7" in str(codec.value)  # counted after the mark when there is one


def test_a_second_byte_order_mark_is_not_json(tmp_path: Path) -> None:
    (problem,) = settings_of(tmp_path, BOM + BOM + b"{}").problems
    assert problem.endswith(
        "settings.json:1: not valid JSON (Unexpected UTF-8 BOM (decode using utf-8-sig): "
        "line 1 column 1 (char 0)); the file is ignored"
    )
