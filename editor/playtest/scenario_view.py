"""The play-test's Scenario tab: briefing, objectives with their progress, and the messages
the scenario's triggers showed (all read from the engine; nothing recomputed here)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from engine.i18n import current_language, localized
from engine.rules.events import ScenarioMessage
from engine.rules.scenario_runtime import objective_progress
from engine.rules.state import State


class ScenarioView(QScrollArea):
    """Briefing, objectives and triggered messages of the game being play-tested."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestScenario")
        self.setWidgetResizable(True)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setMargin(6)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setWidget(self.label)
        self._key: tuple[int, int] | None = None

    def show_state(self, state: State) -> None:
        """Show the scenario of `state` as it stands now."""
        key = (id(state), len(state.log))
        if key == self._key:
            return
        self._key = key
        scenario = state.game.scenario
        parts = [f"<b>{escape(localized(scenario.name, scenario.id))}</b>"]
        briefing = localized(scenario.briefing)
        if briefing:
            parts.append(escape(briefing))
        if scenario.objectives:
            rows = []
            for o in scenario.objectives:
                done, text = objective_progress(state, o)
                mark = "✔" if done else "○"
                rows.append(f"{mark} <i>{escape(o['id'])}</i>: {escape(text)}")
            parts.append(self.tr("<b>Objectives</b>") + "<br>" + "<br>".join(rows))
        else:
            parts.append(self.tr("<b>Objectives</b>") + "<br>"
                         + self.tr("the ruleset's victory conditions"))
        messages = [e for e in state.log if isinstance(e, ScenarioMessage)]
        if messages:
            german = current_language() == "de"
            parts.append(self.tr("<b>Messages</b>") + "<br>" + "<br>".join(
                escape(m.de if german and m.de else m.en) for m in messages))

        self.label.setText("<br><br>".join(parts))
