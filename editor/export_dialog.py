"""File → Export: the exporter registry behind a dialog with a live preview.

The map exported is the one in memory (unsaved edits included). Map packs (and conformance
vectors) need a scenario: the one the map was opened from, with the edited map put in its
place. The preview is the board drawn by the exporters themselves at low resolution; for the
PDF it also shows the page grid and the page count that `exporters.pdf.plan_tiling` chooses.
It is drawn in the background (`editor.export_preview`): the dialog opens at once saying
"Updating preview…", and the preview follows option changes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QStandardPaths, Qt
from PySide6.QtGui import QImage, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.export_preview import PREVIEW_H, PREVIEW_W, PreviewUpdater, board_preview
from editor.files import OpenError, map_path_of
from editor.i18n import translate
from engine.content import ContentError, check_scenario_model, load_scenario
from engine.model import GameMap
from exporters import base
from exporters.base import ExportError, ExportOptions
from exporters.limits import DPI_RANGE, HEX_MM_RANGE

__all__ = ["PREVIEW_H", "PREVIEW_W", "ExportDialog", "ExportResult", "board_preview",
           "export_start_dir", "scenario_for", "scenario_with_map", "show_export_dialog"]

SCENARIO_FORMATS = ("pack", "conformance")
# Friendly order; formats registered later are appended after these.
ORDER = ("tiled", "tmj", "svg", "png", "pdf", "pack", "conformance")
LABELS = {
    "tiled": QT_TRANSLATE_NOOP("ExportDialog", "Tiled map (.tmx)"),
    "tmj": QT_TRANSLATE_NOOP("ExportDialog", "Tiled map, JSON (.tmj)"),
    "svg": QT_TRANSLATE_NOOP("ExportDialog", "SVG board drawing (.svg)"),
    "png": QT_TRANSLATE_NOOP("ExportDialog", "PNG board picture (.png)"),
    "pdf": QT_TRANSLATE_NOOP("ExportDialog", "Print-and-play PDF (.pdf)"),
    "pack": QT_TRANSLATE_NOOP("ExportDialog", "Map pack for other clients (.tcpack)"),
    "conformance": QT_TRANSLATE_NOOP("ExportDialog", "Rules conformance vectors (.json)"),
}


@dataclass
class ExportResult:
    """What the dialog wrote."""

    format: str
    path: Path


def scenario_for(source_scenario: Path | None, map_path: Path | None) -> Path | None:
    """The scenario file to pack with the current map: the scenario the map was opened from,
    as long as that scenario still refers to the map's file (not after Save As or New)."""
    if source_scenario is None or map_path is None or not source_scenario.exists():
        return None

    try:
        return source_scenario if map_path_of(source_scenario) == map_path.resolve() else None
    except OpenError:
        return None


def scenario_with_map(scenario_path: Path, game_map: GameMap) -> Any:
    """The scenario loaded from disk with the (possibly unsaved) `game_map` in place of its
    map file; raises ExportError when map or scenario have errors (a pack must validate)."""
    try:
        scenario = load_scenario(scenario_path)
    except ContentError as exc:
        first = exc.problems[0].format() if exc.problems else str(exc)
        raise ExportError(
            translate("export_dialog", "the scenario {name} does not load: {first}").format(
                name=scenario_path.name, first=first),
            hint=translate("export_dialog", "fix the scenario file first (tcstudio validate)"),
        ) from None
    scenario = copy.copy(scenario)
    scenario.map = copy.deepcopy(game_map)
    problems = [p for p in check_scenario_model(scenario) if p.is_error]
    if problems:
        raise ExportError(
            translate("export_dialog", "{count} error(s) in the map or scenario, first: "
                      "{message}").format(count=len(problems), message=problems[0].message),
            hint=translate("export_dialog", "fix what the Problems panel lists, then export again"),
        )
    return scenario


class ExportDialog(QDialog):
    """Choose a format, its options and the output file; shows a preview; exports on OK."""

    def __init__(
        self,
        game_map: GameMap,
        scenario: Path | None = None,
        parent: QWidget | None = None,
        start_dir: Path | None = None,
    ) -> None:
        super().__init__(parent)

        self.setWindowTitle(self.tr("Export"))
        self.map = game_map
        self.scenario = scenario
        self.result_info: ExportResult | None = None
        # Replaced by tests: (title, text) -> None.
        self.show_error: Callable[[str, str], None] = lambda title, text: QMessageBox.critical(
            self, title, text
        )
        docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        self.start_dir = start_dir or Path(docs or Path.home())

        names = base.names()
        self.formats = [n for n in ORDER if n in names] + [n for n in names if n not in ORDER]
        self.format_box = QComboBox()
        for name in self.formats:
            exporter = base.get(name)
            label = (self.tr(LABELS[name]) if name in LABELS
                     else f"{name} ({exporter.extension})")
            self.format_box.addItem(label, name)
            index = self.format_box.count() - 1
            self.format_box.setItemData(index, exporter.description, Qt.ItemDataRole.ToolTipRole)
            if name in SCENARIO_FORMATS and scenario is None:
                self.format_box.model().item(index).setEnabled(False)
                self.format_box.setItemData(
                    index, self._no_scenario_text(), Qt.ItemDataRole.ToolTipRole
                )
        self.note = QLabel(
            self._no_scenario_text()
            if scenario is None
            else self.tr("Map packs use the scenario {name} with this map.").format(
                name=scenario.name)
        )
        self.note.setObjectName("exportNote")

        self.path_edit = QLineEdit()
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self.browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(browse)
        self.dpi = QDoubleSpinBox()
        self.dpi.setRange(*DPI_RANGE)
        self.dpi.setValue(150)
        self.dpi.setSuffix(self.tr(" dpi"))
        self.paper = QComboBox()
        self.paper.addItems(["A4", "A3"])
        self.hex_mm = QDoubleSpinBox()
        self.hex_mm.setRange(*HEX_MM_RANGE)
        self.hex_mm.setDecimals(1)
        self.hex_mm.setValue(30)
        self.hex_mm.setSuffix(self.tr(" mm"))
        self.hex_mm.setToolTip(self.tr("Width of a hex across flats on paper"))

        form = QFormLayout()
        form.addRow(self.tr("Format:"), self.format_box)
        form.addRow("", self.note)
        form.addRow(self.tr("Save to:"), path_row)
        form.addRow(self.tr("Resolution:"), self.dpi)
        form.addRow(self.tr("Paper:"), self.paper)
        form.addRow(self.tr("Hex size:"), self.hex_mm)
        self.form = form

        self.preview = QLabel()
        self.preview.setObjectName("exportPreview")
        self.preview.setMinimumSize(PREVIEW_W + 8, PREVIEW_H + 8)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setStyleSheet("background: #e8e1cf; border: 1px solid #a99f88;")
        self.preview_text = QLabel()
        self.preview_text.setMinimumHeight(2 * self.preview_text.fontMetrics().lineSpacing() + 4)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Export"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.preview_text)
        layout.addWidget(buttons)

        self.previewer = PreviewUpdater(game_map, self.preview, self.preview_text, self)
        self._preview_timer = self.previewer.debounce
        self.format_box.currentIndexChanged.connect(self._format_changed)
        for signal in (self.paper.currentIndexChanged, self.hex_mm.valueChanged):
            signal.connect(self._options_changed)
        self._format_changed()
        self.previewer.hurry()  # the first preview: drawn in the background from now on

    @staticmethod
    def _no_scenario_text() -> str:
        # Explicit line breaks: word-wrapped labels make Qt undersize the dialog.
        return translate(
            "ExportDialog",
            "Map pack and conformance vectors are disabled: they hold a scenario\n"
            "(seats, ruleset, units) with its map, and this map was not opened from\n"
            "a scenario. Open the scenario file (File → Open) to export a pack.")

    # --- fields ---------------------------------------------------------------------------

    def format_name(self) -> str:
        """The chosen exporter's registry name."""
        return str(self.format_box.currentData())

    def set_format(self, name: str) -> None:
        """Choose a format by registry name (ValueError if unknown or disabled)."""
        index = self.format_box.findData(name)
        if index < 0 or not self.format_box.model().item(index).isEnabled():
            raise ValueError(f"format {name!r} is not available here")
        self.format_box.setCurrentIndex(index)

    def out_path(self) -> Path:
        """The output file as typed (with the format's extension added when missing)."""
        text = self.path_edit.text().strip()
        path = Path(text).expanduser()
        ext = base.get(self.format_name()).extension
        return path if path.suffix.lower() == ext else path.with_name(path.name + ext)

    def options(self) -> Any:
        """ExportOptions from the fields."""
        return ExportOptions(
            dpi=self.dpi.value(), paper=self.paper.currentText(), hex_mm=self.hex_mm.value()
        )

    def _format_changed(self) -> None:
        name = self.format_name()
        ext = base.get(name).extension
        text = self.path_edit.text().strip()
        if text:
            p = Path(text)
            stem = p.name[: -len(p.suffix)] if p.suffix else p.name
            self.path_edit.setText(str(p.with_name(stem + ext)))
        else:
            self.path_edit.setText(str(self.start_dir / f"{self.map.id}{ext}"))
        self.form.setRowVisible(self.dpi, name == "png")
        self.form.setRowVisible(self.paper, name == "pdf")
        self.form.setRowVisible(self.hex_mm, name in ("svg", "png", "pdf"))
        self._options_changed()

    def _preview_options(self) -> tuple[float, str | None]:
        paper = self.paper.currentText() if self.format_name() == "pdf" else None
        return self.hex_mm.value(), paper

    def _options_changed(self, *_args: object) -> None:
        self.previewer.want(*self._preview_options())

    def browse(self) -> None:
        """Pick the output file with a save dialog."""
        ext = base.get(self.format_name()).extension
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export to"),
            self.path_edit.text(),
            f"{self.format_box.currentText()} (*{ext})",
        )
        if path:
            self.path_edit.setText(path)

    # --- preview and export ---------------------------------------------------------------

    def preview_pending(self) -> bool:
        """Whether the preview shown is not yet that of the current options."""
        return self.previewer.pending()

    @property
    def preview_image(self) -> QImage | None:
        """The preview picture shown (None before the first one or when there is none)."""
        return self.previewer.image

    def export(self) -> ExportResult:
        """Run the chosen exporter on the map (or the scenario for packs); raises on error."""
        name = self.format_name()
        if not self.path_edit.text().strip():
            raise ExportError("no output file chosen", hint=self.tr("type a path or use Browse…"))
        path = self.out_path()
        if name in SCENARIO_FORMATS:
            if self.scenario is None:
                raise ExportError(f"{name} needs a scenario", hint=self._no_scenario_text())
            source: Any = scenario_with_map(self.scenario, self.map)
        else:
            source = self.map
        written = base.get(name).export(source, path, self.options())
        return ExportResult(name, Path(written))

    def accept(self) -> None:
        """Export with a wait cursor; errors are shown and keep the dialog open."""
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.result_info = self.export()
        except ExportError as exc:
            QApplication.restoreOverrideCursor()
            text = exc.message + (f"\n\nHint: {exc.hint}" if exc.hint else "")
            self.show_error(self.tr("Export failed"), text)
            return
        except Exception as exc:  # disk full, permission, bad content: report, never crash
            QApplication.restoreOverrideCursor()
            hint = (
                "check that the folder exists and is writable"
                if isinstance(exc, OSError)
                else "check the map with Map → Validate"
            )
            self.show_error(self.tr("Export failed"),
                            self.tr("{error}\n\nHint: {hint}").format(error=exc, hint=hint))
            return
        QApplication.restoreOverrideCursor()
        super().accept()

    def done(self, result: int) -> None:
        """Close the dialog, dropping any preview still being drawn."""
        self.previewer.stop()
        super().done(result)

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again after closing: the preview of the options follows (once more)."""
        self._options_changed()
        self.previewer.hurry()
        super().showEvent(event)


def export_start_dir(map_path: Path | str | None) -> Path | None:
    """Where an export of a map goes by default: the folder the map was saved in (None for a
    map never saved, which lets the dialog use the Documents folder)."""
    return Path(map_path).resolve().parent if map_path else None


def show_export_dialog(window: Any) -> ExportResult | None:
    """File → Export… of a MainWindow: run the dialog; on success say where in the status
    bar."""
    doc = window.document
    scenario = scenario_for(getattr(window, "source_scenario", None), doc.path)
    dlg = ExportDialog(doc.map, scenario, window, start_dir=export_start_dir(doc.path))
    if not dlg.exec() or dlg.result_info is None:
        return None
    window.statusBar().showMessage(
        translate("export_dialog", "Exported {format} to {path}").format(
            format=dlg.result_info.format, path=dlg.result_info.path), 10000
    )
    return dlg.result_info
