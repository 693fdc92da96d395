"""Starting the editor: display check, QApplication, crash recovery offer, screenshot mode."""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.paths import DEFAULT_SCENARIO

# lazy-imports: Qt and the editor modules load only once a display is known to exist, so a
# missing display or X11 library is a message, not an import crash.
if TYPE_CHECKING:
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QApplication, QWidget

    from editor.main_window import MainWindow
    from editor.recovery import RecoverySlot, RecoveryStore

NO_DISPLAY_HINT = (
    "tcstudio edit: error: no display available (DISPLAY/WAYLAND_DISPLAY unset)\n"
    "(hint: set QT_QPA_PLATFORM=offscreen, or run under xvfb-run: xvfb-run tcstudio edit)\n"
)


def display_available(env: dict[str, str] | None = None) -> bool:
    """Whether Qt can open windows: a platform was chosen explicitly, or a display exists."""
    env = dict(os.environ if env is None else env)
    if env.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    return True


# Qt's xcb platform plugin aborts the process (no Python exception) when one of these is
# missing, so they are checked first. Library name -> Debian/Ubuntu package.
X11_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-image": "libxcb-image0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-shape": "libxcb-shape0",
    "xcb-xkb": "libxcb-xkb1",
    "xkbcommon-x11": "libxkbcommon-x11-0",
}


def missing_x11_packages(
    env: dict[str, str] | None = None, find_library: Callable[[str], str | None] | None = None
) -> list[str]:
    """Packages whose libraries Qt's X11 plugin needs but cannot find (empty if not on X11)."""
    env = dict(os.environ if env is None else env)
    if not sys.platform.startswith("linux") or env.get("WAYLAND_DISPLAY"):
        return []
    if env.get("QT_QPA_PLATFORM", "xcb") != "xcb" or not env.get("DISPLAY"):
        return []
    if find_library is None:
        import ctypes.util

        find_library = ctypes.util.find_library
    return [pkg for lib, pkg in X11_LIBRARIES.items() if not find_library(lib)]


def run(path: str | None = None, screenshot: str | None = None,
        language: str | None = None) -> int:
    """Open the editor on `path` (default: the default scenario's map); return the exit code.

    With `screenshot`, render the window offscreen to that PNG and exit. `language` ("en",
    "de"; `tcstudio --lang`) wins over the View ▸ Language setting and the locale."""
    if screenshot and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not display_available():
        sys.stderr.write(NO_DISPLAY_HINT)
        return 2
    missing = missing_x11_packages()
    if missing:
        sys.stderr.write(
            "tcstudio edit: error: Qt cannot open an X11 window: system libraries are missing\n"
            f"(hint: apt-get install -y {' '.join(missing)}; "
            "or run with QT_QPA_PLATFORM=offscreen)\n"
        )
        return 2
    target = Path(path) if path else DEFAULT_SCENARIO
    if path and not target.exists():
        sys.stderr.write(f"tcstudio edit: error: {path}: no such file\n(hint: check the path)\n")
        return 2

    from PySide6.QtWidgets import QApplication

    from editor import files
    from editor.area.battlefield import set_battlefield_opener
    from editor.battlefield_window import open_battlefield_window
    from editor.document import MapDocument
    from editor.gui_gc import collect_on_gui_thread
    from editor.i18n import chosen_language, install_translators, translate
    from editor.main_window import MainWindow
    from editor.settings import Settings, recovery_dir
    from editor.theme import apply_system_palette
    from editor.window_packs import TILED_SUFFIXES
    from engine.model import GameMap

    set_battlefield_opener(open_battlefield_window)  # battles of linked area fronts
    app = QApplication.instance() or QApplication([sys.argv[0]])
    collect_on_gui_thread(app)  # helper threads must never destroy widgets
    app.setOrganizationName("Trench Club Studio")
    app.setApplicationName("tcstudio")
    apply_system_palette(app)  # type: ignore[arg-type]
    install_translators(app, language or chosen_language(Settings()))

    recovery = None if screenshot else files.RecoveryStore(recovery_dir())
    if target.exists() and _is_area_file(target):
        return _run_area(app, target, screenshot, recovery)
    from editor.authoring.opener import opens_in_content_editor

    if target.is_dir() or opens_in_content_editor(target):
        return _run_authoring(app, target, recovery, screenshot)

    opened = None
    error = None
    tiled = target.suffix.lower() in TILED_SUFFIXES and target.exists()
    if target.exists() and not tiled:
        try:
            opened = files.open_map(target)
        except files.OpenError as exc:
            error = str(exc)
    if screenshot and error:
        sys.stderr.write(f"tcstudio edit: error: {error}\n")
        return 1

    if opened is not None:
        document = MapDocument(opened.map, opened.path)
        document.set_problems(opened.problems)
    else:
        document = MapDocument(GameMap.blank("untitled", 30, 24, name="Untitled"))
    settings = None
    if screenshot:
        # A fresh, throwaway settings file: the picture must not depend on the user's layout.
        import tempfile

        from PySide6.QtCore import QSettings

        scratch = tempfile.mkdtemp(prefix="tcstudio-shot-")
        settings = Settings(QSettings(f"{scratch}/settings.ini", QSettings.Format.IniFormat))
    def new_window(doc: MapDocument | None = None) -> MainWindow:
        made = MainWindow(doc, recovery=recovery, settings=settings)
        made.show()
        made.view.zoom_to_fit()
        return made

    if screenshot:
        window = MainWindow(document, recovery=recovery, settings=settings)
        if tiled and not _import_tiled_quietly(window, target):
            return 1
        return _screenshot(app, window, Path(screenshot))
    window = new_window(document)
    if tiled:
        window.import_tiled_file(target)  # a new, unsaved map; a dialog says what failed
    if error:
        window.show_error(translate("app", "Cannot open file"), error)
    windows = [window]  # referenced until the event loop ends
    if recovery is not None:
        windows += _offer_recovery(window, recovery, new_window)
    return app.exec()


def _import_tiled_quietly(window: MainWindow, path: Path) -> bool:
    """For a screenshot: import a Tiled map into `window`, its problems on stderr instead of
    a dialog no one would close."""
    refused: list[str] = []
    window.show_error = lambda _title, text: refused.append(text)
    if window.import_tiled_file(path):
        return True
    sys.stderr.write("tcstudio edit: error: " + "\n".join(refused) + "\n")
    return False


def _is_area_file(path: Path) -> bool:
    """Whether a file is Der Erste Weltkrieg content (an area map or area scenario)."""
    from engine.content import file_head

    head = file_head(path)
    return b"area-map.schema.json" in head or b"area-scenario.schema.json" in head


def _run_area(app: QApplication, path: Path, screenshot: str | None,
              recovery: RecoveryStore | None = None) -> int:
    """Open the area-map editor on an area map or scenario, then offer unsaved work of
    windows that did not close cleanly."""
    # lazy: the area editor loads only for Der Erste Weltkrieg files
    from editor.area.window import AreaEditorWindow, open_area
    opened = open_area(path)
    if isinstance(opened, str):
        sys.stderr.write(f"tcstudio edit: error: {opened}\n")
        return 1
    window = AreaEditorWindow(*opened, recovery=recovery)
    if screenshot:
        window.show()
        app.processEvents()
        window.canvas.zoom_to_fit()
        app.processEvents()
        return _save_screenshot(window.grab(), Path(screenshot))
    window.show()
    window.canvas.zoom_to_fit()
    windows = [window]  # referenced until the event loop ends
    if recovery is not None:
        windows += _offer_recovery(window, recovery, lambda: open_map_window(recovery))
    return app.exec()


def _run_authoring(app: QApplication, target: Path, recovery: RecoveryStore | None,
                   screenshot: str | None) -> int:
    """`tcstudio edit DIR` (the project view) or `tcstudio edit CATALOG|RULESET` (its
    editor); maps and scenarios double-clicked in the project open in map editor windows."""
    from editor import files
    from editor.authoring.opener import open_content_editor
    from editor.authoring.project import ProjectWindow
    from editor.document import MapDocument
    from editor.i18n import translate
    from editor.main_window import MainWindow
    from engine.content import ContentError

    windows: list[QWidget] = []

    def open_map(path: Path) -> MainWindow | None:
        try:
            opened = files.open_map(path)
        except files.OpenError as exc:
            windows[0].tell(  # type: ignore[attr-defined]
                translate("app", "Cannot open file"), str(exc))
            return None
        doc = MapDocument(opened.map, opened.path)
        doc.set_problems(opened.problems)
        made = MainWindow(doc, recovery=recovery)
        made.show()
        made.view.zoom_to_fit()
        windows.append(made)
        return made

    try:
        window: QWidget = (ProjectWindow(target, open_map, recovery) if target.is_dir()
                           else open_content_editor(target, recovery))
    except (ContentError, OSError) as exc:
        sys.stderr.write(f"tcstudio edit: error: {target}: {exc}\n")
        return 1
    windows.append(window)
    if screenshot:
        window.resize(1180, 860)
        window.show()
        app.processEvents()
        image = window.grab()
        window.close()  # nothing was edited: closes without a question
        return _save_screenshot(image, Path(screenshot))
    window.show()
    if recovery is not None:
        windows += _offer_recovery(window, recovery, lambda: open_map_window(recovery))
    return app.exec()


def open_map_window(recovery: RecoveryStore | None) -> MainWindow:
    """A new, shown map editor window on a blank map (for restored map work)."""
    from editor.document import MapDocument
    from editor.main_window import MainWindow
    from engine.model import GameMap

    made = MainWindow(MapDocument(GameMap.blank("untitled", 30, 24, name="Untitled")),
                      recovery=recovery)
    made.show()
    return made


def _offer_recovery(
    window: QWidget, recovery: RecoveryStore, new_window: Callable[[], MainWindow]
) -> list[QWidget]:
    """Offer every orphaned recovery (work of a window that did not close cleanly) for
    restore; restored map work opens in a window from `new_window`, a catalog or ruleset in
    its editor, an area map in the area editor. Yes restores, No discards, Cancel (or closing
    the question) keeps the work for a later start. Returns the restored windows."""
    from PySide6.QtWidgets import QMessageBox

    from editor.area.window import restore_area_window
    from editor.authoring.opener import restore_content
    from editor.i18n import translate
    from engine.content import ContentError

    buttons = QMessageBox.StandardButton

    restored: list[QWidget] = []
    for slot in recovery.orphans():
        info = slot.info()
        when = info.saved_at
        stamp = datetime.datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M") if when else "?"
        original = (str(info.original) if info.original
                    else translate("app", "a new {kind} ({name})").format(
                        kind=info.kind, name=info.name or "?"))
        answer = QMessageBox.question(
            window,
            translate("app", "Recover unsaved work?"),
            translate("app", "An editor window did not shut down cleanly. Unsaved work on "
                      "{original} from {stamp} was kept.\n\nRestore it in a new window? (No "
                      "discards it; Cancel keeps it for a later start.)"
                      ).format(original=original, stamp=stamp),
            buttons.Yes | buttons.No | buttons.Cancel, buttons.Yes,
        )
        if answer in (buttons.No, buttons.Discard):
            slot.close()
            continue
        if answer != buttons.Yes:  # later: the work stays an orphan for the next start
            slot.release()
            continue
        if info.kind == "area-map":
            made = restore_area_window(slot, recovery)
            if isinstance(made, str):
                QMessageBox.warning(window, translate("app", "Cannot recover"), made)
                slot.release()  # unreadable now: keep it for a later start
            else:
                restored.append(made)
            continue
        if info.kind == "scenario":
            target = new_window()
            shown = restore_scenario(target, slot)
            if shown is None:
                slot.release()  # unreadable now: keep it for a later start
                target.close()
            else:
                restored.append(target)
            continue
        if info.kind != "map":
            try:
                restored.append(restore_content(slot, recovery))
            except (ContentError, OSError) as exc:
                QMessageBox.warning(window, translate("app", "Cannot recover"), str(exc))
                slot.release()  # unreadable now: keep it for a later start
            continue
        target = new_window()
        if restore_recovery(target, slot):
            restored.append(target)
        else:
            slot.release()  # unreadable now: keep it for a later start rather than delete it
            target.close()
    return restored


def restore_recovery(window: MainWindow, slot: RecoverySlot) -> bool:
    """Load a recovery slot's work into the window as unsaved changes to its original file;
    the window then keeps the slot as its own recovery slot."""
    from editor import files
    from editor.i18n import translate

    info = slot.info()
    try:
        game_map = files.open_map(slot.map_path).map
    except files.OpenError as exc:
        window.show_error(translate("app", "Cannot recover"), str(exc))
        return False
    window.set_map(game_map, info.original)
    window.document.undo_stack.resetClean()  # recovered work is not saved anywhere yet
    window.document.fileChanged.emit()
    window.adopt_recovery(slot)
    return True


def restore_scenario(window: MainWindow, slot: RecoverySlot) -> QWidget | None:
    """Open a recovery slot's scenario work: its original scenario's map in `window`, and
    Scenario ▸ Properties with the recovered edits as unsaved changes (keeping the slot)."""
    from editor.i18n import translate
    from engine.content import ContentError, load_document

    info = slot.info()
    try:
        data = load_document(slot.work_path("scenario")).data
    except (ContentError, OSError) as exc:
        window.show_error(translate("app", "Cannot recover"), str(exc))
        return None
    if info.original is None or not window.open_file(info.original, ask=False):
        window.show_error(translate("app", "Cannot recover"), translate(
            "app", "the scenario's file {path} cannot be opened (hint: its work stays kept for "
            "a later start)").format(path=info.original))
        return None
    properties = window.open_scenario_properties(recovered=data)
    if properties is None:
        return None
    if properties.keeper.writer is not None:
        properties.keeper.writer.adopt(slot)
    properties.doc.fileChanged.emit()
    return properties


def _screenshot(app: QApplication, window: MainWindow, out: Path) -> int:
    window.resize(1600, 900)
    window.show()
    app.processEvents()
    window.view.zoom_to_fit()
    window.validator.check_sync()
    app.processEvents()
    status = _save_screenshot(window.grab(), out, with_size=True)
    window.document.undo_stack.setClean()
    window.close()
    return status


def _save_screenshot(image: QPixmap, out: Path, with_size: bool = False) -> int:
    """Write a grabbed window to `out` and say so on stdout (0), or say on stderr why it
    could not be written (1); every editor's screenshot reports the same way."""
    if not image.save(str(out)):
        sys.stderr.write(f"tcstudio edit: error: cannot write {out}\n(hint: check the folder)\n")
        return 1
    size = f" ({image.width()}×{image.height()})" if with_size else ""
    print(f"wrote {out}{size}")
    return 0
