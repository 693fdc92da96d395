"""Opening map packs (`.tcpack`) in the editor, and the open-file routing that goes with it.

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
from PySide6.QtWidgets import QFileDialog

from editor.window_files import MAP_FILTER

PACK_SUFFIX = ".tcpack"
OPEN_FILTER = ("Trench Club maps, scenarios and packs (*.yaml *.yml *.json *.tcpack);;"
               "Map packs (*.tcpack);;" + MAP_FILTER)


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
    extracted scenario file. A pack already extracted with the same manifest is reused; a
    different pack of the same id and version goes to a numbered sibling folder.

    Raises PackOpenError with the import's message; nothing is written then."""
    from packs.errors import PackError
    from packs.format import MANIFEST
    from packs.reader import import_pack, read_pack

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
                return target / "scenario.json"
            n += 1
            target = root / f"{name}-{n}"
        import_pack(pack_path, target)
    except PackError as exc:
        raise PackOpenError(f"{pack_path.name}: {_describe(exc)}") from None
    except OSError as exc:
        raise PackOpenError(f"{pack_path.name}: cannot read or extract the pack: {exc} "
                            "(hint: check the file and that the app data folder is writable)"
                            ) from None
    return target / "scenario.json"


class PackOpenActions:
    """Mixin of MainWindow (before FileActions): File → Open and drag-and-drop also take
    `.tcpack` files, and the window remembers the scenario a map was opened from (for
    File → Export of a map pack)."""

    @property
    def source_scenario(self) -> Path | None:
        """The scenario the current map was opened through, if any (also when the editor
        was started on a scenario)."""
        from editor.files import opened_via_scenario

        return opened_via_scenario(self.document.path)  # type: ignore[attr-defined]

    def open_dialog(self) -> None:
        """File > Open: maps, scenarios and map packs."""
        from engine.paths import CONTENT_DIR

        if not self.maybe_save():  # type: ignore[attr-defined]
            return
        doc = self.document  # type: ignore[attr-defined]
        start = str(doc.path.parent) if doc.path else str(CONTENT_DIR)
        path, _ = QFileDialog.getOpenFileName(self, "Open map", start, OPEN_FILTER)  # type: ignore[arg-type]
        if path:
            self.open_file(path, ask=False)

    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        """Open a map, a scenario's map, or a map pack (extracted first)."""
        path = Path(path)
        if path.suffix.lower() == PACK_SUFFIX:
            return self.open_pack(path, ask)
        return bool(super().open_file(path, ask))  # type: ignore[misc]

    def open_pack(self, path: Path, ask: bool = True) -> bool:
        """Extract a map pack (after every check) and open its scenario's map."""
        if ask and not self.maybe_save():  # type: ignore[attr-defined]
            return False
        try:
            scenario = extract_pack(path, self.packs_root())
        except PackOpenError as exc:
            self.show_error("Cannot open map pack", str(exc))  # type: ignore[attr-defined]
            return False
        if not self.open_file(scenario, ask=False):
            return False
        self.statusBar().showMessage(  # type: ignore[attr-defined]
            f"Opened map pack {path.name} (extracted to {scenario.parent})", 8000)
        return True

    def packs_root(self) -> Path:
        """Folder for extracted packs (tests point it elsewhere)."""
        return packs_root()
