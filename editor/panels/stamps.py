"""Stamps dock: the stamp library with thumbnails. Save the selection as a named stamp,
double-click (or Place) to float a stamp under the mouse, X/Y/Z turn it, a click places it
as one undo step; Delete asks first."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.canvas.render import render_map_image
from editor.commands import Stamp
from editor.document import MapDocument
from editor.stamp_library import SavedStamp, StampError, StampLibrary, stamp_of

THUMB = QSize(96, 72)


class StampsPanel(QWidget):
    """The saved stamps of a library; emits `placeRequested(Stamp)` to float one."""

    placeRequested = Signal(object)

    def __init__(self, document: MapDocument, library: StampLibrary,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.library = library
        # Prompts, replaced by tests (a modal dialog would block them).
        self.ask_name: Callable[[str], str | None] = self._ask_name
        self.confirm: Callable[[str], bool] = self._confirm
        self.report: Callable[[str], None] = self._report
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setViewMode(QListWidget.ViewMode.IconMode)
        self.list.setIconSize(THUMB)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setMovement(QListWidget.Movement.Static)
        self.list.setWordWrap(True)
        self.list.setSpacing(4)
        self.list.itemDoubleClicked.connect(lambda _item: self.place_selected())
        self.list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.empty = QLabel(self.tr("No stamps yet: select hexes on the map, then Save Selection."))
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)
        layout.addWidget(self.list, 1)
        # Two rows: three buttons side by side would make the compact side column too wide.
        row = QHBoxLayout()
        self.save_button = QPushButton(self.tr("Save Selection…"))
        self.save_button.setToolTip(self.tr("Keep the selected hexes, with everything on them, "
                                            "as a stamp in your library"))
        self.place_button = QPushButton(self.tr("Place"))
        self.place_button.setToolTip(self.tr("Float the stamp under the mouse: X/Y mirror, "
                                             "Z rotates, a click places it"))
        self.delete_button = QPushButton(self.tr("Delete"))
        layout.addWidget(self.save_button)
        for b in (self.place_button, self.delete_button):
            row.addWidget(b)
        layout.addLayout(row)
        self.save_button.clicked.connect(lambda: self.save_selection())
        self.place_button.clicked.connect(self.place_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        document.selectionChanged.connect(self._update_buttons)
        self.refresh()

    # --- prompts -------------------------------------------------------------------------

    def _ask_name(self, suggestion: str) -> str | None:
        name, ok = QInputDialog.getText(self, self.tr("Save Stamp"), self.tr("Stamp name:"),
                                        text=suggestion)
        return name if ok else None

    def _confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self, self.tr("Stamps"), question)
        return answer == QMessageBox.StandardButton.Yes

    def _report(self, message: str) -> None:
        QMessageBox.warning(self, self.tr("Stamps"), message)

    # --- library -------------------------------------------------------------------------

    def refresh(self, select: str | None = None) -> None:
        """Re-read the library folder (thumbnails included)."""
        self.list.clear()
        for saved in self.library.stamps():
            item = QListWidgetItem(saved.name)
            item.setData(Qt.ItemDataRole.UserRole, saved)
            item.setToolTip(str(saved.path))
            try:
                tile = self.library.read(saved)
                image = render_map_image(tile, THUMB.width(), THUMB.height())
                item.setIcon(QIcon(QPixmap.fromImage(image)))
            except StampError as exc:
                item.setToolTip(str(exc))
                item.setText(self.tr("{name} (unreadable)").format(name=saved.name))
            self.list.addItem(item)
            if saved.name == select:
                self.list.setCurrentItem(item)
        self.empty.setVisible(self.list.count() == 0)
        self._update_buttons()

    def current(self) -> SavedStamp | None:
        """The stamp picked in the list."""
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def _update_buttons(self) -> None:
        self.save_button.setEnabled(bool(self.document.selection))
        has = self.current() is not None
        self.place_button.setEnabled(has)
        self.delete_button.setEnabled(has)

    def save_selection(self, name: str | None = None) -> SavedStamp | None:
        """Save the selected hexes as a stamp (asks for a name; asks before replacing)."""
        doc = self.document
        if not doc.selection:
            return None
        name = name if name is not None else self.ask_name(
            self.tr("Stamp {number}").format(number=self.list.count() + 1))
        if not name or not name.strip():
            return None
        try:
            target = self.library.path_for(name)
            replace = self.tr("Replace the stamp '{name}'?").format(name=name.strip())
            if target.exists() and not self.confirm(replace):
                return None
            saved = self.library.save(name.strip(), doc.map, set(doc.selection))
        except (StampError, OSError) as exc:
            self.report(self.tr("Cannot save the stamp: {reason}").format(reason=exc))
            return None
        self.refresh(select=saved.name)
        return saved

    def place_selected(self) -> Stamp | None:
        """Float the picked stamp under the mouse for placing."""
        saved = self.current()
        if saved is None:
            return None
        try:
            stamp = stamp_of(self.library.read(saved))
        except StampError as exc:
            self.report(str(exc))
            return None
        self.placeRequested.emit(stamp)
        return stamp

    def delete_selected(self) -> bool:
        """Delete the picked stamp from the library, after asking."""
        saved = self.current()
        if saved is None or not self.confirm(self.tr(
                "Delete the stamp '{name}' from your library?").format(name=saved.name)):
            return False
        try:
            self.library.delete(saved)
        except OSError as exc:
            self.report(self.tr("Cannot delete {path}: {reason}").format(path=saved.path,
                                                                         reason=exc))
            return False
        self.refresh()
        return True
