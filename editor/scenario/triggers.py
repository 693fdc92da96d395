"""Scenario ▸ Triggers…: the event triggers of a scenario as a form — each trigger's id, what
fires it (`on`), `once`, its conditions and actions picked from the engine's kinds
(engine/rules/scenario_runtime.py `ON`, `CONDITIONS`, `ACTIONS`) with the parameters each
kind takes. Every edit is one undo step on the ScenarioDocument (the whole `events` value is
replaced), and the engine's problems under /events are listed and marked at their cells."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.authoring.fields import typed_value
from editor.i18n import tr
from editor.i18n import translate as translate_qt
from editor.scenario.document import ScenarioDocument
from engine import i18n
from engine.i18n import translate
from engine.rules.scenario_runtime import ACTIONS, CONDITIONS, ON, Spec

EVENTS_VERSION = 1
PART_SPECS = {"conditions": CONDITIONS, "actions": ACTIONS}
# The kinds as the form names them; the file keeps the id (shown in each item's tooltip).
KIND_WORDS = {
    "round_is": QT_TRANSLATE_NOOP("TriggerKinds", "round is"),
    "round_at_least": QT_TRANSLATE_NOOP("TriggerKinds", "round at least"),
    "fort_captured": QT_TRANSLATE_NOOP("TriggerKinds", "fort captured"),
    "unit_destroyed": QT_TRANSLATE_NOOP("TriggerKinds", "unit destroyed"),
    "unit_in_region": QT_TRANSLATE_NOOP("TriggerKinds", "unit in region"),
    "money_at_least": QT_TRANSLATE_NOOP("TriggerKinds", "money at least"),
    "spawn_unit": QT_TRANSLATE_NOOP("TriggerKinds", "spawn unit"),
    "give_money": QT_TRANSLATE_NOOP("TriggerKinds", "give money"),
    "show_message": QT_TRANSLATE_NOOP("TriggerKinds", "show message"),
    "win": QT_TRANSLATE_NOOP("TriggerKinds", "win"),
    "lose": QT_TRANSLATE_NOOP("TriggerKinds", "lose"),
}


def kind_label(kind: str) -> str:
    """A condition or action kind in words ("round_is": "round is", German "Runde ist");
    a kind without words (a newer engine's) as its id with spaces."""
    english = KIND_WORDS.get(kind)
    return translate_qt("TriggerKinds", english) if english else kind.replace("_", " ")


def on_label(key: str, text: str) -> str:
    """What fires a trigger, as the Fires box lists it: the id and its meaning in English,
    only the meaning in another language (the id is English; the tooltip keeps it)."""
    if i18n.current_language() == i18n.DEFAULT:
        return f"{key} — {text}"
    return text


def parse_value(text: str, kind: str) -> Any:
    """The value a typed parameter stands for (None: remove it); ValueError with the reason."""
    text = text.strip()
    if not text:
        return None
    if kind == "int":
        try:
            return int(text)
        except ValueError:
            raise ValueError(tr("write a whole number")) from None
    if kind == "hex":
        try:
            value = typed_value(text if text.startswith("[") else f"[{text}]")
        except ValueError:
            value = None
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) for v in value)):
            raise ValueError(tr("write the hex as column, row (e.g. 5, 2)"))
        return value
    return text


def shown(value: Any) -> str:
    """A parameter value as the table shows it."""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


class PartList(QGroupBox):
    """The conditions or the actions of the selected trigger, with their parameters."""

    def __init__(self, editor: TriggerEditor, part: str, title: str) -> None:
        super().__init__(title)
        self.editor, self.part, self.specs = editor, part, PART_SPECS[part]
        self._filling = False
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        self.list = QListWidget()
        self.list.setMaximumHeight(72)
        row.addWidget(self.list, 1)
        side = QVBoxLayout()
        self.kind = QComboBox()
        for kind, spec in self.specs.items():
            self.kind.addItem(kind_label(kind), kind)
            self.kind.setItemData(self.kind.count() - 1, f"{kind}: {translate(spec.help)}",
                                  Qt.ItemDataRole.ToolTipRole)
        self.add_button = QPushButton(tr("Add"))
        self.remove_button = QPushButton(tr("Remove"))
        self.add_button.clicked.connect(self.add)
        self.remove_button.clicked.connect(self.remove)
        for w in (self.kind, self.add_button, self.remove_button):
            side.addWidget(w)
        side.addStretch(1)
        row.addLayout(side)
        lay.addLayout(row)
        self.params = QTableWidget(0, 3)
        self.params.setHorizontalHeaderLabels([tr("Parameter"), tr("Value"), tr("Kind")])
        self.params.verticalHeader().setVisible(False)
        self.params.horizontalHeader().setStretchLastSection(True)
        self.params.setMinimumHeight(150)
        lay.addWidget(self.params)
        self.list.currentRowChanged.connect(self.show_params)
        self.params.itemChanged.connect(self._edited)

    def items(self) -> list[dict[str, Any]]:
        """The selected trigger's conditions or actions."""
        trigger = self.editor.current()
        value = trigger.get(self.part) if trigger else None
        return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []

    def load(self) -> None:
        """Show the selected trigger's entries."""
        keep = self.list.currentRow()
        self.list.blockSignals(True)
        self.list.clear()
        for entry in self.items():
            self.list.addItem(kind_label(str(entry.get("kind", "?"))))
        self.list.blockSignals(False)
        if self.list.count():
            self.list.setCurrentRow(min(max(keep, 0), self.list.count() - 1))
        self.show_params(self.list.currentRow())

    def show_params(self, row: int) -> None:
        """The parameters of entry `row`: every one its kind takes, required ones marked."""
        self._filling = True
        self.params.setRowCount(0)
        entries = self.items()
        if 0 <= row < len(entries):
            entry = entries[row]
            spec = self.specs.get(str(entry.get("kind")), Spec())
            values = entry.get("params") if isinstance(entry.get("params"), dict) else {}
            names = {**spec.required, **spec.optional}
            names.update({k: "?" for k in values if k not in names})
            for name, kind in names.items():
                r = self.params.rowCount()
                self.params.insertRow(r)
                label = QTableWidgetItem(name + (" *" if name in spec.required else ""))
                label.setFlags(Qt.ItemFlag.ItemIsEnabled)
                value = QTableWidgetItem(shown(values.get(name)))
                value.setData(Qt.ItemDataRole.UserRole, name)
                about = QTableWidgetItem(kind + (tr(" (one of {names})").format(
                    names=", ".join(spec.one_of)) if name in spec.one_of else ""))
                about.setFlags(Qt.ItemFlag.ItemIsEnabled)
                for col, item in enumerate((label, value, about)):
                    self.params.setItem(r, col, item)
            self.params.setToolTip(translate(spec.help))
        self._filling = False
        self.mark()

    def mark(self) -> None:
        """Colour the entries and parameter cells that have problems."""
        base = self.editor.pointer()
        if base is None:
            return
        for k in range(self.list.count()):
            found = self.editor.problems_at(f"{base}/{self.part}/{k}")
            self.list.item(k).setForeground(QBrush(QColor("#b03a2e")) if found else QBrush())
            self.list.item(k).setToolTip("\n".join(p.message for p in found))
        row = self.list.currentRow()
        for r in range(self.params.rowCount()):
            cell = self.params.item(r, 1)
            name = cell.data(Qt.ItemDataRole.UserRole)
            found = self.editor.problems_at(f"{base}/{self.part}/{row}/params/{name}")
            cell.setBackground(QBrush(QColor("#f5c6cb")) if found else QBrush())
            cell.setToolTip("\n".join(f"{p.message} (hint: {p.hint})" for p in found))

    def add(self) -> None:
        """Add an entry of the picked kind (one undo step)."""
        kind = self.kind.currentData()
        self.editor.change(lambda t: t.setdefault(self.part, []).append(
            {"kind": kind, "params": {}}), tr("Add {kind}").format(kind=kind))
        self.list.setCurrentRow(self.list.count() - 1)

    def remove(self) -> None:
        """Remove the selected entry (one undo step)."""
        row = self.list.currentRow()
        if 0 <= row < len(self.items()):
            self.editor.change(lambda t: t[self.part].pop(row), tr("Remove entry"))

    def _edited(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() != 1:
            return
        row = self.list.currentRow()
        name = item.data(Qt.ItemDataRole.UserRole)
        entry = self.items()[row]
        spec = self.specs.get(str(entry.get("kind")), Spec())
        kind = {**spec.required, **spec.optional}.get(name, "text")
        try:
            value = parse_value(item.text(), kind)
        except ValueError as exc:
            self.editor.status(f"{name}: {exc}")
            self.show_params(row)
            return

        def apply(trigger: dict[str, Any]) -> None:
            params = trigger[self.part][row].setdefault("params", {})
            if value is None:
                params.pop(name, None)
            else:
                params[name] = value
        self.editor.change(apply, tr("Edit {name}").format(name=name))


class TriggerEditor(QWidget):
    """The trigger form of one scenario document (a window of Scenario ▸ Properties)."""

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("triggerEditor")
        self.setWindowTitle(tr("Triggers — {name}").format(name=doc.path.name))
        self.doc = doc
        self._filling = False
        lay = QHBoxLayout(self)
        left = QVBoxLayout()
        self.list = QListWidget()
        left.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(tr("New trigger"))
        self.remove_button = QPushButton(tr("Remove"))
        self.add_button.clicked.connect(self.add_trigger)
        self.remove_button.clicked.connect(self.remove_trigger)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        left.addLayout(buttons)
        lay.addLayout(left, 1)

        right = QVBoxLayout()
        form_box = QGroupBox(tr("Trigger"))
        form = QFormLayout(form_box)
        self.id_edit = QLineEdit()
        self.on = QComboBox()
        for key, text in ON.items():
            self.on.addItem(on_label(key, translate(text)), key)
            self.on.setItemData(self.on.count() - 1, key, Qt.ItemDataRole.ToolTipRole)
        self.once = QCheckBox(tr("Fires once"))
        form.addRow(tr("Id"), self.id_edit)
        form.addRow(tr("Fires"), self.on)
        form.addRow("", self.once)
        right.addWidget(form_box)
        self.conditions = PartList(self, "conditions", tr("Conditions (all must hold)"))
        self.actions = PartList(self, "actions", tr("Actions (in order)"))
        right.addWidget(self.conditions)
        right.addWidget(self.actions)
        self.problems = QListWidget()
        self.problems.setMaximumHeight(90)
        right.addWidget(self.problems)
        lay.addLayout(right, 2)

        self.list.currentRowChanged.connect(self.load_trigger)
        self.id_edit.editingFinished.connect(
            lambda: self.change(lambda t: t.__setitem__("id", self.id_edit.text().strip()),
                                tr("Rename trigger")))
        self.on.activated.connect(
            lambda _i: self.change(lambda t: t.__setitem__("on", self.on.currentData()),
                                   tr("Change what fires the trigger")))
        self.once.toggled.connect(
            lambda on: self.change(lambda t: t.__setitem__("once", on), tr("Toggle once")))
        doc.changed.connect(lambda _key: self.load())
        doc.problemsChanged.connect(self.show_problems)
        self.load()

    # --- data -------------------------------------------------------------------------------

    def triggers(self) -> list[dict[str, Any]]:
        """The scenario's triggers in file form."""
        events = self.doc.value(("events",))
        value = events.get("triggers") if isinstance(events, dict) else None
        return [t for t in value if isinstance(t, dict)] if isinstance(value, list) else []

    def current(self) -> dict[str, Any] | None:
        """The selected trigger."""
        row, triggers = self.list.currentRow(), self.triggers()
        return triggers[row] if 0 <= row < len(triggers) else None

    def pointer(self) -> str | None:
        """The JSON pointer of the selected trigger."""
        row = self.list.currentRow()
        return f"/events/triggers/{row}" if row >= 0 else None

    def change(self, edit: Any, text: str, whole: bool = False) -> None:
        """Apply `edit` to a copy of the selected trigger (or, `whole`, of the trigger list)
        and put the new `events` value as one undo step."""
        if self._filling:
            return
        events = copy.deepcopy(self.doc.value(("events",)))
        if not isinstance(events, dict):
            events = {}
        events.setdefault("version", EVENTS_VERSION)
        triggers = events.setdefault("triggers", [])
        if whole:
            edit(triggers)
        else:
            row = self.list.currentRow()
            if not 0 <= row < len(triggers) or not isinstance(triggers[row], dict):
                return
            edit(triggers[row])
        self.doc.set_value(("events",), events, text)

    def add_trigger(self) -> None:
        """A new trigger (fires at a round start, once), selected."""
        ids = {t.get("id") for t in self.triggers()}
        n = len(ids) + 1
        while f"trigger_{n}" in ids:
            n += 1
        new = {"id": f"trigger_{n}", "on": "round_start", "once": True,
               "conditions": [], "actions": []}
        self.change(lambda ts: ts.append(new), tr("New trigger"), whole=True)
        self.list.setCurrentRow(self.list.count() - 1)

    def remove_trigger(self) -> None:
        """Remove the selected trigger."""
        row = self.list.currentRow()
        if row >= 0:
            self.change(lambda ts: ts.pop(row), tr("Remove trigger"), whole=True)

    # --- showing ----------------------------------------------------------------------------

    def load(self) -> None:
        """Show the triggers and the selected one."""
        self._filling = True
        keep = self.list.currentRow()
        self.list.blockSignals(True)
        self.list.clear()
        for t in self.triggers():
            self.list.addItem(QListWidgetItem(str(t.get("id", "?"))))
        self.list.blockSignals(False)
        if self.list.count():
            self.list.setCurrentRow(min(max(keep, 0), self.list.count() - 1))
        self._filling = False
        self.load_trigger()

    def load_trigger(self, *_args: Any) -> None:
        """Show the selected trigger's fields, conditions and actions."""
        self._filling = True
        trigger = self.current() or {}
        self.id_edit.setText(str(trigger.get("id", "")))
        index = self.on.findData(trigger.get("on"))
        self.on.setCurrentIndex(max(index, 0))
        self.once.setChecked(bool(trigger.get("once", True)))
        for w in (self.id_edit, self.on, self.once, self.conditions, self.actions):
            w.setEnabled(bool(trigger))
        self._filling = False
        self.conditions.load()
        self.actions.load()
        self.show_problems()

    def problems_at(self, pointer: str) -> list[Any]:
        """The problems located at `pointer` or inside it."""
        return [p for p in self.doc.problems
                if p.pointer == pointer or (p.pointer or "").startswith(pointer + "/")]

    def show_problems(self) -> None:
        """List the problems of the triggers; mark entries and cells."""
        self.problems.clear()
        for p in self.problems_at("/events"):
            item = QListWidgetItem(f"{p.severity}: {p.pointer}: {p.message} — {p.hint}")
            item.setForeground(QBrush(QColor("#b03a2e" if p.severity == "error"
                                             else "#9a6700")))
            self.problems.addItem(item)
        for k in range(self.list.count()):
            found = self.problems_at(f"/events/triggers/{k}")
            self.list.item(k).setForeground(QBrush(QColor("#b03a2e")) if found else QBrush())
        self.conditions.mark()
        self.actions.mark()

    def status(self, text: str) -> None:
        """Say why an edit was refused."""
        self.problems.insertItem(0, text)
