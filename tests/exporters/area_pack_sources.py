"""A copy of the built-in area scenario whose map has a background picture and fronts linked to
Trench Club battlefields: the sources of the area pack round-trip tests."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
WELTKRIEG = ROOT / "content" / "weltkrieg"
SCENARIO_NAME = "weltkrieg-1914.area-scenario.yaml"


def picture(size: tuple[int, int] = (64, 40), fmt: str = "PNG") -> bytes:
    """A small real picture (a colour gradient) in `fmt`."""
    image = Image.new("RGB", size)
    image.putdata([(x * 4 % 256, y * 6 % 256, 90) for y in range(size[1])
                   for x in range(size[0])])
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()


def linked_copy(folder: Path, background: bytes | None = None,
                links: dict[int, str] | None = None, picture_name: str = "europe.png") -> Path:
    """Copy the built-in area scenario into `folder` (with the hex scenarios in
    `folder/scenarios`), give its map the background `background` (as `picture_name`) and link
    fronts to battlefields (`links`: front number -> path relative to the map). Returns the
    scenario file."""
    shutil.copytree(WELTKRIEG, folder)
    for name in ("maps", "rulesets", "catalog", "scenarios"):
        shutil.copytree(ROOT / "content" / name, folder.parent / name, dirs_exist_ok=True)
    map_file = folder / "europe.area-map.yaml"
    text = map_file.read_text(encoding="utf-8")
    for number, ref in sorted((links or {}).items()):
        line = f"  - number: {number}\n"
        at = text.index(line)
        text = text[:at] + f"  - battlefield: {ref}\n    number: {number}\n" + \
            text[at + len(line):]
    if background is not None:
        (folder / picture_name).write_bytes(background)
        text += f"background: {{file: {picture_name}, opacity: 0.5}}\n"
    map_file.write_text(text, encoding="utf-8")
    return folder / SCENARIO_NAME
