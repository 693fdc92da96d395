"""The document's region masks follow region paints, their undo and wholesale replacement."""

from __future__ import annotations

from editor.document import MapDocument
from engine.geometry import index_mask
from engine.hexes import disk
from engine.model import GameMap, Region


def _doc() -> MapDocument:
    m = GameMap.blank("m", 20, 16)
    m.regions = [Region("north", "North", {m.to_axial(c, r) for r in range(8) for c in range(20)})]
    return MapDocument(m)


def _assert_masks_match(doc: MapDocument) -> None:
    m = doc.map
    for (rid, mask), region in zip(doc.region_masks.masks(m), m.regions, strict=True):
        assert rid == region.id
        assert (mask == index_mask(m, region.hexes)).all(), rid


def test_paint_erase_and_undo_keep_masks_exact(qapp):
    doc = _doc()
    _assert_masks_match(doc)
    painted = []
    doc.regionHexesChanged.connect(lambda rid, hexes: painted.append((rid, set(hexes))))
    centre = doc.map.to_axial(10, 10)
    doc.paint_region("north", disk(centre, 2), add=True)
    _assert_masks_match(doc)
    assert painted[-1] == ("north", set(disk(centre, 2)))
    doc.paint_region("north", disk(doc.map.to_axial(5, 3), 1), add=False)
    _assert_masks_match(doc)
    doc.undo_stack.undo()
    _assert_masks_match(doc)
    doc.undo_stack.undo()
    _assert_masks_match(doc)
    doc.undo_stack.redo()
    _assert_masks_match(doc)


def test_new_region_and_transform_rebuild_masks(qapp):
    doc = _doc()
    _assert_masks_match(doc)
    doc.paint_region("south", disk(doc.map.to_axial(10, 12), 1), add=True)
    _assert_masks_match(doc)
    doc.set_selection({doc.map.to_axial(c, r) for r in range(10) for c in range(20)})
    doc.transform_selection("mirror_v")
    _assert_masks_match(doc)
    doc.undo_stack.undo()
    _assert_masks_match(doc)
