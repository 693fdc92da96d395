"""Opening map packs (`.tcpack`) in the editor: checking and extracting them.

A pack is read with the same checks as `tcstudio import` (packs.reader: bounded unzip,
no absolute or `..` entries, checksums against the manifest, valid content) and extracted into
`AppDataLocation/packs/<pack id>-<version>/`; then the pack's scenario opens, which opens its
map. A bad pack shows the import's message and nothing is written.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStandardPaths

from editor.i18n import translate
from packs.errors import PackError
from packs.format import MANIFEST
from packs.reader import content_files_of, import_pack, read_pack

PACK_SUFFIX = ".tcpack"


class PackOpenError(Exception):
    """A pack was refused; the message is the import's (entry, reason and hint)."""


def packs_root() -> Path:
    """Where opened packs are extracted: the app data folder's `packs` subfolder."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".trenchclub-studio") / "packs"


def _folder_name(manifest: dict[str, Any]) -> str:
    pack = manifest["pack"]
    # The schema already restricts id and version; this keeps the folder name plain anyway.
    return re.sub(r"[^A-Za-z0-9._+-]", "_", f"{pack['id']}-{pack['version']}")


def _describe(exc: Exception) -> str:
    text = str(exc)
    problems = getattr(exc, "problems", None)
    if problems:
        lines = [p.format() if hasattr(p, "format") else str(p) for p in problems[:6]]
        text += "\n" + "\n".join(lines)
    return text


def extract_pack(pack_path: str | Path, root: Path | None = None) -> Path:
    """Check a pack fully and extract it under `root` (default packs_root()); returns the
    extracted scenario file (`area-scenario.json` for a Der Erste Weltkrieg pack). A pack
    already extracted with the same manifest is reused; a different pack of the same id and
    version goes to a numbered sibling folder.

    Raises PackOpenError with the import's message; nothing is written then."""
    pack_path = Path(pack_path)
    root = root or packs_root()
    try:
        manifest, entries = read_pack(pack_path)
        name = _folder_name(manifest)
        target = root / name
        n = 1
        while target.exists():
            existing = target / MANIFEST
            if existing.is_file() and existing.read_bytes() == entries[MANIFEST]:
                return target / content_files_of(manifest)[0]
            n += 1
            target = root / f"{name}-{n}"
        import_pack(pack_path, target)
    except PackError as exc:
        raise PackOpenError(f"{pack_path.name}: {_describe(exc)}") from None
    except OSError as exc:
        raise PackOpenError(translate(
            "pack_open", "{name}: cannot read or extract the pack: {reason} (hint: check the "
            "file and that the app data folder is writable)").format(
                name=pack_path.name, reason=exc)) from None
    # The scenario file: scenario.json, or area-scenario.json of a Der Erste Weltkrieg pack.
    return target / content_files_of(manifest)[0]
