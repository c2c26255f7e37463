"""Large inputs: what made them slow is done in one pass, with the same answers (P6 measures the time)."""

from __future__ import annotations

from agents_md.engine.imports import import_sites
from agents_md.engine.settings import Settings, SettingsLayer


def _settings(*lists: tuple[object, ...]) -> Settings:
    layers = tuple(SettingsLayer(name=f"l{i}", path=f"/l{i}", values={"k": v}) for i, v in enumerate(lists))
    return Settings(layers=layers, enabled_sources=frozenset())


def test_item10_merged_lists_keep_the_first_place_of_each_value_across_and_within_layers() -> None:
    s = _settings(("a", "b", "a"), ("c", "b", {"x": 1}), ({"x": 1}, "d"))
    assert s.merged_list("k") == ("a", "b", "c", {"x": 1}, "d")


def test_item10_many_imports_each_at_its_own_line_and_column() -> None:
    text = "```\n@a0.md\n```\n" + "".join(f"<!-- n{i} -->\n  @a{i}.md\n" for i in range(3000))
    sites = import_sites(text)
    assert len(sites) == 3000
    assert (sites[0].path, sites[0].line, sites[0].column) == ("a0.md", 5, 3)  # not the one in the code block
    assert (sites[-1].path, sites[-1].line, sites[-1].column) == ("a2999.md", 3 + 2 * 3000, 3)
