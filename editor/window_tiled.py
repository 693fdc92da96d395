"""File ▸ Import Tiled… of the main window: a Tiled map (.tmx/.tmj) becomes a new, unsaved map.

The import is the CLI's (`exporters.tiled_import.import_tiled`, Qt-free). It runs before the
open map is touched: when the Tiled file cannot be mapped, a dialog lists the located
problems and the open map, its undo history and its file stay as they were. A map that came
in but breaks map rules opens anyway, with its problems in the Problems panel to fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QWidget

from editor.i18n import translate
from engine.content import ContentError, map_from_dict
from engine.paths import CONTENT_DIR

if TYPE_CHECKING:
    from exporters.tiled_import import TiledImport

MAX_LISTED = 12  # problems listed in the dialog; the Problems panel has them all


def describe_problems(problems: list[Any], limit: int = MAX_LISTED) -> str:
    """The problems one per line (location, message, hint), at most `limit` of them."""
    lines = [p.format() if hasattr(p, "format") else str(p) for p in problems[:limit]]
    if len(problems) > limit:
        lines.append(translate("TiledImport", "… and {n} more").format(n=len(problems) - limit))
    return "\n".join(lines)


class TiledImportActions:
    """Mixin of MainWindow: File ▸ Import Tiled…"""

    def import_tiled_dialog(self) -> None:
        """Ask for a .tmx/.tmj file and import it."""
        widget: QWidget = self  # type: ignore[assignment]
        doc = self.document  # type: ignore[attr-defined]
        start = str(doc.path.parent) if doc.path else str(CONTENT_DIR)
        path, _ = QFileDialog.getOpenFileName(
            widget, translate("TiledImport", "Import Tiled map"), start,
            translate("TiledImport", "Tiled maps (*.tmx *.tmj *.json);;All files (*)"))
        if path:
            self.import_tiled_file(Path(path))

    def import_tiled_file(self, path: Path, ask: bool = True) -> bool:
        """Import a Tiled map and show it as a new unsaved map; False (open map untouched)
        when the file cannot be read or mapped, or the user keeps the open map (asked
        unless the caller did)."""
        result = self._run_tiled_import(path)
        if result is None:
            return False
        try:
            game_map = map_from_dict(result.data)  # type: ignore[arg-type]
        except ContentError as exc:
            self._refuse_import(path, exc.problems)
            return False
        if ask and not self.maybe_save():  # type: ignore[attr-defined]
            return False
        self.set_map(game_map, None, result.problems)  # type: ignore[attr-defined]
        errors = sum(p.is_error for p in result.problems)
        message = translate("TiledImport", "Imported {name} as a new map (not saved yet)"
                            ).format(name=path.name)
        if errors:
            message += translate("TiledImport", " — {n} problem(s) to fix").format(n=errors)
        if result.problems:
            self.problems_dock.show()  # type: ignore[attr-defined]
            self.problems_dock.raise_()  # type: ignore[attr-defined]
        self.statusBar().showMessage(message, 8000)  # type: ignore[attr-defined]
        return True

    def _run_tiled_import(self, path: Path) -> TiledImport | None:
        # lazy: the importer loads shapely and numpy; the editor starts without them and
        # only this menu item needs them.
        from exporters.tiled_import import import_tiled

        try:
            result = import_tiled(path)
        except ContentError as exc:
            self._refuse_import(path, exc.problems)
            return None
        except OSError as exc:
            self.show_error(  # type: ignore[attr-defined]
                translate("TiledImport", "Cannot import Tiled map"),
                translate("TiledImport", "{path}: cannot read the file: {why} (hint: check the "
                          "path and that the file is readable)").format(path=path,
                                                                        why=exc.strerror))
            return None
        if result.data is None:
            self._refuse_import(path, result.problems)
            return None
        return result

    def _refuse_import(self, path: Path, problems: list[Any]) -> None:
        self.show_error(  # type: ignore[attr-defined]
            translate("TiledImport", "Cannot import Tiled map"),
            translate("TiledImport", "{name} could not be imported; the open map is "
                      "unchanged.\n\n{problems}").format(name=path.name,
                                                         problems=describe_problems(problems)))

