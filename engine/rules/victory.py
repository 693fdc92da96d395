"""The victory-points variant (RULES §11.2): headquarters, points and the point targets.

Every hook is a no-op unless the game has the `victory_points` variant switched on. The
numbers (targets, points per event, money per point) are the variant's parameters in the
ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.events import VictoryPointsScored

if TYPE_CHECKING:
    from engine.rules.state import State, Unit

VARIANT = "victory_points"
# Units that cannot take a headquarters (RULES §11.2): by class, and by catalog id.
_NO_HQ_CLASSES = ("transport", "air")
_NO_HQ_TYPES = ("anti_aircraft", "medic", "minelayer")


def enabled(s: State) -> bool:
    """Whether the game plays with victory points."""
    return s.game.victory_points


def _param(s: State, name: str, default: int) -> int:
    value = s.game.variant_param(VARIANT, name)
    return default if value is None else int(value)


def _score(s: State, nation: str, points: int, why: str) -> None:
    if points <= 0:
        return
    s.vp[nation] = s.vp.get(nation, 0) + points
    s.log.append(VictoryPointsScored(nation, points, why))


def can_take_hq(u: Unit) -> bool:
    """Whether a unit entering an enemy headquarters hex captures it."""
    return u.type.unit_class not in _NO_HQ_CLASSES and u.type.id not in _NO_HQ_TYPES


def on_arrive(s: State, u: Unit) -> None:
    """A unit ended a move (or was unloaded) on a hex: enemy headquarters captured?"""
    if not enabled(s) or u.pos < 0 or not can_take_hq(u):
        return
    for nation, number in s.hq.items():
        if (nation not in s.hq_taken and s.game.team_of[nation] != u.team
                and s.game.start_numbers.get(number) == u.pos):
            s.hq_taken.append(nation)
            _score(s, u.nation, _param(s, "hq_capture", 3), f"headquarters of {nation}")


def on_capture(s: State, u: Unit, previous_owner: str, removed: int) -> None:
    """A fort was captured from a neutral or enemy owner; `removed` defenders went with it."""
    if not enabled(s):
        return
    _score(s, u.nation, _param(s, "per_fort_captured", 1), "fort captured")
    on_destroyed(s, u.nation, removed)


def on_destroyed(s: State, by_nation: str, count: int) -> None:
    """`count` enemy units were destroyed (or removed in a captured fort) by `by_nation`."""
    if enabled(s):
        _score(s, by_nation, count * _param(s, "per_unit_destroyed", 1), "units destroyed")


def on_bank(s: State, nation: str, amount: int) -> None:
    """`nation` paid `amount` to the bank (purchases, repairs, gift fees)."""
    if not enabled(s) or amount <= 0:
        return
    per = max(1, _param(s, "money_per_point", 60))
    before = s.bank_paid.get(nation, 0)
    s.bank_paid[nation] = before + amount
    points = (before + amount) // per - before // per
    if points:
        _score(s, nation, points, "money paid to the bank")
        s.check_victory()


def winner(s: State) -> str | None:
    """The team that reached a point target, or None."""
    if not enabled(s):
        return None
    player_target = _param(s, "player_target", 10)
    team_target = _param(s, "team_target", 15)
    totals: dict[str, int] = {}
    for nation, points in s.vp.items():
        team = s.game.team_of[nation]
        totals[team] = totals.get(team, 0) + points
        if points >= player_target:
            return team
    for team in sorted(totals):
        if totals[team] >= team_target:
            return team
    return None
