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
