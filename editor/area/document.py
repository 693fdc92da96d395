"""An area map being edited: the model, its file, undo history and live problems.

Every edit goes through `change(label, fn)`: the document snapshots the map's file form before
and after, and pushes one undo step, so every operation (drawing a front, moving a city,
renaming, deleting with its attack lines) undoes whole. Area maps are small (tens of fronts,
hundreds of places), so a snapshot is well under a millisecond. Problems are the pipeline's own
checks (schema + engine.content.semantic_area), run after every change; the files the map
refers to (a front's Trench Club battlefield scenario, with its map, ruleset and catalog) are
analysed once and kept until one of them changes on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from editor.area.background import background_problem
from engine.area_model import AreaMap, Base, City, Front, Theatre
from engine.content import (
    LoadCache,
    Problem,
    check_document,
    document_from_text,
    dump_canonical,
)
from engine.content.convert_area import area_map_from_dict, area_map_to_dict
from engine.content.save import save_document


class _Snapshot(QUndoCommand):
    def __init__(self, doc: AreaDocument, label: str, before: dict[str, Any],
                 after: dict[str, Any]) -> None:
        super().__init__(label)
        self.doc, self.before, self.after = doc, before, after

    def redo(self) -> None:
        self.doc._restore(self.after)

    def undo(self) -> None:
        self.doc._restore(self.before)


class AreaDocument(QObject):
    """The area map of one editor window."""

    changed = Signal()
    problems_changed = Signal()

    def __init__(self, area_map: AreaMap, path: Path | None = None,
                 scenario_path: Path | None = None) -> None:
        super().__init__()
        self.map = area_map
        self.path = path
        # The area scenario file the map was opened through (its armies and ruleset are
        # played); recovery keeps it with the map's unsaved work.
        self.scenario_path = scenario_path
        self.undo_stack = QUndoStack(self)
        self.problems: list[Problem] = []
        self._references = LoadCache()  # referenced files, analysed once
        self._stamps: dict[Path, tuple[int, int] | None] = {}
        self.validate()

    @staticmethod
    def blank() -> AreaDocument:
        """A new, empty map with one theatre."""
        return AreaDocument(AreaMap("new-area-map", {"de": "Neue Karte", "en": "New map"},
                                    (1000.0, 700.0), [Theatre("west", {"de": "Westen",
                                                                       "en": "West"})],
                                    [], [], [], []))

    # ------------------------------------------------------------------ edits
    def change(self, label: str, edit: Callable[[AreaMap], None]) -> None:
        """Apply `edit` to the map as one undoable step."""
        before = area_map_to_dict(self.map)
        edit(self.map)
        after = area_map_to_dict(self.map)
        if after == before:
            return
        self.undo_stack.push(_Snapshot(self, label, before, after))

    def _restore(self, data: dict[str, Any]) -> None:
        self.map = area_map_from_dict(data)
        self.validate()
        self.changed.emit()

    def next_front_number(self) -> int:
        """The lowest front number not used yet."""
        used = {f.number for f in self.map.fronts}
        return next(n for n in range(1, 100) if n not in used)

    def add_front(self, polygon: list[tuple[float, float]]) -> int:
        """Add a front with this outline in the first theatre; its number."""
        number = self.next_front_number()
        theatre = self.map.theatres[0].id if self.map.theatres else "west"
        self.change(self.tr("Draw front"), lambda m: m.fronts.append(Front(
            number, {"de": f"Front {number}", "en": f"Front {number}"}, theatre,
            list(polygon), ["DE"])))
        return number

    def front_at(self, point: tuple[float, float]) -> int | None:
        """The front whose outline contains a point."""
        # lazy: shapely is only needed when a click must find its front
        from engine.area_geometry import contains
        for f in self.map.fronts:
            if len(f.polygon) >= 3 and contains(f.polygon, point):
                return f.number
        return None

    def add_place(self, kind: str, at: tuple[float, float], owner: str) -> str | None:
        """Add a city or base where clicked (inside a front); its id, or None outside fronts."""
        front = self.front_at(at)
        if front is None:
            return None
        prefix = "city" if kind == "city" else "base"
        used = {c.id for c in self.map.cities} | {b.id for b in self.map.bases}
        ident = next(f"{prefix}-{i}" for i in range(1, 10_000) if f"{prefix}-{i}" not in used)
        if kind == "city":
            self.change(self.tr("Place city"), lambda m: m.cities.append(
                City(ident, ident.replace("-", " ").title(), front, at, owner)))
        else:
            self.change(self.tr("Place base"),
                        lambda m: m.bases.append(Base(ident, front, at, owner)))
        return ident

    def add_line(self, a: str, b: str) -> None:
        """Join two places by an attack line."""
        # lazy: the model type is only needed here
        from engine.area_model import AttackLine
        self.change(self.tr("Draw attack line"), lambda m: m.attack_lines.append(AttackLine(a, b)))

    def move_place(self, ident: str, at: tuple[float, float]) -> None:
        """Move a city or base (its front follows where it now lies)."""
        front = self.front_at(at)

        def move(m: AreaMap) -> None:
            for p in (*m.cities, *m.bases):
                if p.id == ident:
                    p.at = at
                    if front is not None:
                        p.front = front
        self.change(self.tr("Move"), move)

    def delete(self, ident: str) -> None:
        """Delete a place with its attack lines, or a front (by `front-N`) with its places."""
        def remove(m: AreaMap) -> None:
            gone = {ident}
            if ident.startswith("front-"):
                number = int(ident.split("-", 1)[1])
                m.fronts = [f for f in m.fronts if f.number != number]
                gone |= {p.id for p in (*m.cities, *m.bases) if p.front == number}
            m.cities = [c for c in m.cities if c.id not in gone]
            m.bases = [b for b in m.bases if b.id not in gone]
            m.attack_lines = [x for x in m.attack_lines if x.a not in gone and x.b not in gone]
        self.change(self.tr("Delete"), remove)

    # ------------------------------------------------------------------ files
    def validate(self) -> None:
        """Run the schema and semantic checks of the map's file form."""
        data = area_map_to_dict(self.map)
        doc = document_from_text(dump_canonical(data, "json"), "json", self.path)
        if _stamps(self._references) != self._stamps:  # a referenced file changed on disk
            self._references = LoadCache()
        self.problems = check_document(doc, cache=self._references)
        unshown = background_problem(self.map, self.path)
        if unshown is not None:
            self.problems.append(unshown)
        self._stamps = _stamps(self._references)
        self.problems_changed.emit()

    def save(self, path: Path | None = None) -> Path:
        """Write the map atomically (to `path`, or its file); the path written."""
        target = path or self.path
        if target is None:
            raise ValueError(self.tr("no file to save to (hint: use Save As)"))
        save_document(area_map_to_dict(self.map), target)
        self.path = target
        self.undo_stack.setClean()
        return target


def _stamps(cache: LoadCache) -> dict[Path, tuple[int, int] | None]:
    """Modification time and size of every file in the cache (None: gone)."""
    out: dict[Path, tuple[int, int] | None] = {}
    for path in cache.results:
        try:
            st = path.stat()
            out[path] = (st.st_mtime_ns, st.st_size)
        except OSError:
            out[path] = None
    return out
