"""A plugin's context too long for the conversation is saved and shown as a preview
(``engine.spill``); a Read's hooks get an absolute path as spelled; a Read that failed leaves the
read file to be attached (``engine.loop``)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from trees import build_tree

from agents_md.engine.spill import DISPATCH, ENTRY, PREVIEW, dispatch, file_size, persisted, preview, units
from agents_md.host.session import Session

FOLDER = "/h/.claude/projects/-p/s/tool-results"
SAVED = re.compile(r"Full output saved to: (\S+)\n")


@pytest.mark.parametrize(
    ("size", "words"),
    [(1023, "1023 bytes"), (1024, "1KB"), (2000, "2KB"), (10_496, "10.3KB"), (102_195, "99.8KB"), (1024**2, "1MB")],
    ids=["bytes", "one-kb", "two-thousand", "a-tie-goes-up", "one-decimal", "mb"],
)
def test_sizes_are_told_as_the_engine_tells_them(size: int, words: str) -> None:
    # 10,496 / 1,024 is 10.25 exactly: toFixed rounds the tie up, where Python's format would not.
    assert file_size(size) == words


def test_the_preview_ends_at_the_last_line_break_past_half_of_it() -> None:
    text = "a" * 1500 + "\n" + "b" * 3000
    assert preview(text) == ("a" * 1500, True)


def test_without_a_line_break_past_half_the_preview_is_cut_at_the_limit() -> None:
    text = "a" * 500 + "\n" + "b" * 3000
    assert preview(text) == (text[:PREVIEW], True)


def test_the_preview_counts_characters_outside_the_bmp_twice_and_never_halves_one() -> None:
    shown, more = preview("\U0001f600" * 1500)
    assert more and shown == "\U0001f600" * (PREVIEW // 2)
    shown, _ = preview("a" + "\U0001f600" * 1500)
    assert shown == "a" + "\U0001f600" * ((PREVIEW - 1) // 2)


def test_a_context_within_its_limit_is_kept_whole() -> None:
    text = "x" * ENTRY
    assert persisted(text, f"{FOLDER}/f.txt", ENTRY) == text
    assert dispatch([text], FOLDER, 1) == [text]


def test_a_longer_context_is_shown_as_the_engine_shows_it() -> None:
    text = "Contents of /p/a/AGENTS.md:\n\n" + "l\n" * 60_000
    shown = persisted(text, f"{FOLDER}/f.txt", ENTRY)
    head = text[: text.rindex("\n", 0, PREVIEW)]
    assert shown == (
        f"<persisted-output>\nOutput too large (117.2KB). Full output saved to: {FOLDER}/f.txt\n\n"
        f"Preview (first 2KB):\n{head}\n...\n</persisted-output>"
    )


def test_each_context_has_its_own_limit_and_the_call_a_limit_for_all() -> None:
    small, big = "s" * 10, "b" * (ENTRY + 1)
    out = dispatch([small, big, small], FOLDER, 7)
    assert out[0] == small and out[2] == small and out[1].startswith("<persisted-output>")
    # A name per saved context, the same each time the call is rendered.
    assert SAVED.findall(out[1]) == SAVED.findall(dispatch([small, big, small], FOLDER, 7)[1])
    # Past the call's limit an entry within its own is saved all the same.
    whole = ["w" * ENTRY, "w" * ENTRY, "w" * 5]
    assert units("".join(whole[:2])) == DISPATCH
    out = dispatch(whole, FOLDER, 7)
    assert out[:2] == whole[:2] and len(out) == 3 and out[2].startswith("<persisted-output>")


def test_with_little_room_left_the_rest_is_saved_as_one() -> None:
    first, second = "f" * ENTRY, "g" * (ENTRY - 3000)  # leaves 3,000 units: less than 4,000
    small, third, fourth = "s" * 100, "t" * 3500, "u" * 10
    out = dispatch([first, second, small, third, fourth], FOLDER, 3)
    assert out[:3] == [first, second, small]  # what fits the room is still kept whole
    assert len(out) == 4 and out[3].startswith("<persisted-output>")
    assert f"Output too large ({file_size(3500 + 2 + 10)})" in out[3]  # the rest joined by a blank line


def session_at(tmp_path: Path, tree: dict[str, object]) -> tuple[Session, str]:
    root = build_tree(tmp_path / "root", tree)
    (tmp_path / "home").mkdir()
    session = Session(cwd=root, home=str(tmp_path / "home"), env={})
    session.session_id = "11111111-2222-4333-8444-555555555555"
    return session, root


def test_a_replayed_session_shows_a_long_nested_agents_md_as_a_preview(tmp_path: Path) -> None:
    body = "# a\n" + "x" * (ENTRY + 10) + "\n"
    session, root = session_at(tmp_path, {"a/AGENTS.md": body, "a/f.txt": "f\n"})
    text = session.read(os.path.join(root, "a/f.txt")).hook_text or ""
    folder = os.path.join(str(tmp_path / "home"), ".claude/projects", re.sub("[^A-Za-z0-9]", "-", root))
    assert text.startswith("tool.call hook additional context: <persisted-output>\n")
    assert SAVED.search(text).group(1).startswith(f"{folder}/{session.session_id}/tool-results/hook-tool.call-")  # type: ignore[union-attr]
    # Without a session id (a library session) the context is kept whole.
    plain, _ = session_at(tmp_path / "again", {"a/AGENTS.md": body, "a/f.txt": "f\n"})
    plain.session_id = None
    whole = plain.read(os.path.join(str(tmp_path / "again/root"), "a/f.txt")).hook_text
    assert whole is not None and whole.endswith(body)


@pytest.mark.parametrize(
    ("spelled", "attached"),
    [
        ("{root}/a/AGENTS.md", []),
        ("{root}/a/./AGENTS.md", ["a/AGENTS.md"]),
        ("{root}//a/AGENTS.md", ["a/AGENTS.md"]),
        ("{root}/x/../a/f.txt", ["a/AGENTS.md"]),
    ],
    ids=["plain", "dot", "double-slash", "dot-dot"],
)
def test_the_plugin_compares_an_absolute_read_as_spelled(tmp_path: Path, spelled: str, attached: list[str]) -> None:
    session, root = session_at(tmp_path, {"a/AGENTS.md": "# a\n", "a/f.txt": "f\n"})
    result = session.read(spelled.format(root=root))
    assert [os.path.relpath(f.path, root) for _, files in result.hook_files for f in files] == attached


def test_a_read_spelled_outside_the_cwd_attaches_nothing(tmp_path: Path) -> None:
    root = build_tree(tmp_path / "root", {"a/b/AGENTS.md": "# b\n", "a/b/f.txt": "f\n"})
    (tmp_path / "home").mkdir()
    session = Session(cwd=os.path.join(root, "a"), home=str(tmp_path / "home"), env={})
    assert session.read(os.path.join(root, "d/../a/b/f.txt")).hook_files == ()
    assert session.read(os.path.join(root, "a/b/f.txt")).hook_files != ()


def test_a_read_too_large_attaches_the_read_claude_md_itself(tmp_path: Path) -> None:
    big = "# a\n" + ("x" * 99 + "\n") * 2700
    session, root = session_at(tmp_path, {"a/CLAUDE.md": big, "a/f.txt": "f\n"})
    result = session.read(os.path.join(root, "a/CLAUDE.md"))
    assert [f.path for f in result.engine_files] == [os.path.join(root, "a/CLAUDE.md")]
    assert session.read(os.path.join(root, "a/f.txt")).engine_files == ()


def test_a_restored_session_keeps_its_id_and_so_where_it_saves_contexts(tmp_path: Path) -> None:
    body = "# a\n" + "x" * (ENTRY + 10) + "\n"
    session, root = session_at(tmp_path, {"a/AGENTS.md": body, "a/f.txt": "f\n", "a/g.txt": "g\n"})
    session.turn()
    session.clear()  # a new conversation, a new id: the restored session must not make another
    state = json.loads(json.dumps(session.snapshot()))
    resumed = Session.restore(state)
    assert resumed.session_id == session.session_id != "11111111-2222-4333-8444-555555555555"
    for s in (session, resumed):
        text = s.read(os.path.join(root, "a/g.txt")).hook_text or ""
        assert f"/{session.session_id}/tool-results/" in text
