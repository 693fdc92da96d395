"""Lines a benchmark shows in `make bench`'s output (pytest captures plain prints)."""

from __future__ import annotations

import pytest


def say(config: pytest.Config, text: str) -> None:
    """Print `text` past pytest's output capture."""
    capture = config.pluginmanager.get_plugin("capturemanager")
    if capture is None:
        print(text)
        return
    with capture.global_and_fixture_disabled():
        print(text)
