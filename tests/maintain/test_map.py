"""``agents-md map``: each nested AGENTS.md with its directory and first heading; ``--write`` between markers."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import IDENTITY, GitRepo

from agents_md.cli.main import main
from agents_md.maintain.map import replace_between_markers

Repo = Callable[..., GitRepo]
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "monorepo"


def _example(tmp_path: Path, git_env: dict[str, str]) -> Path:
    root = tmp_path / "monorepo"
    shutil.copytree(EXAMPLE, root)
    for args in (["init", "-q"], ["add", "-A"]):
        subprocess.run(["git", *IDENTITY, *args], cwd=root, env=git_env, check=True)
    return root


def test_map_prints_each_nested_doc_with_its_heading_or_first_sentence(
    tmp_path: Path, git_env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    root = _example(tmp_path, git_env)
    assert main(["map", "--dir", str(root)]) == 0
    assert capsys.readouterr().out == (
        "- `apps/web` — Browser client\n"
        "- `infra` — Terraform and the deploy scripts\n"
        "- `services/worker` — Python queue consumer\n"
    )


def test_map_write_replaces_only_between_the_markers(
    tmp_path: Path, git_env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    root = _example(tmp_path, git_env)
    before = (root / "AGENTS.md").read_text()
    assert main(["map", "--dir", str(root), "--check"]) == 1
    assert main(["map", "--dir", str(root), "--write"]) == 0
    after = (root / "AGENTS.md").read_text()
    head, _, rest = before.partition("<!-- agents-md:map:start -->\n")
    _, _, tail = rest.partition("<!-- agents-md:map:end -->")
    assert after == (
        head
        + "<!-- agents-md:map:start -->\n"
        + "- `apps/web` — Browser client\n- `infra` — Terraform and the deploy scripts\n"
        + "- `services/worker` — Python queue consumer\n"
        + "<!-- agents-md:map:end -->"
        + tail
    )
    capsys.readouterr()
    assert main(["map", "--dir", str(root), "--write"]) == 0
    assert capsys.readouterr().out == "AGENTS.md: map already up to date (3 docs)\n"
    assert main(["map", "--dir", str(root), "--check"]) == 0


def test_map_without_markers_is_an_error_that_names_them(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo({"AGENTS.md": "# Root\n", "a/AGENTS.md": "# A\n"})
    assert main(["map", "--dir", str(r.path), "--write"]) == 1
    assert "<!-- agents-md:map:start -->" in capsys.readouterr().err
    assert (r.path / "AGENTS.md").read_text() == "# Root\n"


def test_map_never_writes_through_a_link(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(
        {
            "docs/ROOT.md": "<!-- agents-md:map:start -->\n<!-- agents-md:map:end -->\n",
            "AGENTS.md": {"symlink": "docs/ROOT.md"},
        }
    )
    assert main(["map", "--dir", str(r.path), "--write"]) == 1
    assert "a link" in capsys.readouterr().err


def test_map_headings_setext_and_front_matter(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(
        {
            "a/AGENTS.md": "---\nx: 1\n---\nThe A service\n=============\n",
            "b/AGENTS.md": "# AGENTS.md\n\nB does things. More.\n",
            "c/AGENTS.md": "no heading at all\n",
        }
    )
    assert main(["map", "--dir", str(r.path)]) == 0
    assert capsys.readouterr().out == "- `a` — The A service\n- `b` — B does things\n- `c` — no heading at all\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "a\n<!-- agents-md:map:start -->\nold\n<!-- agents-md:map:end -->\nb\n",
            "a\n<!-- agents-md:map:start -->\nNEW\n<!-- agents-md:map:end -->\nb\n",
        ),
        (
            "a\r\n<!-- agents-md:map:start -->\r\nold\r\n<!-- agents-md:map:end -->\r\n",
            "a\r\n<!-- agents-md:map:start -->\r\nNEW\r\n<!-- agents-md:map:end -->\r\n",
        ),
        (
            "<!-- agents-md:map:start --><!-- agents-md:map:end -->",
            "<!-- agents-md:map:start -->\nNEW\n<!-- agents-md:map:end -->",
        ),
        (
            "  <!-- agents-md:map:start -->\n  <!-- agents-md:map:end -->\n",
            "  <!-- agents-md:map:start -->\nNEW\n  <!-- agents-md:map:end -->\n",
        ),
        ("no markers\n", None),
    ],
    ids=["lf", "crlf", "one-line", "indented", "none"],
)
def test_replace_between_markers(text: str, expected: str | None) -> None:
    assert replace_between_markers(text, "NEW\n") == expected


def test_map_leaves_out_the_root_files_own_link_target(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(
        {
            ".agents/AGENTS.md": "# Everything\n",
            "AGENTS.md": {"symlink": ".agents/AGENTS.md"},
            "web/AGENTS.md": "# Browser client\n",
            ".claude/skills/deploy/AGENTS.md": "# Deploy skill notes\n",
        }
    )
    assert main(["map", "--dir", str(r.path)]) == 0
    assert capsys.readouterr().out == "- `web` — Browser client\n"


def test_map_puts_a_folder_above_the_folders_inside_it(repo: Repo, capsys: pytest.CaptureFixture[str]) -> None:
    r = repo(
        {
            "AGENTS.md": "# Root\n",
            "packages/AGENTS.md": "# All packages\n",
            "packages/API/AGENTS.md": "# The API\n",
            "packages/.internal/AGENTS.md": "# Internal tools\n",
            "packages/01-core/AGENTS.md": "# Core\n",
            "packages-extra/AGENTS.md": "# Extras\n",
        }
    )
    assert main(["map", "--dir", str(r.path)]) == 0
    assert capsys.readouterr().out == (
        "- `packages` — All packages\n"
        "- `packages/.internal` — Internal tools\n"
        "- `packages/01-core` — Core\n"
        "- `packages/API` — The API\n"
        "- `packages-extra` — Extras\n"
    )


def test_map_help_says_what_it_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["map", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Print a map of the repository's nested AGENTS.md files" in text
    assert "seed" not in text
