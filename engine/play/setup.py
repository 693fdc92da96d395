"""Qt-free play-test set-up: the options a designer picks and the in-memory Scenario they make.

When the map was opened through a scenario, `options_from_scenario` takes that scenario's
catalog, ruleset, variants, seats, money, objectives and events, so the play-test is exactly
what is open. `start_problems` asks the engine's content validation whether a start can work.
The map is deep-copied, so the game never shares objects with the document being edited.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar, cast

from engine.ai.registry import UnknownAIError
from engine.ai.registry import resolve as resolve_ai
from engine.content import (
    ContentError,
    check_map,
    check_scenario,
    load_catalog,
    load_file,
    load_ruleset,
    save_document,
    scenario_reference,
    scenario_to_dict,
)
from engine.content.problems import Problem, error
from engine.i18n import _
from engine.model import Catalog, GameMap, Ruleset, Scenario, Seat
from engine.paths import CONTENT_DIR
from engine.rules.coop import solo_opponent
from engine.rules.variants import VARIANTS, StartWithSpecialUnit

RULESETS_DIR = CONTENT_DIR / "rulesets"
BASE_CATALOG = CONTENT_DIR / "catalog" / "base.catalog.yaml"
# Ruleset variants the rules engine plays (its registry; the others have no effect yet).
SUPPORTED_VARIANTS = tuple(k for k, cls in VARIANTS.items() if cls.implemented)
NATIONS = ("DE", "AH", "FR", "GB")
TEAM_OF = {"DE": "central", "AH": "central", "FR": "entente", "GB": "entente"}
NATION_NAMES = {"DE": "Germany", "AH": "Austria-Hungary", "FR": "France", "GB": "Britain"}
T = TypeVar("T")
HALVES = ("half_1_6", "half_7_12")
HUMAN = "human"
START_SPECIAL = StartWithSpecialUnit.id


@dataclass
class SeatChoice:
    """One seat: nation and controller ("human" or an AI kind of `engine.ai.registry`;
    "ai", the older name, is the random bot)."""

    nation: str
    controller: str = "human"
    partner: str | None = None  # co-op: the ally playing this seat with `nation`

    @property
    def team(self) -> str:
        """The nation's team (central powers or entente)."""
        return TEAM_OF[self.nation]

    @property
    def label(self) -> str:
        """"France" or, for a co-op seat, "France + Britain (together, hot-seat)"."""
        name = NATION_NAMES.get(self.nation, self.nation)
        if self.partner is None:
            return name
        return f"{name} + {NATION_NAMES.get(self.partner, self.partner)} (together, hot-seat)"


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
    starting_money: dict[str, int] = field(default_factory=dict)
    # The scenario these options were read from (its briefing, objectives and events are
    # played too); None for a map opened alone.
    scenario: Scenario | None = None
    scenario_path: Path | None = None

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
            if s.partner is not None:
                if self.players != 2:
                    out.append("co-op (two allies in one seat) is a 2-player game")
                elif s.partner in nations or TEAM_OF.get(s.partner) != TEAM_OF.get(s.nation):
                    out.append(f"seat {s.nation}: the co-op partner must be its ally without "
                               "a seat of its own (FR+GB or DE+AH)")
                elif solo_opponent(s.controller):
                    out.append(f"seat {s.nation}: {s.controller} plays one nation; give the "
                               "co-op partner to the humans' seat")
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
        if not Path(self.catalog).is_file():
            out.append(f"catalog {self.catalog} does not exist")
        return out


def options_from_scenario(path: Path, seed: int | str = 1,
                          setup: str = "quick") -> PlaytestOptions:
    """The play-test options a scenario file sets: its seats, half, ruleset, catalog,
    variants and starting money; raises ContentError with located problems when the scenario
    cannot be read or its references do not resolve."""
    loaded = load_file(path, "scenario")
    scenario = loaded.model
    if loaded.document is None or not isinstance(scenario, Scenario):
        raise ContentError(loaded.problems or [error(
            "scenario.unreadable", _("{path}: not a scenario", path=path),
            _("open a .scenario.yaml file"),
            file=str(path))])
    refs = {key: scenario_reference(loaded.document, key) for key in ("ruleset", "catalog")}
    missing = [key for key, ref in refs.items() if ref is None or not ref.is_file()]
    if missing:
        raise ContentError([p for p in loaded.problems if p.is_error] or [error(
            "scenario.missing_reference",
            _("{path}: the {missing} file does not exist", path=path, missing=missing[0]),
            _("fix '{missing}' in the scenario", missing=missing[0]), file=str(path),
            pointer=f"/{missing[0]}")])
    ruleset, catalog = refs["ruleset"], refs["catalog"]
    assert ruleset is not None and catalog is not None
    return PlaytestOptions(
        players=scenario.players, half=scenario.half,
        seats=[SeatChoice(s.nation, s.controller, s.partner)
               for s in sorted(scenario.seats, key=lambda s: s.seat)],
        ruleset=ruleset, catalog=catalog, seed=seed, setup=setup,
        variants=tuple(scenario.variants), starting_money=dict(scenario.starting_money),
        scenario=scenario, scenario_path=Path(path).resolve())


def available_rulesets() -> list[Path]:
    """The ruleset editions in content/rulesets/."""
    return sorted(RULESETS_DIR.glob("*.ruleset.yaml"))


def project_files(map_path: Path | None, kind: str) -> list[Path]:
    """The `kind` files ("catalog" or "ruleset") of the content folder a map lives in: beside
    the map and in the folder's catalog/ and rulesets/ (a designer's own units and editions,
    which the play-test and a scenario saved from it must be able to use)."""
    if map_path is None:
        return []
    root = Path(map_path).resolve().parent.parent
    folders = (Path(map_path).resolve().parent, root / "catalog", root / "rulesets", root)
    found = {f for d in folders if d.is_dir() for f in d.glob(f"*.{kind}.yaml")}
    return sorted(found)


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
    return _scenario(game_map, options, ruleset, catalog)


def _scenario(game_map: GameMap, options: PlaytestOptions, ruleset: Ruleset | None,
              catalog: Catalog | None) -> Scenario:
    seats = [Seat(i + 1, s.nation, s.team, s.controller, s.partner)
             for i, s in enumerate(options.seats)]
    the_map = copy.deepcopy(game_map)
    src = options.scenario
    return Scenario(
        id=src.id if src else "playtest",
        name=dict(src.name) if src else {"de": f"Spieltest: {the_map.name_de or the_map.name}",
                                         "en": f"Play-test of {the_map.name}"},
        map_ref=src.map_ref if src else f"{the_map.id}.map.yaml",
        ruleset_ref=str(options.ruleset),
        catalog_ref=str(options.catalog),
        players=options.players,
        seats=seats,
        half=options.half if options.players == 2 else None,
        starting_money=dict(options.starting_money),
        briefing=dict(src.briefing) if src else {},
        objectives=copy.deepcopy(src.objectives) if src else [],
        events=copy.deepcopy(src.events) if src else {"version": 1, "triggers": []},
        units=copy.deepcopy(src.units) if src else [],
        map=the_map,
        ruleset=ruleset,
        catalog=catalog,
    )


def special_unit_choices(catalog: Catalog, nation: str) -> list[str]:
    """The special unit types `nation` may start with (start-with-special-unit variant)."""
    return [u.id for u in StartWithSpecialUnit().starter_pool(catalog, nation)]


# (path, mtime) -> loaded ruleset or catalog: the dialog re-validates on every change.
_LOADED: dict[tuple[Path, int], object] = {}


def _cached(path: Path, loader: Callable[[Path], T]) -> T | None:
    try:
        key = (path.resolve(), path.stat().st_mtime_ns)
    except OSError:
        return None
    if key not in _LOADED:
        try:
            _LOADED[key] = loader(path)
        except (ContentError, OSError):
            return None
    return cast(T, _LOADED[key])


def start_problems(game_map: GameMap, options: PlaytestOptions) -> list[Problem]:
    """Why a play-test with these options on this map cannot work (errors) or may surprise
    (warnings), as the engine's scenario validation sees it: seats, the 2-player half and its
    start numbers, forts needed to win, variants, catalog fit. A problem about the half points
    at the half's region on the map when the map has it, so a click can show it."""
    out: list[Problem] = []
    ruleset = _cached(Path(options.ruleset), load_ruleset)
    if ruleset is None:
        out.append(error("playtest.ruleset",
                         _("the ruleset {ruleset} cannot be loaded", ruleset=options.ruleset),
                         _("fix it or pick another edition"), pointer="/ruleset"))
    catalog = _cached(Path(options.catalog), load_catalog)
    if catalog is None:
        out.append(error("playtest.catalog",
                         _("the catalog {catalog} cannot be loaded", catalog=options.catalog),
                         _("fix it in the catalog file"), pointer="/catalog"))
    scenario = _scenario(game_map, options, ruleset, catalog)
    scenario.variants = list(options.variants)
    regions = {r.id: i for i, r in enumerate(game_map.regions)}
    for p in check_scenario(scenario, scenario.map, ruleset, catalog):
        if p.pointer == "/half" and options.half in regions:
            p = p.located(pointer=f"/regions/{regions[options.half]}")
        elif p.code == "scenario.unknown_region":
            p = p.located(hint=_("{hint}; paint a region '{half}' on the map (see "
                                 "docs/validation.md) or play with 4 players", hint=p.hint,
                                 half=options.half))
        out.append(p)
    return out


def engine_variants(options: PlaytestOptions, ruleset_variants: dict) -> tuple[str, ...]:
    """The chosen variants the engine supports and the ruleset knows, in a stable order."""
    return tuple(v for v in SUPPORTED_VARIANTS if v in options.variants and v in ruleset_variants)


def _relative(target: Path, base: Path) -> str:
    return Path(os.path.relpath(Path(target).resolve(), base.resolve())).as_posix()


def scenario_file_data(options: PlaytestOptions, map_path: Path, path: Path,
                       map_name: str = "", map_name_de: str = "") -> dict:
    """The scenario file (data) the options make for the map file at `map_path`, to be
    written at `path`: references relative to it, seats, half, variants and money; no
    objectives, so the ruleset's victory conditions apply."""
    stem = path.name.split(".")[0]
    sid = re.sub(r"[^a-z0-9_-]+", "_", stem.lower()).strip("_")[:64] or "scenario"
    title = map_name or stem
    scenario = Scenario(
        id=sid, name={"de": map_name_de or title, "en": title},
        map_ref=_relative(map_path, path.parent),
        ruleset_ref=_relative(options.ruleset, path.parent),
        catalog_ref=_relative(options.catalog, path.parent),
        players=options.players,
        seats=[Seat(i + 1, s.nation, s.team, s.controller, s.partner)
               for i, s in enumerate(options.seats)],
        half=options.half if options.players == 2 else None,
        starting_money=dict(options.starting_money),
        variants=list(options.variants))
    return scenario_to_dict(scenario)


def save_scenario_file(options: PlaytestOptions, map_path: Path, path: Path,
                       map_name: str = "", map_name_de: str = "") -> list[Problem]:
    """Write the scenario the options make (atomically) and return the problems the loading
    pipeline finds in the written file (errors mean it cannot be played or packed yet)."""
    save_document(scenario_file_data(options, map_path, path, map_name, map_name_de), path)
    return load_file(path, "scenario").problems
