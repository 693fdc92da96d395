"""Area AI kinds by name ("random", "heuristic") and the bots they make.

The same names as the hex game's registry (engine.ai.registry) where the bots do the same
job; `tcstudio simulate --ai SEAT=KIND` on an area scenario and the area play-test name them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.ai.area.base import AreaBot
from engine.ai.area.heuristic import AreaHeuristicBot
from engine.ai.area.random_bot import AreaRandomBot
from engine.ai.registry import UnknownAIError
from engine.i18n import _

AreaBotFactory = Callable[[int | str], AreaBot]


@dataclass(frozen=True)
class AreaAIKind:
    """One area AI: its name, a label for menus and how to make it."""

    name: str
    label: str
    factory: AreaBotFactory


_KINDS: dict[str, AreaAIKind] = {
    "random": AreaAIKind("random", "AI (random)", lambda seed: AreaRandomBot(seed)),
    "heuristic": AreaAIKind("heuristic", "AI (heuristic)", lambda seed: AreaHeuristicBot(seed)),
}


def kind_names() -> list[str]:
    """The names of every area AI kind."""
    return list(_KINDS)


def resolve(name: str) -> str:
    """`name` when it is an area AI kind; UnknownAIError with the known names otherwise."""
    if name not in _KINDS:
        raise UnknownAIError(_("unknown AI kind {name!r} for the area game (hint: one of "
                               "{kinds})", name=name, kinds=', '.join(_KINDS)))
    return name


def make_bot(name: str, seed: int | str = 0) -> AreaBot:
    """A new area bot of kind `name` with its own RNG seeded by `seed`."""
    return _KINDS[resolve(name)].factory(seed)
