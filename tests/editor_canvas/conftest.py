"""Fixtures for the canvas tests: documents on generated maps and shown views."""

from __future__ import annotations

import pytest

from editor.canvas import MapView

from .fakes import FakeDocument, RecordingTool, generate_map


@pytest.fixture(params=["pointy", "flat"])
def orientation(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def make_view(qtbot):
    """Build a shown 800×600 MapView on a generated map."""

    def make(width: int = 30, height: int = 24, orientation: str = "pointy",
             parity: str = "odd") -> tuple[MapView, FakeDocument, RecordingTool]:
        m = generate_map(width, height, orientation)
        m.layout.offset = parity  # type: ignore[assignment]
        doc = FakeDocument(m)
        view = MapView(doc)
        view.map_scene.terrain.build_budget_s = 1e9  # deterministic: build every chunk
        qtbot.addWidget(view)
        view.resize(800, 600)
        with qtbot.waitExposed(view):
            view.show()
        tool = RecordingTool()
        view.set_tool(tool)
        return view, doc, tool

    return make
