"""A front linked to a Trench Club battlefield (issue 17 item 7): its battles are rolled or
take the result of the battlefield game (`resolve_battle`), which replays and saves."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from engine.content import dump_canonical, load_document
from engine.paths import CONTENT_DIR
from engine.rules.area import battle
from engine.rules.area.actions import AreaAction
from engine.rules.area.game import AreaGame
from engine.rules.area.savefile import load_area_save, new_area_game, write_area_save
from engine.rules.dice import Dice
from tcstudio.cli import main
from tests.engine.area.fixtures import act, scenario, texts, turn_state

BATTLEFIELD = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"
CHOICES = ["roll_battle", "resolve_battle allies", "resolve_battle central",
           "resolve_battle draw"]


def linked_game(front: int = 1) -> AreaGame:
    """The built-in game with `front` linked to a battlefield (a copy: the cache stays)."""
    s = copy.deepcopy(scenario())
    s.map.front(front).battlefield = str(BATTLEFIELD)
    return AreaGame(s, explicit_chance=True)


def _state(front_armies: dict[str, int]):
    return turn_state(linked_game(), "germans", front_armies)


def test_a_battle_on_a_linked_front_is_rolled_or_resolved_by_the_attacker():
    s = _state({"de-1": 1, "de-2": 1, "br-1": 1})
    act(s, "battle 1")
    assert s.actor == "germans" and texts(s) == CHOICES
    act(s, "roll_battle")
    assert texts(s) == ["lead de-1", "lead de-2"]  # as an unlinked battle: no markers held
    assert any(e["event"] == "battle_rolled" for e in s.log)


def test_an_unlinked_front_fights_as_before_and_refuses_resolve():
    s = turn_state(linked_game(front=2), "germans", {"de-1": 1, "br-1": 1})
    act(s, "battle 1")
    assert texts(s) == ["lead de-1"]
    assert "names no Trench Club battlefield" in battle.resolve_problem(s)


def test_the_attacker_winning_on_the_battlefield_eliminates_the_defenders_lead_and_takes_a_city():
    s = _state({"de-1": 1, "de-2": 1, "br-1": 1, "br-2": 1})
    act(s, "battle 1")
    act(s, "resolve_battle central")
    assert s.actor == "western_allies" and texts(s) == ["lead br-1", "lead br-2"]
    assert battle.resolve_problem(s) is not None  # entered once
    act(s, "lead br-2")
    assert s.eliminated == ["br-2"] and {"de-1", "de-2", "br-1"} <= set(s.location)
    assert s.actor == "germans" and texts(s) and all(t.startswith("capture ") for t in texts(s))
    city = texts(s)[0].split()[1]
    vp = s.vp["germans"]
    act(s, texts(s)[0])
    assert s.owner[city] == "germans" and s.vp["germans"] == vp + 1
    resolved = next(e for e in s.log if e["event"] == "battle_resolved")
    assert (resolved["winner"], resolved["front"], resolved["how"]) == ("central", 1,
                                                                        "battlefield")
    assert not s.is_chance_node() and s.turn == 1  # no dice: the German turn is over


def test_the_defender_winning_eliminates_the_attackers_lead_and_nothing_is_taken():
    s = _state({"de-1": 1, "de-2": 1, "br-1": 1})
    owners = dict(s.owner)
    act(s, "battle 1")
    act(s, "resolve_battle allies")
    assert s.actor == "germans" and texts(s) == ["lead de-1", "lead de-2"]
    act(s, "lead de-2")
    assert s.eliminated == ["de-2"] and s.owner == owners
    assert s.actor == "western_allies" and s.turn == 1


def test_a_draw_on_the_battlefield_eliminates_both_leads_defender_second():
    s = _state({"de-1": 1, "br-1": 1, "br-2": 1})
    act(s, "battle 1")
    act(s, "resolve_battle draw")
    assert s.actor == "germans" and texts(s) == ["lead de-1"]
    act(s, "lead de-1")
    assert s.actor == "western_allies" and texts(s) == ["lead br-1", "lead br-2"]
    act(s, "lead br-1")
    assert sorted(s.eliminated) == ["br-1", "de-1"] and s.turn == 1


def _weltkrieg_copy(tmp_path: Path, front: int = 1) -> Path:
    """The built-in area content in `tmp_path`, front `front` linked to a battlefield."""
    for f in (CONTENT_DIR / "weltkrieg").iterdir():
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "europe.area-map.yaml"
    data = load_document(path).data
    next(f for f in data["fronts"] if f["number"] == front)["battlefield"] = str(BATTLEFIELD)
    path.write_text(dump_canonical(data, "yaml"), encoding="utf-8")
    return tmp_path / "weltkrieg-1914.area-scenario.yaml"


def _play_to_a_linked_battle(s, seed: int = 3) -> None:
    """Random legal play (never entering a result) until a battle on a linked front waits."""
    dice = Dice(seed)
    for _ in range(5000):
        if s.step and s.step.get("battle", {}).get("stage") == "how":
            return
        legal = [a for a in s.legal_actions() if a.kind != "resolve_battle"]
        linked = [a for a in legal if a.kind == "battle" and battle.linked(s, a.front)]
        s.apply_action(linked[0] if linked else legal[dice.below(len(legal))])
    pytest.fail("no battle on the linked front in 5000 actions")


def test_a_resolved_battle_replays_from_the_save_and_through_the_cli(tmp_path, capsys):
    source = _weltkrieg_copy(tmp_path)
    s = new_area_game(source, seed=5)
    _play_to_a_linked_battle(s)
    save = tmp_path / "game.json"
    write_area_save(s, save)
    assert main(["rules", "actions", str(save)]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == CHOICES
    assert main(["rules", "apply", str(save), "resolve_battle central", "--out",
                 str(save)]) == 0
    applied = json.loads(capsys.readouterr().out)
    assert applied["actions"][-1] == {"kind": "resolve_battle", "target": "central"}
    s.apply_action(next(a for a in s.legal_actions() if a.text() == "resolve_battle central"))
    for _ in range(3):  # the loser names its lead, the winner may take a city
        s.apply_action(s.legal_actions()[0])
    write_area_save(s, save)
    again = load_area_save(save)
    assert again.to_json() == s.to_json()
    assert [e for e in again.log if e["event"] == "battle_resolved"]


def test_the_cli_refuses_resolve_where_no_battlefield_is_linked(tmp_path, capsys):
    source = _weltkrieg_copy(tmp_path)
    save = tmp_path / "game.json"
    assert main(["rules", "new", str(source), "--out", str(save)]) == 0
    capsys.readouterr()
    before = save.read_bytes()
    assert main(["rules", "apply", str(save), "resolve_battle central", "--out",
                 str(save)]) == 1
    err = capsys.readouterr().err
    assert "no battle is under way" in err and "hint" in err and "Traceback" not in err
    assert save.read_bytes() == before


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_every_front_linked_end_and_replay_exactly(seed):
    """Random play that also enters battlefield results: every game ends, its history
    replays to the same state (a fresh game applying the recorded actions), and clones agree."""
    def fresh() -> AreaGame:
        s = copy.deepcopy(scenario())
        for f in s.map.fronts:
            f.battlefield = str(BATTLEFIELD)
        return AreaGame(s, seed=seed)
    state = fresh().new_initial_state()
    dice = Dice(seed)
    resolved = 0
    for _ in range(5000):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = legal[dice.below(len(legal))]
        resolved += action.kind == "resolve_battle"
        twin = state.clone()
        state.apply_action(action)
        twin.apply_action(action)
        assert twin.to_json() == state.to_json()
    assert state.is_terminal() and resolved > 0
    replay = fresh().new_initial_state()
    for entry in state.history:
        if "action" in entry:
            replay.apply_action(AreaAction.from_json(entry["action"]))
    assert replay.to_json() == state.to_json()
