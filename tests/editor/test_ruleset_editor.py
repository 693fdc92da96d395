"""The ruleset editor: values with their estimated flags, variant switches from the registry
(one the engine does not play is refused with the reason), undo, problems at the field,
atomic save that loads again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor import i18n
from editor.authoring.document import ContentDocument
from editor.authoring.ruleset_editor import RulesetEditor, schema_help
from editor.authoring.variants_panel import VariantsPanel, refusal
from engine.content import load_ruleset
from engine.i18n import in_language
from engine.rules import variants

ROOT = Path(__file__).resolve().parents[2]
CURRENT = ROOT / "content" / "rulesets" / "current.ruleset.yaml"


class _NotPlayed(variants.Variant):
    """A registered variant the engine does not play (every built-in one plays)."""

    id = "winter_offensive"
    implemented = False
    rule = "RULES §99"


@pytest.fixture
def ruleset_file(tmp_path):
    path = tmp_path / "current.ruleset.yaml"
    shutil.copy(CURRENT, path)
    return path


@pytest.fixture
def editor(qtbot, ruleset_file, recovery):
    w = RulesetEditor(ContentDocument.open(ruleset_file), recovery)
    w.ask_unsaved = lambda: "discard"
    w.ask_drop_comments = lambda path: True
    w.told = []
    w.tell = lambda title, text: w.told.append((title, text))
    qtbot.addWidget(w)
    w.show()
    return w


def test_switching_a_variant_on_is_one_undo_step(editor):
    w = editor
    row = w.variants.rows["grabenkampf"]
    row.switch.click()
    assert w.doc.value(("variants", "grabenkampf", "enabled")) is True
    assert w.isWindowModified()
    w.doc.undo_stack.undo()
    assert w.doc.value(("variants", "grabenkampf", "enabled")) is False
    assert not row.switch.isChecked()


def test_a_variant_the_engine_does_not_play_is_refused_with_the_reason(qtbot, ruleset_file,
                                                                        monkeypatch):
    monkeypatch.setitem(variants.VARIANTS, _NotPlayed.id, _NotPlayed)
    doc = ContentDocument.open(ruleset_file)
    panel = VariantsPanel(doc)
    qtbot.addWidget(panel)
    row = panel.rows["winter_offensive"]
    assert not row.switch.isEnabled()
    assert "does not play" in row.reason.text() and "RULES §99" in row.reason.text()
    why = row.set_enabled(True)
    assert why is not None and "change nothing" in why
    assert doc.value(("variants", "winter_offensive")) is None  # nothing written, no step
    assert doc.undo_stack.count() == 0
    assert refusal("grabenkampf") is None
    assert "known" in refusal("no_such_variant")


def test_a_variant_parameter_keeps_its_estimated_flag_and_note(editor):
    w = editor
    row = w.variants.rows["victory_points"]
    names = [row.params.item(r, 0).text() for r in range(row.params.rowCount())]
    r = names.index("money_per_point")
    assert row.params.item(r, 2).checkState() == Qt.CheckState.Checked
    note = w.doc.value(("variants", "victory_points", "money_per_point"))["note"]
    assert row.params.item(r, 3).text() == note["en"]
    row.params.item(r, 1).setText("25")
    value = w.doc.value(("variants", "victory_points", "money_per_point"))
    assert value == {"value": 25, "estimated": True, "note": note}  # both languages kept
    r2 = [row.params.item(k, 0).text() for k in range(row.params.rowCount())].index(
        "player_target")
    row.params.item(r2, 1).setText("[oops")
    assert w.doc.value(("variants", "victory_points", "player_target")) == 10
    assert "not a value" in row.reason.text()


def test_a_variant_parameter_typed_with_yaml_aliases_is_refused_not_expanded(editor):
    """A pasted alias bomb would take the GUI minutes and gigabytes: the cell is read by the
    content reader, which refuses anchors and aliases."""
    row = editor.variants.rows["victory_points"]
    r = [row.params.item(k, 0).text() for k in range(row.params.rowCount())].index(
        "player_target")
    bomb = "[&a [x, x, x, x, x, x, x, x, x], &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]," \
        " &c [*b, *b, *b, *b, *b, *b, *b, *b, *b], [*c, *c, *c, *c, *c, *c, *c, *c, *c]]"
    row.params.item(r, 1).setText(bomb)
    assert editor.doc.value(("variants", "victory_points", "player_target")) == 10
    assert "not a value" in row.reason.text()


def test_a_variant_note_shows_in_german_and_a_german_edit_keeps_the_english(editor):
    w = editor
    row = w.variants.rows["victory_points"]
    with in_language("de"):
        row.load()
        names = [row.params.item(r, 0).text() for r in range(row.params.rowCount())]
        r = names.index("money_per_point")
        note = w.doc.value(("variants", "victory_points", "money_per_point"))["note"]
        assert row.params.item(r, 3).text() == note["de"]
        assert row.params.item(r, 3).toolTip() == note["de"]  # whole, where the cell elides
        row.params.item(r, 3).setText("GAP: geändert")
    value = w.doc.value(("variants", "victory_points", "money_per_point"))
    assert value["note"] == {"de": "GAP: geändert", "en": note["en"]}


def test_money_shows_and_edits_the_estimated_flag(editor):
    w = editor
    price = w.binder.fields[("special_unit", "price")]
    assert price.estimated.isChecked() and price.note.text().startswith("GAP")
    price.estimated.setChecked(False)
    assert w.doc.value(("special_unit", "price"))["estimated"] is False  # the note is kept
    start = w.binder.fields[("starting_money", "AH")]
    start.spin.setValue(3)
    start.estimated.setChecked(True)
    assert w.doc.value(("starting_money", "AH")) == {"value": 3, "estimated": True}


def test_a_bad_value_is_marked_at_its_fields_and_save_tells_the_errors(editor, ruleset_file,
                                                                      qtbot):
    w = editor
    w.binder.fields[("experience", "hero")].spin.setValue(2)
    qtbot.waitUntil(lambda: any(p.code == "ruleset.experience_order" for p in w.doc.problems))
    assert "#c0392b" in w.binder.fields[("experience", "veteran")].styleSheet()
    assert w.save()
    assert w.told and "/experience" in w.told[-1][1]
    w.doc.undo_stack.undo()
    assert w.save()
    assert load_ruleset(ruleset_file).experience == {"veteran": 3, "hero": 5}


def test_every_field_has_the_schema_description_as_help(editor):
    assert schema_help(("income_per_fort",)).startswith("Income per owned fort")
    assert schema_help(("repair", "mode")).startswith("flat:")
    for key, field in editor.binder.fields.items():
        assert field.property("help"), key


def test_a_ruleset_with_schema_errors_opens_and_lists_them(qtbot, tmp_path):
    path = tmp_path / "broken.ruleset.yaml"
    text = CURRENT.read_text(encoding="utf-8")
    text = text.replace("starting_money: {DE: 0, AH: 0, FR: 0, GB: 0}", "starting_money: lots")
    text = text.replace("  grabenkampf: {enabled: false}", "  grabenkampf: 3\n  nonsense: [1]")
    text = text.replace("repair: {mode: flat, cost: 2}", "repair: [flat]")
    path.write_text(text, encoding="utf-8")
    w = RulesetEditor(ContentDocument.open(path))
    qtbot.addWidget(w)
    w.show()
    assert w.errors() and w.problem_list.count() == len(w.doc.problems)
    assert "nonsense" in w.variants.rows and not w.variants.rows["nonsense"].switch.isEnabled()


def test_an_edit_inside_a_value_of_the_wrong_kind_is_refused_at_the_field(qtbot, tmp_path):
    path = tmp_path / "broken.ruleset.yaml"
    text = CURRENT.read_text(encoding="utf-8").replace("repair: {mode: flat, cost: 2}",
                                                       "repair: [flat]")
    path.write_text(text, encoding="utf-8")
    w = RulesetEditor(ContentDocument.open(path))
    qtbot.addWidget(w)
    cost = w.binder.fields[("repair", "cost")]
    cost.spin.setValue(4)
    assert w.doc.value(("repair",)) == ["flat"] and w.doc.undo_stack.count() == 0
    assert w.binder.refused == [("repair", "cost")]
    assert "cannot be set" in cost.toolTip()


def test_field_help_is_the_german_schema_description_under_german(qtbot, qapp, ruleset_file,
                                                                 recovery):
    english_help = _field_help(qtbot, ruleset_file, recovery)
    i18n.install_translators(qapp, "de")
    try:
        german_help = _field_help(qtbot, ruleset_file, recovery)
    finally:
        i18n.install_translators(qapp, "en")
    assert german_help[("income_per_fort",)] == "Einkommen je eigenem Fort am Ende eines Zuges."
    assert german_help[("repair", "mode")].startswith("flat: ein Preis für jede Einheit")
    assert english_help[("income_per_fort",)] == "Income per owned fort at the end of a turn."
    assert german_help[("variants", "victory_points", "player_target")] == (
        "Siegpunkte, die ein Spieler zum Sieg braucht.")
    assert english_help[("variants", "victory_points", "player_target")] == (
        "VP one player needs to win.")
    same = sorted(k for k in german_help if german_help[k] == english_help[k] != "")
    assert german_help.keys() == english_help.keys() and same == []


def _field_help(qtbot, ruleset_file, recovery):
    """The tooltip of every field and variant parameter of a new ruleset editor, in the
    current language."""
    w = RulesetEditor(ContentDocument.open(ruleset_file), recovery)
    qtbot.addWidget(w)
    help_texts = {key: field.toolTip() for key, field in w.binder.fields.items()}
    for vid, row in w.variants.rows.items():
        for r in range(row.params.rowCount()):
            cell = row.params.item(r, 0)
            help_texts[("variants", vid, cell.text())] = cell.toolTip()
    return help_texts
