"""The properties of the selected front, city or base; each edit is one undo step."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from editor.area.document import AreaDocument
from engine.area_model import FACTIONS, AreaMap, ArmyCatalog
from engine.content import load_file
from engine.i18n import localized
from engine.paths import CONTENT_DIR

ARMIES = CONTENT_DIR / "weltkrieg" / "armies.army-catalog.yaml"


def faction_names() -> dict[str, str]:
    """Each faction's name in the current language from the built-in army catalog ("Westliche
    Alliierte" …); its id when the catalog cannot be read."""
    catalog = load_file(ARMIES).model
    factions = catalog.factions if isinstance(catalog, ArmyCatalog) else {}
    return {f: localized(factions[f].name, f) if f in factions else f for f in FACTIONS}


class AreaProperties(QWidget):
    """A form for the selection; empty when nothing is selected."""

    def __init__(self, doc: AreaDocument) -> None:
        super().__init__()
        self.doc = doc
        self.ident = ""
        self.form = QFormLayout(self)
        self.title = QLabel(self.tr("Nothing selected"))
        self.name_de = QLineEdit()
        self.name_en = QLineEdit()
        self.theatre = QComboBox()
        self.nations = QLineEdit()
        self.nations.setToolTip(self.tr("Nations and designations allowed here, e.g. RU, DE"))
        self.owner = QComboBox()
        for faction, name in faction_names().items():
            self.owner.addItem(name, faction)
        self.replacement = QCheckBox(self.tr("Replacement city"))
        self.battlefield = QLineEdit()
        self.battlefield.setPlaceholderText(self.tr("none: battles are rolled"))
        self.battlefield.setToolTip(self.tr("A Trench Club scenario whose battlefield this "
                                            "front's battles may be fought on, relative to "
                                            "the area map file"))
        self.browse = QPushButton(self.tr("Choose…"))
        self.browse.clicked.connect(self.choose_battlefield)
        battlefield_row = QHBoxLayout()
        battlefield_row.addWidget(self.battlefield, 1)
        battlefield_row.addWidget(self.browse)
        self.form.addRow(self.title)
        for label, widget in ((self.tr("Name (de)"), self.name_de),
                              (self.tr("Name (en)"), self.name_en),
                              (self.tr("Theatre"), self.theatre),
                              (self.tr("Nations"), self.nations),
                              (self.tr("Owner"), self.owner)):
            self.form.addRow(label, widget)
        self.form.addRow(self.replacement)
        self.form.addRow(self.tr("Battlefield"), battlefield_row)
        for edit in (self.name_de, self.name_en, self.nations, self.battlefield):
            edit.editingFinished.connect(self.apply)
        self.theatre.activated.connect(lambda _i: self.apply())
        self.owner.activated.connect(lambda _i: self.apply())
        self.replacement.toggled.connect(lambda _b: self.apply())
        self.show_selection("")

    def set_document(self, doc: AreaDocument) -> None:
        """Edit another document."""
        self.doc = doc
        self.show_selection("")

    def show_selection(self, ident: str) -> None:
        """Fill the form from the selected item."""
        self.ident = ident
        m = self.doc.map
        front = _front(m, ident)
        city = next((c for c in m.cities if c.id == ident), None)
        base = next((b for b in m.bases if b.id == ident), None)
        widgets = (self.name_de, self.name_en, self.theatre, self.nations, self.owner,
                   self.replacement, self.battlefield, self.browse)
        for w in widgets:
            w.blockSignals(True)
            w.setEnabled(False)
        self.theatre.clear()
        for t in m.theatres:
            self.theatre.addItem(localized(t.name, t.id), t.id)
        self.battlefield.clear()
        if front is not None:
            self.title.setText(self.tr("Front %1").replace("%1", str(front.number)))
            self.name_de.setText(front.name.get("de", ""))
            self.name_en.setText(front.name.get("en", ""))
            self.theatre.setCurrentIndex(self.theatre.findData(front.theatre))
            self.nations.setText(", ".join(front.nations))
            self.battlefield.setText(front.battlefield or "")
            self.battlefield.setCursorPosition(0)  # the folder first: where it points
            enabled: tuple = (self.name_de, self.name_en, self.theatre, self.nations,
                              self.battlefield, self.browse)
        elif city is not None:
            self.title.setText(self.tr("City %1").replace("%1", city.id))
            self.name_de.setText(city.name)
            self.owner.setCurrentIndex(self.owner.findData(city.owner))
            self.replacement.setChecked(city.replacement)
            enabled = (self.name_de, self.owner, self.replacement)
        elif base is not None:
            self.title.setText(self.tr("Base %1").replace("%1", base.id))
            self.owner.setCurrentIndex(self.owner.findData(base.owner))
            enabled = (self.owner,)
        else:
            self.title.setText(self.tr("Nothing selected"))
            enabled = ()
        for w in enabled:
            w.setEnabled(True)
        for w in widgets:
            w.blockSignals(False)

    def apply(self) -> None:
        """Write the form back to the model as one undo step."""
        ident = self.ident
        de, en = self.name_de.text().strip(), self.name_en.text().strip()
        nations = [n.strip().upper() for n in self.nations.text().split(",") if n.strip()]
        owner, theatre = self.owner.currentData(), self.theatre.currentData()
        replacement = self.replacement.isChecked()
        battlefield = self.battlefield.text().strip() or None

        def edit(m: AreaMap) -> None:
            front = _front(m, ident)
            if front is not None:
                front.name = {"de": de or front.name.get("de", ""),
                              "en": en or front.name.get("en", "")}
                front.theatre = theatre or front.theatre
                front.nations = nations or front.nations
                front.battlefield = battlefield
            for c in m.cities:
                if c.id == ident:
                    c.name = de or c.name
                    c.owner = owner  # type: ignore[assignment]
                    c.replacement = replacement
            for b in m.bases:
                if b.id == ident:
                    b.owner = owner  # type: ignore[assignment]
        self.doc.change(self.tr("Edit properties"), edit)

    def choose_battlefield(self) -> None:
        """Pick the front's Trench Club scenario in a file dialog; it is stored relative to
        the area map file (absolute while the map has none)."""
        chosen = self.ask_battlefield()
        if chosen is None:
            return
        base = self.doc.path.parent if self.doc.path is not None else None
        self.battlefield.setText(Path(os.path.relpath(chosen, base)).as_posix()
                                 if base is not None else str(chosen))
        self.apply()

    def ask_battlefield(self) -> Path | None:
        """The scenario file the designer picks (tests replace this)."""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Battlefield scenario"), "",
                                              self.tr("Trench Club scenarios "
                                                      "(*.scenario.yaml)"))
        return Path(path) if path else None


def _front(m: AreaMap, ident: str):
    if not ident.startswith("front-"):
        return None
    number = int(ident.split("-", 1)[1])
    return next((f for f in m.fronts if f.number == number), None)
