"""Which options the Play-test dialog starts from: the scenario the map was opened through,
else the last options of a map opened alone."""

from __future__ import annotations

from pathlib import Path

from editor.files import opened_via_scenario
from engine.content import ContentError
from engine.play.setup import PlaytestOptions, options_from_scenario


def playtest_options_for(map_path: Path | None,
                         last: PlaytestOptions) -> tuple[PlaytestOptions, str]:
    """The options the dialog starts from, and why the scenario cannot be read ("" if it can):
    the scenario the map was opened through (the last options when they came from it), else
    the last options of a map opened alone."""
    scenario = opened_via_scenario(map_path)
    if scenario is None:
        if last.scenario_path is None:
            return last, ""
        return PlaytestOptions(seed=last.seed, setup=last.setup), ""
    if last.scenario_path == scenario.resolve():
        return last, ""
    try:
        return options_from_scenario(scenario, seed=last.seed, setup=last.setup), ""
    except ContentError as exc:
        why = exc.problems[0].format() if exc.problems else str(exc)
        return PlaytestOptions(seed=last.seed, setup=last.setup), why
