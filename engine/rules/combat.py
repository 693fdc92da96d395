"""Pure combat rules of Trench Club (RULES §3, §5.3, §5.4, §6): who may attack whom, dice,
hit values, damage, return fire, pincer and encirclement, and the resolution of one combat.

Nothing here knows the board. The engine works out the board facts (distance, terrain of the
defender, supporting units) and passes them in; dice come from a `roll` callable so the engine
can pass its seeded RNG and tests can pass fixed faces. All numbers come from the `Ruleset` and
the `UnitType` cards, never from constants here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb

from engine.i18n import _
from engine.model import EXPERIENCE_LEVELS, Catalog, Ruleset, UnitType
from engine.rules.abilities import powers
from engine.rules.quickinit import quick_init

DIE_FACES = 12
GROUND = "ground"
AIR = "air"
BONUS_KINDS: tuple[str | None, ...] = (None, "pincer", "encirclement")


class IllegalAttackError(ValueError):
    """An attack the rules do not allow (wrong range, untargetable defender, unit on water…)."""


@quick_init
@dataclass(frozen=True)
class Fighter:
    """One side of a combat: the unit's card and its state at the moment of the combat."""

    unit_type: UnitType
    damage: int
    xp: int
    in_forest: bool = False  # defender in forest uses the forest armour column
    on_water: bool = False  # a unit on water neither attacks nor fires back
    # Grabenkampf (§11.1): a foot soldier in a trench defends with the armour of a tank in
    # forest; the engine passes that column in `trench_armour` (see `trench_armour_of`).
    in_trench: bool = False
    trench_armour: tuple[int, ...] = ()


@quick_init
@dataclass(frozen=True)
class CombatResult:
    """Everything that happened in one combat; the engine applies damage and XP from it."""

    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_hit_value: int
    defender_hit_value: int  # 0 when the defender does not fire back
    attacker_hits: int
    defender_hits: int
    damage_to_defender: int  # damage actually added, capped at the destruction threshold
    damage_to_attacker: int
    defender_destroyed: bool
    attacker_destroyed: bool
    xp_attacker: int  # XP gained in this combat
    xp_defender: int
    bonus: str | None  # None | "pincer" | "encirclement"
    bonus_dice: int
    return_fire: bool


# --- who can attack whom ---------------------------------------------------------------------


def target_kind(unit_type: UnitType) -> str:
    """`"air"` for air units, `"ground"` for everything else (ships and statics included)."""
    return AIR if unit_type.unit_class == "air" else GROUND


def is_water_unit(unit_type: UnitType) -> bool:
    """Whether the unit belongs on water (a gunboat): the on-water restriction spares it."""
    return unit_type.unit_class == "ship" or powers(unit_type).water_unit


def can_target(attacker: UnitType, defender: UnitType) -> bool:
    """Whether `attacker` can attack units of `defender`'s kind at all, ignoring range.

    Air units can be attacked only by units whose `targets` include "air" (air units,
    anti-aircraft, heavy infantry, gunboats: the cloud symbol); ground units only by units
    whose `targets` include "ground" (so anti-aircraft, with targets [air], neither attacks nor
    defends against ground units). Transports never attack. A unit with the
    `cannot_damage_air` ability (Big Bertha) cannot target air units.
    """
    if attacker.unit_class == "transport":
        return False
    kind = target_kind(defender)
    p = powers(attacker)
    if kind == AIR and p.cannot_target_air:
        return False
    if p.target_classes is not None and defender.unit_class not in p.target_classes:
        return False
    return kind in attacker.targets


def can_attack_at(attacker: UnitType, distance: int) -> bool:
    """Whether `distance` (in hexes) lies in the attacker's range min..max (None, or the
    `unlimited_range` ability: no maximum)."""
    if distance < 1 or distance < attacker.range_min:
        return False
    return (attacker.range_max is None or distance <= attacker.range_max
            or powers(attacker).unlimited_range)


def can_melee(attacker: UnitType, defender: UnitType) -> bool:
    """Whether `attacker` could attack `defender` from an adjacent hex (range 1, right kind).

    This is the test for enemy contact, for units counting towards a pincer or an
    encirclement, and for return fire. Howitzers and mortars (range_min 2) never melee.
    """
    return can_target(attacker, defender) and can_attack_at(attacker, 1)


def attack_problem(attacker: Fighter, defender: Fighter, distance: int) -> str | None:
    """Why `attacker` may not attack `defender` at `distance`, or None when it may."""
    a, d = attacker.unit_type, defender.unit_type
    if attacker.on_water and not is_water_unit(a):
        return _("{attacker} stands on water and cannot attack", attacker=a.id)
    if not can_target(a, d):
        if target_kind(d) == AIR:
            return _("{attacker} cannot attack air units such as {defender}", attacker=a.id,
                     defender=d.id)
        return _("{attacker} cannot attack ground units such as {defender}", attacker=a.id,
                 defender=d.id)
    if not can_attack_at(a, distance):
        hi = _("unlimited") if a.range_max is None else str(a.range_max)
        return _("{defender} is {distance} hexes away, outside {attacker}'s range {low}-{high}",
                 defender=d.id, distance=distance, attacker=a.id, low=a.range_min, high=hi)
    return None


def returns_fire(attacker: Fighter, defender: Fighter, distance: int) -> bool:
    """Whether the defender fires back (RULES §5.4 step 2).

    Only in melee (distance 1), only when the defender could itself attack the attacker in
    melee (kind and range), and never from water (a gunboat excepted). An area attack
    (RULES §6) strikes a whole pattern with one roll: nobody fires back.
    """
    if distance != 1 or powers(attacker.unit_type).area is not None:
        return False
    if defender.on_water and not is_water_unit(defender.unit_type):
        return False
    return can_melee(defender.unit_type, attacker.unit_type)


# --- dice, hit values, damage ----------------------------------------------------------------


def level(ruleset: Ruleset, xp: int) -> str:
    """Experience level ("recruit", "veteran", "hero") of a unit with `xp` experience."""
    return ruleset.level_of(xp)


def _value_for_level(ruleset: Ruleset, table: dict[str, int], lvl: str, where: str) -> int:
    if lvl in table:
        return table[lvl]
    if "recruit" not in table:
        raise ValueError(f"{where} has no {lvl!r} or 'recruit' hit value: {table}")
    # A card that prints only its recruit value gains hit_bonus_per_level per level above.
    return table["recruit"] + ruleset.hit_bonus_per_level * EXPERIENCE_LEVELS.index(lvl)


def hit_value(ruleset: Ruleset, shooter: Fighter, target: Fighter) -> int:
    """The die face at or below which `shooter`'s dice hit `target`.

    Read from the shooter's card for its experience level: the anti-tank value
    (`hit_vs["tank"]`) against units of class "tank" only (armoured cars are class
    "vehicle"), the foot-soldier value (`hit_vs["foot"]`) against class "foot", otherwise the
    normal hit value.
    """
    ut = shooter.unit_type
    table, where = ut.hit, f"unit {ut.id!r} hit"
    target_class = target.unit_type.unit_class
    special = ut.hit_vs.get(target_class)
    if special and target_class in ("tank", "foot"):
        table, where = special, f"unit {ut.id!r} hit_vs.{target_class}"
    lvl = level(ruleset, shooter.xp)
    value = _value_for_level(ruleset, table, lvl, where)
    for ability in powers(ut).hit_hooks:
        value = ability.adjust_hit_value(value, target.unit_type, lvl)
    return value


def hit_weights(dice: int, value: int) -> tuple[int, ...]:
    """Integer weights of 0..dice hits; each is the number of face tuples (of 12^dice)."""
    if dice < 0:
        raise ValueError(f"dice must not be negative, got {dice}")
    a = max(0, min(value, DIE_FACES))
    b = DIE_FACES - a
    return tuple(comb(dice, h) * a**h * b ** (dice - h) for h in range(dice + 1))


def hit_probability(value: int) -> float:
    """Chance that one d12 hits with hit value `value` (faces 1..value hit)."""
    return max(0, min(value, DIE_FACES)) / DIE_FACES


def dice_count(ruleset: Ruleset, damage: int, bonus_dice: int = 0) -> int:
    """Number of d12 a unit with `damage` rolls: the ruleset's dice card plus `bonus_dice`."""
    if not 0 <= damage < len(ruleset.dice_by_damage):
        raise ValueError(
            f"damage {damage} has no entry in ruleset {ruleset.id!r} dice_by_damage "
            f"(0..{len(ruleset.dice_by_damage) - 1})"
        )
    if bonus_dice < 0:
        raise ValueError(f"bonus_dice must not be negative, got {bonus_dice}")
    return ruleset.dice_by_damage[damage] + bonus_dice


def armour_column(target: Fighter) -> Sequence[int]:
    """The armour thresholds that apply to `target` as given (hits needed for 1, 2, … damage).

    Forest column when `in_forest`; for a foot soldier `in_trench` (Grabenkampf) the
    `trench_armour` column; otherwise the open column. Callers pass an attacker with
    `in_forest`/`in_trench` cleared, since an attacker always uses the open column.
    """
    ut = target.unit_type
    if target.in_trench and ut.unit_class == "foot":
        if not target.trench_armour:
            raise ValueError(
                f"{ut.id} is in a trench but no trench_armour was given; pass the tank's "
                "forest column (trench_armour_of(catalog))"
            )
        return target.trench_armour
    return ut.armour_forest if target.in_forest else ut.armour_open


def damage_from_hits(target: Fighter, hits: int) -> int:
    """Damage `target` takes from `hits` hits: how many armour thresholds the hits reach.

    Not capped at the destruction threshold; `resolve` and `odds` cap it.
    """
    return len([need for need in armour_column(target) if hits >= need])


def trench_armour_of(catalog: Catalog, tank_id: str = "tank") -> tuple[int, ...]:
    """The forest armour column of the catalog's tank, which trench defenders use (§11.1)."""
    unit = catalog.units.get(tank_id)
    if unit is None or unit.unit_class != "tank":
        raise ValueError(f"catalog {catalog.id!r} has no tank unit {tank_id!r}")
    return tuple(unit.armour_forest)


def damage_room(ruleset: Ruleset, fighter: Fighter) -> int:
    """How much more damage the unit can take before it is destroyed; 0 if `indestructible`.

    An indestructible unit (the fort turret, RULES §10) takes no damage at all.
    """
    if powers(fighter.unit_type).indestructible:
        return 0
    return ruleset.destroyed_at_damage - fighter.damage


def scatter_neighbour_max(ruleset: Ruleset, shooter: Fighter) -> int:
    """Highest scatter-die face that sends the shot to a neighbouring hex (0: never scatters).

    From the `scatter` ability's `<level>_neighbour_max` parameter, else RULES §6: 6 for a
    recruit, 3 for a veteran, 0 for a hero. Units without the ability never scatter.
    """
    scatter = powers(shooter.unit_type).scatter
    if scatter is None:
        return 0
    return scatter.scatter_neighbour_max(level(ruleset, shooter.xp))


def scatter_landing(ruleset: Ruleset, shooter: Fighter, face: int) -> int | None:
    """Where a scattering shot lands for scatter-die `face`: None for the chosen target hex,
    else the direction index 0..5 of the neighbour of the target that is hit instead.

    The direction table is a GAP: the `scatter` ability's `directions` parameter (six
    direction indices for faces 1..6), else direction index = face − 1. The engine rolls this
    die before the combat dice and resolves the combat against whatever stands there.
    """
    if not 1 <= face <= DIE_FACES:
        raise ValueError(f"scatter die face must be 1..12, got {face}")
    if face > scatter_neighbour_max(ruleset, shooter):
        return None
    scatter = powers(shooter.unit_type).scatter
    directions = scatter.directions() if scatter else list(range(6))
    if len(directions) != 6 or any(d not in range(6) for d in directions):
        raise ValueError(
            f"{shooter.unit_type.id}: scatter directions must be six indices 0..5, "
            f"got {directions}"
        )
    return directions[face - 1]


def melee_bonus(ruleset: Ruleset, supporters: int, opposite: bool) -> tuple[str | None, int]:
    """The attacker's extra dice from units touching the defender (RULES §5.4 step 4).

    `supporters` counts the attacker's OWN other units (not allies') adjacent to the defender
    that could attack it in melee (`can_melee`); `opposite` says one of them stands on the
    side directly opposite the attacker. One supporter: pincer (+pincer_dice); two or more,
    or one directly opposite: encirclement (+encirclement_dice). Only for melee attacks.
    """
    if supporters < 0:
        raise ValueError(f"supporters must not be negative, got {supporters}")
    if opposite and supporters == 0:
        raise ValueError("a unit directly opposite is a supporter: supporters must be >= 1")
    if supporters >= 2 or opposite:
        return "encirclement", ruleset.encirclement_dice
    if supporters == 1:
        return "pincer", ruleset.pincer_dice
    return None, 0


# --- one combat ------------------------------------------------------------------------------


def count_hits(faces: Sequence[int], value: int) -> int:
    """Hits among d12 `faces` for hit value `value` (a face hits when it is <= the value)."""
    return len([f for f in faces if f <= value])


def _roll(roll: Callable[[int], tuple[int, ...]], n: int, who: str) -> tuple[int, ...]:
    faces = tuple(roll(n))
    if len(faces) != n or (faces and (min(faces) < 1 or max(faces) > DIE_FACES)):
        raise ValueError(f"roll({n}) for the {who} returned {faces}: need {n} faces in 1..12")
    return faces


def _xp_gain(ruleset: Ruleset, damage_dealt: int, destroyed: bool) -> int:
    if destroyed:
        return ruleset.xp_for_destroy
    return ruleset.xp_for_damage if damage_dealt > 0 else 0


def check_attack(
    ruleset: Ruleset, attacker: Fighter, defender: Fighter, distance: int, bonus_dice: int
) -> None:
    """Raise `IllegalAttackError` unless this attack (with these bonus dice) is allowed."""
    problem = attack_problem(attacker, defender, distance)
    if problem is not None:
        raise IllegalAttackError(problem)
    if bonus_dice and distance != 1:
        raise IllegalAttackError(f"bonus dice only in melee, not at distance {distance}")
    if bonus_dice < 0:
        raise IllegalAttackError(f"bonus dice must not be negative, got {bonus_dice}")
    for who, f in (("attacker", attacker), ("defender", defender)):
        if not 0 <= f.damage < ruleset.destroyed_at_damage:
            raise IllegalAttackError(
                f"{who} {f.unit_type.id} has damage {f.damage}; a unit in play has "
                f"0..{ruleset.destroyed_at_damage - 1}"
            )


def as_attacker(attacker: Fighter) -> Fighter:
    """The attacker as a damage target: always the open armour column, whatever its terrain."""
    if not (attacker.in_forest or attacker.in_trench):
        return attacker
    return Fighter(attacker.unit_type, attacker.damage, attacker.xp, on_water=attacker.on_water)


def resolve(
    ruleset: Ruleset,
    attacker: Fighter,
    defender: Fighter,
    distance: int,
    bonus_dice: int,
    bonus: str | None,
    roll: Callable[[int], tuple[int, ...]],
) -> CombatResult:
    """Fight one combat and report dice, hits, damage, destruction and XP gained.

    `roll(n)` returns n d12 faces; the attacker rolls first, then the defender if it fires
    back (both count as rolling at the same time: neither result depends on the other).
    `bonus_dice`/`bonus` come from `melee_bonus`. Damage is capped at the ruleset's
    `destroyed_at_damage`; a unit reaching it is destroyed (an `indestructible` unit takes
    none). A scattering attacker (Big Bertha) has already rolled `scatter_landing`: `defender`
    is whatever stands where the shot landed. A unit that damaged the other gains
    `xp_for_damage`, one that destroyed it `xp_for_destroy` in total.
    Raises `IllegalAttackError` for an attack the rules do not allow.
    """
    check_attack(ruleset, attacker, defender, distance, bonus_dice)
    if bonus not in BONUS_KINDS:
        raise ValueError(f"bonus must be one of {BONUS_KINDS}, got {bonus!r}")
    return fight(ruleset, attacker, defender, distance, bonus_dice, bonus, roll)


def fight(
    ruleset: Ruleset,
    attacker: Fighter,
    defender: Fighter,
    distance: int,
    bonus_dice: int,
    bonus: str | None,
    roll: Callable[[int], tuple[int, ...]],
) -> CombatResult:
    """`resolve` without its legality checks: for a combat the engine has already allowed
    (`engine.rules.battle.engage` ran `attack_problem`; units in play have damage below the
    destruction threshold; `melee_bonus` gave the bonus)."""
    fires_back = returns_fire(attacker, defender, distance)

    a_value = hit_value(ruleset, attacker, defender)
    a_faces = _roll(roll, dice_count(ruleset, attacker.damage, bonus_dice), "attacker")
    a_hits = count_hits(a_faces, a_value)

    d_value, d_faces, d_hits = 0, (), 0
    if fires_back:
        d_value = hit_value(ruleset, defender, attacker)
        d_faces = _roll(roll, dice_count(ruleset, defender.damage), "defender")
        d_hits = count_hits(d_faces, d_value)

    def_room, att_room = damage_room(ruleset, defender), damage_room(ruleset, attacker)
    to_def = min(damage_from_hits(defender, a_hits), def_room)
    to_att = min(damage_from_hits(as_attacker(attacker), d_hits), att_room)
    def_destroyed = def_room > 0 and to_def == def_room
    att_destroyed = att_room > 0 and to_att == att_room
    # positional, in field order: built for every fight
    return CombatResult(
        a_faces, d_faces, a_value, d_value, a_hits, d_hits, to_def, to_att, def_destroyed,
        att_destroyed, _xp_gain(ruleset, to_def, def_destroyed),
        _xp_gain(ruleset, to_att, att_destroyed), bonus, bonus_dice, fires_back)
