"""Area attacks (RULES §6 area pattern, §10 gas mortar): one roll for every hex of the
pattern, friend and foe; gas spares gas-immune units; variants may widen the pattern.

"Greift alle Felder in diesem Muster an. Würfle nur einmal und wende den Wert auf alle Felder
an." (002). The hits are counted once, with the attacker's hit value against the declared
target, and each unit in the pattern takes the damage its own armour column gives for them.
Nobody fires back (combat.returns_fire). The attacker gains the ability's `xp_if_damaged`
once when at least one unit took damage (FAQ: the gas launcher gains 1 XP).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.hexes import Hex, disk, ring
from engine.rules import combat, victory
from engine.rules.abilities import powers
from engine.rules.powers.events import AreaStruck

if TYPE_CHECKING:
    from engine.rules.state import State
    from engine.rules.unit import Unit


def affected_hexes(s: State, attacker: Unit, target_hex: Hex) -> list[Hex]:
    """The board hexes `attacker`'s attack on `target_hex` strikes: its ability's pattern,
    then widened by every switched-on variant that defines `expand_area(state, attacker,
    hexes) -> hexes` (Grabenkampf: gas on a trench hex fills the whole trench)."""
    area = powers(attacker.type).area
    if area is None:
        hexes = [target_hex]
    else:
        shape, radius = area.pattern(), area.radius()
        if shape == "disc":
            hexes = disk(target_hex, radius)
        elif shape == "ring":
            hexes = [target_hex, *(ring(target_hex, radius) if radius else [])]
        else:
            hexes = [target_hex]
    for variant in s.game.variant_objects:
        expand = getattr(variant, "expand_area", None)
        if expand is not None:
            hexes = list(expand(s, attacker, hexes))
    index_of = s.game.board.index_of
    seen: set[Hex] = set()
    out: list[Hex] = []
    for h in hexes:
        if h in index_of and h not in seen:
            seen.add(h)
            out.append(h)
    return out


@dataclass(frozen=True)
class Struck:
    """One unit in the pattern: its combat view and whether gas spares it."""

    unit: Unit
    fighter: combat.Fighter
    immune: bool


def struck_units(s: State, attacker: Unit, target_hex: Hex) -> list[Struck]:
    """The units an area attack on `target_hex` strikes, in pattern order: every unit the
    attacker could target (its kind: ground or air), friend and foe, itself included."""
    board = s.game.board
    gas = powers(attacker.type).gas
    out: list[Struck] = []
    for h in affected_hexes(s, attacker, target_hex):
        u = s.occ.get(board.index_of[h])
        if u is None or not combat.can_target(attacker.type, u.type):
            continue
        out.append(Struck(u, s.fighter(u), gas and powers(u.type).gas_immune))
    return out


def damage_of(s: State, st: Struck, hits: int) -> tuple[int, bool]:
    """(damage taken, destroyed) of a struck unit for `hits` hits."""
    if st.immune:
        return 0, False
    room = combat.damage_room(s.game.ruleset, st.fighter)
    dmg = min(combat.damage_from_hits(st.fighter, hits), room)
    return dmg, room > 0 and dmg == room


def resolve(s: State, a: Unit, d: Unit, fa: combat.Fighter, fd: combat.Fighter, extra: int,
            roll: Callable[[int], tuple[int, ...]]) -> None:
    """Fight `a`'s area attack declared on `d`: roll once, apply the hits to every unit in
    the pattern, log one `AreaStruck`, remove destroyed units and check victory."""
    rs = s.game.ruleset
    area = powers(a.type).area
    assert area is not None
    value = combat.hit_value(rs, fa, fd)
    n = combat.dice_count(rs, fa.damage, extra)
    faces = tuple(roll(n))
    if len(faces) != n or any(not 1 <= f <= combat.DIE_FACES for f in faces):
        raise ValueError(f"roll({n}) for the area attack returned {faces}")
    hits = sum(1 for f in faces if f <= value)
    target_hex = s.game.board.hexes[d.pos]
    struck = struck_units(s, a, target_hex)
    results = [(st, *damage_of(s, st, hits)) for st in struck]
    damaged = any(dmg for _st, dmg, _gone in results)
    xp = area.xp_if_damaged(rs.xp_for_damage) if damaged else 0
    for st, dmg, _gone in results:
        st.unit.damage += dmg
    a.xp += xp
    s.log.append(AreaStruck(
        a.id, (target_hex.q, target_hex.r),
        tuple((h.q, h.r) for h in affected_hexes(s, a, target_hex)), faces, value, hits,
        {st.unit.id: dmg for st, dmg, _gone in results if not st.immune},
        tuple(st.unit.id for st, _dmg, gone in results if gone),
        tuple(st.unit.id for st in struck if st.immune), xp, powers(a.type).gas))
    for st, _dmg, gone in results:
        if gone and st.unit.id in s.units:
            if st.unit.team != a.team:
                victory.on_destroyed(s, a.nation, 1 + len(st.unit.cargo))
            s.remove_unit(st.unit)
    s.check_victory()


@dataclass(frozen=True)
class UnitOdds:
    """Exact odds for one unit in an area attack's pattern."""

    unit: str
    hex: tuple[int, int]
    damage: tuple[float, ...]  # P(k damage), k = 0 .. its remaining life
    expected: float
    p_destroy: float
    immune: bool

    def to_json(self) -> dict[str, object]:
        """Plain JSON data."""
        return {"unit": self.unit, "hex": list(self.hex), "damage": list(self.damage),
                "expected": self.expected, "p_destroy": self.p_destroy, "immune": self.immune}


def unit_odds(s: State, a: Unit, d: Unit, hit_w: tuple[int, ...],
              total: int) -> tuple[UnitOdds, ...]:
    """Per unit in the pattern of `a`'s area attack on `d`, the exact damage distribution,
    given the weights `hit_w` of 0.. hits out of `total` (one roll shared by every hex)."""
    out: list[UnitOdds] = []
    board = s.game.board
    for st in struck_units(s, a, board.hexes[d.pos]):
        room = 0 if st.immune else combat.damage_room(s.game.ruleset, st.fighter)
        weights = [0] * (room + 1)
        for h, w in enumerate(hit_w):
            dmg, _gone = damage_of(s, st, h)
            weights[min(dmg, room)] += w
        dist = tuple(w / total for w in weights)
        h = board.hexes[st.unit.pos]
        out.append(UnitOdds(st.unit.id, (h.q, h.r), dist,
                            sum(k * w for k, w in enumerate(weights)) / total,
                            weights[-1] / total if room else 0.0, st.immune))
    return tuple(out)
