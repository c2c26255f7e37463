"""``context``'s table: the files an agent starts with, why each loaded, and what was left out."""

from __future__ import annotations

from agents_md.cli.style import Style, human_bytes, short_path
from agents_md.host.report import ContextReport, estimate_tokens

_WHY = {"walk": "on the path", "managed": "managed policy", "user": "user", "added-dir": "added directory"}


def _why(report: ContextReport, index: int) -> str:
    f = report.files[index]
    reason = str(f.provenance.reason)
    if reason == "import":
        return f"import of {short_path(f.parent or '', report.cwd, report.home)}"
    if reason == "plugin":
        return f"plugin {f.provenance.via}"
    return _WHY.get(reason, reason)


def render_text(report: ContextReport) -> str:
    s = Style()
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
            name = ("  " * (depth - 1) + "└ " if depth else "") + short_path(f.path, report.cwd, report.home)
            rows.append(
                (str(i + 1), str(f.kind), name, str(f.size), str(estimate_tokens(f.content.strip())), _why(report, i))
            )
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
        lines.append(s("No instruction files load.", "yellow"))
    if report.skipped:
        lines.append("")
        lines.append(s("Considered and left out:", "bold"))
        reasons = {
            "excluded": "excluded by claudeMdExcludes",
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
            via = f" (from {short_path(sk.via, report.cwd, report.home)})" if sk.via else ""
            lines.append(f"  {short_path(sk.path, report.cwd, report.home)}: {why}{via}{extra}")
    return "\n".join(lines)
