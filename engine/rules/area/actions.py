"""Actions of the area game: one small value type, with a text and a JSON form.

Multi-step decisions are split into steps so every list of legal actions stays small: a
battle is declared, then markers, lead armies and captures are chosen one by one; a movement
names its front, then moves armies one at a time until `end_move`. A battle on a front linked
to a Trench Club battlefield is first either rolled (`roll_battle`) or given the result of the
battlefield game (`resolve_battle central|allies|draw`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

KINDS = (
    "place", "place_dummy", "end_setup", "pick_order",
    "battle", "move", "move_army", "move_dummy", "end_move", "transfer", "transfer_more",
    "end_transfer", "pass",
    "play_marker", "no_marker", "lead", "draw", "no_draw", "discard", "keep_drawn",
    "return_drawn", "capture", "roll_battle", "resolve_battle",
    "offer_treaty", "no_treaty", "accept_treaty", "refuse_treaty",
    "replace", "end_replacements",
)
_FIELDS = ("army", "front", "target", "setup_slot", "turn_slot")


class AreaActionError(ValueError):
    """An action text or JSON object that is not an action of the area game."""


@dataclass(frozen=True, order=True)
class AreaAction:
    """One decision: a kind and the army, front, marker/city id or order slots it names."""

    kind: str
    army: str | None = None
    front: int | None = None
    target: str | None = None
    setup_slot: int | None = None
    turn_slot: int | None = None

    def text(self) -> str:
        """The text form, e.g. `place de-1 2`, `battle 3`, `capture paris`."""
        parts = [self.kind]
        parts += [str(getattr(self, f)) for f in _FIELDS if getattr(self, f) is not None]
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (fields that are set)."""
        return {k: v for k, v in asdict(self).items() if v is not None}

    @staticmethod
    def from_json(data: Any) -> AreaAction:
        """The action of a JSON object; AreaActionError when it is none."""
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise AreaActionError(f"not an area-game action: {str(data)[:120]}")
        unknown = set(data) - {"kind", *_FIELDS}
        if unknown:
            raise AreaActionError(f"unknown action field(s): {', '.join(sorted(unknown))}")
        for key in ("front", "setup_slot", "turn_slot"):
            if key in data and (not isinstance(data[key], int) or isinstance(data[key], bool)
                                or not 0 <= data[key] <= 99):
                raise AreaActionError(f"'{key}' must be a whole number 0..99")
        for key in ("army", "target"):
            if key in data and (not isinstance(data[key], str) or len(data[key]) > 64):
                raise AreaActionError(f"'{key}' must be an id of at most 64 characters")
        return AreaAction(**data)
