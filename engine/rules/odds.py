"""Exact odds of a declared attack (RULES §5.4), computed, never sampled.

Each die hits independently with chance min(hit value, 12)/12, so a side's hits follow a
binomial distribution. The arithmetic is done on integers: with n dice and hit value a, the
number of face tuples giving h hits is C(n, h)·a^h·(12−a)^(n−h) out of 12^n, so every
probability is one exact integer division at the end. Attacker and defender roll at the same
time, so damage dealt and damage taken are independent distributions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from engine.model import Ruleset
from engine.rules.combat import (
    DIE_FACES,
    Fighter,
    as_attacker,
    check_attack,
    damage_from_hits,
    dice_count,
    hit_value,
    returns_fire,
)


@dataclass(frozen=True)
class Odds:
    """Probability distributions of one attack's outcome.

    `damage_dealt[k]` is P(defender takes k damage) for k = 0 .. its remaining life
    (destroyed_at_damage − damage; damage beyond that is capped), `damage_taken` likewise for
    the attacker (all mass on 0 when the defender does not fire back).
    """

    damage_dealt: tuple[float, ...]
    damage_taken: tuple[float, ...]
    expected_dealt: float
    expected_taken: float
    p_destroy: float
    p_lose_attacker: float
    return_fire: bool = False
    hits_dealt: tuple[float, ...] = ()  # P(attacker scores h hits), h = 0 .. its dice
    hits_taken: tuple[float, ...] = ()  # P(defender scores h hits); () without return fire


def hit_weights(dice: int, value: int) -> tuple[int, ...]:
    """Integer weights of 0..dice hits; each is the number of face tuples (of 12^dice)."""
    if dice < 0:
        raise ValueError(f"dice must not be negative, got {dice}")
    a = max(0, min(value, DIE_FACES))
    b = DIE_FACES - a
    return tuple(comb(dice, h) * a**h * b ** (dice - h) for h in range(dice + 1))


def hit_distribution(dice: int, value: int) -> tuple[Fraction, ...]:
    """Exact P(h hits), h = 0..dice, for `dice` d12 hitting on faces <= `value`."""
    total = DIE_FACES**dice
    return tuple(Fraction(w, total) for w in hit_weights(dice, value))


def damage_weights(target: Fighter, hit_w: tuple[int, ...], remaining: int) -> list[int]:
    """Integer weights of 0..remaining damage to `target` given the weights of its hits."""
    out = [0] * (remaining + 1)
    for hits, w in enumerate(hit_w):
        out[min(damage_from_hits(target, hits), remaining)] += w
    return out


def _as_floats(weights: list[int] | tuple[int, ...], total: int) -> tuple[float, ...]:
    return tuple(w / total for w in weights)


def _expected(weights: list[int], total: int) -> float:
    return sum(k * w for k, w in enumerate(weights)) / total


def odds(
    ruleset: Ruleset, attacker: Fighter, defender: Fighter, distance: int, bonus_dice: int
) -> Odds:
    """Exact damage distributions, expectations and destruction chances of an attack.

    Same inputs as `combat.resolve` without the dice; raises `IllegalAttackError` for an
    attack the rules do not allow. p_destroy = P(defender damage + dealt >= destroyed_at).
    """
    check_attack(ruleset, attacker, defender, distance, bonus_dice)
    limit = ruleset.destroyed_at_damage

    a_dice = dice_count(ruleset, attacker.damage, bonus_dice)
    a_hits = hit_weights(a_dice, hit_value(ruleset, attacker, defender))
    a_total = DIE_FACES**a_dice
    dealt = damage_weights(defender, a_hits, limit - defender.damage)

    fires_back = returns_fire(attacker, defender, distance)
    if fires_back:
        d_dice = dice_count(ruleset, defender.damage)
        d_hits: tuple[int, ...] = hit_weights(d_dice, hit_value(ruleset, defender, attacker))
        d_total = DIE_FACES**d_dice
        taken = damage_weights(as_attacker(attacker), d_hits, limit - attacker.damage)
    else:
        d_hits, d_total = (), 1
        taken = [1] + [0] * (limit - attacker.damage)

    return Odds(
        damage_dealt=_as_floats(dealt, a_total),
        damage_taken=_as_floats(taken, d_total),
        expected_dealt=_expected(dealt, a_total),
        expected_taken=_expected(taken, d_total),
        p_destroy=dealt[-1] / a_total,
        p_lose_attacker=taken[-1] / d_total,
        return_fire=fires_back,
        hits_dealt=_as_floats(a_hits, a_total),
        hits_taken=_as_floats(d_hits, d_total),
    )
