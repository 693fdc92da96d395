"""Dice and cards as explicit chance outcomes (OpenSpiel style).

Three kinds of chance node, each with its outcomes, exact probabilities and the forced action
that produces an outcome (so a history of forced actions replays in any game):

- `dice`: the next fight of the combat phase rolls dice (and Big Bertha's scatter die first).
  Outcome `ChanceOutcome(attacker_hits, defender_hits, landing)`; forced `fight A/D[/S]`
  with canonical faces (hits show 1, misses 12; the scatter die shows the lowest face that
  lands there).
- `cards`: the next fight under the dice-free variant draws a card per side (after any
  scatter die). Outcome `CardOutcome(attacker_card, defender_card, landing)`; forced
  `fight cA/cD[/S]`.
- `draw`: `buy special FORT` draws a special unit at random. Outcome `DrawOutcome(type)`;
  forced `buy special FORT TYPE`.
- `roll_off`: the setup action after which every seat rolls a d12 (the last `assign`: who
  places first; the last `place`, or `hq` with victory points: who begins). Outcome
  `RollOffOutcome(nation)`, each seat 1/n (ties roll again); forced `… first=NATION`.

- `deal`: the start chips of a full setup, dealt by a Fisher–Yates shuffle one step at a
  time: at step i, `DealOutcome(j)` swaps position i with j, each j in 0..i with 1/(i+1)
  (the steps are `State.deal_pending`, not actions); after the last step the history
  records the forced `deal N,N,…`.

Only a game with `explicit_chance` stops at `draw`, `roll_off` and `deal`: the player's action
waits in `State.chance_pending` (not yet in the history); otherwise the action rolls at once.
Quick setup (its deal, armies grouped at random, its roll-offs) happens while the initial
state is made and still rolls the seeded dice there.

`sample(s, dice)` picks the outcome the seeded `dice` give, consuming them exactly as the
automatic roll does, so explicit play with the state's own dice follows the automatic game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.rules import battle, combat, money, setup, trench_fire
from engine.rules.actions import (
    SPECIAL,
    Action,
    Assign,
    Buy,
    Deal,
    Fight,
    Headquarters,
    Place,
)
from engine.rules.dice import Dice

if TYPE_CHECKING:
    from engine.rules.state import State, Unit

HIT_FACE = 1
MISS_FACE = combat.DIE_FACES
DICE, CARDS, DRAW, ROLL_OFF, DEAL = "dice", "cards", "draw", "roll_off", "deal"
SetupAction = Assign | Place | Headquarters


@dataclass(frozen=True)
class ChanceOutcome:
    """One outcome of a fight with dice: hits of each side and, for a scattering attacker,
    where the shot landed (direction 0..5 from the target; None: on the target or no scatter
    die). A fight that does not happen (attack lost, shot into an empty hex) has 0 and 0.
    Under Grabenkampf `comrade_hits` gives each trench comrade's hits that fire back, grouped
    by the damage they deal (the fewest hits dealing it: engine.rules.trench_fire)."""

    attacker_hits: int
    defender_hits: int
    landing: int | None = None
    comrade_hits: tuple[int, ...] = ()


@dataclass(frozen=True)
class CardOutcome:
    """One outcome of a dice-free fight: the card each side draws (None: the defender does
    not fire back, or no fight happens) and the scatter landing as in `ChanceOutcome`."""

    attacker_card: int | None
    defender_card: int | None
    landing: int | None = None
    comrade_cards: tuple[int, ...] = ()  # Grabenkampf: each trench comrade's card


@dataclass(frozen=True)
class DrawOutcome:
    """The special unit type drawn by `buy special FORT`."""

    unit_type: str


@dataclass(frozen=True)
class RollOffOutcome:
    """The nation that wins a roll-off (who places first, who begins)."""

    winner: str


@dataclass(frozen=True)
class DealOutcome:
    """One step of the chip deal: the position (0..i) swapped with position i."""

    swap: int


Outcome = ChanceOutcome | CardOutcome | DrawOutcome | RollOffOutcome | DealOutcome


def deal_step(s: State, outcome: Outcome) -> Deal | None:
    """Take one step of the chip deal; the forced `deal` once the last step is taken, else
    None. ValueError for an outcome that is not one of `outcomes(s)`."""
    assert s.deal_pending is not None
    numbers, i = s.deal_pending
    if not isinstance(outcome, DealOutcome) or not 0 <= outcome.swap <= i:
        raise ValueError(f"{outcome} is not a possible outcome of the chip deal "
                         f"(hint: DealOutcome(0..{i}))")
    order = list(numbers)
    order[i], order[outcome.swap] = order[outcome.swap], order[i]
    if i > 1:
        s.deal_pending = (tuple(order), i - 1)
        return None
    return Deal(tuple(order))


def waits(s: State, a: Action) -> bool:
    """Whether player action `a` (legal now) waits at a chance node in an explicit-chance
    game: `buy special FORT`, or a setup action that ends in a roll-off."""
    if not s.game.explicit_chance:
        return False
    if isinstance(a, Buy):
        return a.unit_type == SPECIAL and a.drawn is None
    return isinstance(a, SetupAction) and a.first is None and rolls_off(s, a)


def rolls_off(s: State, a: SetupAction) -> bool:
    """Whether setup action `a` ends in a roll-off (tried on a copy of the state)."""
    c = s.clone()
    c.chance_pending = None
    before = len(c.log)
    c.apply_unchecked_now(replace(a, first=None))
    return any(e.kind == "roll" for e in c.log[before:])


def completes(pending: Action, a: Action) -> bool:
    """Whether `a` is `pending` with its chance outcome forced (drawn type, roll-off winner)."""
    if isinstance(a, Buy) and a.drawn is not None:
        return replace(a, drawn=None) == pending
    if isinstance(a, SetupAction) and a.first is not None:
        return replace(a, first=None) == pending
    return False


def is_pending(s: State) -> bool:
    """Whether the next action is a fight: combat phase with a declared attack left."""
    return s.phase == "combat" and s.next_fight < len(s.declarations)


def kind(s: State) -> str | None:
    """The chance that decides next: `draw` or `roll_off` (a player's action waiting in an
    explicit-chance game), `cards` or `dice` (the next fight), or None."""
    if s.deal_pending is not None:
        return DEAL
    if s.chance_pending is not None:
        return DRAW if isinstance(s.chance_pending, Buy) else ROLL_OFF
    if is_pending(s):
        return CARDS if s.game.draws_cards else DICE
    return None


def outcomes(s: State) -> list[tuple[Outcome, Fraction]]:
    """Every outcome of the chance that decides next with its exact probability (they sum
    to 1); empty when no chance is due."""
    which = kind(s)
    if which == DRAW:
        pool = money.special_pool(s)
        return [(DrawOutcome(u.id), Fraction(1, len(pool))) for u in pool]
    if which == ROLL_OFF:
        return [(RollOffOutcome(n), Fraction(1, s.game.players)) for n in s.game.nations]
    if which == DEAL:
        assert s.deal_pending is not None
        i = s.deal_pending[1]
        return [(DealOutcome(j), Fraction(1, i + 1)) for j in range(i + 1)]
    if which is None:
        return []
    pair = battle.pending(s)
    fight = _dice if which == DICE else _cards
    if pair is None:
        return [(_nothing(which, None), Fraction(1))]
    a, d = pair
    if not battle.scatters(s, a):
        return fight(s, a, d, None, Fraction(1))
    out: list[tuple[Outcome, Fraction]] = []
    for direction, (_face, count, hit) in _landings(s, a, d).items():
        out.extend(fight(s, a, hit, direction, Fraction(count, combat.DIE_FACES)))
    return out


def _nothing(which: str, landing: int | None) -> Outcome:
    return ChanceOutcome(0, 0, landing) if which == DICE else CardOutcome(None, None, landing)


def _landings(s: State, a: Unit, d: Unit) -> dict[int | None, tuple[int, int, Unit | None]]:
    """Landing → (lowest scatter face landing there, how many faces do, unit hit)."""
    found: dict[int | None, tuple[int, int, Unit | None]] = {}
    for face in range(1, combat.DIE_FACES + 1):
        direction, hit = battle.landing(s, a, d, face)
        first, count, _ = found.get(direction, (face, 0, hit))
        found[direction] = (first, count + 1, hit)
    return found


def _dice(s: State, a: Unit, d: Unit | None, landing: int | None,
          p: Fraction) -> list[tuple[Outcome, Fraction]]:
    e = battle.engage(s, a, d) if d is not None else "no one there"
    if isinstance(e, str):
        return [(ChanceOutcome(0, 0, landing), p)]
    rs = s.game.ruleset
    a_n, d_n = e.dice(s)
    a_w = combat.hit_weights(a_n, combat.hit_value(rs, e.fa, e.fd))
    d_w = combat.hit_weights(d_n, combat.hit_value(rs, e.fd, e.fa)) if d_n else (1,)
    total = combat.DIE_FACES ** (a_n + d_n)
    out = [(ChanceOutcome(i, j, landing), p * Fraction(wa * wd, total))
           for i, wa in enumerate(a_w) for j, wd in enumerate(d_w) if wa * wd]
    room = combat.damage_room(rs, e.fa)
    for c in e.comrades:
        grouped: dict[int, int] = {}
        for h, w in enumerate(combat.hit_weights(c.dice, c.hit_value)):
            least = trench_fire.representative_hits(e.fa, h, room)
            grouped[least] = grouped.get(least, 0) + w
        c_total = combat.DIE_FACES ** c.dice
        out = [(replace(o, comrade_hits=(*o.comrade_hits, h)), q * Fraction(w, c_total))
               for o, q in out for h, w in grouped.items() if w]
    return out


def _cards(s: State, a: Unit, d: Unit | None, landing: int | None,
           p: Fraction) -> list[tuple[Outcome, Fraction]]:
    e = battle.engage(s, a, d) if d is not None else "no one there"
    if isinstance(e, str):
        return [(CardOutcome(None, None, landing), p)]
    a_table, d_table = battle.card_tables(s, e)
    d_cards: list[int | None] = list(range(1, len(d_table) + 1)) or [None]
    q = p / (len(a_table) * len(d_cards))
    out = [(CardOutcome(i, j, landing), q)
           for i in range(1, len(a_table) + 1) for j in d_cards]
    for table in battle.comrade_tables(s, e):
        out = [(replace(o, comrade_cards=(*o.comrade_cards, k)), r / len(table))
               for o, r in out for k in range(1, len(table) + 1)]
    return out


def action_for(s: State, outcome: Outcome) -> Action:
    """The forced action that produces `outcome` (a forced fight, or the forced special
    draw); ValueError when `outcome` is not one of `outcomes(s)`."""
    if outcome not in dict(outcomes(s)):
        raise ValueError(f"{outcome} is not a possible outcome of the next chance "
                         "(hint: pick one from chance_outcomes())")
    if isinstance(outcome, DealOutcome):
        c = s.clone()
        done = deal_step(c, outcome)
        if done is None:
            raise ValueError("a step of the chip deal has no action of its own: the whole "
                             "deal is recorded as 'deal N,N,…' after its last step "
                             "(hint: apply_chance)")
        return done
    if isinstance(outcome, DrawOutcome):
        bought = s.chance_pending
        assert isinstance(bought, Buy)
        return Buy(SPECIAL, bought.where, outcome.unit_type)
    if isinstance(outcome, RollOffOutcome):
        assert isinstance(s.chance_pending, SetupAction)
        return replace(s.chance_pending, first=outcome.winner)
    pair = battle.pending(s)
    scatter = None
    if pair is not None and battle.scatters(s, pair[0]):
        scatter = _landings(s, *pair)[outcome.landing][0]
    if isinstance(outcome, CardOutcome):
        if outcome.attacker_card is None:
            return Fight((), (), scatter)
        return Fight(scatter=scatter, attacker_card=outcome.attacker_card,
                     defender_card=outcome.defender_card, comrade_cards=outcome.comrade_cards)
    a_n, d_n, _why = battle.forced_dice(s, scatter)
    e = battle.target(s, scatter)
    comrade_dice = e.comrade_dice() if isinstance(e, battle.Engagement) else ()
    d_n -= sum(comrade_dice)
    faces = _faces(outcome.defender_hits, d_n)
    for hits, n in zip(outcome.comrade_hits, comrade_dice, strict=True):
        faces += _faces(hits, n)
    return Fight(_faces(outcome.attacker_hits, a_n), faces, scatter)


def _faces(hits: int, dice: int) -> tuple[int, ...]:
    return (HIT_FACE,) * hits + (MISS_FACE,) * (dice - hits)


def sample(s: State, dice: Dice) -> Outcome:
    """The outcome `dice` give, drawing from them exactly as the automatic roll draws from
    the state's dice (same calls, same order); ValueError when no chance is due."""
    which = kind(s)
    if which is None:
        raise ValueError("no chance is due (hint: is_chance_node() / chance_outcomes())")
    if which == DRAW:
        pool = money.special_pool(s)
        return DrawOutcome(pool[dice.below(len(pool))].id)
    if which == ROLL_OFF:
        return RollOffOutcome(setup.roll_off_winner(s.game.nations, dice, "sample"))
    if which == DEAL:
        assert s.deal_pending is not None
        return DealOutcome(dice.below(s.deal_pending[1] + 1))
    pair = battle.pending(s)
    if pair is None:
        return _nothing(which, None)
    a, d = pair
    landing: int | None = None
    if battle.scatters(s, a):
        landing, hit = battle.landing(s, a, d, dice.d12())
        if hit is None:
            return _nothing(which, landing)
        d = hit
    e = battle.engage(s, a, d)
    if isinstance(e, str):
        return _nothing(which, landing)
    if which == CARDS:
        a_table, d_table = battle.card_tables(s, e)
        a_card = dice.below(len(a_table)) + 1
        d_card = dice.below(len(d_table)) + 1 if d_table else None
        more = tuple(dice.below(len(t)) + 1 for t in battle.comrade_tables(s, e))
        return CardOutcome(a_card, d_card, landing, more)
    rs = s.game.ruleset
    a_n, d_n = e.dice(s)
    a_hits = combat.count_hits(dice.roll(a_n), combat.hit_value(rs, e.fa, e.fd))
    d_hits = combat.count_hits(dice.roll(d_n), combat.hit_value(rs, e.fd, e.fa)) if d_n else 0
    room = combat.damage_room(rs, e.fa)
    comrade_hits = tuple(
        trench_fire.representative_hits(
            e.fa, combat.count_hits(dice.roll(c.dice), c.hit_value), room)
        for c in e.comrades)
    return ChanceOutcome(a_hits, d_hits, landing, comrade_hits)
