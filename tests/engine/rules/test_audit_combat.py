"""Audit of declaring attacks and combat against 002/003 "Angriffe benennen" and "Kämpfe".

The state's dice are replaced by fixed faces, so every outcome below is exact.
"""

from __future__ import annotations

import pytest

from engine.hexes import Hex
from engine.rules.actions import Attack, EndPhase, Fight
from engine.rules.errors import IllegalActionError
from engine.rules.events import AttackLost
from tests.engine.rules.fixtures import empty_state, game_map, put

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


class FixedDice:
    """Dice whose `roll(n)` returns the next queued pattern: `hits` faces of 1, then 12s."""

    def __init__(self, *hits: int) -> None:
        self.hits = list(hits)
        self.rolled: list[int] = []

    def roll(self, n: int) -> tuple[int, ...]:
        self.rolled.append(n)
        k = self.hits.pop(0) if self.hits else 0
        return (1,) * min(k, n) + (12,) * max(0, n - k)


def _declare(s, *pairs) -> None:
    s.apply_action(EndPhase())
    for a, d in pairs:
        s.apply_action(Attack(a.id, d.id))
    s.apply_action(EndPhase())


def _fight(s):
    s.apply_action(Fight())
    return next(e for e in reversed(s.log) if e.kind in ("combat", "attack_lost", "scatter"))


def test_declared_order_is_fixed_and_an_attack_on_a_destroyed_target_is_lost():
    # 002: "Wenn eine anzugreifende Einheit bereits vernichtet ist, geht der nächste Angriff
    # darauf ins Leere. Das Ziel darf nicht geändert werden."
    s = empty_state(game_map())
    tank = put(s, "tank", "DE", row(1))
    car = put(s, "armoured_car", "DE", Hex(2, R - 1))
    other = put(s, "infantry", "FR", Hex(3, R - 1))
    target = put(s, "infantry", "FR", row(2), damage=5)
    s.dice = FixedDice(12, 0)
    _declare(s, (tank, target), (car, target))
    assert s.declarations == [(tank.id, target.id), (car.id, target.id)]
    with pytest.raises(IllegalActionError):
        s.apply_action(Attack(car.id, other.id))  # the combat phase takes no new declarations
    first = _fight(s)
    assert first.kind == "combat" and first.defender_destroyed
    assert tank.xp == 2  # destroying gives 2 in total
    second = _fight(s)
    assert second == AttackLost(car.id, target.id)
    assert second.to_json() == {"event": "attack_lost", "attacker": car.id,
                                "defender": target.id}
    assert car.xp == 0 and other.damage == 0
    assert s.phase == "money"


@pytest.mark.parametrize(("attacker", "a_at", "defender", "d_at", "fires_back"), [
    ("armoured_car", row(1), "infantry", row(2), True),  # melee, infantry can hit a car
    ("fighter", row(1), "infantry", row(2), False),  # infantry cannot attack planes
    ("fighter", row(1), "heavy_infantry", row(2), True),  # heavy infantry can
    ("heavy_mortar", row(1), "howitzer", row(3), False),  # only in melee
    ("armoured_car", row(1), "anti_aircraft", row(2), False),  # AA: air targets only
    ("armoured_car", row(1), "heavy_mortar", row(2), False),  # a mortar never melees
])
def test_return_fire_only_in_melee_and_only_if_the_defender_could_attack(
        attacker, a_at, defender, d_at, fires_back):
    # 002: "Zurückschießen ist nur im Nahkampf möglich (also auf Reichweite 1) und nur wenn
    # die verteidigende Einheit die angreifende Einheit im Nahkampf bekämpfen kann."
    s = empty_state(game_map())
    a = put(s, attacker, "DE", a_at)
    d = put(s, defender, "FR", d_at)
    s.dice = FixedDice(0, 0)
    _declare(s, (a, d))
    event = _fight(s)
    assert (len(event.defender_dice) > 0) == fires_back


def test_a_unit_on_water_neither_attacks_nor_fires_back():
    # 002: "Während die Einheit auf dem Fluss steht, kann sie weder angreifen noch sich
    # verteidigen"
    s = empty_state(game_map(terrain={row(2): "water"}))
    swimmer = put(s, "infantry", "DE", row(2))
    enemy = put(s, "infantry", "FR", row(3))
    s.apply_action(EndPhase())
    assert not any(a.attacker == swimmer.id for a in s.legal_actions()
                   if isinstance(a, Attack))
    with pytest.raises(IllegalActionError, match="water"):
        s.apply_action(Attack(swimmer.id, enemy.id))
    s = empty_state(game_map(terrain={row(2): "water"}))
    car = put(s, "armoured_car", "DE", row(1))
    swimmer = put(s, "infantry", "FR", row(2))
    s.dice = FixedDice(0, 12)
    _declare(s, (car, swimmer))
    assert _fight(s).defender_dice == ()


def test_dice_by_damage_and_pincer_counts_own_units_only_not_allies():
    # 002 example: "Der (hellgraue) österreichische Panzerwagen zählt ebenso nicht, da bei
    # Zange/Kessel nur eigene, nicht aber verbündete Einheiten berücksichtigt werden."
    s = empty_state(game_map(), players=4)
    car = put(s, "armoured_car", "DE", row(1), damage=3)
    inf = put(s, "infantry", "FR", row(2), damage=1)
    put(s, "armoured_car", "AH", row(3))  # opposite, but an ally: no encirclement
    put(s, "heavy_mortar", "DE", Hex(2, R + 1))  # own, but no melee
    put(s, "fighter", "DE", Hex(3, R - 1))  # own plane: may attack infantry in melee
    s.dice = FixedDice(0, 0)
    _declare(s, (car, inf))
    event = _fight(s)
    assert event.bonus == "pincer" and event.bonus_dice == 2
    assert s.dice.rolled == [8 + 2, 11]  # 3 damage → 8 dice (+2), 1 damage → 11 dice


def test_encirclement_by_two_own_units_or_one_directly_opposite():
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(1))
    inf = put(s, "infantry", "FR", row(2))
    put(s, "infantry", "DE", Hex(2, R - 1))
    put(s, "infantry", "DE", Hex(1, R + 1))
    s.dice = FixedDice(0, 0)
    _declare(s, (car, inf))
    event = _fight(s)
    assert event.bonus == "encirclement" and s.dice.rolled[0] == 12 + 3
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(1))
    inf = put(s, "infantry", "FR", row(2))
    put(s, "tank", "DE", row(3))
    assert s.melee_support(car, inf) == (1, True)


def test_no_pincer_dice_at_range():
    s = empty_state(game_map())
    mortar = put(s, "heavy_mortar", "DE", row(0))
    inf = put(s, "infantry", "FR", row(2))
    put(s, "infantry", "DE", row(3))
    put(s, "infantry", "DE", row(1))
    s.dice = FixedDice(0)
    _declare(s, (mortar, inf))
    event = _fight(s)
    assert event.bonus is None and s.dice.rolled == [12]


def test_forest_column_for_the_defender_only():
    # 002: "bekommt der Verteidiger einen Verteidigungsbonus, wenn er im Wald steht. Für den
    # Angreifer gilt dieser Bonus nicht, unabhängig vom Gelände, auf dem er steht."
    s = empty_state(game_map(terrain={row(1): "forest", row(2): "forest"}))
    car = put(s, "armoured_car", "DE", row(1))  # open armour [2, 4, ...], forest [3, 5, ...]
    inf = put(s, "infantry", "FR", row(2))  # open armour [1, 3, 5, ...], forest [2, 4, 6, ...]
    s.dice = FixedDice(5, 2)
    _declare(s, (car, inf))
    event = _fight(s)
    assert event.damage_to_defender == 2  # 5 hits in forest (3 in the open)
    assert event.damage_to_attacker == 1  # 2 hits on the open column (forest would be 0)
    assert car.xp == 1 and inf.xp == 1  # +1 each for damaging


def test_destroyed_at_six_damage_and_units_in_forts_untouchable():
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(1))
    inf = put(s, "infantry", "FR", row(2), damage=4)
    s.dice = FixedDice(3, 0)  # 3 hits on open armour [1, 3, ...] = 2 damage → 6: destroyed
    _declare(s, (car, inf))
    event = _fight(s)
    assert event.defender_destroyed and inf.id not in s.units
    assert car.xp == 2
