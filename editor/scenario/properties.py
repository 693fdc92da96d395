"""Scenario ▸ Properties…: the form of one ScenarioDocument — names, players and half, seats,
starting money, variants (with where their rule is), briefing, objectives — every edit an undo
step, the engine's problems listed live, Save writes atomically. Triggers… and Units… open the
trigger form and the table of pre-placed units (editor.scenario.triggers, .units_form)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QBrush, QCloseEvent, QColor, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.authoring.rule_summaries import variant_summary
from editor.controller_words import controller_labels
from editor.recovery import RecoveryStore
from editor.scenario.document import Key, ScenarioDocument
from editor.scenario.keeping import ScenarioKeeper
from editor.scenario.triggers import TriggerEditor
from editor.scenario.units_form import UnitsForm
from engine.content import ContentError, Document, load_ruleset, scenario_reference
from engine.i18n import rule_reference
from engine.model import TEAM_OF
from engine.play.setup import HALVES, NATION_NAMES, NATIONS
from engine.rules.variants import VARIANTS

translate = QCoreApplication.translate
DEFAULT_SEATS = {2: ["DE", "FR"], 4: ["DE", "GB", "AH", "FR"]}
# Objective kind -> (the id parameter it names, what it means); count is used where needed.
# The texts are marked for pyside6-lupdate and shown through self.tr.
OBJECTIVE_FORM = {
    "capture_fort": ("fort", QT_TRANSLATE_NOOP("ScenarioProperties", "take the named fort")),
    "hold_forts": ("", QT_TRANSLATE_NOOP("ScenarioProperties", "hold `count` forts")),
    "hold_region": ("region", QT_TRANSLATE_NOOP("ScenarioProperties", "hold the named region")),
    "eliminate": ("", QT_TRANSLATE_NOOP("ScenarioProperties",
                                        "destroy every enemy combat unit")),
    "destroy_units": ("unit", QT_TRANSLATE_NOOP(
        "ScenarioProperties", "destroy `count` enemy units (of the named type if given)")),
}
OBJECTIVE_KINDS = {
    "capture_fort": QT_TRANSLATE_NOOP("ScenarioProperties", "capture fort"),
    "hold_forts": QT_TRANSLATE_NOOP("ScenarioProperties", "hold forts"),
    "hold_region": QT_TRANSLATE_NOOP("ScenarioProperties", "hold region"),
    "eliminate": QT_TRANSLATE_NOOP("ScenarioProperties", "eliminate"),
    "destroy_units": QT_TRANSLATE_NOOP("ScenarioProperties", "destroy units"),
}
PARAMS = {"fort": QT_TRANSLATE_NOOP("ScenarioProperties", "fort"),
          "region": QT_TRANSLATE_NOOP("ScenarioProperties", "region"),
          "unit": QT_TRANSLATE_NOOP("ScenarioProperties", "unit"),
          "count": QT_TRANSLATE_NOOP("ScenarioProperties", "count")}
TEAMS = {"central": QT_TRANSLATE_NOOP("Teams", "Central"),
         "entente": QT_TRANSLATE_NOOP("Teams", "Entente")}


def nation_name(code: str) -> str:
    """A nation's name by the play-test's catalog (context "Nations", editor.playtest.words,
    which this package cannot import: editor.playtest imports editor.scenario)."""
    return translate("Nations", NATION_NAMES.get(code, code))


def _seats(nations: list[str], controllers: list[str]) -> list[dict[str, Any]]:

    return [{"seat": i + 1, "nation": n, "team": TEAM_OF.get(n, "central"), "controller": c}
            for i, (n, c) in enumerate(zip(nations, controllers, strict=True))]


class ScenarioProperties(QWidget):
    """The Properties form of a scenario document; `show_problem` gets a clicked problem."""

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None,
                 show_problem: Callable[[Any], None] | None = None,
                 recovery: RecoveryStore | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scenarioProperties")
        self.setWindowTitle(self.tr("Scenario properties — %1").replace("%1", doc.path.name))
        self.doc = doc
        self.keeper = ScenarioKeeper(doc, self, recovery)
        self.show_problem = show_problem
        self._filling = False
        # The form scrolls: it is taller than a 1280×720 screen.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        QVBoxLayout(self).addWidget(scroll)
        inner = QWidget()
        scroll.setWidget(inner)
        lay = QVBoxLayout(inner)

        general = QGroupBox(self.tr("Scenario"))
        form = QFormLayout(general)
        self.name_en, self.name_de = QLineEdit(), QLineEdit()
        form.addRow(self.tr("Name (en)"), self.name_en)
        form.addRow(self.tr("Name (de)"), self.name_de)
        refs = QLabel()
        refs.setText(self.tr("map %1\nruleset %2\ncatalog %3").replace(
            "%1", str(doc.value(("map",)))).replace("%2", str(doc.value(("ruleset",)))).replace(
            "%3", str(doc.value(("catalog",)))))
        form.addRow(self.tr("Files"), refs)
        self.players = QComboBox()
        self.players.addItem(self.tr("2 players (half map)"), 2)
        self.players.addItem(self.tr("4 players (whole map)"), 4)
        form.addRow(self.tr("Players"), self.players)
        self.half = QComboBox()
        for h in HALVES:
            first, last = h.removeprefix("half_").split("_")
            self.half.addItem(self.tr("start numbers %1–%2").replace("%1", first).replace(
                "%2", last), h)
        form.addRow(self.tr("Half"), self.half)
        lay.addWidget(general)

        seats_box = QGroupBox(self.tr("Seats (turn order) and starting money"))
        grid = QGridLayout(seats_box)
        self.seat_rows: list[tuple[QLabel, QComboBox, QComboBox]] = []
        for i in range(4):
            nation, ctl = QComboBox(), QComboBox()
            for n in NATIONS:
                nation.addItem(f"{n} – {nation_name(n)}", n)
            for key, label in controller_labels().items():
                ctl.addItem(label, key)
            ctl.insertItem(1, self.tr("AI (random, older name)"), "ai")
            label = QLabel(self.tr("Seat %1").replace("%1", str(i + 1)))
            grid.addWidget(label, i, 0)
            grid.addWidget(nation, i, 1)
            grid.addWidget(ctl, i, 2)
            self.seat_rows.append((label, nation, ctl))
        self.money: dict[str, QSpinBox] = {}
        money_row = QHBoxLayout()
        for n in NATIONS:
            box = QSpinBox()
            box.setRange(-1, 10000)
            box.setSpecialValueText(self.tr("ruleset"))
            box.setToolTip(self.tr("Starting money of %1 ('ruleset': the ruleset's)").replace(
                "%1", nation_name(n)))
            money_row.addWidget(QLabel(n))
            money_row.addWidget(box)
            self.money[n] = box
        grid.addLayout(money_row, 4, 0, 1, 3)
        lay.addWidget(seats_box)

        self.variant_box = QGroupBox(self.tr("Variants (of the ruleset)"))
        self.variant_layout = QGridLayout(self.variant_box)
        self.variant_checks: dict[str, QCheckBox] = {}
        for k, v in enumerate(self._ruleset_variants()):
            cls = VARIANTS.get(v)
            # The play-test's catalog (context "Variants") names the variants.
            cb = QCheckBox(QCoreApplication.translate("Variants", v.replace("_", " ")))
            playable = cls is not None and cls.implemented
            cb.setToolTip((self.tr("%1 Rule: %2").replace(
                "%1", variant_summary(v) + ".").replace("%2", rule_reference(cls.rule))
                if cls else "")
                + ("" if playable else self.tr(" — no effect in the engine yet")))
            cb.setEnabled(playable)
            self.variant_checks[v] = cb
            self.variant_layout.addWidget(cb, k // 3, k % 3)
        lay.addWidget(self.variant_box)

        brief = QGroupBox(self.tr("Briefing"))
        bl = QFormLayout(brief)
        self.brief_en, self.brief_de = QPlainTextEdit(), QPlainTextEdit()
        for w in (self.brief_en, self.brief_de):
            w.setMaximumHeight(70)
        bl.addRow(self.tr("English"), self.brief_en)
        bl.addRow(self.tr("German"), self.brief_de)
        lay.addWidget(brief)

        obj_box = QGroupBox(self.tr("Objectives (a team meeting one wins)"))
        ol = QVBoxLayout(obj_box)
        self.objectives = QListWidget()
        self.objectives.setObjectName("scenarioObjectives")
        self.objectives.setMaximumHeight(90)
        ol.addWidget(self.objectives)
        add_row = QHBoxLayout()
        self.obj_id = QLineEdit()
        self.obj_id.setPlaceholderText(self.tr("id (optional)"))
        self.obj_id.setToolTip(self.tr(
            "The objective's id, named by the game's end reason (made from team and kind when "
            "empty)"))
        self.obj_kind = QComboBox()
        for kind, (_param, hint) in OBJECTIVE_FORM.items():
            self.obj_kind.addItem(self.tr(OBJECTIVE_KINDS[kind]), kind)
            self.obj_kind.setItemData(self.obj_kind.count() - 1, self.tr(hint),
                                      Qt.ItemDataRole.ToolTipRole)
        self.obj_team = QComboBox()
        for team, team_label in TEAMS.items():
            self.obj_team.addItem(QCoreApplication.translate("Teams", team_label), team)
        self.obj_target = QLineEdit()
        self.obj_target.setPlaceholderText(self.tr("fort / region / unit id"))
        self.obj_count = QSpinBox()
        self.obj_count.setRange(1, 1000)
        self.obj_add = QPushButton(self.tr("Add"))
        self.obj_remove = QPushButton(self.tr("Remove"))
        self.obj_add.clicked.connect(self.add_objective)
        self.obj_remove.clicked.connect(self.remove_objective)
        for w in (self.obj_id, self.obj_kind, self.obj_team):
            add_row.addWidget(w)
        target_row = QHBoxLayout()
        for w in (self.obj_target, self.obj_count, self.obj_add, self.obj_remove):
            target_row.addWidget(w)
        ol.addLayout(add_row)
        ol.addLayout(target_row)
        lay.addWidget(obj_box)

        self.contents = QLabel()
        self.contents.setWordWrap(True)
        contents_row = QHBoxLayout()
        contents_row.addWidget(self.contents, 1)
        self.triggers_button = QPushButton(self.tr("Triggers…"))
        self.triggers_button.setToolTip(self.tr("Edit the scenario's event triggers in a form"))
        self.triggers_button.clicked.connect(self.open_triggers)
        contents_row.addWidget(self.triggers_button)
        self.units_button = QPushButton(self.tr("Units…"))
        self.units_button.setToolTip(self.tr("Edit the units placed before the game starts"))
        self.units_button.clicked.connect(self.open_units)
        contents_row.addWidget(self.units_button)
        lay.addLayout(contents_row)
        self.trigger_window: TriggerEditor | None = None
        self.units_window: UnitsForm | None = None
        self.problem_list = QListWidget()
        self.problem_list.setObjectName("scenarioProblems")
        self.problem_list.setMaximumHeight(100)
        self.problem_list.itemActivated.connect(self._jump)
        self.problem_list.itemClicked.connect(self._jump)
        lay.addWidget(self.problem_list)

        row = QHBoxLayout()
        self.undo_button = QPushButton(self.tr("Undo"))
        self.redo_button = QPushButton(self.tr("Redo"))
        self.save_button = QPushButton(self.tr("Save"))
        self.undo_button.clicked.connect(doc.undo_stack.undo)
        self.redo_button.clicked.connect(doc.undo_stack.redo)
        self.save_button.clicked.connect(self.save)
        self.undo_button.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_button.setShortcut(QKeySequence.StandardKey.Redo)
        self.save_button.setShortcut(QKeySequence.StandardKey.Save)
        for b in (self.undo_button, self.redo_button, self.save_button):
            row.addWidget(b)
        self.status = QLabel()
        row.addWidget(self.status, 1)
        lay.addLayout(row)

        self._connect()
        doc.changed.connect(lambda _key: self.fill())
        doc.problemsChanged.connect(self.show_problems)
        doc.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        doc.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        doc.undo_stack.cleanChanged.connect(self._title)
        doc.fileChanged.connect(lambda: self._title(not doc.modified))
        doc.setParent(self)  # the document lives as long as its window
        self.fill()
        self.show_problems()

    # --- model -> widgets ------------------------------------------------------------------

    def _ruleset_variants(self) -> list[str]:
        ref = scenario_reference(Document(self.doc.data, "scenario", self.doc.path), "ruleset")
        try:
            return sorted(load_ruleset(ref).variants) if ref is not None else []
        except (ContentError, OSError):
            return []

    def fill(self) -> None:
        """Show the document's values (signals blocked: filling is not editing)."""
        self._filling = True
        d = self.doc
        self.name_en.setText(d.value(("name", "en")) or "")
        self.name_de.setText(d.value(("name", "de")) or "")
        players = int(d.value(("players",)) or 2)
        self.players.setCurrentIndex(0 if players == 2 else 1)
        half = d.value(("half",))
        self.half.setCurrentIndex(HALVES.index(half) if half in HALVES else 0)
        self.half.setEnabled(players == 2)
        seats = sorted(d.value(("seats",)) or [], key=lambda s: s.get("seat", 0))
        for i, (label, nation, ctl) in enumerate(self.seat_rows):
            for w in (label, nation, ctl):
                w.setVisible(i < players)
            if i < len(seats):
                nation.setCurrentIndex(nation.findData(seats[i].get("nation")))
                ctl.setCurrentIndex(ctl.findData(seats[i].get("controller", "human")))
        money = d.value(("starting_money",)) or {}
        for n, box in self.money.items():
            box.setValue(int(money.get(n, -1)))
        on = set(d.value(("variants",)) or [])
        for v, cb in self.variant_checks.items():
            cb.setChecked(v in on)
        for w, key in ((self.brief_en, "en"), (self.brief_de, "de")):
            text = d.value(("briefing", key)) or ""
            if w.toPlainText() != text:
                w.setPlainText(text)
        self.objectives.clear()
        for o in d.value(("objectives",)) or []:
            extra = " ".join(f"{translate('ScenarioProperties', PARAMS[k])} {o[k]}"
                             for k in PARAMS if k in o)
            kind = o.get("kind")
            self.objectives.addItem(self.tr("%1: %2 for %3 %4").replace(
                "%1", str(o.get("id"))).replace(
                "%2", self.tr(OBJECTIVE_KINDS[kind]) if kind in OBJECTIVE_KINDS else str(kind))
                .replace("%3", QCoreApplication.translate("Teams", TEAMS.get(
                    o.get("team"), str(o.get("team"))))).replace("%4", extra))
        units = len(d.value(("units",)) or [])
        triggers = len((d.value(("events",)) or {}).get("triggers", []))
        self.contents.setText(
            self.tr("%n pre-placed unit(s),", "", units) + " "
            + self.tr("%n trigger(s).", "", triggers))
        self._filling = False
        self._buttons()

    def show_problems(self) -> None:
        """List the engine's problems of the scenario as it would be saved."""
        self.problem_list.clear()
        for p in self.doc.problems:
            severity = translate("Problems", p.severity)
            item = QListWidgetItem(f"{severity}: {p.message} [{p.pointer or '/'}] — {p.hint}")
            item.setData(Qt.ItemDataRole.UserRole, p)
            item.setForeground(QBrush(QColor("#c62828" if p.is_error else "#a66a00")))
            self.problem_list.addItem(item)
        errors = sum(1 for p in self.doc.problems if p.is_error)
        self.problem_list.setVisible(bool(self.doc.problems))
        self.status.setText(self.tr("%n error(s)", "", errors)
                            if errors else self.tr("valid"))

    def _buttons(self) -> None:
        self.undo_button.setEnabled(self.doc.undo_stack.canUndo())
        self.redo_button.setEnabled(self.doc.undo_stack.canRedo())
        self._title(self.doc.undo_stack.isClean())

    def _title(self, clean: bool) -> None:
        self.setWindowTitle(self.tr("Scenario properties — %1").replace(
            "%1", self.doc.path.name) + ("" if clean else " *"))

    # --- widgets -> model ------------------------------------------------------------------

    def _connect(self) -> None:
        rename = self.tr("Rename")
        self.name_en.textEdited.connect(lambda t: self._set(("name", "en"), t, rename))
        self.name_de.textEdited.connect(lambda t: self._set(("name", "de"), t, rename))
        self.players.currentIndexChanged.connect(self._players_changed)
        self.half.currentIndexChanged.connect(
            lambda _i: self._set(("half",), self.half.currentData(), self.tr("Change half")))
        for _label, nation, ctl in self.seat_rows:
            nation.currentIndexChanged.connect(self._seats_changed)
            ctl.currentIndexChanged.connect(self._seats_changed)
        for n, box in self.money.items():
            box.valueChanged.connect(lambda v, n=n: self._money_changed(n, v))
        for cb in self.variant_checks.values():
            cb.toggled.connect(self._variants_changed)
        edit_briefing = self.tr("Edit briefing")
        self.brief_en.textChanged.connect(
            lambda: self._set(("briefing", "en"), self.brief_en.toPlainText() or None,
                              edit_briefing))
        self.brief_de.textChanged.connect(
            lambda: self._set(("briefing", "de"), self.brief_de.toPlainText() or None,
                              edit_briefing))

    def _set(self, key: Key, value: Any, text: str) -> None:
        if not self._filling:
            self.doc.set_value(key, value, text)

    def _players_changed(self) -> None:
        if self._filling:
            return
        n = int(self.players.currentData())
        stack = self.doc.undo_stack
        stack.beginMacro(self.tr("Set %1 players").replace("%1", str(n)))
        self.doc.set_value(("players",), n)
        self.doc.set_value(("half",), HALVES[0] if n == 2 else None)
        self.doc.set_value(("seats",), _seats(DEFAULT_SEATS[n], ["human"] * n))
        stack.endMacro()

    def _seats_changed(self) -> None:
        if self._filling:
            return
        n = int(self.players.currentData())
        rows = self.seat_rows[:n]
        seats = _seats([r[1].currentData() for r in rows], [r[2].currentData() for r in rows])
        # A co-op partner (RULES §9) has no row of its own: it stays while its seat keeps
        # the same nation (validation says when it no longer fits).
        before = sorted(self.doc.value(("seats",)) or [], key=lambda s: s.get("seat", 0))
        for seat, old in zip(seats, before, strict=False):
            if old.get("partner") and old.get("nation") == seat["nation"]:
                seat["partner"] = old["partner"]
        self._set(("seats",), seats, self.tr("Change seats"))

    def _money_changed(self, nation: str, value: int) -> None:
        if self._filling:
            return
        money = dict(self.doc.value(("starting_money",)) or {})
        if value < 0:
            money.pop(nation, None)
        else:
            money[nation] = value
        self._set(("starting_money",), money,
                  self.tr("Change starting money of %1").replace("%1", nation))

    def _variants_changed(self) -> None:
        chosen = [v for v, cb in self.variant_checks.items() if cb.isChecked()]
        self._set(("variants",), chosen, self.tr("Change variants"))

    def add_objective(self) -> None:
        """Add the objective described by the row of fields (one undo step)."""
        kind = self.obj_kind.currentData()
        team = self.obj_team.currentData()
        param, _hint = OBJECTIVE_FORM[kind]
        objectives = list(self.doc.value(("objectives",)) or [])
        taken = {o.get("id") for o in objectives}
        base = f"{team}_{kind}"
        oid = self.obj_id.text().strip() or next(
            f"{base}_{k}" if k else base for k in range(len(taken) + 2)
            if (f"{base}_{k}" if k else base) not in taken)
        if oid in taken:
            self.status.setText(self.tr(
                "An objective %1 exists already (hint: pick another id)").replace("%1", oid))
            return
        new: dict[str, Any] = {"id": oid, "kind": kind, "team": team}
        target = self.obj_target.text().strip()
        if param and target:
            new[param] = target
        if kind in ("hold_forts", "destroy_units"):
            new["count"] = self.obj_count.value()
        self.doc.set_value(("objectives",), [*objectives, new],
                           self.tr("Add objective %1").replace("%1", oid))
        self.obj_id.clear()

    def remove_objective(self) -> None:
        """Remove the selected objective (one undo step)."""
        row = self.objectives.currentRow()
        objectives = list(self.doc.value(("objectives",)) or [])
        if 0 <= row < len(objectives):
            gone = objectives.pop(row)
            self.doc.set_value(("objectives",), objectives,
                               self.tr("Remove objective %1").replace("%1", str(gone.get("id"))))

    def _jump(self, item: QListWidgetItem) -> None:
        problem = item.data(Qt.ItemDataRole.UserRole)
        if self.show_problem is not None and problem is not None:
            self.show_problem(problem)

    def open_triggers(self) -> TriggerEditor:
        """Show the trigger form of this scenario (edits are steps of the same undo stack)."""
        if self.trigger_window is None:
            self.trigger_window = TriggerEditor(self.doc, self)
            self.trigger_window.setWindowFlag(Qt.WindowType.Window, True)
            self.trigger_window.resize(900, 720)
        self.trigger_window.show()
        self.trigger_window.raise_()
        return self.trigger_window

    def open_units(self) -> UnitsForm:
        """Show the pre-placed units of this scenario as a table (same undo stack)."""
        if self.units_window is None:
            self.units_window = UnitsForm(self.doc, self)
            self.units_window.setWindowFlag(Qt.WindowType.Window, True)
            self.units_window.resize(640, 420)
        self.units_window.show()
        self.units_window.raise_()
        return self.units_window

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask before closing unsaved edits (Save, Discard or Cancel)."""
        if not self.keeper.may_close(self.save):
            event.ignore()
            return
        for child in (self.trigger_window, self.units_window):
            if child is not None:
                child.close()  # its own windows go with it
        event.accept()

    def save(self) -> bool:
        """Save the scenario atomically; refused (with the reason) on an unwritable path."""
        try:
            self.doc.save()
        except OSError as exc:
            self.status.setText(self.tr("Cannot save %1: %2").replace(
                "%1", str(self.doc.path)).replace("%2", str(exc.strerror or exc)))
            return False
        self.status.setText(self.tr("Saved %1").replace("%1", Path(self.doc.path).name))
        self._buttons()
        return True
