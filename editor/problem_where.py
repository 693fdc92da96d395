"""What a validation problem is about, found from its JSON pointer and hex, and said in words in
the user's language for the Problems panel ("fort F3 'Verdun'", "hex 4,7")."""

from __future__ import annotations

from editor.i18n import rule_label, translate
from engine.model import Fort, GameMap, Label, MapPath, Region, StartMarker

_LISTS = ("forts", "start_markers", "labels", "paths")


def object_at_pointer(game_map: GameMap, pointer: str) -> object | None:
    """The fort, start marker, label or path a JSON pointer like /forts/3/id points into
    (check_map's pointers follow the model's list order)."""
    parts = pointer.split("/")
    if len(parts) >= 3 and parts[1] in _LISTS and parts[2].isdigit():
        items: list = getattr(game_map, parts[1])
        i = int(parts[2])
        return items[i] if i < len(items) else None
    return None


def region_at_pointer(game_map: GameMap, pointer: str) -> Region | None:
    """The region a pointer like /regions/1/spans points into."""
    parts = pointer.split("/")
    if len(parts) >= 3 and parts[1] == "regions" and parts[2].isdigit():
        i = int(parts[2])
        return game_map.regions[i] if i < len(game_map.regions) else None
    return None


def describe(obj: object) -> str:
    """A map object named as a designer reads it."""
    if isinstance(obj, Fort):
        return (
            translate("ProblemWhere", "fort {id} '{name}'").format(id=obj.id, name=obj.name)
            if obj.name
            else translate("ProblemWhere", "fort {id}").format(id=obj.id)
        )
    if isinstance(obj, StartMarker):
        return translate("ProblemWhere", "start marker {number}").format(number=obj.number)
    if isinstance(obj, Label):
        text = obj.text if len(obj.text) <= 24 else obj.text[:23] + "…"
        return translate("ProblemWhere", "label '{text}'").format(text=text)
    if isinstance(obj, MapPath):
        return f"{rule_label(obj.kind)} '{obj.id}'"
    if isinstance(obj, Region):
        return translate("ProblemWhere", "region '{id}'").format(id=obj.id)
    return str(obj)


def _pointer_words(pointer: str) -> str:
    parts = [p for p in pointer.split("/") if p]
    if not parts:
        return translate("ProblemWhere", "map")
    if parts[0] == "terrain" and len(parts) > 1 and parts[1].isdigit():
        return translate("ProblemWhere", "terrain row {row}").format(row=parts[1])
    if len(parts) == 1:
        return translate("ProblemWhere", "map {field}").format(field=parts[0].replace("_", " "))
    return " ".join(p.replace("_", " ") for p in parts)


def where_text(problem: object, game_map: GameMap) -> str:
    """Where a problem is, in words: the object or region its pointer names, the hex, and
    the line of the file when known (e.g. "fort F3 'Verdun', hex 4,7 (line 12)")."""
    pointer = getattr(problem, "pointer", None) or ""
    h = getattr(problem, "hex", None)
    named = object_at_pointer(game_map, pointer) or region_at_pointer(game_map, pointer)
    parts = []
    if named is not None:
        parts.append(describe(named))
    if h is not None:
        parts.append(translate("ProblemWhere", "hex {col},{row}").format(col=h[0], row=h[1]))
    if not parts and pointer:
        parts.append(_pointer_words(pointer))
    text = ", ".join(parts)
    line = getattr(problem, "line", None)
    return (
        translate("ProblemWhere", "{where} (line {line})").format(where=text, line=line)
        if line
        else text
    )
