"""A Gradle module's source set named as Kotlin Multiplatform's docs name it: ``composeApp/desktopMain``
for ``composeApp/src/desktopMain``.

1. A source set's name is ``main``, ``test``, or a target's (``commonMain``, ``jvmTest``,
   ``androidUnitTest``): a part after one folder or more (the module).
2. The module's folder holds a Gradle build script (``build.gradle`` or ``build.gradle.kts``):
   only then is ``src/`` the folder the name leaves out.
"""

from __future__ import annotations

from agents_md._util.std import lazy_compile

_SOURCE_SET = lazy_compile(r"^(?:main|test|[a-z][A-Za-z0-9]*(?:Main|Test))$")
BUILD_SCRIPTS = ("build.gradle.kts", "build.gradle")


def source_set_spellings(path: str) -> list[tuple[str, str]]:
    """(module, the path with ``src/`` after it) for each part of a relative path that may be a
    source set; none for a path that already says ``src/``, or climbs."""
    parts = path.rstrip("/").split("/")
    if path.startswith(("/", "../")) or "src" in parts:
        return []
    while parts and parts[0] == ".":
        parts = parts[1:]
    return [
        ("/".join(parts[:at]), "/".join([*parts[:at], "src", *parts[at:]]))
        for at in range(1, len(parts))
        if _SOURCE_SET.match(parts[at])
    ]


__all__ = ["BUILD_SCRIPTS", "source_set_spellings"]
