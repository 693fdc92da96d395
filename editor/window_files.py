"""File menu actions of the main window: new, open, save, revert, recent, autosave, drop."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor import files
from editor.authoring.opener import open_content_editor, opens_in_content_editor
from editor.authoring.project import ProjectWindow
from editor.dialogs import NewMapDialog
from editor.i18n import translate
from editor.recovery import RecoverySlot
from editor.settings import AUTOSAVE_MAX_WAIT
from editor.templates import empty_map, half_template
from engine.content import ContentError, map_to_dict
from engine.model import GameMap
from engine.paths import CONTENT_DIR

APP_TITLE = "Trench Club Studio"
MAP_FILTER = QT_TRANSLATE_NOOP(
    "FileActions", "Trench Club maps and scenarios (*.yaml *.yml *.json);;All files (*)")
DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


class FileActions:
    """Mixin of MainWindow: File menu slots, prompts, autosave and drag-and-drop."""

    side_windows: list  # catalog/ruleset editors and project views opened from this window

    def _update_title(self) -> None:
        doc = self.document
        self.setWindowTitle(f"{doc.display_name()}[*] — {APP_TITLE}")
        self.setWindowModified(doc.modified)
        self.act_revert.setEnabled(doc.path is not None)

    def _edited(self, *_args: object) -> None:
        # The timer waits for a pause in editing; during a long busy spell the copy is still
        # kept once the work has waited AUTOSAVE_MAX_WAIT intervals.
        now = time.monotonic()
        if not self.autosave_timer.isActive():
            self.autosave_pending_since = now
        elif now - self.autosave_pending_since > (
            AUTOSAVE_MAX_WAIT * self.autosave_timer.interval() / 1000
        ):
            return
        self.autosave_timer.start()

    def _ask_unsaved(self) -> str:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("Unsaved changes"))
        box.setText(self.tr("Save the changes to {name}?").format(
            name=self.document.display_name()))
        box.setInformativeText(self.tr("Your changes will be lost if you don't save them."))
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {
            QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard",
        }.get(QMessageBox.StandardButton(answer), "cancel")

    def _show_error(self, title: str, message: str) -> None:
        QMessageBox.critical(self, title, message)

    def maybe_save(self) -> bool:
        """Ask about unsaved changes; False means the user cancelled."""
        if not self.document.modified:
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_map(self) -> None:
        """File > New: size, orientation and template from a dialog."""
        if not self.maybe_save():
            return
        dlg = NewMapDialog(self, default_available=DEFAULT_MAP.exists())
        if not dlg.exec():
            return
        self.create_new_map(dlg.values())

    def create_new_map(self, v: dict) -> bool:
        """Make and show a new map from NewMapDialog values (template "empty" or "half")."""
        if v["template"] == "half":
            try:
                source = files.open_map(DEFAULT_MAP).map
            except files.OpenError as exc:
                self.show_error(self.tr("Cannot use the template"), str(exc))
                return False
            game_map = half_template(source)
            game_map.id, game_map.name = v["map_id"], v["name"]
        else:
            game_map = empty_map(
                v["map_id"],
                v["name"],
                v["width"],
                v["height"],
                v["orientation"],
                v["offset"],
                v["size"],
            )
        self.set_map(game_map, None)
        return True

    def set_map(self, game_map: GameMap, path: Path | None, problems: list | None = None) -> None:
        """Show another map (history cleared) and validate it."""
        self.document.replace_map(game_map, path)
        self.document.set_problems(problems or [])
        self.validator.schedule()
        self.view.zoom_to_fit()

    def open_dialog(self) -> None:
        """File > Open."""
        if not self.maybe_save():
            return
        start = str(self.document.path.parent) if self.document.path else str(CONTENT_DIR)
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open map"), start,
                                              translate("FileActions", MAP_FILTER))
        if path:
            self.open_file(path, ask=False)

    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        """Open a map or a scenario's map. Errors show as a message, never a traceback."""
        if opens_in_content_editor(Path(path)):
            return self.open_content(Path(path))
        if ask and not self.maybe_save():
            return False
        try:
            opened = files.open_map(path)
        except files.OpenError as exc:
            self.show_error(self.tr("Cannot open file"), str(exc))
            return False
        self.set_map(opened.map, opened.path, opened.problems)
        self.settings.add_recent(opened.path)
        n = len(opened.problems)
        self.statusBar().showMessage(
            self.tr("Opened {name}").format(name=opened.path.name)
            + (self.tr(" — {count} problem(s) to fix").format(count=n) if n else ""), 6000
        )
        if n:
            self.problems_dock.show()
            self.problems_dock.raise_()
        return True

    def open_content(self, path: Path) -> bool:
        """Open a unit catalog or ruleset in its own editor window (kept by this window)."""
        try:
            window = open_content_editor(path, self.recovery)  # type: ignore[attr-defined]
        except (ContentError, OSError) as exc:
            self.show_error(self.tr("Cannot open file"), f"{path}: {exc}")  # type: ignore[attr-defined]
            return False
        self.side_windows.append(window)
        return True

    def open_folder(self, folder: Path | None = None) -> ProjectWindow | None:
        """File ▸ Open Folder…: the folder's content in a project view; a map or scenario
        double-clicked there opens in this window."""
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(self, self.tr("Open content folder"),  # type: ignore[arg-type]
                                                      str(CONTENT_DIR))
            if not chosen:
                return None
            folder = Path(chosen)
        window = ProjectWindow(folder, self.open_file,
                               self.recovery)  # type: ignore[attr-defined]
        window.show()
        self.side_windows.append(window)
        return window

    def save(self) -> bool:
        """File > Save (Save As for a new map)."""
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self) -> bool:
        """File > Save As."""
        doc = self.document
        start = str(doc.path) if doc.path else str(Path.cwd() / f"{doc.map.id}.map.yaml")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save map as"), start,
                                              translate("FileActions", MAP_FILTER))
        if not path:
            return False
        if not path.endswith((".yaml", ".yml", ".json")):
            path += ".map.yaml"
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        """Write the map atomically to `path` and mark the document saved."""
        try:
            files.save_map(self.document.map, path)
        except OSError as exc:
            # strerror, not str(exc): that names the hidden temporary file, not the user's.
            self.show_error(self.tr("Cannot save"), self.tr(
                "{path}: {error}\n(hint: Save As to a folder that exists and that you can "
                "write to; your changes are still open)").format(
                    path=path, error=exc.strerror or exc))
            return False
        except Exception as exc:  # any failure must reach the user as a message
            problems = getattr(exc, "problems", None)
            detail = "\n".join(p.format() for p in problems[:8]) if problems else str(exc)
            self.show_error(self.tr("Cannot save"), f"{path}:\n{detail}")
            return False
        self.document.mark_saved(path)
        self.settings.add_recent(path)
        if self.recovery_writer is not None:
            self.recovery_writer.discard()
        self.statusBar().showMessage(self.tr("Saved {name}").format(name=path.name), 4000)
        return True

    def revert(self) -> None:
        """Reload the file, dropping unsaved changes (after asking)."""
        doc = self.document
        if doc.path is None:
            return
        if doc.modified:
            answer = QMessageBox.question(
                self, self.tr("Revert"),
                self.tr("Discard your changes and reload {name}?").format(name=doc.path.name)
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.open_file(doc.path, ask=False)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files()
        for p in recent:
            act = self.recent_menu.addAction(Path(p).name)
            act.setToolTip(p)
            act.triggered.connect(lambda _c=False, p=p: self.open_file(p))
        if not recent:
            self.recent_menu.addAction(self.tr("(none)")).setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(self.tr("Clear Recent"), self.settings.clear_recent)

    @property
    def recovery_slot(self) -> RecoverySlot | None:
        """This window's recovery slot (None until its first recovery copy)."""
        return self.recovery_writer.slot if self.recovery_writer is not None else None

    def autosave(self) -> None:
        """Keep a recovery copy of unsaved work in this window's own recovery slot (never
        touches the real file); with nothing unsaved, drop the copy. Only the snapshot is
        taken here; the copy is written on the recovery writer's thread."""
        self.autosave_timer.stop()
        writer = self.recovery_writer
        if writer is None:
            return
        failure = writer.take_failure()
        if failure:
            self.statusBar().showMessage(
                self.tr("Could not write the recovery copy: {reason}").format(reason=failure), 6000)
        if not self.document.modified:
            writer.discard()
            return
        m = self.document.map
        try:
            writer.write(map_to_dict(m), self.document.path, m.name)
            if not failure:
                self.statusBar().showMessage(self.tr("Recovery copy of unsaved work kept"), 2000)
        except Exception as exc:  # a failed recovery copy must not interrupt editing
            self.statusBar().showMessage(
                self.tr("Could not write the recovery copy: {reason}").format(reason=exc), 6000)

    def adopt_recovery(self, slot: RecoverySlot) -> None:
        """Make `slot` (restored work) this window's recovery slot, dropping its own."""
        if self.recovery_writer is not None:
            self.recovery_writer.adopt(slot)

    def end_recovery(self) -> None:
        """Clean close: remove this window's recovery slot, and only this one."""
        self.autosave_timer.stop()
        if self.recovery_writer is not None:
            self.recovery_writer.close()

    # --- drag and drop, close ------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.open_file(paths[0])
