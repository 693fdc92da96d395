"""The editor's main window: menus, tool bar, docks, status bar, file handling, autosave."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent
from PySide6.QtGui import QKeySequence as Keys
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStyle,
    QToolButton,
    QUndoView,
    QWidget,
)

from editor import files
from editor.action_icons import action_icon
from editor.balance_dock import install_balance_dock
from editor.canvas.minimap import MinimapWidget
from editor.canvas.view import MapView
from editor.dialogs import (
    ShortcutsDialog,
)
from editor.document import MapDocument
from editor.i18n import english_plural, rule_label, translate
from editor.icons import tool_icon
from editor.panels.inspector import InspectorPanel
from editor.panels.layers import LayersPanel
from editor.panels.problems import MIN_ROWS as MIN_PROBLEM_ROWS
from editor.panels.problems import ProblemsPanel
from editor.panels.stamps import StampsPanel
from editor.panels.tools_panel import ToolsPanel
from editor.playtest.dialog import PlaytestDialog
from editor.playtest.mode import PlayMode
from editor.playtest.scenario_source import playtest_options_for
from editor.problem_where import object_at_pointer, region_at_pointer
from editor.recovery import RecoveryWriter
from editor.scenario.window_actions import ScenarioActions
from editor.settings import Settings, stamps_dir
from editor.stamp_library import StampLibrary
from editor.state import ToolState
from editor.tools.base import Tool
from editor.tools.registry import make_tools
from editor.validation import LiveValidator
from editor.window_edit import EditActions
from editor.window_files import APP_TITLE, FileActions
from editor.window_language import install_language_menu
from editor.window_layout import arrange_docks, is_compact, scrolled
from editor.window_packs import PackOpenActions
from editor.window_tiled import TiledImportActions
from engine import version
from engine.content import ContentError
from engine.hexes import Hex
from engine.i18n import rule_word
from engine.model import TERRAINS, Fort, GameMap, StartMarker
from engine.play.setup import PlaytestOptions

ViewFactory = Callable[[MapDocument], QWidget]


def default_view_factory(document: MapDocument) -> QWidget:
    """The canvas MapView (tests and benchmarks may pass another factory)."""
    return MapView(document)


def _redo_keys() -> list[Keys]:
    """The platform's redo keys plus Ctrl+Y and Ctrl+Shift+Z, each once."""
    keys = list(Keys.keyBindings(Keys.StandardKey.Redo))
    for text in ("Ctrl+Y", "Ctrl+Shift+Z"):
        key = Keys(text)
        if key not in keys:
            keys.append(key)
    return keys


class MainWindow(ScenarioActions, PackOpenActions, TiledImportActions, FileActions, EditActions,
                 QMainWindow):
    """One map document in a Tiled-style window."""

    def __init__(
        self,
        document: MapDocument | None = None,
        *,
        view_factory: ViewFactory | None = None,
        settings: Settings | None = None,
        recovery: files.RecoveryStore | None = None,
        checker: Callable[[GameMap], list] | None = None,
        stamps: StampLibrary | None = None,
        compact: bool | None = None,
    ) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.document = document or MapDocument(GameMap.blank("untitled", 30, 24, name="Untitled"))
        self.settings = settings or Settings()
        self.recovery = recovery
        self.side_windows = []
        self.stamp_library = stamps or StampLibrary(stamps_dir())
        self._compact = compact  # None: decided by the screen's width
        self.state = ToolState(self)
        self.view = (view_factory or default_view_factory)(self.document)
        self.view.setObjectName("mapView")
        self.setCentralWidget(self.view)
        self.tools: dict[str, Tool] = make_tools(self.document, self.state)
        self.current_tool: Tool | None = None
        self.zoom = 1.0
        self.overlays: dict[str, bool] = {
            "grid": bool(self.settings.pref("show_grid")),
            "coords": bool(self.settings.pref("show_coords")),
            "regions": True,
            "paths": True,
            "problems": True,
        }
        # Hooks for prompts, replaced by tests (a modal dialog would block them).
        self.ask_unsaved: Callable[[], str] = self._ask_unsaved
        self.ask_replace_game: Callable[[int], bool] = self._ask_replace_game
        self.show_error: Callable[[str, str], None] = self._show_error
        # Play mode: the window hands it the map view and gets the editing state back after.
        self.playtest = PlayMode(self, self.document, self.view, self.state)
        self.playtest.activeChanged.connect(self._play_mode_changed)
        self.playtest_dialog: PlaytestDialog | None = None
        self._tool_before_play: Tool | None = None
        self._docks_before_play: list[QDockWidget] = []

        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._build_docks()
        self.balance_dock = install_balance_dock(self, self.document, self.view,
                                                 self.panels_menu)
        self._build_status_bar()

        self.validator = LiveValidator(
            self.document, int(self.settings.pref("validation_delay_ms")), checker, self
        )
        self.validator.checkFailed.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setSingleShot(True)
        self.autosave_timer.setInterval(int(self.settings.pref("autosave_seconds")) * 1000)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_pending_since = 0.0
        self.recovery_writer = RecoveryWriter(recovery.claim) if recovery is not None else None

        doc = self.document
        doc.fileChanged.connect(self._update_title)
        doc.notice.connect(lambda msg: self.statusBar().showMessage(msg, 15000))
        for signal in (doc.terrainChanged, doc.objectsChanged, doc.mapReplaced):
            signal.connect(self._edited)
        doc.undo_stack.indexChanged.connect(self._edited)
        doc.selectionChanged.connect(self._update_selection_actions)
        doc.selectionChanged.connect(self._show_selection)
        self.view.hexHovered.connect(self._show_hex)
        self.view.zoomChanged.connect(self._show_zoom)
        for name, on in self.overlays.items():
            self.view.set_overlay_visible(name, on)

        self.view.viewport().installEventFilter(self)
        self.setAcceptDrops(True)
        self.resize(1400, 860)
        self._restore_layout()
        self.set_tool("brush")
        self._update_title()
        self._update_selection_actions()
        self.validator.schedule()

    # --- construction --------------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Callable[[], object] | None = None,
        shortcut: Keys | Keys.StandardKey | str | None = None,
        tip: str = "",
        checkable: bool = False,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(Keys(shortcut) if isinstance(shortcut, str) else shortcut)
        if tip:
            action.setStatusTip(tip)
        action.setCheckable(checkable)
        if slot is not None:
            action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        a = self._action
        S = Keys.StandardKey
        self.act_new = a(self.tr("&New…"), self.new_map, S.New, self.tr("Create a new map"))
        self.act_open = a(self.tr("&Open…"), self.open_dialog, S.Open,
                          self.tr("Open a map or scenario"))
        self.act_open_folder = a(
            self.tr("Open &Folder…"),
            self.open_folder,
            "Ctrl+Shift+O",
            self.tr("Open a content folder as a project"),
        )
        self.act_save = a(self.tr("&Save"), self.save, S.Save, self.tr("Save the map"))
        self.act_save_as = a(
            self.tr("Save &As…"), self.save_as, S.SaveAs, self.tr("Save under another name")
        )
        self.act_revert = a(
            self.tr("&Revert"), self.revert, None, self.tr("Reload the file from disk")
        )
        self.act_import_tiled = a(self.tr("Import &Tiled…"), self.import_tiled_dialog, None,
                                  self.tr("Import a map made or edited in Tiled (.tmx/.tmj)"))
        self.act_import_tiled.setObjectName("actionImportTiled")
        self.act_export = a(
            self.tr("&Export…"),
            self.export_dialog,
            "Ctrl+E",
            self.tr("Export the map: Tiled, SVG, PNG, print-and-play PDF, map pack"),
        )
        self.act_quit = a(self.tr("&Quit"), self.close, S.Quit)
        stack = self.document.undo_stack
        self.act_undo = stack.createUndoAction(self, self.tr("&Undo"))
        self.act_undo.setShortcut(S.Undo)
        self.act_redo = stack.createRedoAction(self, self.tr("&Redo"))
        # Ctrl+Y and Ctrl+Shift+Z both redo on every platform, whatever its convention.
        self.act_redo.setShortcuts(_redo_keys())
        # Fixed tool bar labels; the full "Undo Paint forest (3 hexes)" stays in the menu.
        self.act_undo.setIconText(self.tr("Undo"))
        self.act_redo.setIconText(self.tr("Redo"))
        self.addActions([self.act_undo, self.act_redo])
        self.act_cut = a(self.tr("Cu&t"), self.cut, S.Cut)
        self.act_copy = a(self.tr("&Copy"), self.copy, S.Copy)
        self.act_paste = a(self.tr("&Paste"), self.paste, S.Paste)
        self.act_delete = a(
            self.tr("&Delete"), self.delete, S.Delete, self.tr("Delete the selected object/hexes")
        )
        self.act_select_all = a(self.tr("Select &All"), self.select_all, S.SelectAll)
        self.act_mirror_h = a(
            self.tr("Mirror Selection &Horizontally"), lambda: self.transform("mirror_h"), "X"
        )
        self.act_mirror_v = a(
            self.tr("Mirror Selection &Vertically"), lambda: self.transform("mirror_v"), "Y"
        )
        self.act_rotate = a(
            self.tr("&Rotate Selection 180°"), lambda: self.transform("rotate_180"), "Z"
        )
        self.act_mirror_h.setIconText(self.tr("Mirror ↔"))
        self.act_mirror_v.setIconText(self.tr("Mirror ↕"))
        self.act_rotate.setIconText(self.tr("Rotate 180°"))
        self.act_prefs = a(self.tr("Pre&ferences…"), self.preferences, S.Preferences)
        self.act_zoom_in = a(self.tr("Zoom &In"), lambda: self.set_zoom(self.zoom * 1.25), S.ZoomIn)
        self.act_zoom_out = a(
            self.tr("Zoom &Out"), lambda: self.set_zoom(self.zoom / 1.25), S.ZoomOut
        )
        self.act_zoom_fit = a(self.tr("Zoom to &Fit"), lambda: self.view.zoom_to_fit(), "Ctrl+0")
        self.act_zoom_1 = a(self.tr("&Actual Size"), lambda: self.set_zoom(1.0), "Ctrl+1")
        self.overlay_actions: dict[str, QAction] = {}
        for name, text, key in (
            ("grid", self.tr("Show &Grid"), "Ctrl+G"),
            ("coords", self.tr("Show &Coordinates"), "Ctrl+Shift+C"),
            ("regions", self.tr("Show &Regions"), "Ctrl+Shift+R"),
            ("paths", self.tr("Show &Paths"), None),
            ("problems", self.tr("Show &Problem Markers"), "Ctrl+Shift+P"),
        ):
            act = a(text, None, key, checkable=True)
            act.setChecked(self.overlays[name])
            act.toggled.connect(lambda on, n=name: self.set_overlay(n, on))
            self.overlay_actions[name] = act
        self.act_properties = a(self.tr("Map &Properties…"), self.map_properties, "Ctrl+Shift+M")
        self.act_resize = a(self.tr("&Resize Map…"), self.resize_map)
        self.act_validate = a(
            self.tr("&Validate"), self.validate_now, "F7", self.tr("Check the map now")
        )
        self.act_region_add = a(
            self.tr("Add Selection to Region"),
            lambda: self.selection_to_region(True),
            None,
            self.tr("Put the selected hexes into the region chosen in the tool options"),
        )
        self.act_region_remove = a(
            self.tr("Remove Selection from Region"), lambda: self.selection_to_region(False)
        )
        self.act_region_add.setStatusTip(self.tr("Put the selected hexes into the region you pick"))
        self.act_region_remove.setStatusTip(
            self.tr("Take the selected hexes out of the region you pick")
        )
        self.region_menus: dict[bool, QMenu] = {}
        for act, add in ((self.act_region_add, True), (self.act_region_remove, False)):
            menu = QMenu(self)
            menu.aboutToShow.connect(lambda m=menu, ad=add: self.fill_region_menu(m, ad))
            act.setMenu(menu)
            self.region_menus[add] = menu
        self.act_select_region = a(
            self.tr("Select Region"),
            self.select_region,
            "Ctrl+Shift+G",
            self.tr("Select the hexes of the region chosen in the tool options"),
        )
        self.act_other_side = a(
            self.tr("Copy Selection to Other Side (Rotate 180°)"),
            lambda: self.document.copy_to_other_side("rotate_180"),
            None,
            self.tr(
                "Build the second half: the selection rotated about the map centre, with forts "
                "and start markers (1–6 ↔ 7–12)"
            ),
        )
        self.act_other_side_mirror = a(
            self.tr("Copy Selection to Other Side (Mirror)"),
            lambda: self.document.copy_to_other_side(
                "mirror_h" if self.document.map.layout.orientation == "pointy" else "mirror_v"
            ),
            None,
            self.tr("Like the rotation, but mirrored across the map's middle"),
        )
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            label = rule_word(tool.rule_key) if tool.rule_key else translate("Tool", tool.label)
            tip = translate("Tool", tool.status_tip)
            act = a(label, lambda n=name: self.set_tool(n), tool.shortcut, tip, True)
            act.setIconText(f"{label}  ({tool.shortcut})")
            act.setIcon(tool_icon(name))
            act.setToolTip(f"{label} ({tool.shortcut}) — {tip}")
            self.tool_group.addAction(act)
            self.tool_actions[name] = act
        for i, terrain in enumerate(TERRAINS):
            a(self.tr("Terrain: {terrain}").format(terrain=rule_word(terrain)),
              lambda t=terrain: self.state.set(terrain=t), str(i + 1))
        self.act_smaller = a(
            self.tr("Smaller Brush"),
            lambda: self.state.set(brush_radius=self.state.brush_radius - 1),
            "[",
        )
        self.act_bigger = a(
            self.tr("Bigger Brush"),
            lambda: self.state.set(brush_radius=self.state.brush_radius + 1),
            "]",
        )
        # Enter/Esc belong to the map view so they do not steal keys from dock editors.
        self.act_finish = QAction(self.tr("Finish Path"), self.view)
        self.act_finish.setShortcuts([Keys("Return"), Keys("Enter")])
        self.act_cancel = QAction(self.tr("Cancel"), self.view)
        self.act_cancel.setShortcut(Keys("Escape"))
        for act, slot in ((self.act_finish, self.finish_tool), (self.act_cancel, self.cancel_tool)):
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(lambda _c=False, s=slot: s())
            self.view.addAction(act)
        self.act_playtest = a(
            self.tr("&Play-test…"),
            self.play_test,
            "F5",
            self.tr("Play the current map with the rules engine"),
        )
        self.act_playtest.setObjectName("actionPlaytest")
        self.act_about = a(self.tr("&About"), self.about)
        self.act_shortcuts = a(self.tr("&Keyboard Shortcuts"), self.show_shortcuts, S.HelpContents)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        m = mb.addMenu(self.tr("&File"))
        m.addActions([self.act_new, self.act_open, self.act_open_folder])
        self.recent_menu = m.addMenu(self.tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        m.addSeparator()
        m.addActions([self.act_save, self.act_save_as, self.act_revert])
        m.addSeparator()
        m.addAction(self.act_import_tiled)
        m.addAction(self.act_export)
        m.addSeparator()
        m.addAction(self.act_quit)
        m = mb.addMenu(self.tr("&Edit"))
        m.addActions([self.act_undo, self.act_redo])
        m.addSeparator()
        m.addActions([self.act_cut, self.act_copy, self.act_paste, self.act_delete])
        m.addAction(self.act_select_all)
        m.addSeparator()
        m.addActions([self.act_mirror_h, self.act_mirror_v, self.act_rotate])
        m.addSeparator()
        m.addAction(self.act_prefs)
        self.view_menu = mb.addMenu(self.tr("&View"))
        self.view_menu.addActions(
            [self.act_zoom_in, self.act_zoom_out, self.act_zoom_fit, self.act_zoom_1]
        )
        self.view_menu.addSeparator()
        self.view_menu.addActions(list(self.overlay_actions.values()))
        self.view_menu.addSeparator()
        self.panels_menu = self.view_menu.addMenu(self.tr("&Panels"))
        self.language_menu = install_language_menu(self, self.view_menu, self.settings)
        m = mb.addMenu(self.tr("&Map"))
        m.addActions([self.act_properties, self.act_resize])
        m.addSeparator()
        m.addActions([self.act_select_region, self.act_region_add, self.act_region_remove])
        m.addSeparator()
        m.addActions([self.act_other_side, self.act_other_side_mirror])
        m.addSeparator()
        m.addAction(self.act_validate)
        m.addSeparator()
        m.addAction(self.act_playtest)
        # Scenario authoring (issue 11): the open scenario's properties.
        m = mb.addMenu(self.tr("&Scenario"))
        self.act_scenario_properties = m.addAction(
            self.tr("&Properties…"), self.open_scenario_properties
        )
        m = mb.addMenu(self.tr("&Tools"))
        m.addActions(list(self.tool_actions.values()))
        m.addSeparator()
        m.addActions([self.act_smaller, self.act_bigger])
        m = mb.addMenu(self.tr("&Help"))
        m.addActions([self.act_shortcuts, self.act_about])

    def _build_toolbar(self) -> None:
        tb = self.addToolBar(self.tr("Main"))
        tb.setObjectName("mainToolBar")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        tb.setIconSize(QSize(20, 20))
        for act, name in self._toolbar_icons().items():
            act.setIcon(action_icon(name))
        tb.addActions([self.act_new, self.act_open, self.act_save])
        tb.addSeparator()
        tb.addActions([self.act_undo, self.act_redo])
        tb.addSeparator()
        tb.addActions([self.act_zoom_out, self.act_zoom_in, self.act_zoom_fit])
        tb.addSeparator()
        tb.addActions([self.act_mirror_h, self.act_mirror_v, self.act_rotate])
        tb.addSeparator()
        tb.addAction(self.act_validate)
        tb.addSeparator()
        tb.addAction(self.act_playtest)

        # Universal icons need no words; the tool tips still name them.
        for act in (
            self.act_new,
            self.act_open,
            self.act_save,
            self.act_undo,
            self.act_redo,
            self.act_zoom_out,
            self.act_zoom_in,
            self.act_zoom_fit,
        ):
            button = tb.widgetForAction(act)
            if isinstance(button, QToolButton):
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)

    def _toolbar_icons(self) -> dict[QAction, str]:
        return {
            self.act_new: "new",
            self.act_open: "open",
            self.act_save: "save",
            self.act_undo: "undo",
            self.act_redo: "redo",
            self.act_zoom_in: "zoom_in",
            self.act_zoom_out: "zoom_out",
            self.act_zoom_fit: "zoom_fit",
            self.act_mirror_h: "mirror_h",
            self.act_mirror_v: "mirror_v",
            self.act_rotate: "rotate",
            self.act_validate: "validate",
            self.act_playtest: "playtest",
        }

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.panels_menu.addAction(dock.toggleViewAction())
        return dock

    def _build_docks(self) -> None:
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        doc = self.document
        self.tools_panel = ToolsPanel(doc, self.state, list(self.tool_actions.values()))
        self.tools_dock = self._dock(
            self.tr("Tools"), "toolsDock", scrolled(self.tools_panel), left
        )
        self.minimap = MinimapWidget(doc, self.view)
        self.minimap_dock = self._dock(self.tr("Minimap"), "minimapDock", self.minimap, right)
        self.inspector = InspectorPanel(doc, self.map_properties)
        self.inspector_dock = self._dock(
            self.tr("Properties"), "propertiesDock", self.inspector, right
        )
        self.problems_panel = ProblemsPanel(doc, self.show_problem)
        self.problems_dock = self._dock(
            self.tr("Problems"),
            "problemsDock",
            self.problems_panel,
            Qt.DockWidgetArea.BottomDockWidgetArea,
        )
        self.problems_panel.summaryChanged.connect(
            lambda text: self.problems_dock.setWindowTitle(
                self.tr("Problems — {summary}").format(summary=text))
        )
        self.layers_panel = LayersPanel(self.set_overlay, self.overlays)
        self.layers_dock = self._dock(self.tr("Layers"), "layersDock", self.layers_panel, right)
        self.history = QUndoView(doc.undo_stack)
        self.history.setEmptyLabel(self.tr("<opened>"))
        # Marks the step that matches the file on disk.
        self.history.setCleanIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_DialogSaveButton)
        )
        self.history_dock = self._dock(self.tr("History"), "historyDock", self.history, right)
        self.stamps_panel = StampsPanel(doc, self.stamp_library)
        self.stamps_panel.placeRequested.connect(self.float_stamp)
        self.stamps_dock = self._dock(
            self.tr("Stamps"), "stampsDock", scrolled(self.stamps_panel), right
        )
        self.arrange_docks(is_compact(self) if self._compact is None else self._compact)

    def arrange_docks(self, compact: bool) -> None:
        """The default dock layout; `compact` puts every side panel in the left column."""
        arrange_docks(
            self,
            self.tools_dock,
            self.minimap_dock,
            [self.inspector_dock, self.layers_dock, self.stamps_dock, self.history_dock],
            self.problems_dock,
            self.problems_panel.height_for_rows(MIN_PROBLEM_ROWS),
            compact,
            bottom=[self.stamps_dock, self.history_dock],
        )

    def _build_status_bar(self) -> None:
        sb = self.statusBar()
        self.hex_label = QLabel("")
        self.terrain_label = QLabel("")
        self.zoom_label = QLabel("100 %")
        self.selection_label = QLabel("")
        for w in (self.selection_label, self.hex_label, self.terrain_label, self.zoom_label):
            w.setMinimumWidth(90)
            sb.addPermanentWidget(w)

    # --- tools ---------------------------------------------------------------------------

    def set_tool(self, name: str) -> None:
        """Make a tool current (also what the tool shortcuts do)."""
        tool = self.tools[name]
        if self.playtest.active:
            self.leave_play_mode()
        if self.current_tool is tool:
            return
        if self.current_tool is not None:
            self.current_tool.deactivate()
        self.current_tool = tool
        tool.activate()
        self.view.set_tool(tool)
        self.tool_actions[name].setChecked(True)
        self.tools_panel.show_options_for(name)
        self.statusBar().showMessage(translate("Tool", tool.status_tip), 4000)

    # --- play mode -----------------------------------------------------------------------

    def play_test(self) -> None:
        """Map > Play-test (F5): resume the kept play-test, else ask for the options in the
        Play-test dialog and start one."""
        if self.playtest.session is not None and not self.playtest.active:
            self.enter_play_mode()
            return
        dialog = self.new_playtest_dialog()
        if dialog.exec() and self._may_replace_game():
            self.enter_play_mode(dialog.options())

    def _may_replace_game(self) -> bool:
        """Whether a new play-test may replace the current one: asked when it has moves and
        has not ended (a started game is otherwise lost without a word)."""
        s = self.playtest.session
        if s is None or not s.timeline or s.state.is_terminal():
            return True
        return self.ask_replace_game(s.state.round)

    def _ask_replace_game(self, game_round: int) -> bool:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Play-test"))
        box.setText(self.tr("A play-test is running (round {round}). Start a new one and "
                            "discard it?").format(round=game_round))
        box.setInformativeText(self.tr("To keep it, choose No and save it with Save… in the "
                                       "Play-test panel."))
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return box.exec() == QMessageBox.StandardButton.Yes

    def new_playtest_dialog(self) -> PlaytestDialog:
        """The Play-test dialog (not shown) for the current map: the scenario it was opened
        through, else the last options as a scenario form."""
        initial, error = playtest_options_for(self.document.path, self.playtest.last_options)
        self.playtest_dialog = PlaytestDialog(
            self.document.map,
            self.show_problem,
            self,
            initial,
            scenario_error=error,
            map_path=self.document.path,
        )
        return self.playtest_dialog

    def enter_play_mode(self, options: PlaytestOptions | None = None) -> bool:
        """Start a play-test of the current map with `options` (None: resume the kept one);
        the map view then plays instead of editing. Returns whether play mode is on."""
        if options is None:
            self.playtest.resume()
            return self.playtest.active
        try:
            self.playtest.start(options)
        except (ValueError, OSError, ContentError) as exc:
            self.statusBar().showMessage(
                self.tr("Cannot start the play-test: {reason}").format(reason=exc), 10000)
            return False
        return True

    def leave_play_mode(self) -> None:
        """Back to editing; the play-test is kept and F5 resumes it."""
        self.playtest.back_to_editing()

    def _play_mode_changed(self, active: bool) -> None:
        tool = self.playtest.tool
        if active:
            # Editing panels make room for the game; leaving play mode shows them again.
            self._docks_before_play = [
                d
                for d in self.findChildren(QDockWidget)
                if d is not self.playtest.dock and d.isVisible()
            ]
            for d in self._docks_before_play:
                d.hide()
            # Hover, Enter and Esc go to the current tool: no editing preview over the game.
            self._tool_before_play = self.current_tool
            if self.current_tool is not None and self.current_tool is not tool:
                self.current_tool.deactivate()
            self.current_tool = tool
            tool.activate()
            self.view.set_tool(tool)
            return
        for d in self._docks_before_play:
            d.show()
        self._docks_before_play = []
        if self.current_tool is tool:
            tool.deactivate()
            self.current_tool = self._tool_before_play
            if self.current_tool is not None:
                self.current_tool.activate()
        self.view.set_tool(self.current_tool)

    def finish_tool(self) -> None:
        """Enter: let the current tool complete its gesture."""
        if self.current_tool is not None:
            self.current_tool.finish()

    def cancel_tool(self) -> None:
        """Esc: drop the current gesture (or the selection)."""
        if self.current_tool is not None:
            self.current_tool.cancel()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The view does not forward double-clicks to tools; a double-click finishes paths.
        if (
            event.type() == QEvent.Type.MouseButtonDblClick
            and watched is self.view.viewport()
            and self.current_tool is not None
            and self.current_tool.finish()
        ):
            return True
        return super().eventFilter(watched, event)

    # --- view ----------------------------------------------------------------------------

    def set_zoom(self, scale: float) -> None:
        """Zoom the map view (1.0 = 1:1)."""
        self.view.set_zoom(max(0.02, min(8.0, scale)))

    def set_overlay(self, name: str, on: bool) -> None:
        """Show or hide an overlay; keeps menu, layers panel and settings in step."""
        self.overlays[name] = on
        self.view.set_overlay_visible(name, on)
        act = self.overlay_actions[name]
        if act.isChecked() != on:
            act.blockSignals(True)
            act.setChecked(on)
            act.blockSignals(False)
        self.layers_panel.set_checked(name, on)
        if name in ("grid", "coords"):
            self.settings.set_pref(f"show_{name}", on)

    def _show_hex(self, h: Hex | None) -> None:
        m = self.document.map
        if h is None or not m.in_bounds(h):
            self.hex_label.setText("")
            self.terrain_label.setText("")
            return
        col, row = m.to_offset(h)
        self.hex_label.setText(f"[{col}, {row}]  q{h.q} r{h.r}")
        self.terrain_label.setText(rule_label(m.terrain_at(h)))

    def _show_selection(self) -> None:
        n = len(self.document.selection)
        text = english_plural(self.tr("%n hex(es) selected", "", n), "%n hex(es) selected", n,
                              "{n} hex selected", "{n} hexes selected")
        self.selection_label.setText(text if n else "")

    def _show_zoom(self, scale: float) -> None:
        self.zoom = scale
        self.zoom_label.setText(f"{scale * 100:.0f} %")

    def show_problem(self, problem: object) -> None:
        """Select and centre what a problem is about: its hex, or the fort / start marker /
        label / path its JSON pointer names."""
        doc = self.document
        m = doc.map
        pointer = getattr(problem, "pointer", None) or ""
        obj = object_at_pointer(m, pointer)
        region = region_at_pointer(m, pointer)
        h_off = getattr(problem, "hex", None)
        h = m.to_axial(*h_off) if h_off is not None else None
        if h is not None and obj is None:
            obj = m.fort_at().get(h) or next((s for s in m.start_markers if s.hex == h), None)
        if h is None and isinstance(obj, Fort) and obj.hexes:
            h = obj.hexes[0]
        elif h is None and isinstance(obj, StartMarker):
            h = obj.hex
        if h is not None:
            doc.set_selection({h})
            self.view.center_on_hex(h)
        elif region is not None and region.hexes:
            # A problem about a region (a 2-player half) selects the whole region.
            doc.set_selection(region.hexes)
            self.view.fit_hexes(region.hexes)
        doc.select_object(obj)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        # The windows opened from this one ask about their own unsaved work first.
        for side in [self.scenario_window, *self.side_windows]:
            if side is not None and side.isVisible() and not side.close():
                event.ignore()
                return
        self.settings.q.setValue("window/geometry", self.saveGeometry())
        self.settings.q.setValue("window/state", self.saveState())
        self.validator.shutdown()
        self.end_recovery()
        event.accept()

    def _restore_layout(self) -> None:
        geometry = self.settings.q.value("window/geometry")
        state = self.settings.q.value("window/state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def export_dialog(self) -> None:
        """File > Export…: format, options and preview in a dialog (editor.export_dialog)."""
        # lazy: the dialog loads every exporter, fpdf and PIL (~0.5 s) only when first opened.
        from editor.export_dialog import show_export_dialog

        show_export_dialog(self)

    # --- help ----------------------------------------------------------------------------

    def about(self) -> None:
        """Help > About."""
        QMessageBox.about(
            self,
            self.tr("About {app}").format(app=APP_TITLE),
            self.tr("<b>{app}</b> {version}<br>Map editor for the WWI hex wargame Trench Club."
                    "<br>Paint terrain, place forts and start markers, and fix what the problems "
                    "panel reports.").format(app=APP_TITLE, version=version.__version__),
        )

    def show_shortcuts(self) -> None:
        """Help > Keyboard Shortcuts."""
        ShortcutsDialog(self.actions() + self.view.actions(), self).exec()
