"""A baseline: the findings a repository had when it adopted ``check``, so that only new ones fail.

1. ``write_baseline`` records each finding's fingerprint (rule, file and subject: never its line,
   so edits elsewhere in the file keep it; ``Diagnostic.fingerprint``, also SARIF's
   ``partialFingerprints``) with its rule, file and message for the reader. The file is JSON,
   sorted, one finding a line, so that its diff in review says what was accepted.
2. ``load_baseline`` reads one back; anything that is not a baseline is an error naming the file.
3. ``Baseline.split`` takes the findings a baseline holds out of a report, counting: two
   findings with one fingerprint need two entries. The entries nothing matched any more are
   fixed findings; the report says how many, so the baseline can be rewritten smaller.

Writing replaces only a baseline (never other content, never through a link), atomically.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from agents_md._util.atomic import atomic_write
from agents_md.diagnostics import Diagnostic
from agents_md.errors import AgentsMdError

KEY = "agents-md-baseline"
VERSION = 1


@dataclass(frozen=True, slots=True)
class Baseline:
    path: str
    counts: Counter[str]

    def split(self, findings: Iterable[Diagnostic]) -> tuple[list[Diagnostic], int, int]:
        """Step 3: (the findings not in the baseline, how many it held out, how many entries matched nothing)."""
        left = Counter(self.counts)
        new: list[Diagnostic] = []
        held = 0
        for finding in findings:
            key = finding.fingerprint()
            if left[key] > 0:
                left[key] -= 1
                held += 1
            else:
                new.append(finding)
        return new, held, sum(left.values())


def render_baseline(findings: Iterable[Diagnostic]) -> str:
    """Step 1: the baseline's text."""
    entries = sorted(
        ({"fingerprint": f.fingerprint(), "rule": f.rule, "file": f.file, "message": f.text} for f in findings),
        key=lambda e: (e["file"], e["rule"], e["fingerprint"]),
    )
    lines = ",\n".join("    " + json.dumps(e, ensure_ascii=False, sort_keys=True) for e in entries)
    body = f"[\n{lines}\n  ]" if entries else "[]"
    return f'{{\n  "{KEY}": {VERSION},\n  "findings": {body}\n}}\n'


def _parse(path: str, text: str) -> Counter[str]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AgentsMdError(f"{path}:{exc.lineno}: not a baseline: {exc.msg}") from None
    if not isinstance(data, dict) or data.get(KEY) != VERSION or not isinstance(data.get("findings"), list):
        raise AgentsMdError(f'{path}: not a baseline of agents-md (expected an object with "{KEY}": {VERSION})')
    counts: Counter[str] = Counter()
    for i, entry in enumerate(data["findings"]):
        fingerprint = entry.get("fingerprint") if isinstance(entry, dict) else None
        if not isinstance(fingerprint, str):
            raise AgentsMdError(f"{path}: findings[{i}] has no fingerprint (expected a string)")
        counts[fingerprint] += 1
    return counts


def load_baseline(path: str) -> Baseline:
    """Step 2."""
    try:
        with open(path, encoding="utf-8-sig") as handle:
            text = handle.read(16 * 1024 * 1024 + 1)
    except FileNotFoundError:
        raise AgentsMdError(f"{path}: no such baseline (write one with --write-baseline {path})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise AgentsMdError(f"{path}: cannot be read as a baseline ({getattr(exc, 'strerror', None) or exc})") from None
    if len(text) > 16 * 1024 * 1024:
        raise AgentsMdError(f"{path}: larger than 16 MiB; not a baseline")
    return Baseline(path, _parse(path, text))


def write_baseline(path: str, findings: Iterable[Diagnostic]) -> int:
    """Record ``findings`` at ``path`` (a new file, or a baseline being rewritten); how many were written."""
    findings = list(findings)
    if os.path.islink(path):
        raise AgentsMdError(f"{path} is a link; not writing through it")
    if os.path.lexists(path):
        if not os.path.isfile(path):
            raise AgentsMdError(f"{path} is not a file; not replacing it")
        try:
            load_baseline(path)
        except AgentsMdError as exc:
            raise AgentsMdError(f"{exc}; not replacing it") from None
    atomic_write(path, render_baseline(findings))
    return len(findings)


__all__ = ["Baseline", "load_baseline", "render_baseline", "write_baseline"]
