"""Dice as explicit chance outcomes (OpenSpiel style) for the next fight of the combat phase.

`outcomes(s)` lists every outcome of the next declared attack with its exact probability;
`fight_for(s, outcome)` is the forced `fight` that produces it with canonical faces (hits
show 1, misses 12; the scatter die shows the lowest face that lands there), so a search can
branch over outcomes instead of sampling, and the history replays like any other game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.rules import battle, combat
from engine.rules.actions import Fight

if TYPE_CHECKING:
    from engine.rules.state import State, Unit

HIT_FACE = 1
MISS_FACE = combat.DIE_FACES


@dataclass(frozen=True)
class ChanceOutcome:
    """One outcome of a fight: hits of each side and, for a scattering attacker, where the
    shot landed (direction 0..5 from the target; None: on the target or no scatter die).
    A fight that does not happen (attack lost, shot into an empty hex) has 0 and 0 hits."""

    attacker_hits: int
    defender_hits: int
    landing: int | None = None


def is_pending(s: State) -> bool:
    """Whether the next action is a fight: combat phase with a declared attack left."""
    return s.phase == "combat" and s.next_fight < len(s.declarations)


def outcomes(s: State) -> list[tuple[ChanceOutcome, Fraction]]:
    """Every outcome of the next fight with its exact probability (they sum to 1); empty
    when the next action is no fight, or under the dice-free variant (cards, not dice)."""
    if not is_pending(s) or s.game.draws_cards:
        return []
    pair = battle.pending(s)
    if pair is None:
        return [(ChanceOutcome(0, 0), Fraction(1))]
    a, d = pair
    if not battle.scatters(s, a):
        return _combat(s, a, d, None, Fraction(1))
    out: list[tuple[ChanceOutcome, Fraction]] = []
    for direction, (_face, count, hit) in _landings(s, a, d).items():
        out.extend(_combat(s, a, hit, direction, Fraction(count, combat.DIE_FACES)))
    return out


def _landings(s: State, a: Unit, d: Unit) -> dict[int | None, tuple[int, int, Unit | None]]:
    """Landing → (lowest scatter face landing there, how many faces do, unit hit)."""
    found: dict[int | None, tuple[int, int, Unit | None]] = {}
    for face in range(1, combat.DIE_FACES + 1):
        direction, hit = battle.landing(s, a, d, face)
        first, count, _ = found.get(direction, (face, 0, hit))
        found[direction] = (first, count + 1, hit)
    return found


def _combat(s: State, a: Unit, d: Unit | None, landing: int | None,
            p: Fraction) -> list[tuple[ChanceOutcome, Fraction]]:
    e = battle.engage(s, a, d) if d is not None else "no one there"
    if isinstance(e, str):
        return [(ChanceOutcome(0, 0, landing), p)]
    rs = s.game.ruleset
    a_n, d_n = e.dice(s)
    a_w = combat.hit_weights(a_n, combat.hit_value(rs, e.fa, e.fd))
    d_w = combat.hit_weights(d_n, combat.hit_value(rs, e.fd, e.fa)) if d_n else (1,)
    total = combat.DIE_FACES ** (a_n + d_n)
    return [(ChanceOutcome(i, j, landing), p * Fraction(wa * wd, total))
            for i, wa in enumerate(a_w) for j, wd in enumerate(d_w) if wa * wd]


def fight_for(s: State, outcome: ChanceOutcome) -> Fight:
    """The forced fight that produces `outcome` with canonical faces; ValueError when it is
    not one of `outcomes(s)`."""
    if outcome not in dict(outcomes(s)):
        raise ValueError(f"{outcome} is not a possible outcome of the next fight "
                         "(hint: pick one from chance_outcomes())")
    pair = battle.pending(s)
    scatter = None
    if pair is not None and battle.scatters(s, pair[0]):
        scatter = _landings(s, *pair)[outcome.landing][0]
    a_n, d_n, _why = battle.forced_dice(s, scatter)
    return Fight(_faces(outcome.attacker_hits, a_n), _faces(outcome.defender_hits, d_n),
                 scatter)


def _faces(hits: int, dice: int) -> tuple[int, ...]:
    return (HIT_FACE,) * hits + (MISS_FACE,) * (dice - hits)
