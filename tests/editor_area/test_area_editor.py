"""The Der Erste Weltkrieg editor driven as a designer would: draw a front, place cities and
bases, join them by attack lines, see the problems clear, undo, save and play-test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from editor.area.window import AreaEditorWindow, open_area
from engine.content import load_file
from engine.paths import CONTENT_DIR

SCENARIO = CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


@pytest.fixture
def window(qtbot):
    """The editor on the built-in scenario; left clean so closing it asks nothing."""
    opened = open_area(SCENARIO)
    assert not isinstance(opened, str)
    made = AreaEditorWindow(*opened)
    qtbot.addWidget(made)
    made.show()
    qtbot.waitExposed(made)
    made.canvas.zoom_to_fit()
    yield made
    made.doc.undo_stack.setClean()


def _click(window: AreaEditorWindow, x: float, y: float) -> None:
    view = window.canvas
    point: QPoint = view.mapFromScene(QPointF(x, y))
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def _codes(window: AreaEditorWindow) -> set[str]:
    return {p.code for p in window.doc.problems if p.is_error}


def test_draw_a_front_with_cities_and_a_line_validate_undo_and_play_test(qtbot, window,
                                                                          tmp_path):
    doc = window.doc
    assert _codes(window) == set()
    window.tool_actions["front"].trigger()
    for corner in ((305, 5), (545, 5), (545, 415), (305, 415)):
        _click(window, *corner)
    QTest.keyClick(window.canvas, Qt.Key.Key_Return)
    front = doc.map.front(12)
    assert len(front.polygon) == 4 and window.canvas.selection == "front-12"
    assert {"area.front_without_city", "area.missing_base"} <= _codes(window)
    # nations of the new front, through the properties form
    window.properties.nations.setText("FR, DE")
    window.properties.name_de.setText("Ardennen-Front")
    window.properties.apply()
    assert doc.map.front(12).nations == ["FR", "DE"]
    window.owner_box.setCurrentIndex(window.owner_box.findData("western_allies"))
    window.tool_actions["base"].trigger()
    _click(window, 330, 200)
    window.tool_actions["city"].trigger()
    _click(window, 390, 200)
    window.owner_box.setCurrentIndex(window.owner_box.findData("germans"))
    _click(window, 460, 200)
    window.tool_actions["base"].trigger()
    _click(window, 520, 200)
    new = [c.id for c in doc.map.cities if c.front == 12]
    bases = [b.id for b in doc.map.bases if b.front == 12]
    assert len(new) == 2 and len(bases) == 2
    assert "area.city_unlinked" in _codes(window)
    window.tool_actions["line"].trigger()
    for a, b in ((330, 200), (390, 200)), ((390, 200), (460, 200)), ((460, 200), (520, 200)):
        _click(window, *a)
        _click(window, *b)
    assert len([x for x in doc.map.attack_lines if x.a in new or x.b in new]) == 3
    assert _codes(window) == set(), [p.format() for p in doc.problems]
    # every step undoes and redoes whole
    lines = len(doc.map.attack_lines)
    window.undo_action.trigger()
    assert len(doc.map.attack_lines) == lines - 1 and "area.base_unlinked" in _codes(window)
    window.redo_action.trigger()
    assert _codes(window) == set()
    # save atomically to a new file that loads as a valid area map
    out = tmp_path / "mine.area-map.yaml"
    doc.save(out)
    assert load_file(out).errors == [] and window.doc.undo_stack.isClean()
    assert "*" not in window.windowTitle()
    # play-test: the new front takes French and German armies
    play = window.playtest()
    assert play is not None
    qtbot.addWidget(play)
    for _ in range(400):
        if play.state.phase == "setup" and play.state.actor == "germans":
            break
        play.ai_move()
    texts = [play.actions.item(i).text() for i in range(play.actions.count())]
    assert any(t.startswith("place de-") and t.endswith(" 12") for t in texts)


def test_battle_choices_show_the_engines_odds(qtbot, window):
    play = window.playtest()
    qtbot.addWidget(play)
    for _ in range(600):
        texts = [play.actions.item(i).text() for i in range(play.actions.count())]
        if any(t.startswith("battle ") for t in texts):
            break
        play.ai_move()
    battles = [t for t in texts if t.startswith("battle ")]
    assert battles and all("win " in t or "no defender" in t for t in battles)


def test_a_click_outside_every_front_places_nothing_and_says_why(window):
    before = len(window.doc.map.cities)
    messages = []
    window.canvas.status.connect(messages.append)
    window.tool_actions["city"].trigger()
    _click(window, 420, 200)  # the empty middle of the built-in map
    assert len(window.doc.map.cities) == before
    assert any("inside a front" in m for m in messages)


def test_a_file_that_is_not_area_content_is_refused_with_a_hint(tmp_path):
    bad = tmp_path / "x.yaml"
    bad.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    message = open_area(bad)
    assert isinstance(message, str) and "hint" in message
    assert isinstance(open_area(Path(CONTENT_DIR / "maps" / "default.map.yaml")), str)


def test_the_project_view_opens_area_files_in_the_area_editor(qtbot):
    from editor.authoring.project import ProjectWindow
    project = ProjectWindow(CONTENT_DIR, None, None)
    qtbot.addWidget(project)
    opened = project.open_path(SCENARIO)
    assert isinstance(opened, AreaEditorWindow)
    qtbot.addWidget(opened)
    assert opened.doc.map.id == "europe-1914"


def _map_with_background(tmp_path: Path, picture: bytes | None) -> Path:
    """A copy of the built-in area map that names `front.png` as its background, written
    with `picture` as that file's bytes (None: no file)."""
    data = load_file(CONTENT_DIR / "weltkrieg" / "europe.area-map.yaml").document.data
    data = {**data, "background": {"file": "front.png", "opacity": 0.5}}
    path = tmp_path / "front.area-map.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    if picture is not None:
        (tmp_path / "front.png").write_bytes(picture)
    return path


def _png(tmp_path: Path) -> bytes:
    image = QImage(8, 6, QImage.Format.Format_RGB32)
    image.fill(0x336699)
    image.save(str(tmp_path / "made.png"))
    return (tmp_path / "made.png").read_bytes()


@pytest.mark.parametrize(("picture", "reason"), [
    (b"GIF89a not allowed", "not a PNG or JPEG"),
    ("broken", "cannot be decoded"),
])
def test_a_background_picture_that_cannot_be_shown_is_a_listed_warning(
        qtbot, tmp_path, picture, reason):
    """Before, the editor left such a picture out without a word."""
    if picture == "broken":  # a sound PNG header over a body cut short
        picture = _png(tmp_path)[:40]
    opened = open_area(_map_with_background(tmp_path, picture))
    assert not isinstance(opened, str)
    made = AreaEditorWindow(*opened)
    qtbot.addWidget(made)
    [problem] = [p for p in made.doc.problems if "background" in p.code]
    assert (problem.code, problem.severity, problem.pointer) == (
        "area.unshown_background", "warning", "/background/file")
    assert "front.png" in problem.message and reason in problem.message and problem.hint
    listed = [made.problems.item(i).text() for i in range(made.problems.count())]
    assert any("area.unshown_background" in text for text in listed)


def test_a_background_picture_that_shows_or_is_missing_adds_no_editor_warning(qtbot, tmp_path):
    shown = open_area(_map_with_background(tmp_path, _png(tmp_path)))
    assert not isinstance(shown, str)
    assert not [p for p in shown[0].problems if "background" in p.code]
    (tmp_path / "front.png").unlink()
    missing = open_area(_map_with_background(tmp_path, None))
    assert not isinstance(missing, str)
    # the map's own check says the file is missing; the editor adds nothing to it
    assert [p.code for p in missing[0].problems if "background" in p.code] == [
        "area.missing_background"]
