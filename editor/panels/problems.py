"""Problems dock: the live validation result; clicking a problem shows where it is."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import MapDocument
from editor.i18n import english_plural
from editor.problem_where import where_text

MIN_ROWS = 6  # a designer sees this many problems without scrolling


class ProblemsPanel(QWidget):
    """Lists document.problems; activating one calls `on_activate(problem)`. The counts
    ("2 errors, 1 warning") go out in `summaryChanged` for the dock's title, where they take
    no row of their own."""

    summaryChanged = Signal(str)

    def __init__(
        self,
        document: MapDocument,
        on_activate: Callable[[object], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.summary = ""
        self.document = document
        self.on_activate = on_activate
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.tree = QTreeWidget()
        self.tree.setObjectName("problemsList")
        self.tree.setHeaderLabels([self.tr("Problem"), self.tr("Where"), self.tr("How to fix"),
                                   self.tr("Code")])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setColumnWidth(0, 340)
        self.tree.setColumnWidth(1, 190)
        self.tree.setColumnWidth(2, 360)
        self.tree.itemClicked.connect(self._activated)
        self.tree.itemActivated.connect(self._activated)
        layout.addWidget(self.tree, 1)
        self.setMinimumHeight(self.height_for_rows(MIN_ROWS))
        document.problemsChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the list from the document."""
        problems = self.document.problems
        self.tree.clear()
        style = self.style()
        icons = {
            "error": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
            "warning": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
        }
        for p in problems:
            severity = getattr(p, "severity", "error")
            text = getattr(p, "message", str(p))
            hint = getattr(p, "hint", "")
            where = where_text(p, self.document.map)
            item = QTreeWidgetItem([text, where, hint, getattr(p, "code", "")])
            item.setIcon(0, icons.get(severity, icons["error"]))
            item.setToolTip(0, f"{text}\n{hint}" if hint else text)
            item.setData(0, Qt.ItemDataRole.UserRole, p)
            self.tree.addTopLevelItem(item)
        errors = sum(1 for p in problems if getattr(p, "severity", "error") == "error")
        warnings = len(problems) - errors
        if not problems:
            self.summary = self.tr("✔ No problems")
        else:
            self.summary = self.tr("{errors}, {warnings}").format(
                errors=english_plural(self.tr("%n error(s)", "", errors), "%n error(s)", errors,
                                      "{n} error", "{n} errors"),
                warnings=english_plural(self.tr("%n warning(s)", "", warnings), "%n warning(s)",
                                        warnings, "{n} warning", "{n} warnings"))
        self.summaryChanged.emit(self.summary)

    def height_for_rows(self, rows: int) -> int:
        """Panel height in pixels that shows `rows` problems below the column header."""
        self.tree.ensurePolished()
        row = self._row_height()
        header = self.tree.header().sizeHint().height()
        margins = self.layout().contentsMargins()
        chrome = margins.top() + margins.bottom()
        # Room for a horizontal scroll bar too: the columns overflow a narrow window.
        scroll = self.tree.horizontalScrollBar().sizeHint().height()
        return header + rows * row + chrome + 2 * self.tree.frameWidth() + scroll

    def _row_height(self) -> int:
        # An upper bound of the style's row (text or 16-px severity icon, plus padding): the
        # real height is only known once rows are laid out.
        return max(self.tree.fontMetrics().height(), 16) + 4

    def count(self) -> int:
        """Number of listed problems."""
        return self.tree.topLevelItemCount()

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        self.on_activate(item.data(0, Qt.ItemDataRole.UserRole))
