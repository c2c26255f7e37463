"""Frozen value classes made without ``dataclasses``, whose cost the command line pays on every start.

``dataclasses`` imports ``inspect`` and writes and compiles five or six methods for each class
as its module loads (about a millisecond a class); a hook call starts the command line anew
each time, and the values it needs would make that most of its start. A class deriving from
``Value`` is the same kind of class, made once, its methods shared with every other:

1. The fields are the class's own annotations, in order; a class attribute of that name is
   the field's default (``field(default_factory=...)`` for a fresh one each time, and
   ``compare=False`` to leave it out of equality and hashing).
2. The class is made with ``__slots__`` of those names, the defaults taken out of it.
3. ``__init__`` takes the fields by keyword alone, then calls ``__post_init__`` if defined.
4. Fields cannot be set or deleted afterwards (``dataclasses.FrozenInstanceError``); equality,
   hash and repr are those of a frozen dataclass: by the fields, in order.
5. ``dataclasses``' own functions (``replace``, ``fields``, ``asdict``) work on these values:
   the first time one looks for its table of fields, ``dataclasses`` builds it, from the same
   fields (so it is imported only by the code that uses it).

Only a class naming ``Value`` among its bases is made so; a class deriving from a value is an
ordinary subclass of it, and inherits no fields. Methods a class defines itself are its own, as
a dataclass's are (one defining ``__eq__`` alone is hashed by its fields, as a frozen
dataclass is). ``@frozen`` makes a value of a class written without the base (a plugin's
records, ``plugin_api``): the class is made again, by its own metaclass and from its own bases,
with the values' methods put in it (over its own and its bases'), so it is made twice, where a
class deriving from ``Value`` is made once (a fortieth of a millisecond, for each of the fifty
values a start loads).

Type checkers read a class deriving from ``Value``, and one decorated with ``@frozen``, as a
frozen, keyword-only dataclass (``dataclass_transform``).

``StrEnum`` does the same for ``enum.StrEnum``, whose module imports ``functools`` and
``collections`` and builds each class slowly: a class of string constants whose members are
instances of it, made once as the class is. Type checkers read it as ``enum.StrEnum`` itself:

1. Each public class attribute holding a string is a member: the class's instance of that
   string, with its ``name`` and ``value``, in the order written.
2. The class answers as an enum's does: iteration, ``reversed`` and ``len`` over the members,
   ``Cls(value)`` (a member is its own value; anything else is a ``ValueError``), ``Cls[name]``,
   ``__members__``, ``in`` for a member or a value; its members cannot be set or deleted.
3. A member is the string it holds for equality, hashing, formatting and JSON; its ``repr`` is
   an enum's; copying or pickling it gives the member itself.
"""

from __future__ import annotations

from _operator import attrgetter  # operator.attrgetter itself, without the operator module

# ``typing`` is imported by type checkers alone: at run time it is a large part of a start.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    from typing_extensions import dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_: object) -> object:
        return lambda decorated: decorated


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


_MISSING: Any = _Missing()
_setattr = object.__setattr__


class _Field:
    """A field's default, as ``field(...)`` gives it."""

    __slots__ = ("compare", "default", "default_factory")

    def __init__(self, default: Any, default_factory: Callable[[], Any] | None, compare: bool) -> None:
        self.default = default
        self.default_factory = default_factory
        self.compare = compare


def field(*, default: Any = _MISSING, default_factory: Callable[[], Any] | None = None, compare: bool = True) -> Any:
    """A field's default when a plain one will not do: a fresh one each time, or not compared."""
    return _Field(default, default_factory, compare)


class _DataclassFields:
    """``__dataclass_fields__``, built by ``dataclasses`` from the value's fields when first read."""

    def __init__(self) -> None:
        self._table: Any = None

    def __get__(self, instance: object, owner: type) -> Any:
        if self._table is not None:
            return self._table
        import dataclasses

        specs = []
        for name, annotation, spec in owner.__value_fields__:  # type: ignore[attr-defined]
            kwargs: dict[str, Any] = {"compare": spec.compare}
            if spec.default_factory is not None:
                kwargs["default_factory"] = spec.default_factory
            elif spec.default is not _MISSING:
                kwargs["default"] = spec.default
            specs.append((name, annotation, dataclasses.field(**kwargs)))
        shadow = dataclasses.make_dataclass(owner.__name__, specs, frozen=True, kw_only=True)
        self._table = vars(shadow)["__dataclass_fields__"]
        return self._table


def _init(self: Any, **given: Any) -> None:
    # Values are made on every Read: one look at ``given`` per field, the defaults read off a table.
    for name, default, factory in self.__value_inits__:
        item = given.pop(name, _MISSING)
        if item is _MISSING:
            if factory is not None:
                item = factory()
            elif default is not _MISSING:
                item = default
            else:
                raise TypeError(f"{type(self).__qualname__}() missing the keyword argument {name!r}")
        _setattr(self, name, item)
    if given:
        raise TypeError(f"{type(self).__qualname__}() got an unexpected keyword argument {next(iter(given))!r}")


def _init_then_post_init(self: Any, **given: Any) -> None:
    _init(self, **given)
    self.__post_init__()


def _set(self: Any, name: str, _: object) -> None:
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delete(self: Any, name: str) -> None:
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name, _, _ in self.__value_fields__)
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: Any) -> object:
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = self.__value_key__[0]
    return key(self) == key(other)


def _hash(self: Any) -> int:
    return hash(self.__value_key__[0](self))


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, name) for name, _, _ in self.__value_fields__]


def _setstate(self: Any, state: list[Any]) -> None:
    for (name, _, _), item in zip(self.__value_fields__, state, strict=True):
        _setattr(self, name, item)


def _key(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The compared fields' values as a tuple (``attrgetter`` of one name gives the bare value)."""
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda item: (one(item),)
    return attrgetter(*names) if names else lambda item: ()


def _with_fields(namespace: dict[str, Any]) -> None:
    """Steps 1 and 2 on a class's namespace (the defaults taken out of it). One pass: some fifty
    values are made on every start of the command line."""
    names: list[str] = []
    fields = []
    inits = []
    compared = []
    pop = namespace.pop
    for field_name, annotation in namespace.get("__annotations__", {}).items():
        given = pop(field_name, _MISSING)
        if type(given) is _Field:
            spec = given
            inits.append((field_name, given.default, given.default_factory))
            if given.compare:
                compared.append(field_name)
        else:
            spec = _Field(given, None, True)
            inits.append((field_name, given, None))
            compared.append(field_name)
        names.append(field_name)
        fields.append((field_name, annotation, spec))
    namespace["__slots__"] = tuple(names)
    namespace["__value_fields__"] = tuple(fields)
    namespace["__value_inits__"] = tuple(inits)
    namespace["__value_key__"] = (_key(compared),)  # in a tuple, not bound as a method (``staticmethod`` costs)
    namespace["__dataclass_fields__"] = _DataclassFields()


class _ValueType(type):
    """Steps 1 and 2, for a class naming ``Value`` among its bases (once: ``@frozen`` of such a
    class made it already)."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> _ValueType:
        if "Value" in globals() and Value in bases and "__value_fields__" not in namespace:
            _with_fields(namespace)
            if "__post_init__" in namespace:
                namespace["__init__"] = _init_then_post_init
            if "__eq__" in namespace and "__hash__" not in namespace:
                namespace["__hash__"] = _hash  # as a frozen dataclass: its own equality, hashed by the fields
        return super().__new__(mcls, name, bases, namespace)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
class Value(metaclass=_ValueType):
    """Steps 3 and 4: what every value answers, shared."""

    __slots__ = ()

    if not TYPE_CHECKING:  # type checkers read these off the fields instead
        __init__ = _init
        __setattr__ = _set
        __delattr__ = _delete
        __repr__ = _repr
        __eq__ = _eq
        __hash__ = _hash
        __getstate__ = _getstate
        __setstate__ = _setstate
        __match_args__ = ()


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """``cls`` made again as a value: the steps above, the methods put in the class itself (over
    its own and its bases', as ``dataclasses`` puts its own), by the class's own metaclass. A
    class that is a value already (deriving from ``Value``) is as it was made."""
    if "__value_fields__" in cls.__dict__:
        return cls
    namespace = dict(cls.__dict__)
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    _with_fields(namespace)
    namespace.update(
        __init__=_init_then_post_init if "__post_init__" in namespace else _init,
        __setattr__=_set,
        __delattr__=_delete,
        __repr__=_repr,
        __eq__=_eq,
        __hash__=_hash,
        __getstate__=_getstate,
        __setstate__=_setstate,
        __match_args__=(),
    )
    metaclass: Any = type(cls)
    made: type[T] = metaclass(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = cls.__qualname__
    return made


class _StrEnumType(type):
    """Step 2: what the class answers."""

    __members: dict[str, Any]
    __by_value: dict[str, Any]

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> _StrEnumType:
        written = {k: v for k, v in namespace.items() if not k.startswith("_") and isinstance(v, str)}
        cls = super().__new__(mcls, name, bases, {k: v for k, v in namespace.items() if k not in written})
        members: dict[str, Any] = {}
        by_value: dict[str, Any] = {}
        make: Any = str.__new__
        for key, value in written.items():  # step 1
            member = make(cls, value)
            member._name_ = key
            members[key] = by_value.setdefault(value, member)  # a value written twice: an alias
            type.__setattr__(cls, key, members[key])
        type.__setattr__(cls, "_StrEnumType__members", members)
        type.__setattr__(cls, "_StrEnumType__by_value", by_value)
        return cls

    def __call__(cls, value: object) -> Any:
        if type(value) is cls:
            return value
        found = cls.__by_value.get(value) if isinstance(value, str) else None
        if found is None:
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")
        return found

    def __iter__(cls) -> Any:
        return iter(cls.__by_value.values())

    def __reversed__(cls) -> Any:
        # Without it ``reversed`` would index the class as a sequence (``Cls[1]``) and fail.
        return reversed(cls.__by_value.values())

    def __len__(cls) -> int:
        return len(cls.__by_value)

    def __contains__(cls, value: object) -> bool:
        return isinstance(value, str) and value in cls.__by_value

    def __getitem__(cls, name: str) -> Any:
        return cls.__members[name]

    @property
    def __members__(cls) -> dict[str, Any]:
        return dict(cls.__members)

    def __setattr__(cls, name: str, value: object) -> None:
        if name in cls.__dict__.get("_StrEnumType__members", ()):
            raise AttributeError(f"cannot reassign member {name!r}")
        super().__setattr__(name, value)

    def __delattr__(cls, name: str) -> None:
        if name in cls.__dict__.get("_StrEnumType__members", ()):
            raise AttributeError(f"cannot delete member {name!r}")
        super().__delattr__(name)


class _StrEnum(str, metaclass=_StrEnumType):
    """Step 3: what a member answers."""

    _name_: str

    @property
    def name(self) -> str:
        return self._name_

    @property
    def value(self) -> str:
        return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str.__str__(self), spec)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self._name_}: {str.__repr__(self)}>"  # enum's: the bare name

    def __reduce_ex__(self, protocol: object) -> tuple[Any, tuple[str]]:
        return type(self), (str.__str__(self),)

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: object) -> Any:
        return self


if TYPE_CHECKING:
    from enum import StrEnum as StrEnum
else:
    StrEnum = _StrEnum
