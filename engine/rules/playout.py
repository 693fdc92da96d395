"""A seeded random player, for property tests, benchmarks and smoke runs.

It picks a random own unit and one of its legal moves (cheaper than listing every action of
every unit), declares random legal attacks, buys and repairs at random, and ends each phase
after a few actions. After `max_rounds` rounds the player to act surrenders, so every game
ends.
"""

from __future__ import annotations

from engine.gcpause import gc_paused
from engine.rules.actions import Action, EndPhase, Move, Surrender
from engine.rules.dice import Dice, seed_state
from engine.rules.movement import choices_of_movable
from engine.rules.state import State


def random_action(s: State, rng: Dice, max_actions_per_phase: int = 6) -> Action:
    """A random legal action of the player to act."""
    if s.phase == "move" and s.pending_unload is None:
        movable = s.movable_units()
        if movable and rng.below(max_actions_per_phase) != 0:
            u = movable[rng.below(len(movable))]
            moves, specials = choices_of_movable(s, u)  # = s.legal_moves(u), split by kind
            if specials and rng.below(3) == 0:
                return specials[rng.below(len(specials))].action()
            if moves:
                return Move(u.id, moves[rng.below(len(moves))])
        return EndPhase()
    if s.phase in ("declare", "money"):
        useful = s.phase_actions()  # = legal_actions() without end_phase, surrender and gift
        if useful and rng.below(max_actions_per_phase) != 0:
            return useful[rng.below(len(useful))]
        return EndPhase()
    actions = s.legal_actions()
    choices = [a for a in actions if a.verb != "surrender"] or actions
    return choices[rng.below(len(choices))]


def play_random(s: State, seed: int | str = 0, max_rounds: int = 30,
                checked: bool = False) -> State:
    """Play `s` to the end with random legal actions; returns `s`."""
    rng = Dice(seed_state(f"player:{seed}"))
    explicit = s.game.explicit_chance
    # without explicit chance nothing waits at a chance node: apply_unchecked's test skipped
    apply = (s.apply_action if checked else
             s.apply_unchecked if explicit else s.apply_unchecked_now)
    # A game allocates many short-lived containers and few cycles: the collector's runs
    # during it cost more than they free (as in engine.ai.simulate).
    with gc_paused():
        while not s.is_terminal():
            if explicit and s.is_chance_node():  # roll as the automatic game would
                s.apply_chance(s.sample_chance())
                continue
            if s.round > max_rounds:
                apply(Surrender())
                break
            apply(random_action(s, rng))
    return s
