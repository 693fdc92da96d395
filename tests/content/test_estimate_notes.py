"""Notes of estimated values: one text or `{de, en}`; loading and writing keep them as they
are, a user reads the entry of their language, and an edit changes only that entry."""

from __future__ import annotations

import pytest

from engine.content import catalog_from_dict, catalog_to_dict, load_document
from engine.content.estimable import Flags, Wrapper, edited_note, note_text
from engine.i18n import in_language
from engine.paths import CONTENT_DIR

BILINGUAL = {"de": "GAP: Wald-Spalte = offene Spalte +1", "en": "GAP: forest column = open +1"}


def test_unwrapping_and_wrapping_keep_a_bilingual_note():
    flags = Flags()
    value = {"value": 3, "estimated": True, "note": BILINGUAL}
    assert flags.num(value, "/speed") == 3
    assert flags.notes == {"/speed": BILINGUAL}
    assert Wrapper(flags.estimated, flags.notes).num(3, "/speed") == value


def test_the_note_a_user_reads_follows_the_language():
    with in_language("de"):
        assert note_text(BILINGUAL) == BILINGUAL["de"]
        assert note_text("GAP: plain") == "GAP: plain"
    with in_language("en"):
        assert note_text(BILINGUAL) == BILINGUAL["en"]
    assert note_text(None) == ""


@pytest.mark.parametrize("language", ["de", "en"])
def test_editing_a_bilingual_note_changes_only_the_shown_language(language):
    other = "en" if language == "de" else "de"
    with in_language(language):
        assert edited_note(BILINGUAL, note_text(BILINGUAL)) == BILINGUAL
        changed = edited_note(BILINGUAL, "neu")
    assert changed == {language: "neu", other: BILINGUAL[other]}
    assert BILINGUAL[language] != "neu"  # the original is not changed in place
    assert edited_note("GAP: old", "GAP: new") == "GAP: new"
    assert edited_note(BILINGUAL, "") == ""


def test_the_built_in_catalog_keeps_its_notes_through_the_model():
    doc = load_document(CONTENT_DIR / "catalog" / "base.catalog.yaml")
    again = catalog_to_dict(catalog_from_dict(doc.data))
    assert again == doc.data
