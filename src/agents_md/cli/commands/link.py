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
        "a file whose first line is @AGENTS.md (works on Windows) or a symlink, as the repository already does. "
        "Prints the plan; "
        "--write acts. Never overwrites, never writes through a link.",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help="only AGENTS.md files under these paths")
    parser.add_argument("--dir", default=".", help="a directory in the repository (default: .)")
    parser.add_argument(
        "--form",
        choices=("import", "symlink"),
        default=None,
        help="import (a file holding @AGENTS.md) or symlink; default: the form the repository's CLAUDE.md files "
        "beside an AGENTS.md have, else import",
    )
    parser.add_argument("--write", action="store_true", help="create the files (default: only print the plan)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from agents_md.cli.paths import existing, existing_dir

    return link(existing_dir(args.dir), form=args.form, paths=existing(args.paths), write=args.write)


def link(directory: str, *, form: str | None, paths: list[str], write: bool) -> int:
    """Plan (and with ``write``, create) the missing CLAUDE.md files; 1 when one is refused."""
    from agents_md.cli.views.link import link_text
    from agents_md.maintain.link import REFUSE, apply_link, plan_link

    plan = plan_link(directory, form=form, paths=paths)
    if plan.refusal:
        import sys

        print(f"agents-md: {plan.refusal}; until then the files on disk are read, tracked or not", file=sys.stderr)
    actions = apply_link(plan) if write else plan.actions
    print(link_text(actions, form=plan.form, written=write, untracked=plan.untracked, form_why=plan.form_why))
    return 1 if any(a.status == REFUSE for a in actions) else 0
