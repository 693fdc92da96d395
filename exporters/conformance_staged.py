"""Hand-picked conformance situations that random play seldom reaches.

Random games almost never put two of one nation's units around an enemy, and special units
appear only when bought or drawn. These cases start from a real state of a seeded game and
move units onto chosen hexes (the saved-game JSON is edited, then loaded by the engine, so
every case is a state the engine accepts):

- encirclement: an attacker next to an enemy and a second unit of its nation directly
  opposite; a pincer: the second unit beside instead (in the turn of a seat that is not
  the Automa's: the Automa gets neither bonus); each gives a `legal_actions` case in
  the declare phase, the `attack` and the `fight` that resolves it with the bonus logged.
- special units: each special unit type a nation of the scenario can field is put on a free
  hex of that nation's turn; a `legal_moves` case for it, and in the declare phase the
  `legal_actions` it adds.
- special powers: each acting special unit the nation to act can field, put on the board:
  a medic next to a damaged own unit (`field_repair`), a minelayer (`lay_mine`) and an
  area attacker two hexes from an enemy (`attack`, then the `fight` with its one roll).
- Grabenkampf: random games seldom put foot soldiers into trenches, so in a game with the
  variant a foot soldier is put on a trench hex in its move phase (`legal_moves` out of the
  long hex), and two enemy foot soldiers into one trench with an attacker next to it in the
  declare phase (`legal_actions`, the `attack` and the `fight` with trench armour and the
  comrade firing back).
- money: random games seldom have money to spend, so a money phase is given money, a fort
  and a damaged unit in it; the phase's `legal_actions` and the `repair`, the `gift` to an
  ally, a plain purchase, a co-op partner's purchase (`buy TYPE FORT PARTNER`) and a drawn
  special unit (`buy special FORT`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.hexes import Hex, ring
from engine.model import GameMap, Scenario
from engine.rules.actions import Action, Attack, EndPhase, Fight
from engine.rules.automa import automa_nations
from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from engine.rules.state import State

LAND = ("meadow", "road", "forest")
MAX_CANDIDATES = 400
STAGED_MONEY = 40  # enough for every unit type and a repair in both editions' currencies


def copied(value: Any) -> Any:
    """A deep copy of a JSON tree (dicts, lists, immutable leaves), several times quicker than
    `copy.deepcopy`, which the staged cases call for every candidate placement."""
    # Plain leaves (most of a state) are taken as they are, without a call each; anything
    # else goes through the tests below.
    if isinstance(value, dict):
        return {key: item if type(item) in _LEAVES else copied(item)
                for key, item in value.items()}
    if isinstance(value, list):
        return [item if type(item) in _LEAVES else copied(item) for item in value]
    return value


_LEAVES = frozenset({str, int, float, bool, type(None)})


def _free_hexes(game: Game, snapshot: dict[str, Any]) -> set[Hex]:
    """Land hexes in play where a unit may stand: no unit, no fort or entrance."""
    taken = {Hex(*u["hex"]) for u in snapshot["units"] if u["hex"] is not None}
    return {h for h in _of_game(game)[1] if h not in taken}


def _in_play(game: Game) -> list[Hex]:
    """The hexes of the game: the scenario's half with 2 players, else the whole map."""
    return _of_game(game)[0]


# Per map and half in play: its hexes in play, and those of them on land with no fort or
# entrance. The staged cases ask for them once per candidate state, in games of several
# seeds on the same map, and a map does not change.
_HEXES_OF_GAME: dict[tuple[int, str | None], tuple[GameMap, list[Hex], list[Hex]]] = {}
_HEXES_OF_GAME_MAX = 8


def _of_game(game: Game) -> tuple[list[Hex], list[Hex]]:
    game_map = game.map
    half_id = game.scenario.half if game.players == 2 and game.scenario.half else None
    hit = _HEXES_OF_GAME.get((id(game_map), half_id))
    if hit is not None and hit[0] is game_map:
        return hit[1], hit[2]
    half = game_map.region(half_id) if half_id else None
    in_play = [h for h in game_map.hexes() if half is None or h in half.hexes]
    blocked = {h for f in game_map.forts for h in (*f.hexes, *f.entrances)}
    land = [h for h in in_play if game_map.terrain_at(h) in LAND and h not in blocked]
    if len(_HEXES_OF_GAME) >= _HEXES_OF_GAME_MAX:
        _HEXES_OF_GAME.clear()
    _HEXES_OF_GAME[(id(game_map), half_id)] = (game_map, in_play, land)
    return in_play, land


_REACHED: dict[tuple[Any, ...], tuple[Scenario, tuple[Game, State] | None]] = {}
_REACHED_MAX = 8


def _reach(scenario: Scenario, options: dict[str, Any], phase: str, dice_seat: bool = False
           ) -> tuple[Game, State] | None:
    """A game of `options` played with seeded random actions until `phase` in round 2 or
    later (so every army may act), with `dice_seat` of a seat that is not the Automa's (its
    attacks get no pincer or encirclement); None when the game ends before (a short
    scenario). The callers only read the state, so the same game is played once and shared
    (several staged kinds start from the same move phase)."""
    key = (scenario.id, options["seed"], options["setup"], tuple(options["variants"]), phase,
           dice_seat)
    hit = _REACHED.get(key)
    if hit is not None and hit[0] is scenario:
        return hit[1]
    reached = _play_until(scenario, options, phase, dice_seat)
    if len(_REACHED) >= _REACHED_MAX:
        _REACHED.clear()
    _REACHED[key] = (scenario, reached)
    return reached


def _play_until(scenario: Scenario, options: dict[str, Any], phase: str, dice_seat: bool
                ) -> tuple[Game, State] | None:
    game = Game(scenario, seed=options["seed"], setup=options["setup"],
                variants=tuple(options["variants"]))
    automa = automa_nations(game) if dice_seat else {}
    state = game.new_initial_state()
    rng = Dice(seed_state(f"staged:{options['seed']}"))
    steps = 0
    while not state.is_terminal() and steps < 5000:
        if (state.phase == phase and state.round >= 2 and state.pending_unload is None
                and state.nation not in automa):
            return game, state
        state.apply_action(random_action(state, rng))
        steps += 1
    return None


def support_cases(scenario: Scenario, options: dict[str, Any], state_json: Any
                  ) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(label, snapshot, action) triples for staged pincer and encirclement attacks: the
    declare-phase snapshot with the units moved into place and the `attack` to apply. The
    caller replays them (legal_actions, apply attack, apply fight)."""
    reached = _reach(scenario, options, "declare", dice_seat=True)
    if reached is None:
        return
    game, state = reached
    base = state_json(state)
    nation = state.nation
    team = game.team_of[nation]
    units = base["units"]
    own = [u for u in units if u["nation"] == nation and u["hex"] is not None
           and u["carrier"] is None and not u["cargo"]]
    enemies = [u for u in units if game.team_of[u["nation"]] != team and u["hex"] is not None
               and u["carrier"] is None and u["fort"] is None
               and game.map.terrain_at(Hex(*u["hex"])) in LAND]
    free = _free_hexes(game, base)
    wanted = {"encirclement": True, "pincer": False}
    tried = 0
    for defender in enemies:
        target = Hex(*defender["hex"])
        around = target.neighbors()
        for attacker in own:
            for supporter in own:
                if supporter is attacker:
                    continue
                for label, opposite in list(wanted.items()):
                    tried += 1
                    if tried > MAX_CANDIDATES:
                        return
                    for d in range(6):
                        side = (d + 3) % 6 if opposite else (d + 1) % 6
                        a_hex, s_hex = around[d], around[side]
                        if a_hex not in free or s_hex not in free:
                            continue
                        snapshot = copied(base)
                        placed = {u["id"]: u for u in snapshot["units"]}
                        placed[attacker["id"]]["hex"] = [a_hex.q, a_hex.r]
                        placed[supporter["id"]]["hex"] = [s_hex.q, s_hex.r]
                        staged = State.from_json(game, snapshot)
                        attack = Attack(attacker["id"], defender["id"])
                        if attack not in staged.legal_actions():
                            continue
                        if _bonus(staged, attack) != label:
                            continue
                        del wanted[label]
                        yield label, snapshot, str(attack)
                        break
                    if not wanted:
                        return


def _bonus(state: State, attack: Attack) -> str | None:
    """The bonus the declared attack gets when fought now (on a copy)."""
    trial = state.clone()
    trial.apply_action(attack)
    while trial.phase == "declare":
        trial.apply_action(EndPhase())
    start = len(trial.log)
    trial.apply_action(Fight())
    for entry in trial.log[start:]:
        data = entry.to_json()
        if data.get("event") == "combat":
            return data.get("bonus")
    return None


def special_unit_cases(scenario: Scenario, options: dict[str, Any], state_json: Any
                       ) -> Iterator[tuple[str, dict[str, Any]]]:
    """(unit id, snapshot) pairs: each special unit type the nation to move can field, put on
    a free hex of the board in its move phase (round 2 or later)."""
    reached = _reach(scenario, options, "move")
    if reached is None:
        return
    game, state = reached
    base = state_json(state)
    nation = state.nation
    free = sorted(_free_hexes(game, base), key=lambda h: (h.r, h.q))
    taken = {Hex(*u["hex"]) for u in base["units"] if u["hex"] is not None}
    water = [h for h in _in_play(game) if game.map.terrain_at(h) == "water" and h not in taken]
    centre = len(free) // 2
    specials = sorted((t for t in game.catalog.units.values()
                       if t.special and nation in t.nations), key=lambda t: t.id)
    for n, utype in enumerate(specials):
        spots = water if utype.unit_class == "ship" else free[centre:] + free[:centre]
        if not spots:
            continue
        h = spots[n * 7 % len(spots)]
        snapshot = copied(base)
        unit_id = f"{nation}-{utype.id}-9"
        snapshot["units"].append({
            "army": None, "attacked": False, "cargo": [], "carrier": None, "damage": 0,
            "done": False, "fort": None, "hex": [h.q, h.r], "id": unit_id, "moved": False,
            "nation": nation, "repair_ok": False, "type": utype.id, "xp": 0})
        State.from_json(game, snapshot)  # the engine accepts the state
        yield unit_id, snapshot


def money_cases(scenario: Scenario, options: dict[str, Any], state_json: Any
                ) -> tuple[dict[str, Any], list[str]] | None:
    """A money-phase snapshot (round 2 or later) where the nation to act has money, owns a
    fort in play and has a damaged foot soldier in it since the start of its turn; and the
    actions to apply to it (each on the snapshot): the repair, a gift to an ally (4
    players), the first plain purchase listed, in a co-op joint seat the first purchase for
    the partner, and a drawn special unit; in the turn of a seat that is not the Automa's.
    None when the game ends before or the nation has no foot soldier on the board."""
    reached = _reach(scenario, options, "money", dice_seat=True)
    if reached is None:
        return None
    game, state = reached
    snapshot = state_json(state)
    nation = state.nation
    unit = next((u for u in snapshot["units"] if u["nation"] == nation and u["hex"]
                 and not u["cargo"] and game.catalog.units[u["type"]].unit_class == "foot"),
                None)
    in_play = set(_in_play(game))
    fort = next((f.id for f in sorted(game.map.forts, key=lambda f: f.id)
                 if f.id in snapshot["forts"] and all(h in in_play for h in f.hexes)), None)
    if unit is None or fort is None:
        return None
    snapshot["money"][nation] = STAGED_MONEY
    snapshot["forts"][fort] = nation
    unit.update(hex=None, fort=fort, damage=2, repair_ok=True)
    staged = State.from_json(game, snapshot)
    listed = [str(a) for a in staged.legal_actions()]
    actions = [f"repair {unit['id']}"]
    actions += [a for a in listed if a.startswith("gift ")][:1]
    actions += [a for a in listed if a.startswith("buy ") and " special " not in a][:1]
    # a joint seat's purchase for its partner (`buy TYPE FORT PARTNER`)
    actions += [a for a in listed if a.startswith("buy ") and " special " not in a
                and len(a.split()) == 4][:1]
    actions += [a for a in listed if a.startswith("buy special ")][:1]
    for text in actions:
        if text not in listed:
            raise AssertionError(f"staged money action {text!r} is not legal: {listed}")
        Action.parse(text)
    return snapshot, actions


def _put(snapshot: dict[str, Any], nation: str, type_id: str, h: Hex) -> str:
    unit_id = f"{nation}-{type_id}-9"
    snapshot["units"].append({
        "army": None, "attacked": False, "cargo": [], "carrier": None, "damage": 0,
        "done": False, "fort": None, "hex": [h.q, h.r], "id": unit_id, "moved": False,
        "nation": nation, "repair_ok": False, "type": type_id, "xp": 0})
    return unit_id


def power_cases(scenario: Scenario, options: dict[str, Any], state_json: Any
                ) -> Iterator[tuple[dict[str, Any], list[str]]]:
    """(snapshot, actions applied one after the other) pairs for the special-unit powers the
    nation to act can field: `field_repair` and `lay_mine` in its move phase (round 2 or
    later), an area attack and a fort turret's shot declared and fought in its declare
    phase."""
    for phase in ("move", "declare"):
        reached = _reach(scenario, options, phase)
        if reached is None:
            continue
        game, state = reached
        nation = state.nation
        team = game.team_of[nation]
        for utype in sorted(game.catalog.units.values(), key=lambda t: t.id):
            if not (utype.special and nation in utype.nations):
                continue
            ids = {a.id for a in utype.abilities}
            base = state_json(state)
            free = sorted(_free_hexes(game, base), key=lambda h: (h.r, h.q))
            if phase == "move" and ids & {"field_repair", "lay_mines"}:
                found = _medic_or_minelayer(game, base, nation, utype.id, free,
                                            "field_repair" in ids)
            elif phase == "declare" and "area_attack" in ids:
                found = _area_attacker(game, base, nation, team, utype.id, free)
            elif phase == "declare" and "fort_mounted" in ids:
                found = _fort_turret(game, base, nation, team, utype.id)
            else:
                continue
            if found is not None:
                yield found


def _medic_or_minelayer(game: Game, base: dict[str, Any], nation: str, type_id: str,
                        free: list[Hex], medic: bool
                        ) -> tuple[dict[str, Any], list[str]] | None:
    own = [u for u in base["units"] if u["nation"] == nation and u["hex"] is not None
           and not u["cargo"] and not u["moved"] and not u["attacked"]
           and game.catalog.units[u["type"]].unit_class != "transport"]
    for h in free[len(free) // 2:] + free[:len(free) // 2]:
        snapshot = copied(base)
        snapshot["money"][nation] = STAGED_MONEY
        unit_id = _put(snapshot, nation, type_id, h)
        if medic:
            spot = next((n for n in h.neighbors() if n in free), None)
            if spot is None or not own:
                continue
            patient = next(u for u in snapshot["units"] if u["id"] == own[0]["id"])
            patient.update(hex=[spot.q, spot.r], damage=2)
        staged = State.from_json(game, snapshot)
        verb = "field_repair" if medic else "lay_mine"
        action = next((str(a) for a in staged.legal_actions()
                       if str(a).startswith(f"{verb} {unit_id} ")), None)
        if action is not None:
            return snapshot, [action]
    return None


def _area_attacker(game: Game, base: dict[str, Any], nation: str, team: str, type_id: str,
                   free: list[Hex]) -> tuple[dict[str, Any], list[str]] | None:
    taken = set(free)
    enemies = [u for u in base["units"] if u["hex"] is not None
               and game.team_of[u["nation"]] != team and u["fort"] is None]
    for enemy in enemies:
        for h in ring(Hex(*enemy["hex"]), 2):
            if h not in taken:
                continue
            snapshot = copied(base)
            unit_id = _put(snapshot, nation, type_id, h)
            staged = State.from_json(game, snapshot)
            attack = str(Attack(unit_id, enemy["id"]))
            if attack in {str(a) for a in staged.legal_actions()}:
                return snapshot, [attack, "end_phase", "fight"]
    return None


def _fort_turret(game: Game, base: dict[str, Any], nation: str, team: str, type_id: str
                 ) -> tuple[dict[str, Any], list[str]] | None:
    """A fort turret put into a fort in play (made the nation's) from which it can shoot an
    enemy on the board; the fort nearest an enemy first."""
    in_play = set(_in_play(game))
    enemies = [u for u in base["units"] if u["hex"] is not None
               and game.team_of[u["nation"]] != team]
    forts = [f for f in sorted(game.map.forts, key=lambda f: f.id)
             if f.id in base["forts"] and all(h in in_play for h in f.hexes)]
    ranked = sorted((min(h.distance(Hex(*e["hex"])) for h in f.hexes), f.id, e["id"])
                     for f in forts for e in enemies)
    for _distance, fort_id, enemy_id in ranked[:MAX_CANDIDATES]:
        snapshot = copied(base)
        snapshot["forts"][fort_id] = nation
        unit_id = _put(snapshot, nation, type_id, Hex(0, 0))
        turret = next(u for u in snapshot["units"] if u["id"] == unit_id)
        turret.update(hex=None, fort=fort_id)
        staged = State.from_json(game, snapshot)
        attack = str(Attack(unit_id, enemy_id))
        if attack in {str(a) for a in staged.legal_actions()}:
            return snapshot, [attack, "end_phase", "fight"]
    return None


def trench_cases(scenario: Scenario, options: dict[str, Any], state_json: Any
                 ) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(kind, snapshot, unit or attack) triples in a game with Grabenkampf (`options` names
    it): ("legal_moves", snapshot, unit) with a foot soldier of the nation to move on a
    trench hex, and ("attack", snapshot, attack) with two enemy foot soldiers in one trench
    and a foot soldier of the nation to act next to it. Nothing when the map has no trench of
    two free hexes or the game ends first."""
    for phase in ("move", "declare"):
        reached = _reach(scenario, options, phase)
        if reached is None or reached[0].trenches is None:
            continue
        game, state = reached
        base = state_json(state)
        board = game.board
        taken = {Hex(*u["hex"]) for u in base["units"] if u["hex"] is not None}
        trench = next((hexes for hexes in (tuple(board.hexes[i] for i in m)
                                           for m in game.trenches.members)
                       if len(hexes) >= 2 and not taken & set(hexes[:2])), None)
        if trench is None:
            continue
        team = game.team_of[state.nation]
        foot = [u for u in base["units"] if u["hex"] is not None and not u["cargo"]
                and game.catalog.units[u["type"]].unit_class == "foot"
                and game.catalog.units[u["type"]].range_min <= 1]
        own = [u for u in foot if u["nation"] == state.nation]
        enemies = [u for u in foot if game.team_of[u["nation"]] != team]
        if phase == "move" and own:
            snapshot = copied(base)
            unit = next(u for u in snapshot["units"] if u["id"] == own[0]["id"])
            unit["hex"] = [trench[0].q, trench[0].r]
            State.from_json(game, snapshot)
            yield "legal_moves", snapshot, unit["id"]
        if phase == "declare" and own and len(enemies) >= 2:
            free = _free_hexes(game, base)
            for spot in trench[0].neighbors():
                if spot not in free or spot in trench:
                    continue
                snapshot = copied(base)
                placed = {u["id"]: u for u in snapshot["units"]}
                placed[enemies[0]["id"]]["hex"] = [trench[0].q, trench[0].r]
                placed[enemies[1]["id"]]["hex"] = [trench[1].q, trench[1].r]
                placed[own[0]["id"]]["hex"] = [spot.q, spot.r]
                attack = Attack(own[0]["id"], enemies[0]["id"])
                if attack in State.from_json(game, snapshot).legal_actions():
                    yield "attack", snapshot, str(attack)
                    break
