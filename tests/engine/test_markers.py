"""The project's own hook marker marks what pluggy's does, and the built-in plugin, seated
without pluggy, has exactly the hooks pluggy's validation finds in it."""

from __future__ import annotations

import types

import pluggy
import pytest

from agents_md.engine.bus import HookBus, is_own, validate
from agents_md.engine.events import EVENT_HOOKS
from agents_md.engine.markers import PROJECT_NAME, hookimpl, marked_hooks
from agents_md.errors import PluginError
from agents_md.plugins.agents_md import AgentsMdPlugin


@pytest.mark.parametrize(
    "options",
    [{}, {"tryfirst": True}, {"specname": "tool_call", "optionalhook": True}],
    ids=["bare", "tryfirst", "specname"],
)
def test_hookimpl_sets_what_pluggys_marker_sets(options: dict[str, object]) -> None:
    def ours(files: object) -> None: ...

    def theirs(files: object) -> None: ...

    (hookimpl(**options) if options else hookimpl)(ours)
    pluggy.HookimplMarker(PROJECT_NAME)(**options)(theirs)
    assert ours.agents_md_impl == theirs.agents_md_impl


def test_the_builtin_plugins_marks_are_what_pluggy_validates() -> None:
    plugin = AgentsMdPlugin()
    assert is_own(plugin)
    read = marked_hooks(plugin, EVENT_HOOKS.values())
    assert read == validate(plugin, "agents-md")
    assert read  # it implements events, each with the arguments it takes
    assert all(args and "self" not in args for args in read.values())


class Partial:
    @hookimpl
    def tool_call(self, call: object, files: object = ()) -> None: ...

    def prompt_context(self, files: object) -> None:  # not marked: not a hook
        ...


def test_marks_are_read_as_pluggy_reads_them() -> None:
    assert marked_hooks(Partial(), EVENT_HOOKS.values()) == validate(Partial(), "partial") == {"tool_call": ("call",)}
    module = types.ModuleType("plugin_module")

    @hookimpl
    def prompt_context(session: object, files: object) -> None: ...

    module.prompt_context = prompt_context
    assert marked_hooks(module, EVENT_HOOKS.values()) == {"prompt_context": ("session", "files")}


def test_a_plugin_of_another_package_is_validated_by_pluggy() -> None:
    class Misspelt:
        @hookimpl
        def prompt_context(self, sesion: object) -> None: ...

    assert not is_own(Misspelt())
    with pytest.raises(PluginError, match=r"plugin 'misspelt'.*sesion"):
        HookBus().register(Misspelt(), "misspelt")
