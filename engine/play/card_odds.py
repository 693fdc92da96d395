"""Exact odds of an attack under the dice-free variant (RULES §8; engine.rules.dicefree).

Each side draws one of the ruleset's cards, uniformly; card k shows `card_hits(...)` hits for
that side's hit value and dice count. So a side's hits follow the card table's distribution
(each card weighs 1), not the binomial of the dice, and the odds shown in the plan must come
from the same table the engine draws from. Qt-free.
"""

from __future__ import annotations

from engine.model import Ruleset
from engine.rules.combat import (
    DIE_FACES,
    Fighter,
    as_attacker,
    check_attack,
    damage_room,
    dice_count,
    hit_value,
    returns_fire,
    scatter_neighbour_max,
)
from engine.rules.dicefree import card_table
from engine.rules.odds import Odds, damage_weights


def _hit_weights(table: tuple[int, ...], dice: int) -> tuple[int, ...]:
    """Weights of 0..dice hits when every card of `table` is equally likely."""
    out = [0] * (dice + 1)
    for hits in table:
        out[hits] += 1
    return tuple(out)


def _mix_scatter(weights: list[int], total: int, on: int) -> tuple[list[int], int]:
    # A scattering shot lands on the target with `on` of 12 faces; otherwise no damage.
    if on == DIE_FACES:
        return weights, total
    mixed = [on * w for w in weights]
    mixed[0] += (DIE_FACES - on) * total
    return mixed, DIE_FACES * total


def card_odds(ruleset: Ruleset, attacker: Fighter, defender: Fighter, distance: int,
              bonus_dice: int) -> tuple[Odds, tuple[int, ...], tuple[int, ...]]:
    """(odds, attacker's card table, defender's card table or ()) of one dice-free attack.

    The tables give the hits on card 1..N (lowest first) as `engine.rules.dicefree.card_table`
    computes them; raises `IllegalAttackError` for an attack the rules do not allow."""
    check_attack(ruleset, attacker, defender, distance, bonus_dice)
    def_room, att_room = damage_room(ruleset, defender), damage_room(ruleset, attacker)
    a_dice = dice_count(ruleset, attacker.damage, bonus_dice)
    a_table = card_table(ruleset, hit_value(ruleset, attacker, defender), a_dice)
    a_hits = _hit_weights(a_table, a_dice)
    dealt = damage_weights(defender, a_hits, def_room)
    fires_back = returns_fire(attacker, defender, distance)
    d_table: tuple[int, ...] = ()
    if fires_back:
        d_dice = dice_count(ruleset, defender.damage)
        d_table = card_table(ruleset, hit_value(ruleset, defender, attacker), d_dice)
        d_hits = _hit_weights(d_table, d_dice)
        taken = damage_weights(as_attacker(attacker), d_hits, att_room)
        d_total = len(d_table)
    else:
        d_hits, d_total = (), 1
        taken = [1] + [0] * att_room
    on = DIE_FACES - scatter_neighbour_max(ruleset, attacker)
    dealt_w, dealt_t = _mix_scatter(dealt, len(a_table), on)
    taken_w, taken_t = _mix_scatter(taken, d_total, on)
    result = Odds(
        damage_dealt=tuple(w / dealt_t for w in dealt_w),
        damage_taken=tuple(w / taken_t for w in taken_w),
        expected_dealt=sum(k * w for k, w in enumerate(dealt_w)) / dealt_t,
        expected_taken=sum(k * w for k, w in enumerate(taken_w)) / taken_t,
        p_destroy=dealt_w[-1] / dealt_t if def_room else 0.0,
        p_lose_attacker=taken_w[-1] / taken_t if att_room else 0.0,
        return_fire=fires_back,
        hits_dealt=tuple(w / len(a_table) for w in a_hits),
        hits_taken=tuple(w / d_total for w in d_hits),
        p_on_target=on / DIE_FACES,
    )
    return result, a_table, d_table
