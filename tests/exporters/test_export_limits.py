"""Issue 15 finding 7: every numeric export option is bounded (docs/exporters.md, Limits);
bad values and unusable `--out` folders are refused with a message, never a traceback."""

from __future__ import annotations

import time

import pytest

from engine.model import GameMap
from engine.paths import CONTENT_DIR
from exporters.base import ExportError, ExportOptions, get
from exporters.board import build_board
from exporters.limits import MAX_PDF_PAGES
from exporters.pdf import board_to_pdf
from exporters.png import render_board
from tcstudio.cli import main
from tests.exporters.conftest import sample_map

MAP = CONTENT_DIR / "maps" / "default.map.yaml"


def run(capsys, *args: str) -> tuple[int, str]:
    try:
        code = main(["export", str(MAP), *args])
    except SystemExit as exc:  # argparse refuses bad option values with exit 2
        code = int(exc.code)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


@pytest.mark.parametrize(("option", "value"), [
    ("--dpi", "1e308"), ("--dpi", "1e-300"), ("--dpi", "5"), ("--dpi", "nan"),
    ("--hex-mm", "1e308"), ("--hex-mm", "1000"), ("--hex-mm", "0.001"), ("--hex-mm", "inf"),
])
@pytest.mark.parametrize("fmt", ["png", "pdf", "svg"])
def test_out_of_range_option_is_refused_before_any_work(tmp_path, capsys, option, value, fmt):
    start = time.monotonic()
    code, err = run(capsys, "--format", fmt, "--out", str(tmp_path / "x"), option, value)
    assert code == 2
    assert f"{option}: " in err and "outside" in err
    assert time.monotonic() - start < 10
    assert list(tmp_path.iterdir()) == []


BAD_OPTIONS = [(ExportOptions(dpi=1e308), "--dpi"), (ExportOptions(hex_mm=1e308), "--hex-mm"),
               (ExportOptions(dpi=1e-300), "--dpi"), (ExportOptions(hex_mm=1000), "--hex-mm")]


@pytest.mark.parametrize(("fmt", "options", "message"), [
    (fmt, options, message) for fmt in ("png", "pdf", "svg") for options, message in BAD_OPTIONS
    if fmt != "svg" or message != "--dpi"])  # SVG has no resolution
def test_exporters_refuse_out_of_range_options(tmp_path, fmt, options, message):
    with pytest.raises(ExportError, match=message):
        get(fmt).export(sample_map(), tmp_path / f"x.{fmt}", options)
    assert list(tmp_path.iterdir()) == []


def test_pdf_page_count_is_bounded_before_drawing():
    board = build_board(GameMap.blank("big", 120, 120), 100.0)
    start = time.monotonic()
    with pytest.raises(ExportError, match=f"limit of {MAX_PDF_PAGES}"):
        board_to_pdf(board, "A4")
    assert time.monotonic() - start < 5


def test_png_size_is_bounded_on_both_sides():
    board = build_board(sample_map(), 30.0)
    with pytest.raises(ExportError, match="less than"):
        render_board(board, 1e-300)
    with pytest.raises(ExportError, match="not a finite"):
        render_board(board, 1e308)
    with pytest.raises(ExportError, match="per side"):
        render_board(board, 1200 * 40)


def test_out_naming_an_existing_file_as_folder_exits_2(tmp_path, capsys):
    existing = tmp_path / "board.svg"
    existing.write_text("mine", encoding="utf-8")
    code, err = run(capsys, "--format", "svg", "--out", f"{existing}/")
    assert code == 2 and "is a file, not a folder" in err
    assert existing.read_text(encoding="utf-8") == "mine"


def test_out_folder_that_cannot_be_created_exits_2(tmp_path, capsys):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file", encoding="utf-8")
    code, err = run(capsys, "--format", "svg", "--out", f"{blocker}/sub/")
    assert code == 2 and "cannot create the folder" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]


def test_in_range_export_still_works(tmp_path, capsys):
    code, _ = run(capsys, "--format", "svg", "--out", f"{tmp_path}/new/", "--hex-mm", "5")
    assert code == 0
    assert (tmp_path / "new").is_dir() and len(list((tmp_path / "new").iterdir())) == 1
