"""A new ability is content, not code (issue 10 item 2): an id the engine has no class for may
be declared in the catalog from building blocks; the schema validates the blocks, validation
refuses an unknown id without blocks (listing the known ones) and a registered id redeclared,
and the engine plays the declared ability with the existing effects."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.content.loaders import load_file
from engine.content.semantic_rules import check_catalog
from engine.hexes import Hex
from engine.model import Ability
from engine.paths import CONTENT_DIR, PROJECT_ROOT
from engine.rules import abilities, combat
from engine.rules.abilities import powers
from engine.rules.actions import Attack, EndPhase, Fight
from engine.rules.game import Game, ScenarioError
from engine.rules.powers.events import AreaStruck
from tests.engine.rules.fixtures import card, catalog, put, scenario

BASE = CONTENT_DIR / "catalog" / "base.catalog.yaml"


def _catalog_with(tmp_path: Path, unit: str, entry: str) -> Path:
    """A copy of the built-in catalog whose `unit` gets one more ability line `entry`."""
    text = BASE.read_text(encoding="utf-8")
    marker = f"  - id: {unit}\n"
    start = text.index(marker)
    nxt = text.index("\n  - id: ", start + len(marker))
    block = text[start:nxt]
    if "    abilities:\n" not in block:
        block += "\n    abilities:"
    block += f"\n      - {entry}"
    out = tmp_path / "base.catalog.yaml"
    out.write_text(text[:start] + block + text[nxt:], encoding="utf-8")
    return out


def _codes(path: Path) -> list[tuple[str, str]]:
    return [(p.code, p.message) for p in load_file(path).problems]


def test_schema_ids_are_open_and_blocks_match_the_engine():
    schema = json.loads((PROJECT_ROOT / "schema" / "catalog.schema.json").read_text("utf-8"))
    item = schema["properties"]["units"]["items"]["properties"]["abilities"]["items"]
    assert "enum" not in item["properties"]["id"]
    assert set(item["properties"]["blocks"]["properties"]) == set(abilities.BLOCKS)


def test_an_unknown_id_without_blocks_is_refused_with_the_known_list(tmp_path):
    found = _codes(_catalog_with(tmp_path, "infantry", "{id: smoke_screen}"))
    unknown = [m for c, m in found if c == "catalog.unknown_ability"]
    assert unknown and "smoke_screen" in unknown[0]
    problem = next(p for p in load_file(tmp_path / "base.catalog.yaml").problems
                   if p.code == "catalog.unknown_ability")
    assert "scatter" in problem.hint and "area" in problem.hint


def test_a_declared_ability_validates_and_a_bad_block_is_a_schema_error(tmp_path):
    good = "{id: phosgene_shell, blocks: {area: {pattern: ring, radius: 1}, gas: true}}"
    assert _codes(_catalog_with(tmp_path, "heavy_mortar", good)) == []
    bad = "{id: phosgene_shell, blocks: {area: {pattern: spiral}}}"
    assert any(c.startswith("schema") for c, _m in _codes(_catalog_with(tmp_path,
                                                                       "heavy_mortar", bad)))
    redeclared = "{id: gas, blocks: {gas: true}}"
    assert any(c == "catalog.ability_redeclared"
               for c, _m in _codes(_catalog_with(tmp_path, "heavy_mortar", redeclared)))


def test_the_engine_plays_a_declared_area_attack():
    sc = scenario(players=2)
    sc.catalog = copy.deepcopy(catalog())
    mortar = card("smoke_mortar", "artillery", 1, hit=11, rmin=2, rmax=4)
    mortar.abilities = [Ability("smoke_barrage", {}, {
        "area": {"pattern": "disc", "radius": 1, "xp_if_damaged": 2},
        "target_classes": ["foot", "vehicle"]})]
    sc.catalog.units[mortar.id] = mortar
    assert not [p for p in check_catalog(sc.catalog) if "smoke_mortar" in p.message]
    s = Game(sc).new_initial_state()
    s.units.clear()
    s.occ.clear()
    s.setup_step, s.first_player, s.round = "done", 0, 5
    s.start_turn(0)
    m = put(s, "smoke_mortar", "DE", Hex(2, 2))
    foe = put(s, "infantry", "FR", Hex(5, 2))
    tank = put(s, "tank", "FR", Hex(5, 2).neighbor(0))
    friend = put(s, "infantry", "DE", Hex(5, 2).neighbor(3))
    s.apply_action(EndPhase())
    assert Attack(m.id, tank.id) not in s.legal_actions()  # target filter: no tanks
    s.apply_action(Attack(m.id, foe.id))
    s.apply_action(EndPhase())
    n = s.game.ruleset.dice_by_damage[0]
    s.apply_action(Fight((1, 1, 1) + (12,) * (n - 3), ()))
    ev = next(e for e in s.log if isinstance(e, AreaStruck))
    assert foe.damage == 2 and friend.damage == 2 and not ev.gas
    assert tank.damage == 0 and tank.id not in ev.damage  # filtered classes are not struck
    assert m.xp == 2


def test_hit_value_block_overrides_against_one_class_and_a_registered_id_cannot_be_redeclared():
    gun = card("flak", "artillery", 1, hit=3, targets=("ground", "air"))
    gun.abilities = [Ability("flak_shells", {}, {
        "hit_value": {"against": "air", "recruit": 8, "veteran": 9, "hero": 10}})]
    plane = card("plane", "air", 5)
    inf = card("inf", "foot", 2)
    rs = scenario().ruleset
    assert combat.hit_value(rs, combat.Fighter(gun, 0, 0), combat.Fighter(plane, 0, 0)) == 8
    assert combat.hit_value(rs, combat.Fighter(gun, 0, 0), combat.Fighter(inf, 0, 0)) == 3
    bad = card("bad", "foot", 2)
    bad.abilities = [Ability("gas", {}, {"gas": True})]
    with pytest.raises(ValueError, match="cannot be redeclared"):
        powers(bad)
    sc = scenario()
    sc.catalog = copy.deepcopy(catalog())
    sc.catalog.units["bad"] = bad
    with pytest.raises(ScenarioError, match="cannot be redeclared"):
        Game(sc)
