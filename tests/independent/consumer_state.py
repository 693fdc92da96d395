"""The independent client's state being played, written from docs/rules-apply.md: the dice,
lookups, victory points, the victory check, leaving the game and the money phase, shared by
`consumer_apply` and `consumer_fight`. Standard library only; nothing from the Studio.
"""

from __future__ import annotations

import copy
from typing import Any

from .conformance_consumer import Hex, Rules, passable, unwrap

MASK = (1 << 64) - 1
NO_HQ_CLASSES = ("transport", "air")
NO_HQ_TYPES = ("anti_aircraft", "medic", "minelayer")


class Dice:
    """rules-apply.md "Dice": SplitMix64 over the state's `dice_state`."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = ((1 << 64) // n) * n
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def d12(self) -> int:
        return self.below(12) + 1


class PlayBase:
    """A state being changed by actions (the JSON is edited in place on a copy): lookups,
    victory points, the victory check, leaving the game and the money phase."""

    def __init__(self, rules: Rules, files: dict[str, Any], state: dict[str, Any],
                 variants: set[str]) -> None:
        self.rules = rules
        self.s = copy.deepcopy(state)
        self.variants = variants
        self.seats = files["scenario.json"]["seats"]
        self.catalog = rules.units
        self.log: list[dict[str, Any]] = []
        self.dice = Dice(int(self.s["dice_state"], 16))
        vp = rules.ruleset["variants"].get("victory_points", {})
        self.vp_params = vp if "victory_points" in variants else None
        fort_cells = {h for f in rules.forts.values() for h in (*f["hexes"], *f["entrances"])}
        self.fort_cells = fort_cells
        starts = files["map.json"]["start_markers"]
        m = files["map.json"]["layout"]
        from_offset = self._offset_to_axial(m["orientation"], m["offset"])
        self.start_hex = {mk["number"]: from_offset(*mk["hex"]) for mk in starts}

    @staticmethod
    def _offset_to_axial(orientation: str, offset: str) -> Any:
        def conv(col: int, row: int) -> Hex:
            if orientation == "pointy":
                shift = (row - (row & 1)) // 2 if offset == "odd" else (row + (row & 1)) // 2
                return col - shift, row
            shift = (col - (col & 1)) // 2 if offset == "odd" else (col + (col & 1)) // 2
            return col, row - shift
        return conv

    # --- lookups ----------------------------------------------------------------------

    @property
    def nation(self) -> str:
        return self.seats[self.s["current_player"]]["nation"]

    def team(self, nation: str) -> str:
        return self.rules.team_of[nation]

    def units(self) -> dict[str, dict[str, Any]]:
        return {u["id"]: u for u in self.s["units"]}

    def unit(self, uid: str) -> dict[str, Any]:
        return next(u for u in self.s["units"] if u["id"] == uid)

    def occupant(self, h: Hex) -> dict[str, Any] | None:
        return next((u for u in self.s["units"] if u["hex"] is not None
                     and tuple(u["hex"]) == h), None)

    def use_army(self, u: dict[str, Any]) -> None:
        if u["army"] is not None and u["army"] not in self.s["armies_moved"]:
            self.s["armies_moved"].append(u["army"])

    def passable(self, utype: dict[str, Any], h: Hex) -> bool:
        return passable(self.rules, utype, h, self.variants)

    # --- victory points and the victory check -----------------------------------------

    def score(self, nation: str, points: int, why: str) -> None:
        if points <= 0:
            return
        pts = self.s["victory_points"]["points"]
        pts[nation] = pts.get(nation, 0) + points
        self.log.append({"event": "victory_points", "nation": nation, "points": points,
                         "why": why})

    def vp(self, name: str, default: int) -> int:
        assert self.vp_params is not None
        return int(unwrap(self.vp_params.get(name, default)))

    def arrive(self, u: dict[str, Any]) -> None:
        if self.vp_params is None or u["hex"] is None:
            return
        utype = self.catalog[u["type"]]
        if utype["class"] in NO_HQ_CLASSES or utype["id"] in NO_HQ_TYPES:
            return
        vp = self.s["victory_points"]
        for nation, number in vp["headquarters"].items():
            if (nation not in vp["headquarters_taken"]
                    and self.team(nation) != self.team(u["nation"])
                    and self.start_hex.get(number) == tuple(u["hex"])):
                vp["headquarters_taken"].append(nation)
                self.score(u["nation"], self.vp("hq_capture", 3), f"headquarters of {nation}")

    def forts_to_win(self) -> int:
        to_win = unwrap(self.rules.ruleset["forts_to_win"][str(self.rules.players)])
        if "shorter_game" in self.variants:
            shorter = self.rules.ruleset["variants"]["shorter_game"]
            to_win = unwrap(shorter.get("forts_to_win", {}).get(str(self.rules.players),
                                                                 to_win))
        return int(to_win)

    def finish(self, team: str | None, reason: str) -> None:
        self.s["winner"], self.s["reason"], self.s["phase"] = team, reason, "over"
        self.log.append({"event": "game_over", "winner": team, "reason": reason})

    def check_victory(self) -> None:
        if self.s["phase"] == "over":
            return
        teams = sorted(set(self.rules.team_of.values()))
        in_play = set(self.rules.forts_in_play())
        for team in teams:
            held = sum(1 for fid, o in self.s["forts"].items()
                       if fid in in_play and self.rules.team_of.get(o) == team)
            if held >= self.forts_to_win():
                self.finish(team, "forts")
                return
        if self.rules.ruleset.get("elimination_victory"):
            out = [t for t in teams if not any(
                self.team(u["nation"]) == t and self.catalog[u["type"]]["targets"]
                and self.catalog[u["type"]]["class"] != "transport" for u in self.s["units"])]
            if len(out) == 1:
                self.finish(next(t for t in teams if t != out[0]), "elimination")
                return
            if out:
                rule = self.rules.ruleset.get("mutual_destruction") or "draw"
                mine = self.team(self.nation)
                if rule == "attacker":
                    self.finish(mine, "mutual_destruction")
                elif rule == "defender":
                    self.finish(next(t for t in teams if t != mine), "mutual_destruction")
                else:
                    self.finish(None, "draw")
                return
        if self.vp_params is not None:
            totals: dict[str, int] = {}
            for nation, points in self.s["victory_points"]["points"].items():
                totals[self.team(nation)] = totals.get(self.team(nation), 0) + points
                if points >= self.vp("player_target", 10):
                    self.finish(self.team(nation), "victory_points")
                    return
            for team in sorted(totals):
                if totals[team] >= self.vp("team_target", 15):
                    self.finish(team, "victory_points")
                    return

    # --- shared by actions and fights --------------------------------------------------

    def remove(self, uid: str) -> None:
        u = self.unit(uid)
        if u["cargo"]:
            self.log.append({"event": "cargo_lost", "carrier": uid, "units": list(u["cargo"])})
        for pid in list(u["cargo"]):
            self.remove(pid)
        if u["carrier"] is not None:
            self.unit(u["carrier"])["cargo"].remove(uid)
        self.s["units"] = [v for v in self.s["units"] if v["id"] != uid]

    def log_phase(self) -> None:
        self.log.append({"event": "phase", "phase": self.s["phase"], "nation": self.nation,
                         "round": self.s["round"]})

    def enter_money(self) -> None:
        self.s["phase"] = "money"
        self.log_phase()
        nation = self.nation
        amount = int(unwrap(self.rules.ruleset["income_per_fort"])) * sum(
            1 for o in self.s["forts"].values() if o == nation)
        self.s["money"][nation] += amount
        if amount:
            self.log.append({"event": "income", "nation": nation, "amount": amount})

    def abilities(self, utype: dict[str, Any]) -> set[str]:
        return {a["id"] for a in utype.get("abilities", [])}
