"""Typed log events of special-unit powers (registered with engine.rules.events)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.i18n import _, rule_word
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
        return _("{medic} repairs {unit} in the field for {cost}", medic=self.medic, unit=self.unit,
                 cost=self.cost)


@register
@dataclass(frozen=True)
class MineLaid(Event):
    """A minelayer laid a mine (the hex is hidden from the other side in a per-seat view)."""

    kind = "mine_laid"
    unit: str
    nation: str
    at: tuple[int, int]

    def text(self) -> str:
        return _("{unit} lays a mine at {hex}", unit=self.unit, hex=",".join(map(str, self.at)))


@register
@dataclass(frozen=True)
class MineExploded(Event):
    """An enemy unit entered a mined hex and was destroyed; the mine is gone."""

    kind = "mine_exploded"
    unit: str
    at: tuple[int, int]
    owner: str  # nation that laid the mine

    def text(self) -> str:
        return _("{unit} enters a mine of {owner} at {hex} and is destroyed", unit=self.unit,
                 owner=self.owner, hex=",".join(map(str, self.at)))


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
        struck = ", ".join(f"{u} {d}" for u, d in self.damage.items()) or _("no unit")
        fields = {"attacker": self.attacker, "hex": ",".join(map(str, self.at)),
                  "count": len(self.hexes), "hits": self.hits, "struck": struck}
        if self.gas:
            return _("{attacker} gas on {hex} ({count} hexes): {hits} hits; damage: {struck}",
                     **fields)
        return _("{attacker} area attack on {hex} ({count} hexes): {hits} hits; damage: "
                 "{struck}", **fields)


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
        where = _(" and ").join(f"{q},{r} ({rule_word(t)})"
                                for (q, r), t in zip(self.hexes, self.terrain, strict=True))
        return _("{unit} builds a {what} on {where}", unit=self.unit, what=rule_word(self.what),
                 where=where)
