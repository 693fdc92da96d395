"""Run the tests of the Qt-free packages with PySide6 made unimportable.

engine/ and exporters/ must work on a machine without Qt (STYLE digest 1). Putting None in
sys.modules makes every `import PySide6` raise ImportError, so any Qt dependency that creeps
into these packages or their tests fails here. Usage: python tests/without_qt.py DIR...
"""

import sys

BLOCKED = ("PySide6", "shiboken6")


def main(paths: list[str]) -> int:
    """Run pytest on `paths` with Qt blocked; return pytest's exit code."""
    for name in BLOCKED:
        sys.modules[name] = None  # type: ignore[assignment]
    import pytest

    args = ["-q", "-p", "no:pytest-qt", "-p", "no:cacheprovider"]
    args += ["-W", "ignore::pytest.PytestConfigWarning", *paths]
    return int(pytest.main(args))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
