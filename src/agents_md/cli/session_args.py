"""The session inputs every session-shaped command takes (``context``, ``read``, ``config``)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from agents_md.errors import UsageError


def add_session_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("session inputs")
    group.add_argument("--home", help="the home directory (default: yours)")
    group.add_argument("--settings", help="a settings file or JSON text, as the engine's --settings")
    group.add_argument("--setting-sources", help="comma list of user, project, local")
    group.add_argument("--add-dir", action="append", default=[], metavar="DIR", help="an added directory")
    group.add_argument("--bare", action="store_true", help="as the engine's --bare")
    group.add_argument("--safe-mode", action="store_true", help="as the engine's --safe-mode")
    group.add_argument("--agents", metavar="JSON", help="agent definitions, as the engine's --agents")
    group.add_argument("--plugin-dir", action="append", default=[], metavar="DIR", help="a plugin folder")
    group.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="K=V",
        help="an environment variable, over the process's own (e.g. CLAUDE_CODE_DISABLE_CLAUDE_MDS=1)",
    )
    group.add_argument("--managed-dir", help="the managed policy folder (default: the platform's)")
    group.add_argument(
        "--approve-external-imports",
        action="store_true",
        help="load @imports that leave the working directory (never implied)",
    )
    group.add_argument(
        "--no-plugin", action="append", default=[], metavar="NAME", help="turn a plugin off (e.g. agents-md)"
    )
    group.add_argument(
        "--profile",
        choices=("reference", "complete"),
        default="reference",
        help="reference: byte-identical to Claude Code; complete: AGENTS.md treated exactly like CLAUDE.md",
    )


def engine_argv(args: argparse.Namespace) -> list[str]:
    argv: list[str] = []
    if args.settings:
        argv += ["--settings", args.settings]
    if args.setting_sources:
        argv += ["--setting-sources", args.setting_sources]
    for directory in args.add_dir:
        argv += ["--add-dir", directory]
    if args.bare:
        argv.append("--bare")
    if args.safe_mode:
        argv.append("--safe-mode")
    if args.agents:
        argv += ["--agents", args.agents]
    for directory in args.plugin_dir:
        argv += ["--plugin-dir", directory]
    return argv


def env_from(args: argparse.Namespace) -> dict[str, str]:
    """The process environment (the engine reads its switches there), with ``--env`` on top."""
    env = dict(os.environ)
    for item in args.env:
        if "=" not in item:
            raise UsageError(f"--env {item!r}: expected K=V")
        key, value = item.split("=", 1)
        env[key] = value
    return env


def session_from(args: argparse.Namespace, cwd: str) -> Any:
    from agents_md.host.session import Session

    if not os.path.isdir(cwd):
        from agents_md.errors import AgentsMdError

        raise AgentsMdError(f"{cwd}: not a directory")
    home = args.home if args.home else os.path.expanduser("~")
    return Session(
        cwd=cwd,
        home=home,
        env=env_from(args),
        args=engine_argv(args),
        managed_dir=args.managed_dir,
        approve_external_imports=args.approve_external_imports,
        disabled_plugins=args.no_plugin,
        profile=args.profile,
    )
