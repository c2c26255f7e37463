"""The hook marker plugins put on their hooks, made without importing pluggy.

``hookimpl`` sets on a hook exactly what ``pluggy.HookimplMarker("agents_md")`` sets (the
``agents_md_impl`` attribute, holding the same options), so pluggy validates what it marks;
a session whose plugins are all this package's own never imports pluggy (``bus.validate``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # ``typing`` is imported by type checkers alone (``_value`` says why)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])

PROJECT_NAME = "agents_md"
IMPL_ATTRIBUTE = f"{PROJECT_NAME}_impl"


class HookimplMarker:
    """``@hookimpl``, or ``@hookimpl(tryfirst=True, ...)`` with pluggy's options."""

    def __call__(
        self,
        function: F | None = None,
        *,
        hookwrapper: bool = False,
        optionalhook: bool = False,
        tryfirst: bool = False,
        trylast: bool = False,
        specname: str | None = None,
        wrapper: bool = False,
    ) -> Any:
        def mark(hook: F) -> F:
            options = {
                "wrapper": wrapper,
                "hookwrapper": hookwrapper,
                "optionalhook": optionalhook,
                "tryfirst": tryfirst,
                "trylast": trylast,
                "specname": specname,
            }
            setattr(hook, IMPL_ATTRIBUTE, options)
            return hook

        return mark if function is None else mark(function)


hookimpl = HookimplMarker()


def marked_hooks(plugin: object, hooks: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Each of ``hooks`` that ``plugin`` marks, with the arguments it takes, read as pluggy reads
    them (those without a default, not counting ``self``)."""
    found: dict[str, tuple[str, ...]] = {}
    for hook in hooks:
        method = getattr(plugin, hook, None)
        if method is None or getattr(method, IMPL_ATTRIBUTE, None) is None:
            continue
        function = getattr(method, "__func__", method)
        code = function.__code__
        names = code.co_varnames[: code.co_argcount]
        names = names[: len(names) - len(function.__defaults__ or ())]
        found[hook] = names[1:] if hasattr(method, "__self__") else names
    return found
