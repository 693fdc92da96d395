"""The language of user-visible text, and the rulebooks' own words for the rules.

One process-wide language ("en" or "de"), chosen from the environment or set explicitly
(`tcstudio --lang de`, the editor's View ▸ Language). The engine itself never depends on it:
rules, logs and saved files are the same in every language; only text shown to a person is.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

SUPPORTED = ("en", "de")
DEFAULT = "en"
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")

_language = DEFAULT

# The rulebooks' terms (seeds 002/003/004); English from RULES.md. Keys are the ids the
# content and the engine use.
RULE_WORDS: dict[str, dict[str, str]] = {
    "meadow": {"en": "Meadow", "de": "Wiese"},
    "forest": {"en": "Forest", "de": "Wald"},
    "road": {"en": "Road", "de": "Straße"},
    "bridge": {"en": "Bridge", "de": "Brücke"},
    "water": {"en": "Water", "de": "Wasser"},
    "trench": {"en": "Trench", "de": "Graben"},
    "river": {"en": "River", "de": "Fluss"},
    "fort": {"en": "Fort", "de": "Fort"},
    "entrance": {"en": "Entrance", "de": "Eingang"},
    "start_marker": {"en": "Start marker", "de": "Startmarker"},
    "veteran": {"en": "Veteran", "de": "Veteran"},
    "hero": {"en": "Hero", "de": "Held"},
    "pincer": {"en": "Pincer attack", "de": "Zangenangriff"},
    "encirclement": {"en": "Encirclement", "de": "Einkesselung"},
    "war_bonds": {"en": "War bonds", "de": "Kriegsanleihen"},
}


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale variables ask for: "de" for any German locale, else "en".

    The first locale variable that is set decides, in POSIX order (LC_ALL, LC_MESSAGES,
    LANGUAGE, LANG); "C" and "POSIX" mean English.
    """
    env = os.environ if environ is None else environ
    for name in _LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else DEFAULT
    return DEFAULT


def set_language(language: str) -> None:
    """Make `language` ("en" or "de") the language of user-visible text in this process."""
    if language not in SUPPORTED:
        raise ValueError(f"unsupported language {language!r}; use one of {', '.join(SUPPORTED)}")
    global _language
    _language = language


def current_language() -> str:
    """The language of user-visible text in this process ("en" or "de")."""
    return _language


def localized(names: Mapping[str, str] | None, fallback: str = "") -> str:
    """The current language's entry of a content `name`-style mapping ({"de": …, "en": …}).

    Falls back to English, then German, then `fallback` (usually the id).
    """
    if not names:
        return fallback
    return names.get(_language) or names.get(DEFAULT) or names.get("de") or fallback


def rule_word(key: str) -> str:
    """The rulebook's word for a rules term (terrain, fort, hero, …) in the current language.

    An unknown key comes back unchanged, so a new content id still shows something.
    """
    words = RULE_WORDS.get(key)
    return words[_language] if words else key
