"""Resizing carries content through the array path exactly as through the per-hex path."""

from __future__ import annotations

import pytest

from editor.commands import mapwide
from engine.content.convert_map import map_to_dict
from engine.geometry_transform import HexMapping
from engine.model import MapLayout
from tests.bigmap_model import big_map


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize(("width", "height", "anchor"), [
    (30, 20, (0.0, 0.0)), (25, 17, (0.5, 0.5)), (41, 33, (1.0, 0.5)), (18, 40, (0.3, 1.0)),
])
def test_resize_array_path_matches_per_hex(monkeypatch, orientation, width, height, anchor):
    m = big_map(32, 24)
    m.layout = MapLayout(orientation=orientation)  # type: ignore[arg-type]
    fast = mapwide.resized(m, width, height, anchor)
    real = mapwide.resize_mapping

    def per_hex(game_map, dc, dr):
        mapping = real(game_map, dc, dr)
        return HexMapping(mapping.hex, mapping.point, name="resize")

    monkeypatch.setattr(mapwide, "resize_mapping", per_hex)
    slow = mapwide.resized(m, width, height, anchor)
    assert map_to_dict(fast.map) == map_to_dict(slow.map)
    assert (fast.landed, fast.changed, fast.dropped, fast.replaced) == (
        slow.landed, slow.changed, slow.dropped, slow.replaced)
