"""Saved games are checked before they are trusted (issue 15 finding 5): tampered saves give
located problems and exit 1, and nothing is written."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.content import load_scenario
from engine.content.documents import Document
from engine.paths import CONTENT_DIR
from engine.rules.actions import Surrender
from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from engine.rules.savecheck import SAVE_KIND, check_save, check_save_schema
from engine.rules.savefile import GameFileError, load_save
from engine.rules.serialize import to_json
from tcstudio.cli import main

SCENARIO = str(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")


@pytest.fixture(scope="module")
def good_save(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("saves") / "game.json"
    assert main(["rules", "new", SCENARIO, "--seed", "3", "--quick", "--out", str(path)]) == 0
    return path


def _data(d: dict[str, Any], fn: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    fn(d)
    return d


def _transport(d: dict[str, Any]) -> None:
    u = d["units"][0]
    u.update(hex=None, carrier="DE-truck-99")


def _duplicate(d: dict[str, Any]) -> None:
    d["units"][1]["id"] = d["units"][0]["id"]


def _owner(d: dict[str, Any], owner: str) -> None:
    d["forts"][next(iter(d["forts"]))] = owner


# (name, edit of the JSON data or of the text, expected problem code)
DATA_CASES: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("options_as_text", lambda d: d.update(options="quick"), "schema.wrong_type"),
    ("current_player_99", lambda d: d.update(current_player=99), "schema.out_of_range"),
    ("current_player_beyond_the_seats", lambda d: d.update(current_player=3), "save.bad_player"),
    ("nul_in_scenario_path", lambda d: d.update(scenario_path="a\x00b.yaml"),
     "schema.bad_pattern"),
    ("negative_money", lambda d: d["money"].update(DE=-5), "schema.out_of_range"),
    ("money_10_19", lambda d: d["money"].update(DE=10**19), "schema.out_of_range"),
    ("money_for_a_nation_not_in_the_game", lambda d: d["money"].update(AH=3),
     "save.unknown_nation"),
    ("money_for_an_unknown_nation", lambda d: d["money"].update(XX=3), "schema.bad_value"),
    ("unknown_fort_owner", lambda d: _owner(d, "XX"), "schema.bad_value"),
    ("fort_owner_not_in_the_game", lambda d: _owner(d, "GB"), "save.fort_owner"),
    ("unknown_fort", lambda d: d["forts"].update(fort_nowhere="neutral"), "save.unknown_fort"),
    ("passenger_of_a_missing_transport", _transport, "save.unknown_unit"),
    ("damage_10_9", lambda d: d["units"][0].update(damage=10**9), "schema.out_of_range"),
    ("damage_at_destruction", lambda d: d["units"][0].update(damage=6), "save.damage"),
    ("duplicate_unit_ids", _duplicate, "save.duplicate_unit"),
    ("unit_off_the_map", lambda d: d["units"][0].update(hex=[500, 500]), "save.off_map"),
    ("two_units_on_one_hex", lambda d: d["units"][1].update(hex=d["units"][0]["hex"]),
     "save.hex_occupied"),
    ("unknown_unit_type", lambda d: d["units"][0].update(type="flying_carpet"),
     "save.unknown_unit_type"),
    ("unreadable_history", lambda d: d["history"].append("fly away"), "save.bad_action"),
    ("pending_unload_of_a_missing_unit", lambda d: d.update(pending_unload="DE-truck-99"),
     "save.unknown_unit"),
    ("winner_while_running", lambda d: d.update(winner="central"), "save.winner"),
]

TEXT_CASES: list[tuple[str, Callable[[str], str], str]] = [
    ("1e400_in_an_integer", lambda t: re.sub(r'"round": \d+', '"round": 1e400', t),
     "json.bad_number"),
    ("huge_integer", lambda t: re.sub(r'"round": \d+', '"round": ' + "9" * 5000, t),
     "json.bad_number"),
    ("deep_nesting", lambda t: t.replace('"log": [', '"log": [' + "[" * 5000 + "]" * 5000 + ",",
                                         1), "json.too_deep"),
    ("duplicate_key", lambda t: t.replace('"round":', '"round": 1, "round":', 1),
     "json.duplicate_key"),
    ("not_an_object", lambda t: "[1, 2]", "save.not_a_save"),
]


def _tampered(good: Path, tmp_path: Path, edit: Callable[..., Any], text: bool) -> Path:
    raw = good.read_text(encoding="utf-8")
    out = edit(raw) if text else json.dumps(_data(json.loads(raw), edit), indent=1)
    path = tmp_path / "game.json"  # beside nothing: scenario_path is made absolute below
    if not text or "scenario_path" in out:
        out = out.replace(json.dumps(json.loads(raw)["scenario_path"]),
                          json.dumps(str(good.parent / json.loads(raw)["scenario_path"])))
    path.write_text(out, encoding="utf-8")
    return path


@pytest.mark.parametrize(("edit", "code", "text"),
                         [pytest.param(e, c, False, id=n) for n, e, c in DATA_CASES]
                         + [pytest.param(e, c, True, id=n) for n, e, c in TEXT_CASES])
def test_a_tampered_save_is_refused_with_a_located_problem(good_save, tmp_path, capsys, edit,
                                                           code, text):
    save = _tampered(good_save, tmp_path, edit, text)
    out = tmp_path / "next.json"
    assert main(["rules", "apply", str(save), "end_phase", "--out", str(out)]) == 1
    _, err = capsys.readouterr()
    assert f"error {code}:" in err and "Traceback" not in err
    assert re.search(r"game\.json:\d+:\d+: error " + re.escape(code), err), err
    assert not out.exists()
    with pytest.raises(GameFileError) as info:
        load_save(save)
    assert code in {p.code for p in info.value.problems}


def test_the_untampered_save_loads_and_applies(good_save, tmp_path, capsys):
    save = _tampered(good_save, tmp_path, lambda d: None, False)
    assert main(["rules", "apply", str(save), "end_phase", "--out",
                 str(tmp_path / "next.json")]) == 0
    assert load_save(tmp_path / "next.json").phase == "declare"


def test_many_problems_are_listed_up_to_a_limit(good_save, tmp_path):
    def wreck(d: dict[str, Any]) -> None:
        for u in d["units"]:
            u["damage"] = 7
    save = _tampered(good_save, tmp_path, wreck, False)
    with pytest.raises(GameFileError) as info:
        load_save(save)
    assert len(info.value.problems) > 20
    assert str(info.value).count("save.damage") == 20 and "more" in str(info.value)


@pytest.mark.parametrize(("name", "setup", "seed", "variants"), [
    ("default-2p", "quick", 0, ()), ("default-4p", "full", 6, ("victory_points",))])
def test_states_of_random_play_pass_the_check(name, setup, seed, variants):
    """No false alarms: states a game reaches are accepted (every state with declared attacks,
    where destroyed units stay named, and every 7th other state)."""
    scenario = load_scenario(CONTENT_DIR / "scenarios" / f"{name}.scenario.yaml")
    s = Game(scenario, seed=seed, setup=setup, variants=variants).new_initial_state()
    rng = Dice(seed_state(seed))
    step = 0
    while not s.is_terminal():
        if step % 7 == 0 or s.declarations:
            doc = Document(json.loads(json.dumps(to_json(s))), SAVE_KIND)
            problems = check_save_schema(doc) + check_save(s.game, doc)
            assert [p.format() for p in problems] == [], step
        s.apply_unchecked(Surrender() if s.round > 8 else random_action(s, rng))
        step += 1


@pytest.mark.parametrize("seed", [10**29, -(10**29), "a seed of many words " * 20])
def test_any_seed_a_player_types_gives_a_loadable_save(seed, tmp_path):
    scenario = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    s = Game(scenario, seed=seed, setup="quick").new_initial_state()
    doc = Document(json.loads(json.dumps(to_json(s))), SAVE_KIND)
    assert check_save_schema(doc) + check_save(s.game, doc) == []


_ODD_VALUES = [None, True, 0, -1, 3, 99, 10**19, 1.5, -1e308, "", "XX", "GB", "DE-truck-99",
               "a\x00b", [], [500, 500], {}, {"DE": 1}, "move DE-x 1,2"]


def _leaves(node: Any, path: tuple = ()) -> list[tuple]:
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node[:3]) \
        if isinstance(node, list) else []
    for k, v in items:
        out.append((*path, k))
        out += _leaves(v, (*path, k))
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_randomly_tampered_save_loads_or_is_refused_cleanly(good_save, tmp_path_factory,
                                                              data):
    save = json.loads(good_save.read_text(encoding="utf-8"))
    save["scenario_path"] = str(good_save.parent / save["scenario_path"])
    where = data.draw(st.sampled_from([p for p in _leaves(save) if p[0] != "scenario_path"]))
    node = save
    for k in where[:-1]:
        node = node[k]
    node[where[-1]] = data.draw(st.sampled_from(_ODD_VALUES))
    path = tmp_path_factory.mktemp("fuzz") / "game.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    try:
        s = load_save(path)
    except GameFileError as exc:
        assert str(exc).startswith(str(path))
    else:
        s.legal_actions()
