"""``agents-md link [PATHS]``: a ``CLAUDE.md`` beside each ``AGENTS.md`` (dry run unless ``--write``).

Exit 1 when a ``CLAUDE.md`` is refused (it exists with other content, or is a link elsewhere).
"""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "link",
        help="create the missing CLAUDE.md beside each AGENTS.md (dry run unless --write)",
        description="Create the missing CLAUDE.md beside each AGENTS.md, so Claude Code loads it in every mode: "
        "a file whose first line is @AGENTS.md (default; works on Windows) or a symlink. Prints the plan; "
        "--write acts. Never overwrites, never writes through a link.",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help="only AGENTS.md files under these paths")
    parser.add_argument("--dir", default=".", help="a directory in the repository (default: .)")
    parser.add_argument("--form", choices=("import", "symlink"), default="import")
    parser.add_argument("--write", action="store_true", help="create the files (default: only print the plan)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import os

    from agents_md.maintain.link import CREATE, CREATED, PRESENT, REFUSE, apply_link, plan_link

    plan = plan_link(args.dir, form=args.form, paths=[os.path.realpath(p) for p in args.paths])
    actions = apply_link(plan) if args.write else plan.actions
    what = "@AGENTS.md" if args.form == "import" else "-> AGENTS.md"
    for action in actions:
        if action.status == CREATE:
            print(f"would create  {action.claude}  ({what})")
        elif action.status == CREATED:
            print(f"created       {action.claude}  ({what})")
        elif action.status == PRESENT:
            print(f"ok            {action.claude}  ({action.reason})")
        else:
            print(f"refused       {action.claude}: {action.reason}")
    creates = sum(a.status == CREATE for a in actions)
    created = sum(a.status == CREATED for a in actions)
    refused = sum(a.status == REFUSE for a in actions)
    if not actions:
        print("no AGENTS.md found")
    elif args.write:
        print(f"{created} created, {refused} refused")
    else:
        print(f"dry run: {creates} to create, {refused} refused" + ("; --write creates them" if creates else ""))
    if args.form == "import" and (creates or created):
        print(
            "note: Claude Code started in a folder below one of these loads the AGENTS.md it imports only after "
            "an approval (the import leaves its working directory); --form symlink needs none"
        )
    return 1 if refused else 0
