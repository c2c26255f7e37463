"""The modules of a Maven reactor, as its ``pom.xml`` files list them.

1. The reactor's top is the ``pom.xml`` where Maven runs (``-f`` names another).
2. Its modules are each ``<module>`` of that pom (profiles' too), and theirs, followed down
   the folders they name; each module is known by its folder, relative to the top, and by its
   ``<artifactId>`` (``:name`` selects it so).
3. A pom that cannot be read, or a module folder without one, leaves what is under it unknown:
   incomplete.
"""

from __future__ import annotations

import os
import posixpath
import re

from agents_md._util.std import lazy_compile
from agents_md.maintain.read.runners.known import Known, read_text

_MODULE = lazy_compile(r"<(?:module|subproject)>\s*([^<\s]+)\s*</(?:module|subproject)>")
_COMMENT = lazy_compile(r"<!--.*?-->", re.S)
_PARENT = lazy_compile(r"<parent>.*?</parent>", re.S)
_ARTIFACT = lazy_compile(r"<artifactId>\s*([^<\s]+)\s*</artifactId>")
MAX_POMS = 2000  # a reactor larger than this is not followed to its end


def reactor(top: str) -> Known:
    """Steps 1-3: the modules under the pom ``top`` (absolute): folders relative to its folder,
    and ``:artifactId`` for each."""
    base = os.path.dirname(top)
    names: set[str] = set()
    complete = True
    queue: list[tuple[str, str]] = [("", top)]
    seen: set[str] = set()
    while queue and len(seen) < MAX_POMS:
        rel, pom = queue.pop()
        if pom in seen:
            continue
        seen.add(pom)
        text = read_text(pom)
        if text is None:
            complete = False
            continue
        text = _COMMENT.sub("", text)
        artifact = _ARTIFACT.search(_PARENT.sub("", text))
        if artifact and "$" not in artifact.group(1):
            names.add(":" + artifact.group(1))
        for module in _MODULE.findall(text):
            if "$" in module:
                complete = False  # ``<module>${dir}</module>``
                continue
            file = module if module.endswith(".xml") else posixpath.join(module, "pom.xml")
            folder = posixpath.normpath(posixpath.join(rel, posixpath.dirname(file)))
            if folder.startswith(".."):
                continue  # a module beside the reactor: selected by its artifactId alone
            names.add(folder)
            queue.append((folder, os.path.join(base, *posixpath.normpath(posixpath.join(rel, file)).split("/"))))
    if queue:
        complete = False
    return Known(names=frozenset(names), files=(top,), complete=complete)
