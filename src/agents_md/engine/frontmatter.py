"""The one front matter key instruction files use: a rule's ``paths:`` globs."""

from __future__ import annotations

from typing import Any


def _yaml_load(text: str) -> Any:
    import yaml  # lazy: most files have no front matter

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return None


def read_paths(front_matter: str) -> tuple[str, ...] | None:
    """``paths:`` as a tuple of globs, or ``None`` when absent, empty, ``**`` alone or unreadable."""
    data = _yaml_load(front_matter)
    if not isinstance(data, dict):
        return None
    value = data.get("paths")
    items: list[str] = []
    if isinstance(value, str):
        items = [part.strip() for part in value.split(",")]
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                items.extend(part.strip() for part in item.split(","))
    globs = tuple(item for item in items if item)
    if all(set(g.split("/")) == {"**"} for g in globs):
        return None  # no globs, or only "match everything" (**, **/**): an unconditional rule
    return globs
