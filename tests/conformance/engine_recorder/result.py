"""One result: what the engine sent, where the run's paths are written back as placeholders.

``ok`` says the run went as scripted: the expected exit code, no timeout, and
(Gemini, OpenCode, when the engine reached the model) every scripted read
answered and the final ``ok`` sent.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from . import extract
from .drivers import Outcome
from .scenario import Run
from .standin import Request

STDERR_TAIL = 2000


def placeholder_writer(mapping: Mapping[str, Path]) -> Any:
    """A function that writes every path of `mapping` back as its placeholder, in any value.

    Each path is also known by its real spelling (a temporary folder may sit
    behind a link); the longest spellings are replaced first."""
    pairs: list[tuple[str, str]] = []
    for tag, path in mapping.items():
        for spelling in {str(path), os.path.realpath(path)}:
            pairs.append((spelling, tag))
    pairs.sort(key=lambda p: -len(p[0]))

    def write(value: Any) -> Any:
        if isinstance(value, str):
            for spelling, tag in pairs:
                value = value.replace(spelling, tag)
            return value
        if isinstance(value, list):
            return [write(x) for x in value]
        if isinstance(value, dict):
            return {k: write(v) for k, v in value.items()}
        return value

    return write


def extracted(run: Run, outcome: Outcome, requests: Sequence[Request]) -> extract.Extracted:
    if run.engine == "codex":
        return extract.codex(outcome.stdout)
    loop = [r.body for r in requests if r.step is not None]
    if run.engine == "gemini":
        return extract.gemini(loop, len(run.reads))
    return extract.opencode(loop, len(run.reads))


def as_scripted(run: Run, outcome: Outcome, requests: Sequence[Request]) -> bool:
    if outcome.timed_out or outcome.exit_code != run.expect_exit:
        return False
    steps = [r.step for r in requests if r.step is not None]
    if run.engine == "codex" or not steps:
        return True
    return max(steps) >= len(run.reads)  # the model was asked once more after the last read


def assemble(run: Run, version: str | None, outcome: Outcome, requests: Sequence[Request]) -> dict[str, Any]:
    got = extracted(run, outcome, requests)
    ok = as_scripted(run, outcome, requests)
    res: dict[str, Any] = {
        "name": run.name,
        "engine": run.engine,
        "version": version,
        "ok": ok,
        "exit_code": outcome.exit_code,
        "prompt": got.prompt,
        "reads": got.reads,
        "files": got.files,
        "detail": {**got.detail, "seconds": round(outcome.seconds, 1)},
    }
    if not ok:
        res["timed_out"] = outcome.timed_out
        res["stderr_tail"] = outcome.stderr[-STDERR_TAIL:]
    written: dict[str, Any] = placeholder_writer(run.placeholders)(res)
    return written
