"""Ruleset variants as registered objects (RULES §8, §11): one class per variant.

Each class reads its parameters from the ruleset's `variants.<id>` mapping and answers the
hooks the engine asks (`Game` collects the answers once when a game is created, so the hot
paths test a flag, not a string). A variant that the engine does not play yet is registered
with `implemented = False`: content validation and `Game` refuse to switch it on, so no id is
accepted that silently does nothing. To add a variant: subclass `Variant`, set `id`, override
the hooks it needs and decorate it with `@register`.

Only engine.model and the pure rules (abilities, dice-free cards) are imported here, so
content validation can ask the registry too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.hexes import Hex
from engine.i18n import _
from engine.model import Catalog, Ruleset, UnitType
from engine.rules import combat, dicefree, trenches
from engine.rules.abilities import powers
from engine.rules.bank import PayBank
from engine.rules.dice import Dice, seed_state
from engine.rules.errors import MissingHookError, UnplayedVariantError
from engine.rules.events import VictoryPointsScored

if TYPE_CHECKING:
    from engine.rules.actions import Action
    from engine.rules.state import State, Unit


class UnknownVariantError(ValueError):
    """A variant id that no class is registered for."""


def plain(value: Any) -> Any:
    """A parameter value with an `{value, estimated, note}` wrapper removed."""
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    return value


class Variant:
    """A ruleset variant with its parameters; the default hooks change nothing."""

    id: ClassVar[str] = ""
    implemented: ClassVar[bool] = True
    rule: ClassVar[str] = ""  # where the rule text is (RULES section)
    # Flags the engine reads once per game.
    draws_cards: ClassVar[bool] = False  # combats draw dice-free cards instead of dice
    trenches_block_vehicles: ClassVar[bool] = False  # board: trench hexes stop vehicles
    victory_points: ClassVar[bool] = False  # headquarters and points (engine.rules.victory)
    # Action classes this variant adds (e.g. paying the bank); the engine asks this object
    # for them in `legal_actions`, and hands their check and effect to it.
    action_types: ClassVar[tuple[type[Action], ...]] = ()

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params: Mapping[str, Any] = params or {}

    def param(self, name: str, default: Any = None) -> Any:
        """A parameter (estimated values unwrapped), or `default` when the ruleset has none."""
        value = plain(self.params.get(name))
        return default if value is None else value

    def adjust_ruleset(self, ruleset: Ruleset) -> Ruleset:
        """The ruleset a game with this variant plays by."""
        return ruleset

    def roster(self, nation: str, units: list[UnitType]) -> list[UnitType]:
        """The unit types `nation` starts with, given those of the variants before it."""
        return units

    def starting_units(self, catalog: Catalog, seed: int | str, nation: str,
                       units: list[UnitType]) -> list[UnitType]:
        """Units added at setup that need the catalog or the game's seed (special units),
        after every variant's `roster`."""
        return units

    def expand_area(self, state: State, attacker: Unit, hexes: Iterable[Hex]) -> tuple[Hex, ...]:
        """The hexes an area attack (gas) by `attacker` on `hexes` hits under this variant;
        the area attack calls every switched-on variant's hook in turn."""
        return tuple(hexes)

    def trench_armour(self, catalog: Catalog) -> tuple[int, ...]:
        """The armour column a foot soldier on a trench hex defends with, or () when this
        variant gives trenches no armour."""
        return ()

    def forts_to_win(self, players: int) -> int | None:
        """Forts a team must hold to win, or None to keep the ruleset's number."""
        return None

    def may_capture(self, unit_type: UnitType) -> bool | None:
        """Whether a foot soldier of this type may capture a fort, or None: no opinion."""
        return None

    def draws_for(self, nation: str) -> bool:
        """Whether `nation` draws a card in a fight (asked of a variant with `draws_cards`;
        the other side rolls its dice)."""
        return True

    def turn_seconds(self, round_number: int) -> int | None:
        """The time limit (seconds) of a turn's move and declare phases in that round, or
        None: no limit from this variant."""
        return None

    def card_table(self, ruleset: Ruleset, hit_value: int, dice: int) -> tuple[int, ...]:
        """Hits on each dice-free card 1..N for a side with this hit value and dice count
        (asked only of a variant with `draws_cards`); every card is equally likely."""
        raise MissingHookError(f"{type(self).__name__} does not draw cards")

    def on_turn_start(self, state: State) -> None:
        """Called when a nation's turn begins, after its units' per-turn flags are reset
        (`state.nation` is the nation to act). Only overriding classes are called."""

    def on_arrive(self, state: State, unit: Unit) -> None:
        """A unit ended a move (or was unloaded) on a hex."""

    def on_capture(self, state: State, unit: Unit, previous_owner: str, removed: int) -> None:
        """`unit` captured a fort from `previous_owner`; `removed` defenders went with it."""

    def on_destroyed(self, state: State, by_nation: str, count: int) -> None:
        """`count` enemy units were destroyed (or removed in a captured fort) by `by_nation`."""

    def on_bank(self, state: State, nation: str, amount: int) -> None:
        """`nation` paid `amount` to the bank (purchases, repairs, gift fees)."""

    def winner(self, state: State) -> str | None:
        """The team this variant declares the winner now, or None."""
        return None

    def extra_actions(self, state: State) -> list[Action]:
        """Actions of `action_types` the player to act may take now (play phases)."""
        return []

    def action_problem(self, state: State, action: Action) -> str | None:
        """Why `action` (one of `action_types`) is illegal now, or None."""
        return None

    def apply_action(self, state: State, action: Action) -> None:
        """The effect of `action`, one of `action_types`, already checked."""
        raise MissingHookError(f"{type(self).__name__} has no effect for {action}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.params)!r})"


VARIANTS: dict[str, type[Variant]] = {}


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: make a variant class findable by its id."""
    if not cls.id or cls.id in VARIANTS:
        raise ValueError(f"variant class {cls.__name__} needs a new id, got {cls.id!r}")
    VARIANTS[cls.id] = cls
    return cls


def known_ids() -> str:
    """The registered variant ids as one comma-separated line, for messages."""
    return ", ".join(VARIANTS)


def variant_class(variant_id: str) -> type[Variant]:
    """The class registered for `variant_id`; UnknownVariantError lists the known ids."""
    cls = VARIANTS.get(variant_id)
    if cls is None:
        raise UnknownVariantError(_("unknown variant {variant_id!r} (known: {known_ids})",
                                    variant_id=variant_id, known_ids=known_ids()))
    return cls


def unimplemented() -> list[str]:
    """Ids of registered variants the engine does not play yet (issue 10)."""
    return [k for k, cls in VARIANTS.items() if not cls.implemented]


def make(ruleset: Ruleset, ids: frozenset[str] | set[str]) -> tuple[Variant, ...]:
    """The switched-on variants of a game in registry order (the order the hooks run in).

    Raises UnknownVariantError for an id without a class and UnplayedVariantError (naming it)
    for one the engine does not play yet."""
    for vid in sorted(ids):
        cls = variant_class(vid)
        if not cls.implemented:
            playing = ", ".join(k for k, c in VARIANTS.items() if c.implemented)
            raise UnplayedVariantError(
                _("variant {vid!r} has no effect in the engine yet (hint: switch it off; the "
                  "variants that play are {playing})", vid=vid, playing=playing)
            )
    out = []
    for vid, cls in VARIANTS.items():
        if vid in ids:
            params = ruleset.variants.get(vid)
            out.append(cls(params if isinstance(params, Mapping) else {}))
    return tuple(out)


@register
class Grabenkampf(Variant):
    """Trench fighting (RULES §11.1): vehicles stay out of trenches; a trench is held by a
    team and moved out of as one long hex (engine.rules.trenches); a foot soldier in a
    trench defends with the armour of a tank in forest; gas on a trench hex hits the whole
    trench; `starting_money` per nation replaces the ruleset's (003: "Österreich-Ungarn
    startet das Spiel nicht mit den extra 3 Kriegsanleihen")."""

    id = "grabenkampf"
    rule = "RULES §11.1"
    trenches_block_vehicles = True

    def adjust_ruleset(self, ruleset: Ruleset) -> Ruleset:
        money = self.params.get("starting_money")
        if not isinstance(money, Mapping) or not money:
            return ruleset
        start = dict(ruleset.starting_money)
        start.update({nation: int(plain(v)) for nation, v in money.items()})
        return dataclasses.replace(ruleset, starting_money=start)

    def expand_area(self, state: State, attacker: Unit, hexes: Iterable[Hex]) -> tuple[Hex, ...]:
        return trenches.expand_area(state, hexes)

    def trench_armour(self, catalog: Catalog) -> tuple[int, ...]:
        try:
            return combat.trench_armour_of(catalog)
        except ValueError:
            return ()  # a catalog without a tank: the open column applies


@register
class VictoryPoints(Variant):
    """Victory points (RULES §11.2): headquarters (chosen at setup), points for taking an
    enemy headquarters, forts and destroyed units and for paying the bank deliberately (the
    `pay_bank` action, 003 "Zahle 60 Kriegsanleihen an die Bank: 1 SP"; buying units scores
    nothing), and the player and team targets. Parameters: hq_capture, per_fort_captured,
    per_unit_destroyed, money_per_point, player_target, team_target."""

    id = "victory_points"
    rule = "RULES §11.2"
    victory_points = True
    action_types = (PayBank,)
    # Units that cannot take a headquarters (RULES §11.2): by class, and by catalog id.
    NO_HQ_CLASSES = ("transport", "air")
    NO_HQ_TYPES = ("anti_aircraft", "medic", "minelayer")

    def _int(self, name: str, default: int) -> int:
        return int(self.param(name, default))

    def _score(self, state: State, nation: str, points: int, why: str) -> None:
        if points <= 0:
            return
        state.vp[nation] = state.vp.get(nation, 0) + points
        state.log.append(VictoryPointsScored(nation, points, why))

    def can_take_hq(self, unit: Unit) -> bool:
        """Whether a unit entering an enemy headquarters hex captures it."""
        return (unit.type.unit_class not in self.NO_HQ_CLASSES
                and unit.type.id not in self.NO_HQ_TYPES)

    def on_arrive(self, state: State, unit: Unit) -> None:
        if unit.pos < 0 or not self.can_take_hq(unit):
            return
        for nation, number in state.hq.items():
            if (nation not in state.hq_taken and state.game.team_of[nation] != unit.team
                    and state.game.start_numbers.get(number) == unit.pos):
                state.hq_taken.append(nation)
                self._score(state, unit.nation, self._int("hq_capture", 3),
                            f"headquarters of {nation}")

    def on_capture(self, state: State, unit: Unit, previous_owner: str, removed: int) -> None:
        self._score(state, unit.nation, self._int("per_fort_captured", 1), "fort captured")
        self.on_destroyed(state, unit.nation, removed)

    def on_destroyed(self, state: State, by_nation: str, count: int) -> None:
        self._score(state, by_nation, count * self._int("per_unit_destroyed", 1),
                    "units destroyed")

    def price(self) -> int:
        """Money one victory point costs at the bank."""
        return max(1, self._int("money_per_point", 60))

    def extra_actions(self, state: State) -> list[Action]:
        if state.phase != "money" or state.money.get(state.nation, 0) < self.price():
            return []
        return [PayBank()]

    def action_problem(self, state: State, action: Action) -> str | None:
        if state.phase != "money":
            return f"'pay_bank' belongs to the money phase, this is the {state.phase} phase"
        have, price = state.money.get(state.nation, 0), self.price()
        if have < price:
            return f"a victory point costs {price} at the bank, you have {have}"
        return None

    def apply_action(self, state: State, action: Action) -> None:
        nation, price = state.nation, self.price()
        state.money[nation] -= price
        state.bank_paid[nation] = state.bank_paid.get(nation, 0) + price
        self._score(state, nation, 1, "money paid to the bank")
        state.check_victory()

    def winner(self, state: State) -> str | None:
        player_target = self._int("player_target", 10)
        team_target = self._int("team_target", 15)
        totals: dict[str, int] = {}
        for nation, points in state.vp.items():
            team = state.game.team_of[nation]
            totals[team] = totals.get(team, 0) + points
            if points >= player_target:
                return team
        for team in sorted(totals):
            if totals[team] >= team_target:
                return team
        return None


@register
class ShorterGame(Variant):
    """Shorter game (RULES §5.6): fewer forts to win (`forts_to_win` by player count) and
    anti-tank units may not capture (`anti_tank_may_capture`)."""

    id = "shorter_game"
    rule = "RULES §5.6"

    def forts_to_win(self, players: int) -> int | None:
        table = self.params.get("forts_to_win") or {}
        value = table.get(str(players), table.get(players))
        return None if value is None else int(plain(value))

    def may_capture(self, unit_type: UnitType) -> bool | None:
        if not powers(unit_type).may_capture_in_shorter_game:
            return bool(self.param("anti_tank_may_capture", False))
        return None


@register
class StartWithSpecialUnit(Variant):
    """Each player starts with a special unit (RULES §11.3; 003 "Jeder Spieler startet mit
    einer Spezialeinheit seiner Wahl"): the one named for the nation in `units` (the
    play-test setup fills it), else one drawn with the game's seed from the catalog's
    special units the nation fields that can stand on a start hex (mode "draw" always
    draws). The unit joins the roster and is placed with the armies."""

    id = "start_with_special_unit"
    rule = "RULES §11.3"
    # Abilities that keep a special unit off a start hex (mounted on a fort).
    NOT_ON_START_HEX = ("fort_mounted",)

    def starter_pool(self, catalog: Catalog, nation: str) -> list[UnitType]:
        """The special units `nation` may start with, in catalog order."""
        return [u for u in catalog.units.values()
                if u.special and nation in u.nations and not powers(u).water_unit
                and not any(a.id in self.NOT_ON_START_HEX for a in u.abilities)]

    def choice_problem(self, catalog: Catalog, nation: str, type_id: str) -> str | None:
        """Why `nation` may not start with `type_id`, or None."""
        pool = self.starter_pool(catalog, nation)
        if type_id in {u.id for u in pool}:
            return None
        names = ", ".join(u.id for u in pool) or "none"
        return f"{nation} cannot start with special unit {type_id!r} (it may: {names})"

    def starter(self, catalog: Catalog, seed: int | str, nation: str) -> UnitType | None:
        """The special unit `nation` starts with: its choice, else drawn from the seed."""
        pool = self.starter_pool(catalog, nation)
        if not pool:
            return None
        chosen = (self.params.get("units") or {}).get(nation)
        if self.param("mode", "choose") == "choose" and chosen is not None:
            if self.choice_problem(catalog, nation, chosen) is not None:
                raise ValueError(self.choice_problem(catalog, nation, chosen))
            return catalog.units[chosen]
        return pool[Dice(seed_state(f"{seed}/start_with_special_unit/{nation}")).below(
            len(pool))]

    def starting_units(self, catalog: Catalog, seed: int | str, nation: str,
                       units: list[UnitType]) -> list[UnitType]:
        special = self.starter(catalog, seed, nation)
        return units if special is None else [*units, special]


@register
class StartWithNationUnits(Variant):
    """Nation units (RULES §11): `count` copies of each unit only this nation fields."""

    id = "start_with_nation_units"
    rule = "RULES §11"

    def roster(self, nation: str, units: list[UnitType]) -> list[UnitType]:
        count = int(self.param("count") or 2)
        own = [u for u in units if u.nations == [nation]]
        return units + [u for u in own for _ in range(count - 1)]


@register
class EarlyDestruction(Variant):
    """Destruction at `destroyed_at_damage` damage (RULES §11) instead of the ruleset's."""

    id = "early_destruction"
    rule = "RULES §11"

    def adjust_ruleset(self, ruleset: Ruleset) -> Ruleset:
        at = self.param("destroyed_at_damage")
        if at is None:
            return ruleset
        return dataclasses.replace(ruleset, destroyed_at_damage=int(at))


@register
class SecondFullSet(Variant):
    """A second full set of units (RULES §11): every nation's roster twice."""

    id = "second_full_set"
    rule = "RULES §11"

    def roster(self, nation: str, units: list[UnitType]) -> list[UnitType]:
        return units + units


@register
class DiceFree(Variant):
    """Dice-free combat (RULES §8): each side draws a card (engine.rules.dicefree; parameters
    `cards`, `quantile`)."""

    id = "dice_free"
    rule = "RULES §8"
    draws_cards = True

    def card_table(self, ruleset: Ruleset, hit_value: int, dice: int) -> tuple[int, ...]:
        return dicefree.card_table(ruleset, hit_value, dice)


@register
class DiceFreePerPlayer(Variant):
    """Dice-free per player (002 "Ohne Würfel spielen": "es kann also auch im gleichen Spiel
    ein Spieler mit Würfeln und ein anderer mit Karten spielen"): the nations in
    `card_nations` draw a card for their side of a fight, the others roll dice."""

    id = "dice_free_per_player"
    rule = "RULES §8"
    draws_cards = True

    def draws_for(self, nation: str) -> bool:
        return nation in (self.param("card_nations") or ())

    def card_table(self, ruleset: Ruleset, hit_value: int, dice: int) -> tuple[int, ...]:
        return dicefree.card_table(ruleset, hit_value, dice)


@register
class Stopwatch(Variant):
    """Stopwatch (002: "5 Minuten für Phase 1 und Phase 2"; 003: 7 minutes in the first
    round, then 4): the time limit of a turn's move and declare phases. The engine holds the
    limit; the play-test session runs the clock and ends the phases when it runs out."""

    id = "stopwatch"
    rule = "002/003 Stoppuhr"

    def turn_seconds(self, round_number: int) -> int | None:
        first = self.param("first_round_seconds")
        if round_number <= 1 and first is not None:
            return int(first)
        return int(self.param("seconds", 300))
