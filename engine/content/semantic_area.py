"""Checks of area-game content that JSON Schema cannot express, with stable codes
(docs/der-erste-weltkrieg.md lists them): ids, outlines and adjacency, attack lines, city
ownership, replacement cities, markers per year, and a scenario's set-up."""

from __future__ import annotations

from collections import defaultdict

from engine.area_geometry import adjacency, contains, overlap_area, polygon_problem
from engine.area_model import FACTIONS, AreaMap, AreaRuleset, AreaScenario, ArmyCatalog
from engine.content.problems import Problem, error, warning


def _duplicates(ids: list[str | int]) -> dict[str | int, list[int]]:
    seen: dict[str | int, list[int]] = defaultdict(list)
    for i, x in enumerate(ids):
        seen[x].append(i)
    return {k: v for k, v in seen.items() if len(v) > 1}


def check_area_map(m: AreaMap) -> list[Problem]:
    """Problems of an area map on its own."""
    out: list[Problem] = []
    theatres = {t.id for t in m.theatres}
    for number, idx in _duplicates([f.number for f in m.fronts]).items():
        out.append(error("area.duplicate_front", f"front {number} is defined {len(idx)} times",
                         "give every front its own number", pointer=f"/fronts/{idx[1]}/number"))
    places = [c.id for c in m.cities] + [b.id for b in m.bases]
    for pid, idx in _duplicates(places).items():
        where = (f"/cities/{idx[1]}" if idx[1] < len(m.cities)
                 else f"/bases/{idx[1] - len(m.cities)}")
        out.append(error("area.duplicate_place", f"id '{pid}' names more than one city or base",
                         "city and base ids must be unique in the map", pointer=where + "/id"))
    fronts = {f.number: f for f in m.fronts}
    for i, f in enumerate(m.fronts):
        if f.theatre not in theatres:
            out.append(error("area.unknown_theatre", f"front {f.number} is in theatre "
                             f"'{f.theatre}', which the map does not define",
                             f"use one of: {', '.join(sorted(theatres))}",
                             pointer=f"/fronts/{i}/theatre"))
        reason = polygon_problem(f.polygon)
        if reason is not None:
            out.append(error("area.bad_outline", f"the outline of front {f.number} is not a "
                             f"polygon: {reason}", "draw a simple outline that does not cross "
                             "itself", pointer=f"/fronts/{i}/polygon"))
    out += _overlaps(m)
    out += _reachability(m)
    out += _places(m, fronts)
    out += _lines(m, fronts)
    return out


def _overlaps(m: AreaMap) -> list[Problem]:
    out = []
    for i, a in enumerate(m.fronts):
        for b in m.fronts[i + 1:]:
            if overlap_area(a.polygon, b.polygon) > 1e-6:
                out.append(error("area.fronts_overlap", f"fronts {a.number} and {b.number} "
                                 "overlap", "neighbouring fronts share a border, they do not "
                                 "overlap", pointer=f"/fronts/{m.fronts.index(b)}/polygon"))
    return out


def _reachability(m: AreaMap) -> list[Problem]:
    """Every front of a theatre with several fronts must be reachable by movement (5.0)."""
    out = []
    adj = adjacency(m)
    by_theatre: dict[str, list[int]] = defaultdict(list)
    for f in m.fronts:
        by_theatre[f.theatre].append(f.number)
    for theatre, numbers in by_theatre.items():
        if len(numbers) < 2:
            continue
        seen = {numbers[0]}
        todo = [numbers[0]]
        while todo:
            n = todo.pop()
            for x in adj.get(n, ()):
                if x in numbers and x not in seen:
                    seen.add(x)
                    todo.append(x)
        for i, f in enumerate(m.fronts):
            if f.theatre == theatre and f.number not in seen:
                out.append(error("area.unreachable_front", f"front {f.number} shares no border "
                                 f"with the other fronts of theatre '{theatre}'",
                                 "armies move only to adjacent fronts of the same theatre; "
                                 "make its outline touch a neighbour", pointer=f"/fronts/{i}"))
    return out


def _places(m: AreaMap, fronts: dict) -> list[Problem]:
    out = []
    for kind, items in (("cities", m.cities), ("bases", m.bases)):
        for i, p in enumerate(items):
            front = fronts.get(p.front)
            if front is None:
                out.append(error("area.unknown_front", f"{kind[:-1] if kind == 'bases' else 'city'}"
                                 f" '{p.id}' is in front {p.front}, which does not exist",
                                 f"fronts are {sorted(fronts)}", pointer=f"/{kind}/{i}/front"))
            elif polygon_problem(front.polygon) is None and not contains(front.polygon, p.at):
                out.append(error("area.place_outside_front", f"'{p.id}' lies outside the outline "
                                 f"of its front {p.front}", "move it into the front or change "
                                 "its front", pointer=f"/{kind}/{i}/at"))
    for f_index, f in enumerate(m.fronts):
        cities = [c for c in m.cities if c.front == f.number]
        bases = [b for b in m.bases if b.front == f.number]
        if not cities:
            out.append(error("area.front_without_city", f"front {f.number} has no victory city",
                             "every front holds at least one city (2.1)",
                             pointer=f"/fronts/{f_index}"))
        owners = {b.owner for b in bases}
        if len(owners) < 2:
            out.append(error("area.missing_base", f"front {f.number} has bases of "
                             f"{len(owners)} faction(s)", "each side needs a base at the end "
                             "of the front's attack line (2.1)", pointer=f"/fronts/{f_index}"))
        for c in cities:
            if owners and c.owner not in owners:
                out.append(error("area.owner_without_base", f"city '{c.id}' belongs to "
                                 f"{c.owner}, who has no base in front {f.number}",
                                 "a city's owner is one of the front's two sides",
                                 pointer=f"/cities/{m.cities.index(c)}/owner"))
    return out


def _lines(m: AreaMap, fronts: dict) -> list[Problem]:
    out = []
    front_of = m.place_front()
    seen: set[frozenset[str]] = set()
    links: dict[str, set[str]] = defaultdict(set)
    for i, line in enumerate(m.attack_lines):
        where = f"/attack_lines/{i}"
        unknown = [p for p in (line.a, line.b) if p not in front_of]
        if unknown:
            out.append(error("area.unknown_place", f"attack line {i + 1} names '{unknown[0]}', "
                             "which is no city or base", "join two cities or bases of the map",
                             pointer=where))
            continue
        if line.a == line.b:
            out.append(error("area.line_loop", f"attack line {i + 1} joins '{line.a}' to itself",
                             "join two different places", pointer=where))
            continue
        if front_of[line.a] != front_of[line.b]:
            out.append(error("area.line_between_fronts", f"attack line {i + 1} joins "
                             f"'{line.a}' (front {front_of[line.a]}) and '{line.b}' (front "
                             f"{front_of[line.b]})", "attack lines stay inside one front (6.4)",
                             pointer=where))
            continue
        key = frozenset((line.a, line.b))
        if key in seen:
            out.append(warning("area.duplicate_line", f"attack line {i + 1} repeats "
                               f"'{line.a}'–'{line.b}'", "remove the copy", pointer=where))
        seen.add(key)
        links[line.a].add(line.b)
        links[line.b].add(line.a)
    for i, b in enumerate(m.bases):
        if not links[b.id]:
            out.append(error("area.base_unlinked", f"base '{b.id}' is on no attack line",
                             "an attack line of its front ends at every base (6.4)",
                             pointer=f"/bases/{i}"))
    for i, c in enumerate(m.cities):
        if not links[c.id]:
            out.append(error("area.city_unlinked", f"city '{c.id}' is on no attack line",
                             "no side could ever capture it; join it to its front's line",
                             pointer=f"/cities/{i}"))
        elif not _reaches_own_base(c.id, c.owner, m, links):
            out.append(warning("area.owner_cut_off", f"city '{c.id}' of {c.owner} is cut off "
                               "from its owner's base by enemy cities",
                               "check the owners along the attack line",
                               pointer=f"/cities/{i}/owner"))
    return out


def _reaches_own_base(start: str, owner: str, m: AreaMap, links: dict[str, set[str]]) -> bool:
    owner_of = {c.id: c.owner for c in m.cities} | {b.id: b.owner for b in m.bases}
    bases = {b.id for b in m.bases if b.owner == owner}
    seen, todo = {start}, [start]
    while todo:
        p = todo.pop()
        if p in bases:
            return True
        for q in links[p]:
            if q not in seen and owner_of.get(q) == owner:
                seen.add(q)
                todo.append(q)
    return False


def check_army_catalog(c: ArmyCatalog) -> list[Problem]:
    """Problems of an army catalog on its own."""
    out: list[Problem] = []
    for aid, idx in _duplicates([a.id for a in c.armies]).items():
        out.append(error("area.duplicate_army", f"army id '{aid}' is used {len(idx)} times",
                         "give every army its own id", pointer=f"/armies/{idx[1]}/id"))
    for mid, idx in _duplicates([m.id for m in c.markers]).items():
        out.append(error("area.duplicate_marker", f"marker id '{mid}' is used {len(idx)} times",
                         "give every marker its own id", pointer=f"/markers/{idx[1]}/id"))
    for i, a in enumerate(c.armies):
        faction = c.factions[a.faction]
        if a.nation not in faction.nations:
            out.append(error("area.nation_not_in_faction", f"army '{a.id}' is {a.nation}, not a "
                             f"nation of {a.faction}", f"{a.faction} has "
                             f"{', '.join(faction.nations)}", pointer=f"/armies/{i}/nation"))
        if a.nation not in c.nations:
            out.append(error("area.unknown_nation", f"army '{a.id}' has nation {a.nation}, "
                             "which the catalog does not name", "add it under 'nations'",
                             pointer=f"/armies/{i}/nation"))
    for faction in FACTIONS:
        if not any(a.faction == faction and a.entry_round == 1 for a in c.armies):
            out.append(error("area.faction_without_armies", f"{faction} has no army in round 1",
                             "every faction starts with at least one army",
                             pointer="/armies"))
    for alliance in ("allies", "central"):
        years = sorted({m.year for m in c.markers if m.alliance == alliance})
        if not years:
            out.append(error("area.no_markers", f"the {alliance} have no battle markers",
                             "each alliance draws from its own cup (6.2)", pointer="/markers"))
    counts = {al: sum(m.alliance == al for m in c.markers) for al in ("allies", "central")}
    if counts["allies"] != counts["central"]:
        out.append(warning("area.markers_unbalanced", f"the allies have {counts['allies']} "
                           f"markers, the central powers {counts['central']}",
                           "the original has 15 per alliance (6.2)", pointer="/markers"))
    return out


def check_area_ruleset(r: AreaRuleset) -> list[Problem]:
    """Problems of an area ruleset on its own."""
    out: list[Problem] = []
    if len(r.round_years) != r.rounds:
        out.append(error("area.round_years", f"{len(r.round_years)} years for {r.rounds} rounds",
                         "give one year per round", pointer="/round_years"))
    if any(b < a for a, b in zip(r.round_years, r.round_years[1:], strict=False)):
        out.append(error("area.round_years_order", "the years of the rounds go backwards",
                         "list the years in order", pointer="/round_years"))
    if r.draw_face not in r.die_faces:
        out.append(error("area.draw_face", f"the 'S' face value {r.draw_face} is not a face of "
                         "the die", "make draw_face one of die_faces", pointer="/draw_face"))
    late = [x for x in r.brest_litovsk.rounds if x > r.rounds]
    if late:
        out.append(warning("area.treaty_never", f"the treaty rounds {late} come after the last "
                           f"round {r.rounds}", "offer it within the game",
                           pointer="/brest_litovsk/rounds"))
    return out


def check_area_scenario(s: AreaScenario) -> list[Problem]:
    """Problems between a scenario and its map, catalog and ruleset (all loaded)."""
    m, c, r = s.map, s.catalog, s.ruleset
    if m is None or c is None or r is None:
        return []
    out: list[Problem] = []
    fronts = {f.number: f for f in m.fronts}
    front_numbers = set(fronts)
    cities = {x.id for x in m.cities}
    for f in m.fronts:
        for nation in f.nations:
            if nation not in c.nations:
                out.append(error("area.unknown_nation", f"front {f.number} allows '{nation}', "
                                 "which the army catalog does not name",
                                 "use a nation or designation of the catalog",
                                 pointer="/map"))
    for a in c.armies:
        if not any(a.nation in f.nations or a.designation in f.nations for f in m.fronts):
            out.append(error("area.army_nowhere", f"army '{a.id}' ({a.nation}) may operate in no "
                             "front", "list its nation at some front", pointer="/armies"))
    for x in r.restrictions:
        if x.requires_city is not None and x.requires_city not in cities:
            out.append(error("area.unknown_city", f"a restriction needs city "
                             f"'{x.requires_city}', which the map does not have",
                             "name a city of the map", pointer="/ruleset"))
    named = {n for x in r.restrictions for n in x.fronts}
    named |= {n for fs in r.occupation_fronts.values() for n in fs}
    named |= set(r.command_fronts) | set(r.brest_litovsk.frozen_fronts)
    for n in sorted(named - front_numbers):
        out.append(error("area.unknown_front", f"the ruleset names front {n}, which the map "
                         "does not have", f"fronts are {sorted(front_numbers)}",
                         pointer="/ruleset"))
    for i, v in enumerate(s.variants):
        if v not in r.variants:
            out.append(error("area.unknown_variant", f"variant '{v}' is not offered by ruleset "
                             f"'{r.id}'", f"offered: {', '.join(sorted(r.variants)) or 'none'}",
                             pointer=f"/variants/{i}"))
    years = set(r.round_years)
    for mk in c.markers:
        if mk.year not in years and mk.year > min(years, default=mk.year):
            out.append(warning("area.marker_never_enters", f"marker '{mk.id}' of {mk.year} "
                               "enters in no round", "use a year of the ruleset's rounds",
                               pointer="/armies"))
    first = min(years, default=0)
    for alliance in ("allies", "central"):
        if not any(mk.alliance == alliance and mk.year <= first for mk in c.markers):
            out.append(error("area.markers_incomplete", f"the {alliance} have no marker for "
                             f"{first}, the first round", "the 1914 markers fill the cups at "
                             "the start (3.0)", pointer="/armies"))
    out += _historical(s, fronts)
    if "historical_setup" in s.variants and not s.historical_setup:
        out.append(error("area.historical_setup_missing", "the historical set-up is switched "
                         "on but the scenario has no set-up table", "add historical_setup",
                         pointer="/variants"))
    return out


def _historical(s: AreaScenario, fronts: dict) -> list[Problem]:
    assert s.catalog is not None and s.ruleset is not None and s.map is not None
    out: list[Problem] = []
    armies = {a.id: a for a in s.catalog.armies}
    placed: set[str] = set()
    for i, (front, ids) in enumerate(s.historical_setup.items()):
        where = f"/historical_setup/{i}"
        if front not in fronts:
            out.append(error("area.unknown_front", f"the set-up names front {front}, which the "
                             "map does not have", f"fronts are {sorted(fronts)}",
                             pointer=where + "/front"))
            continue
        for j, aid in enumerate(ids):
            army = armies.get(aid)
            if army is None:
                out.append(error("area.unknown_army", f"the set-up names army '{aid}', which the "
                                 "catalog does not have", "use an army id of the catalog",
                                 pointer=f"{where}/armies/{j}"))
                continue
            if aid in placed:
                out.append(error("area.army_twice", f"army '{aid}' is set up twice",
                                 "each army starts in one front", pointer=f"{where}/armies/{j}"))
            placed.add(aid)
            if army.entry_round != 1:
                out.append(error("area.army_not_yet", f"army '{aid}' enters in round "
                                 f"{army.entry_round}, not round 1", "set up only round-1 "
                                 "armies", pointer=f"{where}/armies/{j}"))
            if not allowed(s, army.id, front, 1, initial=True):
                out.append(error("area.army_not_allowed", f"army '{aid}' ({army.nation}) may not "
                                 f"operate in front {front} in round 1",
                                 f"front {front} allows {', '.join(fronts[front].nations)}",
                                 pointer=f"{where}/armies/{j}"))
    return out


def allowed(s: AreaScenario, army_id: str, front: int, round_no: int,
            controlled: set[str] | None = None, initial: bool = False) -> bool:
    """Whether an army may operate in a front in a round: its nation or designation is listed
    there (2.1), and no restriction of the ruleset (5.3, 5.4) forbids it. `controlled` is the
    set of city ids the army's faction holds (the map's owners when None)."""
    assert s.catalog is not None and s.ruleset is not None and s.map is not None
    army = s.catalog.army(army_id)
    f = s.map.front(front)
    if army.nation not in f.nations and army.designation not in f.nations:
        return False
    for x in s.ruleset.restrictions:
        if front not in x.fronts or not ({army.nation, army.designation} & set(x.nations)):
            continue
        if x.from_round is not None and round_no < x.from_round:
            return False
        if x.requires_city is not None:
            held = controlled if controlled is not None and not initial else {
                c.id for c in s.map.cities if c.owner == army.faction}
            if x.requires_city not in held:
                return False
    return True
