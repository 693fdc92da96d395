"""Checks of what an area pack carries beyond its four content files (docs/pack-format.md):
the map's background picture and the battlefield folders of linked fronts.

Every reference in `area-map.json` must name an entry of the pack by its fixed name
(`background.png`/`background.jpg`, `battlefields/ID/scenario.json`), every such entry must be
named by the map (nothing rides along unchecked), the picture must pass packs.picture, and each
battlefield folder must hold a hex pack's four content files.
"""

from __future__ import annotations

import re
from typing import Any

from engine.i18n import _
from packs.errors import PackError
from packs.format import (
    BACKGROUND_FILES,
    BATTLEFIELD_FILES,
    BATTLEFIELD_SCENARIO,
    BATTLEFIELDS_DIR,
)
from packs.picture import PictureError, check_picture

AREA_MAP = "area-map.json"
_BATTLEFIELD_REF = re.compile(rf"^{BATTLEFIELDS_DIR}/([a-z0-9_-]{{1,64}})/{BATTLEFIELD_SCENARIO}$")


def _background(entries: dict[str, bytes], area_map: dict[str, Any]) -> None:
    background = area_map.get("background")
    if background is not None and not isinstance(background, dict):
        raise PackError(_("the map's background is not an object"), entry=AREA_MAP,
                        hint=_("the pack was changed after it was built"))
    named = background.get("file") if background is not None else None
    if named is not None and (not isinstance(named, str) or named not in BACKGROUND_FILES):
        raise PackError(_("the map's background is {named!r}, not one of {names}", named=named,
                          names=", ".join(sorted(BACKGROUND_FILES))), entry=AREA_MAP,
                        hint=_("a pack's map may only use the files of the pack"))
    for name in sorted(BACKGROUND_FILES):
        if name in entries and name != named:
            raise PackError(_("the pack carries a background picture the map does not name"),
                            entry=name, hint=_("the pack was changed after it was built"))
    if named is None:
        return
    if named not in entries:
        raise PackError(_("the map names the background picture {named}, which the pack "
                          "lacks", named=named), entry=AREA_MAP,
                        hint=_("not a complete map pack"))
    try:
        check_picture(entries[named], BACKGROUND_FILES[named])
    except PictureError as err:
        raise PackError(err.reason, entry=named, hint=err.hint) from None


def battlefield_scenarios(entries: dict[str, bytes], area_map: dict[str, Any]) -> list[str]:
    """The battlefield scenario entries the map's fronts name, sorted, after checking that each
    is `battlefields/ID/scenario.json` with a hex pack's four content files beside it, and that
    nothing else is under `battlefields/`; PackError otherwise."""
    folders: set[str] = set()
    fronts = area_map.get("fronts")
    for i, front in enumerate(fronts if isinstance(fronts, list) else []):
        ref = front.get("battlefield") if isinstance(front, dict) else None
        if ref is None:
            continue
        match = _BATTLEFIELD_REF.match(ref) if isinstance(ref, str) else None
        if match is None:
            raise PackError(_("front {i}'s battlefield is {ref!r}, not {pattern}", i=i, ref=ref,
                              pattern=f"{BATTLEFIELDS_DIR}/ID/{BATTLEFIELD_SCENARIO}"),
                            entry=AREA_MAP,
                            hint=_("a pack's map may only use the files of the pack"))
        folders.add(f"{BATTLEFIELDS_DIR}/{match.group(1)}")
    for folder in sorted(folders):
        missing = [name for name in BATTLEFIELD_FILES[:4] if f"{folder}/{name}" not in entries]
        if missing:
            raise PackError(_("battlefield folder {folder} lacks {missing}", folder=folder,
                              missing=", ".join(missing)), hint=_("not a complete map pack"))
    for name in sorted(entries):
        if not name.startswith(f"{BATTLEFIELDS_DIR}/"):
            continue
        folder, _sep, file = name.rpartition("/")
        if folder not in folders or file not in BATTLEFIELD_FILES:
            raise PackError(_("no front of the map uses this battlefield file"), entry=name,
                            hint=_("the pack was changed after it was built"))
    return [f"{folder}/{BATTLEFIELD_SCENARIO}" for folder in sorted(folders)]


def check_area_extras(entries: dict[str, bytes], area_map: Any) -> list[str]:
    """Check the background picture and battlefield folders of an area pack whose manifest
    and checksums passed; returns the battlefield scenario entries (whose references the
    caller checks as a hex pack's). PackError with the entry and a hint when refused."""
    if not isinstance(area_map, dict):
        raise PackError(_("not an area map object"), entry=AREA_MAP)
    _background(entries, area_map)
    return battlefield_scenarios(entries, area_map)
