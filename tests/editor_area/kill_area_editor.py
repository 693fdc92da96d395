"""A real area editor process (offscreen AreaEditorWindow) that edits and autosaves in a loop,
to be killed with SIGKILL by tests/editor_area/test_area_recovery.py.

`kill_area_editor.py FILE RECOVERY_DIR`: opens FILE (an area map, or an area scenario and its
map) in a window whose recovery store is RECOVERY_DIR, then forever renames its first city
"Crashburg A" or "Crashburg B" in turn and runs the autosave. Prints "ready" once the first
recovery copy is written.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from editor.area.window import AreaEditorWindow, open_area
from editor.recovery import RecoveryStore

NAMES = ("Crashburg A", "Crashburg B")


def main(argv: list[str]) -> int:
    """Edit and autosave until killed."""
    source, rec_dir = Path(argv[1]), Path(argv[2])
    app = QApplication([])
    opened = open_area(source)
    assert not isinstance(opened, str), opened
    window = AreaEditorWindow(*opened, recovery=RecoveryStore(rec_dir))
    window.show()
    i = 0
    while True:
        name = NAMES[i % 2]

        def rename(m, name: str = name) -> None:
            m.cities[0].name = name
        window.doc.change("Rename", rename)
        window.keeper.autosave()
        app.processEvents()
        if i == 0:
            window.keeper.writer.flush()
            print("ready", flush=True)
        i += 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
