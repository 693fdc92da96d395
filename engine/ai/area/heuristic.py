"""The "heuristic" area AI: a one-ply player that plays for the victory points of 8.0.

Cities are what wins (a city taken is +1 victory point to the taker and -1 to the loser,
and 6 fronts held whole end the game at once), so every choice is scored by the cities it
can take or must guard:

- set-up and strategic transfer: an army goes where the alliance is short of armies against
  a front with cities to take or to keep (the "need" of a front: the other alliance's
  armies there + 1, weighted by the cities at stake; replacement cities count double); it
  leaves only a front with armies to spare;
- battle: the exact odds of engine.rules.area.odds (both sides leading with their strongest
  army, no marker) weigh the city it may take against the lead armies both sides risk; a
  battle is declared when that is worth more than `battle_threshold`, else the faction
  transfers an army where it is needed, else passes (it never starts a plain movement);
- in a battle: the strongest usable marker is played, the strongest army leads, a
  replacement city is taken first, a marker is always drawn after an 'S' and the weakest
  one discarded;
- after the Treaty of Brest-Litovsk it never takes an army out of a front where the treaty
  asks for a garrison if that would break it (8.1: breaking it loses the game); the German
  side offers the treaty only while its garrisons stand, and the eastern allies accept only
  an offer whose garrisons do not (it then ends the game in their favour);
- replacements: strongest armies first; turn order (variant): set up last, act first.

Ties are broken by the seeded RNG, so the bot is deterministic for a seed.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.area.base import AreaDecision, bot_actions
from engine.i18n import _
from engine.rules.area import battle
from engine.rules.area.actions import AreaAction
from engine.rules.area.odds import declared_odds
from engine.rules.area.state import AreaState
from engine.rules.dice import Dice, seed_state

LABEL = "heuristic"
REPLACEMENT_WEIGHT = 2.0  # a replacement city also cuts the loser's replacements (7.1)
ARMY_WEIGHT = 0.25  # an army's worth against a city's, per point of value + 1


class AreaHeuristicBot:
    """A seeded one-ply player of the area game; `decide(state)` returns an action and why."""

    label = LABEL

    def __init__(self, seed: int | str = 0, *, battle_threshold: float = 0.1) -> None:
        self.seed = seed
        self.battle_threshold = battle_threshold
        self.rng = Dice(seed_state(f"area-heuristic-bot:{seed}"))

    def choose(self, s: AreaState) -> AreaAction:
        """A legal action for the faction to act in `s`."""
        return self.decide(s).action

    def decide(self, s: AreaState) -> AreaDecision:
        """A legal action for the faction to act in `s`, with the reason for it."""
        actions = bot_actions(s)
        by_kind: dict[str, list[AreaAction]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        if s.phase == "turns" and s.step and "battle" in s.step:
            return self._battle_step(s, by_kind)
        if s.phase == "turns" and s.step and "transfer_from" in s.step:
            return self._transfer_more(s, by_kind)
        if s.phase == "turns" and s.step and "move_from" in s.step:
            return AreaDecision(AreaAction("end_move"), _("movement done"))
        if s.phase == "turns":
            return self._turn(s, by_kind)
        if s.phase == "setup":
            return self._setup(s, by_kind)
        if s.phase == "order":
            best = max(actions, key=lambda a: (a.setup_slot or 0, -(a.turn_slot or 0)))
            return AreaDecision(best, _("set up last, act first"))
        if s.phase == "victory":
            return self._capture(s, by_kind["capture"])
        if s.phase == "treaty":
            return self._treaty(s, by_kind)
        return self._replace(s, by_kind)

    # ------------------------------------------------------------------ helpers
    def _best(self, items: list[AreaAction],
              score: Callable[[AreaAction], float]) -> tuple[AreaAction, float]:
        """The highest-scoring item, ties broken by the seeded RNG."""
        scored = [(score(a), a) for a in items]
        top = max(v for v, _a in scored)
        tied = [a for v, a in scored if v == top]
        return tied[self.rng.below(len(tied))], top

    def _city_worth(self, s: AreaState, city: str) -> float:
        return REPLACEMENT_WEIGHT if _replacement(s, city) else 1.0

    def _stakes(self, s: AreaState, alliance: str, front: int) -> float:
        """The cities at stake for `alliance` in a front: those it may take there now and its
        own ones the other alliance may take."""
        g = s.game
        mine = _faction_of(s, alliance)
        theirs = _faction_of(s, g.other(alliance))
        take = sum(self._city_worth(s, c) for c in battle.capturable(s, mine, front))
        keep = sum(self._city_worth(s, c) for c in battle.capturable(s, theirs, front))
        return take + keep

    def _need(self, s: AreaState, alliance: str, front: int, extra: int = 0) -> float:
        """How much `alliance` wants one more army in a front (`extra` armies already on the
        way): the cities at stake there while it has no more armies than the other
        alliance; 0 when it already outnumbers them or nothing is at stake."""
        g = s.game
        stakes = self._stakes(s, alliance, front)
        if stakes == 0:
            return 0.0
        mine = len(s.alliance_armies(alliance, front)) + extra
        theirs = len(s.alliance_armies(g.other(alliance), front))
        short = theirs + 1 - mine
        return stakes * short if short > 0 else 0.0

    def _spare(self, s: AreaState, army: str) -> float:
        """What the alliance loses in the army's front when the army leaves it (an army
        that is needed there, or that the treaty's garrison duty holds, is not spare)."""
        g = s.game
        front = s.location[army]
        faction = g.armies[army].faction
        if _garrison_bound(s, faction, front):
            return float("inf")
        alliance = g.alliance[faction]
        return self._need(s, alliance, front, extra=-1)

    # ------------------------------------------------------------------ set-up
    def _setup(self, s: AreaState, by_kind: dict[str, list[AreaAction]]) -> AreaDecision:
        g = s.game
        assert s.actor is not None
        alliance = g.alliance[s.actor]
        if "place" in by_kind:
            def score(a: AreaAction) -> float:
                assert a.front is not None and a.army is not None
                return self._need(s, alliance, a.front) + g.armies[a.army].value / 10
            best, value = self._best(by_kind["place"], score)
            return AreaDecision(best, _("place {army} in front {front} (need {need:.1f})",
                                        army=best.army, front=best.front, need=value))
        if "place_dummy" in by_kind:
            best, _v = self._best(by_kind["place_dummy"],
                                  lambda a: self._stakes(s, alliance, a.front or 0))
            return AreaDecision(best, _("a dummy where cities are at stake"))
        return AreaDecision(by_kind["end_setup"][0], _("set-up done"))

    # ------------------------------------------------------------------ turns
    def _battle_worth(self, s: AreaState, front: int) -> float:
        g = s.game
        assert s.actor is not None
        odds = declared_odds(s, front)
        take = battle.capturable(s, s.actor, front)
        prize = max((self._city_worth(s, c) for c in take), default=0.0)
        if not take and battle.all_taken(s, s.actor, front):
            prize = 0.5  # a capitulation point for the defender (6.5.2)
        if odds.undefended:
            return prize
        att, dfd = battle.sides(s, front)
        lead_att = max(g.armies[a].value for a in att)
        lead_dfd = max(g.armies[a].value for a in dfd)
        win, tie, lose = (float(odds.attacker_wins), float(odds.tie),
                          float(odds.defender_wins))
        return (win * prize + ARMY_WEIGHT * ((win + tie) * (lead_dfd + 1)
                                             - (tie + lose) * (lead_att + 1)))

    def _turn(self, s: AreaState, by_kind: dict[str, list[AreaAction]]) -> AreaDecision:
        g = s.game
        assert s.actor is not None
        if "battle" in by_kind:
            best, worth = self._best(by_kind["battle"],
                                     lambda a: self._battle_worth(s, a.front or 0))
            if worth > self.battle_threshold:
                odds = declared_odds(s, best.front or 0)
                return AreaDecision(best, _("battle in front {front}: wins {win:.0%}, worth "
                                            "{worth:.2f}", front=best.front,
                                            win=float(odds.attacker_wins), worth=worth))
        if "transfer" in by_kind:
            alliance = g.alliance[s.actor]

            def gain(a: AreaAction) -> float:
                assert a.front is not None and a.army is not None
                return (self._need(s, alliance, a.front) - self._spare(s, a.army)
                        + g.armies[a.army].value / 10)
            best, value = self._best(by_kind["transfer"], gain)
            if value > 0.5:
                return AreaDecision(best, _("transfer {army} to front {front}, where it is "
                                            "needed", army=best.army, front=best.front))
        return AreaDecision(AreaAction("pass"), _("nothing worth doing"))

    def _transfer_more(self, s: AreaState,
                       by_kind: dict[str, list[AreaAction]]) -> AreaDecision:
        g = s.game
        assert s.step is not None and s.actor is not None
        alliance = g.alliance[s.actor]
        to = s.step["transfer_to"]
        if "transfer_more" in by_kind:
            best, value = self._best(by_kind["transfer_more"],
                                     lambda a: self._need(s, alliance, to)
                                     - self._spare(s, a.army or ""))
            if value > 0:
                return AreaDecision(best, _("{army} goes along to front {front}",
                                            army=best.army, front=to))
        return AreaDecision(AreaAction("end_transfer"), _("transfer done"))

    # ------------------------------------------------------------------ battles
    def _battle_step(self, s: AreaState,
                     by_kind: dict[str, list[AreaAction]]) -> AreaDecision:
        g = s.game
        if "roll_battle" in by_kind:
            return AreaDecision(AreaAction("roll_battle"), _("roll the battle"))
        if "play_marker" in by_kind:
            best, value = self._best(by_kind["play_marker"],
                                     lambda a: g.markers[a.target or ""].value)
            if value > 0 or "no_marker" not in by_kind:
                return AreaDecision(best, _("play the strongest marker"))
            return AreaDecision(AreaAction("no_marker"), _("no marker worth playing"))
        if "no_marker" in by_kind:
            return AreaDecision(AreaAction("no_marker"), _("no marker to play"))
        if "lead" in by_kind:
            best, _v = self._best(by_kind["lead"], lambda a: g.armies[a.army or ""].value)
            return AreaDecision(best, _("{army} leads: the strongest", army=best.army))
        if "capture" in by_kind:
            return self._capture(s, by_kind["capture"])
        if "draw" in by_kind:
            return AreaDecision(AreaAction("draw"), _("draw a battle marker"))
        if "return_drawn" in by_kind:
            return AreaDecision(AreaAction("return_drawn"), _("a marker no army can use"))
        best, _v = self._best(by_kind["discard"], lambda a: -g.markers[a.target or ""].value)
        return AreaDecision(best, _("give back the weakest marker"))

    def _capture(self, s: AreaState, captures: list[AreaAction]) -> AreaDecision:
        best, _v = self._best(captures, lambda a: self._city_worth(s, a.target or ""))
        return AreaDecision(best, _("take {city}", city=best.target))

    # ------------------------------------------------------------------ round end
    def _treaty(self, s: AreaState, by_kind: dict[str, list[AreaAction]]) -> AreaDecision:
        broken = _garrisons_broken(s)
        if "offer_treaty" in by_kind:
            if broken:
                return AreaDecision(AreaAction("no_treaty"),
                                    _("no treaty: its garrisons are not in place"))
            return AreaDecision(AreaAction("offer_treaty"),
                                _("offer the treaty: its garrisons stand"))
        if broken:
            return AreaDecision(AreaAction("accept_treaty"),
                                _("accept: the other side cannot keep its garrisons"))
        return AreaDecision(AreaAction("refuse_treaty"), _("refuse the treaty"))

    def _replace(self, s: AreaState, by_kind: dict[str, list[AreaAction]]) -> AreaDecision:
        if "replace" in by_kind:
            best, _v = self._best(by_kind["replace"],
                                  lambda a: s.game.armies[a.army or ""].value)
            return AreaDecision(best, _("replace {army}: the strongest", army=best.army))
        return AreaDecision(AreaAction("end_replacements"), _("replacements done"))


def _replacement(s: AreaState, city: str) -> bool:
    return any(c.id == city and c.replacement for c in s.game.map.cities)


def _faction_of(s: AreaState, alliance: str) -> str:
    """A faction of the alliance (battle.capturable only asks for its alliance)."""
    return next(f for f, a in s.game.alliance.items() if a == alliance)


def _garrison_bound(s: AreaState, faction: str, front: int) -> bool:
    """Whether losing one of the faction's armies in the front would break a garrison duty of
    the treaty: once it is accepted, and in the rounds it may be offered."""
    bl = s.game.ruleset.brest_litovsk
    if not (s.treaty == "accepted" or (s.treaty is None and s.round in bl.rounds)):
        return False
    return any(d.faction == faction and front in d.fronts
               and len(s.armies_of(faction, front)) <= d.armies for d in bl.garrisons)


def _garrisons_broken(s: AreaState) -> bool:
    """Whether a garrison the treaty asks for is not in place now."""
    return any(len(s.armies_of(d.faction, front)) < d.armies
               for d in s.game.ruleset.brest_litovsk.garrisons for front in d.fronts)

