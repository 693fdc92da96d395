"""The process language and the rulebooks' words (engine/i18n.py)."""

import pytest

from engine import i18n


@pytest.fixture(autouse=True)
def _english_again():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
    ({}, "en"),
])
def test_language_follows_the_first_set_locale_variable(env, expected):
    assert i18n.language_from_environment(env) == expected


def test_rule_words_and_names_follow_the_language():
    names = {"de": "Panzerwagen", "en": "Armoured car"}
    assert (i18n.rule_word("meadow"), i18n.localized(names)) == ("Meadow", "Armoured car")
    i18n.set_language("de")
    assert (i18n.rule_word("meadow"), i18n.localized(names)) == ("Wiese", "Panzerwagen")
    assert i18n.localized({"en": "Only English"}) == "Only English"
    assert i18n.rule_word("new_terrain") == "new_terrain"


def test_unsupported_language_is_refused():
    with pytest.raises(ValueError, match="unsupported language 'fr'"):
        i18n.set_language("fr")


def test_log_lines_name_a_bought_unit_type_in_the_current_language():
    from engine.rules.events import UnitPurchased

    i18n.register_unit_names({"anti_aircraft": {"de": "Flugabwehr", "en": "Anti-aircraft"}})
    bought = UnitPurchased("DE", "DE-anti_aircraft-2", "anti_aircraft", "north-1", 3)
    assert str(bought.text()) == "DE buys Anti-aircraft DE-anti_aircraft-2 into north-1 for 3"
    i18n.set_language("de")
    assert "Flugabwehr" in str(bought.text()) and "anti_aircraft " not in str(bought.text())
    assert i18n.unit_name("never_registered") == "never_registered"


def test_german_text_writes_decimal_commas():
    from engine.i18n import _

    message = _("dealt {dealt:.2f}", dealt=1.375)
    assert str(message) == "dealt 1.38"
    i18n.set_language("de")
    assert "1,38" in str(_("dealt {dealt:.2f}", dealt=1.375))
