"""`tcstudio edit [FILE]`: open the map editor."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `edit` subcommand."""
    parser = subparsers.add_parser(
        "edit",
        help="open the map editor",
        description="Open the map editor on a map or scenario file "
        "(default: content/scenarios/default-4p.scenario.yaml, which opens its map).",
    )
    parser.add_argument("file", nargs="?", help="a .map.yaml/.json or .scenario.yaml file")
    parser.add_argument(
        "--screenshot",
        metavar="PNG",
        help="render the editor window offscreen to this PNG and exit",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Start the editor; returns its exit code."""
    # lazy: only `tcstudio edit` loads Qt; every other command runs without PySide6.
    from editor.app import run as run_editor

    return run_editor(args.file, args.screenshot)
