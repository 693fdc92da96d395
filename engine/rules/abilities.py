"""Unit abilities as registered objects (RULES §6, §10): one class per catalog ability id.

A unit type's abilities become `Powers`, found with `powers(unit_type)` and cached per unit
type: the engine asks its flags and hooks instead of testing ability strings. Each class reads
its parameters from the catalog (`abilities: [{id, params}]`). An ability the engine does not
play yet is registered with `implemented = False`: the unit still plays by its card values,
and content validation warns that the power has no effect (issue 10 implements them). To add
an ability: subclass `Ability`, set `id`, override the hooks it needs, decorate with
`@register`, and let `Powers` collect the new hook.

Only the base, engine.model and light rules modules (actions, events, victory hooks) are
imported here, so content validation can ask the registry too; the board effects of area
attacks and mines live in engine.rules.powers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.hexes import Hex, disk
from engine.i18n import _, rule_word
from engine.model import UnitType
from engine.rules import victory
from engine.rules.errors import MissingHookError
from engine.rules.phase import phase_words
from engine.rules.powers import building
from engine.rules.powers.actions import Build as BuildAction
from engine.rules.powers.actions import FieldRepair as FieldRepairAction
from engine.rules.powers.actions import LayMine as LayMineAction
from engine.rules.powers.building import BUILD_KINDS, built_terrain
from engine.rules.powers.events import FieldRepaired, MineLaid, TerrainBuilt

if TYPE_CHECKING:
    from engine.rules.actions import Action
    from engine.rules.state import State
    from engine.rules.unit import Unit

# Facts of RULES §6 (Big Bertha): faces 1..max send the shot to a neighbour, by level.
SCATTER_NEIGHBOUR_MAX = {"recruit": 6, "veteran": 3, "hero": 0}


class UnknownAbilityError(ValueError):
    """An ability id that no class is registered for."""


@dataclass(frozen=True)
class Param:
    """One parameter an ability reads from `abilities: [{id, params}]`: its name, kind
    ("int", "choice" or "int_list"), default, what it means, and for "choice" the values."""

    name: str
    kind: str
    default: Any
    doc: str
    choices: tuple[str, ...] = ()


class Ability:
    """One ability of a unit type with its parameters; the default hooks change nothing."""

    id: ClassVar[str] = ""
    implemented: ClassVar[bool] = True
    rule: ClassVar[str] = ""
    water_unit: ClassVar[bool] = False  # may attack and fire back from water
    bought_on_water: ClassVar[bool] = False  # a purchase is placed on a free water hex
    indestructible: ClassVar[bool] = False  # takes no damage at all
    cannot_target_air: ClassVar[bool] = False  # never attacks air units
    unlimited_range: ClassVar[bool] = False  # any distance from the card's minimum up
    gas: ClassVar[bool] = False  # its area attack is gas: gas-immune units take nothing
    gas_immune: ClassVar[bool] = False  # takes nothing from gas
    fort_mounted: ClassVar[bool] = False  # fights from the fort it sits in
    # Card data the ability stands for (validated): the hit_vs column it uses, the target
    # kind its `targets` must include.
    hit_vs_class: ClassVar[str | None] = None
    needs_target: ClassVar[str | None] = None
    may_capture_in_shorter_game: ClassVar[bool] = True
    # Action classes this ability gives its unit (builder, medic, minelayer, …); each has a
    # `unit` field naming the acting unit, whose ability object checks and applies it.
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    # The parameters it reads (the editor offers them; validation warns about any other).
    parameters: ClassVar[tuple[Param, ...]] = ()

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params: Mapping[str, Any] = params if params is not None else {}

    def scatter_neighbour_max(self, level: str) -> int:
        """Highest scatter-die face sending this unit's shot to a neighbour (0: never)."""
        return 0

    def adjust_hit_value(self, value: int, target: UnitType, level: str) -> int:
        """The hit value this unit's dice use against `target`, given the card's `value` (for
        its experience `level`). Only overriding classes are called."""
        return value

    def extra_actions(self, state: State, unit: Unit) -> list[Action]:
        """Actions of `action_types` that `unit` (the player to act's) may take now."""
        return []

    def action_problem(self, state: State, unit: Unit, action: Action) -> str | None:
        """Why `unit` may not take `action` (one of `action_types`) now, or None."""
        return None

    def apply_action(self, state: State, unit: Unit, action: Action) -> None:
        """The effect of `unit` taking `action`, one of `action_types`, already checked."""
        raise MissingHookError(f"{type(self).__name__} has no effect for {action}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.params)!r})"


ABILITIES: dict[str, type[Ability]] = {}


def register(cls: type[Ability]) -> type[Ability]:
    """Class decorator: make an ability class findable by its id."""
    if not cls.id or cls.id in ABILITIES:
        raise ValueError(f"ability class {cls.__name__} needs a new id, got {cls.id!r}")
    ABILITIES[cls.id] = cls
    return cls


def known_ids() -> str:
    """The registered ability ids as one comma-separated line, for messages."""
    return ", ".join(ABILITIES)


def ability_class(ability_id: str) -> type[Ability]:
    """The class registered for `ability_id`; UnknownAbilityError lists the known ids."""
    cls = ABILITIES.get(ability_id)
    if cls is None:
        raise UnknownAbilityError(_("unknown ability {ability_id!r} (known: {known_ids})",
                                    ability_id=ability_id, known_ids=known_ids()))
    return cls


def unimplemented() -> list[str]:
    """Ids of registered abilities the engine does not play yet (issue 10)."""
    return [k for k, cls in ABILITIES.items() if not cls.implemented]


class Powers:
    """Everything a unit type's abilities change, collected once per unit type."""

    __slots__ = ("abilities", "action_hooks", "area", "bought_on_water", "cannot_target_air",
                 "fort_mounted", "gas", "gas_immune", "hit_hooks", "indestructible",
                 "may_capture_in_shorter_game", "scatter", "target_classes", "unlimited_range",
                 "water_unit")

    def __init__(self, unit_type: UnitType) -> None:
        self.abilities = tuple(part for a in unit_type.abilities for part in build(a))
        self.water_unit = any(a.water_unit for a in self.abilities)
        self.bought_on_water = any(a.bought_on_water for a in self.abilities)
        self.indestructible = any(a.indestructible for a in self.abilities)
        self.cannot_target_air = any(a.cannot_target_air for a in self.abilities)
        self.may_capture_in_shorter_game = all(a.may_capture_in_shorter_game
                                               for a in self.abilities)
        self.scatter: Scatter | None = next(
            (a for a in self.abilities if isinstance(a, Scatter)), None)
        self.area: AreaAttack | None = next(
            (a for a in self.abilities if isinstance(a, AreaAttack)), None)
        self.unlimited_range = any(a.unlimited_range for a in self.abilities)
        self.gas = any(a.gas for a in self.abilities)
        self.gas_immune = any(a.gas_immune for a in self.abilities)
        self.fort_mounted = any(a.fort_mounted for a in self.abilities)
        filters = [a.classes() for a in self.abilities if isinstance(a, TargetFilter)]
        # Target filters narrow together: a class must pass every one.
        self.target_classes: frozenset[str] | None = (
            frozenset.intersection(*filters) if filters else None)
        self.hit_hooks = tuple(a for a in self.abilities
                               if type(a).adjust_hit_value is not Ability.adjust_hit_value)
        self.action_hooks = tuple(a for a in self.abilities if a.action_types)

    def scatter_neighbour_max(self, level: str) -> int:
        """Highest scatter-die face that sends the shot to a neighbour (0: never scatters)."""
        return self.scatter.scatter_neighbour_max(level) if self.scatter else 0


_CACHE: dict[int, tuple[UnitType, list[Any], int, Powers]] = {}


def powers(unit_type: UnitType) -> Powers:
    """The `Powers` of a unit type (cached; rebuilt when its ability list is replaced or
    grows). Raises UnknownAbilityError for an ability id without a class."""
    entry = _CACHE.get(id(unit_type))
    if (entry is not None and entry[0] is unit_type and entry[1] is unit_type.abilities
            and entry[2] == len(unit_type.abilities)):
        return entry[3]
    p = Powers(unit_type)
    _CACHE[id(unit_type)] = (unit_type, unit_type.abilities, len(unit_type.abilities), p)
    return p


# --- abilities that play -------------------------------------------------------------------


@register
class Scatter(Ability):
    """Big Bertha (RULES §6): the shot may land on a neighbour of the target. Parameters:
    `<level>_neighbour_max` (highest face sending it astray), `directions` (six direction
    indices for faces 1..6; the table is a GAP, default face − 1)."""

    id = "scatter"
    rule = "RULES §6"
    parameters = (
        *(Param(f"{level}_neighbour_max", "int", default,
                f"a {level}'s highest scatter face (1..6) that sends the shot to a neighbour")
          for level, default in SCATTER_NEIGHBOUR_MAX.items()),
        Param("directions", "int_list", [0, 1, 2, 3, 4, 5],
              "direction index 0..5 of the neighbour hit for scatter faces 1..6"),
    )

    def scatter_neighbour_max(self, level: str) -> int:
        return int(self.params.get(f"{level}_neighbour_max", SCATTER_NEIGHBOUR_MAX[level]))

    def directions(self) -> list[int]:
        """Direction index 0..5 of the neighbour hit for scatter faces 1..6."""
        table = self.params.get("directions")
        return list(table) if table else list(range(6))


@register
class CannotDamageAir(Ability):
    """Never attacks air units (Big Bertha, RULES §6)."""

    id = "cannot_damage_air"
    rule = "RULES §6"
    cannot_target_air = True


@register
class Indestructible(Ability):
    """Takes no damage at all (fort turret, RULES §10)."""

    id = "indestructible"
    rule = "RULES §10"
    indestructible = True


@register
class WaterOnly(Ability):
    """Belongs on water (gunboat): attacks and fires back from water (RULES §10)."""

    id = "water_only"
    rule = "RULES §10"
    water_unit = True


@register
class BuyOnWater(Ability):
    """Bought onto a free water hex instead of into a fort (gunboat, RULES §10)."""

    id = "buy_on_water"
    rule = "RULES §10"
    bought_on_water = True


@register
class AntiTank(Ability):
    """Anti-tank value: the card's `hit_vs.tank` against tanks (RULES §6); under the shorter
    game it may not capture forts (RULES §5.6)."""

    id = "anti_tank"
    rule = "RULES §6"
    hit_vs_class = "tank"
    may_capture_in_shorter_game = False


@register
class FootValue(Ability):
    """Foot-soldier value: the card's `hit_vs.foot` against foot soldiers (RULES §6)."""

    id = "foot_value"
    rule = "RULES §6"
    hit_vs_class = "foot"


@register
class AntiAir(Ability):
    """The cloud symbol: attacks air units, which the card's `targets` must include."""

    id = "anti_air"
    rule = "RULES §6"
    needs_target = "air"


# --- special-unit powers (RULES §6, §10; issue 10) ------------------------------------------


def _int_param(ability: Ability, name: str, default: int) -> int:
    value = ability.params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ValueError(f"ability {ability.id!r}: parameter {name!r} must be a number >= 0, "
                         f"got {value!r}")
    return int(value)


def _stamp(state: State) -> tuple[int, int]:
    return state.round, state.current


@register
class UnlimitedRange(Ability):
    """Unlimited range: "jedes Feld auf der Karte kann getroffen werden" (002, RULES §6): any
    distance from the card's minimum range up is in range."""

    id = "unlimited_range"
    rule = "RULES §6"
    unlimited_range = True


AREA_PATTERNS = ("disc", "ring", "target")


@register
class AreaAttack(Ability):
    """Area pattern: "Greift alle Felder in diesem Muster an. Würfle nur einmal und wende den
    Wert auf alle Felder an." (002, RULES §6). Parameters: `pattern` (disc: the target and
    every hex within `radius`; ring: the hexes at exactly `radius` plus the target; target:
    only the target hex), `radius`, `xp_if_damaged` (XP once when at least one unit took
    damage; the FAQ gives the gas launcher 1). Engine: engine.rules.powers.area."""

    id = "area_attack"
    rule = "RULES §6"
    parameters = (
        Param("pattern", "choice", "disc", "disc: target and every hex within radius; ring: "
              "target and the hexes at exactly radius; target: the target hex only",
              ("disc", "ring", "target", "target_and_neighbours")),
        Param("radius", "int", 1, "pattern radius in hexes"),
        Param("xp_if_damaged", "int", None, "XP gained once when the attack damaged a unit "
              "(absent: the ruleset's xp_for_damage)"),
    )

    def pattern(self) -> str:
        """The pattern's shape: one of AREA_PATTERNS (`target_and_neighbours` is a disc)."""
        name = str(self.params.get("pattern", "disc"))
        if name == "target_and_neighbours":
            return "disc"
        if name not in AREA_PATTERNS:
            raise ValueError(f"area_attack: unknown pattern {name!r} "
                             f"(known: {', '.join(AREA_PATTERNS)}, target_and_neighbours)")
        return name

    def radius(self) -> int:
        """The pattern's radius in hexes around the target."""
        return _int_param(self, "radius", 1)

    def xp_if_damaged(self, default: int) -> int:
        """XP the attacker gains once when its attack damaged at least one unit."""
        return _int_param(self, "xp_if_damaged", default)


@register
class Gas(Ability):
    """Gas (gas mortar, RULES §10): "verschießen Giftgas, das sich über ein größeres Gebiet
    ausbreitet und dort Freund wie Feind Schaden zufügt" (002): its area attack spares units
    with `gas_immune`; Grabenkampf widens it to the whole trench (variant `expand_area`)."""

    id = "gas"
    rule = "RULES §10"
    gas = True


@register
class GasImmune(Ability):
    """Immune to gas: "kann das Gas den Gaseinheiten selbst nicht gefährlich werden" (002)."""

    id = "gas_immune"
    rule = "RULES §10"
    gas_immune = True


@register
class FieldRepair(Ability):
    """Medic (RULES §10): "Sanitäter können eigene Truppen reparieren, ohne dass diese in ein
    Fort einrücken müssen ... Ebenso wie in Forts muss jedoch auch die Reparatur durch
    Sanitäter bezahlt werden." (003). During its turn (move, declare or money phase),
    `per_turn` times, a medic on the board repairs an own damaged unit within `range` hexes
    that has neither moved nor attacked this turn, at the fort repair price; "bereits in der
    nächsten Runde wieder einsetzbar": the repaired unit spends the rest of this turn (the
    solo table of 004 also has the medic act during the turn, before the transport)."""

    id = "field_repair"
    rule = "RULES §10"
    parameters = (
        Param("range", "int", 1, "how far (hexes) the unit it repairs may be"),
        Param("per_turn", "int", 1, "repairs per turn"),
    )
    action_types = (FieldRepairAction,)

    def _targets(self, state: State, unit: Unit) -> list[Unit]:
        board = state.game.board
        reach = _int_param(self, "range", 1)
        here = board.hexes[unit.pos]
        return [u for u in state.units.values()
                if u.nation == unit.nation and u is not unit and u.pos >= 0 and u.damage > 0
                and not u.moved and not u.attacked
                and here.distance(board.hexes[u.pos]) <= reach]

    def _unit_problem(self, state: State, unit: Unit) -> str | None:
        if state.phase not in ("move", "declare", "money"):
            return _("a medic repairs during its turn, not in the {phase} phase",
                     phase=phase_words(state.phase))
        if unit.nation != state.nation:
            return _("{unit} is not yours", unit=unit.id)
        if unit.pos < 0:
            return _("{unit} is not on the board", unit=unit.id)
        if state.powers.used(unit.id, *_stamp(state)) >= _int_param(self, "per_turn", 1):
            return _("{unit} has already repaired this turn", unit=unit.id)
        return None

    def extra_actions(self, state: State, unit: Unit) -> list[Action]:
        if self._unit_problem(state, unit) is not None:
            return []
        money = state.money[unit.nation]
        return [FieldRepairAction(unit.id, t.id) for t in self._targets(state, unit)
                if state.repair_cost(t) <= money]

    def action_problem(self, state: State, unit: Unit, action: Action) -> str | None:
        assert isinstance(action, FieldRepairAction)
        problem = self._unit_problem(state, unit)
        if problem is not None:
            return problem
        target = state.units.get(action.target)
        if target is None:
            return _("there is no unit {uid!r}", uid=action.target)
        if target not in self._targets(state, unit):
            return _("{target} is not a damaged own unit on the board within {range} hex(es) "
                     "of {unit} that has neither moved nor attacked this turn", target=target.id,
                     range=_int_param(self, "range", 1), unit=unit.id)
        cost = state.repair_cost(target)
        if state.money[unit.nation] < cost:
            return _("repair costs {cost}, you have {money}", cost=cost,
                     money=state.money[unit.nation])
        return None

    def apply_action(self, state: State, unit: Unit, action: Action) -> None:
        assert isinstance(action, FieldRepairAction)
        target = state.units[action.target]
        cost = state.repair_cost(target)
        state.money[unit.nation] -= cost
        state.log.append(FieldRepaired(unit.id, target.id, cost))
        victory.on_bank(state, unit.nation, cost)
        target.damage = 0
        target.moved = target.done = target.attacked = True
        state.powers.use(unit.id, *_stamp(state))


@register
class LayMines(Ability):
    """Minelayer (RULES §10, FAQ in §6): "Landminen legen, die eine gegnerische Einheit sofort
    vernichten, wenn diese ein Feld mit einer Mine betritt" (002/003); FAQ: one mine per turn,
    5 mine markers, one mine per hex, air units ignore mines. Parameters: `per_turn`,
    `markers` (mines of the nation on the board at once), `range` (how far from the
    minelayer). A mine goes on a land hex with no enemy unit and no fort; laid in the move,
    declare or money phase of its own turn. Engine: engine.rules.powers.mines."""

    id = "lay_mines"
    rule = "RULES §10"
    parameters = (
        Param("markers", "int", 5, "mines of the nation on the board at once"),
        Param("per_turn", "int", 1, "mines laid per turn"),
        Param("per_hex", "int", 1, "mines per hex (FAQ: one; the engine always keeps one)"),
        Param("range", "int", 1, "how far from the minelayer the mine goes"),
    )
    action_types = (LayMineAction,)

    def _unit_problem(self, state: State, unit: Unit) -> str | None:
        if state.phase not in ("move", "declare", "money"):
            return _("mines are laid during a turn, not in the {phase} phase",
                     phase=phase_words(state.phase))
        if unit.nation != state.nation:
            return _("{unit} is not yours", unit=unit.id)
        if unit.pos < 0:
            return _("{unit} is not on the board", unit=unit.id)
        if state.powers.used(unit.id, *_stamp(state)) >= _int_param(self, "per_turn", 1):
            return _("{unit} has already laid a mine this turn", unit=unit.id)
        markers = _int_param(self, "markers", 5)
        if state.powers.mines_of(unit.nation) >= markers:
            return _("all {markers} mine markers of {nation} are on the board", markers=markers,
                     nation=unit.nation)
        return None

    def _spot_problem(self, state: State, unit: Unit, at: int | None) -> str | None:
        board = state.game.board
        if at is None:
            return _("the hex is not on the board")
        if board.hexes[unit.pos].distance(board.hexes[at]) > _int_param(self, "range", 1):
            return _("the hex is more than {range} hex(es) from {unit}",
                     range=_int_param(self, "range", 1), unit=unit.id)
        if at in state.powers.mines:
            return _("one mine per hex: this hex is mined already")
        # Fort footprints and hexes out of play are blocked; an entrance is a hex in play.
        if board.water[at] or (board.blocked[at] and at not in board.entrance_fort):
            return _("mines go on land hexes in play outside forts")
        other = state.occ.get(at)
        if other is not None and other.team != unit.team:
            return _("{other} stands there", other=other.id)
        return None

    def extra_actions(self, state: State, unit: Unit) -> list[Action]:
        if self._unit_problem(state, unit) is not None:
            return []
        board = state.game.board
        here = board.hexes[unit.pos]
        reach = _int_param(self, "range", 1)
        out: list[Action] = []
        for h in disk(here, reach):
            i = board.index_of.get(h)
            if i is not None and self._spot_problem(state, unit, i) is None:
                out.append(LayMineAction(unit.id, h))
        return out

    def action_problem(self, state: State, unit: Unit, action: Action) -> str | None:
        assert isinstance(action, LayMineAction)
        return (self._unit_problem(state, unit)
                or self._spot_problem(state, unit, state.game.board.index_of.get(action.at)))

    def apply_action(self, state: State, unit: Unit, action: Action) -> None:
        assert isinstance(action, LayMineAction)
        state.powers.mines[state.game.board.index_of[action.at]] = unit.nation
        state.powers.use(unit.id, *_stamp(state))
        state.log.append(MineLaid(unit.id, unit.nation, (action.at.q, action.at.r)))


@register
class AirValue(Ability):
    """A separate hit value against air units (zeppelin: "nicht sehr effektiv im Luftkampf",
    002): parameters `recruit`, `veteran`, `hero` replace the card's value against air."""

    id = "air_value"
    rule = "RULES §10"
    parameters = tuple(Param(level, "int", None, f"a {level}'s hit value against air units "
                             "(absent: the card's)") for level in ("recruit", "veteran", "hero"))

    def adjust_hit_value(self, value: int, target: UnitType, level: str) -> int:
        if target.unit_class != "air" or level not in self.params:
            return value
        return _int_param(self, level, value)


@register
class CloseCombat(Ability):
    """Trench Club unit (RULES §10, a GAP in the seeds: "archaische Nahkampfwaffen ... für
    Grabenkämpfe", 002): `hit_bonus` is added to its hit value in melee, where its card
    (range 1) always fights."""

    id = "close_combat"
    rule = "RULES §10"
    parameters = (Param("hit_bonus", "int", 0, "added to its hit value in melee"),)

    def adjust_hit_value(self, value: int, target: UnitType, level: str) -> int:
        return value + _int_param(self, "hit_bonus", 0)


@register
class Builder(Ability):
    """Builder (RULES §6): "Die Einheit kann einmal pro Runde (vor oder nach ihrer Bewegung)
    einen Graben oder eine Straße/Brücke über 2 Felder bauen, anstatt anzugreifen. Eines der
    2 Felder muss an die Einheit angrenzen. Kann nicht unter feindlichen Einheiten, Forts
    oder feindlich besetzten Gräben gebaut werden." (002). Action `build UNIT trench|road Q,R
    Q,R` in the move or declare phase, `per_turn` times (1), only by a unit that has not
    attacked (building is its attack). Engine: engine.rules.powers.building."""

    id = "builder"
    rule = "RULES §6"
    parameters = (Param("per_turn", "int", 1, "builds per round"),)
    action_types = (BuildAction,)

    def _unit_problem(self, state: State, unit: Unit) -> str | None:
        if state.phase not in ("move", "declare"):
            return _("building happens before or after the move, instead of attacking")
        if unit.nation != state.nation:
            return _("{unit} is not yours", unit=unit.id)
        if unit.pos < 0:
            return _("{unit} is not on the board", unit=unit.id)
        if unit.attacked:
            return _("{unit} has attacked this turn: it builds instead of attacking",
                     unit=unit.id)
        if state.powers.used(unit.id, *_stamp(state)) >= _int_param(self, "per_turn", 1):
            return _("{unit} has already built this round", unit=unit.id)
        return None

    @staticmethod
    def _enemy_trench(state: State, unit: Unit, start: int) -> bool:
        """Whether the trench through board index `start` holds an enemy unit."""
        board = state.game.board
        seen, todo = {start}, [start]
        while todo:
            i = todo.pop()
            other = state.occ.get(i)
            if other is not None and other.team != unit.team:
                return True
            for n in board.neighbours[i]:
                if n not in seen and board.terrain_name(n) == "trench":
                    seen.add(n)
                    todo.append(n)
        return False

    def _spot_problem(self, state: State, unit: Unit, kind: str, h: Hex) -> str | None:
        board = state.game.board
        i = board.index_of.get(h)
        if i is None:
            return _("{q},{r} is not on the board", q=h.q, r=h.r)
        if board.blocked[i]:
            return _("{q},{r} is a fort, an entrance or out of play", q=h.q, r=h.r)
        other = state.occ.get(i)
        if other is not None and other.team != unit.team:
            return _("{other} stands on {q},{r}", other=other.id, q=h.q, r=h.r)
        current = board.terrain_name(i)
        if current == "trench" and self._enemy_trench(state, unit, i):
            return _("the trench at {q},{r} is held by the enemy", q=h.q, r=h.r)
        try:
            made = built_terrain(kind, current)
        except ValueError as exc:
            return str(exc)
        if made == current:
            return _("{q},{r} is already {terrain}", q=h.q, r=h.r, terrain=rule_word(current))
        return None

    def _pair_problem(self, state: State, unit: Unit, kind: str, a: Hex, b: Hex) -> str | None:
        if a.distance(b) != 1:
            return _("the two hexes must be next to each other")
        here = state.game.board.hexes[unit.pos]
        if here.distance(a) != 1 and here.distance(b) != 1:
            return _("one of the two hexes must be next to {unit}", unit=unit.id)
        return (self._spot_problem(state, unit, kind, a)
                or self._spot_problem(state, unit, kind, b))

    def extra_actions(self, state: State, unit: Unit) -> list[Action]:
        if self._unit_problem(state, unit) is not None:
            return []
        here = state.game.board.hexes[unit.pos]
        out: list[Action] = []
        seen: set[tuple[str, Hex, Hex]] = set()
        for kind in BUILD_KINDS:
            for a in here.neighbors():
                for b in a.neighbors():
                    key = (kind, *sorted((a, b)))
                    if b == here or key in seen:
                        continue
                    seen.add(key)
                    if self._pair_problem(state, unit, kind, a, b) is None:
                        out.append(BuildAction(unit.id, kind, a, b))
        return out

    def action_problem(self, state: State, unit: Unit, action: Action) -> str | None:
        assert isinstance(action, BuildAction)
        if action.kind not in BUILD_KINDS:
            return _("unknown build {kind!r} (known: {known})", kind=action.kind,
                     known=", ".join(BUILD_KINDS))
        return (self._unit_problem(state, unit)
                or self._pair_problem(state, unit, action.kind, action.first, action.second))

    def apply_action(self, state: State, unit: Unit, action: Action) -> None:
        assert isinstance(action, BuildAction)
        board = state.game.board
        hexes = (action.first, action.second)
        made = {h: built_terrain(action.kind, board.terrain_name(board.index_of[h]))
                for h in hexes}
        building.build(state, made)
        unit.attacked = True
        state.powers.use(unit.id, *_stamp(state))
        state.log.append(TerrainBuilt(unit.id, "trench" if action.kind == "trench"
                                      else "road/bridge", tuple((h.q, h.r) for h in hexes),
                                      tuple(made[h] for h in hexes)))


@register
class FortMounted(Ability):
    """Fort turret (RULES §10): "Forts können mit einem Geschützturm bestückt werden, der im
    Nah- und Fernkampf Gegner beschießen kann" (002): bought into a fort (the purchase names
    the fort), it fires from the fort hex nearest its target. Engine:
    engine.rules.powers.turret."""

    id = "fort_mounted"
    rule = "RULES §10"
    fort_mounted = True


# --- abilities declared in the catalog from building blocks (issue 10 item 2) ---------------


class TargetFilter(Ability):
    """Building block `target_classes`: attacks only units of these classes."""

    id = "target_filter"
    rule = "docs/abilities.md"

    def classes(self) -> frozenset[str]:
        """The unit classes this unit may attack."""
        return frozenset(str(c) for c in self.params.get("classes", ()))


class HitOverride(Ability):
    """Building block `hit_value`: the hit value per level against `against` (a unit class,
    or "any")."""

    id = "hit_override"
    rule = "docs/abilities.md"

    def adjust_hit_value(self, value: int, target: UnitType, level: str) -> int:
        against = self.params.get("against", "any")
        if against != "any" and target.unit_class != against:
            return value
        table = {k: v for k, v in self.params.items() if k in ("recruit", "veteran", "hero")}
        if level in table:
            return _int_param(self, level, value)
        return value


def _flag(cls: type[Ability]) -> Any:
    return lambda on: [cls()] if on else []


# Building block name -> the existing effects it stands for (each returns ability parts).
BLOCKS: dict[str, Any] = {
    "target_classes": lambda v: [TargetFilter({"classes": list(v)})],
    "unlimited_range": _flag(UnlimitedRange),
    "area": lambda v: [AreaAttack(dict(v))],
    "gas": _flag(Gas),
    "gas_immune": _flag(GasImmune),
    "indestructible": _flag(Indestructible),
    "hit_value": lambda v: [HitOverride(dict(v))],
}


def build(ability: Any) -> list[Ability]:
    """The ability objects of one catalog entry (`engine.model.Ability`): its registered
    class, or for an id declared from `blocks` the existing effects those blocks stand for.
    Raises UnknownAbilityError for an unknown id without blocks (listing the known ids) and
    ValueError for a registered id redeclared or an unknown block."""
    blocks = getattr(ability, "blocks", None) or {}
    if not blocks:
        return [ability_class(ability.id)(ability.params)]
    if ability.id in ABILITIES:
        raise ValueError(f"ability {ability.id!r} is played by the engine and cannot be "
                         "redeclared from blocks (hint: give the new ability its own id)")
    parts: list[Ability] = []
    for name, value in blocks.items():
        make = BLOCKS.get(name)
        if make is None:
            raise ValueError(f"ability {ability.id!r}: unknown building block {name!r} "
                             f"(known: {', '.join(BLOCKS)})")
        parts.extend(make(value))
    return parts
