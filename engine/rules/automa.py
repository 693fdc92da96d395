"""The Automa's rule changes (RULES §9.1, seed 002 "Solo"): the engine applies them, not the AI.

A seat whose controller is "automa:LEVEL" (LEVEL one of `LEVELS`) is played by the Automa:
- its roster: every unit of its card except the transport, plus the level's extra units;
- its combats: no dice and no pincer/encirclement; it deals a fixed number of hits, attacking
  or firing back: with 0-2 damage its attack value +2 per experience level above recruit,
  with 3-5 damage half its attack value (rounded up) +1 per level.
The human side keeps rolling its dice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.model import EXPERIENCE_LEVELS, Scenario, UnitType
from engine.rules import combat

if TYPE_CHECKING:
    from engine.rules.game import Game
    from engine.rules.state import State
    from engine.rules.unit import Unit

PREFIX = "automa:"
LEVELS = ("easy", "standard", "hard", "overkill")
NATION_UNIT = "@nation"  # stands for the nation-specific unit type in `EXTRA_UNITS`
# 002: "Einfach: keine Ergänzungen. Standard: 1 zusätzlicher Panzerwagen. Schwer: 1 zusätzlicher
# Panzerwagen + 1 zusätzliche Infanterie. Overkill: 1 zusätzliche länderspezifische Einheit
# + 1 zusätzliche berittene Infanterie."
EXTRA_UNITS: dict[str, tuple[str, ...]] = {
    "easy": (),
    "standard": ("armoured_car",),
    "hard": ("armoured_car", "infantry"),
    "overkill": (NATION_UNIT, "mounted_infantry"),
}
FULL_STRENGTH_UP_TO = 2  # damage 0-2: full attack value; 3-5: half (rounded up)
PER_LEVEL = (2, 1)  # hits per experience level at full / reduced strength


def level_of(controller: str) -> str | None:
    """The Automa level of a seat controller ("automa:hard" -> "hard"), or None."""
    if not controller.startswith(PREFIX):
        return None
    level = controller[len(PREFIX):]
    return level if level in LEVELS else None


def automa_nations(game: Game) -> dict[str, str]:
    """Nation -> Automa level for every seat the Automa plays in this game (the game's own
    mapping, worked out once: do not change it)."""
    return game.automa_of


def seat_levels(scenario: Scenario) -> dict[str, str]:
    """Nation -> Automa level for every seat of `scenario` the Automa plays."""
    out = {}
    for seat in scenario.seats:
        level = level_of(seat.controller)
        if level is not None:
            out[seat.nation] = level
    return out


def roster(game: Game, nation: str, units: list[UnitType]) -> list[UnitType]:
    """The Automa's starting units: all but the transport, plus its level's extras."""
    level = automa_nations(game).get(nation)
    if level is None:
        return units
    out = [u for u in units if u.unit_class != "transport"]
    catalog = game.catalog.units
    for type_id in EXTRA_UNITS[level]:
        if type_id == NATION_UNIT:
            own = [u for u in units if u.nations == [nation]]
            out.extend(own[:1])
        elif type_id in catalog:
            out.append(catalog[type_id])
    return out


def fixed_hits(game: Game, shooter: combat.Fighter, target: combat.Fighter) -> int:
    """Hits an Automa unit deals to `target` (its attack value, special values included)."""
    rs = game.ruleset
    recruit = combat.Fighter(shooter.unit_type, 0, 0)
    value = combat.hit_value(rs, recruit, target)
    levels = EXPERIENCE_LEVELS.index(combat.level(rs, shooter.xp))
    if shooter.damage <= FULL_STRENGTH_UP_TO:
        return value + PER_LEVEL[0] * levels
    return (value + 1) // 2 + PER_LEVEL[1] * levels


def fixed_damage(s: State, a: Unit, d: Unit) -> int:
    """Damage an Automa attack of `a` on `d` deals where they stand (capped at what `d` can
    take): the Automa's "can I destroy it" question."""
    fa, fd = s.fighter(a), s.fighter(d)
    hits = fixed_hits(s.game, fa, fd)
    return min(combat.damage_from_hits(fd, hits), combat.damage_room(s.game.ruleset, fd))


def melee_bonus(s: State, a: Unit, extra: int, bonus: str | None) -> tuple[int, str | None]:
    """(bonus dice, bonus) of an attack by `a`: none for the Automa (it gets no pincer or
    encirclement), the engine's otherwise."""
    if a.nation in automa_nations(s.game):
        return 0, None
    return extra, bonus


def roll_for(s: State, a: Unit, d: Unit, fa: combat.Fighter, fd: combat.Fighter,
             roll: Callable[[int], tuple[int, ...]]) -> Callable[[int], tuple[int, ...]]:
    """The combat's `roll`: the Automa's side shows its fixed hits (face 1 hits, 12 misses),
    the other side rolls `roll` (the attacker is asked first, then the defender)."""
    automa = automa_nations(s.game)
    sides = iter(((a, fa, fd), (d, fd, fa)))

    def side_roll(n: int) -> tuple[int, ...]:
        unit, shooter, target = next(sides)
        if unit.nation not in automa:
            return roll(n)
        hits = min(n, fixed_hits(s.game, shooter, target))
        return (1,) * hits + (12,) * (n - hits)

    return side_roll
