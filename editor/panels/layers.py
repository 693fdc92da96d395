"""Layers dock: visibility toggles of the map overlays."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget

LAYERS: tuple[tuple[str, str], ...] = (
    ("grid", QT_TRANSLATE_NOOP("LayersPanel", "Hex grid")),
    ("coords", QT_TRANSLATE_NOOP("LayersPanel", "Coordinates")),
    ("regions", QT_TRANSLATE_NOOP("LayersPanel", "Regions")),
    ("paths", QT_TRANSLATE_NOOP("LayersPanel", "Paths")),
    ("problems", QT_TRANSLATE_NOOP("LayersPanel", "Problem markers")),
)


class LayersPanel(QWidget):
    """One checkbox per overlay; toggling calls `set_visible(name, on)`."""

    def __init__(
        self,
        set_visible: Callable[[str, bool], None],
        initial: dict[str, bool],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.set_visible = set_visible
        layout = QVBoxLayout(self)
        note = QLabel(self.tr("Terrain, forts and start markers are always shown."))
        note.setWordWrap(True)  # a long line would set the width of the whole side column
        layout.addWidget(note)
        self.boxes: dict[str, QCheckBox] = {}
        for name, text in LAYERS:
            box = QCheckBox(self.tr(text))
            box.setChecked(initial.get(name, True))
            box.toggled.connect(lambda on, n=name: self.set_visible(n, on))
            self.boxes[name] = box
            layout.addWidget(box)
        layout.addStretch(1)

    def set_checked(self, name: str, on: bool) -> None:
        """Reflect a toggle made elsewhere (View menu) without re-emitting."""
        box = self.boxes[name]
        box.blockSignals(True)
        box.setChecked(on)
        box.blockSignals(False)
