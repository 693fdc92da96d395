"""Staged conformance situations for what special-unit powers leave on the board: enemy mines
under a moving unit (RULES §10 minelayer, engine.rules.powers.mines) and the builder's
`build` (RULES §6, engine.rules.powers.building).

Each case is one hand-built state: the move phase the other staged cases reach already
(`conformance_staged._reach`, shared, so no game is played for these), with a mine or a
builder put in by editing the saved-game JSON, which the engine then loads.

- mines: a unit of the nation to move moves through an enemy mine (destroyed on the first
  mined hex of its path), onto one (its target), over a mine of its own team (unharmed),
  through one where another path of the same cost avoids it (the engine's choice of path
  decides); an
  air unit flies over an enemy mine (unharmed); a unit enters an own fort over a mined
  entrance and over a mine just before it, and captures a fort over a mined entrance; a
  transport unloads a passenger onto an enemy mine; a `legal_moves` case with the mines on
  the board (they change no move).
- building: the catalog has no unit with the `builder` ability (a Legacy card symbol), so the
  cases name a builder type in their `game.unit_types` (catalog JSON, added to the pack's
  catalog for that case); a builder on the board lists its `build` actions (`legal_actions`),
  builds a road and a trench (`apply`), and a `legal_moves` case after the road is built
  reads the new terrain from the state's `powers.built`; a builder next to a trench the
  enemy holds lists no build there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.content import catalog_from_dict
from engine.hexes import Hex
from engine.model import Catalog, Scenario
from engine.rules.actions import Action
from engine.rules.game import Game
from engine.rules.powers import building
from engine.rules.state import State
from exporters.conformance_staged import LAND, _free_hexes, _put, _reach, copied

MAX_TIE_TRIES = 200

# The builder the cases add to the catalog: a foot soldier with the builder card symbol.
BUILDER_TYPE: dict[str, Any] = {
    "id": "pioneer", "name": {"de": "Pionier", "en": "Pioneer"}, "class": "foot",
    "nations": ["DE", "AH", "FR", "GB"], "special": False, "speed": 2,
    "range": {"min": 1, "max": 1}, "targets": ["ground"],
    "hit": {"recruit": 2, "veteran": 4, "hero": 6},
    "armour": {"open": [1, 3, 5, 7, 9, 11], "forest": [2, 4, 6, 8, 10, 12]},
    "cost": {"coins": 3, "war_bonds": 9}, "repair_cost": {"coins": 2, "war_bonds": 3},
    "transportable": True, "capacity": 0, "can_capture": True,
    "abilities": [{"id": "builder", "params": {"per_turn": 1}}],
}


@dataclass
class Staged:
    """One staged case: its state, then either the unit asked (`legal_moves`), nothing
    (`legal_actions`) or the action applied (`apply`); `areas` it counts for besides those
    derived from it; `unit_types` the case's game adds to the catalog."""

    kind: str
    snapshot: dict[str, Any]
    asked: str | None = None
    areas: tuple[str, ...] = ()
    unit_types: list[dict[str, Any]] = field(default_factory=list)


def with_unit_types(scenario: Scenario, unit_types: list[dict[str, Any]]) -> Scenario:
    """`scenario` with the catalog JSON entries `unit_types` added to its catalog."""
    if not unit_types:
        return scenario
    assert scenario.catalog is not None
    extra = catalog_from_dict({"id": "staged", "name": {"de": "x", "en": "x"},
                               "units": unit_types})
    units = {**scenario.catalog.units, **extra.units}
    catalog = Catalog(scenario.catalog.id, dict(scenario.catalog.name), units)
    return dataclasses.replace(scenario, catalog=catalog)


def _mines(snapshot: dict[str, Any], mines: list[tuple[Hex, str]]) -> None:
    snapshot["powers"] = {"mines": [[h.q, h.r, n] for h, n in sorted(mines)], "uses": {}}


def mine_cases(scenario: Scenario, options: dict[str, Any], state_json: Any
               ) -> Iterator[Staged]:
    """Moves, entries and captures over mines in the move phase of the staged game."""
    reached = _reach(scenario, options, "move")
    if reached is None:
        return
    game, state = reached
    base = state_json(state)
    nation = state.nation
    team = game.team_of[nation]
    enemy = next(n for n in game.team_of if game.team_of[n] != team)
    free = _free_hexes(game, base)
    movers = [u for u in sorted(state.units.values(), key=lambda u: u.id)
              if u.nation == nation and u.pos >= 0 and u.mclass != "air" and not u.cargo
              and state.can_move(u)]
    yield from _mined_moves(state, base, movers, free, enemy, nation)
    yield from _mined_tie(state, base, movers, free, enemy)
    yield from _air_over_mine(game, base, free, enemy, nation)
    yield from _unloaded_onto_mine(game, base, free, enemy, nation)
    yield from _mined_entries(game, base, movers, free, enemy, nation)


def _mined_moves(state: State, base: dict[str, Any], movers: list[Any], free: set[Hex],
                 enemy: str, nation: str) -> Iterator[Staged]:
    wanted = ["through", "onto", "own"]
    for u in movers:
        for target, option in state.legal_moves(u).items():
            if not wanted:
                return
            path = option.path
            if option.kind != "move" or len(path) < 3 or not set(path[1:]) <= free:
                continue
            label = wanted.pop(0)
            mine, owner = {"through": (path[1], enemy), "onto": (target, enemy),
                           "own": (path[1], nation)}[label]
            snapshot = copied(base)
            _mines(snapshot, [(mine, owner)])
            State.from_json(state.game, snapshot)
            if label == "through":
                yield Staged("legal_moves", snapshot, u.id, ("mines",))
            yield Staged("apply", snapshot, f"move {u.id} {target.q},{target.r}", ("mines",))
            break  # one case per unit


def _mined_tie(state: State, base: dict[str, Any], movers: list[Any], free: set[Hex],
               enemy: str) -> Iterator[Staged]:
    """A move whose target another path of the same cost reaches without the mine on the
    engine's path: the answer depends on the documented choice among cheapest paths (found
    by walling the mined hex off with water and asking for the same cost again)."""
    tried = 0
    for u in movers:
        for target, option in state.legal_moves(u).items():
            path = option.path
            if option.kind != "move" or len(path) < 3 or path[1] not in free:
                continue
            tried += 1
            if tried > MAX_TIE_TRIES:
                return
            trial = state.clone()
            building.build(trial, {path[1]: "water"})
            other = trial.legal_moves(u.id).get(target)
            if other is None or other.cost != option.cost:
                continue
            snapshot = copied(base)
            _mines(snapshot, [(path[1], enemy)])
            State.from_json(state.game, snapshot)
            yield Staged("apply", snapshot, f"move {u.id} {target.q},{target.r}", ("mines",))
            return


def _air_over_mine(game: Game, base: dict[str, Any], free: set[Hex], enemy: str,
                   nation: str) -> Iterator[Staged]:
    """An air unit of the nation (the first air type it fields, put on a free hex) flying over
    an enemy mine: air units ignore mines."""
    air = next((t for t in sorted(game.catalog.units.values(), key=lambda t: t.id)
                if t.unit_class == "air" and nation in t.nations and not t.special), None)
    if air is None:
        return
    for h in sorted(free, key=lambda h: (h.r, h.q)):
        snapshot = copied(base)
        uid = _put(snapshot, nation, air.id, h)
        staged = State.from_json(game, snapshot)
        for target, option in staged.legal_moves(uid).items():
            if option.kind == "move" and len(option.path) >= 3 and option.path[1] in free:
                _mines(snapshot, [(option.path[1], enemy)])
                State.from_json(game, snapshot)
                yield Staged("apply", snapshot, f"move {uid} {target.q},{target.r}", ("mines",))
                return


def _unloaded_onto_mine(game: Game, base: dict[str, Any], free: set[Hex], enemy: str,
                        nation: str) -> Iterator[Staged]:
    """A transport of the nation (put on a free hex) that has moved with a foot soldier of
    the nation aboard and must unload it, onto a hex with an enemy mine."""
    carrier = next((t for t in sorted(game.catalog.units.values(), key=lambda t: t.id)
                    if t.capacity > 0 and nation in t.nations and not t.special), None)
    rider = next((u for u in base["units"] if u["nation"] == nation and u["hex"] is not None
                  and not u["cargo"] and game.catalog.units[u["type"]].transportable), None)
    if carrier is None or rider is None:
        return
    for h in sorted(free, key=lambda h: (h.r, h.q)):
        if sum(1 for n in h.neighbors() if n in free) < 3:
            continue
        snapshot = copied(base)
        tid = _put(snapshot, nation, carrier.id, h)
        placed = {u["id"]: u for u in snapshot["units"]}
        placed[tid].update(cargo=[rider["id"]], moved=True)
        placed[rider["id"]].update(hex=None, carrier=tid, moved=True, done=True)
        snapshot["pending_unload"] = tid
        staged = State.from_json(game, snapshot)
        unload = next((a for a in staged.legal_actions() if a.verb == "unload"), None)
        if unload is None:
            continue
        text = str(unload)
        _mines(snapshot, [(_hex(text.split(" ")[2]), enemy)])
        State.from_json(game, snapshot)
        yield Staged("apply", snapshot, text, ("mines",))
        return


def _mined_entries(game: Game, base: dict[str, Any], movers: list[Any], free: set[Hex],
                   enemy: str, nation: str) -> Iterator[Staged]:
    """`enter` over a mined entrance of a fort made the nation's, and `capture` by a foot
    soldier put next to a fort of the other team or neutral, over its mined entrance."""
    in_play = {h for h in game.board.index_of if not game.board.blocked[game.board.index_of[h]]}
    forts = [f for f in sorted(game.map.forts, key=lambda f: f.id) if f.id in base["forts"]]
    for kind in ("enter", "capture"):
        done = False
        for fort in forts:
            if done:
                break
            for u in movers:
                if kind == "capture" and not (u.type.can_capture and u.type.unit_class == "foot"):
                    continue
                spots = ([None] if kind == "enter" else
                         [n for e in fort.entrances for n in e.neighbors() if n in free
                          and n in in_play])
                for spot in spots:
                    snapshot = copied(base)
                    snapshot["forts"][fort.id] = nation if kind == "enter" else (
                        base["forts"][fort.id] if game.team_of.get(base["forts"][fort.id])
                        != game.team_of[nation] else "neutral")
                    if spot is not None:
                        placed = next(v for v in snapshot["units"] if v["id"] == u.id)
                        placed["hex"] = [spot.q, spot.r]
                    staged = State.from_json(game, snapshot)
                    ways = [o for o in staged.legal_moves(u.id).values()
                            if o.kind == kind and o.fort == fort.id]
                    if not ways:
                        continue
                    way = min(ways, key=lambda o: (o.cost, o.target.q, o.target.r))
                    # on the entrance, and for an entry on the last hex before it too
                    spots_of_mine = [way.path[-1]]
                    if kind == "enter" and len(way.path) >= 3 and way.path[-2] in free:
                        spots_of_mine.append(way.path[-2])
                    for mine in spots_of_mine:
                        mined = copied(snapshot)
                        _mines(mined, [(mine, enemy)])
                        State.from_json(game, mined)
                        yield Staged("apply", mined, f"{kind} {u.id} {fort.id}", ("mines",))
                    done = True
                    break
                if done:
                    break


def build_cases(scenario: Scenario, options: dict[str, Any], state_json: Any
                ) -> Iterator[Staged]:
    """A builder of the nation to move on a free land hex: its legal actions, a road and a
    trench built, and its legal moves on the state after the road."""
    reached = _reach(scenario, options, "move")
    if reached is None:
        return
    game, state = reached
    staged_scenario = with_unit_types(scenario, [BUILDER_TYPE])
    builder_game = Game(staged_scenario, seed=options["seed"], setup=options["setup"],
                        variants=tuple(options["variants"]))
    base = state_json(state)
    nation = state.nation
    free = sorted(_free_hexes(game, base), key=lambda h: (h.r, h.q))
    types = [copied(BUILDER_TYPE)]
    for h in free[len(free) // 2:] + free[:len(free) // 2]:
        if sum(1 for n in h.neighbors() if n in free) < 4:
            continue
        snapshot = copied(base)
        uid = _put(snapshot, nation, BUILDER_TYPE["id"], h)
        staged = State.from_json(builder_game, snapshot)
        listed = [str(a) for a in staged.legal_actions()]
        road = next((a for a in listed if a.startswith(f"build {uid} road ")
                     and all(game.map.terrain_at(_hex(w)) in LAND for w in a.split()[3:])),
                    None)
        trench = next((a for a in listed if a.startswith(f"build {uid} trench ")), None)
        if road is None or trench is None:
            continue
        yield Staged("legal_actions", snapshot, None, ("building",), types)
        yield Staged("apply", snapshot, road, ("building",), types)
        yield Staged("apply", snapshot, trench, ("building",), types)
        after = State.from_json(builder_game, snapshot)
        after.apply_action(Action.parse(road))
        built = state_json(after)
        yield Staged("legal_moves", built, uid, ("building",), types)
        break
    held = _builder_by_held_trench(builder_game, base, nation, set(free))
    if held is not None:
        yield Staged("legal_actions", held, None, ("building",), types)


def _builder_by_held_trench(game: Game, base: dict[str, Any], nation: str, free: set[Hex]
                            ) -> dict[str, Any] | None:
    """A builder next to a trench-terrain hex X whose trench holds an enemy unit on another
    hex: no build may touch X (RULES §6: not on enemy-held trenches)."""
    team = game.team_of[nation]
    enemy = next((u for u in base["units"] if u["hex"] is not None and not u["cargo"]
                  and game.team_of[u["nation"]] != team), None)
    board = game.board
    trench = [board.hexes[i] for i in range(len(board.hexes))
              if board.terrain_name(i) == "trench" and not board.blocked[i]]
    if enemy is None:
        return None
    taken = {Hex(*u["hex"]) for u in base["units"] if u["hex"] is not None}
    for x in trench:
        held = next((y for y in x.neighbors() if y in trench and y not in taken), None)
        spot = next((n for n in x.neighbors() if n in free and n not in trench), None)
        if held is None or spot is None:
            continue
        snapshot = copied(base)
        _put(snapshot, nation, BUILDER_TYPE["id"], spot)
        next(u for u in snapshot["units"] if u["id"] == enemy["id"]).update(
            hex=[held.q, held.r], fort=None)
        State.from_json(game, snapshot)
        return snapshot
    return None


def _hex(text: str) -> Hex:
    q, r = text.split(",")
    return Hex(int(q), int(r))

