"""Issue 18: the play-test's history in German says what each action did ("DE-tank-1 zieht
nach 3,4") instead of the English command text; English keeps the command text."""

from __future__ import annotations

import pytest

from engine.content import load_map
from engine.hexes import Hex
from engine.i18n import in_language
from engine.paths import CONTENT_DIR
from engine.play import seat_view
from engine.play.action_words import _WORDS, action_words
from engine.rules.actions import Action, Assign, Attack, Buy, EndPhase, Fight, Move
from tests.engine.play.test_german_play_texts import ENGLISH
from tests.engine.play.test_interaction import new_session


@pytest.fixture(scope="module")
def session():
    return new_session(load_map(CONTENT_DIR / "maps" / "default.map.yaml"))


def test_every_action_kind_has_words():
    missing = sorted(verb for verb, cls in Action._by_verb.items() if cls not in _WORDS)
    assert missing == []


def test_german_words_for_the_common_actions(session):  # its catalog names the units
    with in_language("de"):
        lines = [action_words(a) for a in (
            Move("DE-tank-1", Hex(3, 4)), Attack("DE-tank-1", "FR-infantry-2"), EndPhase(),
            Fight(), Buy("infantry", "fort_a"), Assign("DE-tank-1", 2, first="FR"))]
    assert lines == ["DE-tank-1 zieht nach 3,4", "DE-tank-1 greift FR-infantry-2 an",
                     "Phase beenden", "Kampf", "Infanterie kaufen, nach fort_a",
                     "DE-tank-1 zu Armee 2 (Stechen: FR zuerst)"]
    for line in lines:
        assert not ENGLISH.search(line.replace("DE-tank-1", "").replace("FR-infantry-2", "")), line


def test_the_history_line_is_the_command_in_english_and_words_in_german(session):
    st = session.state
    teams = seat_view.viewer_teams(session)
    a = Move("DE-tank-1", Hex(3, 4))
    assert seat_view.action_line(st, a, teams) == "move DE-tank-1 3,4"
    with in_language("de"):
        assert seat_view.action_line(st, a, teams) == "DE-tank-1 zieht nach 3,4"
    assert seat_view.action_command(st, a, teams) == "move DE-tank-1 3,4"
