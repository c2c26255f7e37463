"""The README's third-party plugin, exactly as printed there, seated from a temporary entry point."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from agents_md import Session

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_plugin() -> str:
    section = README.read_text().split("## Plugins", 1)[1].split("\n## ", 1)[0]
    [code] = re.findall(r"```python\n(.*?)```", section, re.S)
    return code


@pytest.fixture
def no_secrets(tmp_path: Path) -> Iterator[None]:
    site = tmp_path / "site"
    (site / "no_secrets-1.0.dist-info").mkdir(parents=True)
    (site / "no_secrets-1.0.dist-info" / "entry_points.txt").write_text(
        "[agents_md.plugins]\nno-secrets = no_secrets:make\n"
    )
    (site / "no_secrets.py").write_text(readme_plugin())
    sys.path.insert(0, str(site))
    try:
        yield
    finally:
        sys.path.remove(str(site))
        sys.modules.pop("no_secrets", None)


def test_the_readme_plugin_is_seated_and_has_the_last_word(tree: Callable[..., Path], no_secrets: None) -> None:
    root = tree({"CLAUDE.md": "keep\n", "a/CLAUDE.md": "-----BEGIN PRIVATE KEY-----\n", "a/AGENTS.md": "x\n"})
    session = Session(cwd=str(root / "a"), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"))
    assert [(s.name, s.prepend) for s in session.plugins] == [("agents-md", False), ("no-secrets", True)]
    assert [f.path for f in session.files] == [str(root / "CLAUDE.md")]
    assert [(n.source, n.text) for n in session.notices] == [("no-secrets", "1 instruction file(s) held back")]
