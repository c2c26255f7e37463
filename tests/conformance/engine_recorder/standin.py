"""The stand-in model API on 127.0.0.1, for Gemini CLI and OpenCode.

One server per run, on a free port, in a thread of the recorder.  It answers
every POST from the script of ``replies`` and keeps each request (method,
path, body, the loop step it answered) in memory and in ``requests.jsonl`` of
the run folder, for reading a run by hand.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any

from . import replies


@dataclass(frozen=True, slots=True, kw_only=True)
class Request:
    path: str
    body: dict[str, Any]
    step: int | None  # None: not an agent-loop request


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    standin: Standin


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the engines reuse their connections
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the request log is the record

    def _send(self, content_type: str, payload: bytes) -> None:
        self.send_response(200)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:
        self._send("application/json", b'{"data": [], "models": []}')

    def do_POST(self) -> None:
        size = int(self.headers.get("content-length") or 0)
        try:
            body = json.loads(self.rfile.read(size) or b"{}")
        except ValueError:
            body = {}
        if not isinstance(body, dict):
            body = {}
        ans = self.server.standin.answer(self.path, body)
        self._send(ans.content_type, ans.body)


class Standin:
    """``with Standin(engine, reads, log) as s:`` serves on ``s.url`` until the block ends."""

    def __init__(self, engine: str, reads: tuple[str, ...], log_path: Path) -> None:
        self.engine = engine
        self.reads = reads
        self.log_path = log_path
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.standin = self
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def answer(self, path: str, body: dict[str, Any]) -> replies.Answer:
        ans = replies.answer(self.engine, path, body, self.reads)
        with self._lock:
            self.requests.append(Request(path=path, body=body, step=ans.step))
            with self.log_path.open("a", encoding="utf-8") as log:
                log.write(json.dumps({"path": path, "step": ans.step, "body": body}) + "\n")
        return ans

    def __enter__(self) -> Standin:
        self.log_path.write_text("")
        self._thread.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)
