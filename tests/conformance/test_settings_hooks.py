"""``agents-md hook run`` as Claude Code's settings hooks, against the reference engine.

The ``h_`` recordings run an existing scenario (``like``) with the built-in plugin turned off
and ``agents-md hook run`` installed as the settings hooks. Two recordings of the same tree
are compared, both from the engine: what the hook made the model see, and what the built-in
plugin made it see. Then the hook is run again here, event by event, and must give what was
recorded.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from agents_md.claude_code.budget import LIMIT, units
from conformance.hook_driver import drive
from conformance.runner import RESULTS

PLUGIN_PREFIX = "tool.call hook additional context: "
# The h_ runs, and the hooked runs of later rounds (``g10_*_hook_ref``, ``g10_*_hook_com``, ``h41_hook_*``:
# a prompt's mentions, in one turn or several).
HOOKED = [
    json.loads(p.read_text(encoding="utf-8"))
    for p in sorted(
        [
            *RESULTS.glob("h_*.json"),
            *RESULTS.glob("g10_*_hook_re[f].json"),
            *RESULTS.glob("g10_*_hook_co[m].json"),
            *RESULTS.glob("h41_hook_*.json"),
        ]
    )
]
OFF = [r for r in HOOKED if r["scenario"]["agents_md_hook"].get("builtin", False) is False]
WHOLE = [r for r in OFF if r["name"] != "h_r_long_nested"]  # within the engine's limit
# the same run recorded with the built-in plugin (the complete profile departs from it on purpose)
TWINS = [r for r in WHOLE if r["scenario"].get("like") and r["scenario"]["agents_md_hook"].get("profile") != "complete"]
_HEADING = re.compile(r"(?m)^Contents of .+? \([^()\n]*\):$")


def base(result: dict[str, Any]) -> dict[str, Any]:
    return json.loads((RESULTS / f"{result['scenario']['like']}.json").read_text(encoding="utf-8"))


def payload(text: str | None) -> str | None:
    """A hook text after its prefix (``tool.call``, ``PostToolUse:Read``, ``SessionStart``...)."""
    return None if text is None else text.split(" hook additional context: ", 1)[1]


def sections(block: str | None) -> list[str]:
    """The ``Contents of PATH (label):`` sections of a start block, text and all."""
    if not block:
        return []
    body = block.removeprefix("<system-reminder>\n").removesuffix("\n</system-reminder>")
    starts = [m.start() for m in _HEADING.finditer(body)]
    return [body[s : (starts[i + 1] - 2 if i + 1 < len(starts) else len(body))] for i, s in enumerate(starts)]


def conversations(plugin: dict[str, Any], hooked: dict[str, Any]) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(where, the plugin's recording, the hook's) for the main loop, each subagent and each turn."""
    out = [("main", plugin, hooked)]
    for field in ("subagents", "turns"):
        for key, value in (plugin.get(field) or {}).items():
            out.append((f"{field}.{key}", value, hooked[field][key]))
    return out


def test_every_read_scenario_and_the_turns_have_a_hooked_twin() -> None:
    names = {r["scenario"]["like"] for r in OFF if r["scenario"].get("like")}
    reads = {p.stem for p in RESULTS.glob("r_*.json")}
    turns = {p.stem for p in RESULTS.glob("t_*.json")}
    assert reads | turns <= names
    assert all(r["ok"] for r in HOOKED)


@pytest.mark.parametrize("result", TWINS, ids=[r["name"] for r in TWINS])
def test_the_hooks_payload_after_a_read_is_the_plugins_byte_for_byte(result: dict[str, Any]) -> None:
    plugin = base(result)
    compared = 0
    for where, mine, theirs in conversations(plugin, result):
        for field in ("attachments", "attachments_after"):
            if not mine.get(field):
                continue
            expected = [None if a is None else a.removeprefix(PLUGIN_PREFIX) for a in mine[field]]
            got = [payload(a) for a in theirs[f"hook_{field}"]]
            assert got == expected, f"{where} {field}"
            assert all(
                a is None or a.startswith("PostToolUse:Read hook additional context: ") for a in theirs[f"hook_{field}"]
            )
            assert theirs.get(field) in (None, [None] * len(mine[field])), "the built-in plugin was off"
            compared += len(expected)
    assert compared > 0 or not plugin.get("attachments")


@pytest.mark.parametrize("result", TWINS, ids=[r["name"] for r in TWINS])
def test_the_hooks_start_text_holds_the_sections_the_plugin_adds(result: dict[str, Any]) -> None:
    """SessionStart (and SubagentStart) carry exactly the sections the plugin's start block has and
    the engine's alone lacks, framed alike; after /compact and /clear they come again."""
    for where, mine, theirs in conversations(base(result), result):
        if where == "main" and result.get("turns"):
            continue  # a turns run's block is its first turn's
        added = [s for s in sections(mine.get("claude_md")) if s not in sections(theirs.get("claude_md"))]
        starts = [t for t in theirs["hook_start"] if not t.startswith("UserPromptSubmit")]  # a prompt's mentions
        assert [payload(t) for t in starts] == (["\n\n".join(added)] if added else []), where


MENTION_OPEN = "<system-reminder>\nprompt.mention hook additional context: "
PROMPTED = "UserPromptSubmit hook additional context: "
MENTIONED = [
    r
    for r in TWINS
    if "mention_blocks" in base(r) or any("mention_blocks" in t for t in base(r).get("turns", {}).values())
]


def prompt_parts(blocks: list[str]) -> tuple[str | None, list[str]]:
    """The plugin's mention texts of a prompt as one hook text (the files of every mention framed
    as one Read's), and the engine's own blocks."""
    texts = [b.removeprefix(MENTION_OPEN).rstrip("\n").removesuffix("</system-reminder>") for b in blocks]
    plugin = [t.removesuffix("\n") for b, t in zip(blocks, texts, strict=True) if b.startswith(MENTION_OPEN)]
    return ("\n".join(plugin) or None), [b for b in blocks if not b.startswith(MENTION_OPEN)]


@pytest.mark.parametrize("result", MENTIONED, ids=[r["name"] for r in MENTIONED])
def test_a_prompts_mentions_reach_the_model_from_the_hook_as_from_the_plugin(result: dict[str, Any]) -> None:
    """Each prompt's mentions (h41_hook_*, g10_mention_*): the hook's UserPromptSubmit text is the
    plugin's prompt.mention texts, the files of all as one text; the engine's own blocks are the
    same with the plugin off; a prompt the plugin attached nothing to adds no hook text."""
    plugin = base(result)
    prompts = [("main", plugin, result)] if not plugin.get("turns") else []
    prompts += [(k, t, result["turns"][k]) for k, t in (plugin.get("turns") or {}).items() if "mention_blocks" in t]
    assert prompts
    earlier: list[str] = []
    for where, mine, theirs in prompts:
        text, engine = prompt_parts(mine["mention_blocks"])
        assert theirs["mention_blocks"] == engine, where
        prompted = [t for t in theirs["hook_start"] if t.startswith(PROMPTED)]
        if text is None:
            assert set(prompted) <= set(earlier), where
        else:
            assert prompted[-1] == PROMPTED + text, where
        earlier = prompted


def test_the_hook_says_nothing_while_the_built_in_plugin_is_on() -> None:
    (on,) = [r for r in HOOKED if r["scenario"]["agents_md_hook"].get("builtin") is True]
    plugin = base(on)
    assert on["hook_start"] == []
    assert on["hook_attachments"] == [None] * len(on["attachments"])
    assert on["attachments"] == plugin["attachments"] and on["attachments"][0] is not None
    assert on["claude_md"] == plugin["claude_md"]


@pytest.mark.parametrize("where", ["recorded", "here"])
def test_a_long_agents_md_arrives_cut_at_a_line_within_the_limit_and_says_so(where: str, tmp_path: Path) -> None:
    (long,) = [r for r in OFF if r["name"] == "h_r_long_nested"]
    whole = base(long)["attachments"][0].removeprefix(PLUGIN_PREFIX)
    assert units(whole) > LIMIT  # the plugin attaches it whole: over what a hook may send
    if where == "recorded":
        sent = payload(long["hook_attachments"][0])
    else:
        sent = drive(long["scenario"], tmp_path / "run")["hook_attachments"][0]
    assert sent is not None and units(sent.replace("<ROOT>", str(tmp_path / "run" / "root"))) <= LIMIT
    kept, note = sent.split("\n[agents-md: ", 1)
    assert whole.startswith(kept) and kept.endswith("\n")
    shown = kept.count("\n") - 2
    assert note == (
        f"<ROOT>/sub/AGENTS.md is cut after line {shown} of 601. Claude Code keeps at most 10,000 "
        "characters of a hook's context in the conversation; Read those files for the rest.]\n"
    )


# (the long one is cut where its paths' length says, which differs from machine to machine)
@pytest.mark.parametrize("result", WHOLE, ids=[r["name"] for r in WHOLE])
def test_the_hook_run_here_gives_what_was_recorded(result: dict[str, Any], tmp_path: Path) -> None:
    got = drive(result["scenario"], tmp_path / result["name"])
    for where, mine, theirs in conversations(result, got):
        if where == "main" and result.get("turns"):
            continue
        assert [payload(t) for t in mine["hook_start"]] == theirs["hook_start"], where
        for field in ("hook_attachments", "hook_attachments_after"):
            if field in mine:
                assert [payload(a) for a in mine[field]] == theirs[field], f"{where} {field}"


def by_name(name: str) -> dict[str, Any]:
    (found,) = [r for r in HOOKED if r["name"] == name]
    return found


def test_the_complete_profiles_events_fire_where_the_engine_offers_them() -> None:
    """A Write attaches its folder's AGENTS.md once (PostToolUse:Write) in the complete profile, none
    in the reference one; an @-mention attaches at UserPromptSubmit, and a Read there adds nothing."""
    write = by_name("h_complete_write")
    assert write["hook_attachments"] == [
        "PostToolUse:Write hook additional context: Contents of <ROOT>/w/AGENTS.md:\n\n# w AGENTS\n",
        None,
    ]
    assert by_name("h_reference_write")["hook_attachments"] == [None]
    turn = by_name("h_complete_mention")["turns"]["t1"]
    assert (
        turn["hook_start"][1]
        == "UserPromptSubmit hook additional context: Contents of <ROOT>/m/AGENTS.md:\n\n# m AGENTS\n"
    )
    assert turn["hook_attachments"] == [None]
