"""Names spelled character by character say what the regular expressions they stand for said:
the project's folder name (every character but an ASCII letter or digit as ``-``) and the
hook's state file (every character but those, ``_`` and ``-`` as its UTF-8 bytes in ``%XX``)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from agents_md.claude_code.state import state_path
from agents_md.engine.excludes import _resolved_spelling
from agents_md.engine.memory import project_key

SPELLINGS = ["/home/ann/my repo", "/tmp/Ünïcode/日本/é", "C:\\Users\\x_y-z", "", "a\U0001f600b", "9_-.~%"]


@pytest.mark.parametrize("text", SPELLINGS)
def test_the_project_key_is_the_path_with_other_characters_as_dashes(text: str) -> None:
    assert project_key(text) == re.sub(r"[^A-Za-z0-9]", "-", text)


@pytest.mark.parametrize("text", SPELLINGS)
def test_a_state_file_is_named_by_the_session_id_escaped(text: str) -> None:
    expected = re.sub(r"[^A-Za-z0-9_-]", lambda m: "".join(f"%{b:02X}" for b in m.group(0).encode()), text)
    assert os.path.basename(state_path("d", text)) == expected[:200] + ".json"


def test_a_pattern_resolves_the_folder_before_its_first_glob_character(tmp_path: Path) -> None:
    real, lnk = str(tmp_path / "real"), str(tmp_path / "lnk")
    os.makedirs(os.path.join(real, "sub"))
    os.symlink(real, lnk)
    assert _resolved_spelling(f"{lnk}/sub/*.md", os.path.realpath) == f"{real}/sub/*.md"
    assert _resolved_spelling(f"{lnk}/s[u]b/CLAUDE.md", os.path.realpath) == f"{real}/s[u]b/CLAUDE.md"
    assert _resolved_spelling(f"{lnk}/sub", os.path.realpath) == f"{real}/sub"
    assert _resolved_spelling(f"{real}/{{a,b}}.md", os.path.realpath) is None  # nothing to resolve
