"""The two faces: the host's (``agents_md``) and the plugin author's (``agents_md.plugin_api``)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import agents_md
import agents_md.plugin_api as plugin_api

SRC = Path(agents_md.__file__).parent


def _type_checking_names(path: Path) -> dict[str, str]:
    """``name -> module`` of the imports under ``if TYPE_CHECKING:`` in a module."""
    tree = ast.parse(path.read_text())
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom) and stmt.module is not None
                for alias in stmt.names:
                    assert alias.asname == alias.name, "a face re-exports each name as itself"
                    out[alias.name] = stmt.module
    return out


def test_the_host_face_has_one_table_its_type_block_mirrors() -> None:
    assert _type_checking_names(SRC / "__init__.py") == agents_md._WHERE
    assert agents_md.__all__ == list(agents_md._WHERE)
    assert agents_md.__version__ == importlib.import_module("agents_md._version").__version__
    for name, module in agents_md._WHERE.items():
        assert getattr(agents_md, name) is getattr(importlib.import_module(module), name)


def test_plugin_nouns_live_on_the_plugin_face_only() -> None:
    for name in ("hookimpl", "HookSession", "ToolCall", "FoundFile", "TelemetryRow", "TelemetryMark"):
        assert name in plugin_api.__all__
        assert name not in agents_md.__all__


def test_the_built_in_plugin_imports_the_plugin_face_alone() -> None:
    allowed = ("agents_md.plugin_api", "agents_md.plugins.agents_md")
    for path in sorted((SRC / "plugins" / "agents_md").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            for module in modules:
                if module.startswith("agents_md"):
                    assert module.startswith(allowed), f"{path.name} imports {module}"
