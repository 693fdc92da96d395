"""The play layer: one QGraphicsItem drawing the game on top of the map (units, fort flags,
reachable hexes with costs, the hovered path with its contact hexes, attack targets, and
what powers left: built terrain, gas areas, the viewer's mines — `powers_paint`). With
two players the half not in play is veiled, start markers and all. Counters never shrink
below a readable size on screen: zoomed out they grow to fill their hex and drop the text
that could not be read anyway."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.canvas.style import TERRAIN_COLOR
from editor.playtest.counters import INK, draw_counter, nation_colour
from editor.playtest.powers_paint import PowersPainter
from engine.hexes import Hex, Layout
from engine.play.interaction import Interaction, in_play
from engine.play.session import PlaytestSession

REACH = QColor(255, 255, 255, 70)
REACH_SPECIAL = QColor(120, 200, 255, 110)
PATH = QColor("#ffeb3b")
CONTACT = QColor("#e53935")
TARGET = QColor("#ff1744")
PLANNED = QColor("#ff9100")
PICK = QColor(0, 229, 255, 130)
VEIL = QColor("#e8e4da")  # the paper tone the half not in play fades into
VEIL_MIX = 0.72  # how far its terrain colours fade toward VEIL
MIN_COUNTER_PX = 30.0  # a counter is drawn at least this big on screen (fit zoom)
COUNTER_FILL = 0.92  # ... but never wider than this share of the hex spacing


def veiled(colour: QColor) -> QColor:
    """A terrain colour faded toward the paper tone (the half not in play)."""
    return QColor.fromRgbF(*(a + (b - a) * VEIL_MIX for a, b in zip(
        colour.getRgbF()[:3], VEIL.getRgbF()[:3], strict=True)))


def counter_side(hex_size: float, spacing: float, scale: float) -> float:
    """Side of a counter in scene pixels at view scale `scale`: 1.15 hex sizes, grown when
    zoomed out to MIN_COUNTER_PX on screen, up to COUNTER_FILL of the hex spacing."""
    side = hex_size * 1.15
    if scale > 0 and side * scale < MIN_COUNTER_PX:
        side = max(side, min(MIN_COUNTER_PX / scale, spacing * COUNTER_FILL))
    return side

# The kinds of move option a reachable hex is labelled with (the engine's MoveOption.kind).
MOVE_KINDS = (QT_TRANSLATE_NOOP("PlayLayer", "enter"), QT_TRANSLATE_NOOP("PlayLayer", "capture"),
              QT_TRANSLATE_NOOP("PlayLayer", "board"))


class PlayLayer(QGraphicsItem):
    """Paints one play-test session and the highlights of its interaction model (selection,
    reachable hexes, path, targets, picks); the play mode calls `refresh()`. Only items
    inside the exposed rectangle are drawn."""

    Z = 50.0

    def __init__(self, session: PlaytestSession, interaction: Interaction) -> None:
        super().__init__()
        self.setZValue(self.Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.session = session
        self.interaction = interaction
        self.flash: set[str] = set()  # units pulsing after a placement or an AI move
        self.flash_phase = 0.0  # 0..1, driven by the play mode's animation
        self._rect = QRectF()
        self._veil: list[tuple[QColor, QPainterPath]] = []
        self.powers = PowersPainter(interaction, self.centre, self._poly)
        self.set_session(session)

    def set_session(self, session: PlaytestSession) -> None:
        """Draw another session (after load or restart)."""
        self.prepareGeometryChange()
        self.session = session
        m = session.game.map
        self.layout: Layout = m.layout.pixel_layout()
        pts = [self.layout.hex_to_pixel(m.to_axial(c, r))
               for c in (0, m.width - 1) for r in (0, m.height - 1)]
        pad = self.layout.size * 2
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self._rect = QRectF(min(xs) - pad, min(ys) - pad,
                            max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
        by_terrain: dict[str, QPainterPath] = {}
        if session.game.area is not None:
            for i in range(m.width * m.height):
                h = m.hex_at_index(i)
                if not in_play(session, h):
                    path = by_terrain.setdefault(m.terrain_at(h), QPainterPath())
                    path.addPolygon(self._poly(h))
                    path.closeSubpath()
        # One path per faded colour: a few fills instead of one polygon per hex.
        self._veil = [(veiled(TERRAIN_COLOR.get(t, VEIL)), path.simplified())
                      for t, path in by_terrain.items()]
        self.update()

    @property
    def selected(self) -> str | None:
        """The selected unit (drawn with a light frame)."""
        return self.interaction.selected

    def refresh(self) -> None:
        """Repaint after the state or the highlights changed."""
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def centre(self, h: Hex) -> QPointF:
        """Scene pixel centre of a hex."""
        return QPointF(*self.layout.hex_to_pixel(h))

    def _poly(self, h: Hex) -> QPolygonF:
        return QPolygonF([QPointF(x, y) for x, y in self.layout.polygon(h)])

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect if option.exposedRect.isValid() else self._rect
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        margin = self.layout.size * 1.2
        area = exposed.adjusted(-margin, -margin, margin, margin)

        def visible(h: Hex) -> bool:
            return area.contains(self.centre(h))

        self._paint_veil(p, area)
        self.powers.paint_ground(p, self.layout, visible)
        self._paint_reach(p, visible)
        self._paint_picks(p, visible)
        self._paint_forts(p, visible)
        self._paint_units(p, visible)
        self.powers.paint_mines(p, self.layout, visible)
        self._paint_plan(p)
        self._paint_path(p)

    def _grown_size(self, p: QPainter) -> float:
        """The hex size that flags and plan arrows are drawn for: grown with the counters
        when zoomed out, so they stay readable too."""
        size = self.layout.size
        return counter_side(size, size * 3 ** 0.5, p.worldTransform().m11()) / 1.15

    def _paint_veil(self, p: QPainter, exposed: QRectF) -> None:
        """The half not in play, opaque in faded terrain colours: its start markers, forts and
        paths are hidden, its land still reads as the rest of the map."""
        # Without antialiasing: the fills meet edge to edge and cost a fraction of the time.
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for colour, path in self._veil:
            if path.boundingRect().intersects(exposed):
                p.setPen(QPen(colour, self.layout.size / 12))
                p.setBrush(colour)
                p.drawPath(path)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    def _paint_reach(self, p: QPainter, visible: Callable[[Hex], bool]) -> None:
        reachable = self.interaction.reachable
        if not reachable:
            return
        font = QFont("Sans Serif")
        font.setPixelSize(max(6, int(self._grown_size(p) * 0.42)))
        font.setBold(True)
        p.setFont(font)
        for h, opt in reachable.items():
            if not visible(h):
                continue
            p.setPen(QPen(QColor(255, 255, 255, 160), self.layout.size / 16))
            p.setBrush(REACH if opt.kind == "move" else REACH_SPECIAL)
            p.drawPolygon(self._poly(h))
            if h in self.session.state.game.board.index_of and \
                    self.session.state.occ.get(self.session.game.board.index_of[h]) is None:
                c = self.centre(h)
                label = f"{opt.cost:g}" if opt.kind == "move" else \
                    f"{QCoreApplication.translate('PlayLayer', opt.kind)} {opt.cost:g}"
                box = QRectF(c.x() - self.layout.size, c.y() - self.layout.size * 0.35,
                             self.layout.size * 2, self.layout.size * 0.7)
                p.setPen(QPen(QColor(0, 0, 0, 160)))
                p.drawText(box.translated(1, 1), Qt.AlignmentFlag.AlignCenter, label)
                p.setPen(QPen(QColor("#ffffff")))
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

    def _paint_picks(self, p: QPainter, visible: Callable[[Hex], bool]) -> None:
        if not self.interaction.picks:
            return
        font = QFont("Sans Serif")
        font.setPixelSize(max(6, int(self._grown_size(p) * 0.4)))
        font.setBold(True)
        p.setFont(font)
        for h, label in self.interaction.picks.items():
            if not visible(h):
                continue
            p.setPen(QPen(PICK.darker(160), self.layout.size / 10))
            p.setBrush(PICK)
            p.drawPolygon(self._poly(h))
            if label:
                c = self.centre(h)
                box = QRectF(c.x() - self.layout.size, c.y() - self.layout.size * 0.35,
                             self.layout.size * 2, self.layout.size * 0.7)
                p.setPen(QPen(QColor("#000000")))
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

    def _paint_forts(self, p: QPainter, visible: Callable[[Hex], bool]) -> None:
        s = self.session.state
        inside: dict[str, list[str]] = {}
        for u in s.units.values():
            if u.fort is not None and u.carrier is None:
                inside.setdefault(u.fort, []).append(u.flag)
        size = self._grown_size(p)
        for fort in self.session.game.forts:  # in play only
            if not fort.hexes or not any(visible(h) for h in fort.hexes):
                continue
            xs = [self.centre(h).x() for h in fort.hexes]
            ys = [self.centre(h).y() for h in fort.hexes]
            c = QPointF(sum(xs) / len(xs), sum(ys) / len(ys))
            owner = s.fort_owner.get(fort.id, "neutral")
            pole = QPointF(c.x() - size * 0.3, c.y() + size * 0.5)
            p.setPen(QPen(INK, size / 14))
            p.drawLine(pole, QPointF(pole.x(), pole.y() - size * 1.3))
            flag = QRectF(pole.x(), pole.y() - size * 1.3, size * 0.9, size * 0.55)
            p.setBrush(nation_colour(owner))
            p.setPen(QPen(INK, size / 20))
            p.drawRect(flag)
            font = QFont("Sans Serif")
            font.setPixelSize(max(5, int(size * 0.36)))
            font.setBold(True)
            p.setFont(font)
            p.drawText(flag, Qt.AlignmentFlag.AlignCenter, "—" if owner == "neutral" else owner)
            garrison = inside.get(fort.id)
            if garrison:
                badge = QRectF(c.x() - size * 0.1, c.y() - size * 0.05, size * 0.9, size * 0.5)
                p.setBrush(nation_colour(garrison[0]))
                p.drawRoundedRect(badge, size * 0.1, size * 0.1)
                p.drawText(badge, Qt.AlignmentFlag.AlignCenter, f"×{len(garrison)}")

    def _paint_units(self, p: QPainter, visible: Callable[[Hex], bool]) -> None:
        s = self.session.state
        hexes = s.game.board.hexes
        scale = p.worldTransform().m11()
        size = counter_side(self.layout.size, self.layout.size * 3 ** 0.5, scale)
        detail = size * scale >= 40  # the type label is legible from about 8 px text
        selected, targets = self.interaction.selected, self.interaction.targets
        planned_att = {a for a, _ in self.session.plan}
        planned_def = {d for _, d in self.session.plan}
        for u in s.occ.values():
            h = hexes[u.pos]
            if not visible(h):
                continue
            c = self.centre(h)
            mine = u.nation == s.nation
            spent = mine and s.phase == "move" and (u.moved or u.done)
            draw_counter(p, c, size, u.flag, u.type.unit_class, u.type.id, u.damage, u.xp,
                         spent=spent, selected=u.id == selected, label=detail)
            ring = None
            if u.id in targets:
                ring = TARGET
            elif u.id in planned_def or u.id in planned_att:
                ring = PLANNED
            if ring is not None:
                p.setPen(QPen(ring, self.layout.size / 7))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(c, size * 0.78, size * 0.78)
            if u.id in targets and selected in s.units:
                src = s.units[selected]
                if src.pos >= 0:
                    dist = hexes[src.pos].distance(h)
                    tag = QRectF(c.x() + size * 0.3, c.y() + size * 0.3, size * 0.5, size * 0.4)
                    p.setPen(QPen(INK, 1))
                    p.setBrush(TARGET)
                    p.drawRoundedRect(tag, 3, 3)
                    p.setPen(QColor("#ffffff"))
                    p.drawText(tag, Qt.AlignmentFlag.AlignCenter, f"r{dist}")
            if u.id in self.flash:
                grow = 0.6 + 0.7 * self.flash_phase
                colour = QColor(255, 255, 255, int(230 * (1 - self.flash_phase)))
                p.setPen(QPen(colour, self.layout.size / 6))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(c, size * grow, size * grow)
            if u.cargo:
                p.setPen(QPen(INK, 1))
                p.setBrush(QBrush(QColor("#ffffff")))
                r = QRectF(c.x() + size * 0.25, c.y() - size * 0.7, size * 0.45, size * 0.3)
                p.drawRect(r)
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, f"+{len(u.cargo)}")

    def _paint_plan(self, p: QPainter) -> None:
        """An arrow with its order number for each planned attack."""
        s = self.session.state
        size = self._grown_size(p)
        font = QFont("Sans Serif")
        font.setPixelSize(max(6, int(size * 0.45)))
        font.setBold(True)
        p.setFont(font)
        for k, (aid, did) in enumerate(self.session.plan, 1):
            a, d = s.units.get(aid), s.units.get(did)
            if a is None or d is None or a.pos < 0 or d.pos < 0:
                continue
            pa = self.centre(s.game.board.hexes[a.pos])
            pd = self.centre(s.game.board.hexes[d.pos])
            v = pd - pa
            length = max(1.0, (v.x() ** 2 + v.y() ** 2) ** 0.5)
            unit = QPointF(v.x() / length, v.y() / length)
            tip = pd - unit * size * 0.8
            p.setPen(QPen(PLANNED, size / 8, Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap))
            p.drawLine(pa + unit * size * 0.7, tip)
            normal = QPointF(-unit.y(), unit.x()) * size * 0.25
            head = QPolygonF([tip + unit * size * 0.2, tip + normal, tip - normal])
            p.setBrush(PLANNED)
            p.drawPolygon(head)
            mid = (pa + pd) / 2
            r = size * 0.32
            p.setPen(QPen(INK, 1))
            p.setBrush(QColor("#ffffff"))
            p.drawEllipse(mid, r, r)
            p.drawText(QRectF(mid.x() - r, mid.y() - r, 2 * r, 2 * r),
                       Qt.AlignmentFlag.AlignCenter, str(k))

    def _paint_path(self, p: QPainter) -> None:
        path = self.interaction.path
        if len(path) < 2:
            return
        line = QPainterPath(self.centre(path[0]))
        for h in path[1:]:
            line.lineTo(self.centre(h))
        p.setPen(QPen(QColor(0, 0, 0, 140), self.layout.size / 4.5, Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(line)
        p.setPen(QPen(PATH, self.layout.size / 8, Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(line)
        for h in path[1:]:
            if h in self.interaction.contact:
                p.setPen(QPen(CONTACT, self.layout.size / 7))
                p.setBrush(QColor(229, 57, 53, 60))
                p.drawPolygon(self._poly(h))
