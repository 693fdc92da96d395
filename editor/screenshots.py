"""Render the editor's documentation screenshots offscreen, and check what a designer would
notice first: dock tabs cut short, a map squeezed by the panels.

`QT_QPA_PLATFORM=offscreen python -m editor.screenshots [OUT_DIR]` opens the default map and
writes `editor-1280x720-light.png`, `editor-1280x720-dark.png`, `editor-1920x1080-light.png`,
`editor-1920x1080-dark.png` (and `editor-1600x900-*`) into OUT_DIR (default docs/images),
plus docs/editor.png (1600×900, light) for the README. Each window gets the dock layout a
fresh start on a screen of that width gives (compact below 1600 px). A German pass writes
`editor-1280x720-light.png` and `playtest-1280x720-light.png` (a play-test in progress) into
docs/de/images (or OUT_DIR/de, or the third argument).
"""

from __future__ import annotations

import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QTabBar

from editor import files
from editor.document import MapDocument
from editor.i18n import install_translators
from editor.main_window import MainWindow
from editor.settings import Settings
from editor.stamp_library import StampLibrary
from editor.theme import apply_palette
from editor.window_layout import WIDE_SCREEN
from engine.paths import CONTENT_DIR, PROJECT_ROOT
from engine.play.setup import PlaytestOptions

SIZES = ((1280, 720), (1600, 900), (1920, 1080))
THEMES = ("light", "dark")
GERMAN_SIZE = (1280, 720)
DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


@dataclass
class Shot:
    """One rendered screenshot and what was measured on it."""

    path: Path
    size: tuple[int, int]
    theme: str
    cut_tabs: list[str]
    map_share: float  # width of the map view / width of the window


def cut_tabs(window: MainWindow) -> list[str]:
    """Titles of dock tabs drawn narrower than their text needs (elided, "Prope…")."""
    out = []
    for bar in window.findChildren(QTabBar):
        if not bar.isVisible():
            continue
        for i in range(bar.count()):
            if bar.tabRect(i).width() < bar.tabSizeHint(i).width() - 1:
                out.append(bar.tabText(i))
    return out


def _settle(app: QApplication, window: MainWindow, seconds: float = 20.0) -> None:
    # Chunks of the terrain are built a few per frame; wait until every visible one is.
    deadline = time.monotonic() + seconds
    terrain = window.view.scene().terrain
    app.processEvents()
    while time.monotonic() < deadline:
        window.view.viewport().repaint()
        app.processEvents()
        if terrain.pending == 0:
            return


def render(app: QApplication, out: Path, size: tuple[int, int], theme: str,
           scratch: Path, playtest: PlaytestOptions | None = None) -> Shot:
    """Open the default map in a fresh window of `size` and theme; save its picture (with
    `playtest`, of a play-test started with those options)."""
    apply_palette(app, theme == "dark")
    opened = files.open_map(DEFAULT_MAP)
    document = MapDocument(opened.map, opened.path)
    # A fresh settings file per picture: a layout saved by an earlier window must not leak in.
    ini = tempfile.mkstemp(suffix=".ini", dir=scratch)[1]
    settings = Settings(QSettings(ini, QSettings.Format.IniFormat))
    window = MainWindow(document, settings=settings, stamps=StampLibrary(scratch / "stamps"),
                        compact=size[0] < WIDE_SCREEN)
    window.resize(*size)
    window.show()
    app.processEvents()
    window.view.zoom_to_fit()
    window.validator.check_sync()
    if playtest is not None:
        window.enter_play_mode(playtest)
        app.processEvents()
        window.view.zoom_to_fit()
    _settle(app, window)
    image = window.grab()
    image.save(str(out))
    shot = Shot(out, size, theme, cut_tabs(window), window.view.width() / window.width())
    window.document.undo_stack.setClean()
    if window.playtest.active:
        window.leave_play_mode()
    window.validator.shutdown()
    window.close()
    window.deleteLater()
    app.processEvents()
    return shot


def render_german(app: QApplication, out_dir: Path, scratch: Path) -> list[Shot]:
    """The German screenshots at 1280×720, light: the editor and a play-test."""
    out_dir.mkdir(parents=True, exist_ok=True)
    install_translators(app, "de")
    try:
        return [render(app, out_dir / "editor-1280x720-light.png", GERMAN_SIZE, "light",
                       scratch),
                render(app, out_dir / "playtest-1280x720-light.png", GERMAN_SIZE, "light",
                       scratch, PlaytestOptions(seed=17))]
    finally:
        install_translators(app, "en")


def main(argv: list[str] | None = None) -> int:
    """Write every screenshot; returns 1 (and says which) if a dock tab is cut short."""
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else PROJECT_ROOT / "docs" / "images"
    readme_shot = (Path(args[1]) if len(args) > 1 else PROJECT_ROOT / "docs" / "editor.png")
    german_dir = (Path(args[2]) if len(args) > 2
                  else out_dir / "de" if args else PROJECT_ROOT / "docs" / "de" / "images")
    app = QApplication.instance() or QApplication([sys.argv[0]])
    out_dir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="tcstudio-shots-"))
    shots = [render(app, out_dir / f"editor-{w}x{h}-{theme}.png", (w, h), theme, scratch)
             for w, h in SIZES for theme in THEMES]
    shots.append(render(app, readme_shot, (1600, 900), "light", scratch))
    shots += render_german(app, german_dir, scratch)
    apply_palette(app, False)
    bad = [s for s in shots if s.cut_tabs]
    for s in shots:
        print(f"wrote {s.path} ({s.size[0]}×{s.size[1]}, {s.theme}, map {s.map_share:.0%})")
    for s in bad:
        print(f"{s.path.name}: dock tabs cut short: {', '.join(s.cut_tabs)}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
