"""The engine's context reminders that open a conversation's first message, and the line break
after the last of them.

1. They come in this order, each its own text block: the start block (``claudeMd``); the git
   context (``gitStatus``); the attribution note.
2. Neither of the last two is sent when ``includeGitInstructions`` is false in the settings or
   ``CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS`` is set. Otherwise the git context is sent when a
   ``.git`` (a folder or a file, a working repository or not) is found at or above the cwd,
   except to a main thread that runs as a custom agent (``--agent``, or the settings' ``agent``).
3. The attribution note is sent when the agent has the Bash tool and a commit or pull-request
   attribution text is not empty: ``attribution.commit`` and ``attribution.pr`` as the settings
   layers set them (a later layer wins, key by key); a text no layer sets is the engine's own
   one, or empty when no layer sets ``attribution`` at all and ``includeCoAuthoredBy`` is false.
4. The last reminder of the group ends with a line break: the start block does when neither
   of the others follows it. The same group opens the turn after ``/compact`` and ``/clear``.
"""

from __future__ import annotations

from agents_md._util.env import env_truthy
from agents_md._util.std import Mapping
from agents_md.engine.checkout import checkout_root
from agents_md.engine.fs import FileSystem
from agents_md.engine.settings import Settings

GIT_OFF_ENV = "CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS"
_TEXTS = ("commit", "pr")


def git_instructions(settings: Settings, env: Mapping[str, str]) -> bool:
    """Step 2: whether the git reminders are sent at all."""
    return settings.last("includeGitInstructions") is not False and not env_truthy(env, GIT_OFF_ENV)


def git_context(fs: FileSystem, cwd: str, settings: Settings, env: Mapping[str, str]) -> bool:
    """Step 2, the git context."""
    return git_instructions(settings, env) and checkout_root(fs, cwd) is not None


def attribution(settings: Settings, env: Mapping[str, str]) -> bool:
    """Step 3, the texts: whether either is not empty (the agent's Bash is the caller's to ask)."""
    if not git_instructions(settings, env):
        return False
    set_texts: dict[str, object] = {}
    configured = False
    for layer in settings.layers:
        value = layer.values.get("attribution")
        if isinstance(value, Mapping):
            configured = True
            set_texts.update((key, value[key]) for key in _TEXTS if key in value)
    own_text_kept = configured or settings.last("includeCoAuthoredBy") is not False
    return any(set_texts[key] != "" if isinstance(set_texts.get(key), str) else own_text_kept for key in _TEXTS)


def start_block_end(*, git: bool, attribution: bool) -> str:
    """Step 4: what follows the start block's own text."""
    return "" if git or attribution else "\n"
