"""Money phase (RULES §5.5): income, repairs, buying (special units too), gifts."""

from __future__ import annotations

import math
import weakref
from collections import Counter
from typing import TYPE_CHECKING

from engine.hexes import ring
from engine.i18n import _, unit_name
from engine.model import UnitType
from engine.rules import coop, enemy_table, victory
from engine.rules.abilities import powers
from engine.rules.actions import SPECIAL, Buy, Gift, Repair, parse_hex
from engine.rules.errors import ActionParseError
from engine.rules.events import (
    IncomeCollected,
    MoneyGifted,
    SpecialDrawn,
    UnitPurchased,
    UnitRepaired,
)

if TYPE_CHECKING:
    from engine.rules.game import Game
    from engine.rules.state import State, Unit

def income(s: State, nation: str) -> int:
    """What `nation` collects at the start of its money phase: the ruleset's amount per fort
    it holds (an enemy-table level may raise it for its seat)."""
    owned = sum(1 for o in s.fort_owner.values() if o == nation)
    return owned * enemy_table.income_per_fort(s.game, nation, s.game.ruleset.income_per_fort)


def collect_income(s: State) -> None:
    """Income of the player to act: the ruleset's amount per fort it holds."""
    nation = s.nation
    amount = income(s, nation)
    s.money[nation] += amount
    if amount:
        s.log.append(IncomeCollected(nation, amount))


def repair_cost(s: State, u: Unit) -> int:
    """What repairing `u` costs under the ruleset (flat, or the card's repair cost)."""
    rs = s.game.ruleset
    if rs.repair_mode == "card":
        return int(u.type.repair_cost.get(rs.currency, rs.repair_flat_cost))
    return int(rs.repair_flat_cost)


def repair_problem(s: State, u: Unit) -> str | None:
    """Why `u` cannot be repaired now, or None."""
    if s.phase != "money":
        return _("repairs happen in the money phase")
    if u.nation != s.nation:
        return _("{unit} is not yours", unit=u.id)
    if u.fort is None or not u.repair_ok:
        return _("{unit} has not been in a fort since the start of the turn", unit=u.id)
    if u.damage == 0:
        return _("{unit} has no damage", unit=u.id)
    cost = repair_cost(s, u)
    if s.money[u.nation] < cost:
        return _("repair costs {cost}, you have {money}", cost=cost,
                 money=s.money[u.nation])
    return None


def special_pool(s: State) -> list[UnitType]:
    """Special units the player to act could draw (free water needed for water units)."""
    nation = s.nation
    water = _free_water_exists(s)
    return [u for u in s.game.catalog.units.values()
            if u.special and nation in u.nations and (water or not powers(u).bought_on_water)]


def may_choose_special(s: State) -> bool:
    """Whether the player may pick a special unit instead of drawing one: the ruleset says
    so, or the team has fewer units AND fewer forts than the other team."""
    if s.game.ruleset.special_unit_choice == "free":
        return True
    mine = s.game.team_of[s.nation]
    other = next(t for t in set(s.game.team_of.values()) if t != mine)
    if s.forts_of(mine) >= s.forts_of(other):  # the forts first: fewer to count than units
        return False
    units: dict[str, int] = {}
    for u in s.units.values():
        units[u.team] = units.get(u.team, 0) + 1
    return units.get(mine, 0) < units.get(other, 0)


def price(s: State, utype: UnitType | None) -> int | None:
    """Price of a unit type (None: a random special unit) in the ruleset's currency."""
    rs = s.game.ruleset
    if utype is None or utype.special:
        return int(rs.special_unit_price)
    value = utype.cost.get(rs.currency)
    return None if value is None else int(value)


def drawn_problem(s: State, a: Buy) -> str | None:
    """Why the forced draw of `buy special FORT TYPE` cannot come up now, or None."""
    if a.drawn is None:
        return None
    pool = [u.id for u in special_pool(s)]
    if a.drawn not in pool:
        return (f"{a.drawn!r} cannot be drawn (hint: the special units you could draw are "
                f"{', '.join(pool) or 'none'})")
    return None


def buy_problem(s: State, type_id: str, where: str | None,
                flag: str | None = None) -> str | None:
    """Why the player to act cannot buy `type_id` ("special" for a random special unit)
    into fort `where` (or onto water hex `where` for units bought on water), or None; `flag`
    names the nation of a co-op seat that gets the unit."""
    nation = s.nation
    if flag is not None and flag != nation and s.game.partner_of.get(nation) != flag:
        return _("{flag} does not play in {seat}'s seat",
                 flag=flag, seat=coop.seat_label(s.game, nation))
    rs = s.game.ruleset
    if s.phase != "money":
        return _("units are bought in the money phase")
    utype = None
    if type_id == SPECIAL:
        if not special_pool(s):
            return _("the catalog has no special unit for you")
    else:
        utype = s.game.catalog.units.get(type_id)
        if utype is None:
            return _("the catalog has no unit type {type_id!r}", type_id=type_id)
        if coop.flag_for(s.game, nation, utype, flag) is None:
            return _("{unit} is not available to {seat}", unit=utype.id,
                     seat=flag or coop.seat_label(s.game, nation))
        if utype.special and not may_choose_special(s):
            return _("special units are drawn at random ('buy special FORT'); you may choose "
                     "only when your team has fewer units and fewer forts")
    cost = price(s, utype)
    if cost is None:
        return _("{type_id} has no price in {currency}", type_id=unit_name(type_id),
                 currency=rs.currency)
    if s.money[nation] < cost:
        return _("{type_id} costs {cost}, you have {money}",
                 type_id=unit_name(type_id), cost=cost, money=s.money[nation])
    if utype is not None and rs.unit_limit_enabled:
        # Co-op: each nation of the seat has its own miniatures, so the limit is per flag.
        owner = coop.flag_for(s.game, nation, utype, flag)
        have = sum(1 for u in s.units.values()
                   if u.nation == nation and u.flag == owner and u.type.id == utype.id)
        if have >= rs.unit_limit_max:
            return _("you already have {have} {utype} (limit {limit})",
                     have=have, utype=utype.id, limit=rs.unit_limit_max)
    if where is None:
        return None
    if utype is not None and powers(utype).bought_on_water:
        try:
            h = parse_hex(where)
        except ActionParseError:
            return _("{utype} is bought onto a water hex q,r, not {where!r}",
                     utype=utype.id, where=where)
        i = s.game.board.index_of.get(h)
        if i is None or not s.game.board.water[i] or s.game.board.blocked[i] or i in s.occ:
            return _("{where} is not a free water hex on the map", where=where)
        return None
    if s.fort_owner.get(where) != nation:
        return _("{where!r} is not one of your forts", where=where)
    return None


def do_buy(s: State, a: Buy) -> None:
    """Pay and place the bought unit (a drawn special unit is logged with its draw)."""
    nation = s.nation
    if a.unit_type == SPECIAL:
        if a.drawn is not None:
            utype = s.game.catalog.units[a.drawn]
        else:
            pool = special_pool(s)
            utype = pool[s.dice.below(len(pool))]
        s.log.append(SpecialDrawn(nation, utype.id))
    else:
        utype = s.game.catalog.units[a.unit_type]
    cost = price(s, utype) or 0
    s.money[nation] -= cost
    victory.on_bank(s, nation, cost)
    flag = coop.flag_for(s.game, nation, utype, a.flag) if s.game.partner_of else None
    u = s.add_unit(utype, nation, None if flag == nation else flag)
    u.moved = u.done = True
    if powers(utype).bought_on_water:
        if a.unit_type == SPECIAL:
            i = _nearest_free_water(s, a.where)
        else:
            i = s.game.board.index_of[parse_hex(a.where)]
        u.pos = i
        s.occ[i] = u
        h = s.game.board.hexes[i]
        where = f"{h.q},{h.r}"
    else:
        u.fort = where = a.where
    s.log.append(UnitPurchased(nation, u.id, utype.id, where, cost))


def _free_water_exists(s: State) -> bool:
    occ = s.occ
    return any(i not in occ for i in s.game.board.open_water)


def _nearest_free_water(s: State, fort_id: str) -> int:
    board = s.game.board
    start = board.hexes[board.fort_entrances[fort_id][0]]
    for radius in range(1, s.game.map.width + s.game.map.height + 1):
        for h in ring(start, radius):
            i = board.index_of.get(h)
            if i is not None and board.water[i] and not board.blocked[i] and i not in s.occ:
                return i
    raise ValueError("no free water hex")  # special_pool excludes water units then


def do_repair(s: State, a: Repair) -> None:
    """Pay and remove all damage (experience stays)."""
    u = s.units[a.unit]
    cost = repair_cost(s, u)
    s.money[u.nation] -= cost
    s.log.append(UnitRepaired(u.id, cost))
    victory.on_bank(s, u.nation, cost)
    u.damage = 0


def gift_problem(s: State, a: Gift) -> str | None:
    """Why the gift is not allowed now, or None."""
    if s.phase not in ("move", "declare", "money"):
        return _("gifts are made during a turn")
    nation = s.nation
    team_of = s.game.team_of
    if a.nation not in team_of or a.nation == nation:
        return _("{nation} is not another player of this game", nation=a.nation)
    if team_of[a.nation] != team_of[nation]:
        return _("{nation} is not your ally", nation=a.nation)
    if a.amount < 1:
        return _("a gift must be at least 1")
    need = a.amount + s.game.ruleset.gift_fee
    if s.money[nation] < need:
        return _("the gift costs {need} with the fee, you have {money}",
                 need=need, money=s.money[nation])
    return None


def do_gift(s: State, a: Gift) -> None:
    """Move the money; the fee goes to the bank."""
    fee = s.game.ruleset.gift_fee
    s.money[s.nation] -= a.amount + fee
    s.money[a.nation] += a.amount
    s.log.append(MoneyGifted(s.nation, a.nation, a.amount, fee))
    victory.on_bank(s, s.nation, fee)


def money_actions(s: State) -> list[Repair | Buy]:
    """Legal repairs and purchases of the player to act (`buy_problem` is None for each).

    Listed every time a bot chooses in the money phase, so the tests of `buy_problem` are made
    here once per call (money, forts, unit counts) and as booleans: the reasons, which nobody
    reads here, are not written.
    """
    if s.phase != "money":  # repair_problem and buy_problem refuse everything else
        return []
    nation = s.nation
    game = s.game
    cash = s.money[nation]
    rs = game.ruleset
    out: list[Repair | Buy] = []
    # repair_problem's tests (the phase is tested above); a flat repair cost once for all
    # units, as a random player can rarely pay it
    if rs.repair_mode == "card" or cash >= int(rs.repair_flat_cost):
        out = [Repair(u.id) for u in s.units.values()
               if u.damage and u.repair_ok and u.nation == nation
               and u.fort is not None and cash >= repair_cost(s, u)]
    offers, cheapest = _offer(s, nation)
    if cash < cheapest:  # nothing to buy: most money phases of a random game end here
        return out
    forts = sorted(f for f, o in s.fort_owner.items() if o == nation)
    limit = rs.unit_limit_max if rs.unit_limit_enabled else None
    have: Counter[tuple[str, str]] = Counter()
    if limit is not None:
        have.update((u.flag, u.type.id) for u in s.units.values() if u.nation == nation)
    choose = None
    partner = game.partner_of.get(nation)
    for utype, owner, cost, on_water, with_partner in offers:
        if cash < cost:
            continue
        if utype.special:
            if choose is None:
                choose = may_choose_special(s)
            if not choose:
                continue
        if limit is not None and have[owner, utype.id] >= limit:
            continue
        if on_water:
            board = game.board
            out.extend(Buy(utype.id, f"{board.hexes[i].q},{board.hexes[i].r}")
                       for i in board.open_water if i not in s.occ)
        else:
            out.extend(Buy(utype.id, f) for f in forts)
            if with_partner and (limit is None or have[partner, utype.id] < limit):
                out.extend(Buy(utype.id, f, flag=partner) for f in forts)
    special_cost = price(s, None)
    if forts and special_cost is not None and cash >= special_cost and special_pool(s):
        out.extend(Buy(SPECIAL, f) for f in forts)
    return out


# (unit type, nationality it gets, price, bought on water, the co-op partner may buy it too)
Offer = tuple[UnitType, str, int, bool, bool]
# a seat's offers, and the least money that buys anything (an offer or a special unit)
Offers = tuple[list[Offer], float]
_OFFERS: weakref.WeakKeyDictionary[Game, dict[str, Offers]] = weakref.WeakKeyDictionary()


def _offer(s: State, nation: str) -> Offers:
    """The catalog's unit types `nation`'s seat fields and that have a price, in catalog
    order, and the least price of these and of a special unit: what depends only on the game
    (its catalog, ruleset and seats), found once per game and seat."""
    game = s.game
    per_seat = _OFFERS.get(game)
    if per_seat is None:
        per_seat = _OFFERS[game] = {}
    found = per_seat.get(nation)
    if found is None:
        partner = game.partner_of.get(nation)
        offers: list[Offer] = []
        for utype in game.catalog.units.values():
            owner = coop.flag_for(game, nation, utype, None)
            cost = price(s, utype)
            if owner is None or cost is None:
                continue
            offers.append((utype, owner, cost, powers(utype).bought_on_water,
                           partner in utype.nations and nation in utype.nations))
        special = price(s, None)
        costs = [o[2] for o in offers] + ([special] if special is not None else [])
        found = per_seat[nation] = (offers, min(costs, default=math.inf))
    return found


def gift_actions(s: State) -> list[Gift]:
    """The listed gifts of the player to act: to each ally, 1 and the most it can afford.

    Any amount in between is legal too (`gift_problem` checks it); listing every amount
    would make the list as long as the player's money.
    """
    nation = s.nation
    most = s.money[nation] - s.game.ruleset.gift_fee
    out: list[Gift] = []
    if most < 1:
        return out
    for ally in s.game.nations:
        if ally != nation and s.game.team_of[ally] == s.game.team_of[nation]:
            out.append(Gift(ally, 1))
            if most > 1:
                out.append(Gift(ally, most))
    return out
