"""The independent client's `apply` cases: what an action does to a state, written from
docs/rules-apply.md (effects per action, setup, special-unit powers, log entries); fights
are `consumer_fight`, the shared state `consumer_state`. Standard library only; nothing
from the Studio.
"""

from __future__ import annotations

from typing import Any

from .conformance_consumer import Hex, Rules, move_class, ring, unloadings, unwrap
from .consumer_fight import Fights
from .consumer_mines import MinesPlay, mine_on_entry, mine_on_move, mines_of


class Play(MinesPlay, Fights):
    """A state being changed by actions (the JSON is edited in place on a copy)."""

    # --- actions ----------------------------------------------------------------------

    def apply(self, text: str) -> None:
        verb, *args = text.split(" ")
        getattr(self, f"do_{verb}")(*args)

    def do_move(self, uid: str, to: str) -> None:
        u = self.unit(uid)
        q, r = (int(x) for x in to.split(","))
        if self.mined_way(u, mine_on_move(self.rules, self.s, u, (q, r), self.variants)):
            return
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
        if self.mined_way(u, mine_on_entry(self.rules, self.s, u, "enter", fort,
                                           self.variants)):
            return
        self.log.append({"event": "enter", "unit": uid, "fort": fort,
                         "passengers": list(u["cargo"])})
        u.update(hex=None, fort=fort, repair_ok=False, moved=True, done=True)
        self.use_army(u)
        for pid in u["cargo"]:
            self.unit(pid).update(carrier=None, fort=fort, repair_ok=False, done=True)
        u["cargo"] = []

    def do_capture(self, uid: str, fort: str) -> None:
        u = self.unit(uid)
        if self.mined_way(u, mine_on_entry(self.rules, self.s, u, "capture", fort,
                                           self.variants)):
            return
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
        """rules-apply.md: the engine's choice, the first complete assignment."""
        return next(unloadings(self.rules, self.s["units"], t, tuple(t["hex"]), self.variants),
                    None)

    def do_unload(self, transport: str, *hexes: str) -> None:
        t = self.unit(transport)
        if hexes:
            to = [tuple(int(x) for x in h.split(",")) for h in hexes]
        else:
            to = self.unload_choice(t) or []
        self.log.append({"event": "unload", "transport": transport, "units": list(t["cargo"]),
                         "to": [list(h) for h in to]})
        mines = mines_of(self.s)
        for pid, h in zip(list(t["cargo"]), to, strict=True):
            p = self.unit(pid)
            p.update(carrier=None, hex=list(h), moved=True, done=True)
            if (h in mines and self.catalog[p["type"]]["class"] != "air"
                    and self.team(mines[h]) != self.team(p["nation"])):
                self.explode(p, h)  # unloaded onto an enemy mine
                continue
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

    def nearest_free_water(self, fort: str) -> Hex:
        start = self.rules.forts[fort]["entrances"][0]
        for radius in range(1, self.rules.width + self.rules.height + 1):
            for h in ring(start, radius):
                if (self.rules.on_board(h) and self.rules.terrain[h] == "water"
                        and h not in self.fort_cells and self.occupant(h) is None):
                    return h
        raise ValueError("no free water hex")

    def do_buy(self, type_id: str, where: str, third: str | None = None) -> None:
        nation = self.nation
        special = type_id == "special"
        drawn = third if special else None
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
        # rules-apply.md "Co-op": a joint seat's unit is named after its nationality
        flag = self.rules.flag_for(nation, utype, None if special else third) or nation
        key = f"{flag}-{type_id}"
        k = self.s["counters"].get(key, 0) + 1
        self.s["counters"][key] = k
        unit = {"army": None, "attacked": False, "cargo": [], "carrier": None, "damage": 0,
                "done": True, "fort": None, "hex": None, "id": f"{key}-{k}", "moved": True,
                "nation": nation, "repair_ok": False, "type": type_id, "xp": 0}
        if flag != nation:
            unit["flag"] = flag
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
           "field_repair", "lay_mine", "build")


def apply_supported(rules: Rules, case: dict[str, Any]) -> str | None:
    """None when this client answers the apply case, else why not."""
    verb = case["action"].split(" ")[0]
    if verb not in APPLIED:
        return f"apply {verb}: not implemented by this client"
    if verb == "fight":
        why = _fight_supported(case)
        if why is not None:
            return why
    return None


def apply_case(rules: Rules, files: dict[str, Any], case: dict[str, Any],
               variants: set[str]) -> dict[str, Any]:
    """This client's answer to an apply case."""
    play = Play(rules, files, case["state"], variants)
    play.apply(case["action"])
    return play.outcome(case["state"])



def _fight_supported(case: dict[str, Any]) -> str | None:
    """rules-apply.md "Fights": what this client does not do yet."""
    state = case["state"]
    if case["action"] != "fight":
        return "forced faces or cards"
    if state["next_fight"] >= len(state["declarations"]):
        return "no declaration left"
    return None
