"""Form fields bound to one key of a ContentDocument: each shows the value at its key, turns
a user edit into `doc.set_value` (one undo step), and shows the problems located there.

Numbers are estimable: a plain `4` or `{value: 4, estimated: true, note: "GAP: …"}`; the
NumberField edits the value, the `estimated` flag and the note together and writes the plain
form back when the number is neither estimated nor annotated. An optional number shows "—"
(absent) below its minimum."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLineEdit,
    QWidget,
)

from editor.authoring.document import ContentDocument, Key, pointer_of
from editor.i18n import tr
from editor.playtest.words import severity_word
from engine.content import ContentError, parse_yaml
from engine.content.estimable import Note, edited_note, note_text
from engine.content.problems import Problem

PROBLEM = "#c0392b"  # the frame of a field with an error
WARNING = "#d68910"


def plain(value: Any) -> Any:
    """The number inside an estimable value (any other value as it is)."""
    if isinstance(value, dict) and "value" in value and "estimated" in value:
        return value["value"]
    return value


def typed_value(text: str) -> Any:
    """The value a user typed in a cell, read as one line of YAML by the content reader
    (no anchors or aliases, bounded depth and numbers); None for blank text; ValueError
    when it is no value."""
    if not text.strip():
        return None
    try:
        return parse_yaml(text)[0]
    except ContentError as exc:
        raise ValueError(exc.problems[0].message) from None


def estimable(value: float | int, estimated: bool, note: Note) -> Any:
    """The file form of a number with its flag and note (plain when neither is set); the
    note as the file has it, one text or `{de, en}`."""
    number: float | int = int(value) if float(value).is_integer() else value
    if not estimated and not note:
        return number
    out: dict[str, Any] = {"value": number, "estimated": estimated}
    if note:
        out["note"] = note
    return out


class Field(QWidget):
    """Base of the bound fields: `key` (absolute, set by the form), `load`, `edited`.
    A `discrete` field (a click, a choice) makes one undo step per edit; typing and spinning
    in the others merge until the edit is finished."""

    edited = Signal(object)
    discrete = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key: Key = ()
        self._filling = False

    def load(self, value: Any) -> None:
        """Show `value` without emitting an edit."""
        self._filling = True
        try:
            self._show(value)
        finally:
            self._filling = False

    def _show(self, value: Any) -> None:
        raise TypeError(f"{type(self).__name__} must define _show: every field class shows "
                        "its own kind of value")

    def _emit(self, value: Any) -> None:
        if not self._filling:
            self.edited.emit(value)

    def focus(self) -> None:
        """Put the keyboard focus into the field (its first editable part)."""
        for child in self.findChildren(QWidget):
            if child.focusPolicy() != Qt.FocusPolicy.NoFocus and child.isEnabled():
                child.setFocus()
                return

    def show_problems(self, problems: Sequence[Problem]) -> None:
        """Mark the field red (error) or amber (warning) with the messages as its tooltip."""
        if not problems:
            self.setStyleSheet("")
            self.setToolTip(self.property("help") or "")
            return
        colour = PROBLEM if any(p.severity == "error" for p in problems) else WARNING
        self.setStyleSheet(f"QLineEdit, QAbstractSpinBox, QComboBox {{border: 2px solid {colour};}}"
                           f" QCheckBox {{color: {colour};}}")
        self.setToolTip("\n".join(tr("{severity}: {message} (hint: {hint})").format(
            severity=severity_word(p.severity), message=p.message, hint=p.hint)
            for p in problems))


class TextField(Field):
    """A one-line text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit()
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.edit)
        self.edit.textEdited.connect(self._emit)

    def _show(self, value: Any) -> None:
        text = "" if value is None else str(value)
        if self.edit.text() != text:
            self.edit.setText(text)


class ChoiceField(Field):
    """One value of a fixed list."""

    discrete = True

    def __init__(self, choices: Sequence[tuple[str, Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox()
        for label, data in choices:
            self.combo.addItem(label, data)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.combo)
        self.combo.activated.connect(lambda i: self._emit(self.combo.itemData(i)))

    def _show(self, value: Any) -> None:
        index = self.combo.findData(value)
        if index < 0:  # a value the list does not know: shown as is, kept until changed
            self.combo.addItem(str(value), value)
            index = self.combo.count() - 1
        self.combo.setCurrentIndex(index)


class BoolField(Field):
    """A yes/no flag (absent reads as `default`)."""

    discrete = True

    def __init__(self, label: str, default: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.default = default
        self.check = QCheckBox(label)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.check)
        self.check.toggled.connect(self._emit)

    def _show(self, value: Any) -> None:
        self.check.setChecked(self.default if value is None else bool(value))


class SetField(Field):
    """A set of values from a fixed list, written as a list in the list's order."""

    discrete = True

    def __init__(self, options: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.checks: dict[str, QCheckBox] = {}
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        for value, label in options:
            box = QCheckBox(label)
            box.toggled.connect(self._changed)
            lay.addWidget(box)
            self.checks[value] = box
        lay.addStretch(1)

    def _changed(self) -> None:
        self._emit([v for v, box in self.checks.items() if box.isChecked()])

    def _show(self, value: Any) -> None:
        chosen = set(value or [])
        for v, box in self.checks.items():
            box.setChecked(v in chosen)


class NumberField(Field):
    """An estimable number: value, `estimated` flag and note. `optional`: "—" means absent;
    `alternative` (label, value): a checkbox for a non-number value such as "unlimited"."""

    def __init__(self, minimum: float = 0, maximum: float = 1000, decimals: int = 0,
                 optional: bool = False, alternative: tuple[str, Any] | None = None,
                 compact: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.compact = compact  # no room for the note: it shows as the number's tooltip
        self.optional = optional
        self.alternative = alternative
        self.spin = QDoubleSpinBox()
        self.spin.setDecimals(decimals)
        self.spin.setRange(minimum - (1 if optional else 0), maximum)
        if decimals:
            self.spin.setSingleStep(0.5)
        if optional:
            self.spin.setSpecialValueText("—")
        self.spin.setMinimumWidth(64)
        self.estimated = QCheckBox(tr("est."))
        self.estimated.setToolTip(tr("Estimated: our guess, not a number printed in the rules"))
        self.note = QLineEdit()
        self.note.setPlaceholderText(tr("note (why estimated)"))
        self._note: Note = ""  # the note as the file has it; the line edit shows note_text
        self.alt: QCheckBox | None = None
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.spin)
        if alternative is not None:
            self.alt = QCheckBox(alternative[0])
            self.alt.toggled.connect(self._changed)
            lay.addWidget(self.alt)
        lay.addWidget(self.estimated)
        lay.addWidget(self.note, 1)
        self.note.setVisible(not compact)
        if compact:
            self.estimated.setText("~")
            self.spin.setMinimumWidth(52)
        self.spin.valueChanged.connect(self._changed)
        self.estimated.toggled.connect(self._changed)
        self.note.textEdited.connect(self._changed)

    def current(self) -> Any:
        """The value in file form as the widgets show it."""
        if self.alt is not None and self.alt.isChecked() and self.alternative is not None:
            return self.alternative[1]
        if self.optional and self.spin.value() < self.spin.minimum() + 0.5:
            return None
        return estimable(self.spin.value(), self.estimated.isChecked(),
                         edited_note(self._note, self.note.text()))

    def _changed(self) -> None:
        absent = self.optional and self.spin.value() < self.spin.minimum() + 0.5
        alt = self.alt is not None and self.alt.isChecked()
        self.spin.setEnabled(not alt)
        self.estimated.setEnabled(not absent and not alt)
        self.note.setEnabled(not absent and not alt)
        self._emit(self.current())

    def _show(self, value: Any) -> None:
        alt = self.alternative is not None and value == self.alternative[1]
        if self.alt is not None:
            self.alt.setChecked(alt)
        number = plain(value)
        if value is None or alt or not isinstance(number, int | float):
            self.spin.setValue(self.spin.minimum() if self.optional or value is None
                               else self.spin.value())
        else:
            self.spin.setValue(float(number))
        meta = value if isinstance(value, dict) else {}
        self.estimated.setChecked(bool(meta.get("estimated")))
        self._note = meta.get("note", "")
        note = note_text(self._note)
        if self.note.text() != note:
            self.note.setText(note)
            self.note.setCursorPosition(0)  # a long note shows its start
        if self.compact:
            self.spin.setToolTip(note)
        else:
            self.note.setToolTip(note)  # a long note is cut off in the line: all of it here
        self.spin.setEnabled(not alt)
        self.estimated.setEnabled(value is not None and not alt)
        self.note.setEnabled(value is not None and not alt)


class Binder:
    """The fields of one form bound to keys below a base key (e.g. the selected unit)."""

    def __init__(self, doc: ContentDocument) -> None:
        self.doc = doc
        self.base: Key = ()
        self.fields: dict[Key, Field] = {}
        self.refused: list[Key] = []  # edits that had no place in the data (shown at the field)

    def bind(self, rel: Key, field: Field, label: str, help_text: str = "") -> Field:
        """Bind `field` to `rel` below the base; `label` names the undo step."""
        self.fields[rel] = field
        field.setProperty("help", help_text)
        field.setToolTip(help_text)
        field.edited.connect(self._edit_handler(rel, label, field.discrete))
        for editor in (*field.findChildren(QLineEdit), *field.findChildren(QAbstractSpinBox)):
            editor.editingFinished.connect(self.doc.end_merge)
        return field

    def _edit_handler(self, rel: Key, label: str, discrete: bool) -> Callable[[Any], None]:
        def handler(value: Any) -> None:
            if discrete:
                self.doc.end_merge()
            key = (*self.base, *rel)
            try:
                self.doc.set_value(key, value, tr("Edit {field}").format(field=label))
            except KeyError:
                self.refused.append(key)
                self.fields[rel].load(self.doc.value(key))
                self.fields[rel].show_problems([Problem(
                    "editor.no_place", "error",
                    tr("{where} cannot be set: the file has another kind of value around it")
                    .format(where=pointer_of(key)),
                    tr("fix the problem listed for the enclosing value first"))])
            if discrete:
                self.doc.end_merge()
        return handler

    def load(self, base: Key) -> None:
        """Show the values below `base` in every field."""
        self.base = base
        for rel, field in self.fields.items():
            field.key = (*base, *rel)
            field.load(self.doc.value(field.key))

    def refresh(self, key: Key) -> None:
        """Reload the fields at or inside a changed key."""
        n = len(key)
        for field in self.fields.values():
            if field.key[:n] == key or key[:len(field.key)] == field.key:
                field.load(self.doc.value(field.key))

    def field_for(self, rel: Key) -> Field | None:
        """The field of `rel`, else the first one inside it, else the nearest one above it."""
        inside = [f for k, f in self.fields.items() if k[:len(rel)] == rel]
        if inside:
            return self.fields.get(rel, inside[0])
        while rel:
            rel = rel[:-1]
            if rel in self.fields:
                return self.fields[rel]
        return None

    def show_problems(self) -> None:
        """Mark every field with the problems located at or inside its key, or at a group
        above it that has no field of its own (a range problem marks min and max)."""
        by_pointer: dict[str, list[Problem]] = {}
        for p in self.doc.problems:
            by_pointer.setdefault(p.pointer or "", []).append(p)
        for rel, field in self.fields.items():
            found = list(self.doc.problems_under(field.key))
            for n in range(1, len(rel)):
                if rel[:n] not in self.fields:
                    found += by_pointer.get(pointer_of((*self.base, *rel[:n])), [])
            field.show_problems(found)
