"""Variants and abilities as registered objects: found by id, unknown ids refused with the
known ones listed, ids without effect refused or warned about, hooks answering as the rules."""

from __future__ import annotations

import copy
import json

import pytest

from engine.content.semantic_rules import check_catalog, check_variants
from engine.content.semantic_scenario import check_scenario
from engine.model import Ability
from engine.paths import PROJECT_ROOT
from engine.rules import abilities, variants
from engine.rules.abilities import UnknownAbilityError, ability_class, powers
from engine.rules.game import Game, ScenarioError
from engine.rules.variants import UnknownVariantError, variant_class
from tests.engine.rules.fixtures import card, catalog, ruleset, scenario

SCHEMA = PROJECT_ROOT / "schema"


def _schema_enum(name: str, *path: str) -> set[str]:
    node = json.loads((SCHEMA / name).read_text(encoding="utf-8"))
    for key in path:
        node = node[key]
    return set(node)


def test_every_schema_ability_and_ruleset_variant_has_a_class():
    units = _schema_enum("catalog.schema.json", "properties", "units", "items", "properties",
                         "abilities", "items", "properties", "id", "enum")
    assert units == set(abilities.ABILITIES)
    known = _schema_enum("ruleset.schema.json", "properties", "variants", "properties")
    assert known == set(variants.VARIANTS)


def test_unknown_ids_list_the_known_ones():
    with pytest.raises(UnknownAbilityError, match=r"known: .*scatter"):
        ability_class("smoke_screen")
    with pytest.raises(UnknownVariantError, match=r"known: .*grabenkampf"):
        variant_class("winter_offensive")


def test_game_refuses_an_unknown_variant_and_a_variant_without_effect():
    rs = ruleset()
    rs.variants["winter_offensive"] = {"enabled": True}
    with pytest.raises(ScenarioError, match=r"unknown variant 'winter_offensive'.*known:"):
        Game(scenario(rs=rs))
    rs = ruleset()
    rs.variants["start_with_special_unit"] = {"enabled": False}
    with pytest.raises(ScenarioError, match=r"start_with_special_unit.*no effect"):
        Game(scenario(rs=rs), variants=("start_with_special_unit",))


def test_game_refuses_a_catalog_with_an_unknown_ability():
    sc = scenario()
    sc.catalog = copy.deepcopy(catalog())  # the fixture's cards are shared: never edit them
    sc.catalog.units["medic"].abilities.append(Ability("smoke_screen"))
    with pytest.raises(ScenarioError, match=r"unit 'medic'.*smoke_screen.*known:"):
        Game(sc)


def test_validation_names_unknown_and_ineffective_ids():
    cat = copy.deepcopy(catalog())
    cat.units["medic"].abilities.append(Ability("smoke_screen"))
    codes = {(p.code, p.severity) for p in check_catalog(cat)}
    assert ("catalog.unknown_ability", "error") in codes
    assert ("catalog.ability_no_effect", "warning") in codes  # medic's field_repair
    rs = ruleset()
    rs.variants["winter_offensive"] = {"enabled": False}
    rs.variants["start_with_special_unit"] = {"enabled": True}
    found = {(p.code, p.severity, p.pointer) for p in check_variants(rs)}
    assert ("ruleset.unknown_variant", "error", "/variants/winter_offensive") in found
    assert ("ruleset.variant_no_effect", "error",
            "/variants/start_with_special_unit/enabled") in found
    sc = scenario(rs=rs)
    sc.variants = ["start_with_special_unit"]
    problems = check_scenario(sc, None, rs, None)
    assert [p.code for p in problems if p.pointer == "/variants/0"] == [
        "scenario.variant_no_effect"]


def test_ability_needs_the_card_value_it_stands_for():
    cat = copy.deepcopy(catalog())
    cat.units["anti_tank"].hit_vs = {"tank": {"recruit": 6}}
    assert not any(p.code == "catalog.ability_without_value" for p in check_catalog(cat))
    cat.units["anti_tank"].hit_vs = {}
    assert any(p.code == "catalog.ability_without_value" for p in check_catalog(cat))


def test_powers_follow_the_card_and_are_rebuilt_when_its_abilities_change():
    big = card("big", "artillery", 1, abilities=("scatter", "cannot_damage_air"))
    p = powers(big)
    assert p.cannot_target_air and p.scatter is not None
    assert [p.scatter_neighbour_max(lvl) for lvl in ("recruit", "veteran", "hero")] == [6, 3, 0]
    assert powers(big) is p
    big.abilities = [Ability("scatter", {"recruit_neighbour_max": 2})]
    q = powers(big)
    assert q is not p and not q.cannot_target_air and q.scatter_neighbour_max("recruit") == 2
    big.abilities.append(Ability("indestructible"))
    assert powers(big).indestructible


def test_variant_hooks():
    rs = ruleset()
    rs.variants["shorter_game"] = {"enabled": True, "forts_to_win": {"2": {"value": 3}},
                                   "anti_tank_may_capture": False}
    rs.variants["early_destruction"] = {"enabled": True, "destroyed_at_damage": 5}
    game = Game(scenario(players=2, rs=rs))
    assert [v.id for v in game.variant_objects] == ["shorter_game", "early_destruction"]
    assert game.forts_to_win == 3 and game.ruleset.destroyed_at_damage == 5
    assert not game.may_capture(game.catalog.units["anti_tank"])
    assert game.may_capture(game.catalog.units["infantry"])
    assert not game.draws_cards and not game.trench_defence


class _Counting(variants.Variant):
    """A variant (not registered) that counts the turns it saw begin."""

    id = "counting_probe"

    def __init__(self) -> None:
        super().__init__({})
        self.turns: list[str] = []

    def on_turn_start(self, state) -> None:
        self.turns.append(state.nation)


class _Sharpshooter(abilities.Ability):
    """An ability (not registered) hitting air units on one face more."""

    id = "sharpshooter_probe"

    def adjust_hit_value(self, value, target, level):
        return value + 1 if target.unit_class == "air" else value


def test_turn_start_hook_is_called_for_each_turn():
    from engine.rules.actions import EndPhase
    from tests.engine.rules.fixtures import empty_state

    s = empty_state()
    probe = _Counting()
    s.game.turn_hooks = (probe,)
    for _ in range(3):  # move, declare (no attacks: straight to money), money
        s.apply_action(EndPhase())
    assert probe.turns == ["FR"]
    assert s.game.turn_hooks == (probe,) and Game(scenario()).turn_hooks == ()


def test_hit_value_hook_changes_the_value_against_its_targets():
    from engine.rules import combat
    from engine.rules.combat import Fighter

    rs = ruleset()
    gun = card("gun", "artillery", 1, hit=4, targets=("ground", "air"))
    plane, tank = (catalog().units[k] for k in ("fighter", "tank"))
    before = combat.hit_value(rs, Fighter(gun, 0, 0), Fighter(plane, 0, 0))
    gun.abilities = [Ability("anti_air")]
    p = powers(gun)
    object.__setattr__(p, "hit_hooks", (_Sharpshooter(),))
    assert combat.hit_value(rs, Fighter(gun, 0, 0), Fighter(plane, 0, 0)) == before + 1
    assert combat.hit_value(rs, Fighter(gun, 0, 0), Fighter(tank, 0, 0)) == before
