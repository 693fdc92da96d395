"""What special-unit powers leave in a game position: mines on the board and how often each
unit used its power this turn. Part of `State` (cloned, saved and loaded with it)."""

from __future__ import annotations

from typing import Any


class PowerRecord:
    """Mines (board index -> nation that laid it), terrain built in play (board index ->
    terrain name) and power uses per unit this turn."""

    __slots__ = ("built", "mines", "uses")

    def __init__(self) -> None:
        self.mines: dict[int, str] = {}
        self.built: dict[int, str] = {}
        # unit id -> (round, seat, uses): a stamp of another turn counts as no use yet.
        self.uses: dict[str, tuple[int, int, int]] = {}

    def copy(self) -> PowerRecord:
        """An independent copy."""
        c = PowerRecord()
        c.mines = dict(self.mines)
        c.built = dict(self.built)
        c.uses = dict(self.uses)
        return c

    def used(self, uid: str, round_: int, seat: int) -> int:
        """How often unit `uid` used its power in the turn (`round_`, `seat`)."""
        stamp = self.uses.get(uid)
        return stamp[2] if stamp is not None and stamp[:2] == (round_, seat) else 0

    def use(self, uid: str, round_: int, seat: int) -> None:
        """Count one use of unit `uid`'s power in the turn (`round_`, `seat`)."""
        self.uses[uid] = (round_, seat, self.used(uid, round_, seat) + 1)

    def mines_of(self, nation: str) -> int:
        """How many of `nation`'s mines lie on the board."""
        return sum(1 for n in self.mines.values() if n == nation)

    def to_json(self, hex_of: Any) -> dict[str, Any]:
        """JSON data; `hex_of(index)` gives the axial (q, r) of a board index."""
        out = {
            "mines": [[*hex_of(i), n] for i, n in sorted(self.mines.items())],
            "uses": {uid: list(stamp) for uid, stamp in sorted(self.uses.items())},
        }
        if self.built:
            out["built"] = [[*hex_of(i), t] for i, t in sorted(self.built.items())]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any], index_of: Any) -> PowerRecord:
        """Rebuild from `to_json` data; `index_of(q, r)` gives a board index or raises
        ValueError for a hex off the board."""
        r = cls()
        for q, rr, nation in data.get("mines", []):
            r.mines[index_of(int(q), int(rr))] = str(nation)
        for q, rr, terrain in data.get("built", []):
            r.built[index_of(int(q), int(rr))] = str(terrain)
        for uid, (round_, seat, count) in data.get("uses", {}).items():
            r.uses[str(uid)] = (int(round_), int(seat), int(count))
        return r
