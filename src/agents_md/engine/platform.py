"""The platform a session runs on, for what the engine's rules tie to it.

1. The managed policy folder: ``/etc/claude-code`` on Linux,
   ``/Library/Application Support/ClaudeCode`` on macOS, ``C:\\Program Files\\ClaudeCode`` on
   Windows.
2. Whether its disks ignore case (macOS and Windows, as they come): there ``CLAUDE.md`` opens a
   ``claude.md``, and ``AGENTS.md`` an ``Agents.md``. On another platform the session reads the
   disk through ``fs.CaseFoldingFS``, which answers the same way.
3. The home a ``~/`` path resolves under: ``HOME``, or ``USERPROFILE`` first when the working
   directory is spelled the Windows way (``C:\\work``, ``\\\\server\\share``), as the plugin reads
   them, once per load.

``platform=`` is a session's input (``linux``, ``macos``, ``windows``; default the running one).
Paths stay this machine's: a Windows session here reads this disk with Windows' folder and case
rules, it does not take Windows path spellings for the files it reads.
"""

from __future__ import annotations

import sys

from agents_md._util.std import Mapping

LINUX, MACOS, WINDOWS = "linux", "macos", "windows"
PLATFORMS = (LINUX, MACOS, WINDOWS)
MANAGED_DIRS = {
    LINUX: "/etc/claude-code",
    MACOS: "/Library/Application Support/ClaudeCode",
    WINDOWS: "C:\\Program Files\\ClaudeCode",
}
_BY_SYS = {"darwin": MACOS, "win32": WINDOWS, "cygwin": WINDOWS}


def running() -> str:
    """The platform this process runs on (anything but macOS and Windows reads as Linux)."""
    return _BY_SYS.get(sys.platform, LINUX)


def checked(platform: str | None) -> str:
    """``platform``, or the running one; anything else is a ``ValueError`` naming the choices."""
    if platform is None:
        return running()
    if platform not in PLATFORMS:
        raise ValueError(f"platform must be one of {', '.join(PLATFORMS)}, not {platform!r}")
    return platform


def managed_dir(platform: str | None = None) -> str:
    """Step 1."""
    return MANAGED_DIRS[checked(platform)]


def folds_case(platform: str | None = None) -> bool:
    """Step 2: whether the platform's disks ignore case as they come."""
    return checked(platform) in (MACOS, WINDOWS)


def windows_spelling(path: str) -> bool:
    """A path spelled the Windows way: a drive (``C:\\``, ``C:/``) or a share (``\\\\host\\x``)."""
    if path[:1] == "/" and path[1:2] not in ("/", "\\"):
        return False  # one leading slash: no drive, the answer on POSIX without importing ntpath
    import ntpath  # lazy: loaded on POSIX only for this question

    drive, _ = ntpath.splitdrive(path)
    return bool(drive) and ((len(drive) == 2 and drive[1] == ":") or drive.startswith(("\\\\", "//")))


def home_for(env: Mapping[str, str], cwd: str, fallback: str = "") -> str:
    """Step 3: the home a session at ``cwd`` resolves ``~/`` under, from its environment."""
    order = ("USERPROFILE", "HOME") if windows_spelling(cwd) else ("HOME", "USERPROFILE")
    for name in order:
        value = env.get(name)
        if value:
            return value
    return fallback
