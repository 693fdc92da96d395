"""The export dialog's preview: the board drawn small (with the PDF's page grid), kept in step
with the dialog's options without stalling the GUI thread.

The board picture (`exporters.preview.board_picture`, hundreds of milliseconds on a
million hexes) is drawn by one long-lived helper thread: for small maps in that thread, for
maps of `PROCESS_MIN_HEXES` or more in a worker process, because a Python thread holding the
GIL for that long delays the GUI thread's every event by tens of milliseconds. The page grid
is painted over it on the GUI thread a few milliseconds at a time (16,000 A4 pages on a
million hexes at 30 mm). Pictures are kept per hex size, so changing format or paper only
repaints the grid. Until the preview of the chosen options is complete the dialog says
"Updating preview…" instead of showing a preview of other options; a result of options no
longer wanted is dropped.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import multiprocessing
import queue
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from PySide6.QtCore import QLineF, QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QLabel

from editor.i18n import translate
from editor.validation import PROCESS_MIN_HEXES
from editor.validation_check import yield_cpu_to_editor
from engine.model import GameMap
from exporters.pdf import Tiling, plan_tiling
from exporters.preview import BoardPicture, board_picture, warm

PREVIEW_W, PREVIEW_H = 480, 300
DEBOUNCE_MS = 200
POLL_MS = 15  # how often the GUI thread looks whether the picture has arrived
SLICE_S = 0.003  # page grid painting per turn of the event loop
# Between slices: with no pause, two slices often ran back to back before other timers.
SLICE_PAUSE_MS = 1
KEPT_PICTURES = 4  # hex sizes whose pictures are kept while the dialog is open
GRID_COLOUR = "#b03a2e"
NUMBER_FILL = 0.8  # of a page's step in the preview its number may take, else no numbers
PAGE_LINE_MIN_PX = 6  # grid lines closer than this merge into a solid colour
_STRIDES = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)

Options = tuple[float, str | None]  # hex size in mm, paper (None: no page grid)


def picture_image(picture: BoardPicture) -> QImage:
    """The picture as a QImage (RGB32, as a PNG of it loads)."""
    rgb = QImage(picture.rgb, picture.width, picture.height, 3 * picture.width,
                 QImage.Format.Format_RGB888)
    return rgb.convertToFormat(QImage.Format.Format_RGB32)


def grid_stride(picture: BoardPicture, t: Tiling) -> int:
    """Every how many pages an edge of the page grid is drawn in the preview: 1 while the
    edges of every page stay `PAGE_LINE_MIN_PX` apart, else the next round number that keeps
    them so (a 1M-hex board has 16,000 A4 pages: each page's outline would merge into a solid
    colour)."""
    px = min(t.step_x, t.step_y) * picture.scale
    return next((s for s in _STRIDES if px * s >= PAGE_LINE_MIN_PX), _STRIDES[-1])


def page_grid(image: QImage, picture: BoardPicture, t: Tiling) -> Iterator[None]:
    """Paint the pages of `t` over `image`, the board's picture, yielding after each page
    (or grid line); the painter ends when the generator does or is closed. Pages whose
    number fits in the preview get their outline and number; smaller ones only grid lines,
    on every `grid_stride` pages when even those would crowd."""
    font = _number_font(picture, t)
    if _numbers_fit(font, picture, t):
        return _numbered_pages(image, picture, t, font)
    return _page_lines(image, picture, t, grid_stride(picture, t))


def _number_font(picture: BoardPicture, t: Tiling) -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(10, round(min(t.area_w, t.area_h) * picture.scale * 0.22)))
    return font


def _numbers_fit(font: QFont, picture: BoardPicture, t: Tiling) -> bool:
    """Whether the highest page number fits inside a page's step in the preview."""
    metrics = QFontMetrics(font)
    k = picture.scale
    return (metrics.horizontalAdvance(str(t.pages + 1)) <= NUMBER_FILL * t.step_x * k
            and metrics.height() <= NUMBER_FILL * t.step_y * k)


def _numbered_pages(image: QImage, picture: BoardPicture, t: Tiling, font: QFont
                    ) -> Iterator[None]:
    k = picture.scale
    p = QPainter(image)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setFont(font)
        p.setPen(QPen(QColor(GRID_COLOUR), 2))
        p.setBrush(QColor(176, 58, 46, 28))
        centre = Qt.AlignmentFlag.AlignCenter
        step_x, step_y, area_w, area_h = t.step_x, t.step_y, t.area_w, t.area_h
        for j in range(t.rows):
            for i in range(t.cols):
                x0, y0 = i * step_x, j * step_y
                w, h = min(area_w, picture.board_w - x0), min(area_h, picture.board_h - y0)
                rect = QRectF(x0 * k, y0 * k, w * k, h * k)
                p.drawRect(rect.adjusted(1, 1, -1, -1))
                p.drawText(rect, centre, str(2 + j * t.cols + i))
                yield
    finally:
        p.end()


def _page_lines(image: QImage, picture: BoardPicture, t: Tiling, stride: int
                ) -> Iterator[None]:
    """The page grid as thin lines where pages start, on every `stride`-th page, and the
    board's outline."""
    k = picture.scale
    right, bottom = picture.board_w * k, picture.board_h * k
    p = QPainter(image)
    try:
        p.setPen(QPen(QColor(GRID_COLOUR), 1))
        for i in range(stride, t.cols, stride):
            x = i * t.step_x * k
            p.drawLine(QLineF(x, 0, x, bottom))
            yield
        for j in range(stride, t.rows, stride):
            y = j * t.step_y * k
            p.drawLine(QLineF(0, y, right, y))
            yield
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(0.5, 0.5, right - 1, bottom - 1))
        yield
    finally:
        p.end()


def preview_text(picture: BoardPicture, t: Tiling | None) -> str:
    """The lines under the preview: with a page grid the page count, then the board's size
    (and how many pages apart the grid's lines are when not on every page)."""
    text = translate("export_dialog", "board {width} × {height} mm (hexes {hex} mm across)"
                     ).format(width=f"{picture.board_w:.0f}", height=f"{picture.board_h:.0f}",
                              hex=f"{picture.hex_mm:g}")
    if t is None:
        return text
    pages = (translate("export_dialog", "{total} pages: page map + {pages} {paper} landscape "
                       "pages ({rows} rows × {cols} columns)") if t.landscape
             else translate("export_dialog", "{total} pages: page map + {pages} {paper} portrait "
                            "pages ({rows} rows × {cols} columns)"))
    stride = grid_stride(picture, t)
    if stride > 1:
        text += " · " + translate("export_dialog", "page grid: a line every {n} pages"
                                  ).format(n=stride)
    return pages.format(total=t.pages + 1, pages=t.pages, paper=t.paper, rows=t.rows,
                        cols=t.cols) + "\n" + text


def board_preview(
    game_map: GameMap,
    hex_mm: float,
    paper: str | None,
    max_w: int = PREVIEW_W,
    max_h: int = PREVIEW_H,
) -> tuple[QImage, str]:
    """A small picture of the exported board and a one-line description, drawn at once.
    With `paper` (PDF), the page grid is drawn over the board and the text gives the page
    count."""
    picture = board_picture(game_map, hex_mm, max_w, max_h)
    image = picture_image(picture)
    t = None if paper is None else plan_tiling(picture.board_w, picture.board_h, paper)
    if t is not None:
        for _ in page_grid(image, picture, t):
            pass
    return image, preview_text(picture, t)


# --- the helper thread and the worker process ---------------------------------------------

_requests: queue.SimpleQueue[tuple[Future | None, GameMap | None, float, bool]] = \
    queue.SimpleQueue()
_helper: threading.Thread | None = None
_executor: ProcessPoolExecutor | None = None
_lock = threading.Lock()
_stop_registered = False


def _worker_pool() -> ProcessPoolExecutor:
    global _executor, _stop_registered
    with _lock:
        if _executor is None:
            # forkserver: a fork of a clean server, never of this process with Qt's threads;
            # the worker runs at a lower priority than the editor, like validation's.
            _executor = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("forkserver"),
                initializer=yield_cpu_to_editor)
            if not _stop_registered:
                atexit.register(_stop_worker_pool, wait=True)
                _stop_registered = True
        return _executor


def _stop_worker_pool(wait: bool = False) -> None:
    """Stop the worker process (at exit, `wait` for it, as validation's)."""
    global _executor
    with _lock:
        if _executor is not None:
            _executor.shutdown(wait=wait, cancel_futures=True)
            _executor = None


def _serve() -> None:
    while True:
        future, game_map, hex_mm, in_process = _requests.get()
        if future is None:  # start the worker process and load the exporters in it
            with contextlib.suppress(Exception):  # a failure shows on the first picture
                _worker_pool().submit(warm).result()
            continue
        if not future.set_running_or_notify_cancel():  # dropped while it waited here
            continue
        try:
            if in_process:
                picture = _worker_pool().submit(
                    board_picture, game_map, hex_mm, PREVIEW_W, PREVIEW_H).result()
            else:
                picture = board_picture(game_map, hex_mm, PREVIEW_W, PREVIEW_H)
        except BrokenProcessPool as exc:  # the worker died: a new one next time
            _stop_worker_pool()
            future.set_exception(exc)
        except Exception as exc:  # a broken map is told in the preview, never a traceback
            future.set_exception(exc)
        else:
            future.set_result(picture)


def _ask(future: Future | None, game_map: GameMap | None, hex_mm: float,
         in_process: bool) -> None:
    global _helper
    with _lock:
        if _helper is None:
            _helper = threading.Thread(target=_serve, daemon=True, name="export-preview")
            _helper.start()
    _requests.put((future, game_map, hex_mm, in_process))


def request_picture(game_map: GameMap, hex_mm: float, in_process: bool) -> Future:
    """The board picture of `game_map` at `hex_mm`, drawn in the background (in the worker
    process with `in_process`); cancel the Future to drop a request not yet started."""
    # Its own terrain and lists: the helper reads them while the GUI thread goes on.
    copy = dataclasses.replace(game_map, terrain=bytearray(game_map.terrain), regions=[],
                               forts=list(game_map.forts), paths=list(game_map.paths),
                               start_markers=list(game_map.start_markers),
                               labels=list(game_map.labels))
    future: Future = Future()
    _ask(future, copy, hex_mm, in_process)
    return future


def start_worker() -> None:
    """Start the worker process in the background (the first picture of a big map then
    does not wait for it)."""
    _ask(None, None, 0.0, True)


class PreviewUpdater(QObject):
    """Keeps `picture` and `text` (the dialog's labels) showing the preview of the options
    last asked for with `want`: debounced, drawn in the background, the page grid painted
    in slices. `shown` is emitted when the preview (or why there is none) of the wanted
    options is on screen."""

    shown = Signal()

    def __init__(self, game_map: GameMap, picture: QLabel, text: QLabel,
                 parent: QObject | None = None,
                 process_min_hexes: int = PROCESS_MIN_HEXES) -> None:
        super().__init__(parent)
        self.map, self.picture, self.text = game_map, picture, text
        self.in_process = game_map.width * game_map.height >= process_min_hexes
        self.wanted: Options | None = None
        self.shown_options: Options | None = None
        self.image: QImage | None = None  # the picture shown, page grid included
        self._shown: tuple[QImage | None, str, str] = (None, "", "")  # picture, note, text
        self._pictures: dict[float, BoardPicture] = {}
        self._job: Future | None = None
        self._grid: Iterator[None] | None = None
        self._composed: tuple[QImage, str] | None = None
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self._start_job)
        self.pump = QTimer(self)
        self.pump.timeout.connect(self._pump)
        if self.in_process:
            start_worker()

    def pending(self) -> bool:
        """Whether the preview on screen is not yet that of the wanted options."""
        return self.wanted != self.shown_options

    def stage(self) -> str:
        """What the preview waits for: "debounce", "picture" (the board picture being drawn
        in the background), "pages" (the page grid being painted) or "" (nothing)."""
        if self.debounce.isActive():
            return "debounce"
        if self._job is not None:
            return "picture"
        return "pages" if self._grid is not None else ""

    def want(self, hex_mm: float, paper: str | None) -> None:
        """Show the preview of these options as soon as it is ready; until then the labels
        say it is being updated."""
        options = (hex_mm, paper)
        if options == self.wanted:
            return
        self._cancel()
        self.wanted = options
        if options == self.shown_options:  # back to what is drawn: show it again
            self._put(*self._shown)
            return
        self._put(None, translate("ExportDialog", "Updating preview…"), "")
        if hex_mm in self._pictures:
            self._compose(self._pictures[hex_mm])
        else:
            self.debounce.start()

    def hurry(self) -> None:
        """Ask for the wanted preview's picture now if it waits for the debounce (the first
        preview of a dialog: no further change is to be awaited)."""
        if self.debounce.isActive():
            self.debounce.stop()
            self._start_job()

    def stop(self) -> None:
        """Drop any work in progress (the dialog closes); the next `want` starts again."""
        self._cancel()
        self.wanted = None

    # --- internals ------------------------------------------------------------------------

    def _cancel(self) -> None:
        self.debounce.stop()
        self.pump.stop()
        if self._job is not None:
            self._job.cancel()  # not started yet: the helper skips it; else it is ignored
            self._job = None
        if self._grid is not None:
            self._grid.close()  # ends its painter
            self._grid = None
        self._composed = None

    def _start_job(self) -> None:
        assert self.wanted is not None
        self._job = request_picture(self.map, self.wanted[0], self.in_process)
        self.pump.start(POLL_MS)

    def _pump(self) -> None:
        if self._job is not None:
            if not self._job.done():
                return
            job, self._job = self._job, None
            self.pump.stop()
            try:
                picture = job.result()
            except Exception as exc:
                self._fail(exc)
                return
            if self.wanted is None or picture.hex_mm != self.wanted[0]:
                return  # of options no longer wanted (a dropped job is never looked at)
            self._keep(picture)
            self._compose(picture)
            return
        if self._grid is None:
            self.pump.stop()
            return
        deadline = time.perf_counter() + SLICE_S
        for _ in self._grid:
            if time.perf_counter() >= deadline:
                return
        self._grid_done()

    def _keep(self, picture: BoardPicture) -> None:
        self._pictures.pop(picture.hex_mm, None)
        self._pictures[picture.hex_mm] = picture
        while len(self._pictures) > KEPT_PICTURES:
            del self._pictures[next(iter(self._pictures))]

    def _compose(self, picture: BoardPicture) -> None:
        """The wanted preview from its board picture: shown now without a page grid, else
        once the grid is painted (in slices by the pump)."""
        assert self.wanted is not None
        image = picture_image(picture)
        paper = self.wanted[1]
        if paper is None:
            self._show(image, preview_text(picture, None))
            return
        try:
            t = plan_tiling(picture.board_w, picture.board_h, paper)
        except Exception as exc:
            self._fail(exc)
            return
        self._grid = page_grid(image, picture, t)
        self._composed = (image, preview_text(picture, t))
        self.pump.start(SLICE_PAUSE_MS)

    def _grid_done(self) -> None:
        assert self._composed is not None
        self.pump.stop()
        self._grid = None
        image, text = self._composed
        self._composed = None
        self._show(image, text)

    def _show(self, image: QImage, text: str) -> None:
        self.image = image
        self._shown = (image, "", text)
        self.shown_options = self.wanted
        self._put(*self._shown)
        self.shown.emit()

    def _fail(self, exc: Exception) -> None:
        self._shown = (None, translate("ExportDialog", "No preview: {reason}").format(
            reason=exc), "")
        self.shown_options = self.wanted
        self._put(*self._shown)
        self.shown.emit()

    def _put(self, image: QImage | None, note: str, text: str) -> None:
        if image is not None:
            self.picture.setPixmap(QPixmap.fromImage(image))
        else:
            self.picture.setPixmap(QPixmap())
            self.picture.setText(note)
        self.text.setText(text)
