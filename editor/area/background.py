"""The background picture of an area map for the editor's scene: read relative to the map's
file, checked as a pack would check it (packs.picture), decoded once per file version."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QPixmap

from engine.area_model import AreaMap
from packs.picture import PictureError, check_picture, check_picture_bytes

Key = tuple[Path, int, int]  # file, mtime in ns, size
_cache: dict[Key, QPixmap | None] = {}


def background_pixmap(m: AreaMap, map_path: Path | None) -> QPixmap | None:
    """The map's background picture, or None when it has none or it cannot be shown (missing,
    not a PNG/JPEG, too large, broken: the export says why; the editor just leaves it out)."""
    if not m.background or map_path is None:
        return None
    source = map_path.parent / str(m.background.get("file", ""))
    try:
        st = source.stat()
        key = (source.resolve(), st.st_mtime_ns, st.st_size)
        if key not in _cache:
            check_picture_bytes(st.st_size)  # before reading a huge file into memory
            data = source.read_bytes()
            check_picture(data)
            pixmap = QPixmap()
            _cache.clear()  # one picture is open at a time; keep only the newest
            _cache[key] = pixmap if pixmap.loadFromData(data) else None
        return _cache[key]
    except (OSError, PictureError):
        return None
