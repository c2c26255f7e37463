"""The stand-in's scripted answers: one read per scenario read, then ``ok``; side requests get text."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from conformance.engine_recorder import replies
from conformance.engine_recorder.standin import Standin

READS = ("/r/a/f.txt", "/r/b/g.txt")


def _gemini_request(models: int) -> dict[str, Any]:
    contents = [{"role": "user", "parts": [{"text": "hello"}]}]
    contents += [{"role": "model", "parts": [{"functionCall": {}}]}, {"role": "user", "parts": []}] * models
    return {"contents": contents, "tools": [{"functionDeclarations": [{"name": "glob"}, {"name": "read_file"}]}]}


def _events(body: bytes) -> list[Any]:
    out = []
    for line in body.decode().splitlines():
        if line.startswith("data: ") and line != "data: [DONE]":
            out.append(json.loads(line[len("data: ") :]))
    return out


def _post(url: str, body: dict[str, Any]) -> bytes:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        data: bytes = resp.read()
        return data


def test_script_reads_each_file_in_order_then_says_ok() -> None:
    assert replies.scripted("gemini", READS, 0) == replies.Reply(tool="read_file", args={"file_path": READS[0]})
    assert replies.scripted("opencode", READS, 1) == replies.Reply(tool="read", args={"filePath": READS[1]})
    assert replies.scripted("opencode", READS, 2) == replies.Reply(text="ok")


def test_gemini_step_counts_model_turns_and_side_requests_have_none() -> None:
    assert replies.gemini_step(_gemini_request(0)) == 0
    assert replies.gemini_step(_gemini_request(2)) == 2
    assert replies.gemini_step({"contents": [], "tools": [{"functionDeclarations": [{"name": "glob"}]}]}) is None


def test_opencode_title_request_gets_text_and_the_loop_a_streamed_tool_call() -> None:
    title = replies.opencode_answer({"messages": [{"role": "user", "content": "hi"}], "stream": True}, READS)
    assert title.step is None
    assert _events(title.body)[0]["choices"][0]["delta"]["content"] == "title"
    body = {"messages": [{"role": "user"}, {"role": "assistant"}, {"role": "tool"}], "tools": [{}], "stream": True}
    loop = replies.opencode_answer(body, READS)
    first, finish, usage = _events(loop.body)
    call = first["choices"][0]["delta"]["tool_calls"][0]
    assert (loop.step, call["index"], call["function"]["name"]) == (1, 0, "read")
    assert json.loads(call["function"]["arguments"]) == {"filePath": READS[1]}
    assert finish["choices"][0]["finish_reason"] == "tool_calls"
    assert usage["usage"]["total_tokens"] == 11
    assert loop.body.endswith(b"data: [DONE]\n\n")


def test_opencode_unstreamed_final_answer() -> None:
    body = {"messages": [{"role": "assistant"}] * 2, "tools": [{}]}
    full = json.loads(replies.opencode_answer(body, READS).body)
    message = {"role": "assistant", "content": "ok"}
    assert full["choices"][0] == {"index": 0, "message": message, "finish_reason": "stop"}


def test_standin_serves_gemini_on_loopback_and_logs_each_request(tmp_path: Path) -> None:
    log = tmp_path / "requests.jsonl"
    with Standin("gemini", READS, log) as standin:
        assert standin.url.startswith("http://127.0.0.1:")
        url = standin.url + "/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse"
        first = _events(_post(url, _gemini_request(0)))
        last = _events(_post(url, _gemini_request(2)))
        tokens = json.loads(_post(standin.url + "/v1beta/models/gemini-2.5-pro:countTokens", {}))
    part = first[0]["candidates"][0]["content"]["parts"][0]
    assert part == {"functionCall": {"name": "read_file", "args": {"file_path": READS[0]}}}
    assert last[0]["candidates"][0]["content"]["parts"][0] == {"text": "ok"}
    assert tokens == {"totalTokens": 10}
    assert [r.step for r in standin.requests] == [0, 2, None]
    logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert [entry["step"] for entry in logged] == [0, 2, None]
    assert logged[0]["body"] == _gemini_request(0)
