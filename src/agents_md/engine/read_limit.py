"""Whether the engine's Read of a file succeeds, as far as its name, size and kind decide.

1. A Read without an offset or limit fails on a file of more than ``MOST_BYTES`` bytes
   (262,144 reads, 262,145 does not): its ``tool.call`` hooks are not called, while the
   engine's nested files still arrive.
2. Images, notebooks and PDFs are read their own way and are not held to it; such a Read fails
   when the file is not what its name says (an image no decoder takes, a notebook that is not
   JSON with cells, a PDF without its header): no ``tool.call`` hooks either, the nested files
   still arrive (g8_read_image_not_an_image).
3. A name with one of the engine's binary extensions (``.zip``, ``.bmp``, ``.so``, ``.lockb``,
   ... compared lowercased, from the path's last ``.`` on) other than the images and PDFs read
   their own way is refused before anything is read: no nested files, no hooks
   (g8_read_binary_name_refused).
"""

from __future__ import annotations

import os

from agents_md.engine.fs import FileSystem

MOST_BYTES = 256 * 1024
IMAGES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp"})
OWN_WAY = IMAGES | {".ipynb", ".pdf"}
# Claude Code 2.1.328's list of binary extensions (its Read tool refuses these names).
_BINARY_NAMES = (
    "png jpg jpeg gif bmp ico webp tiff tif heic heif avif mp4 mov avi mkv webm wmv flv m4v mpeg mpg mp3 wav ogg",
    "flac aac m4a wma aiff opus zip tar gz bz2 7z rar xz z tgz iso zst lz4 whl exe dll so dylib bin o a obj lib",
    "app msi deb rpm dmg apk pdf doc docx docm dotx dotm xls xlsx xlsm xlsb xltx xltm ppt pptx pptm ppsx ppsm",
    "potx potm odt ods odp numbers epub ttf otf woff woff2 eot pyc pyo class jar war ear node wasm rlib sqlite",
    "sqlite3 db mdb idx parquet feather npy npz pickle psd ai eps sketch fig xd blend 3ds max swf fla lockb dat data",
)
BINARY = frozenset("." + name for line in _BINARY_NAMES for name in line.split())


def refused_name(path: str) -> bool:
    """Step 3: the Read is refused for its name alone."""
    dot = path.rfind(".")
    ext = (path[dot:] if dot >= 0 else path[-1:]).lower()  # as JavaScript's slice(-1) takes it
    return ext in BINARY and os.path.splitext(path)[1].lower() not in IMAGES | {".pdf"}


# What an image's or a PDF's kind is told by: its header (a JPEG's frame header may lie further
# on, after metadata segments: then the rest is read too). A notebook is read whole, as JSON.
HEAD_BYTES = 64 * 1024


def unreadable(fs: FileSystem, path: str) -> bool:
    """Step 2: a file read its own way that is not what its name says."""
    ext = os.path.splitext(path)[1].lower()
    if ext not in OWN_WAY:
        return False
    data = fs.read_head(path, HEAD_BYTES) if ext != ".ipynb" else fs.read_file(path)
    if data is None:
        return False  # missing or unreadable: the engine's own failure, told elsewhere
    if ext == ".pdf":
        return not data.startswith(b"%PDF-")
    if ext == ".ipynb":
        import json

        try:
            notebook = json.loads(data)
        except ValueError:
            return True
        return not (isinstance(notebook, dict) and isinstance(notebook.get("cells"), list))
    taken = _image(data, cut=len(data) >= HEAD_BYTES)
    if taken is None:  # a JPEG whose frame header lies past the head: the whole file decides
        whole = fs.read_file(path)
        taken = whole is not None and _image(whole, cut=False) is True
    return not taken


def _image(data: bytes, *, cut: bool) -> bool | None:
    """Whether a decoder takes ``data`` (a file's first bytes, or all of them) for an image of
    one of the kinds the Read shows (its header and size, whatever the file's name says);
    ``None``: ``data`` is ``cut`` (a file's head) before a JPEG's frame header, which the rest decides."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return data[12:16] == b"IHDR" and len(data) >= 33
    if data.startswith(b"GIF87a") or data.startswith(b"GIF89a"):
        return len(data) >= 13
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return data[12:16] in (b"VP8 ", b"VP8L", b"VP8X")
    if data.startswith(b"\xff\xd8\xff"):
        return _jpeg_frame(data, cut=cut)
    return False


def _jpeg_frame(data: bytes, *, cut: bool) -> bool | None:
    """A JPEG's segments up to a frame header (SOF), which holds its size; ``None`` when ``data``
    is ``cut`` (the file's head only) before that is known."""
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return False
        marker = data[at + 1]
        if marker == 0xFF:
            at += 1
            continue
        length = int.from_bytes(data[at + 2 : at + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if length >= 8 and at + 2 + length > len(data) and cut:
                return None
            return length >= 8 and at + 2 + length <= len(data)
        if length < 2:
            return False
        at += 2 + length
    return None if cut else False


def too_large(fs: FileSystem, path: str) -> bool:
    if os.path.splitext(path)[1].lower() in OWN_WAY:
        return False
    return fs.size(path) > MOST_BYTES
