"""The variant switches of a ruleset: one row per variant the engine registers
(engine/rules/variants.py) plus any other id the file names, each with its rule reference, an
`enabled` switch and its parameters (value, estimated flag, note; the schema's description of
each parameter as its tooltip, in the current language). A variant the engine does
not play cannot be switched on: the switch is disabled and the reason is shown next to it."""

from __future__ import annotations

from typing import Any

import yaml
from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.authoring.document import ContentDocument, Key
from editor.authoring.fields import PROBLEM, estimable, plain, typed_value
from editor.authoring.rule_summaries import variant_summary
from editor.i18n import tr
from editor.playtest.words import variant_name
from engine.content import schema_description
from engine.content.estimable import edited_note, note_text
from engine.i18n import rule_reference
from engine.rules import variants

PARAM_COLUMNS = (QT_TR_NOOP("Parameter"), QT_TR_NOOP("Value"), QT_TR_NOOP("Estimated"),
                 QT_TR_NOOP("Note"))


def refusal(variant_id: str) -> str | None:
    """Why the engine refuses to switch `variant_id` on (None: it plays it)."""
    cls = variants.VARIANTS.get(variant_id)
    if cls is None:
        return tr("the engine does not know this variant (known: {ids})").format(
            ids=variants.known_ids())
    if not cls.implemented:
        return tr("the engine does not play this variant yet ({rule}): switching it on would "
                  "change nothing").format(rule=rule_reference(cls.rule))
    return None


def summary(variant_id: str) -> str:
    """The first sentence of a variant's description, with its rule reference."""
    cls = variants.VARIANTS.get(variant_id)
    if cls is None:
        return ""
    return f"{variant_summary(variant_id)}. ({rule_reference(cls.rule)})"


def flow(value: Any) -> str:
    """A parameter value as one line of YAML."""
    return yaml.safe_dump(plain(value), default_flow_style=True, allow_unicode=True).strip()\
        .removesuffix("...").strip()


class VariantRow(QGroupBox):
    """One variant: its switch, what it does, and its parameters."""

    def __init__(self, doc: ContentDocument, vid: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.vid = doc, vid
        self._filling = False
        lay = QVBoxLayout(self)
        self.switch = QCheckBox(variant_name(vid))
        font = self.switch.font()
        font.setBold(True)
        self.switch.setFont(font)
        self.switch.toggled.connect(self._toggled)
        lay.addWidget(self.switch)
        self.about = QLabel(summary(vid))
        self.about.setWordWrap(True)
        lay.addWidget(self.about)
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setStyleSheet(f"color: {PROBLEM};")
        lay.addWidget(self.reason)
        self.params = QTableWidget(0, len(PARAM_COLUMNS))
        self.params.setHorizontalHeaderLabels([tr(c) for c in PARAM_COLUMNS])
        self.params.verticalHeader().setVisible(False)
        self.params.horizontalHeader().setStretchLastSection(True)
        self.params.itemChanged.connect(self._param_edited)
        lay.addWidget(self.params)
        self.load()

    @property
    def key(self) -> Key:
        """Where the variant is in the ruleset."""
        return ("variants", self.vid)

    def load(self) -> None:
        """Show the switch and parameters as the document has them."""
        self._filling = True
        data = self.doc.value(self.key)
        data = data if isinstance(data, dict) else {}
        enabled = bool(data.get("enabled"))
        self.switch.setChecked(enabled)
        why = refusal(self.vid)
        self.switch.setEnabled(why is None or enabled)  # an enabled one may be switched off
        self.reason.setText(tr("Cannot be switched on: {why}").format(why=why) if why else "")
        self.reason.setVisible(bool(why))
        names = [k for k in data if k != "enabled"]
        self.params.setRowCount(len(names))
        for r, name in enumerate(names):
            value = data[name]
            meta = value if isinstance(value, dict) and "estimated" in value else {}
            cells = [QTableWidgetItem(name), QTableWidgetItem(flow(value)),
                     QTableWidgetItem(), QTableWidgetItem(note_text(meta.get("note")))]
            cells[0].setFlags(Qt.ItemFlag.ItemIsEnabled)
            cells[3].setToolTip(cells[3].text())  # a long note is elided in the cell
            cells[0].setToolTip(schema_description("ruleset", (*self.key, name)))
            number = isinstance(plain(value), int | float) and not isinstance(plain(value), bool)
            if number:
                cells[2].setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                cells[2].setCheckState(Qt.CheckState.Checked if meta.get("estimated")
                                       else Qt.CheckState.Unchecked)
            else:
                cells[2].setFlags(Qt.ItemFlag.NoItemFlags)
                cells[3].setFlags(Qt.ItemFlag.NoItemFlags)
            for c, cell in enumerate(cells):
                cell.setData(Qt.ItemDataRole.UserRole, name)
                self.params.setItem(r, c, cell)
        self.params.setVisible(bool(names))
        self.params.setFixedHeight(28 + 30 * len(names))
        self.params.resizeColumnsToContents()
        self._filling = False

    def set_enabled(self, on: bool) -> str | None:
        """Switch the variant on or off as one undo step; the reason when it is refused."""
        why = refusal(self.vid) if on else None
        if why:
            self.load()
            return why
        self.doc.end_merge()
        self.doc.set_value((*self.key, "enabled"), on,
                           tr("Switch {variant} {state}").format(
                               variant=self.vid, state=tr("on") if on else tr("off")))
        return None

    def _toggled(self, on: bool) -> None:
        if not self._filling:
            self.set_enabled(on)

    def _param_edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        name = item.data(Qt.ItemDataRole.UserRole)
        row = item.row()
        key = (*self.key, name)
        old = self.doc.value(key)
        try:
            value = typed_value(self.params.item(row, 1).text())
        except ValueError:
            self.load()
            self.reason.setText(tr("{name}: not a value (write a number, true/false, a list "
                                   "[a, b] or a mapping {{k: v}})").format(name=name))
            self.reason.setVisible(True)
            return
        estimated_cell = self.params.item(row, 2)
        if isinstance(value, int | float) and not isinstance(value, bool):
            checked = estimated_cell.checkState() == Qt.CheckState.Checked
            meta = old if isinstance(old, dict) else {}
            note = edited_note(meta.get("note"), self.params.item(row, 3).text().strip())
            value = estimable(value, checked, note)
        if value is None:
            value = old  # an emptied cell keeps the value: parameters are not removed here
        self.doc.end_merge()
        self.doc.set_value(key, value, tr("Edit {variant} {name}").format(variant=self.vid,
                                                                         name=name))

    def show_problems(self) -> None:
        """Frame the row red when a problem is located in it."""
        found = self.doc.problems_under(self.key)
        self.setStyleSheet(f"VariantRow {{border: 2px solid {PROBLEM};}}" if found else "")
        self.setToolTip("\n".join(tr("{message} (hint: {hint})").format(
            message=p.message, hint=p.hint) for p in found))


class VariantsPanel(QWidget):
    """Every variant of the ruleset, registered ones first in the engine's order."""

    def __init__(self, doc: ContentDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        lay = QVBoxLayout(self)
        present = doc.value(("variants",)) or {}
        ids = list(variants.VARIANTS) + [v for v in present if v not in variants.VARIANTS]
        self.rows: dict[str, VariantRow] = {}
        for vid in ids:
            row = VariantRow(doc, vid)
            lay.addWidget(row)
            self.rows[vid] = row
        lay.addStretch(1)
        doc.changed.connect(self._changed)
        doc.problemsChanged.connect(self.show_problems)

    def _changed(self, key: Key) -> None:
        if key[:1] == ("variants",):
            for vid, row in self.rows.items():
                if len(key) < 2 or key[1] == vid:
                    row.load()

    def show_problems(self) -> None:
        """Mark the variants that have problems."""
        for row in self.rows.values():
            row.show_problems()
