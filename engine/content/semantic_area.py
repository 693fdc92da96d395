"""Checks of area-game content that JSON Schema cannot express, with stable codes
(docs/der-erste-weltkrieg.md lists them): ids, outlines and adjacency, attack lines, city
ownership, replacement cities, markers per year, and a scenario's set-up."""

from __future__ import annotations

from collections import defaultdict

from engine.area_geometry import adjacency, contains, overlap_area, polygon_problem
from engine.area_model import FACTIONS, AreaMap, AreaRuleset, AreaScenario, ArmyCatalog
from engine.content.problems import Problem, error, warning
from engine.i18n import _


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
        out.append(error("area.duplicate_front",
                         _("front {number} is defined {n_idx} times", number=number,
                           n_idx=len(idx)),
                         _("give every front its own number"), pointer=f"/fronts/{idx[1]}/number"))
    places = [c.id for c in m.cities] + [b.id for b in m.bases]
    for pid, idx in _duplicates(places).items():
        where = (f"/cities/{idx[1]}" if idx[1] < len(m.cities)
                 else f"/bases/{idx[1] - len(m.cities)}")
        out.append(error("area.duplicate_place",
                         _("id '{pid}' names more than one city or base", pid=pid),
                         _("city and base ids must be unique in the map"), pointer=where + "/id"))
    fronts = {f.number: f for f in m.fronts}
    for i, f in enumerate(m.fronts):
        if f.theatre not in theatres:
            out.append(error("area.unknown_theatre",
                             _("front {number} is in theatre '{theatre}', which the map does not "
                               "define", number=f.number, theatre=f.theatre),
                             _("use one of: {theatres}", theatres=', '.join(sorted(theatres))),
                             pointer=f"/fronts/{i}/theatre"))
        reason = polygon_problem(f.polygon)
        if reason is not None:
            out.append(error("area.bad_outline",
                             _("the outline of front {number} is not a polygon: {reason}",
                               number=f.number, reason=reason),
                             _("draw a simple outline that does not cross itself"),
                             pointer=f"/fronts/{i}/polygon"))
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
                out.append(error("area.fronts_overlap",
                                 _("fronts {number} and {number2} overlap", number=a.number,
                                   number2=b.number),
                                 _("neighbouring fronts share a border, they do not overlap"),
                                 pointer=f"/fronts/{m.fronts.index(b)}/polygon"))
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
                out.append(error("area.unreachable_front",
                                 _("front {number} shares no border with the other fronts of "
                                   "theatre '{theatre}'", number=f.number, theatre=theatre),
                                 _("armies move only to adjacent fronts of the same theatre; make "
                                   "its outline touch a neighbour"), pointer=f"/fronts/{i}"))
    return out


def _places(m: AreaMap, fronts: dict) -> list[Problem]:
    out = []
    for kind, items in (("cities", m.cities), ("bases", m.bases)):
        for i, p in enumerate(items):
            front = fronts.get(p.front)
            if front is None:
                out.append(error("area.unknown_front",
                                 _("{kind} '{id}' is in front {front}, which does not exist",
                                   kind=kind[:-1] if kind == 'bases' else 'city', id=p.id,
                                   front=p.front),
                                 _("fronts are {fronts}", fronts=sorted(fronts)),
                                 pointer=f"/{kind}/{i}/front"))
            elif polygon_problem(front.polygon) is None and not contains(front.polygon, p.at):
                out.append(error("area.place_outside_front",
                                 _("'{id}' lies outside the outline of its front {front}", id=p.id,
                                   front=p.front), _("move it into the front or change its front"),
                                   pointer=f"/{kind}/{i}/at"))
    for f_index, f in enumerate(m.fronts):
        cities = [c for c in m.cities if c.front == f.number]
        bases = [b for b in m.bases if b.front == f.number]
        if not cities:
            out.append(error("area.front_without_city",
                             _("front {number} has no victory city", number=f.number),
                             _("every front holds at least one city (2.1)"),
                             pointer=f"/fronts/{f_index}"))
        owners = {b.owner for b in bases}
        if len(owners) < 2:
            out.append(error("area.missing_base",
                             _("front {number} has bases of {n_owners} faction(s)",
                               number=f.number, n_owners=len(owners)),
                             _("each side needs a base at the end of the front's attack line "
                               "(2.1)"), pointer=f"/fronts/{f_index}"))
        for c in cities:
            if owners and c.owner not in owners:
                out.append(error("area.owner_without_base",
                                 _("city '{id}' belongs to {owner}, who has no base in front "
                                   "{number}", id=c.id, owner=c.owner, number=f.number),
                                 _("a city's owner is one of the front's two sides"),
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
            out.append(error("area.unknown_place",
                             _("attack line {i} names '{unknown}', which is no city or base",
                               i=i + 1, unknown=unknown[0]),
                               _("join two cities or bases of the map"),
                             pointer=where))
            continue
        if line.a == line.b:
            out.append(error("area.line_loop",
                             _("attack line {i} joins '{a}' to itself", i=i + 1, a=line.a),
                             _("join two different places"), pointer=where))
            continue
        if front_of[line.a] != front_of[line.b]:
            out.append(error("area.line_between_fronts",
                             _("attack line {i} joins '{a}' (front {front_of}) and '{b}' (front "
                               "{front_of2})", i=i + 1, a=line.a, front_of=front_of[line.a],
                               b=line.b, front_of2=front_of[line.b]),
                             _("attack lines stay inside one front (6.4)"),
                             pointer=where))
            continue
        key = frozenset((line.a, line.b))
        if key in seen:
            out.append(warning("area.duplicate_line",
                               _("attack line {i} repeats '{a}'–'{b}'", i=i + 1, a=line.a,
                                 b=line.b), _("remove the copy"), pointer=where))
        seen.add(key)
        links[line.a].add(line.b)
        links[line.b].add(line.a)
    for i, b in enumerate(m.bases):
        if not links[b.id]:
            out.append(error("area.base_unlinked", _("base '{id}' is on no attack line", id=b.id),
                             _("an attack line of its front ends at every base (6.4)"),
                             pointer=f"/bases/{i}"))
    for i, c in enumerate(m.cities):
        if not links[c.id]:
            out.append(error("area.city_unlinked", _("city '{id}' is on no attack line", id=c.id),
                             _("no side could ever capture it; join it to its front's line"),
                             pointer=f"/cities/{i}"))
        elif not _reaches_own_base(c.id, c.owner, m, links):
            out.append(warning("area.owner_cut_off",
                               _("city '{id}' of {owner} is cut off from its owner's base by enemy "
                                 "cities", id=c.id, owner=c.owner),
                               _("check the owners along the attack line"),
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
        out.append(error("area.duplicate_army",
                         _("army id '{aid}' is used {n_idx} times", aid=aid, n_idx=len(idx)),
                         _("give every army its own id"), pointer=f"/armies/{idx[1]}/id"))
    for mid, idx in _duplicates([m.id for m in c.markers]).items():
        out.append(error("area.duplicate_marker",
                         _("marker id '{mid}' is used {n_idx} times", mid=mid, n_idx=len(idx)),
                         _("give every marker its own id"), pointer=f"/markers/{idx[1]}/id"))
    for i, a in enumerate(c.armies):
        faction = c.factions[a.faction]
        if a.nation not in faction.nations:
            out.append(error("area.nation_not_in_faction",
                             _("army '{id}' is {nation}, not a nation of {faction}", id=a.id,
                               nation=a.nation, faction=a.faction),
                             _("{faction} has {nations}", faction=a.faction,
                               nations=', '.join(faction.nations)), pointer=f"/armies/{i}/nation"))
        if a.nation not in c.nations:
            out.append(error("area.unknown_nation",
                             _("army '{id}' has nation {nation}, which the catalog does not name",
                               id=a.id, nation=a.nation), _("add it under 'nations'"),
                             pointer=f"/armies/{i}/nation"))
    for faction in FACTIONS:
        if not any(a.faction == faction and a.entry_round == 1 for a in c.armies):
            out.append(error("area.faction_without_armies",
                             _("{faction} has no army in round 1", faction=faction),
                             _("every faction starts with at least one army"),
                             pointer="/armies"))
    for alliance in ("allies", "central"):
        years = sorted({m.year for m in c.markers if m.alliance == alliance})
        if not years:
            out.append(error("area.no_markers",
                             _("the {alliance} have no battle markers", alliance=alliance),
                             _("each alliance draws from its own cup (6.2)"), pointer="/markers"))
    counts = {al: sum(m.alliance == al for m in c.markers) for al in ("allies", "central")}
    if counts["allies"] != counts["central"]:
        out.append(warning("area.markers_unbalanced",
                           _("the allies have {allies} markers, the central powers {central}",
                             allies=counts['allies'], central=counts['central']),
                           _("the original has 15 per alliance (6.2)"), pointer="/markers"))
    return out


def check_area_ruleset(r: AreaRuleset) -> list[Problem]:
    """Problems of an area ruleset on its own."""
    out: list[Problem] = []
    if len(r.round_years) != r.rounds:
        out.append(error("area.round_years",
                         _("{n_round_years} years for {rounds} rounds",
                           n_round_years=len(r.round_years), rounds=r.rounds),
                         _("give one year per round"), pointer="/round_years"))
    if any(b < a for a, b in zip(r.round_years, r.round_years[1:], strict=False)):
        out.append(error("area.round_years_order", _("the years of the rounds go backwards"),
                         _("list the years in order"), pointer="/round_years"))
    if r.draw_face not in r.die_faces:
        out.append(error("area.draw_face",
                         _("the 'S' face value {draw_face} is not a face of the die",
                           draw_face=r.draw_face), _("make draw_face one of die_faces"),
                           pointer="/draw_face"))
    late = [x for x in r.brest_litovsk.rounds if x > r.rounds]
    if late:
        out.append(warning("area.treaty_never",
                           _("the treaty rounds {late} come after the last round {rounds}",
                             late=late, rounds=r.rounds), _("offer it within the game"),
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
                out.append(error("area.unknown_nation",
                                 _("front {number} allows '{nation}', which the army catalog does "
                                   "not name", number=f.number, nation=nation),
                                 _("use a nation or designation of the catalog"),
                                 pointer="/map"))
    for a in c.armies:
        if not any(a.nation in f.nations or a.designation in f.nations for f in m.fronts):
            out.append(error("area.army_nowhere",
                             _("army '{id}' ({nation}) may operate in no front", id=a.id,
                               nation=a.nation), _("list its nation at some front"),
                               pointer="/armies"))
    for x in r.restrictions:
        if x.requires_city is not None and x.requires_city not in cities:
            out.append(error("area.unknown_city",
                             _("a restriction needs city '{requires_city}', which the map does not "
                               "have", requires_city=x.requires_city),
                             _("name a city of the map"), pointer="/ruleset"))
    named = {n for x in r.restrictions for n in x.fronts}
    named |= {n for fs in r.occupation_fronts.values() for n in fs}
    named |= set(r.command_fronts) | set(r.brest_litovsk.frozen_fronts)
    for n in sorted(named - front_numbers):
        out.append(error("area.unknown_front",
                         _("the ruleset names front {n}, which the map does not have", n=n),
                         _("fronts are {front_numbers}", front_numbers=sorted(front_numbers)),
                         pointer="/ruleset"))
    for i, v in enumerate(s.variants):
        if v not in r.variants:
            out.append(error("area.unknown_variant",
                             _("variant '{v}' is not offered by ruleset '{id}'", v=v, id=r.id),
                             _("offered: {value}", value=', '.join(sorted(r.variants)) or 'none'),
                             pointer=f"/variants/{i}"))
    years = set(r.round_years)
    for mk in c.markers:
        if mk.year not in years and mk.year > min(years, default=mk.year):
            out.append(warning("area.marker_never_enters",
                               _("marker '{id}' of {year} enters in no round", id=mk.id,
                                 year=mk.year), _("use a year of the ruleset's rounds"),
                               pointer="/armies"))
    first = min(years, default=0)
    for alliance in ("allies", "central"):
        if not any(mk.alliance == alliance and mk.year <= first for mk in c.markers):
            out.append(error("area.markers_incomplete",
                             _("the {alliance} have no marker for {first}, the first round",
                               alliance=alliance, first=first),
                             _("the 1914 markers fill the cups at the start (3.0)"),
                             pointer="/armies"))
    out += _historical(s, fronts)
    if "historical_setup" in s.variants and not s.historical_setup:
        out.append(error("area.historical_setup_missing",
                         _("the historical set-up is switched on but the scenario has no set-up "
                           "table"), _("add historical_setup"),
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
            out.append(error("area.unknown_front",
                             _("the set-up names front {front}, which the map does not have",
                               front=front), _("fronts are {fronts}", fronts=sorted(fronts)),
                             pointer=where + "/front"))
            continue
        for j, aid in enumerate(ids):
            army = armies.get(aid)
            if army is None:
                out.append(error("area.unknown_army",
                                 _("the set-up names army '{aid}', which the catalog does not have",
                                   aid=aid), _("use an army id of the catalog"),
                                 pointer=f"{where}/armies/{j}"))
                continue
            if aid in placed:
                out.append(error("area.army_twice", _("army '{aid}' is set up twice", aid=aid),
                                 _("each army starts in one front"), pointer=f"{where}/armies/{j}"))
            placed.add(aid)
            if army.entry_round != 1:
                out.append(error("area.army_not_yet",
                                 _("army '{aid}' enters in round {entry_round}, not round 1",
                                   aid=aid, entry_round=army.entry_round),
                                 _("set up only round-1 armies"), pointer=f"{where}/armies/{j}"))
            if not allowed(s, army.id, front, 1, initial=True):
                out.append(error("area.army_not_allowed",
                                 _("army '{aid}' ({nation}) may not operate in front {front} in "
                                   "round 1", aid=aid, nation=army.nation, front=front),
                                 _("front {front} allows {nations}", front=front,
                                   nations=', '.join(fronts[front].nations)),
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
