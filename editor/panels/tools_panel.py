"""Tools dock: tool buttons, terrain palette, brush size and the current tool's options."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QSlider,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.canvas.style import BRIDGE_DECK, TERRAIN_COLOR
from editor.dialogs import clean_id
from editor.document import MapDocument
from editor.i18n import english_plural, rule_label, translate
from editor.state import ToolState
from editor.tools.registry import TOOL_CLASSES
from engine.i18n import rule_word
from engine.model import NATIONS, PATH_KINDS, TERRAIN_CHAR, TERRAINS


def terrain_colors() -> dict[str, QColor]:
    """The canvas' terrain colours, so swatches match the map."""
    return dict(TERRAIN_COLOR)


def swatch_icon(color: QColor, size: int = 22, stripe: QColor | None = None) -> QIcon:
    """A rounded swatch of one colour, optionally crossed by a stripe (a bridge deck)."""
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(color.darker(160))
    p.setBrush(color)
    p.drawRoundedRect(2, 2, size - 4, size - 4, 4, 4)
    if stripe is not None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(stripe)
        p.drawRect(2, size // 2 - 3, size - 4, 6)
    p.end()
    return QIcon(pm)


TOOL_COLUMNS = 6


TOOL_CLASS = {cls.name: cls for cls in TOOL_CLASSES}


def _tool_label(name: str) -> str:
    cls = TOOL_CLASS.get(name)
    if cls is None:
        return name.capitalize()
    return rule_word(cls.rule_key) if cls.rule_key else translate("Tool", cls.label)


class ToolsPanel(QWidget):
    """Tool buttons, terrain palette (1–6 select), brush size and per-tool options."""

    def __init__(
        self,
        document: MapDocument,
        state: ToolState,
        tool_actions: list[QAction],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.state = state
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)

        tools_box = QGroupBox(self.tr("Tools"))
        grid = QGridLayout(tools_box)
        grid.setSpacing(2)
        for i, action in enumerate(tool_actions):
            button = QToolButton()
            button.setDefaultAction(action)
            # Icons only, as in Tiled's tool bar: the tool tip names the tool and its key.
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
            button.setIconSize(QSize(24, 24))
            button.setAutoRaise(True)
            grid.addWidget(button, i // TOOL_COLUMNS, i % TOOL_COLUMNS)
        layout.addWidget(tools_box)

        terrain_box = QGroupBox(self.tr("Terrain"))
        tgrid = QGridLayout(terrain_box)
        tgrid.setSpacing(2)
        self.terrain_buttons = QButtonGroup(self)
        self.terrain_buttons.setExclusive(True)
        colors = terrain_colors()
        for i, name in enumerate(TERRAINS):
            b = QToolButton()
            b.setCheckable(True)
            # Bridges are drawn on water; the deck stripe tells the two swatches apart.
            b.setIcon(swatch_icon(colors[name], stripe=BRIDGE_DECK if name == "bridge" else None))
            b.setIconSize(QSize(22, 22))
            b.setText(rule_word(name))
            b.setToolTip(self.tr("{terrain} ('{char}' in files) — key {key}").format(
                terrain=rule_label(name), char=TERRAIN_CHAR[name], key=i + 1))
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            b.setAutoRaise(True)
            b.setObjectName(f"terrain_{name}")
            b.clicked.connect(lambda _c=False, n=name: self.state.set(terrain=n))
            self.terrain_buttons.addButton(b, i)
            tgrid.addWidget(b, i // 2, i % 2)
        size_row = QHBoxLayout()
        size_row.addWidget(QLabel(self.tr("Brush size")))
        self.size_slider = QSlider(Qt.Orientation.Horizontal)
        self.size_slider.setRange(0, 3)
        self.size_slider.setPageStep(1)
        self.size_slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.size_slider.setToolTip(self.tr("Brush radius in hexes ([ and ] change it)"))
        self.size_slider.valueChanged.connect(lambda v: self.state.set(brush_radius=v))
        self.size_label = QLabel()
        self.size_label.setMinimumWidth(self.size_label.fontMetrics().horizontalAdvance("37 hexes"))
        size_row.addWidget(self.size_slider, 1)
        size_row.addWidget(self.size_label)
        tgrid.addLayout(size_row, 3, 0, 1, 2)
        layout.addWidget(terrain_box)

        layout.addWidget(self._options_box())
        layout.addStretch(1)
        state.changed.connect(self.sync)
        document.objectsChanged.connect(self._sync_regions)
        document.mapReplaced.connect(self._sync_regions)
        self.sync()

    def _options_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("Tool options"))
        self.options_box = box
        form = QFormLayout(box)
        self.options_form = form
        self.marker_spin = QSpinBox()
        self.marker_spin.setRange(1, 12)
        self.marker_spin.setToolTip(self.tr("Start number the marker tool places next"))
        self.marker_spin.valueChanged.connect(lambda v: self.state.set(marker_number=v))
        form.addRow(self.tr("Start number"), self.marker_spin)

        self.fort_size = QSpinBox()
        self.fort_size.setRange(1, 3)
        self.fort_size.setSuffix(self.tr(" hex"))
        self.fort_size.valueChanged.connect(lambda v: self.state.set(fort_size=v))
        form.addRow(self.tr("Fort size"), self.fort_size)
        self.fort_owner = QComboBox()
        self.fort_owner.addItem(self.tr("neutral"), "neutral")
        for nation in NATIONS:
            self.fort_owner.addItem(nation, nation)
        self.fort_owner.currentIndexChanged.connect(
            lambda _i: self.state.set(fort_owner=self.fort_owner.currentData()))
        form.addRow(self.tr("Fort owner"), self.fort_owner)

        self.path_kind = QComboBox()
        for kind in PATH_KINDS:
            self.path_kind.addItem(rule_label(kind), kind)
        self.path_kind.currentIndexChanged.connect(
            lambda _i: self.state.set(path_kind=self.path_kind.currentData()))
        form.addRow(self.tr("Path kind"), self.path_kind)

        region_row = QHBoxLayout()
        self.region_combo = QComboBox()
        self.region_combo.setEditable(False)
        self.region_combo.currentTextChanged.connect(
            lambda t: self.state.set(region_id=t) if t else None
        )
        new_region = QPushButton(self.tr("New…"))
        new_region.setToolTip(self.tr("Create a named region to paint"))
        new_region.clicked.connect(self._new_region)
        region_row.addWidget(self.region_combo, 1)
        region_row.addWidget(new_region)
        form.addRow(self.tr("Region"), region_row)

        self.wand = QCheckBox(self.tr("Magic wand (select by terrain)"))
        self.wand.toggled.connect(lambda on: self.state.set(wand=on))
        form.addRow(self.tr("Select"), self.wand)
        self.no_options = QLabel(self.tr("This tool has no options."))
        form.addRow(self.no_options)
        return box

    # Which option rows (in form order) each tool uses.
    OPTION_ROWS: ClassVar[dict[str, tuple[int, ...]]] = {
        "marker": (0,),
        "fort": (1, 2),
        "path": (3,),
        "region": (4,),
        "select": (5,),
    }

    def show_options_for(self, tool_name: str) -> None:
        """Show only the option rows the current tool uses."""
        rows = self.OPTION_ROWS.get(tool_name, ())
        for i in range(6):
            self.options_form.setRowVisible(i, i in rows)
        self.options_form.setRowVisible(6, not rows)
        self.options_box.setTitle(self.tr("Options: {tool}").format(
            tool=_tool_label(tool_name)))

    def _new_region(self) -> None:
        text, ok = QInputDialog.getText(self, self.tr("New region"),
                                        self.tr("Region id (a-z, 0-9, _ or -):"))
        rid = clean_id(text, "")
        if ok and rid:
            self.document.add_region(rid)
            self.state.set(region_id=rid)

    def _sync_regions(self) -> None:
        ids = [r.id for r in self.document.map.regions]
        for default in ("half_1_6", "half_7_12"):
            if default not in ids:
                ids.append(default)
        if self.state.region_id not in ids:
            ids.append(self.state.region_id)
        current = [self.region_combo.itemText(i) for i in range(self.region_combo.count())]
        if current != ids:
            self.region_combo.blockSignals(True)
            self.region_combo.clear()
            self.region_combo.addItems(ids)
            self.region_combo.blockSignals(False)
        self.region_combo.blockSignals(True)
        self.region_combo.setCurrentText(self.state.region_id)
        self.region_combo.blockSignals(False)

    def sync(self) -> None:
        """Show the tool state (after the eyedropper or a shortcut changed it)."""
        s = self.state
        button = self.terrain_buttons.button(TERRAINS.index(s.terrain))
        if button is not None and not button.isChecked():
            button.setChecked(True)
        for widget, value in (
            (self.size_slider, s.brush_radius),
            (self.marker_spin, s.marker_number),
            (self.fort_size, s.fort_size),
        ):
            if widget.value() != value:
                widget.blockSignals(True)
                widget.setValue(value)
                widget.blockSignals(False)
        covered = 1 + 3 * s.brush_radius * (s.brush_radius + 1)  # a disk of that radius
        self.size_label.setText(english_plural(self.tr("%n hex(es)", "", covered), "%n hex(es)",
                                               covered, "{n} hex", "{n} hexes"))
        for combo, value in ((self.fort_owner, s.fort_owner), (self.path_kind, s.path_kind)):
            if combo.currentData() != value:
                combo.blockSignals(True)
                combo.setCurrentIndex(max(0, combo.findData(value)))
                combo.blockSignals(False)
        if self.wand.isChecked() != s.wand:
            self.wand.blockSignals(True)
            self.wand.setChecked(s.wand)
            self.wand.blockSignals(False)
        self._sync_regions()
