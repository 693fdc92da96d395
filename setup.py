"""The package build compiles the editor's translations (editor/translations/*.ts -> .qm)
with PySide6's lrelease, so a wheel or an install carries them; all metadata is in
pyproject.toml. Where lrelease is not available yet (PySide6 is installed after the build
step of a fresh `pip install -e .`), the Makefile and the editor's first start compile them."""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

# The PEP 517 backend does not put the project on sys.path; editor.i18n_build needs no Qt.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from editor.i18n_build import ToolMissing, compile_all


class BuildPyWithTranslations(build_py):
    """build_py that first compiles the stale .qm files next to their .ts sources."""

    def run(self) -> None:
        try:
            for qm in compile_all():
                print(f"compiled {qm.name}")
        except (ToolMissing, RuntimeError, OSError) as exc:
            print(f"warning: translations not compiled now ({exc}); the editor compiles them")
        super().run()


setup(cmdclass={"build_py": BuildPyWithTranslations})
