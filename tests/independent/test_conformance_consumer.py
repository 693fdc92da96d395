"""The independent client (written from the docs, importing nothing of the Studio) replays
every conformance case shipped in every pack and agrees with the reference engine on all of
them; `python -m tests.independent.test_conformance_consumer` prints the cases per rule
area."""

from __future__ import annotations

import ast
import copy
import io
import json
import sys
import zipfile
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from exporters.pack import build_pack

from . import client

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "default_4p.tcpack"
SCENARIOS = sorted(p.name for p in (CONTENT_DIR / "scenarios").glob("*.yaml"))


def _json_entries(data: bytes) -> dict[str, Any]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {n: json.loads(zf.read(n)) for n in zf.namelist() if n.endswith(".json")}


@cache
def pack_files(scenario: str) -> dict[str, Any]:
    """The parsed JSON entries of a built pack (the example pack as shipped for 4 players)."""
    if scenario == "default-4p.scenario.yaml":
        return _json_entries(EXAMPLE.read_bytes())
    return _json_entries(build_pack(load_scenario(CONTENT_DIR / "scenarios" / scenario)).data)


@pytest.fixture(scope="module", params=SCENARIOS)
def pack(request) -> dict[str, Any]:
    return pack_files(request.param)


def rule_areas(files: dict[str, Any], case: dict[str, Any]) -> list[str]:
    """The rule areas a case counts for: its own `areas`, each variant of its game and the
    special unit it asks about (or acts with)."""
    areas = list(case["areas"])
    areas += [f"variant {v}" for v in case["game"]["variants"]]
    asked = case.get("unit") or [*case.get("action", "").split(" "), ""][1]
    state = case["state"]
    if case.get("action") == "fight" and state["next_fight"] < len(state["declarations"]):
        asked = state["declarations"][state["next_fight"]][0]
    special = {u["id"] for u in files["catalog.json"]["units"] if u["special"]}
    unit = next((u for u in case["state"]["units"] if u["id"] == asked), None)
    if unit is not None and unit["type"] in special:
        areas.append(f"special unit {unit['type']}")
    return areas


def replay(files: dict[str, Any]) -> tuple[dict[str, Counter[str]], list[str]]:
    """Per rule area: cases, answered, agreed; and each case answered wrongly or not at all
    (with the client's reason)."""
    rules = client.Rules.from_pack(files)
    table: dict[str, Counter[str]] = {}
    wrong: list[str] = []
    for case in files["conformance.json"]["cases"]:
        why = client.supported(rules, case)
        answered = why is None
        agreed = answered and client.answer(rules, files, case) == case["expected"]
        if not agreed:
            wrong.append(f"{case['id']} {case['kind']} {case.get('action', '')}: "
                         f"{why or 'disagrees'}")
        for area in [f"kind {case['kind']}", *rule_areas(files, case)]:
            row = table.setdefault(area, Counter())
            row.update(cases=1, answered=int(answered), agreed=int(agreed))
    return table, wrong


def test_the_client_agrees_on_every_case(pack):
    table, wrong = replay(pack)
    assert wrong == []
    for kind in ("legal_moves", "legal_actions", "apply", "victory"):
        assert table[f"kind {kind}"]["agreed"] >= 20, kind


@pytest.mark.parametrize("kind", ["legal_moves", "victory", "apply", "legal_actions"])
def test_a_wrong_expectation_is_caught(pack, kind):
    rules = client.Rules.from_pack(pack)
    case = copy.deepcopy(next(c for c in pack["conformance.json"]["cases"]
                              if c["kind"] == kind and client.supported(rules, c) is None
                              and (kind != "legal_moves" or c["expected"]["moves"])))
    if kind == "legal_moves":
        case["expected"]["moves"][0]["cost"] += 0.5
    elif kind == "victory":
        case["expected"]["forts_to_win"] += 1
    elif kind == "legal_actions":
        case["expected"]["actions"].pop()
    else:
        case["expected"]["round"] += 1
    assert client.answer(rules, pack, case) != case["expected"]


def test_a_changed_state_changes_the_apply_answer(pack):
    """The apply answers come from the state, not from the expectation: money given in the
    state shows in the answer."""
    rules = client.Rules.from_pack(pack)
    case = copy.deepcopy(next(c for c in pack["conformance.json"]["cases"]
                              if c["kind"] == "apply" and c["action"] == "end_phase"
                              and client.supported(rules, c) is None))
    nation = next(iter(case["state"]["money"]))
    case["state"]["money"][nation] += 7
    got = client.answer(rules, pack, case)
    assert got["money"][nation] == case["expected"]["money"][nation] + 7


def test_staged_special_unit_and_encirclement_cases_are_replayed(pack):
    rules = client.Rules.from_pack(pack)
    cases = pack["conformance.json"]["cases"]
    specials = [c for c in cases if "special_units" in c["areas"]
                and c["kind"] == "legal_moves" and client.supported(rules, c) is None]
    assert len(specials) >= 8
    assert all(client.answer(rules, pack, c) == c["expected"] for c in specials)
    assert pack["conformance.json"]["areas"]["encirclement"] >= 3


def test_mines_and_builds_are_staged_and_answered(pack):
    """Every pack has a unit destroyed by an enemy mine on its way (a move, a fort entry, an
    unloading), a mine laid and listed, and a builder's listed builds (also next to a trench
    the enemy holds), built road and trench and its moves on the built road; the client
    answers each as the engine does."""
    rules = client.Rules.from_pack(pack)
    cases = pack["conformance.json"]["cases"]
    mined = [c for c in cases if "mines" in c["areas"]]
    built = [c for c in cases if "building" in c["areas"]]
    exploded = {c["action"].split(" ")[0] for c in mined if c["kind"] == "apply"
                and any(e["event"] == "mine_exploded" for e in c["expected"]["log"])}
    assert exploded >= {"move", "enter", "unload"}
    assert any(c["kind"] == "apply" and c["expected"]["units"][c["action"].split(" ")[1]]
               for c in mined), "a unit crosses a mine of its own team unharmed"
    assert any(a.startswith("lay_mine ") for c in cases if c["kind"] == "legal_actions"
               for a in c["expected"]["actions"])
    assert sorted(c["kind"] for c in built) == ["apply", "apply", "legal_actions",
                                                "legal_actions", "legal_moves"]
    assert {c["action"].split(" ")[2] for c in built if c["kind"] == "apply"} == {
        "road", "trench"}
    assert all(client.supported(rules, c) is None and client.answer(rules, pack, c)
               == c["expected"] for c in mined + built)


def test_the_client_imports_only_the_standard_library():
    modules = [p for p in Path(__file__).parent.glob("*.py") if not p.name.startswith("test_")]
    assert len(modules) >= 6
    for path in modules:
        name = path.name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
                 for a in n.names}
        names |= {n.module.split(".")[0] for n in ast.walk(tree)
                  if isinstance(n, ast.ImportFrom) and n.module and n.level == 0}
        assert names <= set(sys.stdlib_module_names) | {"__future__"}, (name, names)


def format_table(tables: list[dict[str, Counter[str]]]) -> str:
    """The per-area table over several packs (markdown)."""
    total: dict[str, Counter[str]] = {}
    for table in tables:
        for area, row in table.items():
            total.setdefault(area, Counter()).update(row)
    lines = ["| area | cases | answered | agreed |", "| --- | --- | --- | --- |"]
    for area in sorted(total):
        row = total[area]
        lines.append(f"| {area} | {row['cases']} | {row['answered']} | {row['agreed']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(format_table([replay(pack_files(s))[0] for s in SCENARIOS]))


def test_the_coop_pack_exercises_the_joint_seat_and_the_automa():
    """The co-op pack's vectors reach what a client changes for co-op and the Automa
    (rules-apply.md "Co-op and the Automa"): the split start markers, a purchase for the
    partner, the Automa's fixed hits and the partner's units in the lead's turn."""
    files = pack_files("coop-vs-automa.scenario.yaml")
    cases = files["conformance.json"]["cases"]
    lead, partner = next((s["nation"], s["partner"]) for s in files["scenario.json"]["seats"]
                         if s.get("partner"))
    automa = {s["nation"] for s in files["scenario.json"]["seats"]
              if s["controller"].startswith("automa:")}
    assigns = [c for c in cases if c["kind"] == "legal_actions"
               and any(a.startswith(f"assign {partner}-") for a in c["expected"]["actions"])]
    assert assigns and all(not a.startswith(f"assign {partner}-") or a.endswith((" 2", " 3"))
                           for c in assigns for a in c["expected"]["actions"])
    assert any(c["kind"] == "apply" and c["action"].startswith("buy ")
               and c["action"].endswith(f" {partner}") for c in cases)
    fixed = [e for c in cases if c["kind"] == "apply" and c["action"] == "fight"
             for e in c["expected"]["log"] if e["event"] == "combat"
             and e["attacker"].split("-")[0] in automa]
    assert len(fixed) >= 5 and all(set(e["attacker_dice"]) <= {1, 12} for e in fixed)
    lead_seat = next(i for i, s in enumerate(files["scenario.json"]["seats"])
                     if s["nation"] == lead)
    assert any(c["kind"] == "legal_moves" and c["unit"].startswith(f"{partner}-")
               and c["expected"]["moves"] and c["state"]["current_player"] == lead_seat
               for c in cases)
