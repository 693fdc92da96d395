"""Writing content: canonical text, written atomically."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from engine.content.atomic import atomic_write_text
from engine.content.canonical import dump_canonical
from engine.content.convert_map import map_to_dict
from engine.content.documents import format_of
from engine.model import GameMap


def save_document(data: dict[str, Any], path: str | os.PathLike[str], *,
                  yaml: str | None = None) -> None:
    """Write content data canonically (YAML or JSON by extension), atomically. `yaml` is
    the data's canonical YAML when the caller has made it already (a big map's takes a
    while): written as it is to a YAML file."""
    p = Path(path)
    fmt = format_of(p)
    atomic_write_text(p, yaml if yaml is not None and fmt == "yaml" else dump_canonical(data, fmt))


def save_map(m: GameMap, path: str | os.PathLike[str]) -> None:
    """Write a map canonically and atomically."""
    save_document(map_to_dict(m), path)
