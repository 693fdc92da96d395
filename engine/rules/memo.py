"""What a phase's action listing found once and may reuse while the position stays the same.

The random players list the declare and money phases' actions again after every action of
the phase; most of what a listing computes (which attacker reaches which target) does not
change when the action applied in between is one the listing proved harmless (an attack
changes only `attacked`, `armies_moved` and the declarations). A `PhaseMemo` keeps such
facts for one state and one turn phase and is dropped as soon as any other action is
applied.

Why it cannot go stale:
- it belongs to the `units` dictionary of the state that made it: a clone, a state loaded
  from a save or unpickled with another dictionary never reads another state's memo;
- it holds for one (round, player to act, phase) only;
- it counts the history: every action applied since must be one of the `harmless` kinds,
  and the scenario must run nothing after an action (`Game.scenario_inert`: no trigger can
  place a unit or change a fort in between);
- a unit added or removed by hand (a test fixture) changes the counts it keeps.
Code that moves units by hand, outside `State.apply_*`, sets `s.phase_memo = None` before it
lists again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.rules.state import State


class PhaseMemo:
    """Facts `kind` found about one state's position in one turn phase."""

    __slots__ = ("harmless", "kind", "seen", "turn", "units", "value")

    def __init__(self, s: State, kind: str, value: Any, harmless: tuple[type, ...]) -> None:
        self.kind = kind
        self.units = s.units  # the owner: another state has another dictionary
        self.turn = (s.round, s.current, s.phase, len(s.units), len(s.occ))
        self.seen = len(s.history)
        self.value = value
        self.harmless = harmless


def recall(s: State, kind: str) -> Any:
    """The value `remember(s, kind, …)` stored, or None when the position may have changed
    since (another state, turn or phase, or an action that is not harmless was applied)."""
    m = s.phase_memo
    if m is None or m.kind != kind or m.units is not s.units \
            or m.turn != (s.round, s.current, s.phase, len(s.units), len(s.occ)):
        return None
    history = s.history
    if len(history) != m.seen:
        if len(history) < m.seen or not s.game.scenario_inert:
            return None
        harmless = m.harmless
        for a in history[m.seen:]:
            if type(a) not in harmless:
                return None
        m.seen = len(history)
    return m.value


def remember(s: State, kind: str, value: Any, harmless: tuple[type, ...]) -> None:
    """Keep `value` for `s` until an action other than the `harmless` kinds is applied."""
    s.phase_memo = PhaseMemo(s, kind, value, harmless)
