"""Compiling the translation sources (.ts) into the .qm files Qt loads, with PySide6's tools.

`python -m editor.i18n_build` compiles every `editor/translations/*.ts` whose .qm is missing or
older (the Makefile and setup.py's build step run it); `--update` first refreshes each part's
.ts from the sources with `pyside6-lupdate` (new strings arrive unfinished, to be translated).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from editor.i18n_parts import ROOT, TRANSLATIONS, part_names, part_sources, ts_file


class ToolMissing(RuntimeError):
    """PySide6's lupdate/lrelease cannot be found."""


def qt_tool(name: str) -> str:
    """The path of PySide6's `lupdate` or `lrelease` (the `pyside6-` wrapper next to Python,
    on PATH, or the binary inside the PySide6 package)."""
    for candidate in (Path(sys.executable).with_name(f"pyside6-{name}"),):
        if candidate.exists():
            return str(candidate)
    found = shutil.which(f"pyside6-{name}")
    if found:
        return found
    try:
        # lazy: setup.py imports this module in a build environment that may lack PySide6
        import PySide6
    except ImportError as exc:
        raise ToolMissing(f"pyside6-{name} not found (hint: pip install PySide6-Essentials)") \
            from exc
    inside = Path(PySide6.__file__).parent / name
    if inside.exists():
        return str(inside)
    raise ToolMissing(f"pyside6-{name} not found (hint: reinstall PySide6-Essentials)")


def _tool_env() -> dict[str, str]:
    # A PEP 517 build runs with PYTHONPATH set to an isolated environment without PySide6;
    # the pyside6-* wrappers must see the interpreter's own site-packages.
    return {k: v for k, v in os.environ.items()
            if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONNOUSERSITE")}


def stale(ts: Path, qm: Path) -> bool:
    """Whether `qm` is missing or older than its source `ts`."""
    return not qm.exists() or qm.stat().st_mtime < ts.stat().st_mtime


def compile_ts(ts: Path, qm: Path) -> None:
    """Compile one .ts into `qm` with lrelease; raises RuntimeError with lrelease's output."""
    qm.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([qt_tool("lrelease"), str(ts), "-qm", str(qm)],
                          capture_output=True, text=True, env=_tool_env())
    if done.returncode != 0 or not qm.exists():
        raise RuntimeError(f"lrelease {ts.name} failed: {done.stdout}{done.stderr}")


def compile_all(out_dir: Path = TRANSLATIONS, force: bool = False) -> list[Path]:
    """Compile every stale (or, with `force`, every) .ts into `out_dir`; the .qm files written."""
    written = []
    for ts in sorted(TRANSLATIONS.glob("*.ts")):
        qm = out_dir / ts.with_suffix(".qm").name
        if force or stale(ts, qm):
            compile_ts(ts, qm)
            written.append(qm)
    return written


def lupdate(part: str, ts: Path) -> None:
    """Extract `part`'s tr()/translate() strings into `ts` (kept translations stay)."""
    sources = [str(p.relative_to(ROOT)) for p in part_sources(part)]
    # No line numbers: the .ts changes only when a string does, so parallel branches merge.
    command = [qt_tool("lupdate"), "-locations", "none", "-no-obsolete", *sources, "-ts", str(ts)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"lupdate {part} failed: {done.stdout}{done.stderr}")


def main(argv: list[str] | None = None) -> int:
    """`python -m editor.i18n_build [--update] [--force]`."""
    parser = argparse.ArgumentParser(prog="python -m editor.i18n_build", description=__doc__)
    parser.add_argument("--update", action="store_true",
                        help="refresh each part's .ts from the sources first (pyside6-lupdate)")
    parser.add_argument("--force", action="store_true", help="recompile every .qm")
    args = parser.parse_args(argv)
    try:
        if args.update:
            for part in part_names():
                lupdate(part, ts_file(part))
        for qm in compile_all(force=args.force):
            print(f"wrote {qm.relative_to(ROOT)}")
    except (ToolMissing, RuntimeError, OSError) as exc:
        sys.stderr.write(f"i18n_build: error: {exc}\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
