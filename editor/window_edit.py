"""Edit and Map menu actions of the main window (clipboard, selection, map dialogs)."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from editor.commands import Stamp
from editor.commands.base import hexes_text
from editor.dialogs import MapPropertiesDialog, PreferencesDialog, ResizeDialog
from editor.tools.select import SelectTool
from engine.model import Fort, Label, MapPath, StartMarker


class EditActions:
    """Mixin of MainWindow: Edit and Map menu slots."""

    def _update_selection_actions(self) -> None:
        has = bool(self.document.selection)
        tool = self.tools["select"]
        floating = isinstance(tool, SelectTool) and tool.floating is not None
        for act in (self.act_cut, self.act_copy):
            act.setEnabled(has)
        for act in (self.act_mirror_h, self.act_mirror_v):
            act.setEnabled(has or floating)
        self.act_region_add.setEnabled(has)
        self.act_other_side.setEnabled(has)
        self.act_other_side_mirror.setEnabled(has)
        self.act_region_remove.setEnabled(has)
        self.act_rotate.setEnabled(has or floating)
        self.act_delete.setEnabled(has or self.document.selected_object is not None)
        self.act_paste.setEnabled(self.state.clipboard is not None)

    def copy(self) -> None:
        """Copy the selection as a stamp."""
        doc = self.document
        if doc.selection:
            self.state.clipboard = Stamp.from_selection(doc.map, doc.selection)
            self._update_selection_actions()
            n = len(doc.selection)
            # No numerus tr() in a mixin: PySide6 would take the first class's untranslated
            # plural as the translation.
            self.statusBar().showMessage(
                self.tr("Copied {hexes}").format(hexes=hexes_text(n)), 3000)

    def cut(self) -> None:
        """Copy the selection, then erase it to meadow."""
        if self.document.selection:
            self.copy()
            self.document.delete_selection("Cut")

    def paste(self) -> None:
        """Float the copied stamp under the mouse; a click with the select tool places it."""
        if self.state.clipboard is not None:
            self.float_stamp(self.state.clipboard)

    def float_stamp(self, stamp: Stamp) -> None:
        """Let a stamp (copied, or from the stamp library) follow the mouse until a click
        with the select tool places it."""
        self.set_tool("select")
        tool = self.tools["select"]
        assert isinstance(tool, SelectTool)
        tool.start_paste(stamp)
        self._update_selection_actions()
        self.statusBar().showMessage(self.tr("Click where the stamp's top-left hex goes; X/Y "
                                             "mirror, Z rotates it (Esc cancels)"))

    def delete(self) -> None:
        """Delete the selected object, or erase the selected hexes."""
        doc = self.document
        obj = doc.selected_object
        if isinstance(obj, Fort):
            doc.delete_fort(obj)
        elif isinstance(obj, StartMarker):
            doc.delete_start_marker(obj)
        elif isinstance(obj, Label):
            doc.delete_label(obj)
        elif isinstance(obj, MapPath):
            doc.delete_path(obj)
        elif doc.selection:
            doc.delete_selection()

    def select_all(self) -> None:
        """Select every hex."""
        self.set_tool("select")
        self.document.select_all()

    def transform(self, kind: str) -> None:
        """Mirror or rotate the stamp floating under the mouse (after Paste), else the
        selection."""
        tool = self.tools["select"]
        if isinstance(tool, SelectTool) and tool.active and tool.turn_floating(kind):
            self.statusBar().showMessage(
                self.tr("Stamp turned; click to place it (Esc cancels)"), 3000)
            return
        self.document.transform_selection(kind)

    def preferences(self) -> None:
        """Edit autosave and validation timing."""
        dlg = PreferencesDialog(
            int(self.settings.pref("autosave_seconds")),
            int(self.settings.pref("validation_delay_ms")),
            self,
        )
        if dlg.exec():
            self.settings.set_pref("autosave_seconds", dlg.autosave.value())
            self.settings.set_pref("validation_delay_ms", dlg.validation.value())
            self.autosave_timer.setInterval(dlg.autosave.value() * 1000)
            self.validator.timer.setInterval(dlg.validation.value())

    def map_properties(self) -> None:
        """Edit the map's properties in a dialog (one undo step)."""
        dlg = MapPropertiesDialog(self.document.map, self)
        if dlg.exec():
            changes = dlg.changes()
            if changes:
                self.document.change_properties(**changes)

    def resize_map(self) -> None:
        """Resize the map around an anchor."""
        dlg = ResizeDialog(self.document.map, self)
        if dlg.exec():
            w, h, anchor = dlg.values()
            if (w, h) != (self.document.map.width, self.document.map.height):
                self.document.resize_map(w, h, anchor)

    def select_region(self) -> None:
        """Select the hexes of the current region (tool options)."""
        region = self.document.map.region(self.state.region_id)
        self.set_tool("select")
        self.document.set_selection(region.hexes if region else ())

    def selection_to_region(self, add: bool, region_id: str | None = None) -> None:
        """Add the selected hexes to (or remove them from) `region_id` (default: the region
        tool's current region)."""
        doc = self.document
        if doc.selection:
            doc.paint_region(region_id or self.state.region_id, doc.selection, add)

    def fill_region_menu(self, menu: QMenu, add: bool) -> None:
        """List the map's regions in `menu`, each applying the selection to itself: the region
        is chosen in the action, not in the Region tool's options."""
        menu.clear()
        for region in self.document.map.regions:
            text = f"{region.name} ({region.id})" if region.name else region.id
            act = menu.addAction(text)
            act.setData(region.id)
            act.triggered.connect(lambda _c=False, r=region.id: self.selection_to_region(add, r))
        if not self.document.map.regions:
            menu.addAction(
                self.tr("(no regions yet — add one with the Region tool)")).setEnabled(False)

    def validate_now(self) -> None:
        """Run the checks now and show the problems panel."""
        problems = self.validator.check_sync()
        self.problems_dock.show()
        self.problems_dock.raise_()
        n = len(problems)
        self.statusBar().showMessage(
            self.tr("No problems") if not n
            else self.tr("1 problem") if n == 1
            else self.tr("{n} problems").format(n=n), 5000
        )
