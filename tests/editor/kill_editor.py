"""A real editor process (offscreen MainWindow) that edits and saves or autosaves in a loop,
to be killed with SIGKILL by tests/editor/test_kills.py.

`kill_editor.py save|autosave MAP RECOVERY_DIR`: opens MAP in a window whose recovery store is
RECOVERY_DIR, then forever paints hex (0, 0) water or forest in turn and runs File > Save
(`save_to`) or the autosave slot (`autosave`) through the window. Prints "ready" once the
first save or recovery copy is done.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from editor import files
from editor.document import MapDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.settings import Settings

PAINTS = ("water", "forest")


def main(argv: list[str]) -> int:
    """Edit and save until killed."""
    mode, source, rec_dir = argv[1], Path(argv[2]), Path(argv[3])
    app = QApplication([])
    opened = files.open_map(source)
    settings = Settings(QSettings(str(rec_dir.parent / f"{source.stem}.ini"),
                                  QSettings.Format.IniFormat))
    window = MainWindow(MapDocument(opened.map, opened.path), settings=settings,
                        recovery=RecoveryStore(rec_dir))
    window.show()
    corner = window.document.map.to_axial(0, 0)
    i = 0
    while True:
        window.document.paint_terrain([corner], PAINTS[i % 2])
        if mode == "save":
            window.save_to(source)
        else:
            window.autosave()
        app.processEvents()
        if i == 0:
            window.recovery_writer.flush()
            print("ready", flush=True)
        i += 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
