"""The Qt-free play-test session and the random AI bot."""

from __future__ import annotations

import pytest

from engine.ai.random_bot import RandomBot
from engine.content import load_map
from engine.paths import CONTENT_DIR
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, SeatChoice, build_scenario, map_problems
from engine.rules.actions import Attack, EndPhase, Fight, Move
from engine.rules.errors import IllegalActionError
from engine.rules.events import CombatResolved
from engine.rules.serialize import state_hash

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


@pytest.fixture(scope="module")
def default_map():
    return load_map(DEFAULT_MAP)


def new_session(game_map, seed=3, setup="quick", ai=False) -> PlaytestSession:
    ctl = "ai" if ai else "human"
    opts = PlaytestOptions(seed=seed, setup=setup,
                           seats=[SeatChoice("DE", ctl), SeatChoice("FR", ctl)])
    return PlaytestSession(build_scenario(game_map, opts), seed=seed, setup=setup)


def first_move(s: PlaytestSession) -> Move:
    return next(a for a in s.state.legal_actions() if isinstance(a, Move))


def test_scenario_is_a_copy_of_the_map(default_map):
    s = new_session(default_map)
    assert s.game.map is not default_map
    assert s.game.map.terrain == default_map.terrain


def test_options_problems_name_the_mistake():
    opts = PlaytestOptions(seats=[SeatChoice("DE"), SeatChoice("AH")])
    assert any("two teams" in p for p in opts.problems())
    opts = PlaytestOptions(players=4, half="half_1_6",
                           seats=[SeatChoice(n) for n in ("DE", "GB", "AH", "FR")])
    assert opts.problems() == ["a half of the map is only for 2 players"]
    with pytest.raises(ValueError, match="different nation"):
        build_scenario(load_map(DEFAULT_MAP),
                       PlaytestOptions(seats=[SeatChoice("FR"), SeatChoice("FR")]))


def test_default_map_has_no_blocking_problem(default_map):
    errors, _warnings = map_problems(default_map)
    assert errors == []


def test_undo_takes_back_a_move_and_replays_exactly(default_map):
    s = new_session(default_map)
    before = state_hash(s.state)
    move = first_move(s)
    s.apply(move)
    assert s.undo_problem() is None
    assert s.undo() == move
    assert state_hash(s.state) == before
    assert s.timeline == []


def test_only_the_last_move_can_be_taken_back(default_map):
    s = new_session(default_map)
    s.apply(first_move(s))
    s.apply(first_move(s))
    s.undo()
    assert "move before it is final" in s.undo_problem()
    s.apply(first_move(s))
    assert s.undo_problem() is None


def test_no_undo_after_dice_or_phase_change(default_map):
    s = new_session(default_map)
    s.apply(first_move(s))
    s.apply(EndPhase())
    assert "cannot be taken back" in s.undo_problem()
    with pytest.raises(IllegalActionError):
        s.undo()


def test_jump_back_and_step_forward(default_map):
    s = new_session(default_map)
    hashes = [state_hash(s.state)]
    for _ in range(3):
        s.apply(first_move(s))
        hashes.append(state_hash(s.state))
    s.jump_to(1)
    assert state_hash(s.state) == hashes[1] and len(s.timeline) == 3
    s.jump_to(3)
    assert state_hash(s.state) == hashes[3]
    s.jump_to(1)
    s.apply(EndPhase())  # a new action cuts the later timeline
    assert len(s.timeline) == 2 and s.cursor == 2


def play_until_attack(s: PlaytestSession, bot: RandomBot, limit: int = 3000) -> Attack:
    """Drive the game with the bot until a declare phase offers an attack."""
    for _ in range(limit):
        if s.state.phase == "declare":
            attacks = [a for a in s.state.legal_actions() if isinstance(a, Attack)]
            if attacks:
                return attacks[0]
        s.apply(bot.choose(s.state))
    raise AssertionError("no attack came up")


def test_plan_order_odds_and_dice(default_map):
    s = new_session(default_map, seed=5)
    attack = play_until_attack(s, RandomBot(1))
    s.add_attack(attack.attacker, attack.defender)
    assert "already declared" in s.plan_problem(attack.attacker, attack.defender)
    o = s.odds_of(attack.attacker, attack.defender)
    assert sum(o.odds.damage_dealt) == pytest.approx(1.0)
    assert "dealt" in o.text() and "destroy" in o.text()
    s.start_combat()
    assert s.state.phase == "combat"
    assert str(s.timeline[-2]) == str(attack)
    n = len(s.state.log)
    line = s.fight()
    event = s.state.log[n]
    assert event.kind in ("combat", "attack_lost")
    if event.kind == "combat":
        assert event.attacker_hit_value is not None and event.xp_attacker is not None
        assert "dice" in line and f"hit on ≤{event.attacker_hit_value}" in line
        assert isinstance(s.timeline[-1], Fight)


def test_save_load_and_continue(default_map, tmp_path):
    s = new_session(default_map, seed=9)
    bot = RandomBot(2)
    for _ in range(40):
        s.apply(bot.choose(s.state))
    s.save(tmp_path / "game.json")
    assert (tmp_path / "game.map.yaml").is_file()
    assert (tmp_path / "game.scenario.yaml").is_file()
    loaded = PlaytestSession.load(tmp_path / "game.json")
    assert state_hash(loaded.state) == state_hash(s.state)
    assert loaded.cursor == 40
    nxt = bot.choose(s.state)
    s.apply(nxt)
    loaded.apply(nxt)
    assert state_hash(loaded.state) == state_hash(s.state)


def test_load_rejects_garbage(tmp_path):
    from engine.rules.savefile import GameFileError

    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(GameFileError, match=r"bad\.json"):
        PlaytestSession.load(bad)


def test_random_bots_finish_a_game_deterministically(default_map):
    results = []
    for _ in range(2):
        s = new_session(default_map, seed=11, ai=True)
        steps = 0
        while s.is_ai_turn():
            s.ai_step()
            steps += 1
        assert s.state.is_terminal()
        results.append((state_hash(s.state), steps))
        summary = s.summary()
        assert summary.winner in ("central", "entente")
        assert summary.forts[0][0] == 0 and len(summary.forts) > 2
    assert results[0] == results[1]


def test_bot_is_labelled_and_only_plays_legal_actions(default_map):
    s = new_session(default_map, seed=4, setup="full")
    bot = RandomBot(7)
    assert bot.label == "random"
    for _ in range(300):
        if s.state.is_terminal():
            break
        a = bot.choose(s.state)
        assert s.state.problem(a) is None, str(a)
        s.apply(a)


def test_combat_event_text_marks_hits():
    e = CombatResolved("A", "B", 1, None, 0, (2, 9), (5,), 1, 0, False, False,
                       attacker_hit_value=4, defender_hit_value=3, attacker_hits=1,
                       defender_hits=0, xp_attacker=1, xp_defender=0)
    text = e.text()
    assert "[2] 9" in text and "hit on ≤4" in text and "return fire 5" in text
    assert "XP +1 attacker, +0 defender" in text


def test_four_random_ai_seats_with_full_setup_finish(default_map):
    opts = PlaytestOptions(players=4, half=None, seed=2, setup="full",
                           seats=[SeatChoice(n, "ai") for n in ("DE", "GB", "AH", "FR")])
    s = PlaytestSession(build_scenario(default_map, opts), seed=2, setup="full")
    while s.is_ai_turn():
        s.ai_step()
    assert s.state.is_terminal()
    assert set(s.summary().losses) == {"DE", "GB", "AH", "FR"}


@pytest.mark.parametrize("variants", [("victory_points", "dice_free"),
                                      ("shorter_game", "early_destruction", "grabenkampf")])
def test_ai_games_with_engine_variants_finish(default_map, variants):
    from engine.play.setup import engine_variants

    opts = PlaytestOptions(seed=5, setup="full", variants=variants,
                           seats=[SeatChoice("DE", "ai"), SeatChoice("FR", "ai")])
    scenario = build_scenario(default_map, opts)
    chosen = engine_variants(opts, scenario.ruleset.variants)
    assert chosen == tuple(v for v in chosen if v in variants) and set(chosen) == set(variants)
    s = PlaytestSession(scenario, seed=5, setup="full", variants=chosen)
    assert set(variants) <= s.game.variants
    while s.is_ai_turn():
        s.ai_step()
    assert s.state.is_terminal()
    assert all(s.event_line(i) for i in range(len(s.state.log)))


def test_dice_free_odds_come_from_the_card_table(default_map):
    from engine.play.setup import engine_variants
    from engine.rules.combat import damage_from_hits, damage_room
    from engine.rules.dicefree import card_table

    opts = PlaytestOptions(seed=5, variants=("dice_free",),
                           seats=[SeatChoice("DE"), SeatChoice("FR")])
    scenario = build_scenario(default_map, opts)
    s = PlaytestSession(scenario, seed=5, variants=engine_variants(opts, scenario.ruleset
                                                                   .variants))
    attack = play_until_attack(s, RandomBot(1))
    st = s.state
    a, d = st.units[attack.attacker], st.units[attack.defender]
    o = s.odds_of(a.id, d.id)
    rs = s.game.ruleset
    fa, fd = st.fighter(a), st.fighter(d)
    from engine.rules.combat import dice_count, hit_value

    want = card_table(rs, hit_value(rs, fa, fd), dice_count(rs, fa.damage, o.bonus_dice))
    assert o.cards_dealt == want and len(want) == 10
    assert f"hits {' '.join(map(str, want))}" in o.text() and "cards 1-10" in o.text()
    room = damage_room(rs, fd)
    if o.odds.p_on_target == 1:
        expect = sum(min(damage_from_hits(fd, h), room) for h in want) / len(want)
        assert o.odds.expected_dealt == pytest.approx(expect)
    # The card the engine draws shows exactly the hits of the table shown in the plan.
    s.add_attack(a.id, d.id)
    s.start_combat()
    n = len(s.state.log)
    s.fight()
    event = next(e for e in s.state.log[n:] if e.kind in ("combat", "scatter",
                                                               "attack_lost"))
    if event.kind == "combat" and event.defender == d.id:
        assert event.attacker_dice.count(1) == want[event.cards[0] - 1]
