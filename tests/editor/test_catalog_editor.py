"""The unit catalog editor: every field edit one undo step, problems at the field, units and
abilities added and removed with undo, atomic save that loads again, crash recovery."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from editor import files
from editor.authoring.abilities import parse_param
from editor.authoring.card_preview import card_lines
from editor.authoring.catalog_editor import CatalogEditor, new_unit
from editor.authoring.document import ContentDocument, get_at, put_at, reachable
from editor.authoring.fields import estimable
from engine import i18n
from engine.content import Document, check_document, load_catalog, load_file
from engine.i18n import in_language

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "content" / "catalog" / "base.catalog.yaml"


@pytest.fixture
def catalog_file(tmp_path):
    path = tmp_path / "base.catalog.yaml"
    shutil.copy(BASE, path)
    return path


@pytest.fixture
def editor(qtbot, catalog_file, recovery):
    doc = ContentDocument.open(catalog_file)
    w = CatalogEditor(doc, recovery)
    w.ask_unsaved = lambda: "discard"
    w.ask_drop_comments = lambda path: True
    w.told = []
    w.tell = lambda title, text: w.told.append((title, text))
    qtbot.addWidget(w)
    w.show()
    return w


def unit_index(w: CatalogEditor, uid: str) -> int:
    return [u["id"] for u in w.units()].index(uid)


def test_keys_walk_dicts_and_lists_and_removing_prunes_empty_groups():
    data = {"units": [{"id": "a", "hit_vs": {"tank": {"recruit": 3}}}]}
    assert get_at(data, ("units", 0, "hit_vs", "tank", "recruit")) == 3
    assert get_at(data, ("units", 5, "id")) is None
    put_at(data, ("units", 0, "hit_vs", "tank", "recruit"), None)
    assert "hit_vs" not in data["units"][0]  # no empty {} left for the schema to refuse
    put_at(data, ("units", 0, "abilities"), [])
    assert reachable(data, ("units", 0, "abilities", 0))  # one past the end appends
    assert not reachable(data, ("units", 0, "abilities", 1))
    assert not reachable(data, ("units", 3, "id"))
    assert not reachable(data, ("units", 0, "armour", 0))  # no list to index


def test_estimable_numbers_keep_flag_and_note_and_are_plain_otherwise():
    assert estimable(4.0, False, "") == 4
    assert estimable(1.5, False, "") == 1.5
    assert estimable(4, True, "GAP: x") == {"value": 4, "estimated": True, "note": "GAP: x"}
    assert parse_param("2", "int", {"value": 1, "estimated": True, "note": "n"}) == {
        "value": 2, "estimated": True, "note": "n"}
    assert parse_param("0, 2,4", "int_list", None) == [0, 2, 4]
    assert parse_param("", "int", 3) is None
    with pytest.raises(ValueError, match="number"):
        parse_param("lots", "int", None)


def test_a_field_edit_shows_the_problem_at_the_field_and_undo_clears_it(editor, qtbot):
    w = editor
    medic = unit_index(w, "medic")
    w.select_unit(medic)
    field = w.form.binder.fields[("range", "min")]
    assert w.doc.value(("units", medic, "range")) == {"min": 0, "max": 0}
    field.spin.setValue(3)  # as the user spins it: max stays 0
    assert w.doc.value(("units", medic, "range", "min")) == 3
    qtbot.waitUntil(lambda: any(p.code == "catalog.range_inverted" for p in w.doc.problems))
    assert "#c0392b" in field.styleSheet() and "inverted" in field.toolTip()
    assert any(f"/units/{medic}/range" in w.problem_list.item(i).text()
               for i in range(w.problem_list.count()))
    assert w.isWindowModified()
    w.doc.undo_stack.undo()
    assert w.doc.value(("units", medic, "range", "min")) == 0
    assert field.spin.value() == 0
    qtbot.waitUntil(lambda: not w.doc.problems)
    assert field.styleSheet() == ""
    assert not w.isWindowModified()


def test_spinning_one_field_is_one_undo_step_until_the_edit_ends(editor):
    w = editor
    w.select_unit(unit_index(w, "infantry"))
    spin = w.form.binder.fields[("speed",)].spin
    for v in (3, 4, 5):
        spin.setValue(v)
    assert w.doc.undo_stack.count() == 1
    spin.editingFinished.emit()
    spin.setValue(6)
    assert w.doc.undo_stack.count() == 2
    w.doc.undo_stack.undo()
    assert w.doc.value(("units", unit_index(w, "infantry"), "speed")) == 5


def test_the_estimated_flag_and_note_are_shown_and_editable(editor):
    w = editor
    w.select_unit(unit_index(w, "medic"))
    speed = w.form.binder.fields[("speed",)]
    assert speed.estimated.isChecked() and speed.note.text().startswith("GAP")
    speed.estimated.setChecked(False)
    speed.note.clear()
    speed.note.textEdited.emit("")
    assert w.doc.value(("units", unit_index(w, "medic"), "speed")) == 3  # plain again


def test_a_bilingual_note_shows_the_users_language_and_an_edit_keeps_the_other(editor):
    w = editor
    key = ("units", unit_index(w, "medic"), "speed")
    note = {"de": "GAP: Sanitäter: so schnell wie berittene Infanterie",
            "en": "GAP: field ambulance: as fast as mounted infantry"}
    w.doc.set_value(key, {"value": 3, "estimated": True, "note": note})
    with in_language("de"):
        w.select_unit(unit_index(w, "infantry"))
        w.select_unit(unit_index(w, "medic"))
        speed = w.form.binder.fields[("speed",)]
        assert speed.note.text() == note["de"] and speed.note.toolTip() == note["de"]
        speed.note.setText("GAP: geändert")
        speed.note.textEdited.emit("GAP: geändert")
    assert w.doc.value(key)["note"] == {"de": "GAP: geändert", "en": note["en"]}
    with in_language("en"):
        w.select_unit(unit_index(w, "infantry"))
        w.select_unit(unit_index(w, "medic"))
        assert w.form.binder.fields[("speed",)].note.text() == note["en"]


def test_a_new_special_unit_with_an_ability_saves_and_loads(editor, catalog_file):
    w = editor
    index = w.add_unit(special=True, unit_id="storm_troops")
    assert w.selected_index() == index
    abilities = w.form.abilities
    abilities.picker.setCurrentIndex(abilities.picker.findData("close_combat"))
    abilities.add_button.click()
    assert w.doc.value(("units", index, "abilities")) == [{"id": "close_combat"}]
    assert abilities.params.rowCount() == 1  # hit_bonus, with its default and meaning
    assert abilities.params.item(0, 0).text() == "hit_bonus"
    abilities.params.item(0, 1).setText("2")
    assert w.doc.value(("units", index, "abilities", 0, "params")) == {"hit_bonus": 2}
    w.doc.revalidate()
    assert [p for p in w.doc.problems if p.severity == "error"] == []
    assert w.save()
    assert not w.isWindowModified() and w.told == []
    loaded = load_catalog(catalog_file)
    unit = loaded.units["storm_troops"]
    assert unit.special and [(a.id, a.params) for a in unit.abilities] == [
        ("close_combat", {"hit_bonus": 2})]


def test_adding_and_removing_units_and_abilities_undo_in_place(editor):
    w = editor
    before = [u["id"] for u in w.units()]
    medic = unit_index(w, "medic")
    w.select_unit(medic)
    w.duplicate_unit()
    assert w.units()[medic + 1]["id"] == "medic_copy"
    w.select_unit(medic)
    w.form.abilities.list.setCurrentRow(0)
    w.form.abilities.remove_selected()
    assert "abilities" not in w.units()[medic]  # the only one: the list goes too
    w.delete_unit()
    assert "medic" not in [u["id"] for u in w.units()]
    for _ in range(3):
        w.doc.undo_stack.undo()
    assert [u["id"] for u in w.units()] == before
    assert w.units()[medic]["abilities"][0]["id"] == "field_repair"


def test_an_unknown_parameter_is_marked_in_the_table(editor, qtbot):
    w = editor
    medic = unit_index(w, "medic")
    w.select_unit(medic)
    w.doc.set_value(("units", medic, "abilities", 0, "params", "rnage"), 2)
    qtbot.waitUntil(lambda: any(p.code == "catalog.ability_unknown_param"
                                for p in w.doc.problems))
    table = w.form.abilities.params
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount())}
    assert set(rows) == {"range", "per_turn", "rnage"}
    cell = table.item(rows["rnage"], 1)
    assert cell.background().color().name() == "#f5c6cb"
    assert table.item(rows["rnage"], 3).text() == "not read by this ability"


def test_a_problem_click_selects_the_unit_and_focuses_the_field(editor, qtbot):
    w = editor
    infantry = unit_index(w, "infantry")
    w.doc.set_value(("units", infantry, "range", "min"), 4)
    w.doc.revalidate()
    w.select_unit(0)
    item = next(w.problem_list.item(i) for i in range(w.problem_list.count())
                if "inverted" in w.problem_list.item(i).text())
    w._problem_clicked(item)
    assert w.selected_index() == infantry
    assert w.focusWidget() is w.form.binder.fields[("range", "min")].spin


def test_unsaved_edits_are_kept_for_recovery_and_restore(editor, recovery, qtbot):
    w = editor
    infantry = unit_index(w, "infantry")
    w.doc.set_value(("units", infantry, "name", "en"), "Poilus")
    w.recovery_writer.flush()
    slot = w.recovery_writer.slot
    assert slot is not None and slot.work_path("catalog").is_file()
    info = slot.info()
    assert info.kind == "catalog" and info.original == w.doc.path
    slot.release()  # the process "dies": the slot becomes an orphan
    w.recovery_writer.slot = None
    orphans = files.RecoveryStore(recovery.dir).orphans()
    assert [o.info().kind for o in orphans] == ["catalog"]
    loaded = load_file(orphans[0].work_path("catalog"))
    assert loaded.ok and loaded.model.units["infantry"].name["en"] == "Poilus"
    for o in orphans:
        o.close()


def test_closing_unsaved_work_asks_and_cancel_keeps_the_window(editor):
    w = editor
    w.doc.set_value(("units", 0, "name", "en"), "Flak")
    w.ask_unsaved = lambda: "cancel"
    assert not w.close()
    assert w.isVisible()
    w.ask_unsaved = lambda: "discard"
    assert w.close()


def test_a_save_that_cannot_write_says_where_and_keeps_the_edits(editor, tmp_path):
    w = editor
    w.doc.set_value(("units", 0, "name", "en"), "Flak")
    assert not w._save_to(tmp_path / "no" / "such" / "folder" / "x.catalog.yaml")
    assert w.told and "hint" in w.told[-1][1]
    assert w.isWindowModified()


def test_new_unit_validates_as_it_is_made():
    doc_units = [new_unit("x", special=True)]
    data = {"$schema": "https://trenchclub.studio/schema/catalog.schema.json",
            "schema_version": 1, "id": "t", "name": {"de": "T", "en": "T"}, "units": doc_units}
    problems = check_document(Document(data, "catalog", Path("t.catalog.yaml"), "yaml"))
    assert [p for p in problems if p.severity == "error"] == []
    unit = doc_units[0]
    notes = [unit["speed"]["note"], unit["hit"]["veteran"]["note"]]
    assert notes[0] == notes[1] and notes[0] is not notes[1]  # one note object per value
    assert set(notes[0]) == {"de", "en"}  # a German designer reads why it is a guess


def test_a_catalog_with_schema_errors_opens_and_lists_them(qtbot, tmp_path):
    path = tmp_path / "broken.catalog.yaml"
    path.write_text(
        "$schema: https://trenchclub.studio/schema/catalog.schema.json\n"
        "schema_version: 1\nid: broken\nname: {de: B, en: B}\nunits:\n"
        "  - 5\n"
        "  - {id: x, name: oops, class: laser, nations: DE, speed: fast, range: 3,\n"
        "     targets: [sea], hit: {recruit: [1]}, armour: {open: [1, x]},\n"
        "     cost: {}, repair_cost: 2, abilities: [bad, {id: 7}, {params: 3}]}\n",
        encoding="utf-8")
    w = CatalogEditor(ContentDocument.open(path))
    qtbot.addWidget(w)
    w.show()
    for index in range(len(w.units())):
        w.select_unit(index)
        w.form.abilities.list.setCurrentRow(0)
    assert w.table.rowCount() == 2
    assert w.errors() and w.problem_list.count() == len(w.doc.problems)


def test_the_preview_follows_every_edit(editor):
    w = editor
    w.select_unit(unit_index(w, "medic"))
    preview = w.form.preview
    assert card_lines(preview.unit)[0] == "Medic (Sanitäter)"
    assert "speed 3~" in card_lines(preview.unit)[2]  # estimated values are marked
    w.form.binder.fields[("speed",)].spin.setValue(5)
    assert "speed 5~" in card_lines(preview.unit)[2]
    w.doc.undo_stack.undo()
    assert "speed 3~" in card_lines(preview.unit)[2]
    assert card_lines(preview.unit)[-1] == "abilities: field_repair"
    image = preview.grab()
    assert image.width() > 200 and image.height() >= preview.sizeHint().height()


def test_the_preview_names_the_unit_in_the_current_language_first(editor):
    w = editor
    w.select_unit(unit_index(w, "medic"))
    unit = w.form.preview.unit
    i18n.set_language("de")
    try:
        assert card_lines(unit)[0] == "Sanitäter (Medic)"
    finally:
        i18n.set_language("en")
    assert card_lines(unit)[0] == "Medic (Sanitäter)"
    assert card_lines({"id": "x", "name": {"en": "Scout"}})[0] == "Scout"
