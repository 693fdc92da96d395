"""Semantic scenario checks: seats, teams, half, variants, objectives, and the resolved files."""

from __future__ import annotations

from collections import Counter

from engine.content.problems import Problem, count, error, warning
from engine.content.semantic_events import check_events, check_units
from engine.content.semantic_map import HALVES, default_forts_per_half
from engine.controllers import CONTROLLERS
from engine.halves import forts_in_half
from engine.i18n import _, ngettext
from engine.model import TEAM_OF, Catalog, GameMap, Ruleset, Scenario, Seat
from engine.rules.variants import VARIANTS, StartWithSpecialUnit

SEATING_ORDER = ("central", "entente", "central", "entente")


def check_scenario(s: Scenario, m: GameMap | None, r: Ruleset | None,
                   c: Catalog | None) -> list[Problem]:
    """Semantic problems of a scenario; checks needing a file are skipped when it is None."""
    out = _check_seats(s)
    out += _check_half_and_forts(s, m, r)
    if m is not None and r is not None:
        out += _check_forts_per_half(m, r)
    out += _check_objectives(s, m, c)
    if r is not None:
        for i, v in enumerate(s.variants):
            if v not in r.variants:
                out.append(error("scenario.unknown_variant",
                                 _("variant '{v}' is not defined in ruleset '{id}'", v=v, id=r.id),
                                 _("known: {variants}", variants=", ".join(sorted(r.variants))),
                                 pointer=f"/variants/{i}"))
            elif v in VARIANTS and not VARIANTS[v].implemented:
                out.append(error("scenario.variant_no_effect",
                                 _("variant '{v}' has no effect in the engine yet", v=v),
                                 _("remove it (see {rule}); the game would silently play "
                                   "without it", rule=VARIANTS[v].rule),
                                 pointer=f"/variants/{i}"))
    if c is not None:
        out += _check_catalog_fit(s, r, c)
    if c is not None and r is not None:
        out += _check_special_unit_choices(s, r, c)
    out += check_events(s, m, c)
    out += check_units(s, m, r, c)
    return out


def _check_seats(s: Scenario) -> list[Problem]:
    out: list[Problem] = []
    if len(s.seats) != s.players:
        out.append(error("scenario.seat_count",
                         _("{n_seats} seats for a {players}-player scenario", n_seats=len(s.seats),
                           players=s.players),
                         _("list exactly {players} seats", players=s.players), pointer="/seats"))
    numbers = sorted(x.seat for x in s.seats)
    if numbers != list(range(1, len(s.seats) + 1)):
        out.append(error("scenario.seat_numbers",
                         _("seat numbers {numbers} are not 1..n", numbers=numbers),
                         _("number the seats 1, 2, ... in turn order"), pointer="/seats"))
    nations = Counter(x.nation for x in s.seats)
    for i, seat in enumerate(s.seats):
        ptr = f"/seats/{i}"
        if seat.controller not in CONTROLLERS:
            out.append(error("scenario.unknown_controller",
                             _("seat {seat}: controller '{controller}' is not known",
                               seat=seat.seat, controller=seat.controller),
                             _("use one of: {controllers}", controllers=", ".join(CONTROLLERS)),
                             pointer=f"{ptr}/controller"))
        if nations[seat.nation] > 1 and [x.nation for x in s.seats].index(seat.nation) != i:
            out.append(error("scenario.duplicate_nation",
                             _("nation {nation} has two seats", nation=seat.nation),
                             _("each nation is played by one seat"), pointer=f"{ptr}/nation"))
        if TEAM_OF.get(seat.nation) != seat.team:
            out.append(error("scenario.team_mismatch",
                             _("{nation} belongs to team {get}, not {team}", nation=seat.nation,
                               get=TEAM_OF.get(seat.nation), team=seat.team),
                             _("DE and AH are central, FR and GB entente"),
                             pointer=f"{ptr}/team"))
        out += _check_partner(s, seat, ptr)
    teams = Counter(TEAM_OF.get(x.nation) for x in s.seats)
    if len(s.seats) == s.players and teams["central"] != teams["entente"]:
        out.append(error("scenario.teams_unbalanced",
                         _("{central} central vs {entente} entente seats",
                           central=teams['central'], entente=teams['entente']),
                         _("each team needs the same number of seats"), pointer="/seats"))
    elif s.players == 4 and len(s.seats) == 4:
        order = tuple(TEAM_OF.get(x.nation) for x in sorted(s.seats, key=lambda x: x.seat))
        if order not in (SEATING_ORDER, SEATING_ORDER[1:] + SEATING_ORDER[:1]):
            out.append(warning("scenario.seating_not_alternating",
                               _("teams do not alternate around the table"),
                               _("seat them alternating, e.g. DE, GB, AH, FR (RULES §1)"),
                               pointer="/seats"))
    for nation in s.starting_money:
        if nation not in nations:
            out.append(warning("scenario.money_for_absent_nation",
                               _("starting money is set for {nation}, which has no seat",
                                 nation=nation),
                               _("remove it or add a seat"), pointer=f"/starting_money/{nation}"))
    return out


def _check_partner(s: Scenario, seat: Seat, ptr: str) -> list[Problem]:
    """A co-op partner: an ally of the seat's nation without a seat of its own, 2 players."""
    if seat.partner is None:
        return []
    where = f"{ptr}/partner"
    if s.players != 2:
        return [error("scenario.partner_players",
                      _("seat {seat}: a co-op partner needs a 2-player scenario", seat=seat.seat),
                      _("set players: 2, or give the partner its own seat"), pointer=where)]
    if seat.partner == seat.nation or seat.partner in {x.nation for x in s.seats}:
        return [error("scenario.partner_has_seat",
                      _("seat {seat}: partner {partner} already plays a seat", seat=seat.seat,
                        partner=seat.partner),
                      _("choose the ally that has no seat (FR+GB or DE+AH)"), pointer=where)]
    if TEAM_OF.get(seat.partner) != seat.team:
        return [error("scenario.partner_team",
                      _("seat {seat}: {partner} is not an ally of {nation}", seat=seat.seat,
                        partner=seat.partner, nation=seat.nation),
                      _("DE plays with AH, FR with GB"), pointer=where)]
    if seat.controller.startswith(("automa:", "enemy_table:")):
        return [error("scenario.partner_solo_opponent",
                      _("seat {seat}: {controller} plays one nation, not two", seat=seat.seat,
                        controller=seat.controller),
                      _("give the partner to the humans' seat (RULES §9)"), pointer=where)]
    return []


def _check_special_unit_choices(s: Scenario, r: Ruleset, c: Catalog) -> list[Problem]:
    """The start-with-special-unit variant's chosen units must be ones the nation may start
    with (the engine would refuse the game)."""
    params = r.variants.get(StartWithSpecialUnit.id)
    if not isinstance(params, dict):
        return []
    if not (params.get("enabled") or StartWithSpecialUnit.id in s.variants):
        return []
    variant = StartWithSpecialUnit(params)
    out: list[Problem] = []
    for nation, type_id in sorted((params.get("units") or {}).items()):
        problem = variant.choice_problem(c, nation, type_id)
        if problem is not None:
            out.append(error("scenario.special_unit_choice",
                             _("ruleset '{id}' variants.start_with_special_unit.units: {problem}",
                               id=r.id, problem=problem),
                             _("choose one the catalog lists for that nation, or leave the nation "
                               "out to draw one"), pointer="/ruleset"))
    return out


def _forts_in_play(s: Scenario, m: GameMap) -> int:
    region = m.region(s.half) if s.players == 2 and s.half else None
    if region is None:
        return len(m.forts)
    return len(forts_in_half(m.forts, region.hexes))


def _check_half_and_forts(s: Scenario, m: GameMap | None, r: Ruleset | None) -> list[Problem]:
    out: list[Problem] = []
    if s.players == 2 and not s.half:
        out.append(error("scenario.half_missing", _("a 2-player scenario must name its half"),
                         _("set half to half_1_6 or half_7_12"), pointer="/half"))
    if s.players == 4 and s.half:
        out.append(error("scenario.half_unexpected", _("a 4-player scenario uses the whole map"),
                         _("set half to null"), pointer="/half"))
    if m is None:
        return out
    if s.players == 2 and s.half:
        region = m.region(s.half)
        if region is None:
            out.append(error("scenario.unknown_region",
                             _("half '{half}' is not a region of map '{id}'", half=s.half, id=m.id),
                             _("regions: {value}",
                               value=", ".join(r.id for r in m.regions) or "none"),
                             pointer="/half"))
        else:
            numbers = {x.number for x in m.start_markers if x.hex in region.hexes}
            if len(numbers) < 6:
                out.append(error("scenario.start_numbers_missing",
                                 _("half '{half}' holds {count}, needs 6", half=s.half,
                                   count=count(len(numbers), 'start number')),
                                 _("each player draws 3 of the half's 6 numbers"),
                                 pointer="/half"))
    if s.players == 4:
        numbers = {x.number for x in m.start_markers}
        missing = sorted(set(range(1, 13)) - numbers)
        if missing:
            out.append(error("scenario.start_numbers_missing",
                             _("map '{id}' lacks start numbers {map}", id=m.id,
                               map=", ".join(map(str, missing))),
                             _("a 4-player game needs start numbers 1..12"), pointer="/map"))
    if r is not None:
        forts = _forts_in_play(s, m)
        needed = r.forts_to_win.get(s.players)
        if needed is not None and needed > forts:
            out.append(error("scenario.not_enough_forts",
                             ngettext("{count} in play but {n} is needed to win",
                                      "{count} in play but {n} are needed to win", needed,
                                      count=count(forts, "fort")),
                             _("add forts or use a ruleset needing fewer"), pointer="/map"))
    return out


def _check_forts_per_half(m: GameMap, r: Ruleset) -> list[Problem]:
    """The map's halves against the scenario's ruleset when it asks for another number of
    forts per half than the default ruleset (the map's own checks use the default)."""
    if r.forts_per_half == default_forts_per_half():
        return []
    out = []
    for region in m.regions:
        if region.id not in HALVES:
            continue
        forts = len(forts_in_half(m.forts, region.hexes))
        if forts != r.forts_per_half:
            out.append(error("scenario.half_forts",
                             _("region '{id}' of map '{id2}' holds {count}, ruleset '{id3}' needs "
                               "{forts_per_half} per half", id=region.id, id2=m.id,
                               count=count(forts, 'fort'), id3=r.id,
                               forts_per_half=r.forts_per_half),
                             _("move forts or the half line, or use a ruleset whose forts_per_half "
                               "fits the map"), pointer="/ruleset"))
    return out


def _check_objectives(s: Scenario, m: GameMap | None, c: Catalog | None) -> list[Problem]:
    out: list[Problem] = []
    seen: set[str] = set()
    for i, o in enumerate(s.objectives):
        ptr = f"/objectives/{i}"
        if o.get("id") in seen:
            out.append(error("scenario.duplicate_id",
                             _("objective id '{get}' is used twice", get=o.get('id')),
                             _("ids must be unique"), pointer=f"{ptr}/id"))
        seen.add(o.get("id"))
        kind = o.get("kind")
        needs = {"capture_fort": "fort", "hold_region": "region", "hold_forts": "count",
                 "destroy_units": "count"}.get(kind)
        if needs and needs not in o:
            out.append(error("scenario.objective_incomplete",
                             _("objective '{get}' ({kind}) needs '{needs}'", get=o.get('id'),
                               kind=kind, needs=needs),
                             _("add {needs}", needs=needs), pointer=ptr))
        if m is not None and "fort" in o and m.fort(o["fort"]) is None:
            out.append(error("scenario.unknown_fort",
                             _("fort '{fort}' is not on the map", fort=o['fort']),
                             _("use a fort id of the map"), pointer=f"{ptr}/fort"))
        if m is not None and "region" in o and m.region(o["region"]) is None:
            out.append(error("scenario.unknown_region",
                             _("region '{region}' is not on the map", region=o['region']),
                             _("use a region id of the map"), pointer=f"{ptr}/region"))
        if c is not None and "unit" in o and o["unit"] not in c.units:
            out.append(error("scenario.unknown_unit",
                             _("unit '{unit}' is not in the catalog", unit=o['unit']),
                             _("use a unit id of the catalog"), pointer=f"{ptr}/unit"))
        if m is not None and kind == "hold_forts" and o.get("count", 0) > _forts_in_play(s, m):
            out.append(error("scenario.objective_impossible",
                             _("objective '{get}' needs {count} forts, only {forts_in_play} are in "
                               "play", get=o.get('id'), count=o['count'],
                               forts_in_play=_forts_in_play(s, m)),
                             _("lower the count"), pointer=f"{ptr}/count"))
    return out


def _check_catalog_fit(s: Scenario, r: Ruleset | None, c: Catalog) -> list[Problem]:
    out: list[Problem] = []
    for i, seat in enumerate(s.seats):
        if not any(seat.nation in u.nations and not u.special for u in c.units.values()):
            out.append(error("scenario.nation_without_units",
                             _("catalog '{id}' has no regular unit for {nation}", id=c.id,
                               nation=seat.nation),
                             _("add units for this nation to the catalog"),
                             pointer=f"/seats/{i}/nation"))
    if r is None:
        return out
    for uid, u in c.units.items():
        if r.currency not in u.cost:
            out.append(error("scenario.missing_price",
                             _("unit '{uid}' has no price in {currency}", uid=uid,
                               currency=r.currency),
                             _("give it cost.{currency} in the catalog", currency=r.currency),
                             pointer="/catalog"))
        short = min(len(u.armour_open), len(u.armour_forest))
        if short < r.destroyed_at_damage:
            out.append(warning("scenario.armour_too_short",
                               _("unit '{uid}' armour has {short} entries but units are destroyed "
                                 "at {destroyed_at_damage} damage", uid=uid, short=short,
                                 destroyed_at_damage=r.destroyed_at_damage),
                               _("extend the armour table in the catalog"), pointer="/catalog"))
    return out
