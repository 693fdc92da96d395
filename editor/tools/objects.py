"""Object tools: forts, start markers and labels (place, select, drag to move)."""

from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QInputDialog

from editor.document import MapDocument
from editor.forts import next_fort_id, suggest_fort
from editor.i18n import translate
from editor.state import ToolState
from editor.tools.base import Tool, ctrl_held, is_right, left_down, shift_held
from engine.hexes import Hex
from engine.model import Fort, Label, StartMarker


class FortTool(Tool):
    """Click empty ground to place a fort (footprint and two entrances suggested to fit);
    click a fort to select it, drag it to move, right-click to rotate it by 60°. With a fort
    selected, Shift+click next to it moves its nearer entrance there and Ctrl+click adds or
    removes a footprint hex."""

    name = "fort"
    label = QT_TRANSLATE_NOOP("Tool", "Fort")
    rule_key = "fort"
    shortcut = "O"
    status_tip = QT_TRANSLATE_NOOP(
        "Tool", "Place, select, move (drag) or rotate (right-click) forts")

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.dragging: Fort | None = None
        self.grab: Hex | None = None

    def fort_under(self, h: Hex) -> Fort | None:
        """The fort whose footprint or entrance is on h."""
        return self.document.map.fort_at().get(h)

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        doc = self.document
        fort = self.fort_under(h)
        if is_right(event):
            if fort is not None:
                doc.rotate_fort(fort, 1)
            return
        if not left_down(event):
            return
        selected = doc.selected_object
        if isinstance(selected, Fort) and selected in doc.map.forts:
            if shift_held(event):
                self._set_entrance(selected, h)
                return
            if ctrl_held(event):
                self._toggle_footprint(selected, h)
                return
        if fort is not None:
            doc.select_object(fort)
            self.dragging, self.grab = fort, h
            return
        if not doc.map.in_bounds(h):
            return
        fitted = suggest_fort(doc.map, h, self.state.fort_size)
        if fitted is None:
            doc.set_overlay("preview", None)
            col, row = doc.map.to_offset(h)
            doc.notice.emit(translate(
                "FortTool", "No {size}-hex fort fits at {col},{row}: its footprint and both "
                "entrances need land on the map, clear of other forts").format(
                    size=self.state.fort_size, col=col, row=row))
            return
        hexes, entrances, direction = fitted
        fort_id = next_fort_id(doc.map)
        number = fort_id.split("_")[-1]
        # The fortified side faces across the line of the two doors (as in the default map).
        facing = (direction + 1) % 6
        doc.place_fort(
            Fort(fort_id, f"Fort {number}", hexes, entrances, self.state.fort_owner, facing)
        )

    def _set_entrance(self, fort: Fort, h: Hex) -> None:
        """Move the entrance nearer to h onto h (h must touch the footprint)."""
        if h in fort.hexes or h in fort.entrances or not self.document.map.in_bounds(h):
            return
        if not any(h.distance(x) == 1 for x in fort.hexes):
            return
        entrances = list(fort.entrances)
        if len(entrances) < 2:
            entrances.append(h)
        else:
            i = min(range(len(entrances)), key=lambda k: entrances[k].distance(h))
            entrances[i] = h
        self.document.edit_fort(
            fort, translate("FortTool", "Set entrance of fort {name}").format(name=fort.name),
            entrances=entrances)

    def _toggle_footprint(self, fort: Fort, h: Hex) -> None:
        """Remove h from the footprint, or add it when it touches the footprint."""
        if h in fort.hexes:
            if len(fort.hexes) > 1:
                hexes = [x for x in fort.hexes if x != h]
                self.document.edit_fort(
                    fort, translate("FortTool", "Shrink fort {name}").format(name=fort.name),
                    hexes=hexes)
            return
        if h in fort.entrances or not self.document.map.in_bounds(h):
            return
        if any(h.distance(x) == 1 for x in fort.hexes):
            self.document.edit_fort(
                fort, translate("FortTool", "Grow fort {name}").format(name=fort.name),
                hexes=[*fort.hexes, h])

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if self.dragging is not None and self.grab is not None:
            delta = h - self.grab
            self.document.set_overlay(
                "preview", [x + delta for x in (*self.dragging.hexes, *self.dragging.entrances)]
            )
        else:
            self.hover(h, pos)

    def mouse_release(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        fort, grab = self.dragging, self.grab
        self.dragging = self.grab = None
        self.document.set_overlay("preview", None)
        if fort is None or grab is None or h == grab:
            return
        delta = h - grab
        if all(self.document.map.in_bounds(x + delta) for x in (*fort.hexes, *fort.entrances)):
            self.document.move_fort(fort, delta)

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        doc = self.document
        if h is None or self.fort_under(h) is not None or not doc.map.in_bounds(h):
            doc.set_overlay("preview", None)
            return
        fitted = suggest_fort(doc.map, h, self.state.fort_size)
        doc.set_overlay("preview", [*fitted[0], *fitted[1]] if fitted else None)

    def cancel(self) -> bool:
        was = self.dragging is not None
        self.dragging = self.grab = None
        self.document.set_overlay("preview", None)
        return was


class StartMarkerTool(Tool):
    """Click to place the chosen start number (then the picker moves to the next free one);
    click a marker to select it, drag to move it, right-click to delete it."""

    name = "marker"
    label = QT_TRANSLATE_NOOP("Tool", "Start marker")
    rule_key = "start_marker"
    shortcut = "N"
    status_tip = QT_TRANSLATE_NOOP(
        "Tool", "Place start markers 1–12; drag to move, right-click to delete")

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.dragging: StartMarker | None = None

    def marker_under(self, h: Hex) -> StartMarker | None:
        """The (last placed) start marker on h."""
        found = [m for m in self.document.map.start_markers if m.hex == h]
        return found[-1] if found else None

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        doc = self.document
        marker = self.marker_under(h)
        if is_right(event):
            if marker is not None:
                doc.delete_start_marker(marker)
            return
        if not left_down(event):
            return
        if marker is not None:
            doc.select_object(marker)
            self.dragging = marker
            return
        if not doc.map.in_bounds(h):
            return
        doc.place_start_marker(self.state.marker_number, h)
        used = {m.number for m in doc.map.start_markers}
        free = [n for n in range(1, 13) if n not in used]
        if free:
            later = [n for n in free if n > self.state.marker_number]
            self.state.set(marker_number=(later or free)[0])

    def mouse_move(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        self.document.set_overlay("preview", [h] if self.document.map.in_bounds(h) else None)

    def mouse_release(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        marker, self.dragging = self.dragging, None
        self.document.set_overlay("preview", None)
        if marker is not None and self.document.map.in_bounds(h):
            self.document.move_start_marker(marker, h)

    def hover(self, h: Hex | None, pos: QPointF | None = None) -> None:
        ok = h is not None and self.document.map.in_bounds(h)
        self.document.set_overlay("preview", [h] if ok else None)


class LabelTool(Tool):
    """Click to add a label (asks for the text); click near a label to select it, drag it to
    move it."""

    name = "label"
    label = QT_TRANSLATE_NOOP("Tool", "Label")
    shortcut = "T"
    status_tip = QT_TRANSLATE_NOOP("Tool", "Add text labels; drag a label to move it")

    def __init__(self, document: MapDocument, state: ToolState) -> None:
        super().__init__(document, state)
        self.dragging: Label | None = None
        self.ask_text = self._ask_text  # tests replace this

    def _ask_text(self) -> str | None:
        parent = QApplication.activeWindow()
        text, ok = QInputDialog.getText(parent, translate("LabelTool", "Add label"),
                                        translate("LabelTool", "Text:"))
        return text.strip() if ok and text.strip() else None

    def label_near(self, at: tuple[float, float]) -> Label | None:
        """The label whose anchor is within one hex unit of `at`."""
        best = None
        best_d = 1.0
        for lab in self.document.map.labels:
            d = math.dist(lab.at, at)
            if d <= best_d:
                best, best_d = lab, d
        return best

    def mouse_press(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        if not left_down(event):
            return
        at = self.hex_units(pos)
        label = self.label_near(at)
        if label is not None:
            self.document.select_object(label)
            self.dragging = label
            return
        text = self.ask_text()
        if text:
            self.document.add_label(Label(text, at))

    def mouse_release(self, h: Hex, pos: QPointF, event: QMouseEvent | None) -> None:
        label, self.dragging = self.dragging, None
        if label is not None:
            at = self.hex_units(pos)
            if math.dist(at, label.at) > 0.05:
                self.document.edit_label(label, at=at)
