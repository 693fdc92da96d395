"""The export dialog's preview follows option changes in the background (editor.export_preview):
it says it is updating instead of showing another options' preview, drops results of options
changed since, draws big maps in the worker process, and closing the dialog mid-way is clean."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor import export_preview, files
from editor.export_dialog import ExportDialog, board_preview
from exporters.pdf import plan_tiling
from tests.editor.conftest import DEFAULT_MAP

pytestmark = pytest.mark.qt
UPDATING = "Updating preview…"


@pytest.fixture
def default_map():
    return files.open_map(DEFAULT_MAP).map


class Gate:
    """Stands in for `board_picture` in the helper thread: records each call and, while
    held, keeps it waiting; then draws the real picture."""

    def __init__(self, real) -> None:
        self.real = real
        self.calls: list[float] = []
        self.returned: list[float] = []
        self.open = threading.Event()
        self.open.set()

    def __call__(self, game_map, hex_mm, max_w, max_h):
        self.calls.append(hex_mm)
        self.open.wait(timeout=30)
        try:
            return self.real(game_map, hex_mm, max_w, max_h)
        finally:
            self.returned.append(hex_mm)


@pytest.fixture
def gate(monkeypatch):
    g = Gate(export_preview.board_picture)
    monkeypatch.setattr(export_preview, "board_picture", g)
    yield g
    g.open.set()  # never leave the helper thread waiting for a later test


@pytest.fixture
def thread_errors(monkeypatch):
    """Exceptions escaping any thread (a traceback on stderr otherwise)."""
    seen: list = []
    monkeypatch.setattr(threading, "excepthook", seen.append)
    return seen


def _qt_warnings(qtlog) -> list[str]:
    return [r.message for r in qtlog.records
            if "propagateSizeHints" not in r.message]  # the offscreen platform's own


def _dialog(qtbot, game_map, tmp_path, add: bool = True) -> ExportDialog:
    dlg = ExportDialog(game_map, None, start_dir=tmp_path)
    if add:
        qtbot.addWidget(dlg)
    dlg._preview_timer.setInterval(1)  # the debounce: not what these tests are about
    dlg.hex_mm.setValue(10)
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=10000)
    return dlg


def _shows(dlg: ExportDialog, hex_mm: float, paper: str | None, game_map) -> None:
    image, text = board_preview(game_map, hex_mm, paper)
    assert dlg.preview_text.text() == text
    assert dlg.preview_image == image
    assert dlg.preview.pixmap().size() == image.size()


def test_the_dialog_opens_at_once_and_its_first_preview_follows(qtbot, tmp_path, default_map,
                                                                gate, monkeypatch):
    monkeypatch.setattr(export_preview, "DEBOUNCE_MS", 60000)  # the first one does not wait
    gate.open.clear()
    dlg = ExportDialog(default_map, None, start_dir=tmp_path)
    qtbot.addWidget(dlg)
    dlg.show()
    assert gate.calls == [] or gate.calls == [30]  # asked for, never drawn on this thread
    assert dlg.preview_pending() and dlg.preview_image is None
    assert dlg.preview.pixmap().isNull() and dlg.preview.text() == UPDATING
    assert dlg.previewer.stage() == "picture"
    qtbot.waitUntil(lambda: gate.calls == [30])
    gate.open.set()
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=10000)
    _shows(dlg, 30, None, default_map)  # the same pixels as drawn at once


def test_an_option_change_says_updating_until_its_preview_is_drawn(qtbot, tmp_path,
                                                                   default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    dlg._preview_timer.setInterval(200)
    dlg.set_format("pdf")
    # at once: no picture and no figures of the options before, the label says why
    assert dlg.preview_pending()
    assert dlg.preview.pixmap().isNull() and dlg.preview.text() == UPDATING
    assert dlg.preview_text.text() == ""
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=10000)
    _shows(dlg, 10, "A4", default_map)
    assert "A4" in dlg.preview_text.text()
    dlg.paper.setCurrentText("A3")  # the picture kept for 10 mm: only the pages to paint
    assert dlg.preview_pending() and dlg.preview.text() == UPDATING
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=10000)
    _shows(dlg, 10, "A3", default_map)


def test_changes_that_keep_the_preview_leave_it_shown(qtbot, tmp_path, default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    dlg.set_format("svg")
    shown = dlg.preview_image
    for change in (lambda: dlg.set_format("png"), lambda: dlg.dpi.setValue(300),
                   lambda: dlg.paper.setCurrentText("A3")):  # paper: only for the PDF
        change()
        assert not dlg.preview_pending() and dlg.preview_image is shown
    dlg.hex_mm.setValue(11)
    assert dlg.preview_pending() and dlg.preview.text() == UPDATING
    dlg.hex_mm.setValue(10)  # back before it was drawn: the same preview at once
    assert not dlg.preview_pending() and dlg.preview_image is shown
    assert not dlg.preview.pixmap().isNull() and "hexes 10 mm" in dlg.preview_text.text()


def test_a_preview_of_options_changed_since_is_dropped(qtbot, tmp_path, default_map, gate):
    dlg = _dialog(qtbot, default_map, tmp_path)
    texts: list[str] = []
    dlg.previewer.shown.connect(lambda: texts.append(dlg.preview_text.text()))
    gate.calls.clear()
    gate.open.clear()
    dlg.hex_mm.setValue(11)
    qtbot.waitUntil(lambda: gate.calls == [11])  # being drawn, held
    dlg.hex_mm.setValue(12)
    qtbot.waitUntil(lambda: dlg.previewer.stage() == "picture")  # asked for, waits behind 11
    dlg.hex_mm.setValue(13)
    qtbot.waitUntil(lambda: dlg.previewer.stage() == "picture")
    assert dlg.preview.text() == UPDATING
    gate.open.set()
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=10000)
    assert 11 in gate.returned  # its picture came back, and was not shown
    qtbot.wait(50)
    assert gate.calls == [11, 13]  # 12 was dropped before it started
    assert len(texts) == 1 and "hexes 13 mm" in texts[0]
    _shows(dlg, 13, None, default_map)


def test_closing_while_the_picture_is_drawn_is_clean(qtbot, tmp_path, default_map, gate,
                                                     thread_errors, qtlog):
    dlg = _dialog(qtbot, default_map, tmp_path, add=False)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.show()
    gate.calls.clear()
    gate.open.clear()
    dlg.hex_mm.setValue(20)
    qtbot.waitUntil(lambda: gate.calls == [20])
    with qtbot.waitSignal(dlg.destroyed):
        dlg.close()
    gate.open.set()
    qtbot.waitUntil(lambda: gate.returned[-1:] == [20])
    qtbot.wait(100)  # its result arrives at a dialog no more
    assert thread_errors == []
    assert _qt_warnings(qtlog) == []


def test_closing_while_the_pages_are_painted_is_clean(qtbot, tmp_path, default_map,
                                                      monkeypatch, thread_errors, qtlog):
    monkeypatch.setattr(export_preview, "SLICE_S", 0.0)  # a page per turn of the event loop
    dlg = _dialog(qtbot, default_map, tmp_path, add=False)
    dlg.show()
    dlg.set_format("pdf")
    dlg.hex_mm.setValue(40)  # 40 pages
    qtbot.waitUntil(lambda: dlg.previewer.stage() == "pages", timeout=10000)
    assert dlg.preview.text() == UPDATING
    dlg.reject()  # what Cancel does: hidden, not yet deleted, and no work left
    assert dlg.previewer.stage() == "" and not dlg.previewer.pump.isActive()
    with qtbot.waitSignal(dlg.destroyed):
        dlg.deleteLater()
    qtbot.wait(100)
    assert thread_errors == []
    assert _qt_warnings(qtlog) == []  # e.g. no painter left active


def test_a_big_maps_preview_is_drawn_in_the_worker_process(qtbot, tmp_path, default_map,
                                                           thread_errors, qtlog):
    dlg = _dialog(qtbot, default_map, tmp_path, add=False)
    dlg.previewer.in_process = True  # as for a map of PROCESS_MIN_HEXES or more
    dlg.set_format("pdf")
    dlg.hex_mm.setValue(12)
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=60000)
    assert export_preview._executor is not None
    _shows(dlg, 12, "A4", default_map)
    # closed (and deleted) while the worker draws the next one
    dlg.hex_mm.setValue(14)
    qtbot.waitUntil(lambda: dlg.previewer.stage() == "picture")
    job = dlg.previewer._job
    qtbot.waitUntil(lambda: job.running() or job.done(), timeout=10000)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    with qtbot.waitSignal(dlg.destroyed):
        dlg.close()
    qtbot.waitUntil(job.done, timeout=60000)
    qtbot.wait(100)
    assert job.result().hex_mm == 14  # drawn, and dropped without a word
    assert thread_errors == []
    assert _qt_warnings(qtlog) == []


def test_shown_again_after_closing_mid_update_it_draws_the_preview(qtbot, tmp_path,
                                                                   default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    dlg.show()
    dlg.hex_mm.setValue(11)
    dlg.reject()
    assert dlg.previewer.stage() == ""
    dlg.show()
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=10000)
    _shows(dlg, 11, None, default_map)


def _blank_picture(board_w: float, board_h: float, width: int = 346) -> export_preview.BoardPicture:
    height = round(width * board_h / board_w)
    return export_preview.BoardPicture(30.0, board_w, board_h, width / board_w, width, height,
                                       bytes((214, 200, 160)) * (width * height))


def _red_share(image) -> float:
    red = QColor(export_preview.GRID_COLOUR).rgb()
    pixels = [image.pixel(x, y) for y in range(image.height()) for x in range(image.width())]
    return sum(p == red for p in pixels) / len(pixels)


@pytest.mark.parametrize("side_mm", [3039.0, 9039.0, 30039.0])  # 100², 300², 1000² hexes
def test_a_page_grid_too_fine_to_number_is_drawn_as_lines_not_a_red_sheet(qapp, side_mm):
    picture = _blank_picture(side_mm, side_mm * 0.866)
    t = plan_tiling(picture.board_w, picture.board_h, "A4")
    image = export_preview.picture_image(picture)
    for _ in export_preview.page_grid(image, picture, t):
        pass
    stride = export_preview.grid_stride(picture, t)
    # the grid's lines stay apart: the board shows between them
    assert min(t.step_x, t.step_y) * picture.scale * stride >= export_preview.PAGE_LINE_MIN_PX
    assert _red_share(image) < 0.3
    text = export_preview.preview_text(picture, t)
    assert (f"a line every {stride} pages" in text) == (stride > 1)
    assert text.startswith(f"{t.pages + 1} pages")


def test_pages_big_enough_keep_their_outline_and_number(qapp, default_map):
    picture = export_preview.board_picture(default_map, 30, export_preview.PREVIEW_W,
                                           export_preview.PREVIEW_H)
    t = plan_tiling(picture.board_w, picture.board_h, "A4")
    assert export_preview.grid_stride(picture, t) == 1
    numbered, lined = (export_preview.picture_image(picture) for _ in range(2))
    for _ in export_preview._numbered_pages(numbered, picture, t,
                                            export_preview._number_font(picture, t)):
        pass
    for _ in export_preview.page_grid(lined, picture, t):
        pass
    assert lined == numbered
