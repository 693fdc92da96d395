"""`Game`: the static rules of one scenario (map, ruleset, catalog, seats, options)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.hexes import Hex
from engine.hexset import HexSet
from engine.i18n import _, register_unit_names
from engine.model import Scenario, UnitType
from engine.rules import automa, combat, enemy_table, scenario_runtime
from engine.rules import coop as coop_module
from engine.rules import variants as variants_module
from engine.rules.abilities import ABILITIES, powers
from engine.rules.board import Board
from engine.rules.errors import UnplayedVariantError
from engine.rules.state import State
from engine.rules.trenches import Trenches
from engine.rules.variants import UnknownVariantError, Variant, plain

SETUP_MODES = ("full", "quick")


@lru_cache(maxsize=64)
def _hexes_of_runs(runs: tuple[tuple[int, int, int], ...]) -> frozenset[Hex]:
    """The hexes of `HexSet` runs (r, first_q, last_q) as one frozenset: the games of one
    scenario share it, so a new game neither builds a Hex per hex of its half nor hashes
    them again to find its board."""
    return frozenset(Hex(q, r) for r, first, last in runs for q in range(first, last + 1))


class ScenarioError(ValueError):
    """A scenario the engine cannot play (missing parts, too few start numbers, …)."""


class Game:
    """Rules and content of one scenario; creates `State`s.

    Options: `seed` (int or text) seeds every die of the game, `setup` is "full" (players
    assign and place their armies with actions) or "quick" (armies grouped and placed
    automatically: from `groups` when given, else at random), `variants` switches on extra
    ruleset variants beside the scenario's own. `explicit_chance` makes states stop at chance
    nodes (OpenSpiel style: `is_chance_node`, `chance_outcomes`, `apply_chance`) instead of
    rolling the seeded dice inside `apply_action` (engine.rules.chance). `coop` ("FR+GB")
    seats two allies in one seat (engine.rules.coop); `controllers` (nation -> "human" or an
    AI kind) replaces the scenario's seat controllers (the Automa's rules follow them).
    """

    def __init__(
        self,
        scenario: Scenario,
        *,
        seed: int | str = 0,
        setup: str = "full",
        variants: tuple[str, ...] | list[str] = (),
        groups: dict[str, list[list[str]]] | None = None,
        explicit_chance: bool = False,
        coop: str | None = None,
        controllers: dict[str, str] | None = None,
    ) -> None:
        if scenario.map is None or scenario.ruleset is None or scenario.catalog is None:
            raise ScenarioError(
                _("scenario {id!r} has no resolved map, ruleset or catalog (hint: load it with "
                  "engine.content.load_scenario)", id=scenario.id)
            )
        if setup not in SETUP_MODES:
            raise ScenarioError(_("setup must be one of {setup_modes}, got {setup!r}",
                                  setup_modes=SETUP_MODES, setup=setup))
        self.coop = coop
        self.controllers = dict(controllers or {})
        if coop is not None or controllers:
            try:
                scenario = coop_module.seated(scenario, coop, controllers)
            except coop_module.CoopError as exc:
                raise ScenarioError(_("scenario {id!r}: {why}", id=scenario.id,
                                      why=str(exc))) from None
        self.scenario = scenario
        self.map = scenario.map
        self.ruleset = scenario.ruleset
        self.catalog = scenario.catalog
        register_unit_names({u.id: u.name for u in self.catalog.units.values()})
        self.seed = seed
        self.setup_mode = setup
        self.groups = groups or {}
        self.extra_variants = tuple(variants)
        self.explicit_chance = explicit_chance
        self.variants = self._enabled_variants(scenario, tuple(variants))
        try:
            self.variant_objects: tuple[Variant, ...] = variants_module.make(
                self.ruleset, self.variants)
        except (UnknownVariantError, UnplayedVariantError) as exc:
            raise ScenarioError(_("scenario {id!r}: {exc}", id=scenario.id, exc=exc)) from None
        for v in self.variant_objects:
            self.ruleset = v.adjust_ruleset(self.ruleset)
        for utype in self.catalog.units.values():
            try:
                powers(utype)
            except ValueError as exc:  # UnknownAbilityError, or a block that does not fit
                raise ScenarioError(_("catalog {id!r} unit {id2!r}: {exc}", id=self.catalog.id,
                                      id2=utype.id, exc=exc)) \
                    from None
        self.card_variant = next((v for v in self.variant_objects if v.draws_cards), None)
        self.draws_cards = self.card_variant is not None
        # The armour column of a foot soldier in a trench (Grabenkampf), () when none.
        self.trench_armour = next((col for v in self.variant_objects
                                   if (col := v.trench_armour(self.catalog))), ())
        self.victory_points = any(v.victory_points for v in self.variant_objects)
        # Per hook, the switched-on variants that override it (the engine calls only those).
        self.hooks: dict[str, tuple[Variant, ...]] = {
            name: tuple(v for v in self.variant_objects
                        if getattr(type(v), name) is not getattr(Variant, name))
            for name in ("on_turn_start", "on_arrive", "on_capture", "on_destroyed",
                         "on_bank", "winner")
        }
        self.turn_hooks = self.hooks["on_turn_start"]
        # Actions added by powers: by variants, and by abilities of this catalog's units.
        self.action_variants = tuple(v for v in self.variant_objects if v.action_types)
        self.variant_actions = {t: v for v in self.action_variants for t in v.action_types}
        self.ability_actions = {t: cls for cls in ABILITIES.values() for t in cls.action_types}
        self.seats = list(scenario.seats)
        # Nation -> Automa level (asked in every fight, so worked out once).
        self.automa_of = automa.seat_levels(scenario)
        self.enemy_levels = enemy_table.seat_levels(scenario)  # asked in every money phase
        self.nations = [s.nation for s in self.seats]
        self.team_of = {s.nation: s.team for s in self.seats}
        self.players = len(self.seats)
        # The ruleset's first-round army counts for this many players (asked for every unit
        # on every move and attack listing).
        self.first_round_armies = self.ruleset.first_round_armies.get(self.players) or []
        if self.players not in (2, 4) or len(set(self.nations)) != self.players:
            raise ScenarioError(
                _("scenario {id!r} needs 2 or 4 seats of different nations", id=scenario.id)
            )
        if len(set(self.team_of.values())) != 2:
            raise ScenarioError(_("scenario {id!r} needs seats of two teams", id=scenario.id))
        # Co-op: lead nation -> the allied nation playing its seat with it (engine.rules.coop).
        self.partner_of = {s.nation: s.partner for s in self.seats if s.partner}
        # Nation -> the nation whose seat plays it (itself, or the lead for a co-op partner).
        self.seat_of = {n: n for n in self.nations} | {p: n for n, p in self.partner_of.items()}
        self._check_partners(scenario)
        self.area = self._area()
        blocked = any(v.trenches_block_vehicles for v in self.variant_objects)
        self.board = Board.cached(self.map, self.ruleset, blocked, self.area)
        # The trenches as long hexes (Grabenkampf, engine.rules.trenches), None without it.
        self.trenches = Trenches.build(self.map, self.board) if blocked else None
        # Forts in play: all of them, or with 2 players those wholly inside the half.
        self.forts = [f for f in self.map.forts if f.id in self.board.fort_entrances]
        for mclass in ("foot", "vehicle", "air", "ship"):
            if mclass not in self.board.costs:
                raise ScenarioError(
                    _("ruleset {id!r} has no terrain_costs for {mclass!r}", id=self.ruleset.id,
                      mclass=mclass)
                )
        self.acting_types = frozenset(u.id for u in self.catalog.units.values()
                                      if powers(u).action_hooks)
        self.start_numbers = self._start_numbers()
        self.rosters = {n: self._roster(n) for n in self.nations}
        self.partner_rosters = {n: self._partner_roster(n) for n in self.partner_of}
        self._melee: dict[tuple[str, str], bool] = {}
        self._melee_rows: dict[str, dict[str, bool]] = {}
        self.source: Path | None = None  # the scenario file, when loaded from one
        # Checked after every action, so worked out once (engine.rules.scenario_runtime).
        self.live_objectives = scenario_runtime.live_objectives(self)
        self.scenario_inert = scenario_runtime.plays_nothing(self)
        mixed = self.card_variant is not None and len(
            {self.card_variant.draws_for(n) for n in self.nations}) > 1
        if explicit_chance and mixed:
            raise ScenarioError(_("scenario {id!r}: explicit chance nodes do not cover '{id2}' yet "
                                  "(one side draws cards, the other rolls dice); play it with "
                                  "automatic dice", id=scenario.id, id2=self.card_variant.id))

    # --- static facts --------------------------------------------------------------------

    @staticmethod
    def _enabled_variants(scenario: Scenario, extra: tuple[str, ...]) -> frozenset[str]:
        rs = scenario.ruleset
        assert rs is not None
        on = {k for k, v in rs.variants.items() if isinstance(v, dict) and v.get("enabled")}
        unknown = [v for v in (*scenario.variants, *extra) if v not in rs.variants]
        if unknown:
            raise ScenarioError(
                _("unknown variant(s) {unknown} (ruleset {id!r} has {value})",
                  unknown=', '.join(unknown), id=rs.id,
                  value=', '.join(sorted(rs.variants)) or 'none')
            )
        return frozenset(on | set(scenario.variants) | set(extra))

    def _area(self) -> frozenset[Hex] | None:
        """The hexes in play: the scenario's half with 2 players, else the whole map."""
        half = self.scenario.half
        if self.players != 2 or not half:
            return None
        region = self.map.region(half)
        if region is None:
            raise ScenarioError(_("map {id!r} has no region {half!r} for the half", id=self.map.id,
                                  half=half))
        hexes = region.hexes
        return _hexes_of_runs(tuple(hexes.runs())) if isinstance(hexes, HexSet) \
            else frozenset(hexes)

    def _start_numbers(self) -> dict[int, int]:
        """Start number -> board index of the numbers this game uses."""
        markers = {m.number: m.hex for m in self.map.start_markers}
        half = self.scenario.half
        if self.players == 2 and half:
            region = self.map.region(half)
            if region is None:
                raise ScenarioError(_("map {id!r} has no region {half!r} for the half",
                                      id=self.map.id, half=half))
            markers = {n: h for n, h in markers.items() if h in region.hexes}
        need = 3 * self.players
        if len(markers) < need:
            raise ScenarioError(
                _("{players} players need {need} start numbers, the map offers {n_markers}{value}",
                  players=self.players, need=need, n_markers=len(markers),
                  value=f" in {half!r}" if half else "")
            )
        numbers = sorted(markers)[:need]
        out = {}
        for n in numbers:
            h = markers[n]
            if h not in self.board.index_of:
                raise ScenarioError(_("start number {n} lies off the map", n=n))
            out[n] = self.board.index_of[h]
        return out

    def _check_partners(self, scenario: Scenario) -> None:
        for seat in self.seats:
            if seat.partner is None:
                continue
            if self.players != 2 or seat.partner in self.nations:
                raise ScenarioError(
                    _("scenario {id!r}: co-op partner {partner} of {nation} needs a 2-player "
                      "scenario and a nation without a seat of its own", id=scenario.id,
                      partner=seat.partner, nation=seat.nation))
            if coop_module.solo_opponent(seat.controller):
                raise ScenarioError(
                    _("scenario {id!r}: {controller} plays one nation, not {nation}+{partner} "
                      "(hint: co-op is the humans' seat; RULES §9)", id=scenario.id,
                      controller=seat.controller, nation=seat.nation, partner=seat.partner))

    def _base_units(self, nation: str) -> list[UnitType]:
        units = [
            u for u in self.catalog.units.values() if not u.special and nation in u.nations
        ]
        if not units:
            raise ScenarioError(_("catalog {id!r} has no units for {nation}", id=self.catalog.id,
                                  nation=nation))
        return units

    def _partner_roster(self, lead: str) -> list[UnitType]:
        """The units the co-op partner of `lead` starts with (004's split)."""
        partner = self.partner_of[lead]
        return coop_module.split_roster(lead, partner, self._base_units(lead),
                                        self._base_units(partner))[1]

    def _roster(self, nation: str) -> list[UnitType]:
        """The units a nation starts with: one of each non-special type it may field (in a
        co-op seat the lead's half of them); the second-full-set variant doubles it,
        start-with-nation-units adds copies of the nation-specific types (those fielded by
        this nation only), start-with-special-unit adds the chosen or drawn special unit."""
        units = self._base_units(nation)
        partner = self.partner_of.get(nation)
        if partner is not None:
            units = coop_module.split_roster(nation, partner, units, self._base_units(partner))[0]
        for v in self.variant_objects:
            units = v.roster(nation, units)
        for v in self.variant_objects:
            try:
                units = v.starting_units(self.catalog, self.seed, nation, units)
            except ValueError as exc:
                raise ScenarioError(_("variant {id!r}: {exc}", id=v.id, exc=exc)) from None
        units = enemy_table.roster(self, nation, units)
        return automa.roster(self, nation, units)

    def variant_param(self, variant: str, name: str) -> Any:
        """A parameter of a ruleset variant (estimated values unwrapped), or None."""
        params = self.ruleset.variants.get(variant)
        return plain(params.get(name)) if isinstance(params, dict) else None

    @property
    def forts_to_win(self) -> int:
        """Forts a team must hold to win (the shorter-game variant lowers it)."""
        for v in self.variant_objects:
            value = v.forts_to_win(self.players)
            if value is not None:
                return value
        return int(self.ruleset.forts_to_win[self.players])

    def turn_seconds(self, round_number: int) -> int | None:
        """The time limit in seconds of a turn's move and declare phases in that round (the
        stopwatch variant), or None when turns are not timed."""
        for v in self.variant_objects:
            seconds = v.turn_seconds(round_number)
            if seconds is not None:
                return seconds
        return None

    def variant(self, variant_id: str) -> Variant | None:
        """The switched-on variant of that id, or None."""
        return next((v for v in self.variant_objects if v.id == variant_id), None)

    def may_capture(self, unit_type: UnitType) -> bool:
        """Whether the variants let a foot soldier of this type capture a fort."""
        for v in self.variant_objects:
            allowed = v.may_capture(unit_type)
            if allowed is not None:
                return allowed
        return True

    def can_melee(self, attacker: UnitType, defender: UnitType) -> bool:
        """combat.can_melee, cached per pair of unit types."""
        key = (attacker.id, defender.id)
        v = self._melee.get(key)
        if v is None:
            v = self._melee[key] = combat.can_melee(attacker, defender)
        return v

    def melee_row(self, defender: UnitType) -> dict[str, bool]:
        """Attacker type id -> `can_melee(attacker, defender)`, filled by `can_melee_row`;
        one dict per defender type, so a loop over many attackers builds no keys."""
        row = self._melee_rows.get(defender.id)
        if row is None:
            row = self._melee_rows[defender.id] = {}
        return row

    def can_melee_row(self, row: dict[str, bool], attacker: UnitType,
                      defender: UnitType) -> bool:
        """`can_melee(attacker, defender)` remembered in `row` (= `melee_row(defender)`)."""
        v = row.get(attacker.id)
        if v is None:
            v = row[attacker.id] = self.can_melee(attacker, defender)
        return v

    def options(self) -> dict[str, Any]:
        """The options this game was created with (stored in saves)."""
        return {
            "seed": self.seed,
            "setup": self.setup_mode,
            "variants": list(self.extra_variants),
            "groups": self.groups,
        } | ({"explicit_chance": True} if self.explicit_chance else {}) \
            | ({"coop": "+".join(coop_module.parse_pair(self.coop))} if self.coop else {}) \
            | ({"controllers": dict(self.controllers)} if self.controllers else {})

    def new_initial_state(self) -> State:
        """A fresh game: start chips dealt; in quick setup armies (and the scenario's
        pre-placed units) already placed."""
        return scenario_runtime.started(State.initial(self))

