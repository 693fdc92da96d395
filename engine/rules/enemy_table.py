"""The enemy action table (earlier edition solo rules, RULES §9.2, seed 004): its data and the
rule changes the engine applies for a seat whose controller is "enemy_table:LEVEL".

The table, its dice and its levels are content (`content/solo/earlier.enemy-table.yaml`,
`schema/enemy-table.schema.json`), loaded through the one pipeline. The engine applies a
level's extra special units (the flag chips in the set-up cup) and its income per fort; the
AI (`engine.ai.enemy_table`) makes every decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.content import load_file
from engine.content.problems import ContentError, error
from engine.i18n import Note, _
from engine.model import Scenario, UnitType
from engine.paths import CONTENT_DIR
from engine.rules import coop
from engine.rules.dice import Dice, seed_state

if TYPE_CHECKING:
    from engine.rules.game import Game

PREFIX = "enemy_table:"
TABLE_FILE = CONTENT_DIR / "solo" / "earlier.enemy-table.yaml"
SCHEMA_URL = "https://trenchclub.studio/schema/enemy-table.schema.json"
GROUPS = ("transport", "foot", "artillery", "tank_car", "air", "anti_aircraft")


@dataclass(frozen=True)
class Order:
    """One cell: what every enemy unit of a group does for one roll."""

    do: str
    target: str | None = None
    rank: int | None = None
    hexes: int | None = None
    anti_tank: str | None = None
    estimated: bool = False
    text: str = ""  # the cell as printed (German), where legible
    note: Note = ""  # why and how an illegible cell was filled: one text or {de, en}

    def describe(self) -> str:
        """A short English form of the order, for the AI's reasons."""
        words = self.do.replace("_", " ")
        if self.target:
            words += f" {self.target.replace('_', ' ')}"
        if self.do in ("approach_fort", "approach_transportable") and self.rank == 2:
            words += " (2nd nearest)"
        return words + (" [estimated]" if self.estimated else "")


@dataclass(frozen=True)
class Column:
    """One column of the table: its d12 roll, its name and an order per unit group."""

    roll: int
    name: dict[str, str]
    orders: dict[str, Order]
    name_estimated: bool | None = None


@dataclass(frozen=True)
class Level:
    """A difficulty level: flag chips in the set-up cup and money per fort."""

    id: str
    name: dict[str, str]
    special_units: int
    income_per_fort: int


NUMBERS = ("die_sides", "setup_die_sides", "buy_die_sides", "repair_from_damage",
           "repair_order_from_damage", "max_per_type", "near_fort_hexes",
           "pincer_overkill_attackers")


@dataclass(frozen=True)
class EnemyTable:
    """The whole table with its dice and levels; `estimates` keeps the guessed numbers'
    {estimated, note} by JSON pointer so the file can be written back unchanged."""

    id: str
    die_sides: int
    setup_die_sides: int
    buy_die_sides: int
    repair_from_damage: int
    repair_order_from_damage: int
    max_per_type: int
    near_fort_hexes: int
    pincer_overkill_attackers: int
    levels: dict[str, Level]
    columns: tuple[Column, ...]
    estimates: dict[str, dict[str, Any]] = field(default_factory=dict)

    def column(self, roll: int) -> Column:
        """The column of a d12 roll (1..12)."""
        return self.columns[roll - 1]

    def fallback(self, roll: int) -> list[int]:
        """The rolls to try in order: the rolled column, then leftwards, wrapping 1 -> 12."""
        n = len(self.columns)
        return [(roll - 1 - k) % n + 1 for k in range(n)]


def _num(value: Any, pointer: str, estimates: dict[str, dict[str, Any]]) -> int:
    if isinstance(value, dict):
        estimates[pointer] = {k: v for k, v in value.items() if k != "value"}
        return int(value["value"])
    return int(value)


def _wrap(value: int, pointer: str, estimates: dict[str, dict[str, Any]]) -> Any:
    return {"value": value, **estimates[pointer]} if pointer in estimates else value


ORDER_KEYS = (("target", "target"), ("rank", "rank"), ("hexes", "hexes"),
              ("anti_tank", "anti_tank"), ("text", "de"), ("note", "note"))


def _order(data: dict[str, Any]) -> Order:
    return Order(data["do"], data.get("target"), data.get("rank"), data.get("hexes"),
                 data.get("anti_tank"), bool(data.get("estimated", False)),
                 data.get("de", ""), data.get("note", ""))


def _order_dict(o: Order) -> dict[str, Any]:
    out: dict[str, Any] = {"do": o.do}
    for attr, key in ORDER_KEYS:
        if getattr(o, attr):
            out[key] = getattr(o, attr)
    if o.estimated:
        out["estimated"] = True
    return out


def table_from_dict(data: dict[str, Any]) -> EnemyTable:
    """An EnemyTable from schema-valid data."""
    est: dict[str, dict[str, Any]] = {}
    columns = tuple(Column(c["roll"], dict(c["name"]), {g: _order(c[g]) for g in GROUPS},
                           c.get("name_estimated"))
                    for c in sorted(data["columns"], key=lambda c: c["roll"]))
    levels = {k: Level(k, dict(v["name"]),
                       _num(v["special_units"], f"/levels/{k}/special_units", est),
                       _num(v["income_per_fort"], f"/levels/{k}/income_per_fort", est))
              for k, v in data["levels"].items()}
    numbers = {n: _num(data[n], f"/{n}", est) for n in NUMBERS}
    return EnemyTable(data["id"], levels=levels, columns=columns, estimates=est, **numbers)


def table_to_dict(t: EnemyTable) -> dict[str, Any]:
    """The file form of an EnemyTable (the inverse of `table_from_dict`)."""
    est = t.estimates
    columns = []
    for c in t.columns:
        col: dict[str, Any] = {"roll": c.roll, "name": dict(c.name)}
        if c.name_estimated is not None:
            col["name_estimated"] = c.name_estimated
        col.update({g: _order_dict(c.orders[g]) for g in GROUPS})
        columns.append(col)
    return {
        "$schema": SCHEMA_URL, "schema_version": 1, "id": t.id, "ruleset": "earlier",
        **{n: _wrap(getattr(t, n), f"/{n}", est) for n in NUMBERS},
        "levels": {k: {"name": dict(v.name),
                       "special_units": _wrap(v.special_units, f"/levels/{k}/special_units", est),
                       "income_per_fort": _wrap(v.income_per_fort,
                                                f"/levels/{k}/income_per_fort", est)}
                   for k, v in t.levels.items()},
        "columns": columns,
    }


def load_table(path: str | Path = TABLE_FILE) -> EnemyTable:
    """Load and check an enemy table file; ContentError with the located problems."""
    loaded = load_file(path, "enemy-table")
    errors = [p for p in loaded.problems if p.is_error]
    if errors or loaded.document is None:
        raise ContentError(errors)
    table = table_from_dict(loaded.document.data)
    rolls = [c.roll for c in table.columns]
    if rolls != list(range(1, len(rolls) + 1)):
        raise ContentError([error(
            "enemy_table.rolls",
            _("the columns are rolls {rolls}, not 1..{n_rolls} once each", rolls=rolls,
              n_rolls=len(rolls)),
            _("give each column a different roll"), file=str(path), pointer="/columns")])
    return table


@cache
def builtin_table() -> EnemyTable:
    """The built-in table of the earlier edition."""
    return load_table()


def level_names() -> list[str]:
    """The difficulty levels of the built-in table (the kinds enemy_table:LEVEL)."""
    return list(builtin_table().levels)


def level_of(controller: str) -> str | None:
    """The level of a seat controller ("enemy_table:hard" -> "hard"), or None."""
    if not controller.startswith(PREFIX):
        return None
    level = controller[len(PREFIX):]
    return level if level in builtin_table().levels else None


def enemy_nations(game: Game) -> dict[str, Level]:
    """Nation -> level for every seat the enemy action table plays in this game (the
    game's own mapping, worked out once: do not change it)."""
    return game.enemy_levels


def seat_levels(scenario: Scenario) -> dict[str, Level]:
    """Nation -> level for every seat of `scenario` the enemy action table plays."""
    out = {}
    for seat in scenario.seats:
        level = level_of(seat.controller)
        if level is not None:
            out[seat.nation] = builtin_table().levels[level]
    return out


def roster(game: Game, nation: str, units: list[UnitType]) -> list[UnitType]:
    """004 set-up: the level's flag chips each become a special unit drawn at random; against
    a co-op seat the ally's nation unit joins (engine.rules.coop)."""
    level = enemy_nations(game).get(nation)
    if level is None:
        return units
    units = [*units, *coop.enemy_ally_units(game, nation)]
    if level.special_units == 0:
        return units
    pool = sorted((u for u in game.catalog.units.values() if u.special and nation in u.nations
                   and u.unit_class not in ("static", "ship")), key=lambda u: u.id)
    rng = Dice(seed_state(f"{game.seed}:enemy-table-roster:{nation}"))
    drawn = [pool.pop(rng.below(len(pool))) for _ in range(min(level.special_units, len(pool)))]
    return [*units, *drawn]


def income_per_fort(game: Game, nation: str, default: int) -> int:
    """The level's money per fort for an enemy-table seat, else `default`."""
    level = enemy_nations(game).get(nation)
    return default if level is None else level.income_per_fort
