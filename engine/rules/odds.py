"""Exact odds of a declared attack (RULES §5.4), computed, never sampled.

Each die hits independently with chance min(hit value, 12)/12, so a side's hits follow a
binomial distribution. The arithmetic is done on integers: with n dice and hit value a, the
number of face tuples giving h hits is C(n, h)·a^h·(12−a)^(n−h) out of 12^n, so every
probability is one exact integer division at the end. Attacker and defender roll at the same
time, so damage dealt and damage taken are independent distributions.

Under the dice-free variant (RULES §8, engine.rules.dicefree) each side draws one card of the
ruleset's card table instead, every card weighing 1, so the hit weights come from that table.
`attack_odds` is the one entry point for a declared attack in a game: it works out distance,
pincer/encirclement and the variant's way of drawing hits from the state, so the CLI and the
play-test ask the same question and get the same answer.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.i18n import _, rule_word
from engine.model import Ruleset
from engine.rules import trench_fire, trenches
from engine.rules.abilities import powers
from engine.rules.combat import (
    DIE_FACES,
    Fighter,
    IllegalAttackError,
    armour_column,
    as_attacker,
    check_attack,
    damage_room,
    dice_count,
    hit_value,
    hit_weights,
    melee_bonus,
    returns_fire,
    scatter_neighbour_max,
)
from engine.rules.dicefree import card_table
from engine.rules.powers import area as area_rules
from engine.rules.powers import turret

if TYPE_CHECKING:
    from engine.rules.state import State

__all__ = ["AttackOdds", "Odds", "attack_odds", "card_odds", "hit_distribution", "hit_weights",
           "odds"]


@dataclass(frozen=True)
class Odds:
    """Probability distributions of one attack's outcome.

    `damage_dealt[k]` is P(defender takes k damage) for k = 0 .. its remaining life
    (destroyed_at_damage − damage, 0 for an indestructible unit; damage beyond that is
    capped), `damage_taken` likewise for the attacker (all mass on 0 when the defender does
    not fire back; under Grabenkampf it adds the return fire of every other foot soldier in
    the attacked trench, each rolling on its own). For a scattering attacker (Big Bertha)
    the distributions include the chance `p_on_target` that the shot lands on the declared
    target at all; `hits_dealt` and `hits_taken` are the dice alone (the defender's own).
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


def hit_distribution(dice: int, value: int) -> tuple[Fraction, ...]:
    """Exact P(h hits), h = 0..dice, for `dice` d12 hitting on faces <= `value`."""
    total = DIE_FACES**dice
    return tuple(Fraction(w, total) for w in hit_weights(dice, value))


def damage_weights(target: Fighter, hit_w: tuple[int, ...], remaining: int) -> list[int]:
    """Integer weights of 0..remaining damage to `target` given the weights of its hits."""
    # damage_from_hits for every hit count at once: the thresholds reached by `hits` are
    # the sorted column's entries up to bisect_right (the odds are asked in every play-out)
    column = sorted(armour_column(target))
    out = [0] * (remaining + 1)
    for hits, w in enumerate(hit_w):
        if w:
            out[min(bisect_right(column, hits), remaining)] += w
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


def _card_weights(table: tuple[int, ...], dice: int) -> tuple[int, ...]:
    """Weights of 0..dice hits when every card of `table` is equally likely."""
    out = [0] * (dice + 1)
    for hits in table:
        out[hits] += 1
    return tuple(out)


CardTable = Callable[[Ruleset, int, int], tuple[int, ...]]  # (ruleset, hit value, dice)


def _side(
    ruleset: Ruleset, shooter: Fighter, target: Fighter, dice: int, cards: CardTable | None
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """(hit weights, their total, card table or ()) of one side's dice or card draw."""
    value = hit_value(ruleset, shooter, target)
    if cards is not None:
        table = cards(ruleset, value, dice)
        return _card_weights(table, dice), len(table), table
    return hit_weights(dice, value), DIE_FACES**dice, ()


def _convolve(a: list[int], b: list[int], cap: int) -> list[int]:
    """Weights of the capped sum of two independent damages given their weights."""
    out = [0] * (cap + 1)
    for i, wa in enumerate(a):
        if wa:
            for j, wb in enumerate(b):
                out[min(i + j, cap)] += wa * wb
    return out


Comrades = tuple[tuple[Fighter, CardTable | None], ...]  # trench comrades, their card draw


def _odds(
    ruleset: Ruleset, attacker: Fighter, defender: Fighter, distance: int, bonus_dice: int,
    cards: CardTable | None, return_cards: CardTable | None, comrades: Comrades = (),
) -> tuple[Odds, tuple[int, ...], tuple[int, ...]]:
    check_attack(ruleset, attacker, defender, distance, bonus_dice)
    def_room, att_room = damage_room(ruleset, defender), damage_room(ruleset, attacker)

    a_dice = dice_count(ruleset, attacker.damage, bonus_dice)
    a_hits, a_total, a_table = _side(ruleset, attacker, defender, a_dice, cards)
    dealt = damage_weights(defender, a_hits, def_room)

    fires_back = returns_fire(attacker, defender, distance)
    d_table: tuple[int, ...] = ()
    if fires_back:
        d_dice = dice_count(ruleset, defender.damage)
        d_hits, d_total, d_table = _side(ruleset, defender, attacker, d_dice, return_cards)
        taken = damage_weights(as_attacker(attacker), d_hits, att_room)
    else:
        d_hits, d_total = (), 1
        taken = [1] + [0] * att_room
    # Grabenkampf: the other foot soldiers in the trench fire back, each with its own roll.
    d_alone = d_total
    for comrade, table in comrades:
        c_dice = dice_count(ruleset, comrade.damage)
        c_hits, c_total, _t = _side(ruleset, comrade, attacker, c_dice, table)
        taken = _convolve(taken, damage_weights(as_attacker(attacker), c_hits, att_room),
                          att_room)
        d_total *= c_total
        fires_back = True

    on = DIE_FACES - scatter_neighbour_max(ruleset, attacker)
    dealt_w, dealt_total = _scatter(dealt, a_total, on)
    taken_w, taken_total = _scatter(taken, d_total, on)
    result = Odds(
        damage_dealt=_as_floats(dealt_w, dealt_total),
        damage_taken=_as_floats(taken_w, taken_total),
        expected_dealt=_expected(dealt_w, dealt_total),
        expected_taken=_expected(taken_w, taken_total),
        p_destroy=dealt_w[-1] / dealt_total if def_room else 0.0,
        p_lose_attacker=taken_w[-1] / taken_total if att_room else 0.0,
        return_fire=fires_back,
        hits_dealt=_as_floats(a_hits, a_total),
        hits_taken=_as_floats(d_hits, d_alone),
        p_on_target=on / DIE_FACES,
    )
    return result, a_table, d_table


def odds(
    ruleset: Ruleset, attacker: Fighter, defender: Fighter, distance: int, bonus_dice: int
) -> Odds:
    """Exact damage distributions, expectations and destruction chances of a dice attack.

    Same inputs as `combat.resolve` without the dice; raises `IllegalAttackError` for an
    attack the rules do not allow. p_destroy = P(defender damage + dealt >= destroyed_at).
    For an attack in a game use `attack_odds`, which also honours the game's variants.
    """
    return _odds(ruleset, attacker, defender, distance, bonus_dice, None, None)[0]


def card_odds(
    ruleset: Ruleset, attacker: Fighter, defender: Fighter, distance: int, bonus_dice: int
) -> tuple[Odds, tuple[int, ...], tuple[int, ...]]:
    """(odds, attacker's card table, defender's card table or ()) of one dice-free attack.

    The tables give the hits on card 1..N (lowest first) as `engine.rules.dicefree.card_table`
    computes them; raises `IllegalAttackError` for an attack the rules do not allow."""
    return _odds(ruleset, attacker, defender, distance, bonus_dice, card_table, card_table)


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of one attack in a game position, with the facts that decide them."""

    attacker: str
    defender: str
    distance: int
    bonus: str | None  # None | "pincer" | "encirclement"
    bonus_dice: int
    odds: Odds
    cards_dealt: tuple[int, ...] = ()  # dice-free: hits on the attacker's card 1..N
    cards_taken: tuple[int, ...] = ()  # dice-free: hits on the defender's card 1..N
    draw: str = "dice"  # "dice", "cards" (dice-free) or "mixed" (dice-free per player)
    # An area attack (RULES §6): every unit in the pattern, friend and foe, with its odds
    # from the one shared roll; empty for an ordinary attack.
    area: tuple[area_rules.UnitOdds, ...] = ()
    # Grabenkampf: the other foot soldiers in the trench who fire back too (in `odds`).
    trench_fire: tuple[str, ...] = ()

    def text(self) -> str:
        """One line: expected damage both ways, destruction chance, bonus and return fire."""
        o = self.odds
        parts = [_("range {distance}", distance=self.distance),
                 _("dealt {dealt:.2f}", dealt=o.expected_dealt),
                 _("destroy {p:.0%}", p=o.p_destroy)]
        if o.return_fire:
            also = (_(", +{n} from the trench", n=len(self.trench_fire)) if self.trench_fire
                    else "")
            parts.append(_("taken {taken:.2f} (return fire{also})", taken=o.expected_taken,
                           also=also))
            if o.p_lose_attacker:
                parts.append(_("lose attacker {p:.0%}", p=o.p_lose_attacker))
        else:
            parts.append(_("no return fire"))
        if self.bonus:
            parts.append(_("{bonus} +{n} dice", bonus=rule_word(self.bonus), n=self.bonus_dice))
        if self.area:
            parts.append(_("area: {units}", units=" ".join(
                f"{u.unit} {_('immune') if u.immune else f'{u.expected:.2f}'}"
                for u in self.area)))
        if o.p_on_target < 1:
            parts.append(_("on target {p:.0%}", p=o.p_on_target))
        if self.cards_dealt:
            parts.append(_("cards 1-{n}: hits {hits}", n=len(self.cards_dealt),
                           hits=" ".join(map(str, self.cards_dealt))))
            if self.cards_taken:
                parts.append(_("return cards: hits {hits}",
                               hits=" ".join(map(str, self.cards_taken))))
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data of these odds (the `tcstudio rules odds` output)."""
        o = self.odds
        return {
            "attacker": self.attacker, "defender": self.defender, "distance": self.distance,
            "bonus": self.bonus, "bonus_dice": self.bonus_dice, "draw": self.draw,
            "return_fire": o.return_fire,
            "damage_dealt": list(o.damage_dealt), "damage_taken": list(o.damage_taken),
            "expected_dealt": o.expected_dealt, "expected_taken": o.expected_taken,
            "p_destroy": o.p_destroy, "p_lose_attacker": o.p_lose_attacker,
            "p_on_target": o.p_on_target,
            "cards_dealt": list(self.cards_dealt), "cards_taken": list(self.cards_taken),
            "area": [u.to_json() for u in self.area],
            "trench_fire": list(self.trench_fire),
        }


def attack_odds(s: State, attacker: str, defender: str) -> AttackOdds:
    """Exact odds of unit `attacker` attacking unit `defender` where they stand in `s`.

    Honours every variant and ability of the game: pincer/encirclement dice, scatter, the
    dice-free card draw, trench armour. Whose turn or phase it is does not matter (this is
    the planning question). Raises `IllegalAttackError` saying why for an attack the rules do
    not allow (unknown unit, not on the board, not an enemy, out of range, …).
    """
    a, d = s.units.get(attacker), s.units.get(defender)
    for uid, u in ((attacker, a), (defender, d)):
        if u is None:
            raise IllegalAttackError(f"no unit {uid!r} in this game")
    assert a is not None and d is not None
    src = turret.origin(s, a, d.pos)
    if src < 0 or d.pos < 0:
        raise IllegalAttackError("both units must stand on the board (not in a fort or "
                                 "transport)")
    if a.team == d.team:
        raise IllegalAttackError(f"{d.id} is not an enemy of {a.id}")
    game = s.game
    rs = game.ruleset
    dist = trenches.attack_distance(s, a, d, src)
    bonus, extra = None, 0
    if dist == 1:
        bonus, extra = melee_bonus(rs, *s.melee_support(a, d))
    variant = game.card_variant
    # A per-player dice-free variant lets one side draw cards while the other rolls dice.
    a_table = variant.card_table if variant and variant.draws_for(a.nation) else None
    d_table = variant.card_table if variant and variant.draws_for(d.nation) else None
    fa, fd = s.fighter(a), s.fighter(d)
    shooters = trench_fire.comrades(s, a, fa, d, dist)
    comrades = tuple((c.fighter, variant.card_table if variant and variant.draws_for(
        c.unit.nation) else None) for c in shooters)
    result, dealt, taken = _odds(rs, fa, fd, dist, extra, a_table, d_table, comrades)
    draw = "dice" if a_table is None and d_table is None else (
        "cards" if a_table is not None and d_table is not None else "mixed")
    spread: tuple[area_rules.UnitOdds, ...] = ()
    if powers(a.type).area is not None:
        hit_w, total, _table = _side(rs, fa, fd, dice_count(rs, fa.damage, extra), a_table)
        spread = area_rules.unit_odds(s, a, d, hit_w, total)
    return AttackOdds(a.id, d.id, dist, bonus, extra, result, dealt, taken, draw, spread,
                      tuple(c.unit.id for c in shooters))
