"""Validation hints quote the field's own description (the one written beside its `$ref`),
not the shared definition's, and write the allowed range in the reader's number style."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import i18n
from engine.content import load_file
from engine.content.documents import SCHEMA_OF_KIND
from engine.content.schema_memo import SchemaMemo
from engine.content.schemas import all_schemas, check_schema
from engine.i18n import Number, number_text, translate
from tests.layers import ROOT

CONTENT = ROOT / "content"


@pytest.fixture(autouse=True)
def _english_again():
    yield
    i18n.set_language("en")


def _broken(tmp_path: Path, source: str, old: str, new: str) -> Path:
    text = (CONTENT / source).read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / Path(source).name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


# (file, edit, pointer, English hint, German hint)
CASES = [
    ("catalog/base.catalog.yaml", ("    speed: 4", "    speed: -1"), "/units/2/speed",
     "allowed: 0 to 10,000; expected movement points per turn",
     "erlaubt: 0 bis 10.000; erwartet: Bewegungspunkte je Zug"),
    # An estimate's `value` is the field's own value: still the field's description.
    ("catalog/base.catalog.yaml", ("    speed: 4", "    speed: {value: 20000, estimated: true}"),
     "/units/2/speed/value",
     "allowed: 0 to 10,000; expected movement points per turn",
     "erlaubt: 0 bis 10.000; erwartet: Bewegungspunkte je Zug"),
    ("maps/default.map.yaml", ("width: 36", "width: 5000"), "/width",
     "allowed: 1 to 1000; expected number of columns (1..1000)",
     "erlaubt: 1 bis 1000; erwartet: Anzahl der Spalten (1..1000)"),
    ("rulesets/current.ruleset.yaml", ("last_step_to_meadow: 0.5", "last_step_to_meadow: -0.5"),
     "/last_step_to_meadow",
     "allowed: 0 to 10,000; expected movement points left with which a unit may still step "
     "onto a meadow",
     "erlaubt: 0 bis 10.000; erwartet: Verbleibende Bewegungspunkte, mit denen eine Einheit "
     "noch auf eine Wiese ziehen darf"),
    ("scenarios/default-2p.scenario.yaml", ("id: default_2p", "id: 'Default 2P!'"), "/id",
     "expected scenario id", "erwartet: Id des Szenarios"),
]


@pytest.mark.parametrize(("source", "edit", "pointer", "english", "german"), CASES)
def test_a_hint_quotes_the_fields_own_description_in_both_languages(
        tmp_path, source, edit, pointer, english, german):
    path = _broken(tmp_path, source, *edit)
    for language, hint in (("en", english), ("de", german)):
        i18n.set_language(language)
        found = [p for p in load_file(path).problems if p.code.startswith("schema.")]
        assert [p.pointer for p in found] == [pointer]
        assert found[0].hint == hint
    # Made in German, the same problem renders in English (machine output) too.
    assert translate(found[0].hint, "en") == english


def test_a_field_without_its_own_description_falls_back_to_the_definitions(tmp_path):
    # A unit's nations are items of a bare `$ref` to the shared nation.
    units = all_schemas()[SCHEMA_OF_KIND["catalog"]]["properties"]["units"]
    assert "description" not in units["items"]["properties"]["nations"]["items"]
    path = _broken(tmp_path, "catalog/base.catalog.yaml", "    nations: [", "    nations: [XX, ")
    (problem,) = [p for p in load_file(path).problems if p.pointer == "/units/0/nations/0"]
    assert problem.hint == ("expected a nation id: DE Germany, AH Austria-Hungary, FR France, "
                            "GB Great Britain")


def test_the_memo_gives_the_same_field_hints_as_a_full_check(tmp_path):
    path = _broken(tmp_path, "catalog/base.catalog.yaml", "    speed: 4", "    speed: -1")
    doc = load_file(path).document
    assert doc is not None
    full = check_schema(doc)
    assert [p.hint for p in SchemaMemo().check(doc)] == [p.hint for p in full]
    assert full[0].hint == "allowed: 0 to 10,000; expected movement points per turn"


@pytest.mark.parametrize(("value", "english", "german"), [
    (0, "0", "0"), (1000, "1000", "1000"), (-100, "-100", "-100"), (10000, "10,000", "10.000"),
    (1_000_000, "1,000,000", "1.000.000"), (0.5, "0.5", "0,5"), (2000.0, "2000", "2000"),
    (12345.25, "12,345.25", "12.345,25"), (-10000, "-10,000", "-10.000"),
])
def test_numbers_are_written_in_the_readers_style(value, english, german):
    assert number_text(value, "en") == english
    assert number_text(value, "de") == german
    i18n.set_language("de")
    number = Number(value)
    assert (str(number), number.render("en")) == (german, english)
