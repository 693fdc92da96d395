"""`Unit`: one unit in play (its card, owner, position and per-turn status)."""

from __future__ import annotations

from engine.model import UnitType
from engine.rules.board import movement_class


class Unit:
    """One unit in play: its card, owner, position (board index, fort or carrier) and status."""

    __slots__ = (
        "army", "attacked", "cargo", "carrier", "damage", "done", "flag", "fort", "id",
        "mclass", "moved", "nation", "pos", "repair_ok", "team", "type", "xp",
    )

    def __init__(self, uid: str, utype: UnitType, nation: str, team: str,
                 flag: str | None = None) -> None:
        self.id = uid
        self.type = utype
        self.nation = nation  # the seat that plays it (engine.rules.coop)
        self.flag = flag or nation  # whose unit it is: the partner's in a co-op seat
        self.team = team
        self.mclass = movement_class(utype.unit_class)
        self.pos = -1  # board index, -1 when in a fort, aboard a transport or not yet placed
        self.fort: str | None = None
        self.carrier: str | None = None
        self.cargo: list[str] = []
        self.damage = 0
        self.xp = 0
        self.army: int | None = None
        self.moved = False  # moved (or boarded, entered, captured) this turn
        self.done = False  # may not move any more this turn (unloaded, in transport …)
        self.attacked = False  # declared an attack this turn
        self.repair_ok = False  # in a fort since the start of its player's turn

    def copy(self) -> Unit:
        """An independent copy."""
        u = Unit.__new__(Unit)
        for name in Unit.__slots__:
            setattr(u, name, getattr(self, name))
        u.cargo = list(self.cargo)
        return u
