"""The stopwatch of a play-test (002/003 "Stoppuhr"): time left in a turn's move and declare
phases. Qt-free and clock-agnostic: the caller passes the current time (e.g.
`time.monotonic()`), so tests and replays need no real clock. The limit itself is rules data
(`Game.turn_seconds`, the stopwatch variant); drawing the clock is the UI's business.
"""

from __future__ import annotations

from engine.rules.state import State

TIMED_PHASES = ("move", "declare")


class TurnClock:
    """Counts down the timed phases of each turn; restarts when a new turn begins."""

    def __init__(self) -> None:
        self._turn: tuple[int, int] | None = None
        self._started = 0.0

    def seconds_left(self, state: State, now: float) -> float | None:
        """Seconds left for the player to act, 0 when the time is up, or None when this turn
        is not timed (no stopwatch variant, or a phase the stopwatch does not limit)."""
        limit = state.game.turn_seconds(state.round)
        if limit is None or state.is_terminal() or state.phase not in TIMED_PHASES:
            return None
        turn = (state.round, state.current)
        if turn != self._turn:
            self._turn, self._started = turn, now
        return min(float(limit), max(0.0, limit - (now - self._started)))

    @staticmethod
    def text(seconds: float | None) -> str:
        """The clock as the play-test shows it: `m:ss`, or "" when untimed."""
        if seconds is None:
            return ""
        whole = int(seconds + 0.999)  # show 0:01 until the last fraction has run out
        return f"{whole // 60}:{whole % 60:02d}"
