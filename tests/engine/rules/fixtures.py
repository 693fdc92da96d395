"""Small hand-made content for the rules tests, built from engine.model directly.

Card values are plausible test values (speeds and hit values from RULES §3 where known), not
the shipped catalog. Boards are meadow unless a test paints terrain.
"""

from __future__ import annotations

from typing import Any

from engine.hexes import Hex
from engine.model import (
    Ability,
    Catalog,
    Fort,
    GameMap,
    Region,
    Ruleset,
    Scenario,
    Seat,
    StartMarker,
    UnitType,
)
from engine.rules.game import Game
from engine.rules.state import State, Unit

NATIONS4 = ("DE", "GB", "AH", "FR")


def ruleset(**overrides: Any) -> Ruleset:
    """A current-edition ruleset (RULES §2 costs, §5.4 combat numbers)."""
    fields: dict[str, Any] = {
        "id": "test", "edition": "current", "name": {"en": "Test"}, "currency": "coins",
        "income_per_fort": 1, "starting_money": {"AH": 3},
        "dice_by_damage": [12, 11, 10, 8, 7, 5], "experience": {"veteran": 3, "hero": 5},
        "hit_bonus_per_level": 2, "destroyed_at_damage": 6, "xp_for_damage": 1,
        "xp_for_destroy": 2, "pincer_dice": 2, "encirclement_dice": 3, "gift_fee": 1,
        "repair_mode": "flat", "repair_flat_cost": 2, "forts_to_win": {2: 5, 4: 9},
        "forts_per_half": 7,
        "elimination_victory": False,
        "first_round_armies": {2: [[1, 2], [2, 3]], 4: [[1, 1, 2, 3]]},
        "unit_limit_enabled": False, "unit_limit_max": 2, "special_unit_price": 18,
        "special_unit_choice": "hidden",
        "terrain_costs": {
            "foot": {"meadow": 1, "forest": 1.5, "road": 0.5, "bridge": 0.5,
                     "water": "whole_move", "trench": 1},
            "vehicle": {"meadow": 1, "forest": 1.5, "road": 0.5, "bridge": 0.5,
                        "water": None, "trench": 1},
            "air": {t: 1 for t in ("meadow", "forest", "road", "bridge", "water", "trench")},
            "ship": {"meadow": None, "forest": None, "road": None, "bridge": 1, "water": 1,
                     "trench": None},
        },
        "last_step_to_meadow": 0.5,
        "variants": {
            "shorter_game": {"enabled": False, "forts_to_win": {"2": 4, "4": 7},
                             "anti_tank_may_capture": False},
            "grabenkampf": {"enabled": False},
            "early_destruction": {"enabled": False, "destroyed_at_damage": 5},
            "second_full_set": {"enabled": False},
            "victory_points": {"enabled": False, "player_target": 10, "team_target": 15,
                               "hq_capture": 3, "per_unit_destroyed": 1,
                               "per_fort_captured": 1, "money_per_point": 20},
            "start_with_nation_units": {"enabled": False, "count": 2},
        },
    }
    fields.update(overrides)
    return Ruleset(**fields)


def card(uid: str, unit_class: str, speed: float, *, hit: int = 3, rmin: int = 1,
         rmax: int | None = 1, targets: tuple[str, ...] = ("ground",), cost: int = 3,
         transportable: bool = False, capacity: int = 0, can_capture: bool = False,
         special: bool = False, abilities: tuple[str, ...] = (),
         armour: list[int] | None = None) -> UnitType:
    """A unit card."""
    armour = armour or [2, 4, 6, 8, 10, 12]
    return UnitType(
        id=uid, name={"en": uid}, unit_class=unit_class, nations=["DE", "AH", "FR", "GB"],
        speed=speed, range_min=rmin, range_max=rmax, targets=set(targets),
        hit={"recruit": hit, "veteran": hit + 2, "hero": hit + 4},
        armour_open=armour, armour_forest=[a + 1 for a in armour],
        cost={"coins": cost}, repair_cost={"coins": 2}, special=special,
        transportable=transportable, capacity=capacity, can_capture=can_capture,
        abilities=[Ability(a) for a in abilities],
    )


CARDS = [
    card("transport", "transport", 4, hit=0, targets=(), capacity=4, cost=3),
    card("infantry", "foot", 2, hit=2, cost=2, transportable=True, can_capture=True,
         armour=[1, 3, 5, 7, 9, 11]),
    card("mounted_infantry", "foot", 3, hit=2, cost=3, transportable=True,
         can_capture=True, armour=[1, 3, 5, 7, 9, 11]),
    card("heavy_infantry", "foot", 2, hit=3, targets=("ground", "air"), cost=4,
         transportable=True, can_capture=True),
    card("armoured_car", "vehicle", 4, hit=4, cost=4),
    card("tank", "tank", 3, hit=6, cost=6, armour=[3, 6, 9, 12, 15, 18]),
    card("fighter", "air", 5, hit=4, targets=("ground", "air"), cost=6),
    card("anti_aircraft", "artillery", 2, hit=4, rmax=3, targets=("air",), cost=3),
    card("heavy_mortar", "artillery", 1, hit=3, rmin=2, rmax=5, cost=4, transportable=True),
    card("howitzer", "artillery", 2, hit=3, rmin=2, rmax=4, cost=4, transportable=True),
    card("gunboat", "ship", 3, hit=4, rmax=4, targets=("ground", "air"), cost=8,
         special=True, abilities=("water_only", "buy_on_water")),
    card("anti_tank", "foot", 2, hit=2, cost=3, transportable=True, can_capture=True,
         abilities=("anti_tank",)),
    card("big_bertha", "artillery", 1, hit=5, rmin=2, rmax=None, targets=("ground", "air"),
         cost=8, transportable=True, abilities=("cannot_damage_air", "scatter")),
    card("medic", "vehicle", 3, hit=0, targets=(), cost=5, special=True,
         abilities=("field_repair",)),
]


def catalog() -> Catalog:
    """The test catalog."""
    return Catalog(id="test", name={"en": "Test"}, units={c.id: c for c in CARDS})


def game_map(width: int = 14, height: int = 12, terrain: dict[Hex, str] | None = None,
             forts: list[Fort] | None = None, markers: int = 12) -> GameMap:
    """A meadow map with painted terrain, forts and `markers` start numbers spread out."""
    m = GameMap.blank("test", width, height)
    for h, t in (terrain or {}).items():
        m.set_terrain(h, t)
    m.forts = forts or []
    spots = [(c, r) for r in range(1, height - 1, 3) for c in range(1, width - 1, 3)]
    m.start_markers = [StartMarker(k + 1, m.to_axial(*spots[k])) for k in range(markers)]
    half = {h for h in m.hexes() if m.to_offset(h)[1] < height // 2}
    m.regions = [Region("half_1_6", "Half 1-6", half)]
    return m


def scenario(m: GameMap | None = None, players: int = 4, rs: Ruleset | None = None,
             half: str | None = None) -> Scenario:
    """A scenario over a test map."""
    nations = NATIONS4 if players == 4 else ("DE", "FR")
    teams = {"DE": "central", "AH": "central", "FR": "entente", "GB": "entente"}
    seats = [Seat(k + 1, n, teams[n]) for k, n in enumerate(nations)]
    return Scenario(
        id=f"test_{players}p", name={"en": "Test"}, map_ref="", ruleset_ref="",
        catalog_ref="", players=players, seats=seats, half=half,
        map=m or game_map(), ruleset=rs or ruleset(), catalog=catalog(),
    )


def empty_state(m: GameMap | None = None, players: int = 2, to_act: str = "DE",
                rs: Ruleset | None = None, half: str | None = None,
                **game_options: Any) -> State:
    """A state in the move phase of round 5 with no units on the board."""
    game = Game(scenario(m, players, rs, half), **game_options)
    s = game.new_initial_state()
    while s.is_chance_node():  # explicit chance: deal the chips by the seeded dice
        s.apply_chance(s.sample_chance())
    return cleared(s, to_act)


def cleared(s: State, to_act: str = "DE") -> State:
    """`s` with every unit and counter gone, setup done, in the move phase of round 5 with
    `to_act` to move (the first player seat 0); returns `s`."""
    s.units.clear()
    s.occ.clear()
    s.counters.clear()
    s.setup_step = "done"
    s.first_player = 0
    s.round = 5
    s.start_turn(s.game.nations.index(to_act))
    return s


def put(s: State, type_id: str, nation: str, at: Hex | str, **fields: Any) -> Unit:
    """Create a unit on hex `at` (or in fort `at`) with optional fields (damage, xp, …)."""
    u = s.add_unit(s.game.catalog.units[type_id], nation)
    if isinstance(at, Hex):
        i = s.game.board.index_of[at]
        assert i not in s.occ, f"{at} is occupied"
        u.pos = i
        s.occ[i] = u
    else:
        u.fort = at
    for k, v in fields.items():
        setattr(u, k, v)
    return u


def fort(fid: str, hexes: list[Hex], entrances: list[Hex], owner: str = "neutral") -> Fort:
    """A fort."""
    return Fort(fid, fid, hexes, entrances, owner)


def unplayed_variant(monkeypatch: Any, variant_id: str = "start_with_special_unit") -> None:
    """Make a registered variant count as not played by the engine for one test, so the
    refusal of variants without effect stays tested when every real one is played."""
    from engine.rules import variants

    unplayed = type("Unplayed", (variants.VARIANTS[variant_id],), {"implemented": False})
    monkeypatch.setitem(variants.VARIANTS, variant_id, unplayed)
