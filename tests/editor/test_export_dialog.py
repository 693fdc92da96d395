"""File → Export: every format written from the dialog, the preview, errors and the menu.
The preview following option changes in the background: tests/editor/test_export_preview.py."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import pytmx
from PIL import Image
from PySide6.QtWidgets import QApplication

from editor import files
from editor.export_dialog import ExportDialog, board_preview, scenario_for
from engine.hexes import Hex
from tests.editor.conftest import DEFAULT_MAP, ROOT

pytestmark = pytest.mark.qt
SCENARIO = ROOT / "content" / "scenarios" / "default-2p.scenario.yaml"


@pytest.fixture
def default_map():
    return files.open_map(DEFAULT_MAP).map


def _dialog(qtbot, game_map, tmp_path, scenario=None) -> ExportDialog:
    dlg = ExportDialog(game_map, scenario, start_dir=tmp_path)
    dlg.errors = []
    dlg.show_error = lambda title, text: dlg.errors.append((title, text))
    qtbot.addWidget(dlg)
    dlg.hex_mm.setValue(10)
    dlg.dpi.setValue(40)
    return dlg


def _export(dlg: ExportDialog, fmt: str, path: Path) -> Path:
    dlg.set_format(fmt)
    dlg.path_edit.setText(str(path))
    dlg.accept()
    assert dlg.errors == []
    assert dlg.result() == ExportDialog.DialogCode.Accepted
    assert dlg.result_info is not None and dlg.result_info.format == fmt
    return dlg.result_info.path


def _non_blank(image) -> bool:
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    return len(colours) > 20


def test_svg_export_parses_and_holds_every_fort_and_marker(qtbot, tmp_path, default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    out = _export(dlg, "svg", tmp_path / "board")  # extension added
    assert out == tmp_path / "board.svg"
    root = ET.parse(out).getroot()
    ids = {el.get("id") for el in root.iter()}
    assert {f"fort-{f.id}" for f in default_map.forts} <= ids
    assert {f"start-{s.number}" for s in default_map.start_markers} <= ids


def test_png_export_has_the_size_of_dpi_and_hex_size(qtbot, tmp_path, default_map):
    from exporters.board import build_board

    dlg = _dialog(qtbot, default_map, tmp_path)
    out = _export(dlg, "png", tmp_path / "board.png")
    board = build_board(default_map, 10)
    with Image.open(out) as img:
        assert img.size == (round(board.width * 40 / 25.4), round(board.height * 40 / 25.4))


def test_tiled_export_loads_in_pytmx_with_terrain_and_forts(qtbot, tmp_path, default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    out = _export(dlg, "tiled", tmp_path / "argonne.tmx")
    tm = pytmx.TiledMap(str(out))
    assert (tm.width, tm.height) == (default_map.width, default_map.height)
    assert tm.orientation == "hexagonal"
    forts = [o for o in tm.objects if o.type == "fort"]
    assert sorted(o.properties["tc_id"] for o in forts) == sorted(f.id for f in default_map.forts)
    col, row = 5, 7
    gid = tm.get_layer_by_name("terrain").data[row][col]
    expected = default_map.terrain_at(default_map.to_axial(col, row))
    assert tm.get_tile_properties_by_gid(gid)["terrain"] == expected


def test_tmj_export_is_json_tiled_map(qtbot, tmp_path, default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    out = _export(dlg, "tmj", tmp_path / "argonne.tmj")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["orientation"] == "hexagonal" and data["width"] == default_map.width


def test_pdf_export_page_count_matches_the_preview(qtbot, tmp_path, default_map):
    from pypdf import PdfReader

    dlg = _dialog(qtbot, default_map, tmp_path)
    dlg.set_format("pdf")
    dlg.paper.setCurrentText("A3")
    dlg.hex_mm.setValue(25)
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=10000)  # drawn in the background
    pages = int(dlg.preview_text.text().split()[0])
    assert "A3" in dlg.preview_text.text()
    out = _export(dlg, "pdf", tmp_path / "board.pdf")
    assert len(PdfReader(str(out)).pages) == pages > 2


def test_unsaved_edit_is_what_gets_exported(qtbot, tmp_path, default_map):
    h = default_map.to_axial(0, 0)
    new = 4 if default_map.terrain[default_map.index(h)] != 4 else 1
    default_map.terrain[default_map.index(h)] = new  # an edit never saved to disk
    dlg = _dialog(qtbot, default_map, tmp_path)
    out = _export(dlg, "tmj", tmp_path / "edited.tmj")
    data = json.loads(out.read_text(encoding="utf-8"))
    layer = next(la for la in data["layers"] if la["name"] == "terrain")
    assert layer["data"][0] - 1 == new


def test_preview_is_a_non_blank_board_and_pdf_shows_pages(qtbot, tmp_path, default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    dlg.set_format("svg")
    qtbot.waitUntil(lambda: not dlg.preview_pending(), timeout=10000)  # drawn in the background
    pix = dlg.preview.pixmap()
    assert not pix.isNull() and _non_blank(pix.toImage())
    assert "board" in dlg.preview_text.text()
    a4, text4 = board_preview(default_map, 30, "A4")
    _, text3 = board_preview(default_map, 30, "A3")
    assert _non_blank(a4)
    assert int(text4.split()[0]) > int(text3.split()[0]) > 1


def test_pack_is_disabled_without_a_scenario_and_says_why(qtbot, tmp_path, default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    with pytest.raises(ValueError):
        dlg.set_format("pack")
    assert "not opened from" in dlg.note.text() and "File → Open" in dlg.note.text()
    item = dlg.format_box.model().item(dlg.format_box.findData("pack"))
    assert not item.isEnabled()


def test_pack_export_uses_the_scenario_with_the_map_in_memory(qtbot, tmp_path, default_map):
    from packs.reader import read_pack

    dlg = _dialog(qtbot, default_map, tmp_path, SCENARIO)
    default_map.name = "Edited Argonne"
    out = _export(dlg, "pack", tmp_path / "two.tcpack")
    manifest, entries = read_pack(out)
    assert manifest["pack"]["id"] == "default_2p"
    assert json.loads(entries["map.json"])["name"]["en"] == "Edited Argonne"  # and its de name


def test_errors_show_the_hint_and_keep_the_dialog_open(qtbot, tmp_path, default_map):
    dlg = _dialog(qtbot, default_map, tmp_path)
    dlg.set_format("png")
    dlg.dpi.setValue(1200)
    dlg.hex_mm.setValue(100)
    dlg.path_edit.setText(str(tmp_path / "huge.png"))
    dlg.accept()
    assert dlg.result_info is None and not (tmp_path / "huge.png").exists()
    title, text = dlg.errors[0]
    assert title == "Export failed" and "Hint:" in text and "pixels" in text
    assert QApplication.overrideCursor() is None  # the wait cursor was taken back


def test_pack_with_map_errors_is_refused(qtbot, tmp_path, default_map):
    default_map.start_markers[1].number = default_map.start_markers[0].number
    dlg = _dialog(qtbot, default_map, tmp_path, SCENARIO)
    dlg.set_format("pack")
    dlg.path_edit.setText(str(tmp_path / "bad.tcpack"))
    dlg.accept()
    assert not (tmp_path / "bad.tcpack").exists()
    assert "Problems panel" in dlg.errors[0][1]


def test_file_menu_has_export_with_ctrl_e_and_knows_the_scenario(make_window, tmp_path):
    w = make_window()
    assert w.act_export.shortcut().toString() == "Ctrl+E"
    file_menu = w.menuBar().actions()[0].menu()
    assert w.act_export in file_menu.actions()
    assert w.open_file(SCENARIO, ask=False)
    assert scenario_for(w.source_scenario, w.document.path) == SCENARIO.resolve()
    assert w.open_file(DEFAULT_MAP, ask=False)
    assert w.source_scenario is None
    assert w.document.map.terrain_at(Hex(0, 0)) is not None


def test_window_started_on_a_scenario_offers_pack_export(make_window):
    opened = files.open_map(SCENARIO)  # what `tcstudio edit SCENARIO` does before the window
    w = make_window(opened.map, opened.path)
    assert scenario_for(w.source_scenario, w.document.path) == SCENARIO.resolve()


def test_the_preview_is_the_png_export_drawn_small(default_map):
    """The preview drew a shape per hex (18 s for a 1M-hex map); it now draws what the PNG
    export draws, hex cells rastered, at the preview's size."""
    from exporters.board import build_board
    from exporters.png import render_board

    image, _ = board_preview(default_map, 30, None, 300, 200)
    board = build_board(default_map, 30, raster_cells=True)
    k = min(300 / board.width, 200 / board.height)
    png = render_board(board, k * 25.4)
    assert (image.width(), image.height()) == png.size
    differ = 0
    for x in range(0, png.width, 3):
        for y in range(0, png.height, 3):
            c, (r, g, b) = image.pixelColor(x, y), png.getpixel((x, y))[:3]
            differ += max(abs(c.red() - r), abs(c.green() - g), abs(c.blue() - b)) > 2
    assert differ == 0
