"""AI kinds by name: "random", "heuristic", "automa:LEVEL", "enemy_table:LEVEL" and the bots
they make.

A kind is what a seat, `tcstudio rules ai`, `tcstudio simulate --ai SEAT=KIND` and the
play-test dialog name. `make_bot(kind, seed)` creates a fresh bot with its own seeded RNG.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.ai.automa import AutomaBot
from engine.ai.base import Bot
from engine.ai.enemy_table import EnemyTableBot
from engine.ai.heuristic import HeuristicBot
from engine.ai.random_bot import RandomBot
from engine.i18n import _
from engine.rules.automa import LEVELS as AUTOMA_LEVELS
from engine.rules.enemy_table import level_names as enemy_table_levels

BotFactory = Callable[[int | str], Bot]
LEGACY_AI = "ai"  # the controller name of older scenarios and saves: the random bot


class UnknownAIError(ValueError):
    """An AI kind that is not in the registry (the message lists the known ones)."""


@dataclass(frozen=True)
class AIKind:
    """One registered AI: its name, a label for menus and how to make it."""

    name: str
    label: str
    factory: BotFactory


_KINDS: dict[str, AIKind] = {}


def register(name: str, label: str, factory: BotFactory) -> None:
    """Add an AI kind (a name used twice replaces the older entry)."""
    _KINDS[name] = AIKind(name, label, factory)


def kinds() -> list[AIKind]:
    """Every registered AI kind, in registration order."""
    return list(_KINDS.values())


def kind_names() -> list[str]:
    """The names of every registered AI kind."""
    return list(_KINDS)


def resolve(name: str) -> str:
    """The registry name of `name` ("ai", the old controller name, means "random");
    UnknownAIError with the known names otherwise."""
    key = "random" if name == LEGACY_AI else name
    if key not in _KINDS:
        raise UnknownAIError(_("unknown AI kind {name!r} (hint: one of {kinds})", name=name,
                               kinds=', '.join(_KINDS)))
    return key


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot of kind `name` with its own RNG seeded by `seed`."""
    return _KINDS[resolve(name)].factory(seed)


def label(name: str) -> str:
    """The menu label of an AI kind."""
    return _KINDS[resolve(name)].label


register("random", "AI (random)", lambda seed: RandomBot(seed))
register("heuristic", "AI (heuristic)", lambda seed: HeuristicBot(seed))
for _level in AUTOMA_LEVELS:
    register(f"automa:{_level}", f"Automa ({_level})",
             lambda seed, level=_level: AutomaBot(seed, level))
for _level in enemy_table_levels():
    register(f"enemy_table:{_level}", f"Enemy action table ({_level})",
             lambda seed, level=_level: EnemyTableBot(seed, level))
