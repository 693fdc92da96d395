"""The printed board of a Der Erste Weltkrieg area map, as the same shapes the hex board uses
(exporters.board), so the SVG, PNG and PDF renderers draw it unchanged.

Fronts are tinted by theatre with their number and name; attack lines run between cities
(squares; replacement cities are circles, 2.1) and bases (hexagons), dashed with "ab Runde N"
when they open later (6.6); each place is filled with its owner's colour. `owner` may give
the owners of a game in progress instead of the map's starting owners.

A map's background picture, when its bytes are given, goes where the editor shows it
(engine.area_geometry `background_frame`: stretched over the map's rectangle) at its opacity,
above the paper and under the fronts, whose tints then let it show through.
"""

from __future__ import annotations

import math

from shapely.geometry import Polygon

from engine.area_geometry import (
    FRONT_OPACITY_OVER_PICTURE,
    background_frame,
    background_opacity,
)
from engine.area_model import AreaMap, ArmyCatalog
from exporters.board import PALETTE, Board, Group, Shape

Point = tuple[float, float]
DEFAULT_WIDTH_MM = 600.0
MARGIN_MM = 18.0
THEATRE_TINTS = ("#e6dcc0", "#d9dfc4", "#e3d3c7", "#d3dbd9", "#e2d9cf")
FACTION_COLOURS = {"western_allies": "#b5483c", "eastern_allies": "#4f7d4a",
                   "germans": "#35332f", "german_allies": "#3f6c9c"}


def build_area_board(m: AreaMap, catalog: ArmyCatalog | None = None,
                     owner: dict[str, str] | None = None, width_mm: float = DEFAULT_WIDTH_MM,
                     lang: str = "de", background: bytes | None = None) -> Board:
    """Lay out an area map `width_mm` wide (plus margins) as drawing shapes in millimetres;
    `background`: the bytes of the map's background picture (checked PNG or JPEG), drawn under
    the fronts."""
    k = width_mm / m.size[0]
    height_mm = m.size[1] * k

    def at(p: Point) -> Point:
        return (MARGIN_MM + p[0] * k, MARGIN_MM + p[1] * k)

    colours = dict(FACTION_COLOURS)
    if catalog is not None:
        colours.update({f: info.colour for f, info in catalog.factions.items()})
    owners = {c.id: c.owner for c in m.cities} | dict(owner or {})
    width, height = width_mm + 2 * MARGIN_MM, height_mm + 2 * MARGIN_MM
    groups = [Group("paper", [Shape("polygon", [(0, 0), (width, 0), (width, height),
                                                (0, height)], fill=PALETTE["paper"])])]
    tints = {t.id: THEATRE_TINTS[i % len(THEATRE_TINTS)] for i, t in enumerate(m.theatres)}
    tint_opacity = 1.0
    if background is not None:
        x, y, w, h = background_frame(m)
        groups.append(Group("background", [Shape("image", [at((x, y)), at((x + w, y + h))],
                                                 picture=background,
                                                 opacity=background_opacity(m))]))
        tint_opacity = FRONT_OPACITY_OVER_PICTURE
    fronts = Group("fronts")
    labels = Group("front-labels")
    for f in m.fronts:
        points = [at(p) for p in f.polygon]
        fronts.shapes.append(Shape("polygon", points, fill=tints.get(f.theatre, "#e0d8c0"),
                                   stroke=PALETTE["ink"], width=0.6, opacity=tint_opacity))
        top = _label_point(f.polygon, at)
        name = f.name.get(lang) or f.name.get("en", "")
        labels.shapes.append(Shape("text", [top], text=f"{f.number}  {name}", size=4.6,
                                   fill=PALETTE["ink"], bold=True, family="serif",
                                   halo=PALETTE["paper"]))
        labels.shapes.append(Shape("text", [(top[0], top[1] + 5.0)], text=" ".join(f.nations),
                                   size=2.8, fill=PALETTE["ink"], halo=PALETTE["paper"]))
    groups += [fronts, _lines(m, at, k), _places(m, at, k, owners, colours), labels]
    groups.append(_legend(width, height, colours, lang))
    title = m.name.get(lang) or m.name.get("en", m.id)
    groups.append(Group("title", [Shape("text", [(width / 2, MARGIN_MM / 2)], text=title,
                                        size=6.0, fill=PALETTE["ink"], family="serif",
                                        bold=True)]))
    return Board(width, height, groups, title, hex_mm=k)


def _label_point(polygon: list[Point], at) -> Point:
    """Where a front's name goes: near the top of the outline, above the attack line, at the
    middle of the widest part there."""
    p = Polygon(polygon)
    if not (p.is_valid and p.area > 0):
        x, y = at((p.centroid.x, p.centroid.y))
        return (x, y)
    min_x, min_y, max_x, max_y = p.bounds
    y = min_y + (max_y - min_y) * 0.09
    band = p.intersection(Polygon([(min_x, y - 1), (max_x, y - 1), (max_x, y + 1),
                                   (min_x, y + 1)]))
    mid = band.centroid if not band.is_empty else p.representative_point()
    return at((mid.x, y))


def _lines(m: AreaMap, at, k: float) -> Group:
    where = {c.id: c.at for c in m.cities} | {b.id: b.at for b in m.bases}
    g = Group("attack-lines")
    for line in m.attack_lines:
        if line.a not in where or line.b not in where:
            continue
        a, b = at(where[line.a]), at(where[line.b])
        later = line.from_round is not None and line.from_round > 1
        g.shapes.append(Shape("polyline", [a, b], stroke="#7a2e2a", width=1.1,
                              dash=(2.4, 1.6) if later else None))
        if later:
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 2.5)
            g.shapes.append(Shape("text", [mid], text=f"ab Runde {line.from_round}",
                                  size=2.4, fill="#7a2e2a", halo=PALETTE["paper"]))
    return g


def _places(m: AreaMap, at, k: float, owners: dict[str, str], colours: dict[str, str]) -> Group:
    g = Group("places")
    r = 3.2
    for b in m.bases:
        x, y = at(b.at)
        hexagon = [(x + r * 1.2 * math.cos(math.radians(60 * i + 30)),
                    y + r * 1.2 * math.sin(math.radians(60 * i + 30))) for i in range(6)]
        g.shapes.append(Shape("polygon", hexagon, fill=colours.get(b.owner, "#888"),
                              stroke=PALETTE["ink"], width=0.5))
    for c in m.cities:
        x, y = at(c.at)
        fill = colours.get(owners.get(c.id, c.owner), "#888")
        if c.replacement:
            g.shapes.append(Shape("circle", [(x, y)], fill=fill, stroke=PALETTE["ink"],
                                  width=0.5, radius=r))
        else:
            g.shapes.append(Shape("polygon", [(x - r, y - r), (x + r, y - r), (x + r, y + r),
                                              (x - r, y + r)], fill=fill,
                                  stroke=PALETTE["ink"], width=0.5))
        g.shapes.append(Shape("text", [(x, y + r + 3.0)], text=c.name, size=3.0,
                              fill=PALETTE["ink"], halo=PALETTE["paper"]))
    return g


def _legend(width: float, height: float, colours: dict[str, str], lang: str) -> Group:
    names = {"de": {"western_allies": "Westliche Alliierte", "eastern_allies": "Östliche "
                    "Alliierte", "germans": "Deutsche", "german_allies": "Deutsche Alliierte"},
             "en": {"western_allies": "Western Allies", "eastern_allies": "Eastern Allies",
                    "germans": "Germans", "german_allies": "German Allies"}}[
        "de" if lang == "de" else "en"]
    g = Group("legend")
    x = MARGIN_MM
    y = height - MARGIN_MM / 2
    for faction, name in names.items():
        g.shapes.append(Shape("polygon", [(x, y - 2), (x + 4, y - 2), (x + 4, y + 2),
                                          (x, y + 2)], fill=colours.get(faction, "#888"),
                              stroke=PALETTE["ink"], width=0.3))
        g.shapes.append(Shape("text", [(x + 6 + len(name) * 0.9, y)], text=name, size=3.0,
                              fill=PALETTE["ink"]))
        x += 14 + len(name) * 1.9
    return g
