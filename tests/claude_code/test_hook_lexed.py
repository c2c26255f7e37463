"""The hook keeps what the engine's Markdown lexer read of texts (their imports, their comments)
between its calls: a later call reads the same texts without the lexer (``re`` is not even
imported) and answers the same; what it keeps is bounded, and a state file's malformed part is
dropped."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agents_md import Session
from agents_md.claude_code import state as states
from agents_md.claude_code.answer import attachment
from agents_md.claude_code.run import run_hook
from agents_md.engine import content, imports, lexed
from agents_md.host.plugins import PluginSpec
from agents_md.plugins.agents_md import NAME, plugin_factory

OFF = {".claude/settings.json": {"json": {"enabledPlugins": {"agents-md@builtin": False}}}}

PROBE = """
import sys
from agents_md.cli.main import main
code = main(["hook", "run"])
print("re" in sys.modules, file=sys.stderr)
raise SystemExit(code)
"""


def read_event(root: Path, rel: str) -> str:
    return json.dumps(
        {
            "session_id": "sites",
            "cwd": str(root),
            "hook_event_name": "PostToolUse",
            "tool_name": "Read",
            "tool_input": {"file_path": str(root / rel)},
            "tool_response": {},
        }
    )


def call(root: Path, home: Path, rel: str) -> tuple[str, bool]:
    """One hook call in a process of its own: its output, and whether it imported ``re``."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        input=read_event(root, rel),
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home)},
        check=True,
    )
    return done.stdout, done.stderr.strip().splitlines()[-1] == "True"


def test_a_later_call_reads_the_texts_without_the_lexer_and_answers_the_same(tree: Any, home: Any) -> None:
    files = {
        "a/AGENTS.md": "# a\n- see @notes.md\n\n```\n@not-an-import.md\n```\n<!-- for people -->\n",
        "a/notes.md": "notes\n",
        "a/b/AGENTS.md": "# b\nsee @../notes.md and `@code.md`\n",
        "a/b/c/f.txt": "x\n",
        "a/b/g.txt": "y\n",
    }
    root, user = tree(files), home(OFF)
    first, loaded_re = call(root, user, "a/b/g.txt")
    assert loaded_re  # the texts were read with the lexer
    (state_file,) = (user / ".cache" / "agents-md" / "hook").glob("*.json")
    kept = {(kind, text): answer for kind, text, answer in states.load(str(state_file), "sites").lexed}
    assert set(kept) == {
        (lexed.SITES, files["a/AGENTS.md"]),
        (lexed.SITES, files["a/b/AGENTS.md"]),
        (lexed.STRIPPED, files["a/AGENTS.md"]),
    }
    assert kept[(lexed.SITES, files["a/AGENTS.md"])] == (("notes.md", 2, 7),)
    assert kept[(lexed.STRIPPED, files["a/AGENTS.md"])] == files["a/AGENTS.md"].replace("<!-- for people -->\n", "")
    # The same files, read again through another file below them: known, so no lexer.
    second, loaded_re = call(root, user, "a/b/c/f.txt")
    assert not loaded_re
    assert second == ""  # everything on the way was given by the first call
    # Without the state, a fresh session's answer is the first one's: the lexer's own reading.
    state_file.unlink()
    again, loaded_re = call(root, user, "a/b/g.txt")
    assert loaded_re and again == first
    assert "Contents of " + str(root / "a" / "notes.md") in json.loads(first)["hookSpecificOutput"]["additionalContext"]


def test_what_is_kept_is_bounded_the_oldest_dropped_first() -> None:
    state = states.SessionState(session_id="s")
    read = tuple((lexed.SITES, f"text {n} @x.md\n", (("x.md", 1, 8),)) for n in range(states.MOST_LEXED + 5))
    kept = states.with_lexed(state, read).lexed
    assert len(kept) == states.MOST_LEXED
    assert kept[0][1] == "text 5 @x.md\n" and kept[-1] == read[-1]
    big = "@y.md " + "z" * (states.MOST_LEXED_CHARS // 2)
    kept = states.with_lexed(state, [(lexed.SITES, big + str(n), ()) for n in range(3)]).lexed
    assert [text[-1] for _, text, _ in kept] == ["2"]
    assert states.with_lexed(state, ()) is state


def test_a_text_too_large_to_keep_does_not_crowd_out_the_rest() -> None:
    state = states.SessionState(session_id="s")
    small = [(lexed.SITES, f"text {n} @x.md\n", (("x.md", 1, 8),)) for n in range(3)]
    huge = (lexed.STRIPPED, "<!-- c -->\n" + "z" * states.MOST_LEXED_CHARS, "z" * states.MOST_LEXED_CHARS)
    assert states.with_lexed(state, [*small, huge]).lexed == tuple(small)  # met last, it is the one left out
    assert states.with_lexed(state, [huge, *small]).lexed == tuple(small)


def test_a_malformed_part_is_dropped_and_the_hook_answers_as_a_fresh_one(tree: Any, home: Any) -> None:
    root, user = tree({"a/AGENTS.md": "# a @n.md\n", "a/n.md": "n\n", "a/f.txt": "x\n"}), home(OFF)
    env = {"HOME": str(user), "PATH": os.environ.get("PATH", "")}
    fresh = run_hook(read_event(root, "a/f.txt"), env=env)
    path = next((user / ".cache" / "agents-md" / "hook").glob("*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["lexed"]
    broken_rows = [
        ["sites", "# a @n.md\n", [["n.md", "1", 5]]],
        ["sites", "# a @n.md\n", [["n.md", 1]]],
        ["stripped", "# a @n.md\n", 3],
        ["other", "# a @n.md\n", []],
        ["sites", 1, []],
        ["t"],
    ]
    for broken in ([[row] for row in broken_rows], [{"x": 1}], ["sites"], [None]):
        for rows in broken:
            data["lexed"] = rows
            data["plugin"]["given"] = {}
            path.write_text(json.dumps(data), encoding="utf-8")
            assert states.load(str(path), "sites").lexed == ()
            assert run_hook(read_event(root, "a/f.txt"), env=env).stdout == fresh.stdout


def test_the_engine_notes_only_what_its_lexer_read_and_only_for_a_host_that_keeps_it() -> None:
    text, other, commented = "see @one.md and @two.md\n", "see @three.md\n", "a\n<!-- b -->\nc\n"
    imports.import_sites.cache_clear()  # type: ignore[attr-defined]
    imports.import_sites(text)
    content.strip_html_comments(commented)
    assert lexed.noted() == ()  # no host keeps them: nothing noted
    imports.import_sites.cache_clear()  # type: ignore[attr-defined]
    try:
        lexed.remember(lexed.valid([[lexed.SITES, text, [["one.md", 1, 5]]], [lexed.STRIPPED, commented, "kept\n"]]))
        assert [(s.path, s.line, s.column) for s in imports.import_sites(text)] == [("one.md", 1, 5)]
        assert content.strip_html_comments(commented) == "kept\n"  # what the earlier process read
        assert [s.path for s in imports.import_sites(other)] == ["three.md"]
        assert content.strip_html_comments("x\n<!-- y -->\n") == "x\n"
        assert imports.import_sites("no imports here\n") == ()
        assert lexed.noted() == (
            (lexed.SITES, other, (("three.md", 1, 5),)),
            (lexed.STRIPPED, "x\n<!-- y -->\n", "x\n"),
        )
    finally:
        lexed.forget()
        imports.import_sites.cache_clear()  # type: ignore[attr-defined]
    assert lexed.noted() == ()
    assert [s.path for s in imports.import_sites(text)] == ["one.md", "two.md"]
    assert content.strip_html_comments(commented) == "a\nc\n"


def test_what_another_thread_reads_is_not_noted_for_this_ones_host() -> None:
    import threading

    mine, theirs = "mine\n<!-- a -->\n", "theirs\n<!-- b -->\nnot this session's\n"
    seen: list[object] = []

    def other() -> None:  # another session answered in the same process (a program running hooks)
        seen.append(content.strip_html_comments(theirs))
        seen.append(lexed.kept_stripped(mine))

    try:
        lexed.remember([(lexed.STRIPPED, mine, "mine\n")])
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        assert lexed.noted() == ()  # nor is this one's reading handed to that thread
        assert seen == ["theirs\nnot this session's\n", None]
        assert lexed.kept_stripped(mine) == "mine\n"
    finally:
        lexed.forget()


def test_the_state_file_is_the_owners_alone(tree: Any, home: Any) -> None:
    root, user = tree({"a/AGENTS.md": "# a @n.md\n", "a/n.md": "n\n", "a/f.txt": "x\n"}), home(OFF)
    old = os.umask(0o022)
    try:
        run_hook(read_event(root, "a/f.txt"), env={"HOME": str(user), "PATH": os.environ.get("PATH", "")})
    finally:
        os.umask(old)
    (state_file,) = (user / ".cache" / "agents-md" / "hook").glob("*.json")
    assert state_file.stat().st_mode & 0o777 == 0o600


def _random_text(rng: Any, folder: str) -> str:
    pieces = [
        f"# {folder}\n",
        "see @notes.md\n",
        "- item @../notes.md\n",
        "```\n@in-code.md\n```\n",
        "<!-- a note for people -->\n",
        "text <!-- inline --> more\n",
        "    @indented.md\n",
        "`@span.md` and **@bold.md**\n",
        "[ref]: https://example.com\n",
        "> quote @q.md\n",
    ]
    return "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 6)))


@pytest.mark.parametrize("profile", ["reference", "complete"])
@pytest.mark.parametrize("seed", range(6))
def test_hook_calls_taking_back_the_lexers_reading_attach_what_one_session_attaches(
    tree: Any, home: Any, profile: str, seed: int
) -> None:
    """Each call starts with the in-process caches empty, as a new process does, so every text
    met before is taken back from the state rather than lexed."""
    rng = random.Random(seed)
    folders = ["a", "a/b", "a/b/c", "d"]
    files = {f"{f}/AGENTS.md": _random_text(rng, f) for f in folders}
    files.update({f"{f}/f.txt": "x\n" for f in folders})
    files.update({f"{f}/{n}": f"{n} of {f}\n" for f in folders for n in ("notes.md", "bold.md", "q.md")})
    root, user = tree(files), home(OFF)
    env = {"HOME": str(user), "PATH": os.environ.get("PATH", "")}
    builtin = PluginSpec(name=NAME, plugin=plugin_factory(), builtin=True)
    steady = Session(cwd=str(root), home=env["HOME"], profile=profile, plugins=[builtin])
    steady.start()
    for step in range(16):
        if rng.random() < 0.2:  # a text changes: lexed anew, the old reading kept beside it
            folder = rng.choice(folders)
            (root / folder / "AGENTS.md").write_text(_random_text(rng, folder), encoding="utf-8")
        path = str(root / rng.choice(folders) / "f.txt")
        expected = attachment(steady.read(path))
        imports.import_sites.cache_clear()  # type: ignore[attr-defined]
        content.process.cache_clear()  # type: ignore[attr-defined]
        out = run_hook(
            json.dumps({**json.loads(read_event(root, "x")), "tool_input": {"file_path": path}}),
            env=env,
            profile=profile,
        )
        got = json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"] if out.stdout else None
        assert got == expected, (seed, step, path)
    (state_file,) = (user / ".cache" / "agents-md" / "hook").glob("*.json")
    assert states.load(str(state_file), "sites").lexed  # the texts' readings were kept, and taken back


def test_a_text_without_its_comments_counts_toward_the_bound_too() -> None:
    half = "<!-- c -->" + "z" * (states.MOST_LEXED_CHARS // 3)
    rows = [(lexed.STRIPPED, half + str(n), "z" * (states.MOST_LEXED_CHARS // 3)) for n in range(2)]
    kept = states.with_lexed(states.SessionState(session_id="s"), rows).lexed
    assert [text[-1] for _, text, _ in kept] == ["1"]  # two texts and their answers: more than the bound


def test_what_another_version_of_the_lexer_read_is_read_again(tree: Any, home: Any) -> None:
    from agents_md._version import __version__

    root, user = tree({"a/AGENTS.md": "# a @n.md\n", "a/n.md": "n\n", "a/f.txt": "x\n"}), home(OFF)
    env = {"HOME": str(user), "PATH": os.environ.get("PATH", "")}
    run_hook(read_event(root, "a/f.txt"), env=env)
    path = next((user / ".cache" / "agents-md" / "hook").glob("*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["lexed_by"] == __version__ and states.load(str(path), "sites").lexed
    data["lexed_by"] = "0.0.1"  # the session began before an upgrade
    path.write_text(json.dumps(data), encoding="utf-8")
    assert states.load(str(path), "sites").lexed == ()
    del data["lexed_by"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert states.load(str(path), "sites").lexed == ()
