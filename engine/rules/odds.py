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
    damage_room,
    dice_count,
    hit_value,
    returns_fire,
    scatter_neighbour_max,
)


@dataclass(frozen=True)
class Odds:
    """Probability distributions of one attack's outcome.

    `damage_dealt[k]` is P(defender takes k damage) for k = 0 .. its remaining life
    (destroyed_at_damage − damage, 0 for an indestructible unit; damage beyond that is
    capped), `damage_taken` likewise for the attacker (all mass on 0 when the defender does
    not fire back). For a scattering attacker (Big Bertha) the distributions include the
    chance `p_on_target` that the shot lands on the declared target at all; `hits_dealt` and
    `hits_taken` are the dice alone.
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
    p_on_target: float = 1.0


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


def _scatter(weights: list[int], total: int, on: int) -> tuple[list[int], int]:
    """Mix in the shot missing the target (on of 12 faces land on it): no damage then."""
    if on == DIE_FACES:
        return weights, total
    mixed = [on * w for w in weights]
    mixed[0] += (DIE_FACES - on) * total
    return mixed, DIE_FACES * total


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
    def_room, att_room = damage_room(ruleset, defender), damage_room(ruleset, attacker)

    a_dice = dice_count(ruleset, attacker.damage, bonus_dice)
    a_hits = hit_weights(a_dice, hit_value(ruleset, attacker, defender))
    a_total = DIE_FACES**a_dice
    dealt = damage_weights(defender, a_hits, def_room)

    fires_back = returns_fire(attacker, defender, distance)
    if fires_back:
        d_dice = dice_count(ruleset, defender.damage)
        d_hits: tuple[int, ...] = hit_weights(d_dice, hit_value(ruleset, defender, attacker))
        d_total = DIE_FACES**d_dice
        taken = damage_weights(as_attacker(attacker), d_hits, att_room)
    else:
        d_hits, d_total = (), 1
        taken = [1] + [0] * att_room

    on = DIE_FACES - scatter_neighbour_max(ruleset, attacker)
    dealt_w, dealt_total = _scatter(dealt, a_total, on)
    taken_w, taken_total = _scatter(taken, d_total, on)
    return Odds(
        damage_dealt=_as_floats(dealt_w, dealt_total),
        damage_taken=_as_floats(taken_w, taken_total),
        expected_dealt=_expected(dealt_w, dealt_total),
        expected_taken=_expected(taken_w, taken_total),
        p_destroy=dealt_w[-1] / dealt_total if def_room else 0.0,
        p_lose_attacker=taken_w[-1] / taken_total if att_room else 0.0,
        return_fire=fires_back,
        hits_dealt=_as_floats(a_hits, a_total),
        hits_taken=_as_floats(d_hits, d_total),
        p_on_target=on / DIE_FACES,
    )
