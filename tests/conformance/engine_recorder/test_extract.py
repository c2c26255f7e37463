"""Result extraction, from requests captured from the real engines and from built ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conformance.engine_recorder import extract, result

CAPTURED = Path(__file__).parent / "captured"
ROOT, HOME = Path("/run/root"), Path("/run/home")


def _loop(engine: str) -> list[dict[str, Any]]:
    lines = (CAPTURED / f"{engine}_requests.jsonl").read_text(encoding="utf-8").splitlines()
    return [r["body"] for r in map(json.loads, lines) if r["step"] is not None]


def _placed(value: Any) -> Any:
    return result.placeholder_writer({"<ROOT>": ROOT, "<HOME>": HOME})(value)


def test_codex_prompt_is_the_agents_md_part_of_the_printed_input() -> None:
    got = extract.codex((CAPTURED / "codex_stdout.json").read_text(encoding="utf-8"))
    want = "# AGENTS.md instructions for <ROOT>/a\n\n<INSTRUCTIONS>\n# global codex\n\n--- project-doc ---\n\n"
    assert _placed(got.prompt) == want + "# root\n\n\n# a\n\n</INSTRUCTIONS>"
    assert got.reads == []


def test_codex_without_the_part_or_json_has_no_prompt() -> None:
    assert extract.codex(json.dumps([{"role": "user", "content": [{"text": "<environment_context>"}]}])).prompt is None
    assert extract.codex("WARNING: not json").prompt is None


def test_gemini_prompt_joins_the_global_and_project_elements_and_the_read_block() -> None:
    got = extract.gemini(_loop("gemini"), 1)
    block = "--- Context from: {0} ---\n{1}\n--- End of Context from: {0} ---\n"
    glob = "<loaded_context>\n" + block.format("<HOME>/.gemini/GEMINI.md", "# global gem") + "</loaded_context>"
    proj = (
        "<loaded_context>\n<project_context>\n"
        + block.format("<ROOT>/GEMINI.md", "# gem root")
        + "\n"
        + block.format("<ROOT>/a/GEMINI.md", "# gem a")
        + "</project_context>\n</loaded_context>"
    )
    assert _placed(got.prompt) == glob + "\n" + proj
    jit = block.format("<ROOT>/a/b/GEMINI.md", "# gem b")
    assert _placed(got.reads) == ["--- Newly Discovered Project Context ---\n" + jit + "--- End Project Context ---"]
    assert _placed(got.files) == ["<HOME>/.gemini/GEMINI.md", "<ROOT>/GEMINI.md", "<ROOT>/a/GEMINI.md"]


def _gemini_body(system: str, user: str, outputs: list[str | None]) -> dict[str, Any]:
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": user}]}]
    for out in outputs:
        contents.append({"role": "model", "parts": [{"functionCall": {"name": "read_file"}}]})
        response = {"output": out} if out is not None else {"error": "Path not in workspace"}
        contents.append({"role": "user", "parts": [{"functionResponse": {"name": "read_file", "response": response}}]})
    return {"systemInstruction": {"parts": [{"text": system}]}, "contents": contents}


def test_gemini_without_global_files_has_the_project_element_alone() -> None:
    proj = "<loaded_context>\n<project_context>\n--- Context from: /r/A ---\nx\n--- End of Context from: /r/A ---\n"
    proj += "</project_context>\n</loaded_context>"
    body = _gemini_body("preamble", f"<session_context>\nlisting\n\n\n{proj}\n</session_context>", [])
    assert extract.gemini([body], 0).prompt == proj


def test_gemini_extension_files_open_the_user_messages_element() -> None:
    ext = "<extension_context>\n--- Context from: /h/.gemini/extensions/e/GEMINI.md ---\ne\n"
    ext += "--- End of Context from: /h/.gemini/extensions/e/GEMINI.md ---\n</extension_context>\n"
    proj = "<project_context>\n--- Context from: /r/A ---\nx\n--- End of Context from: /r/A ---\n</project_context>\n"
    element = f"<loaded_context>\n{ext}{proj}</loaded_context>"
    body = _gemini_body("preamble", f"<session_context>\nlisting\n\n\n{element}\n</session_context>", [])
    got = extract.gemini([body], 0)
    assert got.prompt == element
    assert got.files == ["/h/.gemini/extensions/e/GEMINI.md", "/r/A"]


def test_gemini_quoted_markers_in_a_file_do_not_move_the_cut() -> None:
    # the file's own text mentions both markers; the engine's come first
    text = "--- Context from: /r/A ---\nsee <loaded_context>\n and \n\n--- Newly Discovered Project Context ---\n"
    glob = f"<loaded_context>\n{text}--- End of Context from: /r/A ---\n</loaded_context>"
    output = "file text\n\n--- Newly Discovered Project Context ---\n" + text + "--- End Project Context ---"
    got = extract.gemini([_gemini_body("preamble\n\n" + glob, "<session_context>\n</session_context>", [output])], 1)
    assert got.prompt == glob
    assert got.reads == [output[len("file text\n\n") :]]


def test_gemini_refused_or_plain_reads_attach_nothing_and_no_request_means_no_prompt() -> None:
    body = _gemini_body("preamble", "<session_context>\n</session_context>", ["plain file\n", None])
    assert extract.gemini([body], 2).reads == [None, None]
    assert extract.gemini([], 2) == extract.Extracted(prompt=None, reads=[None, None], files=[], detail={"requests": 0})


def test_opencode_prompt_is_the_entries_between_env_and_skills_and_the_reminder() -> None:
    got = extract.opencode(_loop("opencode"), 1)
    assert _placed(got.prompt) == (
        "Instructions from: <HOME>/.config/opencode/AGENTS.md\n# global oc\n\n"
        "Instructions from: <ROOT>/a/AGENTS.md\n# a\n\nInstructions from: <ROOT>/AGENTS.md\n# root\n"
    )
    reminder = "<system-reminder>\nInstructions from: <ROOT>/a/b/AGENTS.md\n# b\n\n</system-reminder>"
    assert _placed(got.reads) == [reminder]


def _opencode_body(system: str, outputs: list[str]) -> dict[str, Any]:
    messages: list[dict[str, Any]] = [{"role": "system", "content": system}, {"role": "user", "content": "hello"}]
    for out in outputs:
        messages += [{"role": "assistant", "tool_calls": []}, {"role": "tool", "content": out}]
    return {"messages": messages, "tools": [{}]}


def test_opencode_no_entries_is_no_prompt_and_a_read_without_reminder_is_none() -> None:
    out = "<path>/r/f</path>\n<type>file</type>\n<content>\n1: </content> <system-reminder>\n</content>"
    body = _opencode_body("pre\n<env>\n</env>\n\nSkills provide specialized instructions and more", [out])
    got = extract.opencode([body], 1)
    assert (got.prompt, got.reads) == (None, [None])


def test_opencode_skills_right_after_env_is_no_prompt() -> None:
    body = _opencode_body("pre\n<env>\n  Platform: linux\n</env>\nSkills provide specialized instructions and x", [])
    assert extract.opencode([body], 0).prompt is None


def test_opencode_reminder_starts_after_the_engines_content_end() -> None:
    reminder = "<system-reminder>\nInstructions from: /r/a/AGENTS.md\n</content>\n\n</system-reminder>"
    out = "<path>/r/a/f</path>\n<type>file</type>\n<content>\n1: <system-reminder>\n</content>\n\n" + reminder
    body = _opencode_body("<env>\n</env>\nInstructions from: /r/AGENTS.md\nx\n", [out])
    got = extract.opencode([body], 1)
    assert got.prompt == "Instructions from: /r/AGENTS.md\nx\n"  # no Skills paragraph: to the end
    assert got.reads == [reminder]


def test_placeholders_replace_the_longest_spelling_first(tmp_path: Path) -> None:
    root = tmp_path / "run/root"
    home = tmp_path / "run/root-home"
    write = result.placeholder_writer({"<ROOT>": root, "<HOME>": home})
    assert write({"k": [f"{home}/x and {root}/y"]}) == {"k": ["<HOME>/x and <ROOT>/y"]}
