"""The main window's open-file routing for map packs: File > Open and drag-and-drop take
`.tcpack` files too (checked and extracted by editor.pack_open), and the window remembers the
scenario a map was opened through."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QFileDialog

from editor.files import opened_via_scenario
from editor.i18n import translate
from editor.pack_open import PACK_SUFFIX, PackOpenError, extract_pack, packs_root
from editor.window_files import MAP_FILTER
from engine.paths import CONTENT_DIR

TILED_SUFFIXES = (".tmx", ".tmj")
OPEN_FILTER = QT_TRANSLATE_NOOP("PackOpenActions", "Trench Club maps, scenarios and packs "
                                "(*.yaml *.yml *.json *.tcpack);;Map packs (*.tcpack);;"
                                "Tiled maps, imported as a new map (*.tmx *.tmj)")


def _open_filter() -> str:
    return (translate("PackOpenActions", OPEN_FILTER) + ";;"
            + translate("FileActions", MAP_FILTER))


class PackOpenActions:
    """Mixin of MainWindow (before FileActions): File → Open and drag-and-drop also take
    `.tcpack` files, and the window remembers the scenario a map was opened from (for
    File → Export of a map pack)."""

    @property
    def source_scenario(self) -> Path | None:
        """The scenario the current map was opened through, if any (also when the editor
        was started on a scenario)."""
        return opened_via_scenario(self.document.path)  # type: ignore[attr-defined]

    def open_dialog(self) -> None:
        """File > Open: maps, scenarios and map packs."""
        if not self.maybe_save():  # type: ignore[attr-defined]
            return
        doc = self.document  # type: ignore[attr-defined]
        start = str(doc.path.parent) if doc.path else str(CONTENT_DIR)
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open map"), start, _open_filter())  # type: ignore[arg-type]
        if path:
            self.open_file(path, ask=False)

    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        """Open a map, a scenario's map, a map pack (extracted first) or a Tiled map
        (imported as a new, unsaved map)."""
        path = Path(path)
        if path.suffix.lower() == PACK_SUFFIX:
            return self.open_pack(path, ask)
        if path.suffix.lower() in TILED_SUFFIXES:
            return bool(self.import_tiled_file(path, ask))  # type: ignore[attr-defined]
        return bool(super().open_file(path, ask))  # type: ignore[misc]

    def open_pack(self, path: Path, ask: bool = True) -> bool:
        """Extract a map pack (after every check) and open its scenario's map."""
        if ask and not self.maybe_save():  # type: ignore[attr-defined]
            return False
        try:
            scenario = extract_pack(path, self.packs_root())
        except PackOpenError as exc:
            self.show_error(self.tr("Cannot open map pack"), str(exc))  # type: ignore[attr-defined]
            return False
        if not self.open_file(scenario, ask=False):
            return False
        self.statusBar().showMessage(  # type: ignore[attr-defined]
            self.tr("Opened map pack {name} (extracted to {folder})").format(  # type: ignore[attr-defined]
                name=path.name, folder=scenario.parent), 8000)
        return True

    def packs_root(self) -> Path:
        """Folder for extracted packs (tests point it elsewhere)."""
        return packs_root()
