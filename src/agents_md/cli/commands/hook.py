"""``agents-md hook``: serve the ``agents-md`` plugin to any Claude Code through settings hooks.

``hook run`` answers one hook event (standard input to standard output, always exit 0);
``hook install`` / ``hook uninstall`` write or remove those hooks in a settings file (a dry
run unless ``--write``); ``hook plugin --out DIR`` writes a plugin folder holding them.
"""

from __future__ import annotations

from agents_md.cli.options import SWITCH, Option, Plain, add_options, read_plain

TYPE_CHECKING = False  # typing's constant, without importing typing at run time (``_value``)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from types import SimpleNamespace
    from typing import Any

    from agents_md.cli.options import Arguments


PROFILES = ("reference", "complete")
RUN_OPTIONS = (
    Option(flag="--profile", choices=PROFILES, default="reference"),
    Option(flag="--force", action=SWITCH, help="answer even while the built-in plugin is on"),
)
PLAIN = Plain(
    words=("hook", "run"),
    options=RUN_OPTIONS,
    fixed=(("version", False), ("debug", False), ("command", "hook"), ("hook_action", "run")),
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "hook",
        help="Claude Code settings hooks that give it the agents-md plugin (run, install, uninstall, plugin)",
        description="Claude Code settings hooks that give any Claude Code the agents-md plugin's AGENTS.md "
        "attachments, when its built-in plugin is off or missing.",
    )
    actions = parser.add_subparsers(dest="hook_action", metavar="ACTION", required=True)
    run_parser = actions.add_parser(
        "run",
        help="answer one hook event read on standard input (exit 0 always; failures go to the hook log)",
        description="Answer one Claude Code hook event (JSON on standard input) with what the agents-md plugin "
        "would attach. Silent while the built-in plugin is on, unless --force.",
    )
    add_options(run_parser, RUN_OPTIONS)
    run_parser.set_defaults(run=run)
    for action, text in (
        ("install", "add the hooks to a settings file (a dry run printing the change unless --write)"),
        ("uninstall", "take out of a settings file every hook that runs agents-md hook run (dry run unless --write)"),
    ):
        sub = actions.add_parser(action, help=text, description=text[0].upper() + text[1:] + ".")
        sub.add_argument("--scope", choices=("user", "project", "local"), required=True)
        sub.add_argument("--dir", default=".", help="the project, for --scope project|local (default: .)")
        sub.add_argument("--home", help="the home directory, for --scope user (default: yours)")
        if action == "install":
            sub.add_argument("--profile", choices=PROFILES, default="reference")
            sub.add_argument(
                "--command",
                dest="hook_command",
                help="how to run agents-md (default: this installation's path; for --scope project: agents-md)",
            )
        sub.add_argument("--write", action="store_true", help="write the change (default: only print it)")
        sub.set_defaults(run=settings_action)
    plugin = actions.add_parser(
        "plugin",
        help="write a Claude Code plugin folder holding the hooks (plugin.json, hooks/hooks.json)",
        description="Write a Claude Code plugin folder holding the hooks, for installing as a plugin "
        "instead of editing settings. Never replaces a file with other content.",
    )
    plugin.add_argument("--out", required=True, metavar="DIR", help="the folder to write")
    plugin.add_argument("--profile", choices=PROFILES, default="reference")
    plugin.add_argument(
        "--command",
        dest="hook_command",
        help="how to run agents-md (default: this installation's path; for --scope project: agents-md)",
    )
    plugin.set_defaults(run=plugin_action)


def plain(argv: Sequence[str]) -> SimpleNamespace | None:
    """A plain ``hook run`` command line read without argparse (``cli.options``), else ``None``."""
    return read_plain(PLAIN, argv, run)


def run(args: Arguments) -> int:
    import os
    import sys

    from agents_md.claude_code.run import run_hook

    try:
        stdin = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        stdin = f"<unreadable: {exc}>"
    outcome = run_hook(stdin, env=os.environ, profile=args.profile, force=args.force)
    if outcome.stdout:
        sys.stdout.write(outcome.stdout)
    return 0


def _command(given: str | None, scope: str = "user") -> str:
    """How the hooks run agents-md: as given; in the project's shared settings, from each person's
    PATH (a path of this machine would break on the next one's); else this installation's own script."""
    import os
    import shlex
    import shutil
    import sys

    if given:
        return given
    if scope == "project":
        return "agents-md"
    beside = os.path.join(os.path.dirname(sys.executable), "agents-md")
    found = beside if os.path.exists(beside) else shutil.which("agents-md")
    return shlex.quote(found) if found else "agents-md"


def settings_action(args: argparse.Namespace) -> int:
    import os

    from agents_md.claude_code.install import diff, plan_install, plan_uninstall, settings_path, write_plan

    home = args.home or os.path.expanduser("~")
    path = settings_path(args.scope, home=home, project=os.path.abspath(args.dir))
    if args.hook_action == "install":
        plan = plan_install(path, command=_command(args.hook_command, args.scope), profile=args.profile)
    else:
        plan = plan_uninstall(path)
    if not plan.changed:
        what = "the hooks are there already" if args.hook_action == "install" else "no agents-md hooks there"
        print(f"{path}: {what}; nothing to do")
        return 0
    print(diff(plan), end="")
    if args.write:
        write_plan(plan)
        print(f"{path}: written")
    else:
        print(f"{path}: dry run; --write writes it")
    if args.hook_action == "install":
        import shutil
        import sys

        print(
            "agents-md: the hooks say nothing while the built-in agents-md plugin is on; where it is, turn it off "
            'with "enabledPlugins": {"agents-md@builtin": false} in these settings',
            file=sys.stderr,
        )
        if not args.hook_command and args.scope == "project" and shutil.which("agents-md") is None:
            print("agents-md: these settings run agents-md from PATH, where it is not found here", file=sys.stderr)
    return 0


def plugin_action(args: argparse.Namespace) -> int:
    from agents_md._version import __version__
    from agents_md.claude_code.plugin_folder import plugin_files, write_plugin

    files = plugin_files(_command(args.hook_command), args.profile, __version__)
    for path, state in write_plugin(args.out, files):
        print(f"{path}: {state}")
    print(f"install it with: claude --plugin-dir {args.out}  (or add it to a marketplace)")
    return 0
