"""``@frozen`` values behave as frozen, slotted, keyword-only dataclasses, without ``dataclasses``."""

from __future__ import annotations

import copy
import dataclasses
import enum
import pickle

import pytest

from agents_md._value import StrEnum, Value, field, frozen


@frozen
class Origin:
    reason: str
    via: str | None = None

    def describe(self) -> str:
        return self.reason if self.via is None else f"{self.reason} of {self.via}"


@frozen
class Doc:
    path: str
    origin: Origin = field(default_factory=lambda: Origin(reason="walk"))
    size: int = 0
    note: str = field(default="", compare=False)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DataclassDoc:
    path: str
    origin: Origin = dataclasses.field(default_factory=lambda: Origin(reason="walk"))
    size: int = 0
    note: str = dataclasses.field(default="", compare=False)


def test_fields_take_keywords_and_defaults_with_a_fresh_factory_value() -> None:
    doc = Doc(path="a")
    assert (doc.path, doc.origin, doc.size, doc.note) == ("a", Origin(reason="walk"), 0, "")
    assert doc.origin is not Doc(path="a").origin
    assert doc.origin.describe() == "walk"


def test_repr_equality_and_hash_are_a_frozen_dataclasses() -> None:
    ours, theirs = Doc(path="a", size=3, note="x"), DataclassDoc(path="a", size=3, note="x")
    assert repr(ours) == repr(theirs).replace("DataclassDoc", "Doc")
    assert hash(ours) == hash(theirs)
    assert ours == Doc(path="a", size=3, note="not compared")
    assert ours != Doc(path="a", size=4)
    assert ours != theirs
    assert hash(Origin(reason="walk")) == hash(("walk", None))


def test_a_value_is_frozen_and_slotted() -> None:
    doc = Doc(path="a")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'size'"):
        doc.size = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'path'"):
        del doc.path  # type: ignore[misc]
    assert Doc.__slots__ == ("path", "origin", "size", "note")
    assert not hasattr(doc, "__dict__")
    assert Doc.__qualname__ == "Doc" and Doc.__module__ == __name__


def test_wrong_arguments_are_type_errors_naming_the_field() -> None:
    with pytest.raises(TypeError, match="Doc\\(\\) missing the keyword argument 'path'"):
        Doc()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        Doc(path="a", bogus=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Doc("a")  # type: ignore[misc]


def test_post_init_runs_after_the_fields_are_set() -> None:
    @frozen
    class Upper:
        text: str

        def __post_init__(self) -> None:
            object.__setattr__(self, "text", self.text.upper())

    assert Upper(text="a").text == "A"


def test_dataclasses_functions_work_on_values() -> None:
    doc = Doc(path="a", size=2)
    assert dataclasses.is_dataclass(doc)
    assert [f.name for f in dataclasses.fields(doc)] == ["path", "origin", "size", "note"]
    assert dataclasses.replace(doc, size=5) == Doc(path="a", size=5)
    assert dataclasses.asdict(doc) == {"path": "a", "origin": {"reason": "walk", "via": None}, "size": 2, "note": ""}
    assert Doc.__dataclass_fields__["size"].default == 0


def test_values_copy_and_pickle() -> None:
    doc = Doc(path="a", note="kept")
    assert copy.deepcopy(doc) == doc and copy.copy(doc) == doc
    again = pickle.loads(pickle.dumps(doc))
    assert again == doc and again.note == "kept"


class _Described:
    """A plugin's own base class, with methods of its own."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return "described"

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def test_a_records_methods_are_a_values_whatever_its_bases() -> None:
    """``@frozen`` puts the values' methods in the class itself, as a dataclass does: a base's
    ``__init__``, ``__repr__`` or ``__eq__`` is not the record's."""

    @frozen
    class Note(_Described):
        body: str

    note = Note(body="a")
    assert repr(note).endswith("Note(body='a')")
    assert note == Note(body="a") and note != Note(body="b")
    assert hash(note) == hash(("a",))


def test_a_record_may_derive_from_an_abstract_base() -> None:
    """A base with a metaclass of its own (``abc.ABC``, a ``Protocol``) makes the record with it."""
    import abc
    from typing import Protocol

    class Shown(abc.ABC):
        @abc.abstractmethod
        def show(self) -> str: ...

    class Showing(Protocol):
        def show(self) -> str: ...

    @frozen
    class Line(Shown):
        text: str

        def show(self) -> str:
            return self.text

    @frozen
    class Word(Showing):
        text: str

        def show(self) -> str:
            return self.text

    assert Line(text="a").show() == Word(text="a").show() == "a"
    assert isinstance(Line(text="a"), Shown)


def test_a_record_defining_eq_stays_hashable() -> None:
    @frozen
    class Key:
        name: str

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Key) and other.name == self.name

    assert len({Key(name="a"), Key(name="a")}) == 1


def test_a_record_deriving_from_a_record_with_post_init_runs_its_own_init() -> None:
    """A record inherits no fields: its ``__init__`` is made from its own, not its base's."""

    @frozen
    class Base:
        size: int

        def __post_init__(self) -> None:
            object.__setattr__(self, "size", self.size * 10)

    @frozen
    class Named(Base):
        name: str

    assert repr(Named(name="a")).endswith("Named(name='a')")
    assert Base(size=1).size == 10


def test_frozen_leaves_a_value_as_it_is() -> None:
    @frozen
    class Sized(Value):
        size: int = 1

    assert repr(Sized()).endswith("Sized(size=1)") and Sized(size=2) == Sized(size=2)


def test_a_value_defining_eq_stays_hashable_as_a_frozen_dataclass_does() -> None:
    """A ``Value`` keeps the methods it defines (a dataclass keeps its ``__repr__`` and ``__eq__``);
    one that defines ``__eq__`` alone is hashed by its fields, as a frozen dataclass is."""

    class Key(Value):
        name: str

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Key) and other.name.lower() == self.name.lower()

    @dataclasses.dataclass(frozen=True)
    class DataclassKey:
        name: str

        def __eq__(self, other: object) -> bool:
            return isinstance(other, DataclassKey) and other.name.lower() == self.name.lower()

    assert Key(name="a") == Key(name="A") and DataclassKey(name="a") == DataclassKey(name="A")
    assert hash(Key(name="a")) == hash(DataclassKey(name="a")) == hash(("a",))


class EnumColor(enum.StrEnum):
    """Colors."""

    RED = "red"
    GREEN = "green"
    CRIMSON = "red"  # an alias

    def shout(self) -> str:
        return self.value.upper()


class OurColor(StrEnum):
    """Colors."""

    RED = "red"
    GREEN = "green"
    CRIMSON = "red"  # an alias

    def shout(self) -> str:
        return self.value.upper()


def _color_classes() -> list[type]:
    return [EnumColor, OurColor]


def _answers(cls: type) -> list[object]:
    red = cls.RED  # type: ignore[attr-defined]
    answers: list[object] = [
        [m.name for m in cls],  # type: ignore[attr-defined]
        len(cls),  # type: ignore[arg-type]
        list(cls.__members__),  # type: ignore[attr-defined]
        cls("red") is red,
        cls(red) is red,
        cls["GREEN"] is cls.GREEN,  # type: ignore[attr-defined,index]
        cls.CRIMSON is red,  # type: ignore[attr-defined]
        (
            red.name,
            red.value,
            str(red),
            f"{red}",
            f"{red:>5}",
            "%s" % (red,),  # noqa: UP031  (printf-style formatting, as old code does)
            red.shout(),
        ),
        (red == "red", hash(red) == hash("red"), isinstance(red, str), sorted([cls.GREEN, red])),  # type: ignore[attr-defined]
        red in cls,
        repr(red).replace(cls.__qualname__, "Color"),
        (copy.copy(red) is red, copy.deepcopy(red) is red, pickle.loads(pickle.dumps(red)) is red),
        {red: 1}["red"],
        cls.__doc__,
    ]
    for bad in ("blue", 3, None):
        try:
            cls(bad)
        except ValueError as exc:
            answers.append(str(exc).replace(cls.__qualname__, "Color"))
    for action in (lambda: setattr(cls, "RED", "x"), lambda: delattr(cls, "RED")):
        try:
            action()
        except AttributeError:
            answers.append("refused")
    return answers


def test_str_enum_answers_as_enum_str_enum_does() -> None:
    theirs, ours = _color_classes()
    assert _answers(ours) == _answers(theirs)
    assert ("red" in OurColor, "blue" in OurColor) == (True, False)  # a value, as enum answers from 3.12


def test_str_enum_members_are_written_as_their_strings() -> None:
    import json

    from agents_md._util import json_codec

    for cls in _color_classes():
        value = {"kind": cls.RED, cls.GREEN: [cls.RED]}  # type: ignore[attr-defined]
        assert json.dumps(value) == json_codec.dumps(value) == '{"kind": "red", "green": ["red"]}'
        assert json_codec.dumps(value, indent=1) == json.dumps(value, indent=1)


def test_str_enum_classes_reverse_as_enum_does() -> None:
    for cls in _color_classes():
        assert [m.name for m in reversed(cls)] == ["GREEN", "RED"]  # type: ignore[call-overload]


def test_str_enum_repr_names_the_class_as_enum_does() -> None:
    class EnumInner(enum.StrEnum):
        A = "a"

    class OurInner(StrEnum):
        A = "a"

    assert repr(EnumInner.A) == "<EnumInner.A: 'a'>"
    assert repr(OurInner.A) == "<OurInner.A: 'a'>"  # the class's name, not its dotted __qualname__
