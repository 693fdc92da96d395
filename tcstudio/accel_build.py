"""Compiling the engine's hottest modules with Cython (`python -m tcstudio.accel_build`).

Compiles every module of `engine.accel.ACCELERATED` (or those named with `--modules`) from
its unchanged Python source into a C extension in `build/accel/` (or `--out`), then writes the
manifest that lets `engine.accel` load them. The Makefile runs it after installing; without
Cython or a C compiler it says so, writes a manifest listing nothing and exits 0: the engine
then runs as plain Python, with the same results, only slower.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from engine.accel import ACCELERATED, MANIFEST, ROOT, compiled_name, source_digest, source_of
from engine.content.atomic import atomic_write_bytes, atomic_write_text
from engine.i18n import _, language_from_environment, ngettext, set_language

# Type annotations are documentation here, not C types: Cython must not check them.
DIRECTIVES = {"language_level": 3, "annotation_typing": False}


def _write_manifest(out: Path, modules: dict[str, dict[str, object]], note: str = "") -> None:
    data: dict[str, object] = {"cache_tag": sys.implementation.cache_tag, "modules": modules}
    if note:
        data["note"] = note
    atomic_write_text(out / MANIFEST, json.dumps(data, indent=1, sort_keys=True) + "\n")


def build(out: Path, names: tuple[str, ...] = ACCELERATED, jobs: int = 2) -> list[str]:
    """Compile `names` into `out` and write its manifest; returns the names compiled.
    Raises RuntimeError when Cython or the C compiler is missing or fails."""
    try:
        # lazy: only the build needs them, and a machine without them still runs the engine
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as exc:
        raise RuntimeError(f"Cython is not installed ({exc.name})") from exc
    out.mkdir(parents=True, exist_ok=True)
    (out / MANIFEST).unlink(missing_ok=True)  # nothing is loaded while files change
    digests = {name: source_digest(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="accel-") as temp:
        work = Path(temp)
        quiet = ["-w"] if os.name == "posix" else []  # the generated C's warnings are noise
        extensions = [Extension(name, [str(source_of(name).relative_to(ROOT))],
                                extra_compile_args=quiet) for name in names]
        cwd = Path.cwd()
        os.chdir(ROOT)  # cythonize names the C files after the relative source paths
        try:
            compiled = cythonize(extensions, compiler_directives=DIRECTIVES,
                                 build_dir=str(work / "c"), quiet=True, nthreads=jobs)
            command = Distribution({"ext_modules": compiled}).get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "obj")
            command.parallel = jobs
            command.ensure_finalized()
            command.run()
        except SystemExit as exc:  # setuptools reports compiler failures this way
            raise RuntimeError(f"the C compiler failed: {exc}") from exc
        except Exception as exc:  # Cython's and the compiler's errors have no common base
            raise RuntimeError(f"{type(exc).__name__}: {exc}") from exc
        finally:
            os.chdir(cwd)
        for name in names:
            built = Path(command.get_ext_fullpath(name)).read_bytes()
            atomic_write_bytes(out / compiled_name(name), built)
    changed = [name for name in names if source_digest(name) != digests[name]]
    if changed:
        raise RuntimeError(f"sources changed while compiling: {', '.join(changed)}")
    _write_manifest(out, {name: {"file": compiled_name(name), "source_sha256": digests[name],
                                 "size": (out / compiled_name(name)).stat().st_size}
                          for name in names})
    return list(names)


def main(argv: list[str] | None = None) -> int:
    """Command line: compile, or say why not (exit 0 either way: plain Python still runs).
    Messages are in the locale's language, as tcstudio's."""
    set_language(language_from_environment())
    parser = argparse.ArgumentParser(prog="python -m tcstudio.accel_build",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "accel")
    parser.add_argument("--modules", nargs="+", choices=ACCELERATED, default=ACCELERATED)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    try:
        names = build(args.out, tuple(args.modules), args.jobs)
    except RuntimeError as exc:
        args.out.mkdir(parents=True, exist_ok=True)
        _write_manifest(args.out, {}, note=f"not compiled: {exc}")
        sys.stderr.write(_("tcstudio.accel_build: not compiled ({reason}); the engine runs as "
                           "plain Python, with the same results, only slower (hint: install "
                           "Cython and a C compiler, then run make accel)\n", reason=exc))
        return 0
    sys.stdout.write(ngettext("tcstudio.accel_build: {n} module compiled into {folder}\n",
                              "tcstudio.accel_build: {n} modules compiled into {folder}\n",
                              len(names), folder=args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
