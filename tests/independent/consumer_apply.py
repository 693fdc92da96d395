"""The independent client's `apply` cases: what an action does to a state, written from
docs/rules-apply.md (state fields, effects per action, log entries, victory points, the
victory check and the dice). Standard library only; nothing from the Studio.
"""

from __future__ import annotations

import copy
import hashlib
import math
from typing import Any

from .conformance_consumer import DIRECTIONS, Hex, Rules, move_class, ring, unwrap

MASK = (1 << 64) - 1
NO_HQ_CLASSES = ("transport", "air")
NO_HQ_TYPES = ("anti_aircraft", "medic", "minelayer")


class Dice:
    """rules-apply.md "Dice": SplitMix64 over the state's `dice_state`."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    @classmethod
    def from_seed(cls, seed: str) -> Dice:
        return cls(int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big"))

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


class Play:
    """A state being changed by actions (the JSON is edited in place on a copy)."""

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
        terrain = self.rules.terrain[h]
        if terrain == "trench" and "grabenkampf" not in self.variants:
            terrain = "meadow"
        if (terrain == "trench" and "grabenkampf" in self.variants
                and move_class(self.rules, utype) not in ("foot", "tank", "air")):
            return False
        cost = unwrap(self.rules.ruleset["terrain_costs"][move_class(self.rules, utype)]
                      .get(terrain))
        return cost is not None and cost != "whole_move"

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

    # --- actions ----------------------------------------------------------------------

    def apply(self, text: str) -> None:
        verb, *args = text.split(" ")
        getattr(self, f"do_{verb}")(*args)

    def do_move(self, uid: str, to: str) -> None:
        u = self.unit(uid)
        q, r = (int(x) for x in to.split(","))
        self.log.append({"event": "move", "unit": uid, "from": u["hex"], "to": [q, r]})
        u["hex"], u["fort"] = [q, r], None
        u["moved"] = True
        self.use_army(u)
        if u["cargo"]:
            self.s["pending_unload"] = uid
        self.arrive(u)
        if self.vp_params is not None:
            self.check_victory()

    def do_enter(self, uid: str, fort: str) -> None:
        u = self.unit(uid)
        self.log.append({"event": "enter", "unit": uid, "fort": fort,
                         "passengers": list(u["cargo"])})
        u.update(hex=None, fort=fort, repair_ok=False, moved=True, done=True)
        self.use_army(u)
        for pid in u["cargo"]:
            self.unit(pid).update(carrier=None, fort=fort, repair_ok=False, done=True)
        u["cargo"] = []

    def remove(self, uid: str) -> None:
        u = self.unit(uid)
        for pid in list(u["cargo"]):
            self.remove(pid)
        if u["carrier"] is not None:
            self.unit(u["carrier"])["cargo"].remove(uid)
        self.s["units"] = [v for v in self.s["units"] if v["id"] != uid]

    def do_capture(self, uid: str, fort: str) -> None:
        u = self.unit(uid)
        removed = [v["id"] for v in self.s["units"] if v["fort"] == fort
                   and self.team(v["nation"]) != self.team(u["nation"])]
        for vid in removed:
            self.remove(vid)
        u.update(hex=None, fort=fort, repair_ok=False, moved=True, done=True)
        self.use_army(u)
        previous = self.s["forts"][fort]
        self.s["forts"][fort] = u["nation"]
        self.log.append({"event": "capture", "fort": fort, "by": uid, "from": previous,
                         "removed": removed})
        if self.vp_params is not None:
            self.score(u["nation"], self.vp("per_fort_captured", 1), "fort captured")
            self.score(u["nation"], len(removed) * self.vp("per_unit_destroyed", 1),
                       "units destroyed")
        self.check_victory()

    def do_board(self, uid: str, transport: str) -> None:
        u, t = self.unit(uid), self.unit(transport)
        self.log.append({"event": "board", "unit": uid, "transport": transport})
        u.update(hex=None, fort=None, carrier=transport, moved=True, done=True)
        t["cargo"].append(uid)
        self.use_army(u)

    def unload_choice(self, t: dict[str, Any]) -> list[Hex] | None:
        """rules-apply.md: the engine's choice, first complete assignment in direction
        order with backing up."""
        here = tuple(t["hex"])
        candidates = []
        for pid in t["cargo"]:
            utype = self.catalog[self.unit(pid)["type"]]
            spots = []
            for dq, dr in DIRECTIONS:
                n = (here[0] + dq, here[1] + dr)
                if (not self.rules.on_board(n) or n in self.fort_cells
                        or self.rules.terrain[n] == "water" or not self.passable(utype, n)):
                    continue
                other = self.occupant(n)
                if other is not None and other["id"] != t["id"]:
                    continue
                spots.append(n)
            candidates.append(spots)
        chosen: list[Hex] = []

        def extend(k: int) -> bool:
            if k == len(candidates):
                return True
            for n in candidates[k]:
                if n not in chosen:
                    chosen.append(n)
                    if extend(k + 1):
                        return True
                    chosen.pop()
            return False

        return list(chosen) if extend(0) else None

    def do_unload(self, transport: str, *hexes: str) -> None:
        t = self.unit(transport)
        if hexes:
            to = [tuple(int(x) for x in h.split(",")) for h in hexes]
        else:
            to = self.unload_choice(t) or []
        self.log.append({"event": "unload", "transport": transport, "units": list(t["cargo"]),
                         "to": [list(h) for h in to]})
        for pid, h in zip(t["cargo"], to, strict=True):
            p = self.unit(pid)
            p.update(carrier=None, hex=list(h), moved=True, done=True)
            self.arrive(p)
        t["cargo"] = []
        t.update(moved=True, done=True)
        self.use_army(t)
        self.s["pending_unload"] = None
        if self.vp_params is not None:
            self.check_victory()

    def do_attack(self, attacker: str, defender: str) -> None:
        self.s["declarations"].append([attacker, defender])
        u = self.unit(attacker)
        u["attacked"] = True
        self.use_army(u)

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

    def do_end_phase(self) -> None:
        s = self.s
        if s["phase"] == "move":
            for t in [u for u in s["units"] if u["nation"] == self.nation]:
                if t["cargo"] and t["hex"] is not None and self.unload_choice(t) is not None:
                    self.do_unload(t["id"])
            s["phase"] = "declare"
            self.log_phase()
        elif s["phase"] == "declare":
            s["phase"], s["next_fight"] = "combat", 0
            self.log_phase()
            if not s["declarations"]:
                self.enter_money()
        elif s["phase"] == "money":
            s["last_armies"][self.nation] = list(s["armies_moved"])
            nxt = (s["current_player"] + 1) % self.rules.players
            if nxt == s["first_player"]:
                s["round"] += 1
            self.start_turn(nxt)
            self.log_phase()

    def price(self, utype: dict[str, Any]) -> int:
        if utype["special"]:
            return int(unwrap(self.rules.ruleset["special_unit"]["price"]))
        return int(unwrap(utype["cost"][self.rules.ruleset["currency"]]))

    def abilities(self, utype: dict[str, Any]) -> set[str]:
        return {a["id"] for a in utype.get("abilities", [])}

    def nearest_free_water(self, fort: str) -> Hex:
        start = self.rules.forts[fort]["entrances"][0]
        for radius in range(1, self.rules.width + self.rules.height + 1):
            for h in ring(start, radius):
                if (self.rules.on_board(h) and self.rules.terrain[h] == "water"
                        and h not in self.fort_cells and self.occupant(h) is None):
                    return h
        raise ValueError("no free water hex")

    def do_buy(self, type_id: str, where: str, drawn: str | None = None) -> None:
        nation = self.nation
        special = type_id == "special"
        if special:
            if drawn is None:
                water = any(t == "water" and self.rules.on_board(h) and h not in self.fort_cells
                            and self.occupant(h) is None for h, t in self.rules.terrain.items())
                pool = [u["id"] for u in self.catalog.values() if u["special"]
                        and nation in u["nations"]
                        and (water or "buy_on_water" not in self.abilities(u))]
                drawn = pool[self.dice.below(len(pool))]
            self.log.append({"event": "draw_special", "nation": nation, "unit_type": drawn})
            type_id = drawn
        utype = self.catalog[type_id]
        cost = self.price(utype)
        self.s["money"][nation] -= cost
        key = f"{nation}-{type_id}"
        k = self.s["counters"].get(key, 0) + 1
        self.s["counters"][key] = k
        unit = {"army": None, "attacked": False, "cargo": [], "carrier": None, "damage": 0,
                "done": True, "fort": None, "hex": None, "id": f"{key}-{k}", "moved": True,
                "nation": nation, "repair_ok": False, "type": type_id, "xp": 0}
        if "buy_on_water" in self.abilities(utype):
            h = self.nearest_free_water(where) if special else tuple(
                int(x) for x in where.split(","))
            unit["hex"] = list(h)
            where = f"{h[0]},{h[1]}"
        else:
            unit["fort"] = where
        self.s["units"].append(unit)
        self.log.append({"event": "buy", "nation": nation, "unit": unit["id"],
                         "unit_type": type_id, "where": where, "cost": cost})

    def repair_cost(self, utype: dict[str, Any]) -> int:
        repair = self.rules.ruleset["repair"]
        flat = int(unwrap(repair.get("cost", 0)))
        if repair.get("mode") == "card":
            return int(unwrap(utype.get("repair_cost", {}).get(
                self.rules.ruleset["currency"], flat)))
        return flat

    def do_repair(self, uid: str) -> None:
        u = self.unit(uid)
        cost = self.repair_cost(self.catalog[u["type"]])
        self.s["money"][u["nation"]] -= cost
        self.log.append({"event": "repair", "unit": uid, "cost": cost})
        u["damage"] = 0

    def do_gift(self, to: str, amount: str) -> None:
        fee = int(unwrap(self.rules.ruleset["gift_fee"]))
        n = int(amount)
        self.s["money"][self.nation] -= n + fee
        self.s["money"][to] += n
        self.log.append({"event": "gift", "nation": self.nation, "to": to, "amount": n,
                         "fee": fee})

    def do_field_repair(self, medic: str, uid: str) -> None:
        u = self.unit(uid)
        cost = self.repair_cost(self.catalog[u["type"]])
        self.s["money"][u["nation"]] -= cost
        self.log.append({"event": "field_repair", "medic": medic, "unit": uid, "cost": cost})
        u.update(damage=0, moved=True, done=True, attacked=True)

    def do_lay_mine(self, uid: str, at: str) -> None:
        q, r = (int(x) for x in at.split(","))
        self.log.append({"event": "mine_laid", "unit": uid, "nation": self.unit(uid)["nation"],
                         "at": [q, r]})

    def do_pay_bank(self) -> None:
        price = max(1, self.vp("money_per_point", 60))
        nation = self.nation
        self.s["money"][nation] -= price
        paid = self.s["victory_points"]["paid_to_bank"]
        paid[nation] = paid.get(nation, 0) + price
        self.score(nation, 1, "money paid to the bank")
        self.check_victory()

    def do_surrender(self) -> None:
        loser = self.team(self.nation)
        self.finish(next(t for t in sorted(set(self.rules.team_of.values())) if t != loser),
                    "surrender")

    # --- setup (rules-apply.md "Setup") -----------------------------------------------

    def roll_off(self, purpose: str) -> int:
        nations = [seat["nation"] for seat in self.seats]
        contenders = list(range(len(nations)))
        rounds = []
        while True:
            rolls = {seat: self.dice.d12() for seat in contenders}
            rounds.append({nations[k]: v for k, v in rolls.items()})
            top = max(rolls.values())
            contenders = [seat for seat, v in rolls.items() if v == top]
            if len(contenders) == 1:
                break
        self.log.append({"event": "roll", "purpose": purpose, "rolls": rounds,
                         "winner": nations[contenders[0]]})
        return contenders[0]

    def do_assign(self, uid: str, army: str) -> None:
        u = self.unit(uid)
        k = int(army)
        u["army"] = k
        self.s["setup"]["armies"][u["nation"]][k - 1].append(uid)
        if any(v["army"] is None for v in self.s["units"] if v["nation"] == self.nation):
            return
        if self.s["current_player"] + 1 < self.rules.players:
            self.s["current_player"] += 1
            return
        self.s["setup"]["step"] = "place"
        self.s["current_player"] = self.roll_off("first_placer")

    def standable(self, u: dict[str, Any], h: Hex, allow_water: bool) -> bool:
        if not self.rules.on_board(h) or h in self.fort_cells or self.occupant(h) is not None:
            return False
        utype = self.catalog[u["type"]]
        mclass = move_class(self.rules, utype)
        terrain = self.rules.terrain[h]
        if terrain == "trench" and "grabenkampf" not in self.variants:
            terrain = "meadow"
        if terrain == "trench" and mclass not in ("foot", "tank", "air"):
            return False
        if unwrap(self.rules.ruleset["terrain_costs"][mclass].get(terrain)) is None:
            return False
        if terrain == "water" and mclass != "ship":
            return allow_water and mclass == "foot"
        return True

    def spot(self, u: dict[str, Any], centre: Hex, allow_water: bool) -> Hex | None:
        limit = self.rules.width + self.rules.height
        for radius in range(limit + 1):
            for h in ring(centre, radius):
                if self.standable(u, h, allow_water):
                    return h
        return None

    def do_place(self, army: str) -> None:
        nation, k = self.nation, int(army)
        setup = self.s["setup"]
        number = setup["chips"][nation][k - 1]
        centre = self.start_hex[number]
        placed = []
        for uid in setup["armies"][nation][k - 1]:
            u = self.unit(uid)
            h = self.spot(u, centre, False) or self.spot(u, centre, True)
            assert h is not None, f"no free hex for {uid}"
            u["hex"] = list(h)
            placed.append([uid, list(h)])
        setup["placed"][nation][k - 1] = True
        self.log.append({"event": "place", "nation": nation, "army": k, "number": number,
                         "units": placed})
        n = self.rules.players
        for step in range(1, n + 1):
            seat = (self.s["current_player"] + step) % n
            if not all(setup["placed"][self.seats[seat]["nation"]]):
                self.s["current_player"] = seat
                return
        if self.vp_params is not None:
            setup["step"] = "hq"
            self.s["current_player"] = 0
            return
        self.begin()

    def do_hq(self, number: str) -> None:
        hq = self.s["victory_points"]["headquarters"]
        hq[self.nation] = int(number)
        for seat, info in enumerate(self.seats):
            if info["nation"] not in hq:
                self.s["current_player"] = seat
                return
        self.begin()

    def begin(self) -> None:
        first = self.roll_off("first_player")
        self.s.update(first_player=first, round=1)
        self.s["setup"]["step"] = "done"
        self.start_turn(first)

    def start_turn(self, seat: int) -> None:
        s = self.s
        s.update(current_player=seat, phase="move", armies_moved=[], declarations=[],
                 next_fight=0)
        for u in s["units"]:
            if u["nation"] == self.nation:
                u.update(moved=False, done=False, attacked=False,
                         repair_ok=u["fort"] is not None)

    # --- fights (rules-apply.md "Fights", combat.md) ----------------------------------

    def level(self, xp: int) -> str:
        exp = self.rules.ruleset["experience"]
        if xp >= unwrap(exp["hero"]):
            return "hero"
        return "veteran" if xp >= unwrap(exp["veteran"]) else "recruit"

    def on_water(self, u: dict[str, Any]) -> bool:
        return (u["hex"] is not None and self.rules.terrain[tuple(u["hex"])] == "water"
                and move_class(self.rules, self.catalog[u["type"]]) == "foot")

    def is_water_unit(self, utype: dict[str, Any]) -> bool:
        return utype["class"] == "ship" or "water_only" in self.abilities(utype)

    def can_target(self, a: dict[str, Any], d: dict[str, Any]) -> bool:
        if a["class"] == "transport":
            return False
        kind = "air" if d["class"] == "air" else "ground"
        if kind == "air" and "cannot_damage_air" in self.abilities(a):
            return False
        return kind in a["targets"]

    def in_range(self, a: dict[str, Any], distance: int) -> bool:
        low, high = unwrap(a["range"]["min"]), unwrap(a["range"]["max"])
        return distance >= max(1, low) and (high in (None, "unlimited") or distance <= high)

    def can_melee(self, a: dict[str, Any], d: dict[str, Any]) -> bool:
        return self.can_target(a, d) and self.in_range(a, 1)

    def hit_value(self, shooter: dict[str, Any], target: dict[str, Any]) -> int:
        st, tt = self.catalog[shooter["type"]], self.catalog[target["type"]]
        table = st["hit"]
        special = (st.get("hit_vs") or {}).get(tt["class"])
        if special and tt["class"] in ("tank", "foot"):
            table = special
        lvl = self.level(shooter["xp"])
        if lvl in table:
            value = int(unwrap(table[lvl]))
        else:
            bonus = int(unwrap(self.rules.ruleset["hit_bonus_per_level"]))
            value = int(unwrap(table["recruit"])) + bonus * ("recruit", "veteran",
                                                             "hero").index(lvl)
        for ability in st.get("abilities", []):
            params = ability.get("params") or {}
            if ability["id"] == "air_value" and tt["class"] == "air" and lvl in params:
                value = int(unwrap(params[lvl]))
            elif ability["id"] == "close_combat":
                value += int(unwrap(params.get("hit_bonus", 0)))
        return value

    def dice_count(self, damage: int, extra: int = 0) -> int:
        return int(unwrap(self.rules.ruleset["dice_by_damage"][damage])) + extra

    def armour(self, u: dict[str, Any], defending: bool) -> list[int]:
        utype = self.catalog[u["type"]]
        terrain = self.rules.terrain[tuple(u["hex"])] if u["hex"] is not None else None
        if (defending and terrain == "trench" and "grabenkampf" in self.variants
                and utype["class"] == "foot"):
            utype = self.catalog["tank"]  # rules-apply.md: the tank's forest column
            terrain = "forest"
        column = "forest" if defending and terrain == "forest" else "open"
        return [int(unwrap(x)) for x in utype["armour"][column]]

    def trench_cells(self, d: dict[str, Any]) -> list[Hex]:
        """The hexes of the trench a defending foot soldier is in (its own hex otherwise)."""
        if "grabenkampf" in self.variants and self.catalog[d["type"]]["class"] == "foot":
            return sorted(self.rules.trench_of(tuple(d["hex"]))) or [tuple(d["hex"])]
        return [tuple(d["hex"])]

    def room(self, u: dict[str, Any]) -> int:
        if "indestructible" in self.abilities(self.catalog[u["type"]]):
            return 0
        at = self.rules.ruleset["destroyed_at_damage"]
        if "early_destruction" in self.variants:
            at = self.rules.ruleset["variants"]["early_destruction"].get("destroyed_at_damage", at)
        return int(unwrap(at)) - u["damage"]

    def xp_gain(self, dealt: int, destroyed: bool) -> int:
        rs = self.rules.ruleset
        if destroyed:
            return int(unwrap(rs["xp_for_destroy"]))
        return int(unwrap(rs["xp_for_damage"])) if dealt > 0 else 0

    def draws_card(self, nation: str) -> bool:
        if "dice_free" in self.variants:
            return True
        if "dice_free_per_player" in self.variants:
            params = self.rules.ruleset["variants"].get("dice_free_per_player", {})
            return nation in (params.get("card_nations") or ())
        return False

    def card_table(self, value: int, dice: int) -> list[int]:
        params = self.rules.ruleset["variants"].get("dice_free", {})
        cards = int(unwrap(params.get("cards", 10)))
        rule = params.get("quantile", "midpoint")
        a = max(0, min(value, 12))
        weights = [math.comb(dice, h) * a ** h * (12 - a) ** (dice - h)
                   for h in range(dice + 1)]
        total = sum(weights)
        table = []
        for k in range(1, cards + 1):
            num, den = (2 * k - 1, 2 * cards) if rule == "midpoint" else (k, cards)
            cumulative = 0
            for hits, w in enumerate(weights):
                cumulative += w
                if cumulative * den >= num * total:
                    table.append(hits)
                    break
        return table

    def throw(self, shooter: dict[str, Any], value: int, n: int,
              cards: list[int]) -> list[int]:
        if not self.draws_card(shooter["nation"]):
            return [self.dice.d12() for _ in range(n)]
        table = self.card_table(value, n)
        card = self.dice.below(len(table)) + 1
        cards.append(card)
        hits = table[card - 1]
        return [1] * hits + [12] * (n - hits)

    def lost(self, a: str, d: str, why: str | None = None) -> None:
        entry = {"event": "attack_lost", "attacker": a, "defender": d}
        if why:
            entry["why"] = why
        self.log.append(entry)

    def distance(self, a: dict[str, Any], d: dict[str, Any]) -> int:
        """Hex distance of an attack; with Grabenkampf to the nearest other hex of the trench
        a defending foot soldier is in (rules-apply.md "Grabenkampf trenches")."""
        here = tuple(a["hex"])
        cells = self.trench_cells(d)
        if len(cells) == 1:
            return hex_distance(here, cells[0])
        return max(1, min(hex_distance(here, c) for c in cells if c != here))

    def pattern(self, a: dict[str, Any], centre: Hex, area: dict[str, Any]) -> list[Hex]:
        """rules-apply.md "Area attack": the pattern's hexes in order."""
        shape = area.get("pattern", "disc")
        radius = int(unwrap(area.get("radius", 1)))
        if shape in ("disc", "target_and_neighbours"):
            hexes = [(centre[0] + dq, centre[1] + dr) for dq in range(-radius, radius + 1)
                     for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)]
        elif shape == "ring":
            hexes = [centre, *(ring(centre, radius) if radius else [])]
        else:
            hexes = [centre]
        if "grabenkampf" in self.variants:
            wider = list(hexes)
            for h in hexes:
                wider += sorted(self.rules.trench_of(h),
                                key=lambda c: self.rules.offset_of[c][::-1])
            hexes = wider
        out: list[Hex] = []
        for h in hexes:
            if self.rules.on_board(h) and h not in out:
                out.append(h)
        return out

    def area_attack(self, a: dict[str, Any], d: dict[str, Any], area: dict[str, Any],
                    extra: int) -> None:
        at = self.catalog[a["type"]]
        value = self.hit_value(a, d)
        faces = self.throw(a, value, self.dice_count(a["damage"], extra), [])
        hits = sum(1 for f in faces if f <= value)
        centre = tuple(d["hex"])
        hexes = self.pattern(a, centre, area)
        gas = "gas" in self.abilities(at)
        struck = []
        for h in hexes:
            u = self.occupant(h)
            if u is None or not self.can_target(at, self.catalog[u["type"]]):
                continue
            immune = gas and "gas_immune" in self.abilities(self.catalog[u["type"]])
            room = self.room(u)
            dealt = 0 if immune else min(
                sum(1 for need in self.armour(u, True) if hits >= need), room)
            struck.append((u, immune, dealt, not immune and room > 0 and dealt == room))
        damaged = any(dealt for _u, _i, dealt, _g in struck)
        xp = int(unwrap(area.get("xp_if_damaged", self.rules.ruleset["xp_for_damage"]))) \
            if damaged else 0
        for u, _immune, dealt, _gone in struck:
            u["damage"] += dealt
        a["xp"] += xp
        self.log.append({
            "event": "area_attack", "attacker": a["id"], "at": list(centre),
            "hexes": [list(h) for h in hexes], "dice": faces, "hit_value": value,
            "hits": hits, "damage": {u["id"]: dealt for u, immune, dealt, _g in struck
                                     if not immune},
            "destroyed": [u["id"] for u, _i, _d, gone in struck if gone],
            "immune": [u["id"] for u, immune, _d, _g in struck if immune],
            "xp": xp, "gas": gas})
        for u, _immune, _dealt, gone in struck:
            if gone and any(v["id"] == u["id"] for v in self.s["units"]):
                if self.team(u["nation"]) != self.team(a["nation"]):
                    self.score_destroyed(a["nation"], u)
                self.remove(u["id"])
        self.check_victory()

    def trench_fire(self, a: dict[str, Any], d: dict[str, Any], left: int, room: int) -> bool:
        """rules-apply.md "Grabenkampf trenches", Fights: the comrades in the defender's
        trench fire back; True when they destroyed the attacker."""
        cells = self.trench_cells(d)
        if len(cells) < 2:
            return False
        at = self.catalog[a["type"]]
        comrades = sorted((u for u in self.s["units"] if u["hex"] is not None
                           and tuple(u["hex"]) in cells and u["id"] != d["id"]
                           and self.team(u["nation"]) == self.team(d["nation"])
                           and self.catalog[u["type"]]["class"] == "foot"
                           and not (self.on_water(u)
                                    and not self.is_water_unit(self.catalog[u["type"]]))
                           and self.can_melee(self.catalog[u["type"]], at)),
                          key=lambda u: u["id"])
        shots = [(c, self.hit_value(c, a), self.dice_count(c["damage"])) for c in comrades]
        destroyed = False
        for c, value, n in shots:
            faces = self.throw(c, value, n, [])
            hits = sum(1 for f in faces if f <= value)
            dealt = min(sum(1 for need in self.armour(a, False) if hits >= need), left) \
                if left > 0 else 0
            left -= dealt
            kills = room > 0 and dealt > 0 and left == 0
            xp = self.xp_gain(dealt, kills)
            a["damage"] += dealt
            c["xp"] += xp
            self.log.append({"event": "trench_return_fire", "shooter": c["id"],
                             "attacker": a["id"], "dice": faces, "hit_value": value,
                             "hits": hits, "damage": dealt, "attacker_destroyed": kills,
                             "xp": xp})
            if kills:
                destroyed = True
                self.score_destroyed(c["nation"], a)
        return destroyed

    def score_destroyed(self, nation: str, victim: dict[str, Any]) -> None:
        if self.vp_params is not None:
            self.score(nation, (1 + len(victim["cargo"])) * self.vp("per_unit_destroyed", 1),
                       "units destroyed")

    def do_fight(self) -> None:
        s = self.s
        aid, did = s["declarations"][s["next_fight"]]
        s["next_fight"] += 1
        units = self.units()
        a, d = units.get(aid), units.get(did)
        if a is None or d is None or a["hex"] is None or d["hex"] is None:
            self.lost(aid, did)
        else:
            self.combat(a, d)
        if s["phase"] != "over" and s["next_fight"] >= len(s["declarations"]):
            self.enter_money()

    def scatter_max(self, a: dict[str, Any]) -> tuple[int, list[int]]:
        for ability in self.catalog[a["type"]].get("abilities", []):
            if ability["id"] == "scatter":
                params = ability.get("params") or {}
                lvl = self.level(a["xp"])
                default = {"recruit": 6, "veteran": 3, "hero": 0}[lvl]
                top = int(unwrap(params.get(f"{lvl}_neighbour_max", default)))
                dirs = [int(unwrap(x)) for x in params.get("directions", range(6))]
                return top, dirs
        return 0, []

    def combat(self, a: dict[str, Any], d: dict[str, Any]) -> None:
        top, dirs = self.scatter_max(a)
        if top > 0:
            face = self.dice.d12()
            if face <= top:
                direction = dirs[face - 1]
                dq, dr = DIRECTIONS[direction]
                spot = (d["hex"][0] + dq, d["hex"][1] + dr)
                hit = self.occupant(spot)
                self.log.append({"event": "scatter", "attacker": a["id"], "target": d["id"],
                                 "face": face, "direction": direction,
                                 "lands_on": hit["id"] if hit else None})
                if hit is None:
                    return
                d = hit
        at, dt = self.catalog[a["type"]], self.catalog[d["type"]]
        q1, r1 = a["hex"]
        distance = self.distance(a, d)
        why = None
        if self.on_water(a) and not self.is_water_unit(at):
            why = f"{at['id']} stands on water and cannot attack"
        elif not self.can_target(at, dt):
            kind = "air" if dt["class"] == "air" else "ground"
            why = f"{at['id']} cannot attack {kind} units such as {dt['id']}"
        elif not self.in_range(at, distance):
            high = unwrap(at["range"]["max"])
            high = "unlimited" if high in (None, "unlimited") else high
            why = (f"{dt['id']} is {distance} hexes away, outside {at['id']}'s range "
                   f"{unwrap(at['range']['min'])}-{high}")
        if why is not None:
            self.lost(a["id"], d["id"], why)
            return
        bonus, extra = None, 0
        if distance == 1:
            cells = self.trench_cells(d)
            opposites = {(2 * c[0] - q1, 2 * c[1] - r1) for c in cells
                         if hex_distance((q1, r1), c) == 1}
            around = sorted({(c[0] + dq2, c[1] + dr2) for c in cells
                             for dq2, dr2 in DIRECTIONS} - set(cells))
            count, opposite = 0, False
            for n in around:
                sup = self.occupant(n)
                if (sup is None or sup["id"] == a["id"] or sup["nation"] != a["nation"]
                        or self.on_water(sup)
                        or not self.can_melee(self.catalog[sup["type"]], dt)):
                    continue
                count += 1
                opposite = opposite or n in opposites
            rs = self.rules.ruleset
            if count >= 2 or opposite:
                bonus, extra = "encirclement", int(unwrap(rs["encirclement_dice"]))
            elif count == 1:
                bonus, extra = "pincer", int(unwrap(rs["pincer_dice"]))
        area = next((x.get("params") or {} for x in at.get("abilities", [])
                     if x["id"] == "area_attack"), None)
        if area is not None:
            self.area_attack(a, d, area, extra)
            return
        fires_back = (distance == 1 and not (self.on_water(d) and not self.is_water_unit(dt))
                      and self.can_melee(dt, at))
        cards: list[int] = []
        a_value = self.hit_value(a, d)
        a_faces = self.throw(a, a_value, self.dice_count(a["damage"], extra), cards)
        a_hits = sum(1 for f in a_faces if f <= a_value)
        d_value, d_faces, d_hits = 0, [], 0
        if fires_back:
            d_value = self.hit_value(d, a)
            d_faces = self.throw(d, d_value, self.dice_count(d["damage"]), cards)
            d_hits = sum(1 for f in d_faces if f <= d_value)
        d_room, a_room = self.room(d), self.room(a)
        to_d = min(sum(1 for need in self.armour(d, True) if a_hits >= need), d_room)
        to_a = min(sum(1 for need in self.armour(a, False) if d_hits >= need), a_room)
        d_dead, a_dead = d_room > 0 and to_d == d_room, a_room > 0 and to_a == a_room
        xp_a, xp_d = self.xp_gain(to_d, d_dead), self.xp_gain(to_a, a_dead)
        d["damage"] += to_d
        a["damage"] += to_a
        a["xp"] += xp_a
        d["xp"] += xp_d
        entry: dict[str, Any] = {
            "event": "combat", "attacker": a["id"], "defender": d["id"], "distance": distance,
            "bonus": bonus, "bonus_dice": extra, "attacker_dice": a_faces,
            "defender_dice": d_faces, "damage_to_defender": to_d, "damage_to_attacker": to_a,
            "defender_destroyed": d_dead, "attacker_destroyed": a_dead}
        if cards:
            entry["cards"] = cards
        entry.update(attacker_hit_value=a_value, defender_hit_value=d_value,
                     attacker_hits=a_hits, defender_hits=d_hits, xp_attacker=xp_a,
                     xp_defender=xp_d)
        self.log.append(entry)
        main_kill = a_dead
        if distance == 1:
            a_dead = self.trench_fire(a, d, a_room - to_a, a_room) or a_dead
        if d_dead:
            if self.team(d["nation"]) != self.team(a["nation"]):
                self.score_destroyed(a["nation"], d)
            self.remove(d["id"])
        if main_kill:
            self.score_destroyed(d["nation"], a)
        if a_dead and any(u["id"] == a["id"] for u in self.s["units"]):
            self.remove(a["id"])
        self.check_victory()

    # --- the answer -------------------------------------------------------------------

    def outcome(self, before: dict[str, Any]) -> dict[str, Any]:
        """rules-apply.md "An apply case's answer"."""
        old = {u["id"]: u for u in before["units"]}
        new = self.units()
        changed = {uid: new.get(uid) for uid in sorted(set(old) | set(new))
                   if old.get(uid) != new.get(uid)}
        s = self.s
        return {"phase": s["phase"], "current_player": s["current_player"],
                "round": s["round"], "money": s["money"], "forts": s["forts"],
                "winner": s["winner"], "reason": s["reason"], "units": changed,
                "declarations": s["declarations"], "log": self.log}


APPLIED = ("move", "enter", "capture", "board", "unload", "attack", "end_phase", "buy",
           "repair", "gift", "pay_bank", "surrender", "fight", "assign", "place", "hq",
           "field_repair", "lay_mine")


def apply_supported(rules: Rules, case: dict[str, Any]) -> str | None:
    """None when this client answers the apply case, else why not."""
    verb = case["action"].split(" ")[0]
    if verb not in APPLIED:
        return f"apply {verb}: not implemented by this client"
    if verb == "fight":
        why = _fight_supported(rules, case)
        if why is not None:
            return why
    if case["state"].get("powers"):
        return "special-unit powers on the board (mines)"
    return None


def apply_case(rules: Rules, files: dict[str, Any], case: dict[str, Any],
               variants: set[str]) -> dict[str, Any]:
    """This client's answer to an apply case."""
    play = Play(rules, files, case["state"], variants)
    play.apply(case["action"])
    return play.outcome(case["state"])



def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _fight_supported(rules: Rules, case: dict[str, Any]) -> str | None:
    """rules-apply.md "Fights": what is not described yet."""
    state = case["state"]
    if case["action"] != "fight":
        return "forced faces or cards"
    if state["next_fight"] >= len(state["declarations"]):
        return "no declaration left"
    units = {u["id"]: u for u in state["units"]}
    a = units.get(state["declarations"][state["next_fight"]][0])
    abilities = {x["id"] for x in rules.units[a["type"]].get("abilities", [])} if a else set()
    if "fort_mounted" in abilities:
        return "the fort turret's fire is not described for clients"
    return None
