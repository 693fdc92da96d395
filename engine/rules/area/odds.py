"""Exact battle odds of the area game, from the same sums the battle uses (6.1): clients
(play-test, AI) ask here and never recompute them."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.rules.area import battle

if TYPE_CHECKING:
    from engine.rules.area.state import AreaState


@dataclass(frozen=True)
class BattleOdds:
    """Chances that the attacker wins, both lead armies fall, or the defender wins; and
    whether the defender had no real army (the attacker then takes a city at once)."""

    attacker_wins: Fraction
    tie: Fraction
    defender_wins: Fraction
    undefended: bool = False

    def to_json(self) -> dict[str, Any]:
        """Probabilities as floats rounded to 4 places."""
        return {"attacker_wins": round(float(self.attacker_wins), 4), "tie": round(float(
            self.tie), 4), "defender_wins": round(float(self.defender_wins), 4),
            "undefended": self.undefended}


def _odds(s: AreaState, b: dict[str, Any]) -> BattleOdds:
    faces = s.game.ruleset.die_faces
    p = Fraction(1, len(faces) ** 2)
    win = tie = lose = Fraction(0)
    for x in faces:
        for y in faces:
            t = battle.battle_totals(s, b, (x, y))
            if t["att"] > t["dfd"]:
                win += p
            elif t["att"] == t["dfd"]:
                tie += p
            else:
                lose += p
    return BattleOdds(win, tie, lose)


def battle_odds(s: AreaState) -> BattleOdds | None:
    """Odds of the battle under way with the leads and markers chosen so far (a side without
    a chosen lead is assumed to lead with its strongest army); None when no battle runs or
    its result came from a Trench Club battlefield."""
    if not (s.step and "battle" in s.step):
        return None
    b = dict(s.step["battle"])
    if "resolved" in b:  # decided on a Trench Club battlefield: no dice left to roll
        return None
    if not b["dfd"]:
        return BattleOdds(Fraction(1), Fraction(0), Fraction(0), undefended=True)
    leads = dict(b["leads"])
    for side in ("att", "dfd"):
        leads.setdefault(side, _strongest(s, b[side]))
    b["leads"] = leads
    return _odds(s, b)


def declared_odds(s: AreaState, front: int) -> BattleOdds:
    """Odds of declaring a battle in `front` now, before markers: both sides lead with their
    strongest army and play no marker."""
    att, dfd = battle.sides(s, front)
    if not dfd:
        return BattleOdds(Fraction(1), Fraction(0), Fraction(0), undefended=True)
    b = {"att": att, "dfd": dfd, "markers": {},
         "leads": {"att": _strongest(s, att), "dfd": _strongest(s, dfd)}}
    return _odds(s, b)


def _strongest(s: AreaState, armies: list[str]) -> str:
    return max(armies, key=lambda a: (s.game.armies[a].value, a))
