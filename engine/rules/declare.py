"""Listing the attacks the player to act may declare (RULES §5.3): every pair
`battle.attack_problem` lets through, found fast because the random players list them after
every declaration."""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING

from engine.rules import combat, memo, trenches
from engine.rules.abilities import powers
from engine.rules.actions import Action, Attack
from engine.rules.powers import turret

if TYPE_CHECKING:
    from engine.model import UnitType
    from engine.rules.game import Game
    from engine.rules.state import State, Unit


def _unit_id(u: Unit) -> str:
    return u.id


def attack_actions(s: State) -> list[Action]:
    """Every attack the player to act may declare now (attacker in unit order, then targets
    in id order): each pair `attack_problem` lets through."""
    reach = memo.recall(s, DECLARABLE)
    if reach is None:
        reach = _declarable(s)
        memo.remember(s, DECLARABLE, reach, (Attack,))
    # Asked for every attacker: army_allowed depends only on the unit's army.
    armies: dict[int | None, bool] = {}
    out: list[Action] = []
    for a, attacks in reach:
        if a.attacked:
            continue
        allowed = armies.get(a.army)
        if allowed is None:
            allowed = armies[a.army] = s.army_allowed(a)
        if allowed:
            out.extend(attacks)
    return out


# The memo kind of `_declarable`'s answer: declaring an attack leaves it true (only
# `attacked`, `armies_moved` and the declarations change, and `attack_actions` reads those
# afresh).
DECLARABLE = "declarable"


def _declarable(s: State) -> list[tuple[Unit, list[Attack]]]:
    """The own units that could attack from where they stand, in unit order, each with its
    attacks in target id order, before `attacked` and the first-round army allowance."""
    nation = s.nation
    game = s.game
    board = game.board
    hexes = board.hexes
    water = board.water
    plain = game.trenches is None  # no long hexes: the distance is hex to hex
    occ = s.occ
    neighbours = board.neighbours
    team = game.team_of[nation]
    kinds, hits = _type_facts(game)
    # Built when the first attacker needs them: the board indices of the enemies (most
    # melee attackers have none next to them, one set test says so), and (enemy, q, r) for
    # the hex distance inlined below, which runs for every pair of a ranged attacker
    foes: set[int] | None = None
    placed: list[tuple[Unit, int, int]] | None = None
    found: list[tuple[Unit, list[Attack]]] = []
    for a in s.units.values():
        if a.nation != nation:
            continue
        utype = a.type
        kind = kinds.get(id(utype), _UNLISTED)
        if kind is _UNLISTED:  # a type from outside the game's catalog
            kind = _kind_of(utype)
        if kind is None:  # no targets
            continue
        nearest, farthest, water_unit = kind
        pos = a.pos
        if pos < 0:
            if not turret.fires_from_fort(a):
                continue
        # s.is_on_water(a), inlined
        elif water[pos] == 1 and a.mclass == "foot" and not water_unit:
            continue
        if plain and pos >= 0 and nearest == 1 and farthest == 1:
            # a melee-only attacker on its hex: only the enemies next to it
            if foes is None:
                foes = {i for i, e in occ.items() if e.team != team}
            around = neighbours[pos]
            if foes.isdisjoint(around):
                continue
            in_range = [occ[n] for n in around if n in foes]
        else:
            if placed is None:
                placed = [(e, hexes[e.pos].q, hexes[e.pos].r) for e in occ.values()
                          if e.team != team]
            if plain and pos >= 0:
                here = hexes[pos]
                hq, hr = here.q, here.r
                low = nearest - 1
                # the hex distance is max(|dq|, |dr|, |dq + dr|): at most `farthest` and not
                # at most `low`, tested by chained comparisons (no function calls per pair)
                in_range = [d for d, q, r in placed
                            if -farthest <= (dq := hq - q) <= farthest
                            and -farthest <= (dr := hr - r) <= farthest
                            and -farthest <= dq + dr <= farthest
                            and not (-low <= dq <= low and -low <= dr <= low
                                     and -low <= dq + dr <= low)]
            else:
                in_range = []
                for d, _q, _r in placed:
                    src = pos if pos >= 0 else turret.origin(s, a, d.pos)
                    dist = (trenches.attack_distance(s, a, d, src) if not plain
                            else hexes[src].distance(hexes[d.pos]))
                    if nearest <= dist <= farthest:
                        in_range.append(d)
        if not in_range:
            continue
        if len(in_range) > 1:
            in_range.sort(key=_unit_id)
        attacks: list[Attack] = []
        for d in in_range:
            key = (id(utype), id(d.type))
            hit = hits.get(key)
            if hit is None:
                hit = combat.can_target(utype, d.type)
                if id(d.type) in kinds and id(utype) in kinds:  # both of the catalog
                    hits[key] = hit
            if hit:
                attacks.append(Attack(a.id, d.id))
        if attacks:
            found.append((a, attacks))
    return found


# Per game, what `_declarable` asks about the unit types of its catalog (their cards do not
# change during a game): for each type id its `_kind_of`, and can_target per (attacker type
# id, defender type id), filled as pairs come up.
Kind = tuple[int, float, bool] | None
TypeFacts = tuple[dict[int, Kind], dict[tuple[int, int], bool]]
_TYPE_FACTS: weakref.WeakKeyDictionary[Game, TypeFacts] = weakref.WeakKeyDictionary()
_UNLISTED = (0, 0.0, False)  # a marker: the type is not in the game's catalog


def _kind_of(t: UnitType) -> Kind:
    """None for a type without targets, else (nearest and farthest attack distance, whether
    the on-water restriction spares it)."""
    if not t.targets:
        return None
    return (max(1, t.range_min),
            math.inf if t.range_max is None or powers(t).unlimited_range else t.range_max,
            combat.is_water_unit(t))


def _type_facts(game: Game) -> TypeFacts:
    found = _TYPE_FACTS.get(game)
    if found is None:
        kinds = {id(t): _kind_of(t) for t in game.catalog.units.values()}
        found = _TYPE_FACTS[game] = (kinds, {})
    return found
