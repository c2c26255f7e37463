"""``link``'s view: each planned or done action on its own line, then the count."""

from __future__ import annotations

from agents_md._util.std import Sequence
from agents_md.maintain.link import CREATE, CREATED, PRESENT, REFUSE, SKIP, LinkAction


def link_text(
    actions: Sequence[LinkAction], *, form: str, written: bool, untracked: Sequence[str] = (), form_why: str = ""
) -> str:
    what = "@AGENTS.md" if form == "import" else "-> AGENTS.md"
    lines: list[str] = [f"untracked     {path}: not tracked by git: not checked" for path in untracked]
    for action in actions:
        if action.status == CREATE:
            lines.append(f"would create  {action.claude}  ({what})")
        elif action.status == CREATED:
            lines.append(f"created       {action.claude}  ({what})")
        elif action.status == PRESENT:
            lines.append(f"ok            {action.claude}  ({action.reason})")
        elif action.status == SKIP:
            lines.append(f"skipped       {action.agents}: {action.reason}")
        else:
            lines.append(f"refused       {action.claude}: {action.reason}")
    creates = sum(a.status == CREATE for a in actions)
    created = sum(a.status == CREATED for a in actions)
    refused = sum(a.status == REFUSE for a in actions)
    if not actions:
        lines.append("no AGENTS.md tracked by git" if untracked else "no AGENTS.md found")
    elif written:
        lines.append(f"{created} created, {refused} refused")
    else:
        lines.append(f"dry run: {creates} to create, {refused} refused" + ("; --write creates them" if creates else ""))
    if form_why and (creates or created):
        lines.append(f"form: {form} ({form_why}; --form chooses)")
    if form == "import" and (creates or created):
        lines.append(
            "note: Claude Code started in a folder below one of these loads the AGENTS.md it imports only after "
            "an approval (the import leaves its working directory); --form symlink needs none"
        )
    return "\n".join(lines)
