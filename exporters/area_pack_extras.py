"""What an area pack carries beyond its four content files: the map's background picture and
the Trench Club battlefield scenarios its fronts link to (docs/pack-format.md).

Both are found relative to the area map's file, as the loader finds them. The picture goes in
as `background.png` or `background.jpg` (checked by packs.picture, the reader's own check), a
battlefield as `battlefields/ID/` with the files a hex pack has for it (exporters.pack
`pack_files`: scenario, map, ruleset, restricted catalog, board, preview), and the map's
references are rewritten to those entries, so the pack names nothing outside itself.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from engine.area_model import AreaMap
from engine.content import ContentError, LoadCache, load_document, load_scenario
from engine.content.area_loading import battlefield_path
from engine.i18n import _
from engine.paths import SCHEMA_DIR
from exporters.base import ExportError
from exporters.pack import pack_files
from packs.format import (
    BACKGROUND_FILES,
    BATTLEFIELD_FILES,
    BATTLEFIELD_SCENARIO,
    BATTLEFIELD_SCHEMAS,
    BATTLEFIELDS_DIR,
)
from packs.picture import PictureError, check_picture, check_picture_bytes

ENTRY_OF_FORMAT = {fmt: name for name, fmt in BACKGROUND_FILES.items()}


def _need_file(map_path: Path | None, area_map: AreaMap, what: str) -> Path:
    if map_path is None:
        raise ExportError(_("area map {id!r}: its {what} is found relative to the map's file, "
                            "which is not known", id=area_map.id, what=what),
                          hint=_("export from the area map or area scenario file"))
    return map_path


def _decodes(data: bytes) -> str | None:
    """None when Pillow decodes the whole picture, else what went wrong: a header that passes
    packs.picture may still front a broken body, which the board renderers would trip over."""
    try:
        with Image.open(io.BytesIO(data)) as picture:
            picture.load()
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as err:
        return str(err) or type(err).__name__
    return None


def background_entry(area_map: AreaMap, map_path: Path | None) -> tuple[str, bytes]:
    """The pack entry name and bytes of the map's background picture; ExportError (located
    at the map's `/background/file`, with a hint) when it is missing or may not be packed."""
    assert area_map.background is not None
    ref = str(area_map.background.get("file", ""))
    base = _need_file(map_path, area_map, _("background picture"))
    source = base.parent / ref
    where = f"{base}: /background/file"
    try:
        check_picture_bytes(source.stat().st_size)  # before reading a huge file into memory
        data = source.read_bytes()
        fmt, _w, _h = check_picture(data)
        broken = _decodes(data)
        if broken is not None:
            raise PictureError(_("the picture does not decode: {reason}", reason=broken),
                               _("open it in a picture editor and save it again"))
    except (OSError, ValueError) as err:
        if isinstance(err, PictureError):
            raise ExportError(_("{where}: background picture {ref!r}: {reason}", where=where,
                                ref=ref, reason=err.reason), hint=err.hint) from None
        raise ExportError(_("{where}: background picture {ref!r} cannot be read: {reason}",
                            where=where, ref=ref, reason=getattr(err, "strerror", None) or err),
                          hint=_("put the picture beside the map or fix 'background.file'"))\
            from None
    return ENTRY_OF_FORMAT[fmt], data


def board_background(area_map: AreaMap, map_path: Path | None) -> bytes | None:
    """The bytes of the map's background picture for its board, None when it has none;
    ExportError as for background_entry."""
    if not area_map.background:
        return None
    return background_entry(area_map, map_path)[1]


def battlefield_entries(area_map: AreaMap, map_path: Path | None,
                        cache: LoadCache | None = None) -> tuple[dict[int, str],
                                                                 dict[str, bytes]]:
    """The pack reference of every linked front's battlefield (by front number) and the files
    of the battlefields: `battlefields/ID/` per distinct scenario (ID its scenario id) plus the
    hex schemas. ExportError when one does not load or two different ones share an id."""
    refs: dict[int, str] = {}
    files: dict[str, bytes] = {}
    by_id: dict[str, Path] = {}
    for front in area_map.fronts:
        if front.battlefield is None:
            continue
        base = _need_file(map_path, area_map, _("battlefield of front {number}",
                                                number=front.number))
        source = battlefield_path(base, front.battlefield).resolve()
        try:
            scenario = load_scenario(source, cache)
        except (ContentError, OSError) as err:
            raise ExportError(_("{where}: front {number}'s battlefield {ref!r} does not load: "
                                "{reason}", where=f"{base}: /fronts", number=front.number,
                                ref=front.battlefield, reason=err),
                              hint=_("run tcstudio validate on the area map")) from None
        folder = f"{BATTLEFIELDS_DIR}/{scenario.id}"
        made = {name: data for name, data in pack_files(scenario).items()
                if name in BATTLEFIELD_FILES}
        if scenario.id in by_id and by_id[scenario.id] != source and any(
                files[f"{folder}/{name}"] != data for name, data in made.items()):
            raise ExportError(_("fronts link two different battlefield scenarios with the same "
                                "id {id!r} ({first} and {second})", id=scenario.id,
                                first=by_id[scenario.id], second=source),
                              hint=_("give the battlefield scenarios different ids"))
        by_id.setdefault(scenario.id, source)
        files.update({f"{folder}/{name}": data for name, data in made.items()})
        refs[front.number] = f"{folder}/{BATTLEFIELD_SCENARIO}"
    if refs:
        files.update({f"schemas/{name}": (SCHEMA_DIR / name).read_bytes()
                      for name in BATTLEFIELD_SCHEMAS})
    return refs, files


def extra_inputs(map_file: Path) -> list[Path]:
    """The files beyond an area scenario's own references that its pack is made from: the
    map's background picture, and each linked battlefield scenario with its map, ruleset and
    catalog (a build cache must hash them too). Files that do not parse are left out: the
    build reports them."""
    try:
        area_map = load_document(map_file).data
    except (ContentError, OSError):
        return []
    out: list[Path] = []
    background = area_map.get("background")
    if isinstance(background, dict) and isinstance(background.get("file"), str):
        out.append(map_file.parent / background["file"])
    fronts = area_map.get("fronts")
    for front in fronts if isinstance(fronts, list) else []:
        ref = front.get("battlefield") if isinstance(front, dict) else None
        if not isinstance(ref, str):
            continue
        scenario = battlefield_path(map_file, ref)
        out.append(scenario)
        try:
            data = load_document(scenario).data
        except (ContentError, OSError):
            continue
        out += [scenario.parent / data[key] for key in ("map", "ruleset", "catalog")
                if isinstance(data.get(key), str)]
    return out


def packed_map_dict(map_dict: dict[str, Any], background: str | None,
                    battlefields: dict[int, str]) -> dict[str, Any]:
    """The area map's file form with its references rewritten to the pack's entries."""
    if background is not None:
        map_dict["background"] = {**map_dict["background"], "file": background}
    for front in map_dict.get("fronts", []):
        if front.get("number") in battlefields:
            front["battlefield"] = battlefields[front["number"]]
    return map_dict
