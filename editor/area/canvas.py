"""The area-map canvas: fronts, attack lines, cities and bases, and the drawing tools.

Scene units are the map's board units. Tools: select (click to select, drag a city or base to
move it), front (click the corners, double-click or Enter to close, Esc to cancel), city and
base (click inside a front), line (click two places). The scene is rebuilt from the model after
every change; an area map has few items.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from editor.area.background import background_pixmap
from editor.area.document import AreaDocument
from engine.area_geometry import FRONT_OPACITY_OVER_PICTURE, background_frame, background_opacity
from engine.area_model import AreaMap
from engine.i18n import localized

TOOLS = ("select", "front", "city", "base", "line")
FACTION_COLOURS = {"western_allies": "#b5483c", "eastern_allies": "#4f7d4a",
                   "germans": "#35332f", "german_allies": "#3f6c9c"}
THEATRE_TINTS = ("#e6dcc0", "#d9dfc4", "#e3d3c7", "#d3dbd9")
PLACE_RADIUS = 7.0
SNAP_PIXELS = 12.0  # on screen, whatever the zoom
INK = QColor("#3a372c")


def draw_area_map(scene: QGraphicsScene, m: AreaMap, owner: dict[str, str] | None = None,
                  selected: str | None = None, lang: str | None = None,
                  background: QPixmap | None = None) -> None:
    """Draw an area map into a scene (shared by the editor and the play-test); front names in
    `lang`, else in the current language; `background`: the map's picture, drawn under the
    fronts where the exported boards draw it."""
    owners = {c.id: c.owner for c in m.cities} | dict(owner or {})
    tints = {t.id: THEATRE_TINTS[i % len(THEATRE_TINTS)] for i, t in enumerate(m.theatres)}
    scene.addRect(0, 0, m.size[0], m.size[1], QPen(Qt.PenStyle.NoPen),
                  QBrush(QColor("#efe9d6")))
    tint_alpha = 1.0
    if background is not None and not background.isNull():
        x, y, w, h = background_frame(m)
        item = scene.addPixmap(background)
        item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        item.setTransform(QTransform.fromScale(w / background.width(), h / background.height()))
        item.setPos(x, y)
        item.setOpacity(background_opacity(m))
        tint_alpha = FRONT_OPACITY_OVER_PICTURE
    for f in m.fronts:
        if len(f.polygon) < 2:
            continue
        pen = QPen(QColor("#2a64c8") if selected == f"front-{f.number}" else INK,
                   3.0 if selected == f"front-{f.number}" else 1.2)
        tint = QColor(tints.get(f.theatre, "#e0d8c0"))
        tint.setAlphaF(tint_alpha)
        scene.addPolygon(QPolygonF([QPointF(*p) for p in f.polygon]), pen, QBrush(tint))
        xs = [p[0] for p in f.polygon]
        ys = [p[1] for p in f.polygon]
        name = f.name.get(lang, "") if lang else localized(f.name)
        label = scene.addSimpleText(f"{f.number}  {name}")
        label.setFont(QFont("serif", 11, QFont.Weight.Bold))
        label.setBrush(INK)
        room = max(xs) - min(xs) - 8
        scale = min(1.0, room / max(label.boundingRect().width(), 1.0))
        label.setScale(scale)
        label.setPos(sum(xs) / len(xs) - label.boundingRect().width() * scale / 2, min(ys) + 4)
    where = {c.id: c.at for c in m.cities} | {b.id: b.at for b in m.bases}
    for line in m.attack_lines:
        if line.a in where and line.b in where:
            pen = QPen(QColor("#7a2e2a"), 2.0)
            if line.from_round and line.from_round > 1:
                pen.setStyle(Qt.PenStyle.DashLine)
            scene.addLine(*where[line.a], *where[line.b], pen)
    r = PLACE_RADIUS
    for b in m.bases:
        pts = [QPointF(b.at[0] + r * 1.2 * math.cos(math.radians(60 * i + 30)),
                       b.at[1] + r * 1.2 * math.sin(math.radians(60 * i + 30))) for i in range(6)]
        item = scene.addPolygon(QPolygonF(pts), _place_pen(selected == b.id),
                                QBrush(QColor(FACTION_COLOURS.get(b.owner, "#888"))))
        item.setData(0, b.id)
    for c in m.cities:
        brush = QBrush(QColor(FACTION_COLOURS.get(owners.get(c.id, c.owner), "#888")))
        pen = _place_pen(selected == c.id)
        if c.replacement:
            item = scene.addEllipse(c.at[0] - r, c.at[1] - r, 2 * r, 2 * r, pen, brush)
        else:
            item = scene.addRect(c.at[0] - r, c.at[1] - r, 2 * r, 2 * r, pen, brush)
        item.setData(0, c.id)
        text = scene.addSimpleText(c.name)
        text.setBrush(INK)
        text.setPos(c.at[0] - text.boundingRect().width() / 2, c.at[1] + r + 1)


def _closest_on_segment(p: tuple[float, float], a: tuple[float, float],
                        b: tuple[float, float]) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    if length == 0:
        return a
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return (a[0] + t * dx, a[1] + t * dy)


def _place_pen(selected: bool) -> QPen:
    return QPen(QColor("#2a64c8"), 3.0) if selected else QPen(INK, 1.0)


class AreaCanvas(QGraphicsView):
    """The editing view of an area document."""

    selected = Signal(str)  # an id, "front-N", or "" for nothing
    status = Signal(str)

    def __init__(self, doc: AreaDocument) -> None:
        super().__init__()
        self.doc = doc
        self.tool = "select"
        self.owner = "germans"
        self.selection = ""
        self._corners: list[tuple[float, float]] = []
        self._line_start: str | None = None
        self._dragging: str | None = None
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        doc.changed.connect(self.redraw)
        self.redraw()

    def set_document(self, doc: AreaDocument) -> None:
        """Show another document."""
        self.doc = doc
        doc.changed.connect(self.redraw)
        self.select("")
        self.redraw()
        self.zoom_to_fit()

    def set_tool(self, tool: str) -> None:
        """Switch the tool (one of TOOLS); an unfinished front or line is dropped."""
        self.tool = tool
        self._corners = []
        self._line_start = None
        self.redraw()
        hints = {"select": self.tr("click to select; drag a city or base to move it"),
                 "front": self.tr(
                     "click the corners of the new front; double-click or Enter closes it"),
                 "city": self.tr("click inside a front to place a city"),
                 "base": self.tr("click inside a front to place a base"),
                 "line": self.tr("click two cities or bases to join them by an attack line")}
        self.status.emit(hints[tool])

    def select(self, ident: str) -> None:
        """Select a place or front by id ("" for none)."""
        self.selection = ident
        self.selected.emit(ident)
        self.redraw()

    def zoom_to_fit(self) -> None:
        """Show the whole map."""
        self.fitInView(0, 0, *self.doc.map.size, Qt.AspectRatioMode.KeepAspectRatio)

    def redraw(self) -> None:
        """Rebuild the scene from the model."""
        scene = self.scene()
        scene.clear()
        scene.setSceneRect(0, 0, *self.doc.map.size)
        draw_area_map(scene, self.doc.map, selected=self.selection,
                      background=background_pixmap(self.doc.map, self.doc.path))
        if self._corners:
            pen = QPen(QColor("#2a64c8"), 2.0, Qt.PenStyle.DashLine)
            for a, b in zip(self._corners, self._corners[1:], strict=False):
                scene.addLine(*a, *b, pen)
            for p in self._corners:
                scene.addEllipse(p[0] - 3, p[1] - 3, 6, 6, pen, QBrush(QColor("#2a64c8")))

    def _place_at(self, pos: QPointF) -> str | None:
        for item in self.scene().items(pos):
            ident = item.data(0)
            if isinstance(ident, str) and ident:
                return ident
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = self.mapToScene(event.position().toPoint())
        at = (round(pos.x(), 1), round(pos.y(), 1))
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        if self.tool == "select":
            place = self._place_at(pos)
            if place is not None:
                self._dragging = place
                self.select(place)
            else:
                front = self.doc.front_at(at)
                self.select(f"front-{front}" if front is not None else "")
        elif self.tool == "front":
            self._corners.append(self.snap(at))
            self.redraw()
        elif self.tool in ("city", "base"):
            ident = self.doc.add_place(self.tool, at, self.owner)
            if ident is None:
                self.status.emit(self.tr("a city goes inside a front: click within an outline")
                                 if self.tool == "city" else
                                 self.tr("a base goes inside a front: click within an outline"))
            else:
                self.select(ident)
        elif self.tool == "line":
            self._click_line(self._place_at(pos))
        return None

    def snap(self, at: tuple[float, float]) -> tuple[float, float]:
        """A new corner snaps to a nearby corner of another front, else onto a nearby border,
        so neighbouring fronts share their border exactly (adjacency needs it)."""
        tolerance = SNAP_PIXELS / max(self.transform().m11(), 1e-6)
        fronts = [f.polygon for f in self.doc.map.fronts if len(f.polygon) >= 3]
        corners = [p for polygon in fronts for p in polygon]
        near = min(corners, key=lambda p: math.dist(p, at), default=None)
        if near is not None and math.dist(near, at) <= tolerance:
            return near
        best: tuple[float, float] | None = None
        for polygon in fronts:
            for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
                p = _closest_on_segment(at, a, b)
                if math.dist(p, at) <= tolerance and (best is None or
                                                      math.dist(p, at) < math.dist(best, at)):
                    best = p
        return (round(best[0], 1), round(best[1], 1)) if best is not None else at

    def _click_line(self, place: str | None) -> None:
        if place is None:
            self.status.emit(self.tr("click a city or base"))
        elif self._line_start is None:
            self._line_start = place
            self.status.emit(self.tr("from %1: now click the other end").replace("%1", place))
        elif place != self._line_start:
            self.doc.add_line(self._line_start, place)
            self._line_start = None
            self.status.emit(self.tr("attack line drawn"))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._dragging is not None:
            pos = self.mapToScene(event.position().toPoint())
            start = next((p.at for p in (*self.doc.map.cities, *self.doc.map.bases)
                          if p.id == self._dragging), None)
            at = (round(pos.x(), 1), round(pos.y(), 1))
            if start is not None and math.dist(start, at) > 2:
                self.doc.move_place(self._dragging, at)
            self._dragging = None
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.tool == "front":
            self.close_front()
        else:
            super().mouseDoubleClickEvent(event)

    def close_front(self) -> None:
        """Finish the front being drawn (at least 3 distinct corners)."""
        corners = list(dict.fromkeys(self._corners))
        self._corners = []
        if len(corners) < 3:
            self.status.emit(self.tr("a front needs at least 3 corners"))
            self.redraw()
            return
        number = self.doc.add_front(corners)
        self.select(f"front-{number}")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.tool == "front":
            self.close_front()
        elif event.key() == Qt.Key.Key_Escape:
            self.set_tool(self.tool)
        elif event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.selection:
            self.doc.delete(self.selection)
            self.select("")
        else:
            super().keyPressEvent(event)
