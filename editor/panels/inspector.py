"""Properties dock: edit the selected fort, start marker, label or path, or see the map's."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from editor.commands import EditFort
from editor.dialogs import clean_id
from editor.document import MapDocument
from editor.i18n import rule_label, translate
from engine.i18n import rule_word
from engine.model import NATIONS, PATH_KINDS, TERRAINS, Fort, Label, MapPath, StartMarker


def _offsets(doc: MapDocument, hexes: list) -> str:
    return ", ".join(f"[{c}, {r}]" for c, r in (doc.map.to_offset(h) for h in hexes))


class InspectorPanel(QWidget):
    """Shows one page per kind of selected object; edits go through document methods."""

    def __init__(
        self,
        document: MapDocument,
        edit_map_properties: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold")
        layout.addWidget(self.title)
        self.stack = QStackedWidget()
        layout.addWidget(self.stack)
        layout.addStretch(1)
        self._build_map_page(edit_map_properties)
        self._build_fort_page()
        self._build_marker_page()
        self._build_label_page()
        self._build_path_page()
        for sig in (document.selectionChanged, document.objectsChanged, document.mapReplaced):
            sig.connect(self.refresh)
        self.refresh()

    # --- pages ---------------------------------------------------------------------------

    def _page(self) -> QFormLayout:
        page = QWidget()
        form = QFormLayout(page)
        self.stack.addWidget(page)
        return form

    def _build_map_page(self, edit: Callable[[], None]) -> None:
        form = self._page()
        self.map_info = QLabel()
        self.map_info.setWordWrap(True)
        form.addRow(self.map_info)
        button = QPushButton(self.tr("Map properties…"))
        button.clicked.connect(edit)
        form.addRow(button)

    def _build_fort_page(self) -> None:
        form = self._page()
        self.fort_id = QLineEdit()
        self.fort_id.editingFinished.connect(
            lambda: self._fort_edit(id=clean_id(self.fort_id.text(), ""))
        )
        self.fort_name = QLineEdit()
        self.fort_name.editingFinished.connect(lambda: self._fort_edit(name=self.fort_name.text()))
        self.fort_owner = QComboBox()
        self.fort_owner.addItem(self.tr("neutral"), "neutral")
        for nation in NATIONS:
            self.fort_owner.addItem(nation, nation)
        self.fort_owner.activated.connect(
            lambda _i: self._fort_edit(owner=self.fort_owner.currentData())
        )
        self.fort_facing = QComboBox()
        self.fort_facing.addItems([self.tr("none"), "0 →", "1 ↗", "2 ↖", "3 ←", "4 ↙", "5 ↘"])
        self.fort_facing.activated.connect(
            lambda i: self._fort_edit(facing=None if i == 0 else i - 1)
        )
        self.fort_hexes = QLabel()
        self.fort_entrances = QLabel()
        form.addRow(self.tr("Id"), self.fort_id)
        form.addRow(self.tr("Name"), self.fort_name)
        form.addRow(self.tr("Owner"), self.fort_owner)
        form.addRow(self.tr("Fortified side"), self.fort_facing)
        form.addRow(self.tr("Footprint"), self.fort_hexes)
        form.addRow(self.tr("Entrances"), self.fort_entrances)
        row = QHBoxLayout()
        rotate = QPushButton(self.tr("Rotate 60°"))
        rotate.clicked.connect(lambda: self._with(Fort, self.document.rotate_fort))
        delete = QPushButton(self.tr("Delete"))
        delete.clicked.connect(lambda: self._with(Fort, self.document.delete_fort))
        row.addWidget(rotate)
        row.addWidget(delete)
        form.addRow(row)

    def _build_marker_page(self) -> None:
        form = self._page()
        self.marker_number = QSpinBox()
        self.marker_number.setRange(1, 12)
        self.marker_number.valueChanged.connect(
            lambda v: self._with(StartMarker, lambda m: self.document.renumber_start_marker(m, v))
        )
        self.marker_hex = QLabel()
        form.addRow(self.tr("Number"), self.marker_number)
        form.addRow(self.tr("Hex"), self.marker_hex)
        delete = QPushButton(self.tr("Delete"))
        delete.clicked.connect(lambda: self._with(StartMarker, self.document.delete_start_marker))
        form.addRow(delete)

    def _build_label_page(self) -> None:
        form = self._page()
        self.label_text = QLineEdit()
        self.label_text.editingFinished.connect(
            lambda: self._label_edit(text=self.label_text.text())
        )
        self.label_size = QDoubleSpinBox()
        self.label_size.setRange(0.2, 10)
        self.label_size.setSingleStep(0.1)
        self.label_size.editingFinished.connect(
            lambda: self._label_edit(size=round(self.label_size.value(), 2))
        )
        self.label_rotation = QDoubleSpinBox()
        self.label_rotation.setRange(-180, 180)
        self.label_rotation.setSuffix("°")
        self.label_rotation.editingFinished.connect(
            lambda: self._label_edit(rotation=round(self.label_rotation.value(), 1))
        )
        form.addRow(self.tr("Text"), self.label_text)
        form.addRow(self.tr("Size"), self.label_size)
        form.addRow(self.tr("Rotation"), self.label_rotation)
        delete = QPushButton(self.tr("Delete"))
        delete.clicked.connect(lambda: self._with(Label, self.document.delete_label))
        form.addRow(delete)

    def _build_path_page(self) -> None:
        form = self._page()
        self.path_id = QLabel()
        self.path_kind = QComboBox()
        for kind in PATH_KINDS:
            self.path_kind.addItem(rule_label(kind), kind)
        self.path_kind.activated.connect(
            lambda _i: self._path_edit(kind=self.path_kind.currentData())
        )
        self.path_terrain = QComboBox()
        self.path_terrain.addItems([self.tr("(none)"), *map(rule_label, TERRAINS)])
        self.path_terrain.activated.connect(
            lambda i: self._path_edit(terrain=None if i == 0 else TERRAINS[i - 1])
        )
        self.path_width = QDoubleSpinBox()
        self.path_width.setRange(0.05, 3)
        self.path_width.setSingleStep(0.05)
        self.path_width.editingFinished.connect(
            lambda: self._path_edit(width=round(self.path_width.value(), 3))
        )
        form.addRow(self.tr("Id"), self.path_id)
        form.addRow(self.tr("Kind"), self.path_kind)
        form.addRow(self.tr("Terrain"), self.path_terrain)
        form.addRow(self.tr("Width"), self.path_width)
        reapply = QPushButton(self.tr("Write terrain to covered hexes"))
        reapply.clicked.connect(
            lambda: self._with(MapPath, lambda p: self.document.edit_path(p, True))
        )
        delete = QPushButton(self.tr("Delete"))
        delete.clicked.connect(lambda: self._with(MapPath, self.document.delete_path))
        form.addRow(reapply)
        form.addRow(delete)

    # --- edits ---------------------------------------------------------------------------

    def _with(self, kind: type, action: Callable) -> None:
        obj = self.document.selected_object
        if isinstance(obj, kind):
            action(obj)

    def _fort_edit(self, **changes: object) -> None:
        fort = self.document.selected_object
        if not isinstance(fort, Fort):
            return
        changes = {k: v for k, v in changes.items() if getattr(fort, k) != v}
        if "id" in changes and (not changes["id"] or self.document.map.fort(changes["id"])):
            changes.pop("id")  # empty or taken ids are refused; refresh shows the old one
            self.refresh()
        if changes:
            self.document.undo_stack.push(
                EditFort(self.document, fort, changes, _fort_edit_text(fort, changes))
            )

    def _label_edit(self, **changes: object) -> None:
        label = self.document.selected_object
        if isinstance(label, Label):
            changes = {k: v for k, v in changes.items() if getattr(label, k) != v}
            if changes:
                self.document.edit_label(label, **changes)

    def _path_edit(self, **changes: object) -> None:
        path = self.document.selected_object
        if isinstance(path, MapPath):
            changes = {k: v for k, v in changes.items() if getattr(path, k) != v}
            if changes:
                self.document.edit_path(path, **changes)

    # --- display -------------------------------------------------------------------------

    def refresh(self, *_args: object) -> None:
        """Show the selected object (or the map)."""
        doc = self.document
        obj = doc.selected_object
        widgets = self.findChildren(QWidget)
        for w in widgets:
            w.blockSignals(True)
        try:
            if isinstance(obj, Fort):
                self.title.setText(f"{rule_word('fort')} {obj.id}")
                self.stack.setCurrentIndex(1)
                self.fort_id.setText(obj.id)
                self.fort_name.setText(obj.name)
                self.fort_owner.setCurrentIndex(max(0, self.fort_owner.findData(obj.owner)))
                self.fort_facing.setCurrentIndex(0 if obj.facing is None else obj.facing + 1)
                self.fort_hexes.setText(_offsets(doc, obj.hexes))
                self.fort_entrances.setText(_offsets(doc, obj.entrances))
            elif isinstance(obj, StartMarker):
                self.title.setText(f"{rule_word('start_marker')} {obj.number}")
                self.stack.setCurrentIndex(2)
                self.marker_number.setValue(obj.number)
                self.marker_hex.setText(_offsets(doc, [obj.hex]))
            elif isinstance(obj, Label):
                self.title.setText(self.tr("Label"))
                self.stack.setCurrentIndex(3)
                self.label_text.setText(obj.text)
                self.label_size.setValue(obj.size)
                self.label_rotation.setValue(obj.rotation)
            elif isinstance(obj, MapPath):
                self.title.setText(self.tr("Path {id}").format(id=obj.id))
                self.stack.setCurrentIndex(4)
                self.path_id.setText(obj.id)
                self.path_kind.setCurrentIndex(max(0, self.path_kind.findData(obj.kind)))
                self.path_terrain.setCurrentIndex(
                    TERRAINS.index(obj.terrain) + 1 if obj.terrain in TERRAINS else 0)
                self.path_width.setValue(obj.width)
            else:
                m = doc.map
                self.title.setText(self.tr("Map: {name}").format(name=m.title()))
                self.stack.setCurrentIndex(0)
                sel = (self.tr("<br>Selection: {count} hexes").format(count=len(doc.selection))
                       if doc.selection else "")
                self.map_info.setText(self.tr(
                    "{width} × {height} hexes, {orientation}-top (offset {offset}), {season}<br>"
                    "{forts} forts, {markers} start markers, {regions} regions, {paths} paths, "
                    "{labels} labels").format(
                        width=m.width, height=m.height,
                        orientation=translate("MapPropertiesDialog", m.layout.orientation),
                        offset=translate("MapPropertiesDialog", m.layout.offset),
                        season=translate("MapPropertiesDialog", m.season), forts=len(m.forts),
                        markers=len(m.start_markers), regions=len(m.regions),
                        paths=len(m.paths), labels=len(m.labels)) + sel)
        finally:
            for w in widgets:
                w.blockSignals(False)


def _fort_edit_text(fort: Fort, changes: dict) -> str | None:
    """A readable undo entry for one inspector edit ("Set owner of Fort 3 to AH"); None lets
    the command describe a multi-field edit itself."""
    if len(changes) != 1:
        return None
    key, value = next(iter(changes.items()))
    if not isinstance(value, str | int | float):
        return None
    return translate("InspectorPanel", "Set {key} of fort {name} to {value}").format(
        key=key, name=fort.name, value=value)
