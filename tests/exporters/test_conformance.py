"""Rules conformance vectors: schema-valid, reproducible, and they replay on the engine."""

from __future__ import annotations

import copy
import json

import pytest
from jsonschema import Draft202012Validator

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.actions import Surrender
from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from exporters import conformance, conformance_staged
from exporters.conformance import AREAS, CONFORMANCE_SCHEMA, check_case, generate
from exporters.conformance_areas import MOVES_AREAS, areas_of, seen_in_json, seen_in_state
from exporters.pack import build_pack
from exporters.packcontent import content_digest, content_files
from packs.safezip import read_zip
from tcstudio.cli import main

SCENARIO = CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml"


@pytest.fixture(scope="module")
def vectors():
    scenario = load_scenario(SCENARIO)
    return scenario, generate(scenario)


def test_vectors_follow_their_schema_and_cover_every_kind(vectors):
    _, data = vectors
    Draft202012Validator.check_schema(CONFORMANCE_SCHEMA)
    errors = list(Draft202012Validator(CONFORMANCE_SCHEMA).iter_errors(data))
    assert errors == []
    kinds = {c["kind"] for c in data["cases"]}
    assert kinds == {"legal_moves", "legal_actions", "apply", "victory"}
    verbs = {c["action"].split()[0] for c in data["cases"] if c["kind"] == "apply"}
    assert {"move", "attack", "fight", "end_phase"} <= verbs
    fights = [c for c in data["cases"] if c["kind"] == "apply"
              and c["action"].startswith("fight")]
    assert all(e.get("attacker_dice") is not None for c in fights for e in c["expected"]["log"]
               if e.get("event") == "combat")


def test_vectors_are_reproducible(vectors):
    scenario, data = vectors
    assert generate(scenario) == data


@pytest.mark.parametrize("path", sorted((CONTENT_DIR / "scenarios").glob("*.yaml")),
                         ids=lambda p: p.name)
def test_every_case_replays_on_the_reference_engine(path):
    scenario = load_scenario(path)
    data = generate(scenario)
    assert len(data["cases"]) >= 20
    failures = [f for c in data["cases"] if (f := check_case(scenario, c, data["seed"]))]
    assert failures == []


@pytest.mark.parametrize("kind", ["legal_moves", "legal_actions", "apply", "victory"])
def test_a_wrong_expectation_is_caught(vectors, kind):
    scenario, data = vectors
    case = copy.deepcopy(next(c for c in data["cases"] if c["kind"] == kind))
    exp = case["expected"]
    if kind == "legal_moves":
        exp["moves"][0]["cost"] += 0.5
    elif kind == "legal_actions":
        exp["actions"].append("buy zeppelin nowhere")
    elif kind == "apply":
        exp["round"] += 1
    else:
        exp["forts_to_win"] += 1
    assert check_case(scenario, case, data["seed"]) is not None


def test_export_command_writes_vectors_and_schema(tmp_path):
    out = tmp_path / "vectors.json"
    assert main(["export", str(SCENARIO), "--format", "conformance", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    schema = json.loads((tmp_path / "vectors.schema.json").read_text(encoding="utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    assert data["scenario"]["pack_version"] is None  # outside a pack: no revision known
    assert data["scenario"]["content_digest"] == content_digest(
        content_files(load_scenario(SCENARIO)))


def test_vectors_cover_the_rule_areas_and_ship_in_the_pack(vectors):
    scenario, data = vectors
    areas = data["areas"]
    assert areas == {a: sum(a in c["areas"] for c in data["cases"]) for a in AREAS}
    covered = {"setup", "movement", "contact", "water", "last_step", "forts", "capture",
               "transport", "combat", "pincer", "scatter", "money", "victory", "variants"}
    assert all(areas[a] >= 5 for a in covered), areas
    # hand-picked: a staged encirclement (declare, attack, fight) and every special unit
    assert areas["encirclement"] >= 3 and areas["special_units"] >= 8, areas
    assert {v for c in data["cases"] for v in c["game"]["variants"]} >= {"grabenkampf"}
    pack = build_pack(scenario)
    entries = read_zip(pack.data)
    shipped = json.loads(entries["conformance.json"])
    assert shipped["scenario"]["pack_version"] == pack.manifest["pack"]["version"]
    assert len(shipped["cases"]) == len(data["cases"])
    assert list(Draft202012Validator(json.loads(
        entries["schemas/conformance.schema.json"])).iter_errors(shipped)) == []


def test_a_game_that_ends_before_round_2_gives_no_staged_cases(monkeypatch):
    """Regression: a short scenario whose seeded game ended before the round-2 declare
    phase made the staged cases raise, and with them every pack build of it."""
    scenario = load_scenario(SCENARIO)
    monkeypatch.setattr(conformance_staged, "random_action", lambda state, rng: Surrender())
    assert list(conformance_staged.support_cases(scenario, {
        "seed": "s", "setup": "quick", "variants": []}, lambda s: {})) == []
    assert list(conformance_staged.special_unit_cases(scenario, {
        "seed": "s", "setup": "quick", "variants": []}, lambda s: {})) == []
    assert conformance_staged.money_cases(scenario, {
        "seed": "s", "setup": "quick", "variants": []}, lambda s: {}) is None
    assert list(conformance_staged.power_cases(scenario, {
        "seed": "s", "setup": "quick", "variants": []}, lambda s: {})) == []


def test_staged_money_and_power_cases_are_in_the_vectors(vectors):
    """Random games seldom spend money or use powers: the staged cases apply every money
    action and every acting special unit's power, and fight an area attack, a fort
    turret's shot and an attack on a foot soldier in a Grabenkampf trench."""
    _scenario, data = vectors
    verbs = {c["action"].split(" ")[0] for c in data["cases"] if c["kind"] == "apply"}
    assert verbs >= {"repair", "gift", "buy", "field_repair", "lay_mine"}, verbs
    assert any(c.get("action", "").startswith("buy special ") for c in data["cases"])
    events = {e["event"] for c in data["cases"] if c["kind"] == "apply"
              for e in c["expected"]["log"]}
    assert {"area_attack", "field_repair", "mine_laid", "draw_special", "repair",
            "gift", "trench_return_fire"} <= events, events
    trench_moves = [c for c in data["cases"] if c["kind"] == "legal_moves"
                    and c["game"]["seed"].endswith(":staged-grabenkampf")]
    assert len(trench_moves) == 1 and trench_moves[0]["game"]["variants"] == ["grabenkampf"]
    turret = {t for c in data["cases"] if c["kind"] == "apply" for e in c["expected"]["log"]
              if e["event"] == "combat" for t in [e["attacker"]] if "fort_turret" in t}
    assert turret, "a fort turret's shot is fought"
    money = [c for c in data["cases"] if c["kind"] == "legal_actions"
             and c["state"]["phase"] == "money"]
    assert any(a.startswith("repair ") for c in money for a in c["expected"]["actions"])


def test_a_replayed_state_and_the_seen_parts_match_the_state_played():
    """The vectors take a state's JSON only for kept cases: a case asked for after its action
    replays the game to the state before it, and the rule areas read a live state's `Seen`.
    Both must give what the played state's JSON gives, at every step of a seeded game."""
    game = Game(load_scenario(SCENARIO), seed="replay", setup="quick")
    state = game.new_initial_state()
    rng = Dice(seed_state("replay"))
    checked = 0
    while not state.is_terminal() and checked < 120:
        shot = conformance._state_json(state)
        assert seen_in_state(state) == seen_in_json(shot)
        if checked % 20 == 0:
            assert conformance._Before.replayed(game, list(state.history)).json() == shot
        state.apply_unchecked(random_action(state, rng))
        checked += 1
    assert checked == 120 and any(seen_in_state(state).units.values())


def test_a_state_shared_by_cases_is_written_as_each_case_alone_would_be(vectors):
    """json_bytes writes a state object once and splices its text into every case that
    holds it: the bytes must be those of writing each case by itself."""
    _, data = vectors
    cases = data["cases"]
    assert len({id(c["state"]) for c in cases}) < len(cases)  # some states are shared
    head = {k: v for k, v in data.items() if k != "cases"}
    plain = [json.dumps(c, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
             for c in cases]
    body = json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    expected = body[:-1] + ',"cases":[\n' + ",\n".join(plain) + "\n]}\n"
    assert conformance.json_bytes(data) == expected.encode()
    shared = {"z": 1, "b": [None, "ö"]}
    odd = {"seed": "s", "cases": [{"a": "ä", "state": shared, "zz": True}, {"state": shared},
                                  {"state": None, "x": 1}, {"y": "\u2028"}]}
    want = [json.dumps(c, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
            for c in odd["cases"]]
    assert conformance.json_bytes(odd) == ('{"seed":"s","cases":[\n' + ",\n".join(want)
                                           + "\n]}\n").encode()
    only_cases = {"cases": [{"state": shared}]}
    assert json.loads(conformance.json_bytes(only_cases)) == only_cases


def test_moves_are_listed_by_hex_with_their_offsets():
    """moves_of orders the options by their hex and reads offsets from its table: the same
    list as sorting by axial hex and kind with the map's own conversion."""
    game = Game(load_scenario(SCENARIO), seed="moves", setup="quick")
    state = game.new_initial_state()
    rng = Dice(seed_state("moves"))
    offsets = conformance.Offsets(game.map)
    compared = 0
    while not state.is_terminal() and compared < 40:
        action = random_action(state, rng)
        if action.verb == "move":
            options = state.legal_moves(action.unit)
            reference = sorted(
                ({"to": {"axial": [h.q, h.r], "offset": list(game.map.to_offset(h))},
                  "cost": o.cost, "kind": o.kind, "fort": o.fort} for h, o in options.items()),
                key=lambda m: (m["to"]["axial"], m["kind"]))
            assert conformance.moves_of(state, action.unit, offsets) == reference
            assert conformance.moves_of(state, action.unit) == reference
            compared += 1
        state.apply_unchecked(action)
    assert compared == 40


def test_a_units_moves_add_only_the_moves_areas():
    """A legal_moves case whose state and unit give no rare area is not listed when none of
    MOVES_AREAS is rare either: its moves may only add areas of MOVES_AREAS to those it has
    without them. Checked for every unit at move steps of seeded games of every kind."""
    scenario = load_scenario(SCENARIO)
    added: set[str] = set()
    for seed in ("areas:1", "areas:2"):
        game = Game(scenario, seed=seed, setup="quick")
        state = game.new_initial_state()
        rng = Dice(seed_state(seed))
        for step in range(600):
            if state.is_terminal():
                break
            if state.phase == "move" and step % 7 == 0:
                seen = seen_in_state(state)
                for unit in state.units:
                    moves = conformance.moves_of(state, unit)
                    bare = areas_of(game, seen, "legal_moves", {}, {"unit": unit})
                    full = areas_of(game, seen, "legal_moves", {"moves": moves}, {"unit": unit})
                    assert bare <= full and full - bare <= MOVES_AREAS
                    added |= full - bare
            state.apply_unchecked(random_action(state, rng))
    assert {"contact", "water", "capture"} <= added
