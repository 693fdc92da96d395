"""The Play-test dialog: the scenario being played (the one the map was opened through, or a
scenario form for a map opened alone: players, half, seats, edition, catalog, variants), seed,
setup mode, the map's problems and why a start cannot work as the engine's scenario validation
sees it (errors block, warnings do not; clicking one jumps to the fix: a field of the dialog or
the place on the map)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.controller_words import controller_labels
from editor.playtest.dialog_coop import CoopSeats
from editor.playtest.dialog_scenario import ScenarioFormActions, parse_seed
from editor.playtest.words import nation_name, severity_word, variant_name
from engine.ai.registry import LEGACY_AI
from engine.content import ContentError, load_catalog, load_ruleset
from engine.content.problems import Problem
from engine.i18n import localized
from engine.model import GameMap
from engine.play.setup import (
    BASE_CATALOG,
    HALVES,
    NATIONS,
    START_SPECIAL,
    SUPPORTED_VARIANTS,
    PlaytestOptions,
    SeatChoice,
    available_rulesets,
    map_problems,
    project_files,
    special_unit_choices,
    start_problems,
)

DEFAULT_SEATS = {2: ["DE", "FR"], 4: ["DE", "GB", "AH", "FR"]}


class PlaytestDialog(CoopSeats, ScenarioFormActions, QDialog):
    """Asks for the play-test options; `options()` returns them once accepted."""

    def __init__(self, game_map: GameMap, show_problem: Callable[[Problem], None] | None = None,
                 parent: QWidget | None = None, initial: PlaytestOptions | None = None,
                 scenario_error: str = "", map_path: Path | None = None) -> None:
        super().__init__(parent)
        self.map_path = map_path
        # Asks where to write the scenario form (None: cancelled); tests replace it.
        self.ask_scenario_path: Callable[[Path], Path | None] = self._ask_scenario_path
        self.setWindowTitle(self.tr("Play-test"))
        self.setObjectName("playtestDialog")
        self.show_problem = show_problem
        self.game_map = game_map
        self.errors, self.warnings = map_problems(game_map)
        init = initial or PlaytestOptions()
        self.initial = init
        self.scenario_error = scenario_error
        self.start_errors: list[Problem] = []
        lay = QVBoxLayout(self)

        self.scenario_label = QLabel()
        self.scenario_label.setObjectName("playtestScenario")
        self.scenario_label.setWordWrap(True)
        if scenario_error:
            self.scenario_label.setText(self.tr(
                "<b>The scenario this map was opened through cannot be read:</b> %1")
                .replace("%1", scenario_error))
        elif init.scenario is not None:
            name = localized(init.scenario.name, init.scenario.id)
            where = init.scenario_path.name if init.scenario_path else init.scenario.id
            self.scenario_label.setText(self.tr(
                "<b>Scenario:</b> %1 (%2): its seats, edition, catalog, variants, "
                "money, objectives and events are played.").replace("%1", name)
                .replace("%2", where))
        else:
            self.scenario_label.setText(self.tr(
                "<b>No scenario:</b> this map was opened alone. The seats, edition and half "
                "below make the scenario of this play-test."))
        lay.addWidget(self.scenario_label)

        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        self.problem_list = QListWidget()
        self.problem_list.setObjectName("playtestProblems")
        self.problem_list.setWordWrap(True)
        for p in self.errors + self.warnings:
            where = self.tr(" [hex %1, %2]").replace("%1", str(p.hex[0])).replace(
                "%2", str(p.hex[1])) if p.hex else ""
            item = QListWidgetItem(f"{severity_word(p.severity)}: {p.message}{where}")
            item.setData(Qt.ItemDataRole.UserRole, p)
            item.setToolTip(p.hint)
            item.setForeground(QBrush(QColor("#c62828" if p.is_error else "#a66a00")))
            self.problem_list.addItem(item)
        self.problem_list.itemClicked.connect(self._jump)
        self.problem_list.itemActivated.connect(self._jump)
        errors, warnings = len(self.errors), len(self.warnings)
        if errors:
            self.problem_label.setText(self.tr(
                "<b>This map cannot be played yet:</b> %n blocking problem(s). Click one to "
                "see it on the map.", "", errors))
        elif warnings:
            self.problem_label.setText(self.tr("%n warning(s); they do not block.", "",
                                               warnings))
        else:
            self.problem_label.setText(self.tr("The map has no problems."))
        lay.addWidget(self.problem_label)
        if self.errors or self.warnings:
            lay.addWidget(self.problem_list)

        form_box = QGroupBox(self.tr("Game"))
        form = QFormLayout(form_box)
        self.players = QComboBox()
        self.players.addItem(self.tr("2 players"), 2)
        self.players.addItem(self.tr("4 players"), 4)
        self.players.setCurrentIndex(0 if init.players == 2 else 1)
        form.addRow(self.tr("Players"), self.players)
        self.half = QComboBox()
        for h in HALVES:
            first, last = h.removeprefix("half_").split("_")
            self.half.addItem(self.tr("half, start numbers %1–%2").replace("%1", first)
                              .replace("%2", last), h)
        self.half.addItem(self.tr("whole map"), None)
        if init.half in HALVES:
            self.half.setCurrentIndex(HALVES.index(init.half))
        else:
            self.half.setCurrentIndex(len(HALVES))
        form.addRow(self.tr("Half (2 players)"), self.half)
        self.ruleset = QComboBox()
        for path in available_rulesets():
            self.ruleset.addItem(path.name.removesuffix(".ruleset.yaml"), str(path))
        for path in project_files(map_path, "ruleset"):
            if self.ruleset.findData(str(path)) < 0:
                self.ruleset.addItem(self.tr("%1 (project)").replace(
                    "%1", path.name.removesuffix(".ruleset.yaml")), str(path))
        if self.ruleset.findData(str(init.ruleset)) < 0:
            self.ruleset.addItem(self.tr("%1 (the scenario's)").replace(
                "%1", Path(init.ruleset).name), str(init.ruleset))
        self.ruleset.setCurrentIndex(max(0, self.ruleset.findData(str(init.ruleset))))
        form.addRow(self.tr("Ruleset edition"), self.ruleset)
        self.catalog = QComboBox()
        self.catalog.addItem(self.tr("base (installed)"), str(BASE_CATALOG))
        for path in project_files(map_path, "catalog"):
            if self.catalog.findData(str(path)) < 0:
                self.catalog.addItem(self.tr("%1 (project)").replace(
                    "%1", path.name.removesuffix(".catalog.yaml")), str(path))
        if self.catalog.findData(str(init.catalog)) < 0:
            self.catalog.addItem(self.tr("%1 (the scenario's)").replace(
                "%1", Path(init.catalog).name), str(init.catalog))
        self.catalog.setCurrentIndex(max(0, self.catalog.findData(str(init.catalog))))
        form.addRow(self.tr("Unit catalog"), self.catalog)
        if init.starting_money:
            money = ", ".join(f"{n} {v}" for n, v in sorted(init.starting_money.items()))
            form.addRow(self.tr("Starting money"),
                        QLabel(self.tr("%1 (from the scenario)").replace("%1", money)))
        self.variant_box = QWidget()
        vl = QGridLayout(self.variant_box)
        vl.setContentsMargins(0, 0, 0, 0)
        self.variant_checks: dict[str, QCheckBox] = {}
        for k, v in enumerate(SUPPORTED_VARIANTS):
            cb = QCheckBox(variant_name(v))
            cb.setChecked(v in init.variants)
            self.variant_checks[v] = cb
            vl.addWidget(cb, k // 2, k % 2)
        form.addRow(self.tr("Variants"), self.variant_box)
        self.seed = QLineEdit(str(init.seed))
        form.addRow(self.tr("Seed"), self.seed)
        self.setup = QComboBox()
        self.setup.addItem(self.tr("quick (armies placed for you)"), "quick")
        self.setup.addItem(self.tr("full (assign and place the armies)"), "full")
        self.setup.setCurrentIndex(0 if init.setup == "quick" else 1)
        form.addRow(self.tr("Setup"), self.setup)
        lay.addWidget(form_box)

        seats_box = QGroupBox(self.tr("Seats (in turn order)"))
        seats_lay = QVBoxLayout(seats_box)
        self.coop_preset = self._coop_preset_box()
        seats_lay.addWidget(self.coop_preset)
        self.seat_grid = QGridLayout()
        seats_lay.addLayout(self.seat_grid)
        self.seat_rows: list[tuple[QComboBox, QComboBox]] = []
        # Co-op: per seat "alone" or the ally that plays it together with the seat's nation.
        self.partner_combos: list[QComboBox] = []
        # Start-with-special-unit variant: per seat the unit chosen, or drawn (None).
        self.catalog_path = init.catalog
        self.special_combos: list[QComboBox] = []
        for i in range(4):
            nation = QComboBox()
            for n in NATIONS:
                nation.addItem(f"{n} – {nation_name(n)}", n)
            ctl = QComboBox()
            for key, label in controller_labels().items():
                ctl.addItem(label, key)
            special = QComboBox()
            special.setObjectName(f"playtestSpecialUnit{i + 1}")
            special.setToolTip(self.tr(
                "Start with a special unit: the one this player starts with"))
            partner = self._partner_box(i)
            self.seat_grid.addWidget(QLabel(self.tr("Seat %1").replace("%1", str(i + 1))), i, 0)
            self.seat_grid.addWidget(nation, i, 1)
            self.seat_grid.addWidget(ctl, i, 2)
            self.seat_grid.addWidget(special, i, 3)
            self.seat_grid.addWidget(partner, i, 4)
            self.seat_rows.append((nation, ctl))
            self.special_combos.append(special)
            self.partner_combos.append(partner)
        lay.addWidget(seats_box)
        self._fill_seats(init.seats)
        self._fill_specials(init.special_units)

        self.start_list = QListWidget()
        self.start_list.setObjectName("playtestStartProblems")
        self.start_list.setWordWrap(True)
        self.start_list.setMaximumHeight(110)
        self.start_list.itemClicked.connect(self._jump_to_fix)
        self.start_list.itemActivated.connect(self._jump_to_fix)
        lay.addWidget(self.start_list)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #c62828")
        lay.addWidget(self.status)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.start_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start_button.setText(self.tr("Start play-test"))
        self.save_button = self.buttons.addButton(
            self.tr("Save as scenario…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button.setObjectName("playtestSaveScenario")
        self.save_button.setToolTip(self.tr(
            "Write these choices as a scenario file next to the map: "
            "the map can then be packed and re-played as it is"))
        self.save_button.clicked.connect(self.save_scenario)
        self.save_button.setVisible(init.scenario is None and not scenario_error)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)

        self.players.currentIndexChanged.connect(self._players_changed)
        self.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        self.catalog.currentIndexChanged.connect(self._validate)
        self.half.currentIndexChanged.connect(self._validate)
        for cb in self.variant_checks.values():
            cb.toggled.connect(self._validate)
        self.coop_preset.currentIndexChanged.connect(self._apply_coop_preset)
        for combo in self.partner_combos:
            combo.currentIndexChanged.connect(self._validate)
        for i, (nation, ctl) in enumerate(self.seat_rows):
            nation.currentIndexChanged.connect(lambda _i, k=i: self._fill_partner(k))
            nation.currentIndexChanged.connect(self._validate)
            nation.currentIndexChanged.connect(lambda _i: self._fill_specials())
            ctl.currentIndexChanged.connect(self._validate)
        if START_SPECIAL in self.variant_checks:
            self.variant_checks[START_SPECIAL].toggled.connect(
                lambda _on: self._fill_specials())
        self.seed.textChanged.connect(self._validate)
        self._players_changed()
        self._fill_seats(init.seats)  # the 4-player defaults above are for a user's switch
        self._ruleset_changed()

    def _fill_seats(self, seats: list[SeatChoice]) -> None:
        n = len(seats)
        defaults = DEFAULT_SEATS[4]
        for i, (nation, ctl) in enumerate(self.seat_rows):
            choice = seats[i] if i < n else SeatChoice(defaults[i])
            nation.setCurrentIndex(nation.findData(choice.nation))
            key = "random" if choice.controller == LEGACY_AI else choice.controller
            ctl.setCurrentIndex(max(0, ctl.findData(key)))
            self._fill_partner(i, choice.partner)

    def _fill_specials(self, chosen: dict[str, str] | None = None) -> None:
        """Offer each seat's nation its special units (drawn unless one is chosen); the
        combos are enabled only with the start-with-special-unit variant."""
        try:
            catalog = load_catalog(self.catalog_path)
        except (ContentError, OSError):
            catalog = None
        check = self.variant_checks.get(START_SPECIAL)
        on = check is not None and check.isChecked() and check.isEnabled()
        for (nation_box, _ctl), combo in zip(self.seat_rows, self.special_combos, strict=True):
            nation = nation_box.currentData()
            keep = (chosen or {}).get(nation, combo.currentData())
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(self.tr("special unit: drawn"), None)
            units = catalog.units if catalog else {}
            for type_id in special_unit_choices(catalog, nation) if catalog else []:
                unit = units.get(type_id)
                name = localized(unit.name, type_id) if unit else type_id.replace("_", " ")
                combo.addItem(self.tr("special unit: %1").replace("%1", name), type_id)
            combo.setCurrentIndex(max(0, combo.findData(keep)))
            combo.blockSignals(False)
            combo.setEnabled(on)

    def _players_changed(self) -> None:
        n = int(self.players.currentData())
        for i, (nation, ctl) in enumerate(self.seat_rows):
            for w in (nation, ctl, self.special_combos[i],
                      self.seat_grid.itemAtPosition(i, 0).widget()):
                w.setVisible(i < n)
            self.partner_combos[i].setVisible(i < n and n == 2)
        if n == 4:
            for i, (nation, _ctl) in enumerate(self.seat_rows):
                nation.setCurrentIndex(nation.findData(DEFAULT_SEATS[4][i]))
            self.half.setCurrentIndex(len(HALVES))
        elif self.half.currentData() is None:
            self.half.setCurrentIndex(0)
        self.half.setEnabled(n == 2)
        self._validate()

    def _ruleset_changed(self) -> None:
        try:
            variants = load_ruleset(Path(self.ruleset.currentData())).variants
        except (ContentError, OSError, TypeError):
            variants = {}
        for v, cb in self.variant_checks.items():
            cb.setEnabled(v in variants)
            if v not in variants:
                cb.setChecked(False)
            cb.setToolTip("" if v in variants else self.tr("this ruleset has no such variant"))
        self._fill_specials()
        self._validate()

    def _jump(self, item: QListWidgetItem) -> None:
        problem = item.data(Qt.ItemDataRole.UserRole)
        if self.show_problem is not None and problem is not None:
            self.show_problem(problem)

    def options(self) -> PlaytestOptions:
        """The options as chosen in the dialog."""
        n = int(self.players.currentData())
        seats = [SeatChoice(nation.currentData(), ctl.currentData(),
                            self.partner_combos[i].currentData() if n == 2 else None)
                 for i, (nation, ctl) in enumerate(self.seat_rows[:n])]
        variants = tuple(v for v, cb in self.variant_checks.items() if cb.isChecked())
        specials = {nation.currentData(): combo.currentData()
                    for (nation, _ctl), combo in zip(self.seat_rows[:n],
                                                     self.special_combos[:n], strict=True)
                    if START_SPECIAL in variants and combo.currentData() is not None}
        init = self.initial
        return PlaytestOptions(
            players=n, half=self.half.currentData() if n == 2 else None, seats=seats,
            ruleset=Path(self.ruleset.currentData()), catalog=Path(self.catalog.currentData()),
            seed=parse_seed(self.seed.text()), setup=self.setup.currentData(),
            variants=variants, special_units=specials,
            starting_money=dict(init.starting_money), scenario=init.scenario,
            scenario_path=init.scenario_path)

    def blocking(self) -> list[str]:
        """Why the play-test cannot start: map errors first, then option problems, then what
        the engine's scenario validation refuses."""
        out = [self.tr("map: %1").replace("%1", p.message) for p in self.errors]
        if self.scenario_error:
            out.append(self.tr("scenario: %1").replace("%1", self.scenario_error))
        reasons = self.options().problems()
        out += reasons
        if not self.seed.text().strip():
            out.append(self.tr("enter a seed (a number or any text)"))
        if not reasons:
            out += [self.tr("start: %1").replace("%1", p.message) for p in self.start_errors]
        return out

    def _validate(self) -> None:
        options = self.options()
        found = [] if options.problems() else start_problems(self.game_map, options)
        self.start_errors = [p for p in found if p.is_error]
        self.start_list.clear()
        for p in found:
            item = QListWidgetItem(f"{severity_word(p.severity)}: {p.message} — {p.hint}")
            item.setData(Qt.ItemDataRole.UserRole, p)
            item.setToolTip(self.tr("Click to go to the fix"))
            item.setForeground(QBrush(QColor("#c62828" if p.is_error else "#a66a00")))
            self.start_list.addItem(item)
        self.start_list.setVisible(bool(found))
        reasons = self.blocking()
        # blocking() lists map errors first and start errors last; the rest are the form's.
        tail = 0 if self.options().problems() else len(self.start_errors)
        option_reasons = reasons[len(self.errors):len(reasons) - tail]
        if self.start_errors and not option_reasons:
            option_reasons = [self.tr(
                "This start cannot work (click a problem to go to the fix)")]

        self.status.setText("; ".join(option_reasons))
        self.start_button.setEnabled(not reasons)
        self.save_button.setEnabled(not reasons and self.map_path is not None)
