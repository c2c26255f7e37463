"""``agents-md mcp``: serve the read-only views over MCP on standard input and output (the
``mcp`` extra: ``pip install 'agents-md[mcp]'``)."""

from __future__ import annotations

import argparse
from typing import Any

from agents_md.cli.session_args import add_session_arguments


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "mcp",
        help="serve context, read and check as MCP tools on standard input/output (needs agents-md[mcp])",
        description="Serve the read-only views as an MCP server over standard input and output: the tools "
        "context, read and check answer what the command line's JSON answers, and agents-md://context/{dir} "
        "is each directory's instructions block. Needs the mcp extra: pip install 'agents-md[mcp]'.",
    )
    parser.add_argument("--root", default=".", help="the folder relative paths are taken from (default: .)")
    add_session_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from agents_md.errors import AgentsMdError

    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        raise AgentsMdError("the mcp command needs the mcp package: pip install 'agents-md[mcp]'") from exc
    from agents_md.cli.mcp_server import serve

    return serve(args)
