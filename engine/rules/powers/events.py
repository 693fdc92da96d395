"""Typed log events of special-unit powers (registered with engine.rules.events)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.events import Event, register


@register
@dataclass(frozen=True)
class FieldRepaired(Event):
    """A medic repaired an adjacent own unit for `cost`."""

    kind = "field_repair"
    medic: str
    unit: str
    cost: int

    def text(self) -> str:
        return f"{self.medic} repairs {self.unit} in the field for {self.cost}"


@register
@dataclass(frozen=True)
class MineLaid(Event):
    """A minelayer laid a mine (the hex is hidden from the other side in a per-seat view)."""

    kind = "mine_laid"
    unit: str
    nation: str
    at: tuple[int, int]

    def text(self) -> str:
        return f"{self.unit} lays a mine at {','.join(map(str, self.at))}"


@register
@dataclass(frozen=True)
class MineExploded(Event):
    """An enemy unit entered a mined hex and was destroyed; the mine is gone."""

    kind = "mine_exploded"
    unit: str
    at: tuple[int, int]
    owner: str  # nation that laid the mine

    def text(self) -> str:
        return (f"{self.unit} enters a mine of {self.owner} at "
                f"{','.join(map(str, self.at))} and is destroyed")


@register
@dataclass(frozen=True)
class AreaStruck(Event):
    """An area attack: one roll applied to every hex of the pattern, friend and foe.

    `damage` maps each unit struck to the damage it took (0 included); `immune` lists units
    the gas spared; `destroyed` the units destroyed."""

    kind = "area_attack"
    attacker: str
    at: tuple[int, int]
    hexes: tuple[tuple[int, int], ...]
    dice: tuple[int, ...]
    hit_value: int
    hits: int
    damage: dict[str, int]
    destroyed: tuple[str, ...]
    immune: tuple[str, ...]
    xp: int
    gas: bool

    def text(self) -> str:
        what = "gas" if self.gas else "area attack"
        struck = ", ".join(f"{u} {d}" for u, d in self.damage.items()) or "no unit"
        return (f"{self.attacker} {what} on {','.join(map(str, self.at))} "
                f"({len(self.hexes)} hexes): {self.hits} hits; damage: {struck}")


@register
@dataclass(frozen=True)
class TerrainBuilt(Event):
    """A builder changed the terrain of hexes (trench, road or bridge)."""

    kind = "build"
    unit: str
    what: str
    hexes: tuple[tuple[int, int], ...]
    terrain: tuple[str, ...]

    def text(self) -> str:
        where = " and ".join(f"{q},{r} ({t})" for (q, r), t in zip(self.hexes, self.terrain,
                                                                  strict=True))
        return f"{self.unit} builds a {self.what} on {where}"
