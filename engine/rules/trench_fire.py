"""Grabenkampf: every foot soldier in the attacked trench fires back (RULES §11.1).

002/003 "Graben verteidigen": "Unabhängig davon, wer angegriffen wird, schießen alle
Fußsoldaten (im Nahkampf) zurück." The example: "In jedem Fall würden immer beide
Infanteristen zurückschießen" — a British and a French infantry, allies sharing one trench.

So in a melee attack on a foot soldier in a trench, besides the defender's own return fire,
every other foot soldier of the defending team in that trench (the trench is one long hex, so
each is in melee with the attacker) fires back with its own dice and hit value, if it could
attack the attacker in melee itself (RULES §5.4 step 2). These *comrades* fire in the order
of their unit ids, after the defender.

Where the texts are silent (see docs/abilities.md): each comrade's hits are read against the
attacker's armour on their own — every unit rolls its own dice, as in a 1-vs-1 combat — and
the attacker's damage from all return fire together is capped at what it can take; a comrade
that damaged the attacker gains XP as a defender that fires back does. All sides roll at the
same time, so every comrade rolls even when an earlier shot destroyed the attacker (it then
deals nothing).

Forced fights list a comrade's faces after the defender's (`fight A/D+C1+C2` is written as
one comma list of D's then each comrade's faces); dice-free fights give each comrade's card
after the defender's (`fight c3/c7,c2`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rules import combat, trenches, victory
from engine.rules.abilities import powers
from engine.rules.events import TrenchReturnFire

if TYPE_CHECKING:
    from engine.rules.state import State
    from engine.rules.unit import Unit


@dataclass(frozen=True)
class Comrade:
    """A foot soldier in the defender's trench that fires back: its dice and hit value."""

    unit: Unit
    fighter: combat.Fighter
    dice: int
    hit_value: int


def comrades(s: State, attacker: Unit, fa: combat.Fighter, defender: Unit,
             distance: int) -> tuple[Comrade, ...]:
    """The other foot soldiers in `defender`'s trench that fire back at `attacker` in this
    combat, by unit id; () without Grabenkampf, at range, for an area attack, or when the
    defender is not a foot soldier in a trench."""
    if s.game.trenches is None or distance != 1 or powers(attacker.type).area is not None:
        return ()
    cells = trenches.defended_hexes(s, defender)
    if len(cells) < 2:
        return ()
    rs = s.game.ruleset
    out: list[Comrade] = []
    for i in cells:
        u = s.occ.get(i)
        if (u is None or u is defender or u.team != defender.team
                or not trenches.occupies(u)):
            continue
        fu = s.fighter(u)
        if not combat.returns_fire(fa, fu, 1):
            continue
        out.append(Comrade(u, fu, combat.dice_count(rs, u.damage),
                           combat.hit_value(rs, fu, fa)))
    out.sort(key=lambda c: c.unit.id)
    return tuple(out)


def damage_to(fa: combat.Fighter, hits: int, room: int) -> int:
    """Damage one comrade's `hits` deal to the attacker (open column), capped at `room`."""
    return min(combat.damage_from_hits(combat.as_attacker(fa), hits), room)


def representative_hits(fa: combat.Fighter, hits: int, room: int) -> int:
    """The fewest hits dealing the same damage to the attacker as `hits`: chance outcomes
    group a comrade's rolls by the damage they deal (the state after the fight is the same)."""
    dmg = damage_to(fa, hits, room)
    return next(h for h in range(hits + 1) if damage_to(fa, h, room) == dmg)


def fire(s: State, attacker: Unit, fa: combat.Fighter, shooters: tuple[Comrade, ...],
         taken: int, roll: Callable[[Comrade], tuple[int, ...]]) -> bool:
    """Let `shooters` fire back at `attacker`, which already took `taken` damage in this
    combat (the damage is not yet added): each rolls with `roll(comrade)`, deals damage from
    its own hits, gains XP; logs one `TrenchReturnFire` each. Returns whether the return fire
    of the comrades destroyed the attacker (the caller removes it)."""
    rs = s.game.ruleset
    room = combat.damage_room(rs, fa)
    left = room - taken
    destroyed = False
    for c in shooters:
        faces = roll(c)
        if len(faces) != c.dice or any(not 1 <= f <= combat.DIE_FACES for f in faces):
            raise ValueError(f"roll for {c.unit.id} returned {faces}: need {c.dice} faces")
        hits = combat.count_hits(faces, c.hit_value)
        dmg = damage_to(fa, hits, left) if left > 0 else 0
        left -= dmg
        kills = room > 0 and dmg > 0 and left == 0
        xp = (rs.xp_for_destroy if kills else rs.xp_for_damage) if dmg else 0
        attacker.damage += dmg
        c.unit.xp += xp
        s.log.append(TrenchReturnFire(c.unit.id, attacker.id, faces, c.hit_value, hits, dmg,
                                      kills, xp))
        if kills:
            destroyed = True
            victory.on_destroyed(s, c.unit.nation, 1 + len(attacker.cargo))
    return destroyed
