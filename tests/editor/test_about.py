"""Help > About names the version from engine.version (the editor never imports the CLI)."""

from __future__ import annotations

from editor import main_window
from engine import version


def test_about_shows_the_engine_version(make_window, monkeypatch):
    shown = []
    monkeypatch.setattr(main_window.QMessageBox, "about",
                        lambda parent, title, text: shown.append((title, text)))
    make_window().about()
    assert len(shown) == 1
    assert f"{main_window.APP_TITLE}</b> {version.package_version()}<br>" in shown[0][1]
