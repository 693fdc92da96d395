"""Entry point of the `tcstudio` command: finds the subcommand modules and dispatches."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

import tcstudio.commands
from engine import version


class _Parser(argparse.ArgumentParser):
    """argparse that exits with 2 and a hint instead of a usage dump on bad arguments."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n(hint: run '{self.prog} --help')\n")
        raise SystemExit(2)


class _VersionAction(argparse.Action):
    """--version: looks the version up only when asked (see engine.version)."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        sys.stdout.write(f"tcstudio {version.__version__}\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every registered subcommand."""
    parser = _Parser(
        prog="tcstudio",
        description="Trench Club Studio: edit, validate, play-test and export Trench Club content.",
    )
    parser.add_argument("--version", action=_VersionAction, nargs=0,
                        help="show the version and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for info in sorted(pkgutil.iter_modules(tcstudio.commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"tcstudio.commands.{info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run `tcstudio` with the given arguments and return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
