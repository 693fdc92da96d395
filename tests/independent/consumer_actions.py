"""The independent client's `legal_actions` cases (setup, declare, combat and money phases),
written from docs/rules-apply.md "Legal actions". Standard library only."""

from __future__ import annotations

from typing import Any

from .conformance_consumer import ARMIES, Rules, flag_of, legal_moves, unloadings, unwrap
from .conformance_consumer import army_allowed as moves_army_allowed
from .consumer_apply import Play
from .consumer_fight import hex_distance
from .consumer_powers import builds, lay_mines


def army_allowed(play: Play, u: dict[str, Any]) -> bool:
    """rules-apply.md "Army allowance"."""
    return moves_army_allowed(play.rules, play.s, u)


def allowed_armies(play: Play, u: dict[str, Any]) -> tuple[int, ...]:
    """rules-apply.md "Co-op": in a joint seat the lead's units join army 1 or 3, the
    partner's 2 or 3; elsewhere every army."""
    if u["nation"] not in play.rules.partner_of:
        return (1, 2, 3)
    return (1, 3) if flag_of(u) == u["nation"] else (2, 3)


def attacks(play: Play) -> list[str]:
    nation = play.nation
    team = play.team(nation)
    out = []
    for a in play.s["units"]:
        at = play.catalog[a["type"]]
        if (a["nation"] != nation or a["attacked"] or not at["targets"]
                or play.origin(a, None) is None or not army_allowed(play, a)
                or (play.on_water(a) and not play.is_water_unit(at))):
            continue
        for d in play.s["units"]:
            if d["hex"] is None or play.team(d["nation"]) == team:
                continue
            distance = play.distance(a, d)
            if play.in_range(at, distance) and play.can_target(at, play.catalog[d["type"]]):
                out.append(f"attack {a['id']} {d['id']}")
    return out


def may_choose_special(play: Play) -> bool:
    if play.rules.ruleset["special_unit"]["choice"] == "free":
        return True
    mine = play.team(play.nation)
    units: dict[str, int] = {}
    forts: dict[str, int] = {}
    for u in play.s["units"]:
        units[play.team(u["nation"])] = units.get(play.team(u["nation"]), 0) + 1
    for owner in play.s["forts"].values():
        if owner in play.rules.team_of:
            forts[play.team(owner)] = forts.get(play.team(owner), 0) + 1
    other = next(t for t in set(play.rules.team_of.values()) if t != mine)
    return (units.get(mine, 0) < units.get(other, 0)
            and forts.get(mine, 0) < forts.get(other, 0))


def free_water(play: Play) -> list[tuple[int, int]]:
    """Free water hexes in play, in map order."""
    return [h for h, t in play.rules.terrain.items() if t == "water" and play.rules.on_board(h)
            and h not in play.fort_cells and play.occupant(h) is None]


def at_limit(play: Play, utype: dict[str, Any], owner: str) -> bool:
    """`unit_limit_per_type`: the seat's units of the type with nationality `owner` reached
    `max` (rules-apply.md "Co-op": each nation of a joint seat has its own limit)."""
    limit = play.rules.ruleset["unit_limit_per_type"]
    return bool(limit["enabled"]) and sum(
        1 for u in play.s["units"] if u["nation"] == play.nation and flag_of(u) == owner
        and u["type"] == utype["id"]) >= unwrap(limit["max"])


def money_actions(play: Play) -> list[str]:
    nation = play.nation
    money = play.s["money"][nation]
    out = [f"repair {u['id']}" for u in play.s["units"]
           if u["nation"] == nation and u["damage"] > 0 and u["fort"] is not None
           and u["repair_ok"] and money >= play.repair_cost(play.catalog[u["type"]])]
    forts = sorted(f for f, o in play.s["forts"].items() if o == nation)
    currency = play.rules.ruleset["currency"]
    water = free_water(play)
    choose = None
    partner = play.rules.partner_of.get(nation)
    for utype in play.catalog.values():
        owner = play.rules.flag_for(nation, utype, None)
        if owner is None:
            continue
        if utype["special"]:
            choose = may_choose_special(play) if choose is None else choose
            if not choose:
                continue
        elif utype["cost"].get(currency) is None:
            continue
        if money < play.price(utype):
            continue
        if at_limit(play, utype, owner):
            continue
        if "buy_on_water" in play.abilities(utype):
            out += [f"buy {utype['id']} {q},{r}" for q, r in water]
        else:
            out += [f"buy {utype['id']} {f}" for f in forts]
            if (partner is not None and owner == nation and partner in utype["nations"]
                    and not at_limit(play, utype, partner)):
                out += [f"buy {utype['id']} {f} {partner}" for f in forts]
    pool = [u for u in play.catalog.values() if u["special"] and nation in u["nations"]
            and (water or "buy_on_water" not in play.abilities(u))]
    price = int(unwrap(play.rules.ruleset["special_unit"]["price"]))
    if pool and money >= price:
        out += [f"buy special {f}" for f in forts]
    return out


def field_repairs(play: Play) -> list[str]:
    """rules-apply.md "Special-unit powers", `field_repair`: in the move, declare and money
    phases, each medic of the nation to act on a hex that has repaired fewer than `per_turn`
    times this turn repairs any damaged unit of the nation on a hex within `range` that has
    neither moved nor attacked, when the money pays its repair cost."""
    s = play.s
    if s["phase"] not in ("move", "declare", "money"):
        return []
    uses = (s.get("powers") or {}).get("uses") or {}
    money = s["money"][play.nation]
    out = []
    for medic in s["units"]:
        mt = play.catalog[medic["type"]]
        ability = next((a for a in mt.get("abilities", []) if a["id"] == "field_repair"), None)
        if ability is None or medic["nation"] != play.nation or medic["hex"] is None:
            continue
        params = ability.get("params") or {}
        stamp = uses.get(medic["id"])
        used = stamp[2] if stamp and stamp[:2] == [s["round"], s["current_player"]] else 0
        if used >= int(unwrap(params.get("per_turn", 1))):
            continue
        reach = int(unwrap(params.get("range", 1)))
        out += [f"field_repair {medic['id']} {u['id']}" for u in s["units"]
                if u["nation"] == medic["nation"] and u["id"] != medic["id"]
                and u["hex"] is not None and u["damage"] > 0 and not u["moved"]
                and not u["attacked"]
                and hex_distance(tuple(medic["hex"]), tuple(u["hex"])) <= reach
                and play.repair_cost(play.catalog[u["type"]]) <= money]
    return out


def gifts(play: Play) -> list[str]:
    nation = play.nation
    most = play.s["money"][nation] - int(unwrap(play.rules.ruleset["gift_fee"]))
    out: list[str] = []
    if most < 1:
        return out
    for seat in play.seats:
        ally = seat["nation"]
        if ally != nation and play.team(ally) == play.team(nation):
            out.append(f"gift {ally} 1")
            if most > 1:
                out.append(f"gift {ally} {most}")
    return out


def unload_actions(play: Play, t: dict[str, Any]) -> list[str]:
    return [" ".join(["unload", t["id"], *(f"{q},{r}" for q, r in spots)])
            for spots in unloadings(play.rules, play.s["units"], t, tuple(t["hex"]),
                                    play.variants)]


def move_actions(play: Play) -> list[str]:
    """rules-apply.md "Legal actions", move phase (without gifts and the rest)."""
    s = play.s
    if s["pending_unload"] is not None:
        return unload_actions(play, play.unit(s["pending_unload"]))
    out: list[str] = []
    for u in s["units"]:
        if u["nation"] != play.nation:
            continue
        if (not u["moved"] and not u["done"] and u["carrier"] is None
                and (u["hex"] is not None or u["fort"] is not None)
                and army_allowed(play, u)):
            forts: set[str] = set()
            for m in legal_moves(play.rules, s, u["id"], play.variants):
                if m["kind"] == "move":
                    out.append(f"move {u['id']} {m['to']['axial'][0]},{m['to']['axial'][1]}")
                elif m["kind"] == "board":
                    carrier = play.occupant(tuple(m["to"]["axial"]))
                    assert carrier is not None
                    out.append(f"board {u['id']} {carrier['id']}")
                elif m["fort"] not in forts:
                    forts.add(m["fort"])
                    out.append(f"{m['kind']} {u['id']} {m['fort']}")
        if u["cargo"] and u["hex"] is not None and not u["done"] and army_allowed(play, u):
            out += unload_actions(play, u)
    return out


def legal_actions(play: Play) -> list[str]:
    """Every legal action's text form, sorted."""
    s = play.s
    nation = play.nation
    if s["phase"] == "setup":
        step = s["setup"]["step"]
        if step == "assign":
            out = [f"assign {u['id']} {k}" for u in s["units"]
                   if u["nation"] == nation and u["army"] is None
                   for k in allowed_armies(play, u)]
        elif step == "hq":
            out = [f"hq {n}" for n in s["setup"]["chips"][nation]]
        else:
            out = [f"place {k + 1}" for k in range(ARMIES)
                   if not s["setup"]["placed"][nation][k]]
        return sorted([*out, "surrender"])
    if s["phase"] == "combat":
        return sorted(["fight", "surrender"])
    if s["phase"] == "move" and s["pending_unload"] is not None:
        return sorted([*move_actions(play), "surrender"])
    if s["phase"] == "move":
        out = move_actions(play)
    elif s["phase"] == "declare":
        out = attacks(play)
    else:
        out = money_actions(play)
    if (play.vp_params is not None and s["phase"] == "money"
            and s["money"][nation] >= max(1, play.vp("money_per_point", 60))):
        out.append("pay_bank")
    out += field_repairs(play)
    out += lay_mines(play)
    out += builds(play)
    out += gifts(play)
    return sorted([*out, "end_phase", "surrender"])


def actions_supported(rules: Rules, case: dict[str, Any]) -> str | None:
    """None when this client answers the legal_actions case, else why not."""
    state = case["state"]
    if state["phase"] == "over":
        return "the game is over"
    return None


def actions_case(rules: Rules, files: dict[str, Any], case: dict[str, Any],
                 variants: set[str]) -> dict[str, Any]:
    """This client's answer to a legal_actions case."""
    return {"actions": legal_actions(Play(rules, files, case["state"], variants))}
