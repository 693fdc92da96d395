"""The background picture of an area map for the editor's scene: read relative to the map's
file, checked as a pack would check it (packs.picture), decoded once per file version. A
picture that is there but cannot be shown is a problem in the editor's list, with why."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QPixmap

from editor.i18n import tr
from engine.area_model import AreaMap
from engine.content import Problem
from engine.content.problems import warning
from packs.picture import PictureError, check_picture, check_picture_bytes

Key = tuple[Path, int, int]  # file, mtime in ns, size
Loaded = tuple[QPixmap | None, Problem | None]
_cache: dict[Key, Loaded] = {}
CODE = "area.unshown_background"


def background_pixmap(m: AreaMap, map_path: Path | None) -> QPixmap | None:
    """The map's background picture, or None when it has none or it cannot be shown (see
    `background_problem`)."""
    return _load(m, map_path)[0]


def background_problem(m: AreaMap, map_path: Path | None) -> Problem | None:
    """Why the background picture the map names cannot be shown although its file is there
    (not a PNG or JPEG, too large, or broken), as a located warning; None when it shows, when
    the map names none, or when the file is missing (the map's checks say so already)."""
    return _load(m, map_path)[1]


def _load(m: AreaMap, map_path: Path | None) -> Loaded:
    if not m.background or map_path is None:
        return None, None
    name = str(m.background.get("file", ""))
    source = map_path.parent / name
    try:
        st = source.stat()
        key = (source.resolve(), st.st_mtime_ns, st.st_size)
        if key not in _cache:
            _cache.clear()  # one picture is open at a time; keep only the newest
            _cache[key] = _decode(source, name, st.st_size)
        return _cache[key]
    except (OSError, ValueError):  # missing, unreadable or a name the system refuses
        return None, None


def _decode(source: Path, name: str, size: int) -> Loaded:
    try:
        check_picture_bytes(size)  # before reading a huge file into memory
        data = source.read_bytes()
        check_picture(data)
    except PictureError as e:
        return None, _unshown(name, e.reason, e.hint)
    pixmap = QPixmap()
    if pixmap.loadFromData(data):
        return pixmap, None
    return None, _unshown(
        name, tr("the picture's data is broken: it cannot be decoded"),
        tr("open it in an image program and save it again as PNG or JPEG"))


def _unshown(name: str, reason: str, hint: str) -> Problem:
    message = tr("the background picture '%1' is not shown: %2").replace(
        "%1", name).replace("%2", reason)
    return warning(CODE, message, hint, pointer="/background/file")
