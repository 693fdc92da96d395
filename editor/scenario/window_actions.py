"""Scenario ▸ Properties… for the main window: opens the scenario the map was opened
through (or saved as from the play-test form) in its Properties window."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt

from editor.files import opened_via_scenario
from editor.scenario.document import ScenarioDocument
from editor.scenario.properties import ScenarioProperties
from engine.content import ContentError

translate = QCoreApplication.translate


class ScenarioActions:
    """Mixin for MainWindow (it provides document, statusBar and show_error)."""

    scenario_window: ScenarioProperties | None = None

    def open_scenario_properties(self, recovered: dict[str, Any] | None = None
                                 ) -> ScenarioProperties | None:
        """Show the Properties window of the open scenario (with `recovered` data: a crash's
        unsaved edits, shown as unsaved); a status line says why not."""
        path = opened_via_scenario(self.document.path)  # type: ignore[attr-defined]
        if path is None:
            self.statusBar().showMessage(  # type: ignore[attr-defined]
                translate("ScenarioActions",
                          "No scenario is open: open a .scenario.yaml file, or save the "
                          "play-test form as a scenario (F5 ▸ Save as scenario…)"), 10000)
            return None
        current = self.scenario_window
        if current is not None and current.doc.path == path and recovered is None:
            current.show()
            current.raise_()
            return current
        try:
            doc = ScenarioDocument.open(path)
        except (ContentError, OSError) as exc:
            self.statusBar().showMessage(  # type: ignore[attr-defined]
                translate("ScenarioActions", "Cannot open the scenario %1: %2").replace(
                    "%1", path.name).replace("%2", str(exc)), 10000)
            return None
        if recovered is not None:
            doc = ScenarioDocument(recovered, path)
            doc.undo_stack.resetClean()  # recovered work is not saved anywhere yet
        window = ScenarioProperties(doc, self,  # type: ignore[arg-type]
                                    show_problem=self.show_problem,  # type: ignore[attr-defined]
                                    recovery=self.recovery)  # type: ignore[attr-defined]
        if recovered is not None and current is not None:
            current.doc.undo_stack.setClean()  # replaced by the recovered edits
            current.close()
        window.setWindowFlag(Qt.WindowType.Window, True)
        window.resize(620, 820)
        window.show()
        self.scenario_window = window
        return window
