"""Issue 18: what a German play-test shows from the engine is German — hover texts, attack
and move refusals, odds, objective progress, phase lines, trigger descriptions and end
reasons — while the English texts stay as they were (Qt-free)."""

from __future__ import annotations

import re

import pytest

from engine.content import load_map
from engine.i18n import english, in_language, translate
from engine.paths import CONTENT_DIR
from engine.play import explain
from engine.play.interaction import Interaction
from engine.rules.actions import EndPhase, Move
from engine.rules.combat import Fighter, attack_problem
from engine.rules.events import PhaseStarted
from engine.rules.phase import end_reason_words
from engine.rules.scenario_runtime import CONDITIONS, ON, objective_progress, step_problems
from tests.engine.play.test_interaction import mover, new_session, play_until

# English words a German reader would spot at once (whole words).
ENGLISH = re.compile(r"\b(damage|army|cannot|enemy|contact|range|dealt|destroy|taken|return|"
                     r"fire|holds|forts? to|to take|held by|hexes|phase|round|moves?|the|of|"
                     r"units?|ground|air|empty|neutral|wins?|surrender|elimination)\b")


@pytest.fixture(scope="module")
def session():
    return new_session(load_map(CONTENT_DIR / "maps" / "default.map.yaml"))


def german(make) -> str:
    with in_language("de"):
        text = str(make())
    # Commands (`rules moves --unit X`) stay as typed.
    assert not ENGLISH.search(re.sub(r"rules \w+ --\w+ \S+", "", text)), text
    return text


def test_hover_and_selection_texts_are_german(session):
    st = session.state
    u = mover(session)
    assert "Schaden" in german(lambda: explain.describe_hex(st, st.hex_of(u)))
    assert "damage" in english(explain.describe_hex(st, st.hex_of(u)))
    ui = Interaction(session)
    assert "Felder erreichbar" in german(lambda: ui.select(u.id))
    h = next(h for h, o in ui.reachable.items() if o.kind == "move")
    assert german(lambda: ui.click(h).message).startswith(f"{u.id}: Zug nach")
    ui.clear()


def test_move_and_phase_refusals_are_german(session):
    st = session.state
    u = mover(session)
    far = next(h for h in st.game.board.hexes if h not in st.legal_moves(u))
    assert "erreicht" in german(lambda: st.problem(Move(u.id, far)))
    enemy = next(v for v in st.units.values() if v.nation != st.nation)
    assert "gehört dir nicht" in german(lambda: st.problem(Move(enemy.id, far)))
    assert "„Einheiten bewegen“" in german(lambda: PhaseStarted("move", "DE", 1).text())
    assert PhaseStarted("move", "DE", 1).text() == "round 1: DE, the move phase"


def test_a_refused_move_click_points_at_the_highlighted_hexes_not_a_command(session):
    """Regression: the play-test showed the command line's hint "(Tipp: rules moves --unit
    …)" when a click asked a unit to go where it cannot; it now points at the map."""
    st = session.state
    u = mover(session)
    ui = Interaction(session)
    ui.select(u.id)
    far = next(h for h in st.game.board.hexes
               if h not in ui.reachable and st.unit_at(h) is None)
    text = german(lambda: ui.click(far).message)
    assert "rules moves" not in text and "--unit" not in text, text
    assert text.endswith("(klicke eines der hervorgehobenen Felder an)"), text
    english_text = english(ui.click(far).message)
    assert english_text.endswith("(click one of the highlighted hexes)"), english_text
    assert "rules moves" not in english(st.problem(Move(u.id, far)))
    ui.clear()


def test_attack_refusals_and_odds_are_german():
    s = new_session(load_map(CONTENT_DIR / "maps" / "default.map.yaml"), seed=5)
    play_until(s, lambda st: st.phase == "declare" and any(s.targets(u.id) for u in
                                                           st.units.values()
                                                           if u.nation == st.nation))
    st = s.state
    a = next(u for u in st.units.values() if u.nation == st.nation and s.targets(u.id))
    d = next(iter(s.targets(a.id)))
    assert german(lambda: s.odds_of(a.id, d).text()).startswith("Entfernung ")
    assert s.odds_of(a.id, d).text().startswith("range ")
    fighter = Fighter(st.units[a.id].type, 0, 0)
    far = german(lambda: attack_problem(fighter, fighter, 99))
    assert "Felder entfernt" in far or "keine" in far


def test_objectives_triggers_and_end_reasons_are_german(session):
    st = session.state
    done, text = objective_progress(st, {"kind": "hold_forts", "team": "entente", "count": 5})
    assert not done and text.startswith("entente holds 0 of 5 forts")
    with in_language("de"):
        _, text = objective_progress(st, {"kind": "capture_fort", "team": "central",
                                          "fort": "fort_apremont"})
    assert text.startswith("Mittelmächte soll fort_apremont nehmen"), text
    assert translate(CONDITIONS["round_is"].help, "de") == "die Runde ist genau `round`"
    assert translate(ON["round_start"], "de") == "wenn eine neue Runde beginnt"
    with in_language("de"):
        (_, message, hint), = step_problems("round_is", {}, CONDITIONS, "condition")
    assert message == "Bedingung „round_is“ braucht den Parameter „round“"
    assert hint == "round_is: die Runde ist genau `round`"
    assert german(lambda: end_reason_words("surrender")) == "Kapitulation"
    assert end_reason_words("victory_points") == "victory points"


def test_a_finished_game_refuses_in_german():
    s = new_session(load_map(CONTENT_DIR / "maps" / "default.map.yaml"), seed=7)
    s.state.phase, s.state.winner_team, s.state.reason = "over", "entente", "forts"
    with in_language("de"):
        text = str(s.state.problem(EndPhase()))
    assert text == "das Spiel ist aus (entente gewinnt durch Forts)"


def test_a_neutral_fort_captured_is_not_taken_from_neutral():
    """Regression: the German log said "DE-infantry-1 erobert fort_a von neutral"."""
    from engine.rules.events import FortCaptured

    e = FortCaptured("fort_a", "DE-infantry-1", "neutral")
    with in_language("de"):
        assert str(e.text()) == "DE-infantry-1 erobert das neutrale Fort fort_a"
    assert FortCaptured("fort_a", "DE-infantry-1", "FR").text() == (
        "DE-infantry-1 captures fort_a from FR")
