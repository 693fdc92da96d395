"""The language of `tcstudio`: `--lang de|en` (anywhere on the command line) or the locale,
and argparse's own words ("usage:", "options", …) in that language."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from engine.i18n import SUPPORTED, current_language, language_from_environment, set_language

# argparse's own msgids (it calls gettext on them); %-fields stay as they are.
ARGPARSE_DE = {
    "usage: ": "Aufruf: ",
    "positional arguments": "Argumente",
    "options": "Optionen",
    "optional arguments": "Optionen",
    "show this help message and exit": "zeigt diese Hilfe und beendet",
    "argument %(argument_name)s: %(message)s": "Argument %(argument_name)s: %(message)s",
    "unrecognized arguments: %s": "unbekannte Argumente: %s",
    "the following arguments are required: %s": "diese Argumente fehlen: %s",
    "one of the arguments %s is required": "eines der Argumente %s ist nötig",
    "not allowed with argument %s": "nicht erlaubt zusammen mit Argument %s",
    "ignored explicit argument %r": "ignoriertes explizites Argument %r",
    "expected one argument": "erwartet ein Argument",
    "expected at most one argument": "erwartet höchstens ein Argument",
    "expected at least one argument": "erwartet mindestens ein Argument",
    "ambiguous option: %(option)s could match %(matches)s":
        "mehrdeutige Option: %(option)s passt zu %(matches)s",
    "invalid %(type)s value: %(value)r": "ungültiger Wert für %(type)s: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "ungültige Wahl: %(value)r (wähle aus %(choices)s)",
    "%(prog)s: error: %(message)s\n": "%(prog)s: Fehler: %(message)s\n",
    "unknown parser %(parser_name)r (choices: %(choices)s)":
        "unbekannter Befehl %(parser_name)r (möglich: %(choices)s)",
    "can't open '%(filename)s': %(error)s": "'%(filename)s' kann nicht geöffnet werden: "
                                            "%(error)s",
}
ARGPARSE_PLURALS_DE = {
    "expected %s argument": ("erwartet %s Argument", "erwartet %s Argumente"),
}


def _argparse_gettext(message: str) -> str:
    return ARGPARSE_DE.get(message, message) if current_language() == "de" else message


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    forms = ARGPARSE_PLURALS_DE.get(singular) if current_language() == "de" else None
    if forms is None:
        return singular if n == 1 else plural
    return forms[0] if n == 1 else forms[1]


class LanguageError(ValueError):
    """`--lang` without a value or with one the Studio does not speak."""


def take_language(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The `--lang` value given anywhere before `--`, and the arguments without it."""
    rest: list[str] = []
    chosen: str | None = None
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--lang" or arg.startswith("--lang="):
            if arg == "--lang":
                if i + 1 >= len(args):
                    raise LanguageError("--lang")
                chosen, i = args[i + 1], i + 2
            else:
                chosen, i = arg.split("=", 1)[1], i + 1
            if chosen not in SUPPORTED:
                raise LanguageError(chosen)
            continue
        rest.append(arg)
        i += 1
    return chosen, rest


def choose_language(argv: Sequence[str]) -> list[str]:
    """Set the process language from `--lang` or else the locale, make argparse speak it,
    and return the arguments without `--lang`. Raises LanguageError for a bad `--lang`."""
    chosen, rest = take_language(argv)
    set_language(chosen or language_from_environment())
    # argparse looks these names up in its module on every message, so this makes its
    # own words follow our language (it would otherwise ask the C library's catalogue).
    argparse._ = _argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = _argparse_ngettext  # type: ignore[attr-defined]
    return rest
