"""``Session.touch`` against the reference engine: what a Write, a Glob and a Grep attach.

The ``x_touch_*`` recordings script other tools' calls on files in folders that hold an
``AGENTS.md`` or a ``CLAUDE.md``, then Reads in those folders. Each call is played here
through ``Session.touch`` (a search with the hits the tool found) and must attach what the
engine did, byte for byte: the engine's blocks and the built-in plugin's text.
"""

from __future__ import annotations

import fnmatch
import json
import os
from pathlib import Path
from typing import Any

import pytest
from trees import substitute

from agents_md.host.session import Session
from conformance.runner import RESULTS, _dashed, _resolve, lay_out

TOUCHED = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(RESULTS.glob("x_touch_*.json"))]


def hits(call: dict[str, Any]) -> list[str]:
    """The files a Glob or a Grep found, as the tool names them."""
    folder = call["path"]
    names = sorted(os.listdir(folder))
    if call["tool"] == "Glob":
        return [os.path.join(folder, n) for n in names if fnmatch.fnmatch(n, call["pattern"])]
    found = []
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isfile(path) and call["pattern"] in Path(path).read_text(encoding="utf-8"):
            found.append(path)
    return found


def play(result: dict[str, Any], run: Path) -> tuple[list[str | None], list[list[str]]]:
    scn, cwd = lay_out(result["scenario"], run)
    root, home = run / "root", run / "home"
    session = Session(cwd=str(cwd), home=str(home), args=scn.get("args", []), managed_dir=str(run / "managed"))
    attachments: list[str | None] = []
    blocks: list[list[str]] = []
    for entry in scn["reads"]:
        call = entry if isinstance(entry, dict) else {"tool": "Read", "file_path": entry}
        if "file_path" in call:
            paths = [_resolve(call["file_path"], str(root))]
            if call["tool"] == "Write":  # the engine wrote it before it attached anything
                Path(paths[0]).write_text(call["content"], encoding="utf-8")
        else:
            paths = hits(call)
            assert paths, "the search finds something"
        touch = session.touch(call["tool"], paths)
        attachments.append("\n\n".join(t for r in touch.results for t in r.hook_texts) or None)
        blocks.append([b for r in touch.results for b in r.engine_blocks])
    back = {str(root): "<ROOT>", str(home): "<HOME>", _dashed(str(root)): "<DASHED-ROOT>"}
    return substitute(attachments, back), substitute(blocks, back)


@pytest.mark.parametrize("result", TOUCHED, ids=[r["name"] for r in TOUCHED])
def test_a_touch_attaches_what_the_engine_attached_for_that_tool(result: dict[str, Any], tmp_path: Path) -> None:
    attachments, blocks = play(result, tmp_path)
    assert attachments == result["attachments"]
    assert blocks == result["engine_blocks"]


def test_the_recording_shows_each_kind_of_tool() -> None:
    """A Write attaches the engine's nested CLAUDE.md and counts as given; the plugin attaches nothing
    on it; a Glob or a Grep attaches nothing and leaves the folder to the next Read."""
    (result,) = [r for r in TOUCHED if r["name"] == "x_touch_other_tools"]
    tools = [r["tool"] if isinstance(r, dict) else "Read" for r in result["scenario"]["reads"]]
    assert tools[:6] == ["Write", "Write", "Glob", "Glob", "Grep", "Grep"]
    assert result["attachments"][:6] == [None] * 6
    assert [bool(b) for b in result["engine_blocks"][:6]] == [False, True, False, False, False, False]
    assert result["engine_blocks"][7] == []  # the Write's CLAUDE.md was given
    assert result["engine_blocks"][9] and result["engine_blocks"][11]  # the searches' were not
