"""The form of one unit type in the catalog editor: names, class, nations, speed, range,
targets, hit values per level, the special values against tanks and foot soldiers, armour
table, costs, flags and the abilities (`AbilityEditor`). Every field is bound to the unit's
key in the ContentDocument (editor.authoring.fields)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TR_NOOP
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from editor.authoring.abilities import AbilityEditor
from editor.authoring.card_preview import CardPreview
from editor.authoring.document import ContentDocument, Key
from editor.authoring.fields import (
    Binder,
    BoolField,
    ChoiceField,
    NumberField,
    SetField,
    TextField,
)
from editor.i18n import tr
from engine.i18n import RULE_WORDS, rule_word
from engine.model import NATIONS

UNIT_CLASSES = (QT_TR_NOOP("foot"), QT_TR_NOOP("vehicle"), QT_TR_NOOP("tank"), QT_TR_NOOP("air"),
                QT_TR_NOOP("artillery"), QT_TR_NOOP("transport"), QT_TR_NOOP("ship"),
                QT_TR_NOOP("static"))
LEVELS = ("recruit", "veteran", "hero")
# Marked for pyside6-lupdate: the words not in the rulebook table of engine.i18n.
LOCAL_WORDS = (QT_TR_NOOP("recruit"), QT_TR_NOOP("open"))
ARMOUR_STEPS = 6


def word(key: str) -> str:
    """The rulebook's word for an experience level or terrain (Rekrut, Veteran, Held, Wald)."""
    return rule_word(key) if key in RULE_WORDS else tr(key)


class UnitForm(QWidget):
    """Edits the unit at ("units", index) of a catalog document."""

    def __init__(self, doc: ContentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.binder = Binder(doc)
        self.index: int | None = None
        b = self.binder.bind
        lay = QVBoxLayout(self)
        preview_box = QGroupBox(tr("Preview"))
        self.preview = CardPreview()
        QVBoxLayout(preview_box).addWidget(self.preview)
        lay.addWidget(preview_box)

        card = QGroupBox(tr("Card"))
        form = QFormLayout(card)
        form.addRow(tr("Id"), b(("id",), TextField(), tr("id"),
                                tr("Unit type id: lower case letters, digits and _")))
        form.addRow(tr("Name (en)"), b(("name", "en"), TextField(), tr("English name")))
        form.addRow(tr("Name (de)"), b(("name", "de"), TextField(), tr("German name")))
        form.addRow(tr("Class"), b(("class",), ChoiceField([(tr(c), c) for c in UNIT_CLASSES]),
                                   tr("class"), tr("The unit class the rules refer to")))
        form.addRow(tr("Nations"), b(("nations",), SetField([(n, n) for n in NATIONS]),
                                     tr("nations"), tr("The nations that can field it")))
        form.addRow("", b(("special",), BoolField(tr("Special / Legacy unit (bought hidden, "
                                                     "RULES §5.5)")), tr("special")))
        lay.addWidget(card)

        move = QGroupBox(tr("Movement and attack"))
        form = QFormLayout(move)
        form.addRow(tr("Speed"), b(("speed",), NumberField(0, 20, decimals=1), tr("speed"),
                                   tr("Movement points per turn")))
        form.addRow(tr("Range min"), b(("range", "min"), NumberField(0, 50), tr("range min"),
                                       tr("Smallest distance it attacks at (0: cannot)")))
        form.addRow(tr("Range max"), b(("range", "max"),
                                       NumberField(0, 50, alternative=(tr("unlimited"),
                                                                       "unlimited")),
                                       tr("range max"), tr("Largest distance")))
        form.addRow(tr("Targets"), b(("targets",), SetField([("ground", tr("ground")),
                                                             ("air", tr("air"))]),
                                     tr("targets"), tr("What it can attack")))
        lay.addWidget(move)

        hits = QGroupBox(tr("Hit values (d12 roll ≤ value hits)"))
        grid = QGridLayout(hits)
        for col, level in enumerate(LEVELS):
            grid.addWidget(QLabel(word(level)), 0, col + 1)
        rows: list[tuple[str, Key, bool]] = [(tr("normal"), ("hit",), False),
                                             (tr("vs tank"), ("hit_vs", "tank"), True),
                                             (tr("vs foot"), ("hit_vs", "foot"), True)]
        for row, (label, base, optional) in enumerate(rows, start=1):
            grid.addWidget(QLabel(label), row, 0)
            for col, level in enumerate(LEVELS):
                field = NumberField(0, 12, optional=optional, compact=True)
                grid.addWidget(b((*base, level), field, f"{label} {word(level)}"), row, col + 1)
        lay.addWidget(hits)

        armour = QGroupBox(tr("Armour: hits needed for damage 1…6"))
        grid = QGridLayout(armour)
        for col in range(ARMOUR_STEPS):
            grid.addWidget(QLabel(str(col + 1)), 0, col + 1)
        for row, column in enumerate(("open", "forest"), start=1):
            grid.addWidget(QLabel(word(column)), row, 0)
            for col in range(ARMOUR_STEPS):
                field = NumberField(1, 99, optional=True, compact=True)
                grid.addWidget(b(("armour", column, col), field,
                                 tr("{terrain} armour {step}").format(
                                     terrain=word(column), step=col + 1)), row, col + 1)
        lay.addWidget(armour)

        money = QGroupBox(tr("Cost, repair and flags"))
        form = QFormLayout(money)
        coin_word = tr("coins")
        for base, label in ((("cost",), tr("Cost")), (("repair_cost",), tr("Repair"))):
            coins = f"{label} ({coin_word})"
            form.addRow(coins, b((*base, "coins"), NumberField(0, 200, optional=True),
                                 coins, tr("Current edition price ('—': not sold)")))
            bonds = f"{label} ({rule_word('war_bonds')})"
            form.addRow(bonds, b((*base, "war_bonds"), NumberField(0, 200, optional=True),
                                 bonds, tr("Earlier edition price ('—': not sold)")))

        form.addRow(tr("Capacity"), b(("capacity",), NumberField(0, 6), tr("capacity"),
                                      tr("Passengers a transport carries")))
        form.addRow("", b(("transportable",), BoolField(tr("Transportable")),
                          tr("transportable")))
        form.addRow("", b(("can_capture",), BoolField(tr("Can capture forts")),
                          tr("can capture")))
        lay.addWidget(money)

        self.abilities = AbilityEditor(doc)
        lay.addWidget(self.abilities)
        lay.addStretch(1)
        doc.changed.connect(self._changed)
        doc.structureChanged.connect(self._structure_changed)
        doc.problemsChanged.connect(self.show_problems)

    def show_unit(self, index: int | None) -> None:
        """Show the unit at `index` of the catalog (None: nothing selected)."""
        self.index = index
        self.setEnabled(index is not None)
        if index is None:
            return
        self.doc.end_merge()
        base: Key = ("units", index)
        self.binder.load(base)
        self.preview.show_unit(self.doc.value(base))
        self.abilities.show_unit(base)
        self.show_problems()

    def _changed(self, key: Any) -> None:
        if self.index is not None and key[:2] == ("units", self.index):
            self.binder.refresh(key)
            self.abilities.refresh(key)
            self.preview.show_unit(self.doc.value(("units", self.index)))
        elif self.index is not None and key == ("units",):
            self.show_unit(self.index)

    def _structure_changed(self, key: Any) -> None:
        if self.index is not None and key[:2] == ("units", self.index):
            self.binder.load(("units", self.index))  # an armour step came or went
            self.preview.show_unit(self.doc.value(("units", self.index)))
            self.abilities.show_unit(("units", self.index))
            self.show_problems()

    def show_problems(self) -> None:
        """Mark the fields that have problems."""
        if self.index is not None:
            self.binder.show_problems()
            self.abilities.show_problems()

    def focus_key(self, key: Key) -> None:
        """Put the keyboard focus on the field of `key` (or the nearest one above it)."""
        rel = key[2:]
        if rel[:1] == ("abilities",) and len(rel) > 1 and isinstance(rel[1], int):
            self.abilities.select(rel[1])
            return
        field = self.binder.field_for(rel) if rel else None
        if field is not None:
            field.focus()
