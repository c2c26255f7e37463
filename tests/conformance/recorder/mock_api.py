"""A scripted stand-in for the Anthropic Messages API on 127.0.0.1.

It runs in a thread of the recorder (one server per scenario, on a free port)
and keeps every Messages request it answered, with its conversation and step
(see ``script``).  A copy of each request is appended to ``requests.jsonl`` in
the run directory, for reading a run by hand.
"""

from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any

from . import script as scripted


@dataclass(frozen=True, slots=True, kw_only=True)
class Request:
    conv: str
    step: int
    has_tools: bool
    body: dict[str, Any]


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    mock: MockApi


class _Handler(BaseHTTPRequestHandler):
    # keep-alive: the engine reuses its connections
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the request log is the record; stderr stays quiet

    def _send(self, code: int, content_type: str, payload: bytes) -> None:
        self.send_response(code)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def _json(self, value: Any) -> None:
        self._send(200, "application/json", json.dumps(value).encode())

    def do_HEAD(self) -> None:
        self._send(200, "text/plain", b"")

    def do_GET(self) -> None:
        self._json({"data": [], "has_more": False})  # e.g. model lists

    def do_POST(self) -> None:
        size = int(self.headers.get("content-length") or 0)
        try:
            body = json.loads(self.rfile.read(size) or b"{}")
        except ValueError:
            body = {}
        if "count_tokens" in self.path:
            self._json({"input_tokens": 10})
        elif self.path.startswith("/v1/messages"):
            reply = self.server.mock.answer(body)
            if body.get("stream"):
                self._send(200, "text/event-stream", _sse(reply, body.get("model", "claude")))
            else:
                self._json(_message(reply, body.get("model", "claude")))
        else:
            self._json({})


def _content_block(reply: scripted.Reply) -> dict[str, Any]:
    if reply.tool is None:
        return {"type": "text", "text": reply.text}
    # a fresh id per call: the engine ties attachments to it
    return {
        "type": "tool_use",
        "id": f"toolu_{secrets.token_hex(6)}",
        "name": reply.tool,
        "input": reply.input,
    }


def _message(reply: scripted.Reply, model: str) -> dict[str, Any]:
    block = _content_block(reply)
    return {
        "id": f"msg_rec_{secrets.token_hex(8)}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [block],
        "stop_reason": "end_turn" if reply.tool is None else "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 1},
    }


def _sse(reply: scripted.Reply, model: str) -> bytes:
    """The same message as server-sent events, one content block."""
    msg = _message(reply, model)
    block = msg["content"][0]
    start: dict[str, Any]
    if block["type"] == "text":
        start = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": block["text"]}
    else:
        start = {**block, "input": {}}
        delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
    events = [
        ("message_start", {"type": "message_start", "message": {**msg, "content": [], "stop_reason": None}}),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": start}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": msg["stop_reason"], "stop_sequence": None},
                "usage": {"output_tokens": 1},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events).encode()


class MockApi:
    """``with MockApi(script, log) as api:`` serves on ``api.url`` until the block ends."""

    def __init__(self, script: dict[str, list[scripted.Reply]], log_path: Path) -> None:
        self.script = script
        self.log_path = log_path
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.mock = self
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def answer(self, body: dict[str, Any]) -> scripted.Reply:
        conv, step = scripted.classify(body)
        has_tools = bool(body.get("tools"))
        with self._lock:
            self.requests.append(Request(conv=conv, step=step, has_tools=has_tools, body=body))
            with self.log_path.open("a", encoding="utf-8") as log:
                log.write(json.dumps({"conv": conv, "step": step, "has_tools": has_tools, "body": body}) + "\n")
        return scripted.answer(self.script, conv, step, has_tools)

    def __enter__(self) -> MockApi:
        self.log_path.write_text("")
        self._thread.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)
