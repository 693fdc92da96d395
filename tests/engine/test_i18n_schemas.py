"""Issue 18: the JSON Schemas' descriptions and titles in German wherever a user sees them.

The schema files stay English (the published format); the catalogue (engine/locale/de.po)
holds every description and title as a msgid, extracted by tests/i18n_scan.py, and the
validation hints and the editors' help translate them when they show them. A German
validation shows no English: neither a description nor jsonschema's own wording.
"""

from __future__ import annotations

import json
import pickle
import re
import shutil
from pathlib import Path

import pytest

from engine import i18n
from engine.content import load_file, schema_description, schema_messages
from engine.content.problems import Problem
from engine.i18n import Text, english, gettext, translate
from engine.rules import savefile
from tests import i18n_scan
from tests.layers import ROOT

CONTENT = ROOT / "content"
MANIFEST_SCHEMA = "https://trenchclub.studio/schema/pack-manifest.schema.json"


@pytest.fixture(autouse=True)
def _english_again():
    yield
    i18n.set_language("en")


def _schema_texts() -> dict[str, str]:
    """Every description and title of schema/ → the first schema file that has it."""
    out: dict[str, str] = {}
    for path in i18n_scan.schema_files():
        for m in i18n_scan.schema_texts(json.loads(path.read_text(encoding="utf-8")), path.name):
            out.setdefault(m.msgid, m.where)
    return out


# --- the catalogue holds every description and title ----------------------------------------

def test_every_schema_description_and_title_is_extracted_with_its_schema_file():
    texts = _schema_texts()
    assert len(texts) > 500
    assert texts["Number of columns (1..1000)."] == "map.schema.json"
    title = json.loads((ROOT / "schema" / "map.schema.json").read_text())["title"]
    assert texts[title] == "map.schema.json"
    # An example's own "description" (content data, not the schema's text) is not a msgid.
    examples = json.loads((ROOT / "schema" / "map.schema.json").read_text())["examples"]
    assert examples[0]["description"] not in texts
    po = (i18n.LOCALE_DIR / "de.po").read_text(encoding="utf-8")
    assert '#: schema/map.schema.json\nmsgid "Number of columns (1..1000)."' in po


def test_every_schema_description_and_title_has_a_german_translation():
    catalogue = i18n.catalogue("de")
    missing = sorted(f"{where}: {text}" for text, where in _schema_texts().items()
                     if text not in catalogue)
    assert missing == [], "translate these in engine/locale/de.po:\n" + "\n".join(missing)


def test_an_untranslated_description_added_to_a_schema_fails_the_check(tmp_path, monkeypatch):
    schema_dir = tmp_path / "schema"
    shutil.copytree(ROOT / "schema", schema_dir)
    path = schema_dir / "map.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["properties"]["width"]["description"] = "Number of columns nobody translated."
    path.write_text(json.dumps(schema), encoding="utf-8")
    monkeypatch.setattr(i18n_scan, "ROOT", tmp_path)
    monkeypatch.setattr(i18n_scan, "SCHEMA_DIR", schema_dir)
    monkeypatch.setattr(i18n_scan, "PACKAGES", ())
    missing = i18n_scan.untranslated("de")
    assert [(m.msgid, m.where) for m in missing] == [
        ("Number of columns nobody translated.", "schema/map.schema.json")]


def test_translations_keep_the_code_values_and_placeholders_of_the_english():
    catalogue = i18n.catalogue("de")
    kept = re.compile(r"\{value, estimated, note\}|RULES\.md GAP|\bd12\b|\d+\.\.\d+")
    wrong = []
    for text in _schema_texts():
        german = catalogue.get(text, [text])[0]
        if sorted(kept.findall(text)) != sorted(kept.findall(german)):
            wrong.append(f"{text!r} -> {german!r}")
    assert wrong == []


# --- the texts --------------------------------------------------------------------------------

def test_a_fixed_text_is_translated_without_filling_in_its_braces():
    text = "A number 0..10,000, or {value, estimated, note} when it is a guess."
    shown = gettext(text)
    assert shown == text
    german = shown.render("de")
    assert "{value, estimated, note}" in german and german != text
    assert english(Text(text)) == text
    i18n.set_language("de")
    assert gettext(text) == german
    assert pickle.loads(pickle.dumps(gettext(text))).render("en") == text


def test_a_clause_drops_its_full_stop_and_lowercases_only_in_english():
    assert Text("Number of columns (1..1000).", clause=True) == "number of columns (1..1000)"
    assert Text("XP needed to become a veteran.", clause=True) == "XP needed to become a veteran"
    german = Text("Number of columns (1..1000).", clause=True).render("de")
    assert german[0].isupper() and not german.endswith(".")


def test_schema_description_speaks_the_current_language():
    assert schema_description("map", ("width",)) == "Number of columns (1..1000)."
    i18n.set_language("de")
    german = schema_description("map", ("width",))
    assert german == i18n.catalogue("de")["Number of columns (1..1000)."][0]
    assert english(german) == "Number of columns (1..1000)."
    assert schema_description("map", ("no_such_key",)) == ""


# --- German validation: no English left -------------------------------------------------------

# English that jsonschema or an untranslated hint would leave in a message.
ENGLISH = re.compile(r"\b(expected|is not|too long|too short|is missing|missing|allowed|top level"
                     r"|should|does not|non-empty|items?|integer|string|object|array|boolean"
                     r"|unknown|number of|when it is|or \{)\b")


def _broken(tmp_path: Path, source: str, name: str, edits: list[tuple[str, str]]) -> Path:
    text = (CONTENT / source).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


BROKEN = {
    "columns.map.yaml": ("maps/default.map.yaml", [("width: 36", "width: 5000")]),
    "keys.map.yaml": ("maps/default.map.yaml", [
        ("season: summer", "season: winterish\nweather: rain"),
        ("layout: {orientation: pointy, hex_size: 32, offset: odd}",
         "layout: {orientation: pointy, hex_size: big}"),
        ("id: default", "id: 'Default Map!'"),
        ("author: Trench Club Studio", "author: " + "x" * 600),
        ("{number: 1, hex: [10, 2]}", "{number: 1, hex: [10, 2, 5]}")]),
    "speed.catalog.yaml": ("catalog/base.catalog.yaml", [("    speed: 4", "    speed: -1")]),
    "nations.catalog.yaml": ("catalog/base.catalog.yaml", [
        ("    nations: [", "    nations: [XX, "), ("    nations: [AH]", "    nations: []"),
        ("    nations: [DE, GB]", "    nations: [DE, DE]")]),
    "bad.ruleset.yaml": ("rulesets/current.ruleset.yaml", [
        ("destroyed_at_damage: 6", 'destroyed_at_damage: "six"'),
        ("currency: coins", "currency: gold"), ("xp_for_damage: 1", "xp_for_damage: -1"),
        ("gift_fee: 1", "gift_fee: 1\ngift_fees: 2"),
        ("experience: {veteran: 3, hero: 5}", "experience: {veteran: 3}"),
        ("starting_money: {DE: 0, AH: 0, FR: 0, GB: 0}", "starting_money: {DE: 0, AH: 0}"),
        ("elimination_victory: false", "elimination_victory: [false, false]")]),
}


def _german_problems(tmp_path: Path) -> dict[str, list[Problem]]:
    i18n.set_language("de")
    out = {}
    for name, (source, edits) in BROKEN.items():
        problems = load_file(_broken(tmp_path, source, name, edits)).problems
        out[name] = [p for p in problems if p.code.startswith("schema.")]
    return out


def test_a_german_validation_quotes_the_schema_in_german(tmp_path):
    found = _german_problems(tmp_path)
    width = found["columns.map.yaml"]
    assert [(p.code, p.hint) for p in width] == [
        ("schema.out_of_range", "erlaubt: 1 bis 1000; erwartet: Anzahl der Spalten (1..1000)")]
    assert english(width[0].hint) == "allowed: 1 to 1000; expected number of columns (1..1000)"
    speed = found["speed.catalog.yaml"]
    assert [p.code for p in speed] == ["schema.out_of_range"]
    # The field's own description beside its `$ref`, not the shared number's.
    assert speed[0].hint == "erlaubt: 0 bis 10.000; erwartet: Bewegungspunkte je Zug"
    assert english(speed[0].hint) == "allowed: 0 to 10,000; expected movement points per turn"
    ruleset = {p.pointer: p for p in found["bad.ruleset.yaml"]}
    assert ruleset["/currency"].hint == (
        "erwartet: Geld dieser Ausgabe: coins (Münzen, aktuelle) oder war_bonds "
        "(Kriegsanleihen, frühere)")


def test_no_english_is_left_in_any_german_schema_problem(tmp_path):
    found = _german_problems(tmp_path)
    codes = {p.code for problems in found.values() for p in problems}
    assert codes >= {"schema.out_of_range", "schema.unknown_key", "schema.bad_value",
                     "schema.wrong_type", "schema.missing_key", "schema.bad_length",
                     "schema.bad_pattern", "schema.not_unique"}
    descriptions = [t for t in _schema_texts() if len(t) > 12]
    leftovers = []
    for name, problems in found.items():
        for p in problems:
            for text in (translate(p.message), translate(p.hint)):
                # quoted values, keys and patterns are the file's own text, not ours
                words = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\^\S*", "", text)
                # in a clause the first letter may be lower case
                bad = ENGLISH.findall(words) + [d for d in descriptions
                                                if d[1:].rstrip(".") in text]
                if bad:
                    leftovers.append(f"{name} {p.code}: {text} ({bad})")
    assert leftovers == []


def test_problem_codes_and_english_are_the_same_in_either_language(tmp_path):
    german = _german_problems(tmp_path)
    i18n.set_language("en")
    for name, problems in german.items():
        path = tmp_path / name
        english_run = [p for p in load_file(path).problems if p.code.startswith("schema.")]
        assert [p.code for p in english_run] == [p.code for p in problems]
        assert [p.message for p in english_run] == [english(p.message) for p in problems]
        assert [p.hint for p in english_run] == [english(p.hint) for p in problems]


def test_a_refused_save_is_german_down_to_its_problem_count(tmp_path):
    """Bug: a German `tcstudio rules` on a broken save said "(1 problem)" in English."""
    path = tmp_path / "game.json"
    savefile.write_save(savefile.new_game(CONTENT / "scenarios" / "default-2p.scenario.yaml",
                                          seed=1), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["round"] = -3
    path.write_text(json.dumps(data), encoding="utf-8")
    i18n.set_language("de")
    with pytest.raises(savefile.GameFileError) as info:
        savefile.load_save(path)
    text = str(info.value)
    assert "der Spielstand kann nicht verwendet werden (1 Problem)" in text
    assert "erwartet: Rundennummer, 1 ab dem ersten Zug" in text
    assert ENGLISH.findall(re.sub(r"'[^']*'", "", text)) == []


def test_a_pack_manifest_breaking_its_schema_is_explained_in_german():
    manifest = {"format_version": "x", "pack": {"id": "A B"}}
    i18n.set_language("de")
    messages = schema_messages(manifest, MANIFEST_SCHEMA)
    assert "'/format_version' ist Text, erwartet: eine ganze Zahl" in messages
    assert any(m.startswith("'/' (oberste Ebene): Schlüssel '$schema'") for m in messages)
    assert [m for m in messages if ENGLISH.search(re.sub(r"'[^']*'", "", m))] == []
    i18n.set_language("en")
    assert "'/format_version' is text, expected an integer" in schema_messages(
        manifest, MANIFEST_SCHEMA)
