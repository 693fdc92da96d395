"""The editor's language: Qt translators for every part's .qm, plus Qt's own for standard
dialogs and buttons, and the engine's language for rules words and content names."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QStandardPaths, QTranslator

from editor.i18n_build import ToolMissing, compile_ts, stale
from editor.i18n_parts import TRANSLATIONS
from editor.settings import Settings
from engine import i18n

# View ▸ Language: each language named in itself, so a user finds theirs in any language.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch"}
# Said in the language just chosen (the translators loaded are still the old language's).
RESTART_NOTES: dict[str, tuple[str, str]] = {
    "en": ("Language", "Trench Club Studio speaks English from its next start."),
    "de": ("Sprache", "Trench Club Studio spricht ab dem nächsten Start Deutsch."),
}

_installed: list[QTranslator] = []  # kept alive: Qt holds only a pointer


def chosen_language(settings: Settings) -> str:
    """The language the View ▸ Language setting asks for; "system" (the default) follows the
    locale variables (LC_ALL, LC_MESSAGES, LANGUAGE, LANG)."""
    value = str(settings.pref("language"))
    if value in i18n.SUPPORTED:
        return value
    return i18n.language_from_environment()


def _cache_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    return Path(base or Path.home() / ".cache" / "tcstudio") / "translations"


def qm_files(language: str) -> list[Path]:
    """The compiled translations of every part for `language`. A .qm missing or older than
    its .ts (a checkout without `make install`) is compiled first, next to the .ts or, if that
    folder is read-only, into the user's cache folder."""
    found: dict[str, Path] = {p.stem: p for p in TRANSLATIONS.glob(f"*_{language}.qm")}
    for ts in sorted(TRANSLATIONS.glob(f"*_{language}.ts")):
        qm = TRANSLATIONS / f"{ts.stem}.qm"
        if not stale(ts, qm):
            continue
        cached = _cache_dir() / f"{ts.stem}.qm"
        if not stale(ts, cached):
            found[ts.stem] = cached
            continue
        for target in (qm, cached):
            try:
                compile_ts(ts, target)
            except (ToolMissing, RuntimeError, OSError):
                continue
            found[ts.stem] = target
            break
    return [found[k] for k in sorted(found)]


def install_translators(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Make `language` the application's language: removes the translators of an earlier
    call, loads every part's `*_<language>.qm` and Qt's own `qtbase_<language>.qm`, and sets
    the engine's language. Returns the translators installed (none for English)."""
    i18n.set_language(language)
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    if language == i18n.DEFAULT:
        return []
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    candidates = [*qm_files(language), Path(qt_dir) / f"qtbase_{language}.qm"]
    for path in candidates:
        translator = QTranslator(app)
        if path.exists() and translator.load(str(path)):
            app.installTranslator(translator)
            _installed.append(translator)
    return list(_installed)


# Outside QObject subclasses: translate("Context", "text"); pyside6-lupdate finds the calls.
translate = QCoreApplication.translate


def tr(text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """Translate a string outside a QObject's methods, `n` the count of a %n plural.

    pyside6-lupdate files a free tr("…") call under the empty context and marks its plural
    forms only for tr(), so this is how mixins and plain functions translate plurals.
    """
    return QCoreApplication.translate("", text, disambiguation, n)


def english_plural(translated: str, source: str, n: int, one: str, other: str) -> str:
    """A numerus translation (`translate(ctx, "%n hex(es)", "", n)`) made exact in English:
    with no translator Qt returns the source with "(es)" in it, so the English singular
    `one` or plural `other` (with "{n}") is used instead."""
    if translated == source.replace("%n", str(n)):
        return (one if n == 1 else other).format(n=n)
    return translated


def rule_label(key: str) -> str:
    """How a rules id is shown in lists of ids (path kinds, fort owners, terrains in combo
    boxes): the id itself in English, the rulebook's word (engine.i18n.rule_word) otherwise."""
    return key if i18n.current_language() == i18n.DEFAULT else i18n.rule_word(key)
