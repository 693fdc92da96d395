"""Placing a big floating stamp: the map, its undo and redo are what carrying the stamp gives,
and what the canvas keeps beside the map (the drawn roads' cover, the region masks) is what
reading the map afresh gives, while only what the stamp changed is read again.

Placing a 90,000-hex stamp on the 1M benchmark map took 0.9 s: every drawn road was covered
anew because a river had been cut somewhere (tests/benchmarks/test_bench_editor.py)."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent

import editor.canvas.road_cover as road_cover
import engine.geometry_transform as gt
from editor.canvas.road_cover import RoadCover
from editor.commands import Stamp
from editor.document import MapDocument
from engine.geometry import index_mask
from engine.geometry_transform import carry
from engine.hexes import Hex
from engine.hexset import HexSet
from engine.model import GameMap
from tests.bigmap_model import big_map
from tests.engine.map_strategies import assert_same_map

SIDE = 40  # the stamp: the map's top-left SIDE x SIDE hexes (roads, a fort, markers, a label)


def _block(m: GameMap, col: int = 0, row: int = 0) -> HexSet:
    return HexSet(m.to_axial(c, r) for r in range(row, row + SIDE)
                  for c in range(col, col + SIDE))


def _spots(cover: RoadCover) -> list[tuple[int, tuple[float, float, float]]]:
    return [(i, (s.x, s.y, s.angle)) for i, s in cover.spots.items()]


def _fresh_spots(m: GameMap) -> list[tuple[int, tuple[float, float, float]]]:
    cover = RoadCover()
    cover.update(m)
    return _spots(cover)


def _shapes(m: GameMap) -> set[tuple]:
    return {(tuple(map(tuple, p.points)), p.width) for p in m.paths if p.kind == "road"}


def _left_press() -> QMouseEvent:
    p = QPointF(0.0, 0.0)
    return QMouseEvent(QEvent.Type.MouseButtonPress, p, p, Qt.MouseButton.LeftButton,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)


def _walked(monkeypatch: pytest.MonkeyPatch, m: GameMap, stamp: Stamp, at: Hex) -> GameMap:
    """The map the stamp makes when every path is probed along its whole length, as before
    paths far from the stamp were answered at once."""
    with monkeypatch.context() as mp:
        mp.setattr(gt._Membership, "misses", lambda self, points: False)
        assert stamp.source is not None
        return carry(stamp.source, stamp.mapping_to(at), stamp.hexes, target=m,
                     regions=False).map


def test_placing_a_stamp_that_cuts_rivers_and_roads(make_window, monkeypatch):
    w = make_window(big_map(120, 120))
    doc = w.document
    m = doc.map
    doc.set_selection(_block(m))
    w.act_copy.trigger()
    stamp = w.state.clipboard
    assert stamp is not None
    assert any(f for f in stamp.source.forts if set(f.hexes) <= set(stamp.hexes))
    before = copy.deepcopy(m)
    at = m.to_axial(45, 60)  # over the river and four roads
    want = _walked(monkeypatch, before, stamp, at)
    assert len([p for p in want.paths if p.kind == "river"]) > 1  # the river was cut
    w.act_paste.trigger()
    tool = w.tools["select"]
    tool.hover(at)
    depth = doc.undo_stack.count()
    tool.mouse_press(at, QPointF(0.0, 0.0), _left_press())
    assert doc.undo_stack.count() == depth + 1 and tool.floating is None
    assert_same_map(m, want, tol=0.0)
    assert doc.selection == HexSet(stamp.mapping_to(at).hex(h) for h in stamp.hexes
                                   if m.in_bounds(stamp.mapping_to(at).hex(h)))
    scene = w.view.map_scene
    for expected in (want, before, want, before):
        assert _spots(scene.terrain.roads) == _fresh_spots(m)
        for (rid, mask), region in zip(doc.region_masks.masks(m), m.regions, strict=True):
            assert rid == region.id and (mask == index_mask(m, region.hexes)).all()
        assert_same_map(m, expected, tol=0.0)
        assert m == expected
        (doc.undo_stack.undo if expected is want else doc.undo_stack.redo)()
    assert doc.undo_stack.index() == depth + 1


def test_a_placed_stamp_covers_again_only_the_roads_it_cut_or_brought(monkeypatch):
    m = big_map(120, 120)
    cover = RoadCover()
    cover.update(m)
    before = _spots(cover)
    stamp = Stamp.from_selection(m, _block(m))
    placed = _walked(monkeypatch, m, stamp, m.to_axial(45, 60))
    assert len([p for p in placed.paths if p.kind == "river"]) > 1  # the river was cut
    covered: list[str] = []
    spots_of_roads = road_cover._spots_of_roads

    def counting(game_map: GameMap, jobs: list) -> list:
        covered.extend(job.path.id for job in jobs)
        return spots_of_roads(game_map, jobs)

    monkeypatch.setattr(road_cover, "_spots_of_roads", counting)
    changed = cover.update(placed)
    new_shapes = _shapes(placed) - _shapes(m)
    assert sorted(covered) == sorted(p.id for p in placed.paths if p.kind == "road"
                                     and (tuple(map(tuple, p.points)), p.width) in new_shapes)
    # Roads the river crosses but the stamp left alone keep their spots.
    assert len(covered) < len([p for p in placed.paths if p.kind == "road"])
    after = _spots(cover)
    assert after == _fresh_spots(placed)
    old, new = dict(before), dict(after)
    assert changed == {i for i in old.keys() | new.keys() if old.get(i) != new.get(i)}
    covered.clear()
    assert cover.update(m) == changed and _spots(cover) == before and not covered  # undo
    assert cover.update(placed) == changed and _spots(cover) == after and not covered


def test_road_cover_reports_every_changed_hex_when_roads_change_order():
    """The changed hexes are looked for among the roads that changed only while the others
    keep their order: a road's spot on a hex it shares with another is the later road's."""
    m = big_map(120, 120)
    cover = RoadCover()
    cover.update(m)
    roads = [p for p in m.paths if p.kind == "road"]
    crossing = copy.deepcopy(roads[0])
    crossing.id = "crossing"
    crossing.points = [(5.0, 5.0), (60.0, 150.0)]
    m.paths.append(crossing)
    for edit in (lambda: None, lambda: m.paths.reverse(), lambda: m.paths.remove(crossing),
                 lambda: m.paths.insert(0, crossing), lambda: m.paths.reverse()):
        old = dict(_spots(cover))
        edit()
        changed = cover.update(m)
        new = dict(_spots(cover))
        assert _spots(cover) == _fresh_spots(m)
        assert changed == {i for i in old.keys() | new.keys() if old.get(i) != new.get(i)}


def test_region_masks_stay_for_copies_of_unchanged_regions(qapp):
    """An edit of other objects puts fresh copies of every region on the map (a paste, a
    selection move): a copy with the same hexes keeps its mask, a changed one gets a new one."""
    doc = MapDocument(big_map(60, 60))
    m = doc.map
    masks = dict(doc.region_masks.masks(m))
    doc.paste_stamp(Stamp.from_selection(m, _block(m)), m.to_axial(15, 15))
    assert all(mask is masks[rid] for rid, mask in doc.region_masks.masks(m))
    area = m.region("area_0")
    assert area is not None
    doc.set_selection(area.hexes)
    doc.move_selection(Hex(5, 0))  # area_0 moves; the half it was in loses the hexes it left
    again = dict(doc.region_masks.masks(m))
    for region in m.regions:
        assert (again[region.id] == index_mask(m, region.hexes)).all()
        moved = region.id in ("area_0", "half_1_6")
        assert (again[region.id] is masks[region.id]) != moved, region.id
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    for rid, mask in doc.region_masks.masks(m):
        assert (mask == masks[rid]).all()
