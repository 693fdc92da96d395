"""End to end through the content editors, as a designer would: in the project view open the
unit catalog, create a Legacy special unit with an ability and its parameter, open the
ruleset and switch a variant on with a changed parameter, save both; a scenario pre-places
the new unit; `tcstudio validate` and `tcstudio build` accept the folder; the play-test of
the scenario has the unit, its ability changes its hit value, and the variant is in play."""

from __future__ import annotations

import shutil

import yaml

from editor.authoring.project import ProjectWindow
from engine.rules import combat
from engine.rules.events import UnitSpawned
from tcstudio.cli import main as tcstudio
from tests.playtest.authoring_steps import author_unit_and_variant
from tests.playtest.conftest import ROOT
from tests.playtest.test_authoring_e2e import SCENARIO


def test_special_unit_and_variant_authored_in_the_editors_play(make_window, qtbot, tmp_path,
                                                               capsys):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog"):
        shutil.copytree(ROOT / "content" / part, root / part)
    project = ProjectWindow(root)
    qtbot.addWidget(project)

    author_unit_and_variant(project, root)

    scenario = {**SCENARIO, "id": "storm", "events": {"version": 1, "triggers": []},
                "objectives": [],
                "units": [{"nation": "FR", "type": "storm_troops", "hex": [1, 11]}]}
    (root / "scenarios").mkdir()
    path = root / "scenarios" / "storm.scenario.yaml"
    path.write_text(yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False), "utf-8")
    assert tcstudio(["validate", str(root)]) == 0, capsys.readouterr().out
    assert tcstudio(["build", str(root), "--out", str(tmp_path / "packs"), "--quiet"]) == 0

    w = make_window()
    assert w.open_file(path, ask=False)
    dialog = w.new_playtest_dialog()
    assert dialog.start_button.isEnabled(), dialog.status.text()
    assert w.enter_play_mode(dialog.options())
    state = w.playtest.session.state
    assert state.game.ruleset.destroyed_at_damage == 4  # the variant and its parameter
    placed = next(e for e in state.log if isinstance(e, UnitSpawned) and e.trigger == "start")
    storm = state.units[placed.unit]
    assert storm.type.id == "storm_troops" and storm.type.special
    enemy = next(u for u in state.units.values() if u.nation == "DE")
    recruit = storm.type.hit["recruit"]
    assert combat.hit_value(state.game.ruleset, state.fighter(storm),
                            state.fighter(enemy)) == recruit + 2  # close_combat hit_bonus
    for editor in project.editors:
        editor.close()
