"""The area-game kinds in the one loading pipeline: model and semantic problems of an area map,
army catalog, area ruleset or area scenario (whose referenced files are loaded through the same
pipeline, so their problems are reported once, at their own file). A front's `battlefield`
names a Trench Club scenario, which must exist and load (it is played when a battle there is
fought on the battlefield)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.area_model import AreaMap, AreaScenario
from engine.content.convert_area import (
    area_map_from_dict,
    area_ruleset_from_dict,
    area_scenario_from_dict,
    army_catalog_from_dict,
)
from engine.content.documents import Document
from engine.content.problems import Problem, error, warning
from engine.content.semantic_area import (
    check_area_map,
    check_area_ruleset,
    check_area_scenario,
    check_army_catalog,
)
from engine.content.xmltext import strings_of, unwritable_texts
from engine.i18n import _

AREA_KINDS = ("area-map", "army-catalog", "area-ruleset", "area-scenario")
_BUILD: dict[str, tuple[Callable[[dict[str, Any]], Any], Callable[[Any], list[Problem]]]] = {
    "area-map": (area_map_from_dict, check_area_map),
    "army-catalog": (army_catalog_from_dict, check_army_catalog),
    "area-ruleset": (area_ruleset_from_dict, check_area_ruleset),
}
_REFERENCES = (("map", "map_ref", "area-map"), ("armies", "armies_ref", "army-catalog"),
               ("ruleset", "ruleset_ref", "area-ruleset"))
Analyse = Callable[[Path], tuple[list[Problem], Any, str | None]]


def analyse_area(doc: Document, analyse_path: Analyse) -> tuple[list[Problem], Any]:
    """Semantic problems (unlocated) and the model of a schema-valid area document.
    `analyse_path` loads a referenced file through the pipeline (with its cache)."""
    if doc.kind in _BUILD:
        build, check = _BUILD[doc.kind]
        model = build(doc.data)
        problems = check(model)
        if doc.kind == "area-map":
            problems += _battlefields(doc, model, analyse_path) + _background(doc, model)
            problems += unwritable_texts("area", strings_of(doc.data))  # a small file
        return problems, model
    scenario = area_scenario_from_dict(doc.data)
    problems = _resolve(doc, scenario, analyse_path)
    return problems + check_area_scenario(scenario), scenario


def _resolve(doc: Document, s: AreaScenario, analyse_path: Analyse) -> list[Problem]:
    base = doc.path.parent if doc.path is not None else Path.cwd()
    out: list[Problem] = []
    for key, attr, kind in _REFERENCES:
        ref = getattr(s, attr)
        target = base / ref
        if not target.is_file():
            out.append(error(f"area.missing_{key}",
                             _("{key} file '{ref}' does not exist", key=key, ref=ref),
                             _("paths are relative to the scenario file ({base})", base=base),
                             pointer=f"/{key}"))
            continue
        problems, model, found = analyse_path(target)
        errors = [p for p in problems if p.is_error]
        if found is not None and found != kind:
            out.append(error("area.wrong_kind",
                             _("{key} file '{ref}' is a {found} file", key=key, ref=ref,
                               found=found),
                             _("point '{key}' at a {kind} file", key=key, kind=kind),
                             pointer=f"/{key}"))
        elif errors or model is None:
            first = errors[0].format() if errors else "unreadable"
            out.append(error("area.invalid_reference",
                             _("{key} file '{ref}' has {n_errors} error(s), first: {first}",
                               key=key, ref=ref, n_errors=len(errors), first=first),
                             _("fix {ref} first", ref=ref),
                             pointer=f"/{key}"))
        else:
            setattr(s, {"armies": "catalog"}.get(key, key), model)
    return out


def battlefield_path(map_path: Path | None, ref: str) -> Path:
    """The Trench Club scenario file a front's `battlefield` names (relative to the area map's
    folder, or the working folder for a map not saved yet)."""
    return (map_path.parent if map_path is not None else Path.cwd()) / ref


def _background(doc: Document, m: AreaMap) -> list[Problem]:
    """A warning when the background picture the map names is not there: the map still plays,
    but the editor cannot show it and exports and packs refuse the map until it is."""
    if not m.background:
        return []
    ref = str(m.background.get("file", ""))
    base = doc.path.parent if doc.path is not None else Path.cwd()
    try:
        exists = (base / ref).is_file()
    except (OSError, ValueError):  # a name the system refuses
        exists = False
    if exists:
        return []
    return [warning("area.missing_background",
                    _("the background picture '{file}' does not exist", file=ref),
                    _("put the PNG or JPEG beside the area map or fix the path (relative to "
                      "{base}); until then the editor leaves it out and exports refuse the map",
                      base=base), pointer="/background/file")]


def _battlefields(doc: Document, m: AreaMap, analyse_path: Analyse) -> list[Problem]:
    out: list[Problem] = []
    base = doc.path.parent if doc.path is not None else Path.cwd()
    for i, f in enumerate(m.fronts):
        if f.battlefield is None:
            continue
        target = battlefield_path(doc.path, f.battlefield)
        pointer = f"/fronts/{i}/battlefield"
        try:
            exists = target.is_file()
        except (OSError, ValueError):  # a name the system refuses
            exists = False
        if not exists:
            out.append(error("area.missing_battlefield",
                             _("front {number} names the battlefield '{battlefield}', which "
                               "does not exist", number=f.number, battlefield=f.battlefield),
                             _("name a Trench Club .scenario.yaml, relative to the area map "
                               "({base})", base=base), pointer=pointer))
            continue
        problems, model, found = analyse_path(target)
        errors = [p for p in problems if p.is_error]
        if found is not None and found != "scenario":
            out.append(error("area.battlefield_wrong_kind",
                             _("front {number}'s battlefield '{battlefield}' is a {found} file, "
                               "not a Trench Club scenario", number=f.number,
                               battlefield=f.battlefield, found=found),
                             _("name a .scenario.yaml (its map, seats and ruleset are played)"),
                             pointer=pointer))
        elif errors or model is None:
            first = errors[0].format() if errors else _("unreadable")
            out.append(error("area.invalid_battlefield",
                             _("front {number}'s battlefield '{battlefield}' has {count} "
                               "error(s), first: {first}", number=f.number,
                               battlefield=f.battlefield, count=len(errors), first=first),
                             _("fix {battlefield} first", battlefield=f.battlefield),
                             pointer=pointer))
    return out
