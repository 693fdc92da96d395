"""Declaring attacks and the combat phase (RULES §5.3, §5.4): the board facts around
`engine.rules.combat` — who may attack whom now, supporters, resolving declarations in order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.i18n import _
from engine.rules import automa, combat, trench_fire, trenches, victory
from engine.rules.abilities import powers
from engine.rules.actions import Attack, Fight
from engine.rules.events import AttackLost, CombatResolved, ShotScattered
from engine.rules.powers import area, turret
from engine.rules.quickinit import quick_init

if TYPE_CHECKING:
    from engine.rules.state import State, Unit


def attack_problem(s: State, a: Unit, d: Unit) -> str | None:
    """Why `a` may not declare an attack on `d` now, or None."""
    if a.nation != s.nation:
        return _("{unit} is not yours", unit=a.id)
    src = turret.origin(s, a, d.pos)
    if src < 0:
        return _("{unit} is not on the board (in a fort or a transport)", unit=a.id)
    if a.attacked:
        return _("{unit} has already declared an attack this turn", unit=a.id)
    if not s.army_allowed(a):
        limit, _used = s.army_allowance()
        return _("round {round}: you may use only {limit} of your armies and army "
                 "{army} is not one of them", round=s.round, limit=limit, army=a.army)
    if d.team == a.team:
        return _("{unit} is not an enemy", unit=d.id)
    if d.pos < 0:
        return _("{unit} is in a fort or a transport and cannot be attacked", unit=d.id)
    dist = trenches.attack_distance(s, a, d, src)
    return combat.attack_problem(s.fighter(a), s.fighter(d), dist)


def do_attack(s: State, a: Attack) -> None:
    """Record a declaration (its order is fixed from now on)."""
    s.declarations.append((a.attacker, a.defender))
    u = s.units[a.attacker]
    u.attacked = True
    if u.army is not None and u.army not in s.armies_moved:
        s.armies_moved.append(u.army)


def fighter(s: State, u: Unit) -> combat.Fighter:
    """The combat view of a unit on the board (forest column in forest; with Grabenkampf a
    foot soldier on a trench hex defends with the armour of a tank in forest)."""
    game = s.game
    terrain = game.board.terrain_name(u.pos) if u.pos >= 0 else ""
    armour = game.trench_armour  # () unless a variant (Grabenkampf) armours trenches
    if armour and terrain == "trench" and u.type.unit_class == "foot":
        return combat.Fighter(u.type, u.damage, u.xp, False, s.is_on_water(u), True, armour)
    # positional, in field order: two are built for every fight
    return combat.Fighter(u.type, u.damage, u.xp, terrain == "forest", s.is_on_water(u))


def melee_support(s: State, a: Unit, d: Unit) -> tuple[int, bool]:
    """(supporters, one directly opposite) for a melee attack of `a` on `d`: the
    attacker's own other units next to the defender that could attack it in melee. With
    Grabenkampf a foot soldier's trench counts as one long hex ("Flanke und Kessel werden
    gewertet, als sei der Graben ein einziges, langes Feld"): supporters anywhere next to it,
    opposite the attacker across any trench hex next to the attacker."""
    board = s.game.board
    cells = trenches.defended_hexes(s, d)
    ah = board.hexes[turret.origin(s, a, d.pos)]
    opposites = {board.index_of.get(ah.rotate_180(board.hexes[c]), -2) for c in cells
                 if ah.distance(board.hexes[c]) == 1}
    if len(cells) == 1:
        around: tuple[int, ...] | set[int] = board.neighbours[d.pos]
    else:
        inside = set(cells)
        around = {n for c in cells for n in board.neighbours[c] if n not in inside}
    count = 0
    is_opposite = False
    for n in around:
        sup = s.occ.get(n)
        if sup is None or sup is a or sup.nation != a.nation:
            continue
        if s.is_on_water(sup) or not s.game.can_melee(sup.type, d.type):
            continue
        count += 1
        if n in opposites:
            is_opposite = True
    return count, is_opposite


def do_fight(s: State, a: Fight) -> None:
    """Resolve the next declaration; an attack whose attacker or target is gone is lost.
    A forced fight (`fight A/D[/S]`) uses its faces instead of the state's dice."""
    aid, did = s.declarations[s.next_fight]
    s.next_fight += 1
    att = s.units.get(aid)
    d = s.units.get(did)
    if att is None or d is None or turret.origin(s, att) < 0 or d.pos < 0:
        s.log.append(AttackLost(aid, did))
    else:
        resolve(s, att, d, a if a.forced else None)
    if s.phase != "over" and s.next_fight >= len(s.declarations):
        s.enter_money()


@quick_init
@dataclass(frozen=True)
class Engagement:
    """The board facts of one combat about to be fought (after any scatter die)."""

    attacker: Unit
    defender: Unit
    distance: int
    fa: combat.Fighter
    fd: combat.Fighter
    bonus: str | None
    extra: int  # bonus dice of a pincer or an encirclement
    # Grabenkampf: the other foot soldiers in the defender's trench, who fire back too.
    comrades: tuple[trench_fire.Comrade, ...] = ()

    def dice(self, s: State) -> tuple[int, int]:
        """(attacker dice, defender dice) this combat rolls; 0 when the defender does not
        fire back. The comrades' dice are `comrade_dice`."""
        rs = s.game.ruleset
        a_n = combat.dice_count(rs, self.fa.damage, self.extra)
        fires_back = combat.returns_fire(self.fa, self.fd, self.distance)
        return a_n, combat.dice_count(rs, self.fd.damage) if fires_back else 0

    def comrade_dice(self) -> tuple[int, ...]:
        """The dice each comrade in the defender's trench rolls, in firing order."""
        return tuple(c.dice for c in self.comrades)


def pending(s: State) -> tuple[Unit, Unit] | None:
    """Attacker and target of the next declared attack, or None when that attack is lost
    (one of them is gone, in a fort or in a transport). Call only while attacks are left."""
    aid, did = s.declarations[s.next_fight]
    a, d = s.units.get(aid), s.units.get(did)
    if a is None or d is None or turret.origin(s, a) < 0 or d.pos < 0:
        return None
    return a, d


def scatters(s: State, a: Unit) -> bool:
    """Whether `a` rolls a scatter die before its combat dice (Big Bertha below hero)."""
    if powers(a.type).scatter is None:  # asked before every fight: no fighter built for most
        return False
    return combat.scatter_neighbour_max(s.game.ruleset, s.fighter(a)) > 0


def landing(s: State, a: Unit, d: Unit, face: int) -> tuple[int | None, Unit | None]:
    """Where scatter-die `face` sends `a`'s shot at `d`: (None, d) on target, else
    (direction 0..5, the unit on that neighbour of `d` or None when it is empty)."""
    board = s.game.board
    direction = combat.scatter_landing(s.game.ruleset, s.fighter(a), face)
    if direction is None:
        return None, d
    spot = board.index_of.get(board.hexes[d.pos].neighbor(direction))
    return direction, s.occ.get(spot) if spot is not None else None


def engage(s: State, a: Unit, d: Unit) -> Engagement | str:
    """The combat of `a` against `d` as it stands now, or why the attack is lost."""
    dist = trenches.attack_distance(s, a, d, turret.origin(s, a, d.pos))
    fa, fd = fighter(s, a), fighter(s, d)
    problem = combat.attack_problem(fa, fd, dist)
    if problem is not None:
        return problem
    bonus, extra = None, 0
    if dist == 1:
        supporters, opposite = s.melee_support(a, d)
        bonus, extra = combat.melee_bonus(s.game.ruleset, supporters, opposite)
    shooters = trench_fire.comrades(s, a, fa, d, dist)
    return Engagement(a, d, dist, fa, fd, bonus, extra, shooters)


def target(s: State, scatter_face: int | None) -> Engagement | str:
    """The next fight's engagement after scatter-die `scatter_face` (ignored for an attacker
    that does not scatter), or why no dice are rolled (attack lost, shot into an empty hex)."""
    pair = pending(s)
    if pair is None:
        return "the attack is lost (a unit is gone, in a fort or in a transport)"
    a, d = pair
    if scatters(s, a) and scatter_face is not None:
        _direction, hit = landing(s, a, d, scatter_face)
        if hit is None:
            return f"scatter die {scatter_face} sends the shot to an empty hex"
        d = hit
    e = engage(s, a, d)
    return f"the attack is lost ({e})" if isinstance(e, str) else e


def forced_dice(s: State, scatter_face: int | None) -> tuple[int, int, str]:
    """(attacker dice, defender dice, why) the next fight rolls after scatter-die
    `scatter_face` (ignored for an attacker that does not scatter)."""
    e = target(s, scatter_face)
    if isinstance(e, str):
        return 0, 0, e
    a, d = e.attacker, e.defender
    a_n, d_n = e.dice(s)
    base = a_n - e.extra
    why = f"{a.id} rolls {base} dice for damage {a.damage}"
    if e.extra:
        why += f" + {e.extra} {e.bonus} dice"
    fires = combat.returns_fire(e.fa, e.fd, e.distance)
    why += f"; {d.id} fires back with {d_n} dice" if fires else f"; {d.id} does not fire back"
    for c in e.comrades:
        why += f"; then {c.unit.id} fires back from the trench with {c.dice} dice"
    return a_n, d_n + sum(e.comrade_dice()), why


def card_tables(s: State, e: Engagement) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Dice-free: the hits on each card the attacker and the defender draw from (the
    defender's is empty when it does not fire back)."""
    rs = s.game.ruleset
    variant = s.game.card_variant
    assert variant is not None
    a_n, d_n = e.dice(s)
    a = variant.card_table(rs, combat.hit_value(rs, e.fa, e.fd), a_n)
    d = variant.card_table(rs, combat.hit_value(rs, e.fd, e.fa), d_n) if d_n else ()
    return a, d


def comrade_tables(s: State, e: Engagement) -> tuple[tuple[int, ...], ...]:
    """Dice-free: the hits on each card every comrade in the defender's trench draws from."""
    variant = s.game.card_variant
    assert variant is not None
    return tuple(variant.card_table(s.game.ruleset, c.hit_value, c.dice) for c in e.comrades)


def _card_problem(s: State, f: Fight) -> str | None:
    e = target(s, f.scatter)
    if isinstance(e, str):
        return f"no cards are drawn: {e}"
    tables = card_tables(s, e)
    for who, card, table in zip(("attacker", "defender"), (f.attacker_card, f.defender_card),
                                tables, strict=True):
        if not table and card is not None:
            return f"the {who} does not fire back: drop its card (hint: fight c{f.attacker_card}/)"
        if table and (card is None or not 1 <= card <= len(table)):
            return f"the {who} draws one of cards 1..{len(table)}, got {card}"
    more = comrade_tables(s, e)
    if len(f.comrade_cards) != len(more):
        names = ", ".join(c.unit.id for c in e.comrades) or "none"
        return (f"{len(more)} comrade(s) in the trench fire back ({names}): give one card "
                f"each after the defender's (hint: fight c3/c7,c2)")
    for c, card, table in zip(e.comrades, f.comrade_cards, more, strict=True):
        if not 1 <= card <= len(table):
            return f"{c.unit.id} draws one of cards 1..{len(table)}, got {card}"
    return None


def forced_problem(s: State, f: Fight) -> str | None:
    """Why forced fight `f` does not fit the next declared attack, or None."""
    # Under dice-free only a fight that draws no card (attack lost, shot into an empty hex)
    # is forced with empty faces: `fight /` or `fight //S`.
    no_cards = not f.attacker_faces and isinstance(target(s, f.scatter), str)
    if s.game.draws_cards and not f.forced_cards and not no_cards:
        return "the dice-free variant draws cards: forced dice do not apply (hint: fight c3/c7)"
    if f.forced_cards and not s.game.draws_cards:
        return "cards are drawn only with the dice-free variant (hint: force dice faces)"
    pair = pending(s)
    rolls_scatter = pair is not None and scatters(s, pair[0])
    if rolls_scatter and f.scatter is None:
        return (f"{pair[0].id} rolls a scatter die first: add its face as a third part "
                f"(hint: {f}/7)")
    if not rolls_scatter and f.scatter is not None:
        return "no scatter die is rolled in this fight (hint: drop the third part)"
    if f.scatter is not None and not 1 <= f.scatter <= combat.DIE_FACES:
        return f"scatter die face {f.scatter} is not 1..12"
    if f.forced_cards:
        return _card_problem(s, f)
    sides = (("attacker", f.attacker_faces or ()), ("defender", f.defender_faces))
    for who, faces in sides:
        bad = [x for x in faces if not 1 <= x <= combat.DIE_FACES]
        if bad:
            return f"{who} face {bad[0]} is not a d12 face 1..12"
    a_n, d_n, why = forced_dice(s, f.scatter)
    for (who, faces), need in zip(sides, (a_n, d_n), strict=True):
        if len(faces) != need:
            return f"the {who} rolls {need} dice, {len(faces)} faces given ({why})"
    return None


def resolve(s: State, a: Unit, d: Unit, forced: Fight | None = None) -> None:
    """Fight one combat with the state's dice (or `forced`'s faces) and apply damage, XP and
    destruction.

    A scattering attacker (Big Bertha) first rolls where the shot lands; it then fights
    whatever stands there, friend or foe, or nothing. With the dice-free variant each side
    draws a card instead of rolling (engine.rules.dicefree).
    """
    game = s.game
    rs = game.ruleset
    pa = powers(a.type)  # asked once: scatter, then area
    if pa.scatter is not None and scatters(s, a):
        face = s.dice.d12() if forced is None or forced.scatter is None else forced.scatter
        direction, hit = landing(s, a, d, face)
        if direction is not None:
            s.log.append(ShotScattered(a.id, d.id, face, direction, hit.id if hit else None))
            if hit is None:
                return
            d = hit
    e = engage(s, a, d)
    if isinstance(e, str):
        s.log.append(AttackLost(a.id, d.id, e))
        return
    fa, fd, dist = e.fa, e.fd, e.distance
    cards: list[int] = []
    roll: Callable[[int], tuple[int, ...]]
    if forced is not None and not forced.forced_cards:
        roll = _forced_roll(forced)
    elif game.draws_cards:
        automa_of = automa.automa_nations(game) if forced is None else {}
        roll = _card_roll(s, e, cards, forced,
                          tuple(u.nation in automa_of for u in (e.attacker, e.defender)))
    else:
        roll = s.dice.roll
    if forced is None and automa.automa_nations(game):
        roll = automa.roll_for(s, a, d, fa, fd, roll)
    extra, bonus = automa.melee_bonus(s, a, e.extra, e.bonus)
    if pa.area is not None:
        area.resolve(s, a, d, fa, fd, extra, roll)
        return
    res = combat.fight(rs, fa, fd, dist, extra, bonus, roll)
    d.damage += res.damage_to_defender
    a.damage += res.damage_to_attacker
    a.xp += res.xp_attacker
    d.xp += res.xp_defender
    s.log.append(CombatResolved(
        a.id, d.id, dist, res.bonus, res.bonus_dice, res.attacker_dice, res.defender_dice,
        res.damage_to_defender, res.damage_to_attacker, res.defender_destroyed,
        res.attacker_destroyed, tuple(cards), res.attacker_hit_value, res.defender_hit_value,
        res.attacker_hits, res.defender_hits, res.xp_attacker, res.xp_defender))
    killed_by_trench = False
    if e.comrades:
        forced_dice_roll = roll if forced is not None and not forced.forced_cards else None
        killed_by_trench = trench_fire.fire(s, a, fa, e.comrades, res.damage_to_attacker,
                                            _comrade_roll(s, fa, forced_dice_roll, forced))
    if res.defender_destroyed:
        if d.team != a.team:
            victory.on_destroyed(s, a.nation, 1 + len(d.cargo))
        s.remove_unit(d)
    if res.attacker_destroyed:
        victory.on_destroyed(s, d.nation, 1 + len(a.cargo))
    if (res.attacker_destroyed or killed_by_trench) and a.id in s.units:
        s.remove_unit(a)
    s.check_victory()


def _forced_roll(f: Fight) -> Callable[[int], tuple[int, ...]]:
    """A `roll` that hands out the forced faces: the attacker's, then the defender's in
    slices of the asked size (the defender's own dice, then each trench comrade's;
    `forced_problem` checked the counts)."""
    first = [f.attacker_faces or ()]
    rest = list(f.defender_faces)

    def roll(n: int) -> tuple[int, ...]:
        if first:
            return first.pop()
        out = tuple(rest[:n])
        del rest[:n]
        return out

    return roll


def _comrade_roll(
    s: State, fa: combat.Fighter, forced_roll: Callable[[int], tuple[int, ...]] | None,
    forced: Fight | None,
) -> Callable[[trench_fire.Comrade], tuple[int, ...]]:
    """How each trench comrade rolls: the rest of forced faces, a forced or drawn dice-free
    card (for a nation that draws), the Automa's fixed hits, or the state's dice."""
    cards = iter(forced.comrade_cards if forced is not None else ())
    variant = s.game.card_variant
    automa_of = automa.automa_nations(s.game)

    def roll(c: trench_fire.Comrade) -> tuple[int, ...]:
        if forced_roll is not None:
            return forced_roll(c.dice)
        if variant is not None:
            table = variant.card_table(s.game.ruleset, c.hit_value, c.dice)
            card = next(cards, None)
            if variant.draws_for(c.unit.nation):
                hits = table[(card or s.dice.below(len(table)) + 1) - 1]
                return (1,) * hits + (12,) * (c.dice - hits)
        if c.unit.nation in automa_of and forced is None:
            hits = min(c.dice, automa.fixed_hits(s.game, c.fighter, fa))
            return (1,) * hits + (12,) * (c.dice - hits)
        return s.dice.roll(c.dice)

    return roll


def _card_roll(
    s: State, e: Engagement, cards: list[int], forced: Fight | None,
    automa_sides: tuple[bool, bool] = (False, False),
) -> Callable[[int], tuple[int, ...]]:
    """A `roll` that draws a dice-free card for each side that draws (the variant's
    `draws_for`; the other side rolls its dice), or takes `forced`'s cards, and returns faces
    showing the card's hits (1 = a hit, 12 = a miss; every face hits when the hit value is
    12). It is asked once per side, attacker first, skipping the `automa_sides` (the
    Automa's fixed hits stand in for them, automa.roll_for)."""
    variant = s.game.card_variant
    assert variant is not None
    sides = [k for k in (0, 1) if not automa_sides[k]]
    both = card_tables(s, e)
    tables = iter([both[k] for k in sides])
    units = (e.attacker, e.defender)
    draws = iter([variant.draws_for(units[k].nation) for k in sides])
    given = iter(()) if forced is None else iter((forced.attacker_card, forced.defender_card))

    def roll(n: int) -> tuple[int, ...]:
        table = next(tables)
        card_given = next(given, None)
        if not next(draws):
            return s.dice.roll(n)
        card = card_given or s.dice.below(len(table)) + 1
        cards.append(card)
        hits = table[card - 1]
        return (1,) * hits + (12,) * (n - hits)

    return roll
