"""A battle on a front linked to a Trench Club battlefield, played as a designer would: declare
it in the area play-test, fight it on the battlefield (a Trench Club play-test of the linked
scenario opens with the sides mapped), finish that game, and see the result in the area game."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

from editor.area.battlefield import set_battlefield_opener
from editor.area.window import AreaEditorWindow, open_area
from editor.battlefield_window import open_battlefield_window
from editor.main_window import MainWindow
from editor.settings import Settings
from engine.content import dump_canonical, load_document
from engine.paths import CONTENT_DIR
from engine.play.battlefield import AREA_ALLIANCE, HEX_TEAM
from engine.play.setup import TEAM_OF
from engine.rules.actions import Surrender

pytestmark = pytest.mark.qt
QStandardPaths.setTestModeEnabled(True)
BATTLEFIELD = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"


@pytest.fixture(autouse=True)
def never_block(monkeypatch):
    """A failing test leaves unsaved edits: closing then must not wait for a modal answer."""
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)


@pytest.fixture
def linked(tmp_path):
    """The built-in area content in tmp_path with front 1 linked to the 2-player battlefield
    (by a path relative to the area map, as a designer writes it); the scenario's path."""
    for f in (CONTENT_DIR / "weltkrieg").iterdir():
        shutil.copy(f, tmp_path / f.name)
    shutil.copytree(CONTENT_DIR / "scenarios", tmp_path / "scenarios")
    for folder in ("maps", "rulesets", "catalog"):
        shutil.copytree(CONTENT_DIR / folder, tmp_path / folder)
    path = tmp_path / "europe.area-map.yaml"
    data = load_document(path).data
    data["fronts"][0]["battlefield"] = "scenarios/default-2p.scenario.yaml"
    path.write_text(dump_canonical(data, "yaml"), encoding="utf-8")
    return tmp_path / "weltkrieg-1914.area-scenario.yaml"


@pytest.fixture
def opener(tmp_path):
    """Trench Club windows as the app opens them, with throwaway settings."""
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    set_battlefield_opener(lambda p: open_battlefield_window(p, settings=settings))
    yield
    set_battlefield_opener(None)


def _play_to_a_battle_on_front_1(play) -> None:
    for _ in range(3000):
        if play.pending() is not None:
            return
        declare = [a for a in play.state.legal_actions() if a.text() == "battle 1"]
        if declare:
            play.play(declare[0])
        else:
            play.ai_move()
    pytest.fail("no battle in front 1")


def _area_play(qtbot, scenario):
    opened = open_area(scenario)
    assert not isinstance(opened, str), opened
    window = AreaEditorWindow(*opened)
    qtbot.addWidget(window)
    play = window.playtest()
    assert play is not None
    qtbot.addWidget(play)
    play.show()
    return play


def test_a_battle_fought_on_the_battlefield_comes_back_as_its_result(qtbot, linked, opener):
    play = _area_play(qtbot, linked)
    assert not play.fight_button.isVisible()
    _play_to_a_battle_on_front_1(play)
    pending = play.pending()
    assert play.fight_button.isVisible() and play.roll_button.isVisible()
    texts = [play.actions.item(i).text() for i in range(play.actions.count())]
    assert texts[0].startswith("roll_battle — ")
    assert any(t.startswith("resolve_battle draw — ") for t in texts)
    play.fight_button.click()
    play.fight_button.click()  # a second click shows the same game again
    [host] = play.battlefields
    qtbot.addWidget(host)
    assert isinstance(host, MainWindow) and host.playtest.active
    assert host.document.path.name == "default.map.yaml"
    assert "Battle of front 1" in host.windowTitle()
    session = host.playtest.session
    assert {s.team for s in session.scenario.seats} == {"central", "entente"}
    assert all(s.controller == "human" for s in session.scenario.seats)  # hot-seat
    # Finish the Trench Club game: the seat to act gives up, the other team wins.
    loser = TEAM_OF[session.state.nation]
    assert host.playtest.apply(Surrender())
    winner = session.state.winner_team
    assert winner is not None and winner != loser
    resolved = [e for e in play.state.log if e["event"] == "battle_resolved"]
    assert [(e["front"], e["winner"]) for e in resolved] == [(1, AREA_ALLIANCE[winner])]
    assert "fought on the battlefield" in play.notice.text()
    assert not play.fight_button.isVisible()
    # the losing side names its lead army, which is eliminated
    losing = pending.defending if AREA_ALLIANCE[winner] == pending.attacking else \
        pending.attacking
    assert play.state.game.alliance[play.state.actor] == losing
    lead = play.state.legal_actions()[0]
    assert lead.kind == "lead"
    play.play(lead)
    assert lead.army in play.state.eliminated
    assert HEX_TEAM[losing] == loser


def test_closing_the_battlefield_unfinished_leaves_the_battle_waiting_and_it_can_be_rolled(
        qtbot, linked, opener):
    play = _area_play(qtbot, linked)
    _play_to_a_battle_on_front_1(play)
    host = play.fight_on_battlefield()
    assert host is not None
    qtbot.addWidget(host)
    assert host.close()
    assert play.pending() is not None and play.fight_button.isVisible()
    play.roll_button.click()
    assert play.pending() is None
    assert any(e["event"] == "battle_rolled" for e in play.state.log)


def test_a_battlefield_that_cannot_be_played_is_a_message(qtbot, linked, opener):
    play = _area_play(qtbot, linked)
    _play_to_a_battle_on_front_1(play)
    (linked.parent / "scenarios" / "default-2p.scenario.yaml").unlink()
    assert play.fight_on_battlefield() is None
    assert "Cannot fight on the battlefield" in play.notice.text()
    assert "default-2p.scenario.yaml" in play.notice.text()
    assert play.pending() is not None and play.battlefields == []


def test_a_front_is_linked_in_the_properties_and_validated_live(qtbot, linked):
    opened = open_area(linked.parent / "europe.area-map.yaml")
    window = AreaEditorWindow(*opened)
    qtbot.addWidget(window)
    doc = window.doc
    window.canvas.select("front-2")
    form = window.properties
    assert form.battlefield.isEnabled() and form.battlefield.text() == ""
    form.ask_battlefield = lambda: linked.parent / "scenarios" / "default-4p.scenario.yaml"
    form.browse.click()
    assert doc.map.front(2).battlefield == "scenarios/default-4p.scenario.yaml"
    assert [p for p in doc.problems if p.is_error] == []
    form.battlefield.setText("scenarios/nowhere.scenario.yaml")
    form.apply()
    [problem] = [p for p in doc.problems if p.is_error]
    assert (problem.code, problem.pointer) == ("area.missing_battlefield",
                                               "/fronts/1/battlefield")
    assert any("area.missing_battlefield" in window.problems.item(i).text()
               for i in range(window.problems.count()))
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert doc.map.front(2).battlefield is None
    window.canvas.select("city-1" if any(c.id == "city-1" for c in doc.map.cities)
                         else doc.map.cities[0].id)
    assert form.battlefield.text() == "" and not form.battlefield.isEnabled()
    doc.undo_stack.setClean()


def test_the_linked_scenario_is_checked_once_and_again_when_it_changes_on_disk(qtbot, linked,
                                                                               monkeypatch):
    from engine.content import loaders

    opened = open_area(linked.parent / "europe.area-map.yaml")
    window = AreaEditorWindow(*opened)
    qtbot.addWidget(window)
    doc = window.doc
    analysed = []
    real = loaders._analyse
    monkeypatch.setattr(loaders, "_analyse",
                        lambda d, *a, **k: analysed.append(d.path) or real(d, *a, **k))
    scenario = linked.parent / "scenarios" / "default-2p.scenario.yaml"
    for name in ("A", "B"):  # edits: the battlefield scenario is not analysed again
        doc.change("Rename", lambda m, name=name: setattr(m.cities[0], "name", name))
    assert scenario.resolve() not in {p and p.resolve() for p in analysed}
    assert [p for p in doc.problems if p.is_error] == []
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        "../maps/default.map.yaml", "../maps/gone.map.yaml"), encoding="utf-8")
    doc.change("Rename", lambda m: setattr(m.cities[0], "name", "C"))
    assert scenario.resolve() in {p and p.resolve() for p in analysed}
    assert {p.code for p in doc.problems if p.is_error} == {"area.invalid_battlefield"}
    doc.undo_stack.setClean()
