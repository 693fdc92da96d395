"""`tcstudio build`: validate all content, then write one map pack per scenario + index.json."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.i18n import _
from tcstudio.cli_support import ProgressBar, print_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `build` subcommand."""
    p = subparsers.add_parser(
        "build", help=_("validate content and build map packs (.tcpack) plus index.json"),
        description=
        _("Validate every content file, stop with the full problem list if any is wrong, otherwise "
          "write one .tcpack per scenario and index.json into --out. Unchanged packs are skipped."))
    p.add_argument("content_dir", nargs="?", default="content", metavar="CONTENT_DIR",
                   help=_("content folder (default: ./content)"))
    p.add_argument("--out", required=True, metavar="DIR", help=_("output folder"))
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help=_("build packs on N processes (default: one per CPU); the packs are "
                          "the same for any N"))
    p.add_argument("--quiet", action="store_true", help=_("print nothing on success"))
    p.add_argument("--format", choices=["text", "json"], default="text",
                   help=_("output for people (text) or CI (json)"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the build; 0 ok, 1 content problems, 2 could not run."""
    # lazy: the pack writers load PIL and the board renderer; only `build` needs them, and
    # every command module is imported to build the argument parser.
    from engine.jobs import MAX_JOBS
    from exporters.pipeline import build

    content = Path(args.content_dir)
    if not content.is_dir():
        sys.stderr.write(_("tcstudio build: {content} is not a folder (hint: give the content "
                           "folder, e.g. 'tcstudio build content')\n", content=content))
        return 2
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        sys.stderr.write(_("tcstudio build: --jobs {jobs} is not a number of processes (hint: "
                           "give 1 to {max_jobs})\n", jobs=args.jobs, max_jobs=MAX_JOBS))
        return 2
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        sys.stderr.write(_("tcstudio build: --out {out} is a file (hint: give a folder)\n",
                           out=out))
        return 2
    bar = ProgressBar(enabled=not args.quiet and args.format == "text")
    try:
        result = build(content, out, progress=bar, jobs=args.jobs)
    except OSError as err:
        sys.stderr.write(_("tcstudio build: cannot write {value}: {strerror}\n",
                           value=err.filename or out, strerror=err.strerror))
        return 2
    if not result.ok:
        print_problems(result.problems, args.format)
        return 1
    if args.format == "json":
        json.dump({"ok": True, "out": str(out), "built": result.built,
                   "skipped": result.skipped, "removed": result.removed,
                   "packs": result.index["packs"] if result.index else [],
                   "warnings": [p.to_json() for p in result.problems]},
                  sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    elif not args.quiet:
        for p in result.problems:
            sys.stderr.write(p.format() + "\n")
        print(_("{n_built} pack(s) built, {n_skipped} unchanged, index: {out}",
                n_built=len(result.built), n_skipped=len(result.skipped), out=out / 'index.json'))
    return 0
