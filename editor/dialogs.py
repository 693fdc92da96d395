"""Dialogs: new map, map properties, resize, preferences, keyboard shortcuts."""

from __future__ import annotations

import re

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import translate
from editor.settings import RANGES
from engine.model import GameMap

MAX_SIDE = 1000


def clean_id(text: str, fallback: str) -> str:
    """An identifier as the file format wants it: lower-case letters, digits, _ and -."""
    cleaned = re.sub(r"[^a-z0-9_-]+", "_", text.strip().lower()).strip("_")
    return cleaned or fallback


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


def _choices(combo: QComboBox, items: list[tuple[str, str]]) -> None:
    """Fill a combo box with (id, shown text) items; the id is the item's data."""
    for value, text in items:
        combo.addItem(text, value)


def _choose(combo: QComboBox, value: str) -> None:
    """Select the item whose data is `value` (kept as is when none is)."""
    index = combo.findData(value)
    if index >= 0:
        combo.setCurrentIndex(index)


def _size_spin(value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(1, MAX_SIDE)
    spin.setValue(value)
    spin.setSuffix(translate("dialogs", " hexes"))
    return spin


class NewMapDialog(QDialog):
    """Size, orientation and template of a new map."""

    def __init__(self, parent: QWidget | None = None, default_available: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New map"))
        form = QFormLayout(self)
        self.name = QLineEdit("New map")
        self.map_id = QLineEdit("new_map")
        self.width = _size_spin(30)
        self.height = _size_spin(24)
        self.orientation = QComboBox()
        _choices(self.orientation, [("pointy", self.tr("pointy")), ("flat", self.tr("flat"))])
        self.offset = QComboBox()
        _choices(self.offset, [("odd", self.tr("odd")), ("even", self.tr("even"))])
        self.hex_size = QSpinBox()
        self.hex_size.setRange(8, 256)
        self.hex_size.setValue(32)
        self.hex_size.setSuffix(self.tr(" px"))
        self.template = QComboBox()
        self.template.addItem(self.tr("Empty (all meadow)"), "empty")
        if default_available:
            self.template.addItem(self.tr("Half of the default map (start numbers 1–6)"), "half")
        self.template.currentIndexChanged.connect(self._template_changed)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Id"), self.map_id)
        form.addRow(self.tr("Template"), self.template)
        form.addRow(self.tr("Width"), self.width)
        form.addRow(self.tr("Height"), self.height)
        form.addRow(self.tr("Orientation"), self.orientation)
        form.addRow(self.tr("Offset rows/columns"), self.offset)
        form.addRow(self.tr("Hex size"), self.hex_size)
        form.addRow(_buttons(self))

    def _template_changed(self) -> None:
        empty = self.template.currentData() == "empty"
        for w in (self.width, self.height, self.orientation, self.offset, self.hex_size):
            w.setEnabled(empty)

    def values(self) -> dict:
        """The chosen settings."""
        return {
            "name": self.name.text().strip() or "New map",
            "map_id": clean_id(self.map_id.text(), "new_map"),
            "width": self.width.value(),
            "height": self.height.value(),
            "orientation": self.orientation.currentData(),
            "offset": self.offset.currentData(),
            "size": float(self.hex_size.value()),
            "template": self.template.currentData(),
        }


class MapPropertiesDialog(QDialog):
    """Edit name, id, author, description, license, season, layout and path coverage."""

    def __init__(self, game_map: GameMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Map properties"))
        self.original = game_map
        form = QFormLayout(self)
        self.name = QLineEdit(game_map.name)
        self.name_de = QLineEdit(game_map.name_de)
        self.name_de.setPlaceholderText(self.tr("(the same as the name)"))
        self.name_de.setToolTip(self.tr("The map's name in a German Studio; empty: the name"))
        self.map_id = QLineEdit(game_map.id)
        self.author = QLineEdit(game_map.author)
        self.license = QLineEdit(game_map.license)
        self.description = QPlainTextEdit(game_map.description)
        self.description.setFixedHeight(80)
        self.season = QComboBox()
        _choices(self.season, [("summer", self.tr("summer")), ("winter", self.tr("winter"))])
        _choose(self.season, game_map.season)
        self.orientation = QComboBox()
        _choices(self.orientation, [("pointy", self.tr("pointy")), ("flat", self.tr("flat"))])
        _choose(self.orientation, game_map.layout.orientation)
        self.offset = QComboBox()
        _choices(self.offset, [("odd", self.tr("odd")), ("even", self.tr("even"))])
        _choose(self.offset, game_map.layout.offset)
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setRange(8, 256)
        self.hex_size.setValue(game_map.layout.hex_size)
        self.coverage = QDoubleSpinBox()
        self.coverage.setRange(0.01, 1.0)
        self.coverage.setSingleStep(0.05)
        self.coverage.setValue(game_map.path_coverage)
        self.coverage.setToolTip(
            self.tr(
                "A hex counts as covered by a road/river/trench when the path covers at least this "
                "fraction of its area (RULES §11.1: players agree which hexes count)."
            )
        )
        for label, widget in (
            (self.tr("Name"), self.name),
            (self.tr("German name"), self.name_de),
            (self.tr("Id"), self.map_id),
            (self.tr("Author"), self.author),
            (self.tr("License"), self.license),
            (self.tr("Description"), self.description),
            (self.tr("Season"), self.season),
            (self.tr("Orientation"), self.orientation),
            (self.tr("Offset rows/columns"), self.offset),
            (self.tr("Hex size (px)"), self.hex_size),
            (self.tr("Path coverage"), self.coverage),
        ):
            form.addRow(label, widget)
        form.addRow(_buttons(self))

    def changes(self) -> dict:
        """Only the properties that differ from the map."""
        m = self.original
        new = {
            "name": self.name.text().strip(),
            "name_de": self.name_de.text().strip(),
            "id": clean_id(self.map_id.text(), m.id),
            "author": self.author.text().strip(),
            "license": self.license.text().strip(),
            "description": self.description.toPlainText().strip(),
            "season": self.season.currentData(),
            "orientation": self.orientation.currentData(),
            "offset": self.offset.currentData(),
            "hex_size": float(self.hex_size.value()),
            "path_coverage": round(self.coverage.value(), 3),
        }
        old = {
            "name": m.name,
            "name_de": m.name_de,
            "id": m.id,
            "author": m.author,
            "license": m.license,
            "description": m.description,
            "season": m.season,
            "orientation": m.layout.orientation,
            "offset": m.layout.offset,
            "hex_size": float(m.layout.hex_size),
            "path_coverage": m.path_coverage,
        }
        return {k: v for k, v in new.items() if v != old[k]}


ANCHORS = [(x / 2, y / 2) for y in range(3) for x in range(3)]
ANCHOR_ARROWS = "↖↑↗←•→↙↓↘"


class ResizeDialog(QDialog):
    """New width/height and which side the old content sticks to."""

    def __init__(self, game_map: GameMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Resize map"))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.width = _size_spin(game_map.width)
        self.height = _size_spin(game_map.height)
        form.addRow(self.tr("Width"), self.width)
        form.addRow(self.tr("Height"), self.height)
        layout.addLayout(form)
        grid = QGridLayout()
        self.group = QButtonGroup(self)
        for i, arrow in enumerate(ANCHOR_ARROWS):
            b = QPushButton(arrow)
            b.setCheckable(True)
            b.setFixedSize(36, 36)
            b.setToolTip(self.tr("Keep the content at this side"))
            self.group.addButton(b, i)
            grid.addWidget(b, i // 3, i % 3)
        self.group.button(0).setChecked(True)
        form.addRow(self.tr("Anchor"), grid)
        layout.addWidget(_buttons(self))

    def values(self) -> tuple[int, int, tuple[float, float]]:
        """(width, height, anchor)."""
        return self.width.value(), self.height.value(), ANCHORS[self.group.checkedId()]


class PreferencesDialog(QDialog):
    """Autosave and validation timing."""

    def __init__(self, autosave_s: int, validation_ms: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Preferences"))
        form = QFormLayout(self)
        self.autosave = QSpinBox()
        self.autosave.setRange(*RANGES["autosave_seconds"])
        self.autosave.setSuffix(self.tr(" s idle"))
        self.autosave.setValue(autosave_s)
        self.validation = QSpinBox()
        self.validation.setRange(*RANGES["validation_delay_ms"])
        self.validation.setSuffix(self.tr(" ms"))
        self.validation.setValue(validation_ms)
        form.addRow(self.tr("Keep a recovery copy after"), self.autosave)
        form.addRow(self.tr("Validate after editing pauses for"), self.validation)
        form.addRow(_buttons(self))


class ShortcutsDialog(QDialog):
    """A table of every action with a keyboard shortcut."""

    def __init__(self, actions: list[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.resize(460, 520)
        layout = QVBoxLayout(self)
        # Native text: the keys as the user's language names them ("Strg+S" in German).
        native = QKeySequence.SequenceFormat.NativeText
        rows = [(a.text().replace("&", ""), a.shortcut().toString(native)) for a in actions]
        rows = [r for r in rows if r[1]]
        table = QTableWidget(len(rows), 2)
        table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Shortcut")])
        table.verticalHeader().setVisible(False)
        for i, (text, keys) in enumerate(rows):
            table.setItem(i, 0, QTableWidgetItem(text))
            table.setItem(i, 1, QTableWidgetItem(keys))
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(table)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
