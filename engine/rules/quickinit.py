"""A quicker `__init__` for the frozen dataclasses the engine builds on every action.

A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`;
log events, combat fighters and results are built for every action applied, and that made
building them about twice as slow as filling the instance dict. `quick_init` swaps in an
`__init__` with the same parameters, defaults, annotations and error messages that writes
the instance dict directly; the class stays frozen and its instances are unchanged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def direct_init(cls: type) -> Callable[..., None] | None:
    """A dict-filling `__init__` for frozen dataclass `cls`, or None when `cls` needs more
    than plain fields (`__post_init__`, `__slots__`, keyword-only, factory or non-init
    fields)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING
           for f in fields) or hasattr(cls, "__post_init__") or not cls.__dictoffset__:
        return None
    defaults = {f"_default_{f.name}": f.default for f in fields
                if f.default is not dataclasses.MISSING}
    signature = ", ".join(["self"] + [f.name if f.default is dataclasses.MISSING
                                      else f"{f.name}=_default_{f.name}" for f in fields])
    body = "".join(f"\n    d[{f.name!r}] = {f.name}" for f in fields)
    namespace: dict[str, Any] = {}
    exec(f"def __init__({signature}):\n    d = self.__dict__{body}", defaults, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    return init


def quick_init(cls: T) -> T:
    """Class decorator (above `@dataclass(frozen=True)`): give `cls` the quicker
    `__init__`. TypeError when `cls` is not a frozen dataclass of plain fields."""
    init = direct_init(cls)
    if init is None:
        raise TypeError(f"{cls.__name__}: quick_init needs a frozen dataclass of plain fields")
    cls.__init__ = init  # type: ignore[misc]
    return cls
