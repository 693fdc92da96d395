"""Render the authoring screenshots of docs/authoring.md: the Play-test dialog of an opened
scenario, the dialog refusing a start that cannot work, the Scenario tab of a game whose
trigger fired, and Scenario ▸ Properties….
Usage: python -m editor.playtest.authoring_shots [OUT_DIR] (default docs/images)."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from editor.playtest.dialog import PlaytestDialog
from editor.playtest.scenario_view import ScenarioView
from editor.scenario.document import ScenarioDocument
from editor.scenario.properties import ScenarioProperties
from engine.content import load_map, load_scenario
from engine.paths import CONTENT_DIR, PROJECT_ROOT
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, build_scenario, options_from_scenario
from engine.rules.actions import EndPhase

SHOTS = ("authoring-dialog.png", "authoring-refused.png", "authoring-scenario-tab.png",
         "authoring-properties.png")
RAID_TRIGGER = {
    "id": "reinforcements", "on": "round_start", "once": True,
    "conditions": [{"kind": "round_is", "params": {"round": 2}}],
    "actions": [{"kind": "show_message", "params": {"text": "German reinforcements arrive."}},
                {"kind": "spawn_unit", "params": {"nation": "DE", "unit_type": "infantry",
                                                  "hex": [5, 2]}}]}


def _save(widget: QWidget, path: Path) -> None:
    widget.show()
    QApplication.processEvents()
    widget.grab().save(str(path))


def main(argv: list[str] | None = None) -> int:
    """Write the three PNGs into OUT_DIR; returns the exit code."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else PROJECT_ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    _app = QApplication.instance() or QApplication([])
    scenarios = CONTENT_DIR / "scenarios"
    game_map = load_map(CONTENT_DIR / "maps" / "default.map.yaml")

    dialog = PlaytestDialog(game_map, initial=options_from_scenario(
        scenarios / "default-4p-earlier.scenario.yaml"))
    dialog.resize(560, 600)
    _save(dialog, out / SHOTS[0])

    no_halves = copy.deepcopy(game_map)
    no_halves.regions = [r for r in no_halves.regions if not r.id.startswith("half_")]
    refused = PlaytestDialog(no_halves, initial=PlaytestOptions())
    refused.resize(560, 660)
    _save(refused, out / SHOTS[1])

    scenario = load_scenario(scenarios / "default-2p.scenario.yaml")
    scenario.units = [{"nation": "FR", "type": "infantry", "hex": [1, 11], "xp": 1}]
    scenario.objectives = [{"id": "take_apremont", "kind": "capture_fort", "team": "entente",
                            "fort": "fort_apremont"}]
    scenario.events = {"version": 1, "triggers": [RAID_TRIGGER]}
    scenario.briefing = {"en": "Take Fort Apremont before the German reinforcements arrive."}
    opts = PlaytestOptions(seed=3)
    opts.scenario = scenario
    session = PlaytestSession(build_scenario(game_map, opts), seed=3)
    while session.state.round < 2:
        session.apply(EndPhase())
    view = ScenarioView()
    view.show_state(session.state)
    view.resize(380, 300)
    _save(view, out / SHOTS[2])

    props = ScenarioProperties(ScenarioDocument.open(scenarios / "default-2p.scenario.yaml"))
    props.resize(620, 820)
    _save(props, out / SHOTS[3])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
