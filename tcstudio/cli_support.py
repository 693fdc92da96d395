"""Command-line helpers of the subcommands: printable messages, problems, progress bar."""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engine.i18n import _

# Lone surrogates cannot be encoded as UTF-8; control characters (C0 but newline, DEL, C1)
# would drive the terminal (an escape sequence in a key could clear the screen or forge lines).
_UNPRINTABLE = re.compile("[\ud800-\udfff\x00-\x09\x0b-\x1f\x7f-\x9f]")
_UNPRINTABLE_LINE = re.compile("[\ud800-\udfff\x00-\x1f\x7f-\x9f]")


class OutputError(Exception):
    """An output file that could not be written: the message for stderr, exit code 2."""


def write_output(write: Callable[[Any, str], object], obj: Any, out: str) -> None:
    """`write(obj, out)`; an OSError becomes an OutputError naming `out` and the reason."""
    try:
        write(obj, out)
    except OSError as exc:
        raise OutputError(_("cannot write {out}: {why} (hint: name a file in a folder that "
                            "exists and that you can write to)", out=out,
                            why=exc.strerror or exc)) from None


def printable(text: str, one_line: bool = False) -> str:
    """`text` with lone surrogates (from `\\ud800` escapes in a file) and control characters
    written as `\\uXXXX`; with `one_line`, newlines too.

    The escape is readable, and inside a JSON string it is the same character again.
    """
    pattern = _UNPRINTABLE_LINE if one_line else _UNPRINTABLE
    return pattern.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def not_a_file(path: Path) -> str:
    """Why `path` cannot be read as a file: missing, a folder, or not a regular file (a FIFO
    or a device, which would block or never end)."""
    if not path.exists():
        return _("no such file")
    return _("a folder, not a file") if path.is_dir() else _("not a regular file")


def positive_float(text: str) -> float:
    """argparse type: a number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a number", text=text)) from None
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(_("{text!r} must be a positive number", text=text))
    return value


def print_problems(problems: list[Any], fmt: str, stream: TextIO | None = None) -> None:
    """Print content problems as text lines (stderr) or one JSON document (stdout)."""
    if fmt == "json":
        json.dump({"ok": False, "problems": [p.to_json() for p in problems]}, sys.stdout,
                  ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return
    out = stream or sys.stderr
    for p in problems:
        out.write(printable(p.format(), one_line=True) + "\n")
    errors = sum(1 for p in problems if p.severity == "error")
    out.write(_("{errors} error(s), {n_problems} warning(s)\n", errors=errors,
                n_problems=len(problems) - errors))


class ProgressBar:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, enabled: bool = True, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = enabled and self.stream.isatty()

    def __call__(self, done: int, total: int, label: str) -> None:
        if not self.enabled or total <= 0:
            return
        width = 30
        filled = round(width * done / total)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                          f"{label[:40]:<40}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def results_csv(rows: list[dict[str, Any]]) -> str:
    """One CSV line per row with a header of the first row's keys (empty text for none)."""
    if not rows:
        return ""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def finish_simulation(args: argparse.Namespace, summary: dict[str, Any],
                      rows: Callable[[], list[dict[str, Any]]], text: Callable[[], str],
                      write_report: Callable[[Path], object]) -> int:
    """The end of `tcstudio simulate`: the `--report` folder (`write_report`), then the summary
    as JSON, the games as CSV (`rows`) or the text report (`text`) on stdout. Exit code 2 when
    the report cannot be written."""
    if args.report:
        try:
            write_report(Path(args.report))
        except OSError as exc:
            where = exc.filename or args.report
            sys.stderr.write(_("tcstudio simulate: cannot write the report to {where}: {why} "
                               "(hint: give --report a folder that you can write to)\n",
                               where=where, why=exc.strerror or exc))
            return 2
    if args.format == "json":
        sys.stdout.write(json.dumps(summary, indent=1) + "\n")
    elif args.format == "csv":
        sys.stdout.write(results_csv(rows()))
    else:
        sys.stdout.write(text())
    return 0


def simulated_games(spec: Any, args: argparse.Namespace, progress: Any,
                    run_local: Callable[..., list[Any]],
                    play: Callable[[Any], list[Any]] | None = None) -> list[Any] | None:
    """The results of `args.games` games of `spec`: on Dask with `--backend dask` or
    `--scheduler` (with `play`, the batch player, when given), else with `run_local` on
    `args.jobs` processes. None after a message on stderr when Dask is missing or its
    scheduler cannot be reached (the command then exits 2)."""
    if not (args.backend == "dask" or args.scheduler):
        return run_local(spec, args.games, jobs=args.jobs, progress=progress)
    try:
        # lazy: Dask is an optional extra; its absence is a message, not an import error.
        from engine.ai.cluster import run_dask
    except ImportError as exc:
        sys.stderr.write(_("tcstudio simulate: the Dask backend needs the cluster extra: {exc} "
                           "(hint: pip install '.[cluster]')\n", exc=exc))
        return None
    options = {} if play is None else {"play": play}
    try:
        return run_dask(spec, args.games, scheduler=args.scheduler, jobs=args.jobs,
                        progress=progress, **options)
    except OSError as exc:
        sys.stderr.write(_("tcstudio simulate: cannot reach the Dask scheduler {scheduler}: "
                           "{exc}\n", scheduler=args.scheduler, exc=exc))
        return None
