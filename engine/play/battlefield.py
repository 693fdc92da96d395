"""Fighting a Der Erste Weltkrieg battle on its Trench Club battlefield (issue 17 item 7),
Qt-free: which battle waits for it, the play-test options of the linked scenario with the two
sides mapped, and the area result of the finished Trench Club game.

The sides map by alliance: the Central Powers (area factions germans and german_allies) are
the hex team `central` (Germany, Austria-Hungary); the Entente (western_allies and
eastern_allies) is the hex team `entente` (France, Britain). The battlefield scenario keeps its
own seats and nations; the attacker's team is played by humans, the defender's too unless the
area play-test lets the AI play the other side.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.content.area_loading import battlefield_path
from engine.play.setup import HUMAN, PlaytestOptions, options_from_scenario
from engine.rules.area import battle
from engine.rules.area.actions import AreaAction
from engine.rules.area.state import AreaState

HEX_TEAM = {"central": "central", "allies": "entente"}  # area alliance -> hex team
AREA_ALLIANCE = {team: alliance for alliance, team in HEX_TEAM.items()}
AI = "random"


@dataclass(frozen=True)
class PendingBattle:
    """A declared battle on a linked front, waiting to be rolled or fought on its battlefield."""

    front: int
    attacker: str  # faction
    defender: str  # faction
    attacking: str  # alliance: "central" or "allies"
    defending: str
    scenario: Path  # the Trench Club scenario file
    step: int  # actions taken so far: a result is only for this very battle


def pending_battle(s: AreaState, map_path: Path | None) -> PendingBattle | None:
    """The battle waiting for `roll_battle` or `resolve_battle`, with its battlefield scenario
    (relative to the area map file `map_path`); None when no such battle waits."""
    if battle.resolve_problem(s) is not None:
        return None
    assert s.step is not None
    b = s.step["battle"]
    ref = s.game.map.front(b["front"]).battlefield
    assert ref is not None
    alliance = s.game.alliance
    return PendingBattle(b["front"], b["attacker"], b["defender"], alliance[b["attacker"]],
                         alliance[b["defender"]], battlefield_path(map_path, ref),
                         len(s.history))


def battlefield_options(pending: PendingBattle, seed: int | str,
                        ai_defends: bool = False) -> PlaytestOptions:
    """The play-test options of the battlefield scenario: its seats, half, ruleset and
    variants; humans play the attacker's team, and the defender's unless `ai_defends` (then
    the random AI). Raises engine.content.ContentError (located) when the scenario cannot be
    read."""
    options = options_from_scenario(pending.scenario, seed=seed)
    defending = HEX_TEAM[pending.defending]
    for seat in options.seats:
        seat.controller = AI if ai_defends and seat.team == defending else HUMAN
    return options


def area_result(winner_team: str | None) -> AreaAction:
    """The area action that enters a finished Trench Club game's result: the winning hex
    team's alliance, or a draw when no team won."""
    return AreaAction("resolve_battle", target=AREA_ALLIANCE.get(winner_team or "", "draw"))
