"""The editor's translation parts: which sources each `editor/translations/<part>_de.ts` covers.

Three parts so three people can translate in parallel without editing one file: `core` (the
editor minus the play-test and authoring folders), `playtest` and `authoring`. The
completeness test, `python -m editor.i18n_build --update` and the build all read this table.
"""

from __future__ import annotations

from pathlib import Path

EDITOR = Path(__file__).resolve().parent
ROOT = EDITOR.parent
TRANSLATIONS = EDITOR / "translations"
LANGUAGES = ("de",)

# Paths relative to the repository root; a folder means every .py file under it.
PARTS: dict[str, tuple[str, ...]] = {
    "playtest": ("editor/playtest", "editor/balance_dock.py"),
    "authoring": ("editor/authoring", "editor/scenario", "editor/area"),
}
CORE = "core"


def part_names() -> list[str]:
    """Every part, core first."""
    return [CORE, *PARTS]


def _owned_elsewhere(path: Path) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    return any(rel == p or rel.startswith(p + "/") for ps in PARTS.values() for p in ps)


def part_sources(part: str) -> list[Path]:
    """The Python files whose strings belong to `part`, sorted."""
    if part == CORE:
        files = [p for p in EDITOR.rglob("*.py") if not _owned_elsewhere(p)]
    else:
        files = []
        for entry in PARTS[part]:
            path = ROOT / entry
            files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return sorted(p for p in files if "__pycache__" not in p.parts)


def ts_file(part: str, language: str = "de") -> Path:
    """The committed translation source of a part."""
    return TRANSLATIONS / f"{part}_{language}.ts"
