"""German messages: every user-visible string of the engine, packs, exporters and tcstudio
is marked for translation, has a German entry in engine/locale/de.po with the same fields,
and `tcstudio validate` speaks German under a German locale with the same problem codes."""

from __future__ import annotations

import ast
import copy
import json
import os
import pickle
import string
import subprocess
import sys
from pathlib import Path

import pytest

from engine import i18n
from engine.content.problems import ContentError, Problem, count, error
from engine.i18n import _, english, ngettext, parse_po, translate
from engine.rules import events
from tests import i18n_scan
from tests.layers import ROOT

BROKEN_NUMBER = "number: 2,"


@pytest.fixture(autouse=True)
def _english_again():
    yield
    i18n.set_language("en")


def _fields(template: str) -> list[tuple[str, str, str]]:
    """The (name, conversion, format spec) of every field of a str.format template."""
    return sorted((name, conv or "", spec or "")
                  for _text, name, spec, conv in string.Formatter().parse(template)
                  if name is not None)


# --- (a) nothing unmarked --------------------------------------------------------------------

def test_every_message_and_hint_is_marked_for_translation():
    _found, unmarked = i18n_scan.scan()
    assert unmarked == [], "wrap these in engine.i18n._():\n" + "\n".join(unmarked)


@pytest.mark.parametrize("source", [
    'error("x.y", f"fort {f} is wet", _("dry it"))',
    'warning("x.y", _("fine"), "a plain hint")',
    'error("x.y", "list: " + ", ".join(names), _("ok"))',
    'Problem("x.y", "error", _("fine"), hint or "see the schema")',
    'PackError(f"pack lacks {what}")',
])
def test_the_scan_catches_an_unmarked_english_string(source):
    tree = ast.parse(source)
    assert list(i18n_scan.unmarked(ROOT / "engine" / "probe.py", tree))


def test_the_scan_catches_unmarked_command_line_output():
    tree = ast.parse('sys.stderr.write(f"tcstudio x: {p}: gone\\n")\n'
                     'p.add_argument("--x", help="what x does")\n')
    assert len(list(i18n_scan.unmarked(ROOT / "tcstudio" / "probe.py", tree))) == 2


# --- (b) everything translated, with the same fields -----------------------------------------

def test_every_marked_message_has_a_german_translation():
    missing = i18n_scan.untranslated("de")
    assert missing == [], ("translate these in engine/locale/de.po (python -m tests.i18n_scan "
                           "--update adds them):\n"
                           + "\n".join(f"{m.where}: {m.msgid}" for m in missing))


def test_a_new_english_message_without_german_fails_the_check():
    tree = ast.parse('error("x.y", _("a message nobody translated {n}", n=1), _("remove it"))')
    catalogue = i18n.catalogue("de")
    new = [m.msgid for m in i18n_scan.marked(ROOT / "engine" / "probe.py", tree)
           if m.msgid not in catalogue]
    assert new == ["a message nobody translated {n}"]


def test_the_catalogue_lists_each_message_once():
    lines = (i18n.LOCALE_DIR / "de.po").read_text(encoding="utf-8").splitlines()
    msgids = [line for line in lines if line.startswith("msgid ")]
    assert sorted(m for m in set(msgids) if msgids.count(m) > 1) == []


def test_the_catalogue_holds_no_message_the_code_no_longer_uses():
    used = {m.msgid for m in i18n_scan.scan()[0]}
    assert sorted(set(i18n.catalogue("de")) - used) == []


def test_german_entries_keep_the_fields_of_their_english_template():
    text = (i18n.LOCALE_DIR / "de.po").read_text(encoding="utf-8")
    entries = parse_po(text)
    assert len(entries) > 500
    plurals = {m.msgid: m.plural for m in i18n_scan.scan()[0] if m.plural}
    wrong = []
    for msgid, forms in entries.items():
        english_forms = [msgid, plurals.get(msgid, msgid)] if len(forms) == 2 else [msgid]
        for english_form, german in zip(english_forms, forms, strict=True):
            if _fields(english_form) != _fields(german) and not (
                    # a German singular may say "ein" instead of the number
                    {f[0] for f in _fields(german)} <= {f[0] for f in _fields(english_form)}
                    and len(forms) == 2):
                wrong.append(f"{msgid!r} -> {german!r}")
    assert wrong == []


# --- the message objects ---------------------------------------------------------------------

def test_a_message_renders_in_each_language_and_keeps_its_fields():
    msg = _("fort '{id}' stands on water", id="f1")
    assert msg == "fort 'f1' stands on water"
    assert msg.render("de") == "Fort 'f1' steht auf Wasser"
    i18n.set_language("de")
    made_in_german = _("fort '{id}' stands on water", id="f1")
    assert made_in_german == "Fort 'f1' steht auf Wasser"
    assert english(made_in_german) == "fort 'f1' stands on water"
    assert translate("plain text") == "plain text"


def test_counts_take_the_plural_of_the_language():
    assert [translate(count(n, "fort"), "de") for n in (1, 6)] == ["1 Fort", "6 Forts"]
    assert [count(n, "fort") for n in (0, 1)] == ["0 forts", "1 fort"]
    nested = _("region '{id}' holds {count}", id="h", count=count(6, "fort"))
    assert nested.render("en") == "region 'h' holds 6 forts"
    assert ngettext("{n} file", "{n} files", 2).render("de") == "2 Dateien"


def test_messages_survive_pickling_and_copies_with_their_template():
    msg = _("fort '{id}' stands on water", id="f1")
    for clone in (pickle.loads(pickle.dumps(msg)), copy.deepcopy(msg), copy.copy(msg)):
        assert clone == msg and clone.render("de") == "Fort 'f1' steht auf Wasser"


def test_a_broken_translation_falls_back_to_english(monkeypatch):
    monkeypatch.setitem(i18n.catalogue("de"), "hello {name}", ["Hallo {nom}"])
    assert _("hello {name}", name="x").render("de") == "hello x"


def test_the_po_reader_handles_plurals_continuations_escapes_and_fuzzy_entries():
    po = ('msgid ""\nmsgstr "Language: de\\n"\n\n'
          '#: a.py:1\nmsgid "a \\"b\\"\\n"\nmsgstr ""\n"A \\"B\\"\\n"\n\n'
          'msgid "{n} fort"\nmsgid_plural "{n} forts"\nmsgstr[0] "{n} Fort"\n'
          'msgstr[1] "{n} Forts"\n\n'
          '#, fuzzy\nmsgid "guess"\nmsgstr "Vermutung"\n\n'
          'msgid "untranslated"\nmsgstr ""\n')
    assert parse_po(po) == {'a "b"\n': ['A "B"\n'], "{n} fort": ["{n} Fort", "{n} Forts"]}


def test_problems_print_in_the_current_language_and_json_stays_english():
    p = error("fort.on_water", _("fort '{id}' stands on water", id="f1"),
              _("build forts on land; change the terrain or move the fort"),
              file="m.map.yaml", line=3, col=5, hex=(2, 4))
    i18n.set_language("de")
    assert p.format() == ("m.map.yaml:3:5: Fehler fort.on_water: Fort 'f1' steht auf Wasser "
                          "[Feld [2, 4]] (baue Forts an Land; ändere das Gelände oder "
                          "verschiebe das Fort)")
    assert (p.to_json()["message"], p.to_json()["code"]) == (
        "fort 'f1' stands on water", "fort.on_water")
    assert p.located(line=9).text == "Fort 'f1' steht auf Wasser"
    assert str(ContentError([p, p])).endswith("(und 1 weiteres)")
    assert Problem("x", "warning", "plain").format() == "<input>: Warnung x: plain"


# --- (c) the command line ------------------------------------------------------------------

def _broken_map(tmp_path: Path) -> Path:
    text = (ROOT / "content" / "maps" / "default.map.yaml").read_text(encoding="utf-8")
    assert "number: 2," in text
    path = tmp_path / "broken.map.yaml"
    path.write_text(text.replace("number: 2,", "number: 1,", 1), encoding="utf-8")
    return path


def _tcstudio(*args: str, lang: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")}
    env["LANG"] = lang
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "tcstudio", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8")


def _codes(output: str) -> list[str]:
    return [line.split(": ")[1].split()[1] for line in output.splitlines()
            if line.count(": ") >= 2]


def test_validate_speaks_german_under_a_german_locale_with_the_same_codes(tmp_path):
    broken = str(_broken_map(tmp_path))
    german = _tcstudio("validate", broken, lang="de_DE.UTF-8")
    english_run = _tcstudio("validate", broken, "--lang", "en", lang="de_DE.UTF-8")
    assert german.returncode == english_run.returncode == 1, german.stderr
    assert "Fehler start.duplicate_number: Startmarker 1 kommt zweimal vor" in german.stdout
    assert "1 Datei geprüft: 2 Fehler, 1 Warnung" in german.stdout
    assert "error start.duplicate_number: start number 1 appears twice" in english_run.stdout
    assert "checked 1 file: 2 errors, 1 warning" in english_run.stdout
    assert _codes(german.stdout) == _codes(english_run.stdout)
    assert "start.duplicate_number" in _codes(german.stdout)


def test_lang_option_goes_anywhere_and_json_output_is_the_same_in_every_language(tmp_path):
    broken = str(_broken_map(tmp_path))
    de_json = _tcstudio("--lang", "de", "validate", "--format", "json", broken, lang="C")
    en_json = _tcstudio("validate", "--format", "json", broken, lang="C")
    assert json.loads(de_json.stdout) == json.loads(en_json.stdout)
    after = _tcstudio("validate", broken, "--lang=de", lang="C")
    assert "Startmarker 1 kommt zweimal vor" in after.stdout


def test_argparse_speaks_german_and_a_bad_language_is_refused():
    usage = _tcstudio("validate", lang="de_AT.UTF-8")
    assert usage.returncode == 2
    assert usage.stderr.startswith("Aufruf: tcstudio validate")
    assert "Fehler: diese Argumente fehlen: PATH" in usage.stderr
    helped = _tcstudio("--help", lang="de_DE.UTF-8")
    assert "Optionen:" in helped.stdout and "zeigt diese Hilfe und beendet" in helped.stdout
    assert "Inhaltsdateien gegen ihre Schemas und die Spielregeln prüfen" in helped.stdout
    bad = _tcstudio("--lang", "fr", "validate", "x", lang="C")
    assert (bad.returncode, bad.stdout) == (2, "")
    assert "--lang needs one of en, de, not 'fr'" in bad.stderr


def test_log_lines_follow_the_language_and_rules_log_json_stays_english(tmp_path):
    moved = events.Moved("FR-infantry-1", None, (3, 4))
    assert moved.text() == "FR-infantry-1 moves from its fort to 3,4"
    i18n.set_language("de")
    assert moved.text() == "FR-infantry-1 zieht von seinem Fort nach 3,4"
    i18n.set_language("en")
    save = tmp_path / "game.json"
    scenario = str(ROOT / "content" / "scenarios" / "default-2p.scenario.yaml")
    made = _tcstudio("rules", "new", scenario, "--seed", "1", "--quick", "--out", str(save),
                     lang="C")
    assert made.returncode == 0, made.stderr
    logs = [json.loads(_tcstudio("rules", "log", str(save), "--lang", lang, lang="C").stdout)
            for lang in ("de", "en")]
    assert logs[0] == logs[1] and logs[0]["events"]
