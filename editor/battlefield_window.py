"""The Trench Club window a Der Erste Weltkrieg battle is fought in: the hex editor's main
window on the linked scenario's map (registered with editor.area.battlefield by editor.app)."""

from __future__ import annotations

from pathlib import Path

from editor import files
from editor.document import MapDocument
from editor.main_window import MainWindow
from editor.settings import Settings


def open_battlefield_window(scenario: Path, settings: Settings | None = None) -> MainWindow | str:
    """A shown main window on a scenario's map, without crash recovery (the battlefield is
    played, not edited), or why the scenario cannot be opened."""
    try:
        opened = files.open_map(scenario)
    except files.OpenError as exc:
        return str(exc)
    doc = MapDocument(opened.map, opened.path)
    doc.set_problems(opened.problems)
    window = MainWindow(doc, settings=settings)
    window.show()
    window.view.zoom_to_fit()
    return window
