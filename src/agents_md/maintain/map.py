"""``map``: the map of nested docs for the root ``AGENTS.md`` — each nested ``AGENTS.md`` that is a
folder's instructions (not a skill's or an agent's file, not the target of a link from another
folder), its directory and what it is about (its first heading; when that only repeats the
directory's name, its first sentence), a folder above the folders inside it.

With ``update_map`` the lines between ``<!-- agents-md:map:start -->`` and
``<!-- agents-md:map:end -->`` in the root doc are replaced; every other byte stays. The engine
drops both markers (they are HTML comments); the lines between them load as written.
"""

from __future__ import annotations

import os
import posixpath

from agents_md._util.atomic import atomic_write
from agents_md._value import Value
from agents_md.errors import AgentsMdError
from agents_md.maintain.read.markdown import first_heading
from agents_md.maintain.repo.config import Config
from agents_md.maintain.repo.files import AGENTS_MD
from agents_md.maintain.repo.open import open_repo
from agents_md.maintain.repo.reading import read_inside

MAP_START = "<!-- agents-md:map:start -->"
MAP_END = "<!-- agents-md:map:end -->"


class MapEntry(Value):
    directory: str
    doc: str
    title: str


class DocMap(Value):
    root: str
    root_doc: str | None  # the root AGENTS.md, relative ("AGENTS.md"), when there is one
    entries: tuple[MapEntry, ...]
    refusal: str | None = None  # git's refusal to read the repository (its files on disk are read instead)

    def lines(self) -> list[str]:
        return [f"- `{e.directory}` — {e.title}" if e.title else f"- `{e.directory}`" for e in self.entries]

    def render(self) -> str:
        return "".join(line + "\n" for line in self.lines())


def _title(directory: str, text: str) -> str:
    heading, sentence = first_heading(text)
    said = (heading or "").strip("` ").rstrip("/").lower()
    folder = directory.lower()
    if said and said not in ("agents.md", "agents") and folder != said and not folder.endswith("/" + said):
        return heading or ""
    return sentence or heading or ""


def build_map(directory: str = ".", *, config: Config | None = None) -> DocMap:
    repo = open_repo(directory, config)
    index = repo.index()
    entries: list[MapEntry] = []
    for rel in index.folder_docs():  # a skill's or an agent's files, and a link's target, are no folder's doc
        folder = posixpath.dirname(rel)
        if posixpath.basename(rel) != AGENTS_MD or not folder or "/.claude" in f"/{folder}":
            continue
        try:
            data = read_inside(repo.root, index.abs(rel))
        except OSError:
            continue  # a link leaving the repository, or no regular file: nothing of it is quoted
        if data is None:
            continue
        text = data.decode("utf-8", errors="replace")
        entries.append(MapEntry(directory=folder, doc=rel, title=_title(folder, text)))
    root_doc = AGENTS_MD if AGENTS_MD in index.present else None
    entries.sort(key=lambda e: e.directory.split("/"))  # a folder above the folders inside it
    return DocMap(root=repo.root, root_doc=root_doc, entries=tuple(entries), refusal=repo.refusal)


def replace_between_markers(text: str, block: str) -> str | None:
    """``text`` with the lines between the markers replaced by ``block``; ``None`` without both markers."""
    start = text.find(MAP_START)
    end = text.find(MAP_END, start + len(MAP_START)) if start >= 0 else -1
    if start < 0 or end < 0:
        return None
    newline = "\r\n" if "\r\n" in text else "\n"
    after = text.find("\n", start)
    head = text[: after + 1] if 0 <= after < end else text[: start + len(MAP_START)] + newline
    line_start = text.rfind("\n", 0, end) + 1
    tail = text[line_start:] if line_start > start and not text[line_start:end].strip() else text[end:]
    return head + block.replace("\n", newline) + tail


def update_map(doc_map: DocMap) -> tuple[bool, str]:
    """Write the map into the root ``AGENTS.md`` (between the markers); (changed, path)."""
    if doc_map.root_doc is None:
        raise AgentsMdError(f"{doc_map.root}: no AGENTS.md at the root to hold the map")
    path = os.path.join(doc_map.root, doc_map.root_doc)
    if os.path.islink(path):
        raise AgentsMdError(f"{doc_map.root_doc} is a link; not writing through it")
    text = _root_text(doc_map)
    updated = replace_between_markers(text, doc_map.render())
    if updated is None:
        raise AgentsMdError(
            f"{doc_map.root_doc} has no map markers: put {MAP_START} and {MAP_END} "
            "on lines of their own where the map goes"
        )
    if updated == text:
        return False, path
    try:
        atomic_write(path, updated)
    except OSError as exc:
        raise AgentsMdError(f"{path}: cannot be written ({exc.strerror or exc}); left as it was") from exc
    return True, path


def _root_text(doc_map: DocMap) -> str:
    """The root doc's text, exactly (newlines kept); a clear error when it cannot be had."""
    assert doc_map.root_doc is not None
    path = os.path.join(doc_map.root, doc_map.root_doc)
    try:
        data = read_inside(os.path.realpath(doc_map.root), path)
    except OSError as exc:
        raise AgentsMdError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if data is None:
        raise AgentsMdError(f"{path}: no such file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AgentsMdError(f"{path}: not valid UTF-8 (byte {exc.start}); the map is not written into it") from exc


def map_is_current(doc_map: DocMap) -> bool | None:
    """Whether the root doc's map is up to date (``None``: no root doc or no markers)."""
    if doc_map.root_doc is None:
        return None
    text = _root_text(doc_map)
    updated = replace_between_markers(text, doc_map.render())
    return None if updated is None else updated == text
