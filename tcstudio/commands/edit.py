"""`tcstudio edit [FILE|DIR]`: open the editor for a content file, or a folder's project."""

from __future__ import annotations

import argparse

from engine.i18n import _


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `edit` subcommand."""
    parser = subparsers.add_parser(
        "edit",
        help=_("open the editor (maps, scenarios, unit catalogs, rulesets, content folders)"),
        description=
        _("Open the editor for a content file: a map or scenario in the map editor, a unit catalog "
          "or ruleset in its editor; a folder opens as a project that lists its content with its "
          "problems (default: content/scenarios/default-4p.scenario.yaml, which opens its map)."),
    )
    parser.add_argument("file", nargs="?", help=
                        _("a .map/.scenario/.catalog/.ruleset file (.yaml or .json), a .tcpack, "
                          "a Tiled map (.tmx/.tmj, imported as a new map) or a content folder"))
    parser.add_argument(
        "--screenshot",
        metavar="PNG",
        help=_("render the editor window offscreen to this PNG and exit"),
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Start the editor; returns its exit code."""
    # lazy: only `tcstudio edit` loads Qt; every other command runs without PySide6.
    from editor.app import run as run_editor

    # `--lang`, when the command line has one, wins over the setting and the locale.
    return run_editor(args.file, args.screenshot, getattr(args, "lang", None))
