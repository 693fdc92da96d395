"""Keeping the acting seat's units in view on a map larger than the window."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from editor.canvas.view import MapView
from engine.rules.state import State


def bring_units_into_view(view: MapView, state: State) -> None:
    """When none of the acting nation's units on the board is in view, scroll to the one
    nearest the view's centre; a view that shows one stays put."""
    board = state.game.board.hexes
    own = [board[u.pos] for u in state.units.values()
           if u.nation == state.nation and u.pos >= 0]
    if not own:
        return  # nothing placed yet: a placement centres on its start number
    shown = view.visible_scene_rect()
    geom = view.map_scene.terrain.geom
    centres = [QPointF(*geom.hex_center(h)) for h in own]
    if any(shown.contains(c) for c in centres):
        return
    middle = shown.center()
    nearest = min(range(len(own)), key=lambda i: (centres[i] - middle).manhattanLength())
    view.center_on_hex(own[nearest])
