"""The hook bus: ordering (prepended plugins last), failure isolation, validation by name."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from agents_md import InstructionFile, PluginError, PluginSpec, Session
from agents_md.plugin_api import HookSession, hookimpl

Tree = Callable[..., Path]


class Recorder:
    def __init__(self, name: str, log: list[str], tag: str | None = None) -> None:
        self.name, self.log, self.tag = name, log, tag

    @hookimpl
    def session_start(self, session: HookSession) -> None:
        self.log.append(f"start:{self.name}")

    @hookimpl
    def prompt_context(self, session: HookSession, files: tuple[InstructionFile, ...]) -> Sequence[InstructionFile]:
        self.log.append(f"context:{self.name}")
        if self.tag is None:
            return files
        return [dataclasses.replace(f, content=f.content + self.tag) for f in files]


class Boom:
    @hookimpl
    def prompt_context(self, session: HookSession, files: tuple[InstructionFile, ...]) -> Sequence[InstructionFile]:
        raise RuntimeError("kaput")


class Junk:
    @hookimpl
    def prompt_context(self, session: HookSession, files: tuple[InstructionFile, ...]) -> object:
        return "not a list of files"


def make(root: Path, plugins: list[PluginSpec]) -> Session:
    return Session(cwd=str(root), home=str(root.parent / "home"), managed_dir=str(root.parent / "m"), plugins=plugins)


def test_plugins_run_in_seating_order_and_a_prepended_plugin_runs_last(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "x"})
    log: list[str] = []
    s = make(
        root,
        [
            PluginSpec(name="org", plugin=Recorder("org", log, "|org"), prepend=True),
            PluginSpec(name="a", plugin=Recorder("a", log, "|a")),
            PluginSpec(name="b", plugin=Recorder("b", log, "|b")),
        ],
    )
    assert s.files[0].content == "x|a|b|org"  # the organization's plugin has the last word
    assert log == ["start:a", "start:b", "start:org", "context:a", "context:b", "context:org"]


def test_a_plugin_that_raises_leaves_the_files_as_they_were_and_is_named(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "x"})
    log: list[str] = []
    s = make(
        root,
        [
            PluginSpec(name="a", plugin=Recorder("a", log, "|a")),
            PluginSpec(name="boom", plugin=Boom()),
            PluginSpec(name="junk", plugin=Junk()),
        ],
    )
    assert s.files[0].content == "x|a"
    texts = [n.text for n in s.notices]
    assert texts == [
        "plugin boom failed in prompt.context: RuntimeError: kaput; its change was ignored",
        "plugin junk failed in prompt.context: TypeError: the answer is not a list of InstructionFile; "
        "its change was ignored",
    ]


def test_registration_blames_the_plugin_by_name(tree: Tree) -> None:
    class WrongArgs:
        @hookimpl
        def prompt_context(self, session: HookSession, files: object, extra: int) -> None:
            return None

    class Nothing:
        pass

    root = tree({})
    with pytest.raises(PluginError, match=r"plugin 'wrong'.*extra"):
        make(root, [PluginSpec(name="wrong", plugin=WrongArgs())])
    with pytest.raises(PluginError, match=r"plugin 'empty': implements none of the events"):
        make(root, [PluginSpec(name="empty", plugin=Nothing())])
    with pytest.raises(PluginError, match="plugin 'a': a plugin of that name is already registered"):
        make(root, [PluginSpec(name="a", plugin=Recorder("a", [])), PluginSpec(name="a", plugin=Recorder("a", []))])


def test_hooks_receive_frozen_values(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "x"})
    seen: list[InstructionFile] = []

    class Grab:
        @hookimpl
        def prompt_context(self, session: HookSession, files: tuple[InstructionFile, ...]) -> None:
            seen.extend(files)

    make(root, [PluginSpec(name="grab", plugin=Grab())]).start()
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen[0].content = "changed"  # type: ignore[misc]


def test_what_a_hook_is_handed_cannot_be_changed_by_it(tree: Tree) -> None:
    """The session, its environment and its settings are read-only: a plugin changes outcomes only
    through its answers, so the next plugin and the engine see what the first one saw."""
    root = tree({"CLAUDE.md": "x", ".claude/settings.json": '{"claudeMdExcludes": ["/nowhere"], "a": {"b": [1]}}'})
    attempts: list[str] = []

    class Tamper:
        @hookimpl
        def prompt_context(self, session: HookSession, files: tuple[InstructionFile, ...]) -> None:
            tries = {
                "cwd": lambda: setattr(session, "cwd", "/"),
                "env": lambda: session.env.__setitem__("CLAUDE_CODE_SIMPLE", "1"),  # type: ignore[index]
                "layer": lambda: session.settings.layers[0].values.__setitem__("x", 1),  # type: ignore[index]
                "nested": lambda: session.settings.layers[0].values["a"]["b"].append(2),
            }
            for name, attempt in tries.items():
                try:
                    attempt()
                except (AttributeError, TypeError, dataclasses.FrozenInstanceError):
                    attempts.append(name)

    s = make(root, [PluginSpec(name="tamper", plugin=Tamper())])
    s.start()
    assert attempts == ["cwd", "env", "layer", "nested"]
    assert s.start().settings.merged_list("claudeMdExcludes") == ("/nowhere",)


class Generator:
    @hookimpl
    def prompt_context(self, session: HookSession, files: tuple[InstructionFile, ...]) -> object:
        return (f for f in files if False)


class Number:
    @hookimpl
    def prompt_context(self, session: HookSession, files: tuple[InstructionFile, ...]) -> object:
        return 42


class FilesOnly:
    @hookimpl
    def prompt_context(self, files: tuple[InstructionFile, ...]) -> Sequence[InstructionFile]:
        return [dataclasses.replace(f, content=f.content + "|short") for f in files]


def test_a_generator_answer_is_read_once_and_a_number_is_refused(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "x"})
    assert make(root, [PluginSpec(name="gen", plugin=Generator())]).files == ()  # an answer of no files
    s = make(root, [PluginSpec(name="num", plugin=Number())])
    assert [f.content for f in s.files] == ["x"]
    assert [n.text for n in s.notices] == [
        "plugin num failed in prompt.context: TypeError: the answer is not a list of InstructionFile; "
        "its change was ignored"
    ]


def test_a_hook_may_take_fewer_arguments_than_the_event_offers(tree: Tree) -> None:
    root = tree({"CLAUDE.md": "x"})
    assert [f.content for f in make(root, [PluginSpec(name="short", plugin=FilesOnly())]).files] == ["x|short"]


def test_a_failure_on_a_read_is_told_too(tree: Tree) -> None:
    class BadRead:
        @hookimpl
        def tool_call(self, session: HookSession, call: object, files: object) -> None:
            raise RuntimeError("nope")

    root = tree({"CLAUDE.md": "x", "f.txt": "y"})
    s = make(root, [PluginSpec(name="bad", plugin=BadRead())])
    s.read(str(root / "f.txt"))
    assert [n.text for n in s.notices] == ["plugin bad failed in tool.call: RuntimeError: nope; its change was ignored"]
