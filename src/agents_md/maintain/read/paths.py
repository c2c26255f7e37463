"""Which words of a doc are paths worth checking: no noise.

A code span is checked only when it is clearly a path:

1. one word (no white space: ``pnpm test`` is a command), not a flag (``-x``), not an
   assignment (``A=b``);
2. not a URL (``https://``, ``www.``, ``github.com/x``, ``localhost:3000``, anything with a
   ``:`` once a ``:12`` line number is cut), not a package (``@scope/name``), not a glob or
   pattern (``* ? [ ] { } ^ | \\``), not a placeholder (``<name>``, ``{x}``, ``$VAR``,
   ``%s``, ``...``, ``path/to/x``, ``FOO/NAME``, ``x/foo.ts``, ``NNN_x.sql``, ``x_xxx.h``, ``xx.ts``, ``./x``, ``../x``,
   ``__dirname/x``, ``tests/mytest.ts``, ``YYYY-MM-DD.md``), not absolute or home-relative
   (``/etc``, ``~/.x``: the machine's, not the repository's), not a git ref (``origin/main``);
3. written with a ``/`` inside it: a bare name (``.env.local``, ``package.json``) may be a
   file that should not be committed, so it is not checked — but a folder's name alone
   (``benchmark/``, as a layout list names one) is;
4. and, to tell ``apps/web`` from ``and/or``: it starts with ``./`` or ``../``, ends with
   ``/``, has three or more parts, has a file extension, or its first part exists.

In a code block, only a word that is a path by the above *and* names a file (an extension, or
``./``/``../``) under a folder that exists is checked: ``scripts/gone.py`` where ``scripts/``
exists is a stale reference, ``src/foo/bar.ts`` in a repository without ``src/`` an example.

A name given with its other extensions (``verilated.h/.cpp``: ``verilated.h`` and
``verilated.cpp``; ``x.cc/h``; ``x.h/c++``) is each of its spellings (``spelled_out``), found when every one is.

A Markdown link is a path unless it is a URL (any ``scheme:``), an anchor (``#x``), or a
placeholder; a file's ``:12`` line number (``src/x.ts:777``, ``esbuild.js:29``), its
``#fragment`` and ``?query`` are cut, ``%20`` decoded, and a leading ``/`` means the repository
root.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from agents_md._util.std import lazy_compile

_LINE_SUFFIX = lazy_compile(r"(?::\d+){1,2}$|#L\d+(?:-L?\d+)?$")
_NOT_PATH_CHARS = lazy_compile(r"[\s*?\[\]{}<>$%|;&=!^\\\"'`(),@:]")
_DOMAIN = lazy_compile(
    r"^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|app|co|gov|edu|sh|me|info|xyz|cloud|us|uk|de|fr"
    r"|build|rs|in|page|site|tech|run|pub|zone|so|to|ly|tv|gg)$",
    re.I,
)
_EXTENSION = lazy_compile(r"[^./]\.[A-Za-z][A-Za-z0-9_-]{0,9}$")
_PLACEHOLDER_PART = lazy_compile(r"^[A-Z][A-Z0-9_]+$")
# A word standing for one the reader fills in: ``test_EventNameHere.py``, ``YourComponent.tsx``, ``my-feature/``.
_PLACEHOLDER_WORD = lazy_compile(
    r"Here(?=[._-]|$)|(?:^|[_-])(?:here|your|my)(?=[._-]|$)|^Your(?=[A-Z_-])|^(?:your|my)[_-]"
    r"|^(?:Project|Module|Package|Component|Service|Feature|Solution|Assembly|App|Lib)Name(?=[._-]|$)"
    # "my" or "your" run into a generic noun: ``tests/mytest.ts``, ``MyComponent.tsx`` (not ``mypy.ini``)
    r"|^(?i:my|your)(?i:tests?|specs?|files?|modules?|components?|features?|apps?|projects?|packages?"
    r"|services?|scripts?|plugins?|pages?|class|functions?|models?)(?=[._-]|$)"
    # "some" or "specific" run into a generic noun at a name's start, ``test_`` aside: the one the
    # reader picks (``tests/ci/test_specific_test.py``: "run a single test"; ``SomeComponent.tsx``);
    # within a name it says what a real file is for (``platform-specific-tests.yml``)
    r"|^(?:tests?[_-])?(?i:some|specific|particular)[_-]?(?i:tests?|specs?|files?|modules?|components?"
    r"|features?|packages?|scripts?|pages?|class|functions?|models?)(?=[._-]|$)"
    # a date the reader fills in: ``journals/YYYY-MM-DD.md``, ``yyyymmdd_init.sql``
    r"|Y{4}|y{4}"
    # letters standing for a number or a name, within a file's name: ``NNN_description.sql``, ``virtio_xxx.hpp``,
    # ``services/xx-service.ts`` (two x's, as a Chinese doc writes 某某: "`src/interfaces/database/xx.ts`")
    r"|(?:^|[_.-])(?:x{2,}|X{2,}|N{3,})(?=[_.-]|$)"
    # a program's variable for its own folder: ``__dirname/tor/tor``
    r"|^__(?:dirname|filename)$"
)
# ``path/to/x``, ``tests/path/to_test.exs``: the reader's own path, anywhere in a longer one.
_PATH_TO = lazy_compile(r"^to(?:[._-]|$)")
_SCHEME = lazy_compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
# A file name every other folder has: alone, it says nothing of which folder.
GENERIC_NAME = lazy_compile(
    r"^(?:index|main|mod|lib|__init__|__main__|app|utils?|types|setup|conftest|package|pyproject|cargo|go|readme"
    r"|makefile|dockerfile)(?:\.[\w.]+)?$",
    re.I,
)
GIT_REF_HEADS = frozenset({"refs", "origin", "upstream", "remotes", "heads", "tags"})
PLACEHOLDER_WORDS = frozenset({"foo", "bar", "baz", "qux", "xxx", "yyy", "example", "your", "my"})
# A file named for no file at all (``src/io/foo.c++``, ``tests/e2e/file.ts``: "a single test file");
# ``example.py`` may well be a real one.
_METASYNTACTIC_FILE = lazy_compile(r"^(?:foo|bar|baz|qux|file|filename)\.[A-Za-z][\w+]*$", re.I)
KNOWN_UPPER = frozenset({"README", "LICENSE", "CHANGELOG", "CODEOWNERS", "AUTHORS", "NOTICE", "CONTRIBUTING"})


def _placeholder(parts: list[str]) -> bool:
    if any(a == "path" and _PATH_TO.match(b) for a, b in itertools.pairwise(parts)):
        return True
    named = [p for p in parts if p not in (".", "..")]
    if len(named) == 1 and len(named[0]) == 1:
        return True  # a letter alone for any sibling: ``./x``, ``../x`` ("relative imports: `./x`, `../x`")
    return any(
        "..." in p
        or "…" in p
        or p.lower() in PLACEHOLDER_WORDS
        or _METASYNTACTIC_FILE.match(p) is not None
        or (_PLACEHOLDER_PART.match(p) is not None and p not in KNOWN_UPPER)
        or _PLACEHOLDER_WORD.search(p) is not None
        for p in parts
    )


def code_path(text: str, first_part_exists: Callable[[str], bool]) -> str | None:
    """The path a code span names, or ``None`` when it is not clearly a path."""
    word = text.strip()
    if not word or word.startswith(("-", "/", "~", "@")) or "://" in word or word.lower().startswith("www."):
        return None
    word = _LINE_SUFFIX.sub("", word)
    lone_folder = word.endswith("/") and "/" not in word.rstrip("/") and len(word) > 2
    if _NOT_PATH_CHARS.search(word) or (
        "/" not in word.strip("/") and not word.startswith(("./", "../")) and not lone_folder
    ):
        return None
    explicit = word.startswith(("./", "../"))
    bare = word
    while bare.startswith("./"):
        bare = bare[2:]
    parts = bare.rstrip("/").split("/")
    if not bare or any(p == "" for p in parts) or all(p.isdigit() or p in (".", "..") for p in parts):
        return None
    if parts[0] in GIT_REF_HEADS or _DOMAIN.match(parts[0]) or _placeholder(parts):
        return None
    clearly = (
        explicit
        or word.endswith("/")
        or len(parts) >= 3
        or _EXTENSION.search(parts[-1]) is not None
        or first_part_exists(parts[0])
    )
    return word if clearly else None


# ``verilated.h/.cpp``: a file's name, then its other extensions, each a part of its own (a short
# one may go without its dot: ``splash_screen.cc/h``; C++'s may end in ``+``: ``server.h/c++``).
_MORE_EXTENSIONS = lazy_compile(
    r"^(?P<stem>(?:.*/)?[^/]*[^./])\.(?P<ext>[A-Za-z][A-Za-z0-9]{0,5}\+{0,2})"
    r"(?P<more>(?:/(?:\.[A-Za-z][A-Za-z0-9]{0,5}\+{0,2}|[a-z][a-z0-9]{0,3}\+{0,2}))+)/?$"
)


def spelled_out(path: str) -> list[str]:
    """The files a name with its other extensions stands for (``include/verilated.h/.cpp``:
    ``include/verilated.h``, ``include/verilated.cpp``); none for any other path."""
    shorthand = _MORE_EXTENSIONS.match(path)
    if shorthand is None:
        return []
    extensions = [shorthand["ext"], *(e.lstrip(".") for e in shorthand["more"].split("/")[1:])]
    return [f"{shorthand['stem']}.{ext}" for ext in extensions]


# Words of a command line: redirections and separators stand alone.
_TOKEN = lazy_compile(r">>?|&&|\|\||[;|&]|[^\s;|&()<>]+")
_SEPARATORS = frozenset({"&&", "||", ";", "|", "&"})


def example_paths(line: str, first_part_exists: Callable[[str], bool]) -> list[str]:
    """The words of a code-block line that are clearly paths in this repository (not the
    ones it writes: ``cat > x``, ``mkdir -p x``, the last word of ``cp a x``)."""
    out: list[str] = []
    tokens = _TOKEN.findall(line)
    made = _made(tokens)
    for at, raw in enumerate(tokens):
        word = raw.partition("=")[2] if raw.startswith("-") else raw  # --config=x/y.yml names x/y.yml
        word = word.strip("\"'`,")
        path = code_path(word, first_part_exists) if word and at not in made else None
        if path is None:
            continue
        bare = path[2:] if path.startswith("./") else path
        named = path.startswith("../") or _EXTENSION.search(bare.rstrip("/").rsplit("/", 1)[-1]) is not None
        if named and (path.startswith("../") or first_part_exists(bare.split("/", 1)[0])):
            out.append(path)
    return out


def _made(tokens: list[str]) -> set[int]:
    """The positions of the words a command line writes (``$``, ``sudo`` and separators known)."""
    made: set[int] = set()
    command: str | None = None
    copy_target = -1
    for at, token in enumerate(tokens):
        if token in _SEPARATORS:
            if copy_target >= 0:
                made.add(copy_target)
            command, copy_target = None, -1
            continue
        if command is None:
            if token not in ("$", "sudo", "env") and "=" not in token:
                command = token
            continue
        written = tokens[at - 1] in (">", ">>", "tee", "-o", "--output", "--out", "--outdir")
        if written or (command in ("mkdir", "touch") and not token.startswith("-")):
            made.add(at)
        elif command in ("cp", "mv", "ln") and not token.startswith("-"):
            copy_target = at
    if copy_target >= 0:
        made.add(copy_target)
    return made


def link_path(target: str) -> str | None:
    """The path a Markdown link points at, or ``None`` (a URL, an anchor, a placeholder)."""
    word = target.strip()
    cut = _LINE_SUFFIX.sub("", word)
    if cut != word and _EXTENSION.search(cut) and not _DOMAIN.match(cut):
        word = cut  # ``src/x.ts:777``: a file and a line in it, as an editor's link names them
    if not word or word.startswith(("#", "//", "~")) or _SCHEME.match(word) or word.lower().startswith("www."):
        return None
    word = word.split("#", 1)[0].split("?", 1)[0]
    if "%" in word:  # percent-encoded (``urllib`` imported only then: it costs a check's start 4 ms)
        from urllib.parse import unquote

        word = unquote(word)
    if not word or re.search(r"[<>{}$*?\[\]]", word):
        return None
    parts = [p for p in word.strip("/").split("/") if p not in ("", ".")]
    if parts and _placeholder(parts):
        return None
    return word
