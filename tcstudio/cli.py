"""Entry point of the `tcstudio` command: finds the subcommand modules and dispatches."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

import tcstudio.commands
from engine import version
from engine.i18n import SUPPORTED, _
from tcstudio.cli_language import LanguageError, choose_language


class _Parser(argparse.ArgumentParser):
    """argparse that exits with 2 and a hint instead of a usage dump on bad arguments."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(_("{prog}: error: {message}\n(hint: run '{prog} --help')\n",
                           prog=self.prog, message=message))
        raise SystemExit(2)


class _VersionAction(argparse.Action):
    """--version: looks the version up only when asked (see engine.version)."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        sys.stdout.write(_("tcstudio {version}\n", version=version.__version__))
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every registered subcommand."""
    parser = _Parser(
        prog="tcstudio",
        description=_("Trench Club Studio: edit, validate, play-test and export Trench Club "
                      "content."),
    )
    parser.add_argument("--version", action=_VersionAction, nargs=0,
                        help=_("show the version and exit"))
    # Read by choose_language before parsing (it may also follow the subcommand); listed
    # here for --help.
    parser.add_argument("--lang", choices=SUPPORTED,
                        help=_("language of messages and help (default: from LANG, "
                               "LC_MESSAGES, LC_ALL or LANGUAGE)"))
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for info in sorted(pkgutil.iter_modules(tcstudio.commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"tcstudio.commands.{info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run `tcstudio` with the given arguments and return the exit code.

    The language (`--lang`, else the locale) is chosen first: help texts are made with the
    parser."""
    try:
        argv = choose_language(sys.argv[1:] if argv is None else argv)
    except LanguageError as err:
        sys.stderr.write(_("tcstudio: error: --lang needs one of {languages}, not {value!r} "
                           "(hint: --lang de or --lang en)\n",
                           languages=", ".join(SUPPORTED), value=str(err)))
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        sys.stderr.write(_("interrupted\n"))
        return 130
