"""Typed game-log events: what the engine did, with every number it computed.

`State.log` is a list of these frozen dataclasses. Each has a `kind` (its JSON "event" tag),
`to_json()` for saves, `text()` for a readable line, and `event_from_json` turns saved data
back into events (old saves included: missing newer fields load as None). Clients render the
log from these fields and never recompute a rule; a combat carries its hit values, hits and
experience gained, so even a scattered shot shows the numbers of the unit it really hit.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.i18n import _, localized, unit_name
from engine.rules.phase import phase_words
from engine.rules.quickinit import direct_init


class EventError(ValueError):
    """Saved log data that is not an event this engine knows."""


def _freeze(value: Any) -> Any:
    """JSON-like data with every list made a tuple (so equal events compare equal)."""
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def _thaw(value: Any) -> Any:
    """The JSON form of frozen data: tuples back to lists."""
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Event:
    """One thing that happened in a game. Sequences are tuples (lists only in JSON), so an
    event loaded from a save equals the one the engine logged."""

    kind: ClassVar[str] = ""
    # Fields left out of the JSON while None or empty (the form older saves have).
    optional: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        """The event as plain JSON data, tagged with "event": kind."""
        out: dict[str, Any] = {"event": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in self.optional and not value and value != 0:
                continue
            out[f.metadata.get("json", f.name)] = _thaw(value)
        return out

    def text(self) -> str:
        """A readable line for the play-test log and exports."""
        return ", ".join(f"{k}={v}" for k, v in self.to_json().items())


EVENTS: dict[str, type[Event]] = {}


def register(cls: type[Event]) -> type[Event]:
    """Class decorator (above `@dataclass(frozen=True)`): make an event class loadable by its
    kind, with a quicker `__init__` of the same signature."""
    if not cls.kind or cls.kind in EVENTS:
        raise ValueError(f"event class {cls.__name__} needs a new kind, got {cls.kind!r}")
    EVENTS[cls.kind] = cls
    init = direct_init(cls)
    if init is not None:
        cls.__init__ = init  # type: ignore[misc]
    return cls


def event_from_json(data: dict[str, Any]) -> Event:
    """The event of saved JSON data; EventError names an unknown kind or a missing field."""
    if not isinstance(data, dict):
        raise EventError(_("a log event is an object, got {name}", name=type(data).__name__))
    kind = data.get("event")
    cls = EVENTS.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise EventError(_("unknown log event {kind!r} (known: {events})", kind=kind,
                           events=', '.join(EVENTS)))
    names = {f.metadata.get("json", f.name): f.name for f in dataclasses.fields(cls)}
    kwargs = {names[k]: _freeze(v) for k, v in data.items() if k in names}
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise EventError(_("log event {kind!r}: {exc}", kind=kind, exc=exc)) from None


def _field(json_name: str, default: Any = dataclasses.MISSING) -> Any:
    if default is dataclasses.MISSING:
        return dataclasses.field(metadata={"json": json_name})
    return dataclasses.field(default=default, metadata={"json": json_name})


# --- setup ---------------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class ChipsDealt(Event):
    """Start numbers dealt to every nation (army k = chip k)."""

    kind = "deal"
    chips: dict[str, tuple[int, ...]]

    def text(self) -> str:
        chips = "; ".join(f"{n}: {', '.join(map(str, c))}" for n, c in self.chips.items())
        return _("start chips dealt ({chips})", chips=chips)


@register
@dataclass(frozen=True)
class RolledOff(Event):
    """A roll-off: each round's d12 per nation, and the winner."""

    kind = "roll"
    purpose: str
    rolls: tuple[dict[str, int], ...]
    winner: str

    def text(self) -> str:
        rolls = " / ".join(", ".join(f"{n} {v}" for n, v in r.items()) for r in self.rolls)
        purposes = {"first_player": _("first player"), "first_placer": _("first placer")}
        purpose = purposes.get(self.purpose) or self.purpose.replace("_", " ")
        return _("roll-off for {purpose}: {rolls} → {winner}", purpose=purpose, rolls=rolls,
                 winner=self.winner)


@register
@dataclass(frozen=True)
class ArmyPlaced(Event):
    """An army placed at a start number: (unit id, [q, r]) per unit."""

    kind = "place"
    nation: str
    army: int
    number: int
    units: tuple[tuple[Any, ...], ...]

    def text(self) -> str:
        return (_("{nation} places army {army} at start number {number} ({n_units} units)",
                  nation=self.nation, army=self.army, number=self.number, n_units=len(self.units)))


@register
@dataclass(frozen=True)
class HeadquartersChosen(Event):
    """The start numbers chosen as headquarters (victory-points variant)."""

    kind = "headquarters"
    hq: dict[str, int]

    def text(self) -> str:
        hq = ", ".join(_("{nation} at start number {number}", nation=n, number=k)
                       for n, k in self.hq.items())
        return _("headquarters: {hq}", hq=hq)


# --- movement ------------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class Moved(Event):
    """A unit moved over the board (`start` None: it came out of a fort)."""

    kind = "move"
    unit: str
    start: tuple[int, int] | None = _field("from")
    to: tuple[int, int] = _field("to")

    def text(self) -> str:
        where = _("its fort") if self.start is None else ",".join(map(str, self.start))
        return _("{unit} moves from {where} to {to}", unit=self.unit, where=where,
                 to=",".join(map(str, self.to)))


@register
@dataclass(frozen=True)
class FortEntered(Event):
    """A unit (and its passengers) entered its own fort."""

    kind = "enter"
    unit: str
    fort: str
    passengers: tuple[str, ...] = ()

    def text(self) -> str:
        extra = _(" with {units}", units=", ".join(self.passengers)) if self.passengers else ""
        return _("{unit} enters {fort}{extra}", unit=self.unit, fort=self.fort, extra=extra)


@register
@dataclass(frozen=True)
class FortCaptured(Event):
    """A foot soldier captured a fort, removing the enemy units inside."""

    kind = "capture"
    fort: str
    by: str
    previous: str = _field("from")
    removed: tuple[str, ...] = ()

    def text(self) -> str:
        removed = _(", removing {units}", units=", ".join(self.removed)) if self.removed else ""
        if self.previous == "neutral":  # no one held it: "from neutral" is no owner
            return _("{by} captures the neutral fort {fort}{removed}", by=self.by,
                     fort=self.fort, removed=removed)
        return _("{by} captures {fort} from {previous}{removed}", by=self.by, fort=self.fort,
                 previous=self.previous, removed=removed)


@register
@dataclass(frozen=True)
class TransportBoarded(Event):
    """A unit boarded a transport."""

    kind = "board"
    unit: str
    transport: str

    def text(self) -> str:
        return _("{unit} boards {transport}", unit=self.unit, transport=self.transport)


@register
@dataclass(frozen=True)
class TransportUnloaded(Event):
    """A transport unloaded its passengers onto these hexes."""

    kind = "unload"
    transport: str
    units: tuple[str, ...]
    to: tuple[tuple[int, int], ...]

    def text(self) -> str:
        spots = ", ".join(_("{unit} to {q},{r}", unit=u, q=q, r=r)
                          for u, (q, r) in zip(self.units, self.to, strict=True))
        return _("{transport} unloads {value}", transport=self.transport,
                 value=spots or _("nobody"))


# --- combat --------------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class AttackLost(Event):
    """A declared attack that was not fought (a unit gone, or no longer allowed)."""

    kind = "attack_lost"
    optional = ("why",)
    attacker: str
    defender: str
    why: str | None = None

    def text(self) -> str:
        why = f" ({self.why})" if self.why else _(" (a unit is gone)")
        return _("attack of {attacker} on {defender} lapses{why}", attacker=self.attacker,
                 defender=self.defender, why=why)


@register
@dataclass(frozen=True)
class ShotScattered(Event):
    """A scattering shot (Big Bertha) landed on a neighbour of its target."""

    kind = "scatter"
    attacker: str
    target: str
    face: int
    direction: int
    lands_on: str | None

    def text(self) -> str:
        return (_("{attacker}'s shot at {target} scatters (face {face}) and lands on {value}",
                  attacker=self.attacker, target=self.target, face=self.face,
                  value=self.lands_on or _("nothing")))


@register
@dataclass(frozen=True)
class CombatResolved(Event):
    """One combat fought with dice or dice-free cards, with every number the engine used.

    The hit values, hits and XP fields are None only in logs of saves made before they were
    recorded."""

    kind = "combat"
    optional = ("cards", "attacker_hit_value", "defender_hit_value", "attacker_hits",
                "defender_hits", "xp_attacker", "xp_defender")
    attacker: str
    defender: str
    distance: int
    bonus: str | None
    bonus_dice: int
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    damage_to_defender: int
    damage_to_attacker: int
    defender_destroyed: bool
    attacker_destroyed: bool
    cards: tuple[int, ...] = ()
    attacker_hit_value: int | None = None
    defender_hit_value: int | None = None  # 0 when the defender does not fire back
    attacker_hits: int | None = None
    defender_hits: int | None = None
    xp_attacker: int | None = None
    xp_defender: int | None = None

    def text(self) -> str:
        av, dv = self.attacker_hit_value or 0, self.defender_hit_value or 0

        def faces(dice: tuple[int, ...], value: int, hits: int | None) -> str:
            if self.cards:
                # Dice-free: the engine turns each drawn card into hits (faces 1 or 12).
                return _("{hits} hit(s)", hits=hits if hits is not None else dice.count(1))
            if not value:
                return " ".join(str(f) for f in dice)
            return " ".join(f"[{f}]" if f <= value else str(f) for f in dice)

        how = (_(": card(s) {cards},", cards=", ".join(map(str, self.cards))) if self.cards
               else _(": dice"))
        text = (_("{attacker} attacks {defender} at range {distance}", attacker=self.attacker,
                  defender=self.defender, distance=self.distance)
                + (f" ({self.bonus} +{self.bonus_dice})" if self.bonus else "")
                + f"{how} {faces(self.attacker_dice, av, self.attacker_hits)}"
                + (_(" (hit on ≤{value})", value=av) if av and not self.cards else "")
                + _(" → {damage} damage", damage=self.damage_to_defender))
        if self.defender_dice:
            text += (_("; return fire {faces}",
                       faces=faces(self.defender_dice, dv, self.defender_hits))
                     + (_(" (hit on ≤{value})", value=dv) if dv and not self.cards else "")
                     + _(" → {damage} damage", damage=self.damage_to_attacker))
        if self.defender_destroyed:
            text += _("; {unit} destroyed", unit=self.defender)
        if self.attacker_destroyed:
            text += _("; {unit} destroyed", unit=self.attacker)
        if self.xp_attacker or self.xp_defender:
            text += _("; XP +{attacker} attacker, +{defender} defender",
                      attacker=self.xp_attacker or 0, defender=self.xp_defender or 0)
        return text


@register
@dataclass(frozen=True)
class TrenchReturnFire(Event):
    """Grabenkampf: a foot soldier in the attacked trench fired back at the attacker besides
    the defender (engine.rules.trench_fire)."""

    kind = "trench_return_fire"
    shooter: str
    attacker: str
    dice: tuple[int, ...]
    hit_value: int
    hits: int
    damage: int
    attacker_destroyed: bool
    xp: int

    def text(self) -> str:
        faces = " ".join(f"[{f}]" if f <= self.hit_value else str(f) for f in self.dice)
        text = _("{shooter} fires back from the trench at {attacker}: dice {faces} (hit on "
                 "≤{value}) → {damage} damage", shooter=self.shooter, attacker=self.attacker,
                 faces=faces, value=self.hit_value, damage=self.damage)
        if self.attacker_destroyed:
            text += _("; {unit} destroyed", unit=self.attacker)
        return text + (f"; XP +{self.xp}" if self.xp else "")


@register
@dataclass(frozen=True)
class CargoLost(Event):
    """The units a destroyed or removed unit carried, lost with it (logged right after the
    event that removed the carrier)."""

    kind = "cargo_lost"
    carrier: str
    units: tuple[str, ...]

    def text(self) -> str:
        return _("lost with {carrier}: {units}", carrier=self.carrier, units=", ".join(self.units))


# --- money ---------------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class IncomeCollected(Event):
    """Income collected at the start of a money phase."""

    kind = "income"
    nation: str
    amount: int

    def text(self) -> str:
        return _("{nation} receives {amount} income", nation=self.nation, amount=self.amount)


@register
@dataclass(frozen=True)
class SpecialDrawn(Event):
    """A random special unit drawn for a purchase."""

    kind = "draw_special"
    nation: str
    unit_type: str

    def text(self) -> str:
        return _("{nation} draws the special unit {unit_type}", nation=self.nation,
                 unit_type=unit_name(self.unit_type))


@register
@dataclass(frozen=True)
class UnitPurchased(Event):
    """A unit bought into a fort (or onto water) for `cost`."""

    kind = "buy"
    nation: str
    unit: str
    unit_type: str
    where: str
    cost: int

    def text(self) -> str:
        return _("{nation} buys {unit_type} {unit} into {where} for {cost}", nation=self.nation,
                 unit_type=unit_name(self.unit_type), unit=self.unit, where=self.where,
                 cost=self.cost)


@register
@dataclass(frozen=True)
class UnitRepaired(Event):
    """All damage of a unit repaired for `cost`."""

    kind = "repair"
    unit: str
    cost: int

    def text(self) -> str:
        return _("{unit} repaired for {cost}", unit=self.unit, cost=self.cost)


@register
@dataclass(frozen=True)
class MoneyGifted(Event):
    """Money given to an ally; the fee went to the bank."""

    kind = "gift"
    nation: str
    to: str
    amount: int
    fee: int

    def text(self) -> str:
        return _("{nation} gives {amount} to {to} (fee {fee})", nation=self.nation,
                 amount=self.amount, to=self.to, fee=self.fee)


# --- turn and end --------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class PhaseStarted(Event):
    """A phase of a nation's turn began (a new turn starts with its move phase)."""

    kind = "phase"
    phase: str
    nation: str
    round: int

    def text(self) -> str:
        return _("round {round}: {nation}, {phase}", round=self.round, nation=self.nation,
                 phase=phase_words(self.phase))


@register
@dataclass(frozen=True)
class VictoryPointsScored(Event):
    """Victory points scored (victory-points variant)."""

    kind = "victory_points"
    nation: str
    points: int
    why: str

    def text(self) -> str:
        return _("{nation} scores {points} victory point(s): {why}", nation=self.nation,
                 points=self.points, why=self.why)


# The reason of a game that ended without a winner (mutual destruction, issue 10 bug b).
DRAW = "draw"


@register
@dataclass(frozen=True)
class GameOver(Event):
    """The game ended; `winner` is None for a draw (reason DRAW)."""

    kind = "game_over"
    winner: str | None
    reason: str

    def text(self) -> str:
        if self.winner is None:
            return _("game over: a draw (both teams lost their last combat-capable units)")
        return _("game over: {winner} wins by {reason}", winner=self.winner, reason=self.reason)


# --- scenario runtime (engine/rules/scenario_runtime.py) -------------------------------------


@register
@dataclass(frozen=True)
class TriggerFired(Event):
    """A scenario trigger fired (its actions follow as their own events)."""

    kind = "trigger"
    trigger: str
    round: int

    def text(self) -> str:
        return _("round {round}: scenario event '{trigger}'", round=self.round,
                 trigger=self.trigger)


@register
@dataclass(frozen=True)
class UnitSpawned(Event):
    """A scenario trigger placed a new unit on a hex ("q,r") or in a fort."""

    kind = "spawn"
    trigger: str
    unit: str
    unit_type: str
    nation: str
    where: str

    def text(self) -> str:
        return _("{nation} receives {unit} ({unit_type}) at {where}", nation=self.nation,
                 unit=self.unit, unit_type=unit_name(self.unit_type), where=self.where)


@register
@dataclass(frozen=True)
class MoneyGiven(Event):
    """A scenario trigger changed a nation's money by `amount`."""

    kind = "money_given"
    trigger: str
    nation: str
    amount: int

    def text(self) -> str:
        return _("{nation} receives {amount} (scenario event '{trigger}')", nation=self.nation,
                 amount=self.amount, trigger=self.trigger)


@register
@dataclass(frozen=True)
class ScenarioMessage(Event):
    """A message a scenario trigger shows to the players (English, and German if given)."""

    kind = "message"
    trigger: str
    en: str
    de: str = ""

    def text(self) -> str:
        return _("message: {text}", text=localized({"en": self.en, "de": self.de}))


@register
@dataclass(frozen=True)
class ObjectiveAchieved(Event):
    """A team met a scenario objective (the game ends with its victory)."""

    kind = "objective"
    objective: str
    team: str

    def text(self) -> str:
        return _("{team} achieves the objective '{objective}'", team=self.team,
                 objective=self.objective)
