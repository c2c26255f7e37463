"""The recorder's reading of a first request (``recorder.wire``), on the shapes Claude Code 2.1.328
sent for a prompt's ``@``-mentions (copied from the requests of h38_mmiss_default_claimed and
h38_mexist_start, the paths shortened): the mentions' reminders are never the start block."""

from __future__ import annotations

from typing import Any

from conformance.recorder import wire

START = (
    "<system-reminder>\nCodebase and user instructions are shown below. Be sure to adhere to these instructions. "
    "IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written.\n\n"
    "Contents of /r/AGENTS.md (project instructions, checked into the codebase):\n\n# root agents\n</system-reminder>"
)
PLUGIN = (
    "<system-reminder>\nprompt.mention hook additional context: Contents of /r/a/b/AGENTS.md:\n\n"
    "# a/b agents\n\n</system-reminder>\n"
)
NESTED = "<system-reminder>\nContents of /r/a/CLAUDE.md:\n\n# a claude\n\n</system-reminder>"
GIT = "<system-reminder>\nAs you answer the user's questions, you can use the following context:\n...</system-reminder>"


def user(*texts: str) -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "text", "text": t} for t in texts]}


def test_a_missing_file_mentioned_with_no_start_block_is_no_start_block() -> None:
    messages = [user(PLUGIN, NESTED, GIT, "fix @a/b/missing.py"), {"role": "system", "content": "# Environment"}]
    assert wire.claude_md_of_first_user(messages) is None
    assert wire.mention_blocks(messages) == [PLUGIN, NESTED]


def test_a_file_that_exists_is_read_first_and_the_start_block_follows_the_mentions() -> None:
    call = '<system-reminder>\nCalled the Read tool with the following input: {"file_path":"/r/p/e.txt"}\n'
    call += "</system-reminder>"
    result = "<system-reminder>\nResult of calling the Read tool:\n1\te\n2\t\n</system-reminder>\n"
    messages = [user(call), user(result, PLUGIN, NESTED, START, GIT, "fix @p/e.txt")]
    assert wire.claude_md_of_first_user(messages) == START
    assert wire.mention_blocks(messages) == [PLUGIN, NESTED]


def test_only_the_first_request_before_an_answer_counts() -> None:
    messages = [user(GIT, "go"), {"role": "assistant", "content": []}, user(NESTED)]
    assert (wire.claude_md_of_first_user(messages), wire.mention_blocks(messages)) == (None, [])


def test_a_later_turns_mentions_are_the_reminders_since_the_last_answer() -> None:
    """A turn's prompt after an answer (h41_t2_existing_and_missing, h41_t3_chain): its own message,
    and the Read call of a mentioned file before it; the earlier turn's reminders and, after
    /compact, the restored files' Read calls and the start block are none."""
    restored = '<system-reminder>\nCalled the Read tool with the following input: {"file_path":"/r/a/b/z.txt"}\n'
    restored += "</system-reminder>"
    earlier = user(PLUGIN, START, "[[agents-md-recorder turn t1]] go")
    later = user(restored), user(PLUGIN, NESTED + "\n", START, "[[agents-md-recorder turn t2]] fix @a/b/missing.py")
    messages = [earlier, {"role": "assistant", "content": [{"type": "text", "text": "done"}]}, *later]
    assert wire.turn_mention_blocks(messages, 3) == [PLUGIN, NESTED + "\n"]
    assert wire.turn_mention_blocks(messages[:1], 0) == [PLUGIN]  # the first turn: from the start
