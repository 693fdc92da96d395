"""The round of the area game (4.2): turn order roll (9.2), set-up with the minimum-occupation
rule, the faction turns (battle, movement, strategic transfer, pass), then the end of the round
(engine.rules.area.roundend). Battles are in engine.rules.area.battle.

Every function takes the state; `legal_actions` and `apply_action` dispatch on the phase and
the step under way, and chance nodes on their kind.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.area_model import FACTIONS
from engine.rules.area import battle, roundend
from engine.rules.area.actions import AreaAction
from engine.rules.dice import Dice

if TYPE_CHECKING:
    from engine.rules.area.state import AreaState

A = AreaAction


# ---------------------------------------------------------------------- round start
def begin_round(s: AreaState) -> None:
    """Markers of the round's year enter the cups, new armies wait for set-up, and the set-up
    (or, with variable turn order, the order roll) begins."""
    g = s.game
    year = g.ruleset.round_years[min(s.round, len(g.ruleset.round_years)) - 1]
    for m in g.catalog.markers:
        if m.year <= year and m.id not in s.introduced:
            s.introduced.append(m.id)
            s.cups[m.alliance].append(m.id)
    for f in FACTIONS:
        s.pending[f] = sorted(a.id for a in g.catalog.armies
                              if a.faction == f and a.entry_round == s.round)
    for a in s.returning:
        s.pending[g.armies[a].faction].append(a)
    s.returning = []
    if s.round == 1 and "historical_setup" in g.variants:
        for front, ids in g.scenario.historical_setup.items():
            for a in ids:
                s.location[a] = front
                s.pending[g.armies[a].faction].remove(a)
        s.note("historical_setup", armies=len(s.location))
    var = g.ruleset.variants.get("variable_turn_order", {})
    if "variable_turn_order" in g.variants and s.round >= var.get("from_round", 2):
        s.phase = "order"
        s.step = {"rolls": {}, "to_roll": list(FACTIONS), "ranking": [], "setup": {}, "turn": {}}
        s.chance = {"kind": "order_roll", "faction": FACTIONS[0]}
        return
    _begin_setup(s)


def _begin_setup(s: AreaState) -> None:
    s.phase = "setup"
    s.step = None
    s.queue = list(s.setup_order)
    _next_setup(s)


def _next_setup(s: AreaState) -> None:
    while s.queue:
        f = s.queue[0]
        if s.pending[f] or s.dummies_off[f]:
            s.actor = f
            return
        s.queue.pop(0)
    s.phase = "turns"
    s.turn = 0
    _begin_turn(s)


def _begin_turn(s: AreaState) -> None:
    g = s.game
    if s.turn >= g.ruleset.actions_per_faction * 4:
        roundend.begin(s)
        return
    s.actor = s.turn_order[s.turn % 4]
    s.step = {"controlled": _controlled(s, s.actor)}


def _controlled(s: AreaState, faction: str) -> list[str]:
    """Armies a faction acts with this turn: German armies that start a turn in the command
    fronts act for the German allies (5.1)."""
    g = s.game
    r = g.ruleset
    out = []
    for a, front in s.location.items():
        army = g.armies[a]
        moved = army.nation == r.command_nation and front in r.command_fronts
        acting = r.command_to if moved else army.faction
        if acting == faction:
            out.append(a)
    return sorted(out)


def end_turn(s: AreaState) -> None:
    """The acting faction's turn is over: next turn, or the end of the round."""
    s.turn += 1
    s.step = None
    if roundend.garrison_lost(s):
        return
    _begin_turn(s)


# ---------------------------------------------------------------------- dispatch
def legal_actions(s: AreaState) -> list[AreaAction]:
    """The legal actions of the deciding faction."""
    if s.phase == "order":
        return _order_actions(s)
    if s.phase == "setup":
        return _setup_actions(s)
    if s.phase == "turns":
        if s.step and "battle" in s.step:
            return battle.legal(s)
        if s.step and "move_from" in s.step:
            return _move_actions(s)
        if s.step and "transfer_from" in s.step:
            return _transfer_actions(s)
        return _turn_actions(s)
    return roundend.legal(s)


def apply_action(s: AreaState, a: AreaAction) -> None:
    """Apply a legal action."""
    if s.phase == "order":
        _apply_order(s, a)
    elif s.phase == "setup":
        _apply_setup(s, a)
    elif s.phase == "turns":
        if a.kind in battle.KINDS or (s.step and "battle" in s.step):
            battle.apply(s, a)
            _end_battle_turn(s)
        else:
            _apply_turn(s, a)
    else:
        roundend.apply(s, a)


def chance_outcomes(s: AreaState) -> list[tuple[Any, Fraction]]:
    """Outcomes of the waiting chance node."""
    c = s.chance
    assert c is not None
    faces = s.game.ruleset.die_faces
    if c["kind"] == "battle_dice":
        p = Fraction(1, len(faces) ** 2)
        return [((x, y), p) for x in faces for y in faces]
    if c["kind"] in ("order_roll", "capitulation_roll"):
        return [(x, Fraction(1, len(faces))) for x in faces]
    cup = sorted(s.cups[c["alliance"]])
    return [(m, Fraction(1, len(cup))) for m in cup]


def sample(s: AreaState, dice: Dice) -> Any:
    """One outcome of the waiting chance node drawn with the seeded dice."""
    outcomes = [o for o, _ in chance_outcomes(s)]
    c = s.chance
    assert c is not None
    if c["kind"] == "battle_dice":
        faces = s.game.ruleset.die_faces
        return (faces[dice.below(len(faces))], faces[dice.below(len(faces))])
    return outcomes[dice.below(len(outcomes))]


def apply_chance(s: AreaState, outcome: Any) -> None:
    """Resolve the waiting chance node."""
    c = s.chance
    assert c is not None
    s.chance = None
    if c["kind"] == "order_roll":
        _apply_order_roll(s, c["faction"], outcome)
    elif c["kind"] == "battle_dice":
        battle.apply_dice(s, tuple(outcome))
        _end_battle_turn(s)
    elif c["kind"] == "draw":
        battle.apply_draw(s, c["faction"], outcome)
        _end_battle_turn(s)
    else:
        roundend.apply_capitulation_roll(s, c["faction"], outcome)


def _end_battle_turn(s: AreaState) -> None:
    if battle.done(s):
        end_turn(s)


# ---------------------------------------------------------------------- 9.2 order
def _apply_order_roll(s: AreaState, faction: str, face: int) -> None:
    st = s.step
    assert st is not None
    value = 0 if face == s.game.ruleset.draw_face else face
    st["rolls"][faction] = value
    st["to_roll"].remove(faction)
    s.note("order_roll", faction=faction, value=value)
    if st["to_roll"]:
        s.chance = {"kind": "order_roll", "faction": st["to_roll"][0]}
        return
    by_value: dict[int, list[str]] = {}
    for f in FACTIONS:
        if f in st["rolls"] and f not in st["ranking"]:
            by_value.setdefault(st["rolls"][f], []).append(f)
    for value in sorted(by_value, reverse=True):
        tied = by_value[value]
        if len(tied) > 1:  # ties roll again (9.2); the ones above them keep their rank
            for f in tied:
                del st["rolls"][f]
            st["to_roll"] = tied
            s.chance = {"kind": "order_roll", "faction": tied[0]}
            return
        st["ranking"].append(tied[0])
        del st["rolls"][tied[0]]
    s.actor = st["ranking"][0]


def _order_actions(s: AreaState) -> list[AreaAction]:
    st = s.step
    assert st is not None
    free_setup = [i for i in range(4) if i not in st["setup"].values()]
    free_turn = [i for i in range(4) if i not in st["turn"].values()]
    return [A("pick_order", setup_slot=a, turn_slot=b) for a in free_setup for b in free_turn]


def _apply_order(s: AreaState, a: AreaAction) -> None:
    st = s.step
    assert st is not None and s.actor is not None
    st["setup"][s.actor] = a.setup_slot
    st["turn"][s.actor] = a.turn_slot
    s.note("order_picked", faction=s.actor, setup=a.setup_slot, turn=a.turn_slot)
    rest = [f for f in st["ranking"] if f not in st["setup"]]
    if rest:
        s.actor = rest[0]
        return
    s.setup_order = sorted(FACTIONS, key=lambda f: st["setup"][f])
    s.turn_order = sorted(FACTIONS, key=lambda f: st["turn"][f])
    _begin_setup(s)


# ---------------------------------------------------------------------- set-up
def _required_fronts(s: AreaState, f: str) -> list[int]:
    """Fronts where the minimum-occupation rule (4.2) still asks for a real army of `f`."""
    g = s.game
    if s.round < g.ruleset.occupation_from_round:
        return []
    controlled = s.controlled_cities(f)
    out = []
    for front in g.ruleset.occupation_fronts.get(f, []):
        if s.armies_of(f, front):
            continue
        if any(g.may_operate(a, front, s.round, controlled) for a in s.pending[f]):
            out.append(front)
    return out


def _setup_actions(s: AreaState) -> list[AreaAction]:
    g = s.game
    f = s.actor
    assert f is not None
    controlled = s.controlled_cities(f)
    required = _required_fronts(s, f)
    only_required = bool(required) and len(s.pending[f]) <= len(required)
    out = []
    for a in s.pending[f]:
        for front in g.fronts:
            if only_required and front not in required:
                continue
            if g.may_operate(a, front, s.round, controlled):
                out.append(A("place", army=a, front=front))
    if s.dummies_off[f]:
        out += [A("place_dummy", front=n) for n in g.fronts if g.dummy_may_operate(f, n)]
    placeable = any(x.kind == "place" for x in out)
    if not placeable:
        out.append(A("end_setup"))
    return out


def _apply_setup(s: AreaState, a: AreaAction) -> None:
    f = s.actor
    assert f is not None
    if a.kind == "place":
        assert a.army is not None and a.front is not None
        s.pending[f].remove(a.army)
        s.location[a.army] = a.front
        s.note("placed", faction=f, army=a.army, front=a.front)
    elif a.kind == "place_dummy":
        assert a.front is not None
        s.dummies_off[f] -= 1
        s.dummies[f][a.front] = s.dummies[f].get(a.front, 0) + 1
        s.note("dummy_placed", faction=f, front=a.front)
    if a.kind == "end_setup" or (not s.pending[f] and not s.dummies_off[f]):
        for army in s.pending[f]:  # armies that may operate nowhere now wait a round
            s.returning.append(army)
        s.pending[f] = []
        s.queue.pop(0)
        _next_setup(s)


# ---------------------------------------------------------------------- turns
def _destinations(s: AreaState, army: str, front: int, adjacent: bool) -> list[int]:
    g = s.game
    faction = g.armies[army].faction
    controlled = s.controlled_cities(faction)
    if adjacent:
        candidates = sorted(n for n in g.neighbours.get(front, ())
                            if g.theatre[n] == g.theatre[front])
    else:
        candidates = [n for n in g.fronts if n != front]
    return [n for n in candidates if g.may_operate(army, n, s.round, controlled)]


def _dummy_destinations(s: AreaState, faction: str, front: int) -> list[int]:
    g = s.game
    return sorted(n for n in g.neighbours.get(front, ())
                  if g.theatre[n] == g.theatre[front] and g.dummy_may_operate(faction, n))


def _turn_actions(s: AreaState) -> list[AreaAction]:
    assert s.step is not None and s.actor is not None
    controlled = s.step["controlled"]
    out = [A("battle", front=n) for n in battle.battle_fronts(s, controlled)]
    fronts = sorted({s.location[a] for a in controlled})
    for n in sorted(set(fronts) | {k for k, v in s.dummies[s.actor].items() if v}):
        armies = [a for a in controlled if s.location[a] == n]
        if (any(_destinations(s, a, n, True) for a in armies)
                or (s.dummies[s.actor].get(n) and _dummy_destinations(s, s.actor, n))):
            out.append(A("move", front=n))
    for a in controlled:
        out += [A("transfer", army=a, front=n) for n in _destinations(s, a, s.location[a], False)]
    out.append(A("pass"))
    return out


def _move_actions(s: AreaState) -> list[AreaAction]:
    st = s.step
    assert st is not None and s.actor is not None
    n = st["move_from"]
    out = []
    for a in st["movable"]:
        out += [A("move_army", army=a, front=m) for m in _destinations(s, a, n, True)]
    if s.dummies[s.actor].get(n, 0) > 0:
        out += [A("move_dummy", front=m) for m in _dummy_destinations(s, s.actor, n)]
    out.append(A("end_move"))
    return out


def _transfer_actions(s: AreaState) -> list[AreaAction]:
    st = s.step
    assert st is not None
    g = s.game
    out = []
    if len(st["transferred"]) < g.ruleset.transfer_max_armies:
        to = st["transfer_to"]
        for a in st["controlled"]:
            if s.location[a] == st["transfer_from"] and a not in st["transferred"]:
                faction = g.armies[a].faction
                if g.may_operate(a, to, s.round, s.controlled_cities(faction)):
                    out.append(A("transfer_more", army=a))
    out.append(A("end_transfer"))
    return out


def _apply_turn(s: AreaState, a: AreaAction) -> None:
    st = s.step
    assert st is not None and s.actor is not None
    if a.kind == "pass":
        s.note("pass", faction=s.actor)
        end_turn(s)
    elif a.kind == "move":
        st["move_from"] = a.front
        st["movable"] = [x for x in st["controlled"] if s.location[x] == a.front]
        s.note("move", faction=s.actor, front=a.front)
    elif a.kind == "move_army":
        assert a.army is not None and a.front is not None
        st["movable"].remove(a.army)
        s.location[a.army] = a.front
        s.note("moved", army=a.army, front=a.front)
    elif a.kind == "move_dummy":
        assert a.front is not None
        d = s.dummies[s.actor]
        d[st["move_from"]] -= 1
        d[a.front] = d.get(a.front, 0) + 1
        s.note("dummy_moved", faction=s.actor, front=a.front)
    elif a.kind == "end_move":
        end_turn(s)
    elif a.kind == "transfer":
        assert a.army is not None
        st["transfer_from"] = s.location[a.army]
        st["transfer_to"] = a.front
        st["transferred"] = [a.army]
        s.location[a.army] = a.front
        s.note("transferred", army=a.army, front=a.front)
        if not _transfer_actions(s)[:-1]:
            end_turn(s)
    elif a.kind == "transfer_more":
        assert a.army is not None
        st["transferred"].append(a.army)
        s.location[a.army] = st["transfer_to"]
        s.note("transferred", army=a.army, front=st["transfer_to"])
        if not _transfer_actions(s)[:-1]:
            end_turn(s)
    elif a.kind == "end_transfer":
        end_turn(s)
