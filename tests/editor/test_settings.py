"""Window layout, recent files and preferences persist in QSettings."""

from __future__ import annotations

import pytest

from editor.settings import Settings
from tests.editor.conftest import DEFAULT_MAP

pytestmark = pytest.mark.qt


def test_layout_and_overlays_persist(make_window, settings):
    w = make_window()
    w.history_dock.hide()
    w.set_overlay("coords", True)
    w.close()
    assert settings.q.value("window/state") is not None
    w2 = make_window()
    assert w2.history_dock.isHidden()
    assert w2.overlays["coords"] is True
    assert w2.overlay_actions["coords"].isChecked()


def test_recent_files_are_most_recent_first_without_duplicates(settings, tmp_path):
    other = tmp_path / "b.map.yaml"
    other.write_text("x")
    settings.add_recent(DEFAULT_MAP)
    settings.add_recent(other)
    settings.add_recent(DEFAULT_MAP)
    assert settings.recent_files() == [str(DEFAULT_MAP.resolve()), str(other.resolve())]
    other.unlink()
    assert settings.recent_files() == [str(DEFAULT_MAP.resolve())]


def test_preferences_have_typed_defaults(settings):
    assert settings.pref("autosave_seconds") == 5
    settings.set_pref("autosave_seconds", 12)
    assert Settings(settings.q).pref("autosave_seconds") == 12
    with pytest.raises(KeyError):
        settings.set_pref("nonsense", 1)


def test_a_settings_file_edited_by_hand_cannot_stop_the_editor(make_window, settings, tmp_path):
    """autosave_seconds = 10**12 made QTimer.setInterval raise while the window was built
    (no start at all), and 0 kept a recovery copy on every event; a NUL in a recent file
    raised in Path.exists while the File menu was built."""
    settings.q.setValue("prefs/autosave_seconds", "1000000000000")
    settings.q.setValue("prefs/validation_delay_ms", "-5")
    settings.q.setValue("recent_files", [str(DEFAULT_MAP), "a\0b", "", *["x"] * 10_000])
    assert settings.pref("autosave_seconds") == 600
    assert settings.pref("validation_delay_ms") == 50
    assert settings.recent_files() == [str(DEFAULT_MAP)]
    w = make_window()
    assert w.autosave_timer.interval() == 600_000
    settings.q.setValue("prefs/autosave_seconds", "9" * 5000)  # longer than int() takes
    assert settings.pref("autosave_seconds") == 5
