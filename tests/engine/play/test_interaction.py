"""The Qt-free interaction model of the play-test map: clicks and hovers on hexes turn into
actions, plan entries, selections, or the engine's reason (runs with Qt blocked)."""

from __future__ import annotations

import pytest

from engine.ai.random_bot import RandomBot
from engine.content import load_map
from engine.i18n import localized
from engine.paths import CONTENT_DIR
from engine.play.interaction import Interaction, in_play, water_spots
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, SeatChoice, build_scenario
from engine.rules.actions import Attack, EndPhase, Headquarters, Move

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


@pytest.fixture(scope="module")
def default_map():
    return load_map(DEFAULT_MAP)


def new_session(game_map, seed=3, setup="quick", controllers=("human", "human"),
                variants=(), players=2) -> PlaytestSession:
    nations = ("DE", "FR") if players == 2 else ("DE", "GB", "AH", "FR")
    opts = PlaytestOptions(seed=seed, setup=setup, players=players,
                           half="half_1_6" if players == 2 else None, variants=variants,
                           seats=[SeatChoice(n, c) for n, c in
                                  zip(nations, controllers * (players // 2), strict=True)])
    return PlaytestSession(build_scenario(game_map, opts), seed=seed, setup=setup,
                           variants=variants)


def mover(s: PlaytestSession):
    st = s.state
    return next(u for u in st.units.values() if u.nation == st.nation and st.can_move(u)
                and u.pos >= 0 and any(o.kind == "move" for o in st.legal_moves(u).values()))


def play_until(s: PlaytestSession, predicate, limit=4000):
    bot = RandomBot(11)
    for _ in range(limit):
        if predicate(s.state):
            return s.state
        s.apply(bot.choose(s.state))
    raise AssertionError("the situation did not come up")


def test_clicking_an_own_unit_selects_it_with_the_engines_legal_moves(default_map):
    s = new_session(default_map)
    ui = Interaction(s)
    u = mover(s)
    out = ui.click(s.state.hex_of(u))
    assert out.action is None and out.changed and ui.selected == u.id
    assert ui.reachable == dict(s.state.legal_moves(u))
    name = localized(u.type.name, u.type.id)
    assert out.message == f"{u.id} ({name}): {len(ui.reachable)} hexes in reach"


def test_clicking_a_reachable_hex_gives_the_move_options_action(default_map):
    s = new_session(default_map)
    ui = Interaction(s)
    u = mover(s)
    ui.click(s.state.hex_of(u))
    h, opt = max(ui.reachable.items(), key=lambda kv: kv[1].cost)
    out = ui.click(h)
    assert out.action == opt.action() and out.plan is None
    col, row = s.game.map.to_offset(h)
    assert out.message == f"{u.id}: {opt.kind} to [{col}, {row}] (cost {opt.cost:g})"
    s.apply(out.action)
    assert s.state.hex_of(s.state.units[u.id]) == h


def test_clicking_an_unreachable_hex_gives_the_engines_reason(default_map):
    s = new_session(default_map)
    ui = Interaction(s)
    u = mover(s)
    ui.click(s.state.hex_of(u))
    far = next(h for h in s.game.board.hexes if h not in ui.reachable
               and s.state.unit_at(h) is None and h.distance(s.state.hex_of(u)) > 12)
    out = ui.click(far)
    why = s.state.problem(Move(u.id, far))
    assert why and out.action is None and out.message == (
        f"{u.id} cannot go there: {why} (click one of the highlighted hexes)")


def test_clicking_an_enemy_unit_says_whose_turn_it_is(default_map):
    s = new_session(default_map)
    ui = Interaction(s)
    enemy = next(u for u in s.state.occ.values() if u.nation != s.state.nation)
    out = ui.click(s.state.hex_of(enemy))
    assert out.action is None and ui.selected is None
    assert out.message == f"{enemy.id} is not yours ({s.state.nation} is to move)"


def test_hover_shows_the_path_and_cost_of_the_engines_option(default_map):
    s = new_session(default_map)
    ui = Interaction(s)
    u = mover(s)
    ui.select(u.id)
    h, opt = max(ui.reachable.items(), key=lambda kv: len(kv[1].path))
    info = ui.hover(h)
    assert info.path == opt.path == ui.path and info.cost == opt.cost
    assert info.message.startswith(f"{opt.kind} to [") and f"cost {opt.cost:g}" in info.message
    off = ui.hover(None)
    assert off.path == () and ui.path == ()


def contact_stop(st):
    from engine.rules.movement import contact_map

    if st.phase != "move":
        return None
    for u in st.units.values():
        if u.nation != st.nation or not st.can_move(u) or u.pos < 0:
            continue
        contact = contact_map(st, u)
        for h, o in st.legal_moves(u).items():
            idx = [st.game.board.index_of[x] for x in o.path]
            if o.kind == "move" and len(o.path) >= 3 and contact[idx[-1]] and contact[idx[-2]]:
                return u, h
    return None


def test_hover_says_when_enemy_contact_ends_the_move(default_map):
    s = new_session(default_map, seed=5)
    st = play_until(s, contact_stop)
    u, h = contact_stop(st)
    ui = Interaction(s)
    ui.select(u.id)
    info = ui.hover(h)
    assert info.contact_stop and "enemy contact stops the move here" in info.message


def test_declare_phase_plans_a_legal_attack_and_refuses_an_illegal_one(default_map):
    s = new_session(default_map, seed=5)

    def both(st):
        if st.phase != "declare":
            return False
        legal = [a for a in st.legal_actions() if isinstance(a, Attack)]
        return legal and any(st.attack_problem(a, d) for a in st.occ.values()
                             if a.nation == st.nation for d in st.occ.values()
                             if d.team != a.team)

    st = play_until(s, both)
    ui = Interaction(s)
    attack = next(a for a in st.legal_actions() if isinstance(a, Attack))
    out = ui.click(st.hex_of(st.units[attack.attacker]))
    assert ui.selected == attack.attacker and ui.targets == set(s.targets(attack.attacker))
    info = ui.hover(st.hex_of(st.units[attack.defender]))
    assert info.target == attack.defender
    assert info.message == (f"{attack.attacker} → {attack.defender}: "
                            f"{s.odds_of(attack.attacker, attack.defender).text()}")
    out = ui.click(st.hex_of(st.units[attack.defender]))
    assert out.plan == (attack.attacker, attack.defender) and out.action is None
    a, d = next((a, d) for a in st.occ.values() if a.nation == st.nation
                for d in st.occ.values() if d.team != a.team and st.attack_problem(a, d))
    ui.click(st.hex_of(a))
    out = ui.click(st.hex_of(d))
    assert out.plan is None
    assert out.message == f"{a.id} cannot attack {d.id}: {s.plan_problem(a.id, d.id)}"


def test_an_ai_turn_refuses_clicks_and_undo(default_map):
    s = new_session(default_map, seed=4, controllers=("ai", "human"))
    ui = Interaction(s)
    if not s.is_ai_turn():
        s.apply(EndPhase())
        s.apply(EndPhase())
        s.apply(EndPhase())
    assert s.is_ai_turn()
    # The AI seat moves a unit (as its bot would): the session's own undo check is happy
    # with that move, the view must still refuse to take it back for the human.
    assert s.state.phase == "move"
    s.apply(next(a for a in s.state.legal_actions() if isinstance(a, Move)))
    assert s.is_ai_turn() and s.undo_problem() is None
    assert ui.undo_problem() == ("an AI seat is to act; its moves are not the player's to "
                                 "take back")
    unit = next(u for u in s.state.occ.values())
    out = ui.click(s.state.hex_of(unit))
    assert out.action is None and "AI seat is to act" in out.message and ui.selected is None


def test_headquarters_are_offered_as_a_map_pick(default_map):
    s = new_session(default_map, seed=6, setup="full", variants=("victory_points",))
    while s.state.phase == "setup" and s.state.setup_step != "hq":
        s.apply(next(a for a in s.state.legal_actions() if a.verb in ("assign", "place")))
    ui = Interaction(s)
    ui.offer_hq()
    st = s.state
    assert ui.picking and sorted(ui.picks.values()) == sorted(
        f"HQ {n}" for n in st.chips[st.nation])
    not_offered = next(h for h in s.game.board.hexes if h not in ui.picks)
    out = ui.click(not_offered)
    assert out.action is None and out.message.startswith("Not there: ")
    h, label = next(iter(ui.picks.items()))
    out = ui.click(h)
    assert out.action == Headquarters(int(label.split()[1])) and not ui.picking


def test_water_spots_are_the_engines_legal_buys(default_map):
    s = new_session(default_map)
    s.apply(EndPhase())
    s.apply(EndPhase())
    st = s.state
    assert st.phase == "money"
    for h in water_spots(st, "gunboat"):
        assert st.buy_problem("gunboat", f"{h.q},{h.r}") is None
    ui = Interaction(s)
    why = ui.pick_water("gunboat")
    if why is not None:  # the buyer may not afford it: then nothing is offered
        assert why.startswith("Cannot buy gunboat: ") and not ui.picking


def test_in_play_is_the_half_with_two_players_and_everything_with_four(default_map):
    two = new_session(default_map)
    half = default_map.region("half_1_6").hexes
    inside = next(iter(half))
    outside = next(h for h in (default_map.hex_at_index(i) for i in range(
        default_map.width * default_map.height)) if h not in half)
    assert in_play(two, inside) and not in_play(two, outside)
    four = new_session(default_map, players=4)
    assert in_play(four, outside) and in_play(four, inside)
