"""The independent client's fights, written from docs/rules-apply.md ("Fights", "Grabenkampf
trenches", "Area attack") and docs/combat.md. Standard library only."""

from __future__ import annotations

import math
from typing import Any

from .conformance_consumer import DIRECTIONS, Hex, move_class, ring, unwrap
from .consumer_state import PlayBase

AUTOMA_FULL_STRENGTH_UP_TO = 2  # rules-apply.md "The Automa": full attack value at 0-2 damage


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Fights(PlayBase):
    """The combat phase's `fight` on a state being played."""

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

    def fixed_hits(self, shooter: dict[str, Any], target: dict[str, Any]) -> int:
        """rules-apply.md "The Automa": the hits an Automa unit deals to `target`."""
        value = self.hit_value({**shooter, "xp": 0}, target)
        levels = ("recruit", "veteran", "hero").index(self.level(shooter["xp"]))
        if shooter["damage"] <= AUTOMA_FULL_STRENGTH_UP_TO:
            return value + 2 * levels
        return (value + 1) // 2 + levels

    def shoot(self, shooter: dict[str, Any], target: dict[str, Any], value: int, n: int,
              cards: list[int]) -> list[int]:
        """The faces of `shooter`'s `n` dice on `target`: the Automa's fixed hits (1 a hit,
        12 a miss), else `throw`."""
        if self.rules.automa(shooter["nation"]):
            hits = min(n, self.fixed_hits(shooter, target))
            return [1] * hits + [12] * (n - hits)
        return self.throw(shooter, value, n, cards)

    def lost(self, a: str, d: str, why: str | None = None) -> None:
        entry = {"event": "attack_lost", "attacker": a, "defender": d}
        if why:
            entry["why"] = why
        self.log.append(entry)

    def origin(self, a: dict[str, Any], target: Hex | None) -> Hex | None:
        """The hex `a` fights from: its own, or for a fort turret in its fort the fort hex
        nearest `target` (then map order); None when it cannot fight from where it is."""
        if a["hex"] is not None:
            return tuple(a["hex"])
        if (a["fort"] is None or a["carrier"] is not None
                or "fort_mounted" not in self.abilities(self.catalog[a["type"]])):
            return None
        hexes = sorted(self.rules.forts[a["fort"]]["hexes"],
                       key=lambda h: self.rules.offset_of[h][::-1])
        if target is None:
            return hexes[0]
        return min(hexes, key=lambda h: hex_distance(h, target))

    def distance(self, a: dict[str, Any], d: dict[str, Any]) -> int:
        """Hex distance of an attack from where `a` fights; with Grabenkampf to the nearest
        other hex of the trench a defending foot soldier is in (rules-apply.md "Grabenkampf
        trenches")."""
        here = self.origin(a, tuple(d["hex"]))
        assert here is not None
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
        faces = self.shoot(a, d, value, self.dice_count(a["damage"], extra), [])
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
            if self.draws_card(c["nation"]):
                faces = self.throw(c, value, n, [])
            else:
                faces = self.shoot(c, a, value, n, [])
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
        if a is None or d is None or self.origin(a, None) is None or d["hex"] is None:
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
        origin = self.origin(a, tuple(d["hex"]))
        assert origin is not None
        q1, r1 = origin
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
        if self.rules.automa(a["nation"]):
            bonus, extra = None, 0  # rules-apply.md "The Automa": no pincer or encirclement
        area = next((x.get("params") or {} for x in at.get("abilities", [])
                     if x["id"] == "area_attack"), None)
        if area is not None:
            self.area_attack(a, d, area, extra)
            return
        fires_back = (distance == 1 and not (self.on_water(d) and not self.is_water_unit(dt))
                      and self.can_melee(dt, at))
        cards: list[int] = []
        a_value = self.hit_value(a, d)
        a_faces = self.shoot(a, d, a_value, self.dice_count(a["damage"], extra), cards)
        a_hits = sum(1 for f in a_faces if f <= a_value)
        d_value, d_faces, d_hits = 0, [], 0
        if fires_back:
            d_value = self.hit_value(d, a)
            d_faces = self.shoot(d, a, d_value, self.dice_count(d["damage"]), cards)
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
