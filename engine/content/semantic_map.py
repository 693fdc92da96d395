"""Semantic map checks beyond the schema: forts, approachability, start numbers, halves, bridges.

`check_map` works on the model (the editor runs it live), so it is written for speed: land
connectivity is computed on runs of passable hexes per row (or column), not hex by hex.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections import Counter
from typing import Any

from engine.content.convert_map import MAX_HEXES, grid_problems
from engine.content.documents import load_document
from engine.content.estimable import Flags
from engine.content.problems import Problem, count, error, warning
from engine.content.xmltext import unwritable_texts
from engine.halves import fort_hexes, forts_in_half, straddling
from engine.hexes import Hex, Layout
from engine.i18n import _
from engine.model import TERRAIN_ID, GameMap
from engine.paths import DEFAULT_RULESET

HALVES = {"half_1_6": range(1, 7), "half_7_12": range(7, 13)}
_WATER = TERRAIN_ID["water"]
_BRIDGE = TERRAIN_ID["bridge"]
_PASSABLE = bytes(0 if i == _WATER else 1 for i in range(256))
_RUN = re.compile(rb"\x01+")
_MARGIN = 3.0  # hex units beyond the outermost hex centres
DRAWING_LIMIT = 20.0  # hex units beyond the outermost hex centres: an error (docs/validation.md)
MAX_DRAWING_PROBLEMS = 100  # then `map.drawing_too_many` says the list stopped
MAX_BRIDGE_WARNINGS = 50  # then `terrain.bridges_too_many`


def check_map_data(data: dict[str, Any]) -> list[Problem]:
    """Checks on schema-valid map data that the model cannot express (ids, grid, spans)."""
    out = grid_problems(data)
    width, height = data.get("width", 0), data.get("height", 0)
    for i, region in enumerate(data.get("regions", [])):
        for j, (row, first, last) in enumerate(region["spans"]):
            if row >= height or last >= width or first > last:
                out.append(error(
                    "region.bad_span",
                    _("region '{id}' span [{row}, {first}, {last}] is outside the map or inverted",
                      id=region['id'], row=row, first=first, last=last),
                    _("rows are 0..{height}, columns 0..{width}, first <= last", height=height - 1,
                      width=width - 1),
                    pointer=f"/regions/{i}/spans/{j}",
                ))
    return out


class _Components:
    """Connected components of passable hexes, as runs per line (row or column)."""

    def __init__(self, m: GameMap, blocked: set[int]) -> None:
        self.m = m
        w, h = m.width, m.height
        pointy = m.layout.orientation == "pointy"
        self.pointy = pointy
        n_lines = h if pointy else w
        shoved_parity = 1 if m.layout.offset == "odd" else 0
        terrain = m.terrain
        by_line: dict[int, list[int]] = {}
        for i in blocked:
            row, col = divmod(i, w)
            line, pos = (row, col) if pointy else (col, row)
            by_line.setdefault(line, []).append(pos)
        parent: list[int] = []
        self.starts: list[list[int]] = []
        self.ends: list[list[int]] = []
        self.ids: list[list[int]] = []
        self.sizes: list[int] = []
        prev_s: list[int] = []
        prev_e: list[int] = []
        prev_ids: list[int] = []
        for line in range(n_lines):
            raw = terrain[line * w:(line + 1) * w] if pointy else terrain[line::w]
            mask = bytearray(raw.translate(_PASSABLE))
            for pos in by_line.get(line, ()):
                mask[pos] = 0
            s_list, e_list, id_list = [], [], []
            for mt in _RUN.finditer(mask):
                s_list.append(mt.start())
                e_list.append(mt.end() - 1)
                id_list.append(len(parent))
                parent.append(len(parent))
                self.sizes.append(mt.end() - mt.start())
            if line > 0 and s_list and prev_s:
                # Line `line - 1` seen from this line: a hex at p touches p-1, p or p, p+1.
                shift = 1 if (line - 1) % 2 == shoved_parity else -1
                a = b = 0
                while a < len(prev_s) and b < len(s_list):
                    lo = prev_s[a] + min(shift, 0)
                    hi = prev_e[a] + max(shift, 0)
                    if s_list[b] <= hi and e_list[b] >= lo:
                        self._union(parent, prev_ids[a], id_list[b])
                    if hi < e_list[b]:
                        a += 1
                    else:
                        b += 1
            self.starts.append(s_list)
            self.ends.append(e_list)
            self.ids.append(id_list)
            prev_s, prev_e, prev_ids = s_list, e_list, id_list
        self.parent = parent
        totals: Counter[int] = Counter()
        for run, size in enumerate(self.sizes):
            totals[self.find(run)] += size
        self.totals = totals

    @staticmethod
    def _union(parent: list[int], a: int, b: int) -> None:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        if a != b:
            parent[max(a, b)] = min(a, b)

    def find(self, run: int) -> int:
        parent = self.parent
        while parent[run] != run:
            parent[run] = parent[parent[run]]
            run = parent[run]
        return run

    def component(self, col: int, row: int) -> int | None:
        """Component id of an in-bounds hex, None when it is not passable."""
        line, pos = (row, col) if self.pointy else (col, row)
        k = bisect_right(self.starts[line], pos) - 1
        if k < 0 or self.ends[line][k] < pos:
            return None
        return self.find(self.ids[line][k])


@functools.cache
def default_forts_per_half() -> int:
    """Forts per 2-player half in the default ruleset: what a map is checked against when
    no scenario names its ruleset (read once; the built-in content does not change)."""
    data = load_document(DEFAULT_RULESET).data
    return int(Flags().num(data["forts_per_half"], "/forts_per_half"))


def check_map(m: GameMap, forts_per_half: int | None = None) -> list[Problem]:
    """Semantic problems of a map model (pointers follow the model's list order). The halves
    must hold `forts_per_half` forts each (default: the default ruleset's number)."""
    w, h = m.width, m.height
    if not (1 <= w <= 1000 and 1 <= h <= 1000) or w * h > MAX_HEXES:
        return [error("map.too_large", _("map of {w} x {h} hexes is outside the limit", w=w, h=h),
                      _("at most 1000 hexes per side and 1,000,000 in all"), pointer="/width")]
    if len(m.terrain) != w * h:
        return [error("map.terrain_rows", _("terrain does not match width x height"),
                      _("resize the terrain grid"), pointer="/terrain")]
    out: list[Problem] = []
    to_offset = m.to_offset

    def index(hx: Hex) -> int | None:
        col, row = to_offset(hx)
        return row * w + col if 0 <= col < w and 0 <= row < h else None

    def where(hx: Hex) -> tuple[int, int]:
        return to_offset(hx)

    for key, items, what in (("forts", m.forts, "fort"), ("regions", m.regions, "region"),
                             ("paths", m.paths, "path")):
        seen: dict[str, int] = {}
        for i, item in enumerate(items):
            if item.id in seen:
                out.append(error("map.duplicate_id",
                                 _("{what} id '{id}' is used twice", what=what, id=item.id),
                                 _("ids must be unique; the first is /{key}/{seen}", key=key,
                                   seen=seen[item.id]),
                                 pointer=f"/{key}/{i}/id"))
            seen.setdefault(item.id, i)

    out += _check_forts(m, index, where)
    blocked = {i for f in m.forts for hx in (*f.hexes, *f.entrances)
               if (i := index(hx)) is not None}
    out += _check_markers(m, index, where, blocked)
    out += _check_reachability(m, index, where, blocked)
    out += _check_halves(m, forts_per_half or default_forts_per_half())
    out += _check_bridges(m)
    out += _check_drawings(m)
    out += _check_texts(m)
    return out


def _check_texts(m: GameMap) -> list[Problem]:
    """The map's texts (names, labels, author…) that a board export could not write."""
    texts = [("/name/en", m.name), ("/name/de", m.name_de)] if m.name_de else [("/name", m.name)]
    texts += [("/author", m.author), ("/description", m.description), ("/license", m.license)]
    texts += [(f"/forts/{i}/name", f.name) for i, f in enumerate(m.forts)]
    texts += [(f"/regions/{i}/name", r.name) for i, r in enumerate(m.regions)]
    texts += [(f"/labels/{i}/text", lb.text) for i, lb in enumerate(m.labels)]
    return unwritable_texts("map", texts)


def _check_drawings(m: GameMap) -> list[Problem]:
    """Path points and labels outside the map: a warning a little outside (rivers and roads
    may run off the edge), an error beyond DRAWING_LIMIT (exports would grow without bound)."""
    layout = Layout(m.layout.orientation, 1.0)
    cols = {0, min(1, m.width - 1), max(m.width - 2, 0), m.width - 1}
    rows = {0, min(1, m.height - 1), max(m.height - 2, 0), m.height - 1}
    centres = [layout.hex_to_pixel(m.to_axial(c, r)) for c in cols for r in rows]
    x0 = min(x for x, _ in centres)
    x1 = max(x for x, _ in centres)
    y0 = min(y for _, y in centres)
    y1 = max(y for _, y in centres)
    out: list[Problem] = []
    warned = 0
    points = [(f"/paths/{i}/points/{j}", p.id, pt) for i, p in enumerate(m.paths)
              for j, pt in enumerate(p.points)]
    points += [(f"/labels/{i}/at", lb.text, lb.at) for i, lb in enumerate(m.labels)]
    for k, (pointer, name, (x, y)) in enumerate(points):
        if len(out) >= MAX_DRAWING_PROBLEMS:
            if any(max(x0 - x, x - x1, y0 - y, y - y1) > DRAWING_LIMIT
                   for _p, _n, (x, y) in points[k:]):
                out.append(error("map.drawing_too_many",
                                 _("more path points or labels lie too far outside the map; "
                                   "listing stopped after {count}", count=MAX_DRAWING_PROBLEMS),
                                 _("fix the ones listed first")))
            break
        beyond = max(x0 - x, x - x1, y0 - y, y - y1)
        if beyond > DRAWING_LIMIT:
            out.append(error("map.drawing_too_far",
                             _("'{name}' has a point ({x}, {y}) {beyond:.0f} hex units outside the "
                               "map; the limit is {drawing_limit:.0f}", name=name, x=x, y=y,
                               beyond=beyond, drawing_limit=DRAWING_LIMIT),
                             _("points are in hex units from the centre of hex [0, 0]; keep "
                               "drawings on or near the map"), pointer=pointer))
        elif beyond > _MARGIN and warned < 20:
            warned += 1
            out.append(warning("map.drawing_out_of_bounds",
                               _("'{name}' has a point ({x}, {y}) outside the map", name=name, x=x,
                                 y=y),
                               _("points are in hex units from the centre of hex [0, 0]"),
                               pointer=pointer))
    return out


def _check_forts(m: GameMap, index: Any, where: Any) -> list[Problem]:
    out: list[Problem] = []
    terrain = m.terrain
    claimed: dict[Hex, int] = {}
    for i, f in enumerate(m.forts):
        ptr = f"/forts/{i}"
        footprint = set(f.hexes)
        for j, hx in enumerate(f.hexes):
            i_h = index(hx)
            if i_h is None:
                out.append(error("map.out_of_bounds", _("fort '{id}' hex is off the map", id=f.id),
                                 _("move the hex onto the map"), pointer=f"{ptr}/hexes/{j}",
                                 hex=where(hx)))
            elif terrain[i_h] == _WATER:
                out.append(error("fort.on_water", _("fort '{id}' stands on water", id=f.id),
                                 _("build forts on land; change the terrain or move the fort"),
                                 pointer=f"{ptr}/hexes/{j}", hex=where(hx)))
        if len(f.entrances) != 2:
            out.append(error("fort.entrance_count",
                             _("fort '{id}' has {n_entrances} entrances, needs exactly 2", id=f.id,
                               n_entrances=len(f.entrances)),
                             _("give every fort two entrance hexes"), pointer=f"{ptr}/entrances"))
        elif f.entrances[0] == f.entrances[1]:
            out.append(error("fort.entrance_count",
                             _("fort '{id}' lists one entrance twice", id=f.id),
                             _("the two entrances must be different hexes"),
                             pointer=f"{ptr}/entrances/1", hex=where(f.entrances[1])))
        for j, e in enumerate(f.entrances):
            eptr = f"{ptr}/entrances/{j}"
            i_e = index(e)
            if i_e is None:
                out.append(error("map.out_of_bounds",
                                 _("fort '{id}' entrance is off the map", id=f.id),
                                 _("move the entrance onto the map"), pointer=eptr, hex=where(e)))
                continue
            if e in footprint:
                out.append(error("fort.entrance_in_footprint",
                                 _("fort '{id}' entrance is one of its own footprint hexes",
                                   id=f.id),
                                 _("put the entrance next to the fort, not inside it"),
                                 pointer=eptr, hex=where(e)))
            elif not any(n in footprint for n in e.neighbors()):
                out.append(error("fort.entrance_not_adjacent",
                                 _("fort '{id}' entrance does not touch the fort", id=f.id),
                                 _("an entrance must share an edge with a footprint hex"),
                                 pointer=eptr, hex=where(e)))
            if terrain[i_e] == _WATER:
                out.append(error("fort.entrance_on_water",
                                 _("fort '{id}' entrance is water", id=f.id),
                                 _("entrances must be land; change the terrain or move it"),
                                 pointer=eptr, hex=where(e)))
        reported: set[int] = set()
        for j, hx in enumerate((*f.hexes, *f.entrances)):
            other = claimed.get(hx)
            if other is not None and other != i and other not in reported:
                reported.add(other)
                part = "hexes" if j < len(f.hexes) else "entrances"
                k = j if j < len(f.hexes) else j - len(f.hexes)
                out.append(error("fort.overlap",
                                 _("fort '{id}' overlaps fort '{id2}'", id=f.id,
                                   id2=m.forts[other].id),
                                 _("forts and their entrances may not share hexes"),
                                 pointer=f"{ptr}/{part}/{k}", hex=where(hx)))
            claimed.setdefault(hx, i)
    return out


def _check_markers(m: GameMap, index: Any, where: Any, blocked: set[int]) -> list[Problem]:
    out: list[Problem] = []
    counts = Counter(s.number for s in m.start_markers)
    hexes_seen: dict[Hex, int] = {}
    for i, s in enumerate(m.start_markers):
        ptr = f"/start_markers/{i}"
        if not 1 <= s.number <= 12:
            out.append(error("start.number_range",
                             _("start number {number} is not in 1..12", number=s.number),
                             _("start numbers run from 1 to 12"), pointer=f"{ptr}/number"))
        if counts[s.number] > 1 and i != next(k for k, x in enumerate(m.start_markers)
                                              if x.number == s.number):
            out.append(error("start.duplicate_number",
                             _("start number {number} appears twice", number=s.number),
                             _("each start number appears once"), pointer=f"{ptr}/number",
                             hex=where(s.hex)))
        i_h = index(s.hex)
        if i_h is None:
            out.append(error("map.out_of_bounds",
                             _("start number {number} is off the map", number=s.number),
                             _("move it onto the map"), pointer=f"{ptr}/hex", hex=where(s.hex)))
            continue
        if i_h in blocked:
            out.append(error("start.in_fort",
                             _("start number {number} is on a fort or entrance", number=s.number),
                             _("put start numbers on open ground"), pointer=f"{ptr}/hex",
                             hex=where(s.hex)))
        elif m.terrain[i_h] == _WATER:
            out.append(warning("start.on_water",
                               _("start number {number} is on water", number=s.number),
                               _("units placed there cannot fight; prefer land"),
                               pointer=f"{ptr}/hex", hex=where(s.hex)))
        if s.hex in hexes_seen:
            out.append(error("start.shared_hex",
                             _("start number {number} shares a hex with number {number2}",
                               number=s.number, number2=m.start_markers[hexes_seen[s.hex]].number),
                             _("one start number per hex"), pointer=f"{ptr}/hex", hex=where(s.hex)))
        hexes_seen.setdefault(s.hex, i)
    missing = [n for n in range(1, 13) if n not in counts]
    if m.start_markers and missing:
        out.append(warning("start.incomplete",
                           _("start numbers {map} are missing", map=", ".join(map(str, missing))),
                           _("a 4-player game needs all of 1..12 on the map"),
                           pointer="/start_markers"))
    return out


def _check_reachability(m: GameMap, index: Any, where: Any, blocked: set[int]) -> list[Problem]:
    if not m.forts:
        return []
    comps = _Components(m, blocked)
    w = m.width
    home: set[int] = set()
    for s in m.start_markers:
        i_h = index(s.hex)
        if i_h is not None:
            row, col = divmod(i_h, w)
            c = comps.component(col, row)
            if c is not None:
                home.add(c)
    if not home and comps.totals:
        home = {max(comps.totals, key=lambda c: (comps.totals[c], -c))}
    out: list[Problem] = []
    for i, f in enumerate(m.forts):
        reachable = False
        for e in f.entrances:
            for n in e.neighbors():
                i_n = index(n)
                if i_n is None:
                    continue
                row, col = divmod(i_n, w)
                c = comps.component(col, row)
                if c is not None and c in home:
                    reachable = True
                    break
            if reachable:
                break
        if not reachable and all(index(e) is not None for e in f.entrances):
            out.append(error(
                "fort.unreachable", _("fort '{id}' cannot be reached over land", id=f.id),
                _("give an entrance a land neighbour connected to the start areas (e.g. a bridge)"),
                pointer=f"/forts/{i}/entrances",
                hex=where(f.entrances[0]) if f.entrances else None,
            ))
    return out


def _check_halves(m: GameMap, forts_per_half: int) -> list[Problem]:
    out: list[Problem] = []
    present = [r for r in m.regions if r.id in HALVES]
    if not present and len({s.number for s in m.start_markers}) == 12:
        out.append(warning("region.halves_missing",
                           _("the map has no half_1_6 / half_7_12 regions"),
                           _("add both halves so the map can be played by 2 players"),
                           pointer="/regions"))
    for r in present:
        i = m.regions.index(r)
        expected = set(HALVES[r.id])
        inside = {s.number for s in m.start_markers if s.hex in r.hexes}
        if inside != expected:
            missing = sorted(expected - inside)
            extra = sorted(inside - expected)
            parts = []
            if missing:
                parts.append(_("lacks start numbers {numbers}",
                               numbers=", ".join(map(str, missing))))
            if extra:
                parts.append(_("holds start numbers {numbers}",
                               numbers=", ".join(map(str, extra))))
            out.append(error("region.half_start_numbers",
                             _("region '{id}' {parts}", id=r.id,
                               parts=parts[0] if len(parts) == 1 else _(
                                   "{first} and {second}", first=parts[0], second=parts[1])),
                             _("the half must hold exactly start numbers {min}-{max}",
                               min=min(expected), max=max(expected)), pointer=f"/regions/{i}"))
        forts = len(forts_in_half(m.forts, r.hexes))
        if forts != forts_per_half:
            out.append(error("region.half_forts",
                             _("region '{id}' holds {count}, needs {forts_per_half} (the ruleset's "
                               "forts_per_half)", id=r.id, count=count(forts, 'fort'),
                               forts_per_half=forts_per_half),
                             _("a fort counts for a half when its footprint and both entrances are "
                               "inside"), pointer=f"/regions/{i}"))
        for f in straddling(m.forts, r.hexes):
            j = m.forts.index(f)
            out.append(error("fort.straddles_half",
                             _("fort '{id}' lies partly inside and partly outside half '{id2}'",
                               id=f.id, id2=r.id),
                             _("move the fort, its entrances or the half line so the whole fort is "
                               "on one side"), pointer=f"/forts/{j}",
                             hex=m.to_offset(fort_hexes(f)[0])))
    return out


def _check_bridges(m: GameMap, start: int = 0, limit: int | None = None) -> list[Problem]:
    out: list[Problem] = []
    terrain = m.terrain
    w, h = m.width, m.height
    i = terrain.find(_BRIDGE, start)
    while i != -1:
        row, col = divmod(i, w)
        hx = m.to_axial(col, row)
        water = []
        for d, n in enumerate(hx.neighbors()):
            nc, nr = m.to_offset(n)
            if 0 <= nc < w and 0 <= nr < h and terrain[nr * w + nc] == _WATER:
                water.append(d)
        if not any((b - a) % 6 in (2, 3, 4) for a in water for b in water):
            out.append(warning("terrain.bridge_without_water",
                               _("bridge does not cross water"),
                               _("a bridge needs water on two opposite sides; use road here"),
                               pointer=f"/terrain/{row}", hex=(col, row)))
            if limit is not None and len(out) >= limit:
                break
            if len(out) >= MAX_BRIDGE_WARNINGS:
                if _any_dry_bridge(m, i + 1):
                    out.append(warning("terrain.bridges_too_many",
                                       _("more bridges do not cross water; listing stopped "
                                         "after {count}", count=MAX_BRIDGE_WARNINGS),
                                       _("fix the ones listed first")))
                break
        i = terrain.find(_BRIDGE, i + 1)
    return out


def _any_dry_bridge(m: GameMap, start: int) -> bool:
    """Whether a bridge at index `start` or later has no water on two opposite sides."""
    return bool(_check_bridges(m, start, limit=1))
