"""Problems dock: the live validation result; clicking a problem shows where it is."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import MapDocument


def problem_where(problem: object) -> str:
    """Short location text: hex [col, row] or the JSON pointer."""
    h = getattr(problem, "hex", None)
    where = f"[{h[0]}, {h[1]}]" if h is not None else getattr(problem, "pointer", None) or ""
    line = getattr(problem, "line", None)
    return f"{where} (line {line})" if line else where


class ProblemsPanel(QWidget):
    """Lists document.problems; activating one calls `on_activate(problem)`."""

    def __init__(
        self,
        document: MapDocument,
        on_activate: Callable[[object], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.on_activate = on_activate
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setObjectName("problemsList")
        self.tree.setHeaderLabels(["Problem", "Where", "How to fix", "Code"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setColumnWidth(0, 380)
        self.tree.setColumnWidth(1, 150)
        self.tree.setColumnWidth(2, 420)
        self.tree.itemClicked.connect(self._activated)
        self.tree.itemActivated.connect(self._activated)
        layout.addWidget(self.tree, 1)
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
            item = QTreeWidgetItem([text, problem_where(p), hint, getattr(p, "code", "")])
            item.setIcon(0, icons.get(severity, icons["error"]))
            item.setToolTip(0, f"{text}\n{hint}" if hint else text)
            item.setData(0, Qt.ItemDataRole.UserRole, p)
            self.tree.addTopLevelItem(item)
        errors = sum(1 for p in problems if getattr(p, "severity", "error") == "error")
        warnings = len(problems) - errors
        if not problems:
            self.summary.setText("✔ No problems")
        else:
            self.summary.setText(
                f"{errors} error{'s' if errors != 1 else ''}, "
                f"{warnings} warning{'s' if warnings != 1 else ''}"
            )

    def count(self) -> int:
        """Number of listed problems."""
        return self.tree.topLevelItemCount()

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        self.on_activate(item.data(0, Qt.ItemDataRole.UserRole))
