"""The heuristic AI: each of its choices on small hand-made positions, and whole games."""

from __future__ import annotations

from engine.ai.heuristic import HeuristicBot
from engine.ai.random_bot import RandomBot
from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from engine.rules.actions import Attack, Buy, Capture, EndPhase, Fight, Move, Repair, Surrender
from engine.rules.odds import attack_odds
from engine.rules.phase import Phase
from engine.rules.savefile import new_game
from tests.engine.rules.fixtures import empty_state, fort, game_map, put

R = 4
DEFAULT_2P = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"


def row(q: int) -> Hex:
    return Hex(q, R)


def _fort_state(owner: str = "neutral"):
    return empty_state(game_map(forts=[fort("f1", [row(5)], [row(4), row(6)], owner=owner)]))


def test_a_foot_soldier_next_to_an_entrance_captures_the_fort():
    s = _fort_state("FR")
    put(s, "infantry", "DE", row(3))
    d = HeuristicBot(1).decide(s)
    assert d.action == Capture("DE-infantry-1", "f1")
    assert "captures fort f1" in d.why


def test_a_foot_soldier_walks_towards_a_fort_it_can_take():
    s = _fort_state()
    inf = put(s, "infantry", "DE", row(0))
    d = HeuristicBot(1).decide(s)
    assert isinstance(d.action, Move) and d.action.unit == inf.id
    before = row(0).distance(row(4))
    assert d.action.to.distance(row(4)) < before
    assert "fort entrance" in d.why


def test_a_unit_with_nothing_better_to_do_stays_and_the_phase_ends():
    s = _fort_state("DE")  # the only fort is already ours, no enemy on the map
    put(s, "infantry", "DE", row(0))
    assert HeuristicBot(1).decide(s).action == EndPhase()


def test_declares_an_attack_that_destroys_a_wounded_enemy():
    s = empty_state()
    car = put(s, "armoured_car", "DE", row(2))
    put(s, "infantry", "FR", row(3), damage=5)
    s.phase = Phase.DECLARE
    d = HeuristicBot(1).decide(s)
    assert d.action == Attack(car.id, "FR-infantry-1")
    assert "destroy" in d.why


def test_does_not_declare_a_hopeless_attack():
    s = empty_state()
    put(s, "infantry", "DE", row(2), damage=5)  # 5 dice against a fresh tank that fires back
    put(s, "tank", "FR", row(3))
    s.phase = Phase.DECLARE
    assert HeuristicBot(1).decide(s).action == EndPhase()


def test_does_not_pile_attacks_on_a_target_already_likely_destroyed():
    s = empty_state()
    put(s, "armoured_car", "DE", row(2))
    put(s, "armoured_car", "DE", Hex(3, R - 1))
    put(s, "infantry", "FR", row(3), damage=5)
    s.phase = Phase.DECLARE
    bot = HeuristicBot(1)
    first = bot.decide(s)
    s.apply_action(first.action)
    assert bot.decide(s).action == EndPhase()


def test_combat_fights_and_money_repairs_a_damaged_unit_in_a_fort():
    s = _fort_state("DE")
    put(s, "tank", "DE", "f1", damage=4, repair_ok=True)
    s.money["DE"] = 10
    s.phase = Phase.MONEY
    d = HeuristicBot(1).decide(s)
    assert d.action == Repair("DE-tank-1")
    s.declarations = [("x", "y")]
    s.phase = Phase.COMBAT
    assert HeuristicBot(1).decide(s).action == Fight()


def test_buys_a_foot_soldier_when_it_has_few():
    s = _fort_state("DE")
    s.money["DE"] = 10
    s.phase = Phase.MONEY
    d = HeuristicBot(1).decide(s)
    assert isinstance(d.action, Buy) and d.action.where == "f1"
    assert s.game.catalog.units[d.action.unit_type].can_capture


def test_surrenders_after_the_round_cap():
    s = empty_state()
    s.round = 31
    assert HeuristicBot(1, max_rounds=30).decide(s).action == Surrender()


def _play(seed: int, heuristic_seat: int) -> tuple[str, bool, list[str]]:
    s = new_game(DEFAULT_2P, seed=seed, setup="quick")
    bots = [RandomBot(f"{seed}:r"), RandomBot(f"{seed}:r")]
    bots[heuristic_seat] = HeuristicBot(f"{seed}:h")  # type: ignore[call-overload]
    while not s.is_terminal():
        s.apply_action(bots[s.current].decide(s).action)
    won = s.game.team_of[s.game.nations[heuristic_seat]] == s.winner_team
    return s.reason, won, [str(a) for a in s.history]


def test_beats_the_random_bot_by_forts_from_both_seats_and_replays_the_same():
    for seed, seat in ((1, 0), (2, 1), (3, 0), (4, 1)):
        reason, won, _history = _play(seed, seat)
        assert (reason, won) == ("forts", True)
    assert _play(2, 1)[2] == _play(2, 1)[2]


def test_the_fast_hex_value_is_the_explained_score_on_every_hex_of_played_positions():
    """`_hex_value` (the hot loop) and `_hex_score` (its explanation) give the same float for
    every unit and board hex of positions from a real game, so the fast path chooses as the
    explained one would."""
    bots = [HeuristicBot(7), HeuristicBot(8)]
    s = new_game(DEFAULT_2P, seed=7, setup="quick")
    checked = 0
    seen: set[tuple[int, int]] = set()
    while not s.is_terminal() and s.round <= 4:
        turn = (s.round, s.current)
        if s.phase == "move" and s.pending_unload is None and turn not in seen:
            seen.add(turn)
            bot = bots[s.current]
            board = s.game.board
            for u in [u for u in s.units.values() if u.nation == s.nation and u.pos >= 0]:
                view = bot._view(s, u)
                for i in range(len(board.hexes)):
                    assert bot._hex_value(s, i, view) == bot._hex_score(s, i, view)[0]
                    checked += 1
        s.apply_unchecked(bots[s.current].choose(s))
    assert checked > 5_000


def test_declare_odds_are_reused_only_while_no_unit_moved_or_was_damaged():
    s = empty_state()
    car = put(s, "armoured_car", "DE", row(2))
    inf = put(s, "infantry", "FR", row(3), damage=1)
    s.phase = Phase.DECLARE
    bot = HeuristicBot(1)
    attack = Attack(car.id, inf.id)
    first = bot._attack_odds(s, attack)
    assert first == attack_odds(s, car.id, inf.id)
    assert bot._attack_odds(s, attack) is first  # nothing changed: the same object
    inf.damage = 4
    assert bot._attack_odds(s, attack) == attack_odds(s, car.id, inf.id) != first
