"""The scenario side of the Play-test dialog: writing its form as a scenario file and jumping
from a start problem to the field or map place that fixes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFileDialog, QListWidgetItem, QWidget

from editor.files import remember_scenario
from editor.i18n import tr
from engine.play.setup import options_from_scenario, save_scenario_file

translate = QCoreApplication.translate


def parse_seed(text: str) -> int | str:

    """A seed: an integer when the text is one, else the text itself (engine accepts both)."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        return text


class ScenarioFormActions:
    """Save-as-scenario and jump-to-fix for `PlaytestDialog` (a mixin: it uses the dialog's
    fields, declared here for the type checker)."""

    map_path: Path | None
    game_map: Any
    status: Any
    seed: Any
    setup: Any
    scenario_label: Any
    save_button: Any
    show_problem: Any
    seat_rows: list[Any]
    half: Any
    players: Any
    ruleset: Any
    catalog: Any
    variant_box: Any
    initial: Any
    ask_scenario_path: Any
    options: Any  # the dialog's method: the options of the form

    def _ask_scenario_path(self, suggested: Path) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(
            self, translate("PlaytestDialog", "Save as scenario"), str(suggested),
            translate("PlaytestDialog", "Scenarios (*.scenario.yaml)"))
        return Path(path) if path else None

    def save_scenario(self) -> bool:
        """Write the scenario form as a scenario file (asking where); from then on the map is
        played and packed through it. Returns whether a playable scenario was written."""
        if self.map_path is None:
            self.status.setText(translate(
                "PlaytestDialog", "Save the map first: a scenario refers to the map file"))
            return False
        stem = self.map_path.name.split(".")[0]
        path = self.ask_scenario_path(self.map_path.parent / f"{stem}.scenario.yaml")
        if path is None:
            return False
        try:
            problems = save_scenario_file(self.options(), self.map_path, path,
                                          self.game_map.name, self.game_map.name_de)
        except OSError as exc:
            self.status.setText(translate("PlaytestDialog", "Cannot write %1: %2").replace(
                "%1", str(path)).replace("%2", str(exc.strerror or exc)))
            return False
        errors = [p for p in problems if p.is_error]
        if errors:
            count = len(errors)
            self.status.setText(tr("%1 was written but has %n error(s): %2", "", count)
                .replace("%1", path.name).replace("%2", errors[0].format()))
            return False
        remember_scenario(self.map_path, path)
        self.initial = options_from_scenario(path, seed=parse_seed(self.seed.text()) or 1,
                                             setup=self.setup.currentData())
        self.scenario_label.setText(translate(
            "PlaytestDialog",
            "<b>Scenario:</b> %1 (saved): the map is played and packed through it.")
            .replace("%1", path.name))
        self.save_button.setVisible(False)
        return True

    def _jump_to_fix(self, item: QListWidgetItem) -> None:
        """A start problem about a dialog field focuses it; one about the map shows it."""
        problem = item.data(Qt.ItemDataRole.UserRole)
        if problem is None:
            return
        pointer = problem.pointer or ""
        field = self._field_for(pointer)
        if field is not None:
            field.setFocus()
        elif self.show_problem is not None:
            self.show_problem(problem)

    def _field_for(self, pointer: str) -> QWidget | None:
        parts = pointer.split("/")
        head = parts[1] if len(parts) > 1 else ""
        if head == "seats":
            i = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
            return self.seat_rows[min(i, len(self.seat_rows) - 1)][0]
        fields: dict[str, QWidget] = {"half": self.half, "players": self.players,
                                      "ruleset": self.ruleset, "catalog": self.catalog,
                                      "variants": self.variant_box,
                                      "starting_money": self.seat_rows[0][0]}
        return fields.get(head)

