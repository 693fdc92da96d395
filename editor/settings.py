"""Persistent editor settings (QSettings): recent files, preferences, window layout."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

MAX_RECENT = 10
# Longest wait for a pause before unsaved work is kept anyway, in autosave intervals.
AUTOSAVE_MAX_WAIT = 6

DEFAULTS: dict[str, object] = {
    "autosave_seconds": 5,
    "validation_delay_ms": 300,
    "show_grid": True,
    "show_coords": False,
    # View ▸ Language: "system" (the locale), "en" or "de"; applied at the next start.
    "language": "system",
}
# The ranges of the integer preferences, as Edit ▸ Preferences offers them. A settings file
# edited by hand (0 s: a recovery copy on every event; 10**12 ms: a timer Qt refuses, so no
# start) is brought into them.
RANGES: dict[str, tuple[int, int]] = {
    "autosave_seconds": (1, 600),
    "validation_delay_ms": (50, 5000),
}


class Settings:
    """Typed access to the editor's QSettings."""

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self.q = qsettings or QSettings()

    def recent_files(self) -> list[str]:
        """Most recent first; files that no longer exist are dropped."""
        value = self.q.value("recent_files", [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return []
        names = [v for v in value[:MAX_RECENT] if isinstance(v, str) and v and "\0" not in v]
        return [v for v in names if Path(v).exists()]

    def add_recent(self, path: str | Path) -> None:
        """Put a file at the top of the recent list."""
        p = str(Path(path).resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.q.setValue("recent_files", files[:MAX_RECENT])

    def clear_recent(self) -> None:
        """Forget the recent files."""
        self.q.setValue("recent_files", [])

    def pref(self, name: str) -> object:
        """A preference, with its default."""
        default = DEFAULTS[name]
        value = self.q.value(f"prefs/{name}", default)
        if isinstance(default, bool):
            return value in (True, "true", "1", 1)
        if isinstance(default, int):
            try:
                number = int(value)  # type: ignore[arg-type]
            except (TypeError, ValueError, OverflowError):
                return default
            low, high = RANGES[name]
            return min(max(number, low), high)
        return value

    def set_pref(self, name: str, value: object) -> None:
        """Store a preference."""
        if name not in DEFAULTS:
            raise KeyError(name)
        self.q.setValue(f"prefs/{name}", value)


def recovery_dir() -> Path:
    """Where unsaved work is kept for crash recovery (AppDataLocation/recovery)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "recovery"


def stamps_dir() -> Path:
    """Where the stamp library keeps saved stamps (AppDataLocation/stamps)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "stamps"
