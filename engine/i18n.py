"""The language of user-visible text, and the rulebooks' own words for the rules.

One process-wide language ("en" or "de"), chosen from the environment or set explicitly
(`tcstudio --lang de`, the editor's View ▸ Language). The engine itself never depends on it:
rules, logs and saved files are the same in every language; only text shown to a person is.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).with_name("locale")
SUPPORTED = ("en", "de")
DEFAULT = "en"
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")

_language = DEFAULT

# The rulebooks' terms (seeds 002/003/004); English from RULES.md. Keys are the ids the
# content and the engine use.
# How the rules document is named where a text cites a section of it ("RULES §11.1").
RULES_PREFIX = "RULES §"
RULEBOOK = {"en": "RULES", "de": "Regelwerk"}
RULE_WORDS: dict[str, dict[str, str]] = {
    "meadow": {"en": "Meadow", "de": "Wiese"},
    "forest": {"en": "Forest", "de": "Wald"},
    "road": {"en": "Road", "de": "Straße"},
    "bridge": {"en": "Bridge", "de": "Brücke"},
    "water": {"en": "Water", "de": "Wasser"},
    "trench": {"en": "Trench", "de": "Graben"},
    "river": {"en": "River", "de": "Fluss"},
    "rail": {"en": "Railway", "de": "Eisenbahn"},
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


@contextmanager
def in_language(language: str) -> Iterator[None]:
    """Make `language` current inside the `with` block (e.g. English for machine output of
    text that is composed of several messages), then restore the previous one."""
    previous = _language
    set_language(language)
    try:
        yield
    finally:
        set_language(previous)


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


Note = str | Mapping[str, str]


def note_text(note: Any) -> str:
    """The text of a note a user reads: a `{de, en}` note in the current language, a plain
    note as it is, nothing for no note."""
    if isinstance(note, Mapping):
        return localized(note)
    return note if isinstance(note, str) else ""


def edited_note(old: Any, text: str) -> Note:
    """The note after a user typed `text` over what `note_text(old)` showed: a `{de, en}`
    note changes only the current language's entry (the other is kept); a plain note
    becomes `text`. An empty text removes the note."""
    if not text:
        return ""
    if isinstance(old, Mapping) and old:
        if note_text(old) == text:
            return dict(old)
        return {**old, _language: text}
    return text


# Unit-type names ({"de": …, "en": …}) of the catalogs games were made from, so log lines
# can name a unit type in words; text only, the rules never read it.
_UNIT_NAMES: dict[str, Mapping[str, str]] = {}
_UNIT_NAMES_MAX = 10_000


def register_unit_names(names: Mapping[str, Mapping[str, str]]) -> None:
    """Remember the names of unit types (id -> {"de": …, "en": …}) for `unit_name`."""
    if len(_UNIT_NAMES) + len(names) <= _UNIT_NAMES_MAX:
        _UNIT_NAMES.update(names)


def unit_name(type_id: str) -> str:
    """A unit type's name in the current language, from a registered catalog; else the id."""
    return localized(_UNIT_NAMES.get(type_id), type_id)


def rule_word(key: str) -> str:
    """The rulebook's word for a rules term (terrain, fort, hero, …) in the current language.

    An unknown key comes back unchanged, so a new content id still shows something.
    """
    words = RULE_WORDS.get(key)
    return words[_language] if words else key


def rule_reference(reference: str) -> str:
    """A rulebook section as cited in the current language: "RULES §11.1" (the rules
    document's name) is "Regelwerk §11.1" in German; another text comes back unchanged."""
    if _language != DEFAULT and reference.startswith(RULES_PREFIX):
        return RULEBOOK[_language] + reference.removeprefix("RULES")
    return reference


class Msg(str):
    """A user-visible message: its text in the language current when it was made, plus the
    English template and fields to render it in any language (`translate`).

    Being a `str`, a Msg goes wherever text went before; `_()` and `ngettext()` make them.
    """

    template: str
    plural: str | None
    n: int | None
    params: dict[str, Any]
    language: str

    def __new__(cls, template: str, params: dict[str, Any], plural: str | None = None,
                n: int | None = None) -> Msg:
        text = _render(template, plural, n, params, _language)
        self = super().__new__(cls, text)
        self.template, self.plural, self.n, self.params = template, plural, n, params
        self.language = _language
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.template, self.params, self.plural, self.n))

    def __copy__(self) -> Msg:
        return self

    def __deepcopy__(self, _memo: dict[int, Any]) -> Msg:
        return self

    def render(self, language: str | None = None) -> str:
        """The message in `language` (default: the current language)."""
        language = language or _language
        if language == self.language:
            return str.__str__(self)
        return _render(self.template, self.plural, self.n, self.params, language)


def _(template: str, /, **params: Any) -> Msg:
    """Mark `template` (English, `str.format` fields) for translation and fill in `params`.

    The template is the catalogue's msgid: keep it a literal so the completeness test
    (tests/engine/test_i18n_catalogue.py) finds it.
    """
    return Msg(template, params)


class Text(Msg):
    """A fixed text without fields, such as a schema's description of a value: the
    catalogue's translation in each language, braces and all (nothing is filled in).

    As a `clause` it fits inside a sentence ("expected {description}"): no final full stop,
    and in English a lower-case first letter unless the text starts with an abbreviation
    ("XP needed …"); German keeps its capitals, as its nouns need them.
    """

    clause: bool

    def __new__(cls, text: str, clause: bool = False) -> Text:
        self = str.__new__(cls, _fixed(text, clause, _language))
        self.template, self.plural, self.n, self.params = text, None, None, {}
        self.clause, self.language = clause, _language
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.template, self.clause))

    def render(self, language: str | None = None) -> str:
        """The text in `language` (default: the current language)."""
        language = language or _language
        if language == self.language:
            return str.__str__(self)
        return _fixed(self.template, self.clause, language)


def gettext(text: str, /) -> Text:
    """A fixed text in the current language (no fields filled in), e.g. a schema description.

    A literal argument is a msgid the completeness test finds; texts that come from data (the
    schemas' descriptions) are extracted by tests/i18n_scan.py from where they are written.
    """
    return Text(text)


def _fixed(text: str, clause: bool, language: str) -> str:
    entry = catalogue(language).get(text) if language != DEFAULT else None
    out = entry[0] if entry else text
    if not clause:
        return out
    out = out.rstrip().removesuffix(".")
    if entry is None and out[:1].isupper() and not out[1:2].isupper():
        out = out[0].lower() + out[1:]
    return out


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> Msg:
    """`_()` for a message with a count: `singular` when `n` is 1, else `plural`; `{n}` is
    filled in with `n`."""
    return Msg(singular, {"n": n, **params}, plural, n)


def translate(text: str, language: str | None = None) -> str:
    """`text` in `language` (default: current) when it is a Msg; any other text unchanged."""
    if isinstance(text, Msg):
        return text.render(language)
    return text


def english(text: str) -> str:
    """`text` in English: what machine output (JSON) shows, the same in every language."""
    return translate(text, DEFAULT)


def number_text(value: int | float, language: str | None = None) -> str:
    """`value` written as text in `language` (default: current) writes numbers: 10,000 and
    0.5 in English, 10.000 and 0,5 in German (1000 stays ungrouped, as in both languages'
    texts and in the schemas' descriptions: "1..1000", "0..10,000")."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    text = f"{value:,}" if abs(value) >= 10_000 else f"{value}"
    if (language or _language) == "de":
        text = text.translate(_GERMAN_SEPARATORS)
    return text


_GERMAN_SEPARATORS = str.maketrans({",": ".", ".": ","})


class Number(Msg):
    """A number in a message, written in the style of the language it is rendered in
    (`number_text`): "allowed: 0 to 10,000" and "erlaubt: 0 bis 10.000" from one Msg."""

    value: int | float

    def __new__(cls, value: int | float) -> Number:
        self = str.__new__(cls, number_text(value, _language))
        self.template, self.plural, self.n, self.params = str(value), None, None, {}
        self.value, self.language = value, _language
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Number, (self.value,))

    def render(self, language: str | None = None) -> str:
        """The number in `language`'s style (default: the current language)."""
        return number_text(self.value, language)


class _GermanNumber(float):
    """A float that formats with a decimal comma ("1,38"), as German text writes it."""

    def __format__(self, spec: str) -> str:
        return format(float(self), spec).replace(".", ",")


def _render(template: str, plural: str | None, n: int | None, params: dict[str, Any],
            language: str) -> str:
    english_form = template if plural is None or n == 1 else plural
    fields = {k: translate(v, language) if isinstance(v, Msg) else v for k, v in params.items()}
    if language != DEFAULT:
        entry = catalogue(language).get(template)
        if entry is not None:
            form = entry[0] if len(entry) == 1 or n == 1 else entry[1]
            local = {k: _GermanNumber(v) if type(v) is float else v for k, v in fields.items()}
            try:
                return form.format_map(local)
            except (KeyError, ValueError, IndexError, AttributeError):
                pass  # a broken translation must not hide the message: English instead
    return english_form.format_map(fields)


_PO_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_PO_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


def _po_text(line: str) -> str:
    match = _PO_STRING.search(line)
    if not match:
        raise ValueError(f"not a PO string: {line!r}")
    return re.sub(r"\\(.)", lambda m: _PO_ESCAPES.get(m.group(1), m.group(1)), match.group(1))


def parse_po(text: str) -> dict[str, list[str]]:
    """The entries of a gettext PO file: msgid → [msgstr] or [msgstr[0], msgstr[1]].

    Only what our catalogue uses: msgid, msgid_plural, msgstr, msgstr[N], continuation
    lines and comments; untranslated (empty) and fuzzy entries are left out.
    """
    entries: dict[str, list[str]] = {}
    fields: dict[str, str] = {}
    current: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        msgid = fields.get("msgid")
        forms = [fields[k] for k in sorted(fields) if k.startswith("msgstr")]
        if msgid and forms and all(forms) and not fuzzy:
            entries[msgid] = forms
        fields.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in fields:
                    flush()
                fuzzy = True
            continue
        if not line:
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"PO continuation without a keyword: {raw!r}")
            fields[current] += _po_text(line)
            continue
        keyword = line.split(None, 1)[0]
        if keyword == "msgid" and "msgid" in fields:
            flush()
        current = keyword
        fields[keyword] = _po_text(line)
    if "msgid" in fields:
        flush()
    return entries


@functools.cache
def catalogue(language: str) -> dict[str, list[str]]:
    """The translations into `language` (engine/locale/<language>.po), read once."""
    path = LOCALE_DIR / f"{language}.po"
    if language == DEFAULT or not path.is_file():
        return {}
    return parse_po(path.read_text(encoding="utf-8"))
