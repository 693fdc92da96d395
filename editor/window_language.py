"""View ▸ Language: System / English / Deutsch, stored in the settings, applied at the next
start (editor.app installs the translators before any window exists)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from editor.i18n import LANGUAGE_NAMES, RESTART_NOTES, translate
from editor.settings import Settings
from engine.i18n import SUPPORTED, language_from_environment

Notify = Callable[[str, str], None]


def install_language_menu(window: QWidget, view_menu: QMenu, settings: Settings,
                          notify: Notify | None = None) -> QMenu:
    """Add the Language submenu to `view_menu`; choosing an entry stores it and says, in
    the chosen language, that it applies after a restart (`notify(title, text)`, by
    default a message box)."""
    menu = view_menu.addMenu(translate("LanguageMenu", "&Language"))
    menu.setObjectName("languageMenu")
    group = QActionGroup(menu)
    current = str(settings.pref("language"))
    choices = [("system", translate("LanguageMenu", "System")),
               *((code, LANGUAGE_NAMES[code]) for code in SUPPORTED)]
    for value, text in choices:
        action = QAction(text, menu)
        action.setCheckable(True)
        action.setChecked(value == current)
        action.setData(value)
        group.addAction(action)
        menu.addAction(action)
        action.triggered.connect(
            lambda _checked=False, v=value: choose_language(window, settings, v, notify))
    return menu


def choose_language(window: QWidget, settings: Settings, value: str,
                    notify: Notify | None = None) -> bool:
    """Store the View ▸ Language choice ("system", "en" or "de"); returns whether it
    changed (then the user is told, in the new language, that a restart applies it)."""
    if value == str(settings.pref("language")):
        return False
    settings.set_pref("language", value)
    language = value if value in SUPPORTED else language_from_environment()
    title, text = RESTART_NOTES[language]
    if notify is None:
        QMessageBox.information(window, title, text)
    else:
        notify(title, text)
    return True
