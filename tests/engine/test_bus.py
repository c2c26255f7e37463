"""The hook bus on its own: seating, the order of calls, chained and collected answers, and
failure isolation — with recorder plugins and no session."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from agents_md import InstructionFile, Kind, PluginError
from agents_md.engine.bus import BusResult, HookBus, call_hooks
from agents_md.plugin_api import ToolCall, hookimpl

FILE = InstructionFile(path="/r/CLAUDE.md", kind=Kind.PROJECT, content="x")


class Recorder:
    """Appends ``event:name`` to a shared log; answers its files with its tag appended."""

    def __init__(self, name: str, log: list[str], *, tag: str | None = None) -> None:
        self.name, self.log, self.tag = name, log, tag

    @hookimpl
    def session_start(self, session: object) -> None:
        self.log.append(f"session.start:{self.name}")

    @hookimpl
    def prompt_context(self, session: object, files: tuple[InstructionFile, ...]) -> Sequence[InstructionFile] | None:
        self.log.append(f"prompt.context:{self.name}:{'+'.join(f.content for f in files)}")
        return None if self.tag is None else [dataclasses.replace(f, content=f.content + self.tag) for f in files]

    @hookimpl
    def tool_call(self, call: ToolCall, files: tuple[InstructionFile, ...]) -> Sequence[InstructionFile] | None:
        self.log.append(f"tool.call:{self.name}:{len(files)}")
        if self.tag is None:
            return None
        return [InstructionFile(path=f"/r/{self.name}.md", kind=Kind.PROJECT, content=self.tag)]


class Raises:
    @hookimpl
    def prompt_context(self, files: tuple[InstructionFile, ...]) -> Sequence[InstructionFile]:
        raise RuntimeError("kaput")


def bus(*plugins: tuple[str, object, bool]) -> HookBus:
    b = HookBus()
    for name, plugin, prepend in plugins:
        b.register(plugin, name, prepend=prepend)
    return b


def test_calls_follow_seating_order_with_prepended_plugins_last_the_last_prepended_last() -> None:
    log: list[str] = []
    b = bus(
        ("org", Recorder("org", log), True),
        ("a", Recorder("a", log), False),
        ("team", Recorder("team", log), True),
        ("b", Recorder("b", log), False),
    )
    assert b.names == ("a", "b", "org", "team")
    assert b.notify("session.start", session=None) == ()
    assert log == ["session.start:a", "session.start:b", "session.start:org", "session.start:team"]


def test_chained_each_answer_is_the_next_input_and_none_changes_nothing() -> None:
    log: list[str] = []
    b = bus(("a", Recorder("a", log, tag="|a"), False), ("quiet", Recorder("quiet", log), False))
    b.register(Recorder("b", log, tag="|b"), "b")
    result = b.chain("prompt.context", (FILE,), session=None)
    assert [f.content for f in result.files] == ["x|a|b"]
    assert log == ["prompt.context:a:x", "prompt.context:quiet:x|a", "prompt.context:b:x|a"]
    assert result.failures == ()


def test_collected_each_hook_is_handed_what_the_hooks_before_it_attached() -> None:
    log: list[str] = []
    b = bus(("a", Recorder("a", log, tag="A"), False), ("none", Recorder("none", log), False))
    b.register(Recorder("b", log, tag="B"), "b")
    result = b.collect("tool.call", session=None, call=ToolCall(tool="Read", path="/r/f"))
    assert [(name, [f.content for f in files]) for name, files in result.answers] == [("a", ["A"]), ("b", ["B"])]
    assert log == ["tool.call:a:0", "tool.call:none:1", "tool.call:b:1"]


def test_a_hook_that_raises_leaves_the_value_as_it_was_and_is_told_by_name() -> None:
    log: list[str] = []
    b = bus(("boom", Raises(), False), ("a", Recorder("a", log, tag="|a"), False))
    result = b.chain("prompt.context", (FILE,), session=None)
    assert [f.content for f in result.files] == ["x|a"]  # the next hook got the files as they were
    assert [(n.source, n.text) for n in result.failures] == [
        ("boom", "plugin boom failed in prompt.context: RuntimeError: kaput; its change was ignored")
    ]


@pytest.mark.parametrize("answer", ["text", 3, [FILE, "x"], b"bytes"], ids=["str", "int", "mixed", "bytes"])
def test_an_answer_that_is_not_files_is_refused_whole(answer: object) -> None:
    class Odd:
        @hookimpl
        def prompt_context(self, files: tuple[InstructionFile, ...]) -> object:
            return answer

    result = bus(("odd", Odd(), False)).chain("prompt.context", (FILE,), session=None)
    assert result.files == (FILE,)
    assert [n.text for n in result.failures] == [
        "plugin odd failed in prompt.context: TypeError: the answer is not a list of InstructionFile; "
        "its change was ignored"
    ]


def test_call_hooks_is_pure_over_the_seated_plugins() -> None:
    log: list[str] = []
    b = bus(("a", Recorder("a", log, tag="|a"), False))
    first = call_hooks(b.ordered(), "prompt.context", {"session": None}, files=(FILE,), chained=True)
    second = call_hooks(b.ordered(), "prompt.context", {"session": None}, files=(FILE,), chained=True)
    assert first == second == BusResult(files=(dataclasses.replace(FILE, content="x|a"),))


def test_seating_validates_by_name_with_the_signature_expected() -> None:
    class Wrong:
        @hookimpl
        def prompt_context(self, session: object, files: object, extra: object) -> None:
            return None

    with pytest.raises(PluginError) as info:
        HookBus().register(Wrong(), "wrong")
    message = str(info.value)
    assert message.startswith("plugin 'wrong': ")
    assert "(event prompt.context expects prompt_context(session, files))" in message


def test_two_plugins_of_one_name_are_refused() -> None:
    b = bus(("a", Recorder("a", []), False))
    with pytest.raises(PluginError, match="a plugin of that name is already registered"):
        b.register(Recorder("a", []), "a")
