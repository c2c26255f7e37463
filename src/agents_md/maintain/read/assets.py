"""Folders a web build copies assets into, as Angular's and Nx's build options name them: a
doc's ``assets/i18n/user/`` names a folder of the built app, not one of the sources.

1. The texts are ``angular.json`` and ``project.json`` files (JSON; one that is not says nothing).
2. Every ``assets`` list in them, at any depth (a build's options, each configuration's): the
   ``output`` of an entry that copies an ``input`` (``{"input": "libs/user/src/assets/i18n",
   "output": "assets/i18n/user"}``), its leading ``./`` and its slashes cut; the build's own
   ``assets`` folder (``output: "assets"``) is no folder of the sources either.
3. A path names a built asset when it is one of those folders or lies below one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

CONFIG_NAMES = ("angular.json", "project.json")


def _outputs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "assets" and isinstance(value, list):
                for entry in value:
                    if isinstance(entry, dict) and isinstance(entry.get("input"), str):
                        output = entry.get("output")
                        if isinstance(output, str):
                            yield output
            yield from _outputs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _outputs(value)


def asset_outputs(texts: Iterable[str]) -> frozenset[str]:
    """Steps 1 and 2: the folders the builds write assets to."""
    out: set[str] = set()
    for text in texts:
        try:
            data = json.loads(text)
        except ValueError:
            continue
        for output in _outputs(data):
            while output.startswith("./"):
                output = output[2:]
            output = output.strip("/")
            if output and output != ".":
                out.add(output)
    return frozenset(out)


def built_asset(path: str, outputs: frozenset[str]) -> bool:
    """Step 3."""
    while path.startswith("./"):
        path = path[2:]
    path = path.split("#", 1)[0].rstrip("/")
    return any(path == o or path.startswith(o + "/") for o in outputs)
