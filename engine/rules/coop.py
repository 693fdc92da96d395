"""Co-op (RULES §9.1 from seed 002, §9.2 from seed 004): two allied nations play one seat.

A *joint seat* is a scenario seat with a `partner`: its `nation` (the lead) and the partner
take one turn together, as if they were one solo player (004: "als ob sie beide zusammen
einen Solospieler bilden"). The engine keys everything a seat owns by the lead nation: a unit
of the partner is played by the lead's seat (`Unit.nation` is the lead) and carries its own
nationality in `Unit.flag` (its id starts with the partner's code, e.g. `GB-tank-1`). So one
turn moves and fights with both nations' units, pincers and transports work across them, the
money pool is one (`State.money[lead]`, 002: "Forts und Münzen gehören beiden zugleich") and
forts captured by either count for both.

The unit split and the start markers follow 004 (002 only says "split your units"):

- the lead controls transport, heavy infantry, heavy mortar, armoured car and fighter plus
  its nation's own units; the partner anti-aircraft, infantry, mounted infantry,
  howitzer/assault gun and tank plus its own nation units (`LEAD_TYPES`, the rest);
- start marker (army) 1 takes only the lead's units, 2 only the partner's, 3 is shared;
- an enemy-action-table opponent adds its historical ally's nation unit (004); the Automa
  does not (002 is silent: "Koop funktioniert genauso wie Solo").
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from engine.controllers import CONTROLLERS
from engine.model import TEAM_OF, Catalog, Scenario, UnitType

if TYPE_CHECKING:
    from engine.rules.game import Game
    from engine.rules.unit import Unit

# 004: "Ein Spieler kontrolliert den Truppentransporter, die schwere Infanterie, den
# schweren Mörser, den Panzerwagen, das Kampfflugzeug und die länderspezifische Einheit".
LEAD_TYPES = frozenset({"transport", "heavy_infantry", "heavy_mortar", "armoured_car",
                        "fighter"})
HISTORICAL_ALLY = {"DE": "AH", "AH": "DE", "FR": "GB", "GB": "FR"}
LEAD_ARMY, PARTNER_ARMY, SHARED_ARMY = 1, 2, 3
NATION_WORDS = {"de": "DE", "germany": "DE", "ah": "AH", "austria": "AH",
                "austria-hungary": "AH", "fr": "FR", "france": "FR", "gb": "GB",
                "britain": "GB", "great-britain": "GB"}


class CoopError(ValueError):
    """A co-op seating that does not fit the scenario (message says why, with a hint)."""


def parse_pair(text: str) -> tuple[str, str]:
    """"FR+GB" or "france+britain" -> ("FR", "GB"); CoopError when it is not two allies."""
    words = [w.strip().lower() for w in text.split("+")]
    codes = [NATION_WORDS.get(w) for w in words]
    if len(codes) != 2 or None in codes:
        raise CoopError(f"co-op {text!r}: expected LEAD+PARTNER, e.g. FR+GB or "
                        "france+britain (nations: DE, AH, FR, GB)")
    lead, partner = str(codes[0]), str(codes[1])
    if lead == partner or TEAM_OF[lead] != TEAM_OF[partner]:
        raise CoopError(f"co-op {text!r}: {lead} and {partner} are not allies "
                        "(hint: FR+GB or DE+AH)")
    return lead, partner


def seated(scenario: Scenario, coop: str | None,
           controllers: dict[str, str] | None) -> Scenario:
    """The scenario with a co-op pair seated (`coop` "LEAD+PARTNER": the seat of LEAD, or of
    PARTNER, is played by both, LEAD first) and seat controllers replaced by nation;
    CoopError when the pair or a nation has no seat to take."""
    seats = list(scenario.seats)
    if coop is not None:
        lead, partner = parse_pair(coop)
        if scenario.players != 2:
            raise CoopError(f"co-op {coop}: needs a 2-player scenario, "
                            f"{scenario.id!r} has {scenario.players}")
        k = next((i for i, s in enumerate(seats) if s.nation in (lead, partner)), None)
        if k is None:
            raise CoopError(f"co-op {coop}: neither {lead} nor {partner} has a seat in "
                            f"{scenario.id!r} (hint: the allies of "
                            f"{', '.join(s.nation for s in seats)})")
        seats[k] = dataclasses.replace(seats[k], nation=lead, partner=partner)
    for nation, kind in (controllers or {}).items():
        if kind not in CONTROLLERS:
            raise CoopError(f"controller {kind!r} of {nation} is not known (hint: one of "
                            f"{', '.join(CONTROLLERS)})")
        k = next((i for i, s in enumerate(seats) if s.nation == nation), None)
        if k is None:
            raise CoopError(f"no seat plays {nation} (hint: one of "
                            f"{', '.join(s.nation for s in seats)})")
        seats[k] = dataclasses.replace(seats[k], controller=kind)
    return dataclasses.replace(scenario, seats=seats)


def nation_units(catalog: Catalog, nation: str) -> list[UnitType]:
    """The non-special unit types only `nation` fields (its "länderspezifische Einheit")."""
    return [u for u in catalog.units.values() if not u.special and u.nations == [nation]]


def split_roster(lead: str, partner: str, lead_units: list[UnitType],
                 partner_units: list[UnitType]) -> tuple[list[UnitType], list[UnitType]]:
    """The lead's and the partner's starting units of a joint seat (004's split): each
    nation's roster keeps only its half; nation-specific units stay with their nation."""
    def own(u: UnitType, nation: str) -> bool:
        return u.nations == [nation]

    mine = [u for u in lead_units if u.id in LEAD_TYPES or own(u, lead)]
    theirs = [u for u in partner_units if u.id not in LEAD_TYPES or own(u, partner)]
    return mine, theirs


def allowed_armies(game: Game, u: Unit) -> tuple[int, ...]:
    """The armies (start markers) unit `u` may be assigned to: all three outside co-op; in
    a joint seat the unit's own nation's marker and the shared one (004)."""
    if u.nation not in game.partner_of:
        return (1, 2, 3)
    return (LEAD_ARMY, SHARED_ARMY) if u.flag == u.nation else (PARTNER_ARMY, SHARED_ARMY)


def army_problem(game: Game, u: Unit, army: int) -> str | None:
    """Why `u` may not join `army` in a joint seat (the start-marker split), or None."""
    allowed = allowed_armies(game, u)
    if army in allowed:
        return None
    return (f"{u.id} is {u.flag}'s: in co-op start marker {army} belongs to the other "
            f"nation (hint: use start marker {' or '.join(map(str, allowed))}; 3 is shared)")


def flag_for(game: Game, seat_nation: str, utype: UnitType, asked: str | None) -> str | None:
    """The nationality a unit of `utype` bought by `seat_nation`'s seat gets: `asked` when
    that nation of the seat fields it, else the lead when it fields the type, else the
    partner; None when no nation of the seat fields it."""
    partner = game.partner_of.get(seat_nation)
    if partner is None and asked is None:  # the common case: no co-op, no list built
        return seat_nation if seat_nation in utype.nations else None
    nations = [seat_nation] if partner is None else [seat_nation, partner]
    if asked is not None:
        return asked if asked in nations and asked in utype.nations else None
    return next((n for n in nations if n in utype.nations), None)


def enemy_ally_units(game: Game, nation: str) -> list[UnitType]:
    """004: against a joint seat the enemy also gets its historical ally's nation unit."""
    if not game.partner_of:
        return []
    ally = HISTORICAL_ALLY.get(nation)
    return nation_units(game.catalog, ally) if ally else []


def solo_opponent(controller: str) -> bool:
    """Whether a controller is one of the rulebooks' solo opponents (Automa, enemy table),
    which play one nation against the co-op players."""
    return controller.startswith(("automa:", "enemy_table:"))


def seat_label(game: Game, nation: str) -> str:
    """"FR" or, for a joint seat, "FR+GB"."""
    partner = game.partner_of.get(nation)
    return f"{nation}+{partner}" if partner else nation
