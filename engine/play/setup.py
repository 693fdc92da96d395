"""Qt-free play-test set-up: the options a designer picks and the in-memory Scenario they make.

The map is deep-copied, so the game never shares objects with the document being edited.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from engine.ai.registry import UnknownAIError
from engine.ai.registry import resolve as resolve_ai
from engine.content import check_map, load_catalog, load_ruleset
from engine.content.problems import Problem
from engine.model import Catalog, GameMap, Scenario, Seat
from engine.paths import CONTENT_DIR
from engine.rules.variants import VARIANTS, StartWithSpecialUnit

RULESETS_DIR = CONTENT_DIR / "rulesets"
BASE_CATALOG = CONTENT_DIR / "catalog" / "base.catalog.yaml"
# Ruleset variants the rules engine plays (its registry; the others have no effect yet).
SUPPORTED_VARIANTS = tuple(k for k, cls in VARIANTS.items() if cls.implemented)
NATIONS = ("DE", "AH", "FR", "GB")
TEAM_OF = {"DE": "central", "AH": "central", "FR": "entente", "GB": "entente"}
NATION_NAMES = {"DE": "Germany", "AH": "Austria-Hungary", "FR": "France", "GB": "Britain"}
HALVES = ("half_1_6", "half_7_12")
HUMAN = "human"
START_SPECIAL = StartWithSpecialUnit.id


@dataclass
class SeatChoice:
    """One seat: nation and controller ("human" or an AI kind of `engine.ai.registry`;
    "ai", the older name, is the random bot)."""

    nation: str
    controller: str = "human"

    @property
    def team(self) -> str:
        """The nation's team (central powers or entente)."""
        return TEAM_OF[self.nation]


@dataclass
class PlaytestOptions:
    """Everything the play-test dialog asks for."""

    players: int = 2
    half: str | None = "half_1_6"
    seats: list[SeatChoice] = field(
        default_factory=lambda: [SeatChoice("DE"), SeatChoice("FR")]
    )
    ruleset: Path = RULESETS_DIR / "current.ruleset.yaml"
    catalog: Path = BASE_CATALOG
    seed: int | str = 1
    setup: str = "quick"
    variants: tuple[str, ...] = ()
    # Start-with-special-unit variant: per nation the special unit type it starts with; a
    # nation left out draws one with the seed.
    special_units: dict[str, str] = field(default_factory=dict)

    def problems(self) -> list[str]:
        """Why these options cannot start a game (empty when they can)."""
        out = []
        if self.players not in (2, 4):
            out.append(f"a game has 2 or 4 players, not {self.players}")
        if len(self.seats) != self.players:
            out.append(f"{self.players} players need {self.players} seats, got {len(self.seats)}")
        nations = [s.nation for s in self.seats]
        if len(set(nations)) != len(nations):
            out.append("every seat needs a different nation")
        if any(n not in TEAM_OF for n in nations):
            out.append(f"nations are {', '.join(NATIONS)}")
        if len({TEAM_OF.get(n) for n in nations}) != 2:
            out.append("the seats must form two teams (central powers and entente)")
        for s in self.seats:
            if s.controller != HUMAN:
                try:
                    resolve_ai(s.controller)
                except UnknownAIError as exc:
                    out.append(f"seat {s.nation}: {exc}")
        if self.players == 4 and self.half:
            out.append("a half of the map is only for 2 players")
        if self.setup not in ("full", "quick"):
            out.append("setup is full or quick")
        if not Path(self.ruleset).is_file():
            out.append(f"ruleset {self.ruleset} does not exist")
        return out


def available_rulesets() -> list[Path]:
    """The ruleset editions in content/rulesets/."""
    return sorted(RULESETS_DIR.glob("*.ruleset.yaml"))


def map_problems(game_map: GameMap) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) of the map: errors block a play-test, warnings do not."""
    problems = check_map(game_map)
    return ([p for p in problems if p.is_error], [p for p in problems if not p.is_error])


def build_scenario(game_map: GameMap, options: PlaytestOptions) -> Scenario:
    """An in-memory Scenario of a copy of `game_map` with the chosen ruleset and catalog.

    Raises ValueError with the reasons when the options are inconsistent and
    engine.content.ContentError when the ruleset or catalog cannot be loaded.
    """
    reasons = options.problems()
    if reasons:
        raise ValueError("; ".join(reasons))
    ruleset = load_ruleset(options.ruleset)
    catalog = load_catalog(options.catalog)
    if options.special_units and START_SPECIAL in ruleset.variants:
        params = dict(ruleset.variants[START_SPECIAL])
        params.update(mode="choose", units=dict(options.special_units))
        ruleset.variants = {**ruleset.variants, START_SPECIAL: params}
        starter = StartWithSpecialUnit(params)
        bad = [p for n, t in options.special_units.items()
               if (p := starter.choice_problem(catalog, n, t)) is not None]
        if bad:
            raise ValueError("; ".join(bad))
    seats = [Seat(i + 1, s.nation, s.team, s.controller) for i, s in enumerate(options.seats)]
    the_map = copy.deepcopy(game_map)
    return Scenario(
        id="playtest",
        name={"de": f"Spieltest: {the_map.name}", "en": f"Play-test of {the_map.name}"},
        map_ref=f"{the_map.id}.map.yaml",
        ruleset_ref=str(options.ruleset),
        catalog_ref=str(options.catalog),
        players=options.players,
        seats=seats,
        half=options.half if options.players == 2 else None,
        map=the_map,
        ruleset=ruleset,
        catalog=catalog,
    )


def special_unit_choices(catalog: Catalog, nation: str) -> list[str]:
    """The special unit types `nation` may start with (start-with-special-unit variant)."""
    return [u.id for u in StartWithSpecialUnit().starter_pool(catalog, nation)]


def engine_variants(options: PlaytestOptions, ruleset_variants: dict) -> tuple[str, ...]:
    """The chosen variants the engine supports and the ruleset knows, in a stable order."""
    return tuple(v for v in SUPPORTED_VARIANTS if v in options.variants and v in ruleset_variants)
