"""Clone, JSON save and load of a `State` (schema/savegame.schema.json).

Nothing here imports `engine.rules.state` at run time: `State` calls these functions, so the
state module depends on this one and not the other way round."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from engine.hexes import Hex
from engine.i18n import _
from engine.rules.actions import Action
from engine.rules.errors import SaveError
from engine.rules.events import EventError, event_from_json
from engine.rules.phase import PHASES, Phase
from engine.rules.powers import building
from engine.rules.powers.record import PowerRecord
from engine.rules.unit import Unit

if TYPE_CHECKING:
    from engine.rules.state import State

SAVE_SCHEMA_ID = "https://trenchclub.studio/schema/savegame.schema.json"
SAVE_VERSION = 1


def clone(s: State) -> State:
    """An independent copy of `s`."""
    c = type(s).__new__(type(s))
    c.__dict__.update(s.__dict__)
    c.units = {uid: u.copy() for uid, u in s.units.items()}
    c.occ = {i: c.units[u.id] for i, u in s.occ.items()}
    c.fort_owner = dict(s.fort_owner)
    c.money = dict(s.money)
    c.chips = {k: list(v) for k, v in s.chips.items()}
    c.armies = {k: [list(a) for a in v] for k, v in s.armies.items()}
    c.placed = {k: list(v) for k, v in s.placed.items()}
    c.armies_moved = list(s.armies_moved)
    c.last_armies = {k: list(v) for k, v in s.last_armies.items()}
    c.declarations = list(s.declarations)
    c.counters = dict(s.counters)
    c.vp = dict(s.vp)
    c.hq = dict(s.hq)
    c.hq_taken = list(s.hq_taken)
    c.bank_paid = dict(s.bank_paid)
    c.powers = s.powers.copy()
    c.dice = type(s.dice)(s.dice.state)
    c.history = list(s.history)
    c.log = list(s.log)
    c.phase_memo = None  # the original's listing facts are not the copy's
    return c


def to_json(s: State) -> dict[str, Any]:
    """The full state as plain JSON data; SaveError while a special draw is pending (the
    waiting purchase is no part of a saved game)."""
    if s.chance_pending is not None:
        raise SaveError(_("'{chance_pending}' waits for its chance outcome (hint: apply_chance "
                          "before saving)", chance_pending=s.chance_pending))
    if s.deal_pending is not None:
        raise SaveError(_("the start chips are being dealt (hint: apply_chance before saving)"))
    hexes = s.game.board.hexes
    units = []
    for u in s.units.values():
        unit = {
            "id": u.id,
            "type": u.type.id,
            "nation": u.nation,
            "hex": list(hexes[u.pos]) if u.pos >= 0 else None,
            "fort": u.fort,
            "carrier": u.carrier,
            "cargo": list(u.cargo),
            "damage": u.damage,
            "xp": u.xp,
            "army": u.army,
            "moved": u.moved,
            "done": u.done,
            "attacked": u.attacked,
            "repair_ok": u.repair_ok,
        }
        if u.flag != u.nation:  # co-op only, so other saves stay as they were
            unit["flag"] = u.flag
        units.append(unit)
    out = {
        "$schema": SAVE_SCHEMA_ID,
        "schema_version": SAVE_VERSION,
        "scenario": s.game.scenario.id,
        "options": s.game.options(),
        "phase": s.phase,
        "current_player": s.current,
        "round": s.round,
        "first_player": s.first_player,
        "setup": {
            "step": s.setup_step,
            "chips": {k: list(v) for k, v in s.chips.items()},
            "armies": {k: [list(a) for a in v] for k, v in s.armies.items()},
            "placed": {k: list(v) for k, v in s.placed.items()},
        },
        "units": units,
        "forts": dict(sorted(s.fort_owner.items())),
        "money": dict(s.money),
        "armies_moved": list(s.armies_moved),
        "last_armies": {k: list(v) for k, v in s.last_armies.items()},
        "declarations": [list(d) for d in s.declarations],
        "next_fight": s.next_fight,
        "pending_unload": s.pending_unload,
        "counters": dict(s.counters),
        "victory_points": {"points": dict(s.vp), "headquarters": dict(s.hq),
                           "headquarters_taken": list(s.hq_taken),
                           "paid_to_bank": dict(s.bank_paid)},
        "dice_state": format(s.dice.state, "016x"),
        "winner": s.winner_team,
        "reason": s.reason,
        "history": [str(a) for a in s.history],
        "log": [e.to_json() for e in s.log],
    }
    # Absent until a power is used, so saves of games without powers stay as they were.
    if s.powers.mines or s.powers.uses or s.powers.built:
        out["powers"] = s.powers.to_json(lambda i: tuple(hexes[i]))
    return out


def canonical(data: dict[str, Any]) -> str:
    """Stable text of JSON data (sorted keys, no spaces): equal states give equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(s: State) -> str:
    """SHA-256 of the canonical JSON of a state."""
    return hashlib.sha256(canonical(to_json(s)).encode("utf-8")).hexdigest()


def load_into(s: State, data: dict[str, Any]) -> State:
    """Fill the fresh state `s` (of its game) from `to_json` data and return it; SaveError
    says what does not fit."""
    game = s.game
    try:
        if data.get("$schema") != SAVE_SCHEMA_ID:
            raise SaveError(_("not a saved game: $schema is {get!r}", get=data.get('$schema')))
        if data.get("schema_version") != SAVE_VERSION:
            raise SaveError(_("unsupported save schema_version {get!r}",
                              get=data.get('schema_version')))
        if data["scenario"] != game.scenario.id:
            raise SaveError(
                _("the save belongs to scenario {scenario!r}, not {id!r}",
                  scenario=data['scenario'], id=game.scenario.id)
            )
        if data["phase"] not in PHASES:
            raise SaveError(_("unknown phase {phase!r}", phase=data['phase']))
        s.phase = Phase(data["phase"])
        s.current = int(data["current_player"])
        s.round = int(data["round"])
        s.first_player = data["first_player"]
        setup = data["setup"]
        s.setup_step = setup["step"]
        s.chips = {k: [int(x) for x in v] for k, v in setup["chips"].items()}
        s.armies = {k: [list(a) for a in v] for k, v in setup["armies"].items()}
        s.placed = {k: [bool(x) for x in v] for k, v in setup["placed"].items()}
        index_of = game.board.index_of
        for ud in data["units"]:
            utype = game.catalog.units.get(ud["type"])
            if utype is None:
                raise SaveError(_("unit {id}: unknown unit type {type!r}", id=ud['id'],
                                  type=ud['type']))
            if ud["nation"] not in game.team_of:
                raise SaveError(_("unit {id}: nation {nation!r} is not in the game", id=ud['id'],
                                  nation=ud['nation']))
            flag = ud.get("flag")
            if flag is not None and game.partner_of.get(ud["nation"]) != flag:
                raise SaveError(_("unit {id}: {flag} does not play {nation}'s seat", id=ud['id'],
                                  flag=flag, nation=ud['nation']))
            u = Unit(ud["id"], utype, ud["nation"], game.team_of[ud["nation"]], flag)
            if ud["hex"] is not None:
                h = Hex(int(ud["hex"][0]), int(ud["hex"][1]))
                if h not in index_of:
                    raise SaveError(_("unit {id}: hex {h} is off the map", id=u.id, h=list(h)))
                u.pos = index_of[h]
                if u.pos in s.occ:
                    raise SaveError(_("unit {id}: hex {h} is already occupied", id=u.id, h=list(h)))
                s.occ[u.pos] = u
            u.fort = ud["fort"]
            if u.fort is not None and game.map.fort(u.fort) is None:
                raise SaveError(_("unit {id}: unknown fort {fort!r}", id=u.id, fort=u.fort))
            u.carrier = ud["carrier"]
            u.cargo = list(ud["cargo"])
            u.damage = int(ud["damage"])
            u.xp = int(ud["xp"])
            u.army = ud["army"]
            u.moved = bool(ud["moved"])
            u.done = bool(ud["done"])
            u.attacked = bool(ud["attacked"])
            u.repair_ok = bool(ud["repair_ok"])
            s.units[u.id] = u
        if set(data["forts"]) != set(s.fort_owner):
            raise SaveError(_("the save's forts do not match the map's forts"))
        s.fort_owner = {f.id: data["forts"][f.id] for f in game.forts}
        s.money = {k: int(v) for k, v in data["money"].items()}
        s.armies_moved = [int(x) for x in data["armies_moved"]]
        s.last_armies = {k: [int(x) for x in v] for k, v in data["last_armies"].items()}
        s.declarations = [(a, d) for a, d in data["declarations"]]
        s.next_fight = int(data["next_fight"])
        s.pending_unload = data["pending_unload"]
        s.counters = {k: int(v) for k, v in data["counters"].items()}
        vp = data["victory_points"]
        s.vp = {k: int(v) for k, v in vp["points"].items()}
        s.hq = {k: int(v) for k, v in vp["headquarters"].items()}
        s.hq_taken = [str(x) for x in vp["headquarters_taken"]]
        s.bank_paid = {k: int(v) for k, v in vp["paid_to_bank"].items()}
        s.powers = PowerRecord.from_json(data.get("powers", {}), _board_index(game))
        building.restore(s)
        s.dice.state = int(data["dice_state"], 16)
        s.winner_team = data["winner"]
        s.reason = data["reason"]
        s.history = [Action.parse(t) for t in data["history"]]
        s.log = [event_from_json(e) for e in data["log"]]
    except SaveError:
        raise
    except EventError as exc:
        raise SaveError(_("corrupt saved game log: {exc}", exc=exc)) from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(_("corrupt saved game: {name}: {exc}", name=type(exc).__name__,
                          exc=exc)) from None
    return s


def _board_index(game: Any) -> Any:
    """`index_of(q, r)` for saved hexes: the board index, SaveError when off the board."""
    def index_of(q: int, r: int) -> int:
        i = game.board.index_of.get(Hex(q, r))
        if i is None:
            raise SaveError(_("power record: hex {value} is off the map", value=[q, r]))
        return int(i)
    return index_of
