"""Variants and abilities as registered objects: found by id, unknown ids refused with the
known ones listed, ids without effect refused or warned about, hooks answering as the rules."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass

import pytest

from engine.content.semantic_rules import check_catalog, check_variants
from engine.content.semantic_scenario import check_scenario
from engine.hexes import Hex
from engine.model import Ability
from engine.paths import PROJECT_ROOT
from engine.rules import abilities, variants
from engine.rules.abilities import UnknownAbilityError, ability_class, powers
from engine.rules.actions import Action
from engine.rules.errors import IllegalActionError
from engine.rules.game import Game, ScenarioError
from engine.rules.variants import UnknownVariantError, variant_class
from tests.engine.rules.fixtures import card, catalog, ruleset, scenario, unplayed_variant

SCHEMA = PROJECT_ROOT / "schema"


def _schema_enum(name: str, *path: str) -> set[str]:
    node = json.loads((SCHEMA / name).read_text(encoding="utf-8"))
    for key in path:
        node = node[key]
    return set(node)


def test_every_schema_ability_and_ruleset_variant_has_a_class():
    # Ability ids are open in the schema (issue 10): semantic validation refuses unknown ones
    # unless declared from blocks (tests/engine/rules/test_powers_declared.py); every id the
    # built-in catalog uses has a class.
    text = (PROJECT_ROOT / "content" / "catalog" / "base.catalog.yaml").read_text("utf-8")
    used = set(re.findall(r"\{id: ([a-z_]+)|- id: ([a-z_]+)\n        params", text))
    ids = {a or b for a, b in used}
    assert {"area_attack", "air_value", "fort_mounted", "lay_mines"} <= ids
    assert ids <= set(abilities.ABILITIES)
    known = _schema_enum("ruleset.schema.json", "properties", "variants", "properties")
    assert known == set(variants.VARIANTS)


def test_every_registered_ability_plays():
    assert abilities.unimplemented() == []


def test_unknown_ids_list_the_known_ones():
    with pytest.raises(UnknownAbilityError, match=r"known: .*scatter"):
        ability_class("smoke_screen")
    with pytest.raises(UnknownVariantError, match=r"known: .*grabenkampf"):
        variant_class("winter_offensive")


def test_game_refuses_an_unknown_variant_and_a_variant_without_effect(monkeypatch):
    unplayed_variant(monkeypatch)
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


class _NoEffectYet(abilities.Ability):
    """A registered-looking ability the engine does not play (every built-in one plays)."""

    id = "no_effect_probe"
    implemented = False


def test_validation_names_unknown_and_ineffective_ids(monkeypatch):
    unplayed_variant(monkeypatch)
    monkeypatch.setitem(abilities.ABILITIES, _NoEffectYet.id, _NoEffectYet)
    cat = copy.deepcopy(catalog())
    cat.units["medic"].abilities.append(Ability("smoke_screen"))
    cat.units["medic"].abilities.append(Ability(_NoEffectYet.id))
    codes = {(p.code, p.severity) for p in check_catalog(cat)}
    assert ("catalog.unknown_ability", "error") in codes
    assert ("catalog.ability_no_effect", "warning") in codes
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
    assert not game.draws_cards and not game.trench_armour


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


@dataclass(frozen=True)
class _Salute(Action):
    """A probe action (no verb: not parseable, so no other test sees it)."""

    unit: str


class _Ceremony(variants.Variant):
    """A probe variant adding a salute for the first unit of the player to act."""

    id = "ceremony_probe"
    action_types = (_Salute,)

    def extra_actions(self, state):
        return [_Salute(next(u.id for u in state.units.values() if u.nation == state.nation))]

    def action_problem(self, state, action):
        return None if state.units[action.unit].nation == state.nation else "not yours"

    def apply_action(self, state, action):
        state.units[action.unit].xp += 1


class _Medic(abilities.Ability):
    """A probe ability: the unit repairs itself."""

    id = "medic_probe"
    action_types = (_Salute,)

    def extra_actions(self, state, unit):
        return [_Salute(unit.id)] if unit.damage else []

    def action_problem(self, state, unit, action):
        return None if unit.damage else f"{unit.id} has no damage"

    def apply_action(self, state, unit, action):
        unit.damage = 0


def test_a_variant_adds_an_action_the_engine_lists_checks_and_applies():
    from tests.engine.rules.fixtures import empty_state, put

    s = empty_state()
    mine = put(s, "infantry", "DE", Hex(2, 2))
    theirs = put(s, "infantry", "FR", Hex(6, 6))
    probe = _Ceremony()
    s.game.action_variants = (probe,)
    s.game.variant_actions = {_Salute: probe}
    assert _Salute(mine.id) in s.legal_actions()
    with pytest.raises(IllegalActionError, match="not yours"):
        s.apply_action(_Salute(theirs.id))
    s.apply_action(_Salute(mine.id))
    assert mine.xp == 1 and s.history[-1] == _Salute(mine.id)


def test_an_ability_adds_an_action_for_the_units_that_have_it():
    from tests.engine.rules.fixtures import empty_state, put

    s = empty_state()
    s.game.catalog = copy.deepcopy(s.game.catalog)
    medic_card = s.game.catalog.units["medic"]
    medic = put(s, "medic", "DE", Hex(2, 2), damage=2)
    plain = put(s, "infantry", "DE", Hex(4, 2), damage=2)
    object.__setattr__(powers(medic_card), "abilities", (_Medic(),))
    object.__setattr__(powers(medic_card), "action_hooks", (_Medic(),))
    s.game.acting_types = frozenset({"medic"})
    s.game.ability_actions = {_Salute: _Medic}
    assert [a for a in s.legal_actions() if isinstance(a, _Salute)] == [_Salute(medic.id)]
    with pytest.raises(IllegalActionError, match="has no medic_probe ability"):
        s.apply_action(_Salute(plain.id))
    s.apply_action(_Salute(medic.id))
    assert medic.damage == 0
    with pytest.raises(IllegalActionError, match="has no damage"):
        s.apply_action(_Salute(medic.id))


def test_a_parameter_the_ability_does_not_read_is_a_located_warning():
    cat = copy.deepcopy(catalog())
    medic = cat.units["medic"]
    medic.abilities = [Ability("field_repair", {"range": 1, "rnage": 2})]
    found = [(p.code, p.severity, p.pointer, p.hint) for p in check_catalog(cat)
             if p.code == "catalog.ability_unknown_param"]
    assert len(found) == 1
    _code, severity, pointer, hint = found[0]
    assert severity == "warning" and pointer.endswith("/abilities/0/params/rnage")
    assert "per_turn" in hint and "range" in hint


def test_every_parameter_an_ability_reads_is_declared():
    """The editor offers `parameters`: every `params.get`/`_int_param` name in the ability
    module must be among them, or the editor would hide a knob the engine reads."""
    source = (PROJECT_ROOT / "engine" / "rules" / "abilities.py").read_text(encoding="utf-8")
    declared = {p.name for cls in abilities.ABILITIES.values() for p in cls.parameters}
    read = set(re.findall(r"_int_param\(self, [\"'](\w+)[\"']", source))
    read |= set(re.findall(r"self\.params\.get\(\"(\w+)\"", source))
    read -= {"classes", "against"}  # building-block parts (TargetFilter, HitOverride)
    assert read and read <= declared, read - declared
