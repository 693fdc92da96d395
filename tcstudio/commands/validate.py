"""`tcstudio validate PATH...`: check content files (schema and semantics), report problems."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from engine.content import validate_report
from engine.i18n import _, ngettext
from tcstudio.cli_support import printable


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the `validate` subcommand."""
    parser = subparsers.add_parser(
        "validate",
        help=_("check content files against their schemas and the game's rules"),
        description=
        _("Check maps, catalogs, rulesets, scenarios and pack manifests (files or directories, "
          "recursively). Exit 0: no errors; 1: errors found; 2: could not run."),
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help=_("files or directories"))
    parser.add_argument("--format", choices=("human", "json"), default="human",
                        help=_("output format (default: human)"))
    parser.set_defaults(handler=run)


def _unusable(path: Path) -> str | None:
    """Why a path given on the command line cannot be checked at all, or None."""
    try:
        if not path.exists():
            return _("no such file or directory")
        if not os.access(path, os.R_OK) or (path.is_dir() and not os.access(path, os.X_OK)):
            return _("permission denied")
    except OSError as exc:
        return str(exc)
    return None


def run(args: argparse.Namespace) -> int:
    """Validate the paths; print problems and a summary; return the exit code."""
    paths = [Path(p) for p in args.paths]
    for p in paths:
        reason = _unusable(p)
        if reason:
            sys.stderr.write(_("tcstudio validate: {p}: {reason} (hint: check the path)\n", p=p,
                               reason=reason))
            return 2
    try:
        count, problems = validate_report(paths)
    except Exception as exc:  # never a traceback; per-file errors are already problems
        sys.stderr.write(_("tcstudio validate: could not run: {name}: {exc} (hint: please report "
                           "this)\n", name=type(exc).__name__, exc=exc))
        return 2
    errors = sum(1 for p in problems if p.is_error)
    warnings = len(problems) - errors
    summary = _("checked {files}: {errors}, {warnings}",
                files=ngettext("{n} file", "{n} files", count),
                errors=ngettext("{n} error", "{n} errors", errors),
                warnings=ngettext("{n} warning", "{n} warnings", warnings))
    if args.format == "json":
        report = {
            "problems": [p.to_json() for p in problems],
            "summary": {"files": count, "errors": errors, "warnings": warnings},
        }
        sys.stdout.write(printable(json.dumps(report, indent=2, ensure_ascii=False)) + "\n")
    else:
        for p in problems:
            sys.stdout.write(printable(p.format(), one_line=True) + "\n")
        sys.stdout.write(summary + "\n")
    return 1 if errors else 0
