"""``context``'s table: the files an agent starts with, why each loaded, and what was left out."""

from __future__ import annotations

import os

from agents_md._model import Kind, Reason
from agents_md.cli.style import PathNames, Style, human_bytes
from agents_md.host.report import ContextReport, estimate_tokens

_WHY = {"walk": "on the path", "managed": "managed policy", "user": "user", "added-dir": "added directory"}


def project_top(report: ContextReport) -> str:
    """The highest folder at or above the cwd that holds one of the project's files (the cwd, without one)."""
    top = report.cwd
    for f in report.files:
        if f.kind not in (Kind.PROJECT, Kind.LOCAL) or f.provenance.reason is Reason.ADDED_DIR:
            continue
        folder = os.path.dirname(f.path)
        if os.path.basename(folder) == ".claude" or "/.claude/rules" in folder:
            folder = folder.split("/.claude", 1)[0] or "/"
        inside = report.cwd == folder or report.cwd.startswith(folder.rstrip("/") + "/")
        if inside and len(folder) < len(top):
            top = folder
    return top


def _why(report: ContextReport, index: int, name: PathNames) -> str:
    f = report.files[index]
    reason = str(f.provenance.reason)
    if reason == "import":
        return f"import of {name(f.parent or '')}"
    if reason == "plugin":
        return f"plugin {f.provenance.via}"
    return _WHY.get(reason, reason)


def render_text(report: ContextReport, *, absolute: bool = False) -> str:
    s = Style()
    name = PathNames(report.cwd, report.home, top=project_top(report), absolute=absolute)
    lines: list[str] = []
    title = f"Instruction files for {report.cwd}"
    if report.agent:
        title += f" (agent {report.agent})"
    lines.append(s(title, "bold"))
    mode = report.mode
    if mode.value is None:
        lines.append(f"mode: {s('agents-md plugin off', 'yellow')} (the engine reads CLAUDE.md alone)")
    else:
        lines.append(f"mode: {s(mode.value, 'cyan')}  (from {mode.source})")
    if report.disabled_by:
        lines.append(s(f"no instruction files load: {report.disabled_by}", "yellow"))
    lines.append("")
    if report.files:
        rows = []
        parents: dict[str, int] = {}
        for i, f in enumerate(report.files):
            depth = parents[f.parent] + 1 if f.parent in parents else 0
            parents[f.path] = depth
            shown = ("  " * (depth - 1) + "└ " if depth else "") + name(f.path)
            tokens = str(estimate_tokens(f.content.strip()))
            rows.append((str(i + 1), str(f.kind), shown, str(f.size), tokens, _why(report, i, name)))
        headers = ("#", "kind", "file", "bytes", "~tokens", "why")
        widths = [max(len(h), *(len(r[c]) for r in rows)) for c, h in enumerate(headers)]
        lines.append(s("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)), "dim"))
        colours = {"managed": "magenta", "user": "blue", "project": "green", "local": "yellow", "memory": "cyan"}
        for r in rows:
            cells = [
                r[0].rjust(widths[0]),
                s(r[1].ljust(widths[1]), colours.get(r[1], "")),
                r[2].ljust(widths[2]),
                r[3].rjust(widths[3]),
                r[4].rjust(widths[4]),
                s(r[5], "dim"),
            ]
            lines.append("  ".join(cells).rstrip())
        block = report.claude_md or ""
        lines.append("")
        lines.append(
            f"{len(report.files)} file(s); the block the model receives: "
            f"{human_bytes(len(block.encode()))}, ~{estimate_tokens(block)} tokens"
        )
    else:
        why = f": {report.agent_without}" if report.agent_without else ""
        lines.append(s(f"No instruction files load{why}.", "yellow"))
    if report.skipped:
        lines.append("")
        lines.append(s("Considered and left out:", "bold"))
        reasons = {
            "excluded": "excluded by claudeMdExcludes",
            "denied": "a Read permission rule refuses it (permissions.deny)",
            "empty": "empty after front matter and comments",
            "external-import": "import outside the working directory, not approved",
            "missing-import": "import of a file that does not exist",
            "not-text": "import of a file the engine does not read as text",
            "depth": "import deeper than the engine follows",
            "conditional-rule": "rule with paths: front matter (attached on matching Reads)",
            "unreadable": "cannot be read",
        }
        for sk in report.skipped:
            why = reasons.get(str(sk.reason), str(sk.reason))
            extra = f" [{sk.detail}]" if sk.detail else ""
            via = f" (from {name(sk.via)})" if sk.via else ""
            lines.append(f"  {name(sk.path)}: {why}{via}{extra}")
    return "\n".join(lines)
