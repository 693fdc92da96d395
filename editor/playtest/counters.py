"""Drawing of unit counters: nation colour, NATO-style class symbol, damage and XP pips."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

NATION_COLOURS = {
    "DE": QColor("#7b8270"),  # field grey
    "AH": QColor("#c89b3c"),  # yellow-ochre
    "FR": QColor("#7c9fca"),  # horizon blue
    "GB": QColor("#b39b68"),  # khaki
    "neutral": QColor("#f2f2ee"),
}
DAMAGE_COLOUR = QColor("#c62828")
XP_COLOUR = QColor("#f9d835")
INK = QColor("#1d1d1b")

# Short labels shown under the symbol, per unit type id (fallback: the id's first letters);
# marked for the German catalog (context "Counters"), which abbreviates the German names.
SHORT = {
    "infantry": QT_TRANSLATE_NOOP("Counters", "Inf"),
    "heavy_infantry": QT_TRANSLATE_NOOP("Counters", "HvInf"),
    "mounted_infantry": QT_TRANSLATE_NOOP("Counters", "MtInf"),
    "medic": QT_TRANSLATE_NOOP("Counters", "Med"),
    "anti_tank": QT_TRANSLATE_NOOP("Counters", "AT"),
    "anti_aircraft": QT_TRANSLATE_NOOP("Counters", "AA"),
    "armoured_car": QT_TRANSLATE_NOOP("Counters", "ArmCar"),
    "assault_gun": QT_TRANSLATE_NOOP("Counters", "StuG"),
    "big_bertha": QT_TRANSLATE_NOOP("Counters", "Bertha"),
    "fighter": QT_TRANSLATE_NOOP("Counters", "Ftr"),
    "fort_turret": QT_TRANSLATE_NOOP("Counters", "Turret"),
    "gas_mortar": QT_TRANSLATE_NOOP("Counters", "Gas"),
    "ground_attack_plane": QT_TRANSLATE_NOOP("Counters", "GrdAtk"),
    "gunboat": QT_TRANSLATE_NOOP("Counters", "Gunbt"),
    "heavy_mortar": QT_TRANSLATE_NOOP("Counters", "HvMor"),
    "howitzer": QT_TRANSLATE_NOOP("Counters", "How"),
    "mark_i_female": QT_TRANSLATE_NOOP("Counters", "MkI F"),
    "minelayer": QT_TRANSLATE_NOOP("Counters", "Mines"),
    "railway_gun": QT_TRANSLATE_NOOP("Counters", "RlGun"),
    "renault_ft17": QT_TRANSLATE_NOOP("Counters", "FT-17"),
    "tank": QT_TRANSLATE_NOOP("Counters", "Tank"),
    "transport": QT_TRANSLATE_NOOP("Counters", "Transp"),
    "trench_club": QT_TRANSLATE_NOOP("Counters", "TClub"),
    "zeppelin": QT_TRANSLATE_NOOP("Counters", "Zepp"),
}


def nation_colour(nation: str) -> QColor:
    """The counter colour of a nation (light grey for an unknown one)."""
    return NATION_COLOURS.get(nation, QColor("#cccccc"))


def short_name(type_id: str) -> str:
    """A label of at most 6 characters for a unit type."""
    label = SHORT.get(type_id)
    if label is None:
        return type_id.replace("_", " ").title()[:6]
    return QCoreApplication.translate("Counters", label)


def draw_symbol(p: QPainter, box: QRectF, unit_class: str, type_id: str) -> None:
    """The NATO-style frame and class symbol inside `box` (ink lines on the nation colour)."""
    p.save()
    pen = QPen(INK, max(1.0, box.height() / 14))
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(box)
    c = box.center()
    w, h = box.width(), box.height()
    if unit_class == "foot":
        p.drawLine(box.topLeft(), box.bottomRight())
        p.drawLine(box.bottomLeft(), box.topRight())
        if type_id == "medic":
            p.fillRect(QRectF(c.x() - w * 0.12, c.y() - h * 0.3, w * 0.24, h * 0.6), INK)
    elif unit_class in ("tank", "vehicle"):
        p.drawRoundedRect(QRectF(c.x() - w * 0.32, c.y() - h * 0.22, w * 0.64, h * 0.44),
                          h * 0.22, h * 0.22)
        if unit_class == "vehicle":
            p.drawLine(box.bottomLeft(), box.topRight())
    elif unit_class == "artillery":
        p.setBrush(INK)
        r = h * 0.16
        p.drawEllipse(c, r, r)
    elif unit_class == "air":
        path = QPainterPath()
        path.moveTo(c)
        path.cubicTo(QPointF(c.x() - w * 0.2, c.y() - h * 0.35),
                     QPointF(c.x() - w * 0.4, c.y() - h * 0.1), QPointF(c.x() - w * 0.38, c.y()))
        path.cubicTo(QPointF(c.x() - w * 0.4, c.y() + h * 0.1),
                     QPointF(c.x() - w * 0.2, c.y() + h * 0.35), c)
        path.cubicTo(QPointF(c.x() + w * 0.2, c.y() - h * 0.35),
                     QPointF(c.x() + w * 0.4, c.y() - h * 0.1), QPointF(c.x() + w * 0.38, c.y()))
        path.cubicTo(QPointF(c.x() + w * 0.4, c.y() + h * 0.1),
                     QPointF(c.x() + w * 0.2, c.y() + h * 0.35), c)
        p.drawPath(path)
    elif unit_class == "ship":
        hull = QPainterPath()
        hull.moveTo(c.x() - w * 0.35, c.y() - h * 0.05)
        hull.lineTo(c.x() + w * 0.35, c.y() - h * 0.05)
        hull.lineTo(c.x() + w * 0.22, c.y() + h * 0.25)
        hull.lineTo(c.x() - w * 0.22, c.y() + h * 0.25)
        hull.closeSubpath()
        p.drawPath(hull)
        p.drawLine(QPointF(c.x(), c.y() - h * 0.05), QPointF(c.x(), c.y() - h * 0.35))
    elif unit_class == "transport":
        p.drawLine(QPointF(box.left() + w * 0.15, c.y()), QPointF(box.right() - w * 0.15, c.y()))
        r = h * 0.1
        for dx in (-0.22, 0.22):
            p.drawEllipse(QPointF(c.x() + w * dx, c.y() + h * 0.22), r, r)
    else:  # static (fort turret): a fortification bastion
        tri = QPainterPath()
        tri.moveTo(c.x(), c.y() - h * 0.3)
        tri.lineTo(c.x() + w * 0.3, c.y() + h * 0.25)
        tri.lineTo(c.x() - w * 0.3, c.y() + h * 0.25)
        tri.closeSubpath()
        p.drawPath(tri)
    p.restore()


def draw_counter(p: QPainter, centre: QPointF, size: float, nation: str, unit_class: str,
                 type_id: str, damage: int, xp: int, *, spent: bool = False,
                 selected: bool = False, label: bool = True) -> None:
    """One unit counter of side `size` centred on `centre` (scene pixels). Without `label`
    (too small on screen to read it) the class symbol fills the counter instead."""
    half = size / 2
    rect = QRectF(centre.x() - half, centre.y() - half, size, size)
    colour = nation_colour(nation)
    if spent:
        colour = colour.darker(125)
    p.save()
    p.setPen(QPen(QColor("#fbfbf6") if selected else INK, size / 12 if selected else size / 30))
    p.setBrush(colour)
    p.drawRoundedRect(rect, size * 0.1, size * 0.1)
    if label:
        sym = QRectF(rect.left() + size * 0.2, rect.top() + size * 0.12, size * 0.6, size * 0.4)
    else:
        sym = QRectF(rect.left() + size * 0.14, rect.top() + size * 0.16, size * 0.72,
                     size * 0.52)
    draw_symbol(p, sym, unit_class, type_id)
    if label:
        font = QFont("Sans Serif")
        font.setPixelSize(max(4, int(size * 0.2)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(INK)
        p.drawText(QRectF(rect.left(), rect.top() + size * 0.54, size, size * 0.26),
                   Qt.AlignmentFlag.AlignCenter, short_name(type_id))
    pip = size * 0.11
    for k in range(min(damage, 5)):
        p.setPen(QPen(INK, size / 40))
        p.setBrush(DAMAGE_COLOUR)
        p.drawRect(QRectF(rect.left() + size * 0.06 + k * pip * 1.15, rect.bottom() - pip * 1.4,
                          pip, pip))
    for k in range(min(xp, 5)):
        p.setPen(QPen(INK, size / 40))
        p.setBrush(XP_COLOUR)
        x = rect.right() - size * 0.06 - (k + 1) * pip * 1.15
        star = QPointF(x + pip / 2, rect.bottom() - pip * 0.9)
        p.drawEllipse(star, pip / 2, pip / 2)
    p.restore()
