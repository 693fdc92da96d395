"""Who plays each seat of an area play-test: a person or an area AI (engine.ai.area), and the
AI's turns played with a note of each decision for the log. Qt-free; the area play-test
window (editor/area/playtest.py) shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.area.base import AreaBot, AreaDecision, bot_actions
from engine.ai.area.registry import make_bot, resolve
from engine.i18n import _
from engine.rules.area.actions import AreaAction
from engine.rules.area.state import AreaState
from engine.rules.dice import Dice, seed_state

MAX_AI_STEPS = 20_000  # more than any whole game: a safety net, never reached by the bots


@dataclass(frozen=True)
class AINote:
    """One AI decision: where the log stood before it, the round, the seat, faction and AI
    kind that took it, the action and the bot's reason."""

    log_at: int
    round: int
    seat: int
    faction: str
    kind: str
    action: AreaAction
    why: str


class AreaSeats:
    """The AI kind of each seat (None: a person plays it), each AI seat's own seeded bot, and
    the notes of every AI decision taken so far."""

    def __init__(self, seats: int, seed: int | str) -> None:
        self.seed = seed
        self.kinds: list[str | None] = [None] * seats
        self.bots: list[AreaBot | None] = [None] * seats
        self.notes: list[AINote] = []
        # "AI move" on a person's seat: a uniform legal choice from the play-test's seed, as
        # the play-test made it before AI seats existed (so its games stay the same)
        self._hint = Dice(seed if isinstance(seed, int) else seed_state(str(seed)))

    def set_kind(self, seat: int, kind: str | None) -> None:
        """Let AI `kind` play `seat` (None: a person); a new kind gets a fresh seeded bot."""
        if kind is not None:
            resolve(kind)
        if kind != self.kinds[seat]:
            self.kinds[seat] = kind
            self.bots[seat] = None if kind is None else make_bot(kind, f"{self.seed}:{seat}")

    def is_ai(self, seat: int) -> bool:
        """Whether an AI plays `seat`."""
        return self.kinds[seat] is not None

    def ai_to_act(self, s: AreaState) -> bool:
        """Whether the game runs and an AI seat is to decide."""
        if s.is_terminal() or s.is_chance_node():
            return False
        return self.is_ai(s.current_player())

    def step(self, s: AreaState) -> AINote:
        """One decision for the faction to act: by its seat's AI, or by the random AI when a
        person plays that seat (the "AI move" button); noted and applied."""
        seat = s.current_player()
        bot = self.bots[seat]
        kind = self.kinds[seat] or "random"
        if bot is None:
            actions = bot_actions(s)
            decision = AreaDecision(actions[self._hint.below(len(actions))], _("random choice"))
        else:
            decision = bot.decide(s)
        note = AINote(len(s.log), s.round, seat, str(s.actor), kind, decision.action,
                      decision.why)
        s.apply_action(decision.action)
        self.notes.append(note)
        return note

    def play(self, s: AreaState) -> list[AINote]:
        """Let the AI seats decide until a person's seat is to act or the game ends."""
        out = []
        while self.ai_to_act(s) and len(out) < MAX_AI_STEPS:
            out.append(self.step(s))
        return out
