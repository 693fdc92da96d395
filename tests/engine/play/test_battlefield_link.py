"""The Qt-free side of fighting an area battle on its Trench Club battlefield: which battle
waits, the linked scenario's options with the sides mapped, and the result fed back."""

from __future__ import annotations

import pytest

from engine.content import ContentError
from engine.play.battlefield import (
    AREA_ALLIANCE,
    HEX_TEAM,
    area_result,
    battlefield_options,
    pending_battle,
)
from engine.play.setup import TEAM_OF
from tests.engine.area.fixtures import act, turn_state
from tests.engine.area.test_battlefield import BATTLEFIELD, linked_game


def _declared(attacker: str = "germans"):
    s = turn_state(linked_game(), attacker, {"de-1": 1, "de-2": 1, "br-1": 1})
    act(s, "battle 1")
    return s


def test_the_waiting_battle_names_its_sides_and_scenario():
    s = _declared()
    pending = pending_battle(s, BATTLEFIELD.parent / "x.area-map.yaml")
    assert pending is not None
    assert (pending.front, pending.attacker, pending.defender) == (1, "germans",
                                                                   "western_allies")
    assert (pending.attacking, pending.defending) == ("central", "allies")
    assert pending.scenario == BATTLEFIELD and pending.step == len(s.history)
    act(s, "roll_battle")
    assert pending_battle(s, None) is None  # rolled: nothing waits for a battlefield


def test_the_central_powers_are_germany_and_austria_the_entente_france_and_britain():
    assert {n for n, t in TEAM_OF.items() if t == HEX_TEAM["central"]} == {"DE", "AH"}
    assert {n for n, t in TEAM_OF.items() if t == HEX_TEAM["allies"]} == {"FR", "GB"}
    assert AREA_ALLIANCE == {"central": "central", "entente": "allies"}


@pytest.mark.parametrize("ai_defends", [False, True])
def test_the_options_keep_the_scenarios_seats_and_let_the_ai_defend(ai_defends):
    pending = pending_battle(_declared(), None)
    options = battlefield_options(pending, "7:front-1", ai_defends=ai_defends)
    assert options.scenario_path == BATTLEFIELD.resolve() and options.seed == "7:front-1"
    assert {s.team for s in options.seats} == {"central", "entente"}
    for seat in options.seats:
        defends = seat.team == "entente"  # the western allies defend front 1
        assert seat.controller == ("random" if ai_defends and defends else "human")
    assert options.problems() == []


def test_a_missing_scenario_is_a_located_error(tmp_path):
    s = turn_state(linked_game(), "germans", {"de-1": 1, "br-1": 1})
    s.game.map.front(1).battlefield = "gone.scenario.yaml"
    act(s, "battle 1")
    pending = pending_battle(s, tmp_path / "m.area-map.yaml")
    assert pending.scenario == tmp_path / "gone.scenario.yaml"
    with pytest.raises(ContentError):
        battlefield_options(pending, 1)


@pytest.mark.parametrize(("team", "text"), [("central", "resolve_battle central"),
                                            ("entente", "resolve_battle allies"),
                                            (None, "resolve_battle draw")])
def test_the_trench_club_winner_becomes_the_area_result(team, text):
    assert area_result(team).text() == text
