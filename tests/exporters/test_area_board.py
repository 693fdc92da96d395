"""Der Erste Weltkrieg boards: `tcstudio export` writes SVG, PNG and PDF that real readers
open, with every front, city and base of the map."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile

import cairosvg
import pypdf
import pytest
from PIL import Image, ImageColor

from engine.area_geometry import FRONT_OPACITY_OVER_PICTURE
from engine.content import load_file
from engine.paths import CONTENT_DIR
from exporters.area_board import (
    DEFAULT_WIDTH_MM,
    MARGIN_MM,
    THEATRE_TINTS,
    build_area_board,
)
from exporters.svg import board_to_svg
from tcstudio.cli import main

from .area_pack_sources import linked_copy, picture

SCENARIO = CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


def test_the_svg_names_every_front_and_city_and_renders(tmp_path, capsys):
    out = tmp_path / "board.svg"
    assert main(["export", str(SCENARIO), "--format", "svg", "--out", str(out)]) == 0
    root = ET.fromstring(out.read_bytes())
    texts = {t.text for t in root.iter(f"{SVG}text")}
    scenario = load_file(SCENARIO).model
    assert {c.name for c in scenario.map.cities} <= texts
    assert {f"{f.number}  {f.name['de']}" for f in scenario.map.fronts} <= texts
    assert "ab Runde 4" in texts  # the neutral line to Bucharest (6.6)
    png = cairosvg.svg2png(bytestring=out.read_bytes(), output_width=800)
    assert Image.open(io.BytesIO(png)).size[0] == 800


def test_owners_of_a_game_in_progress_colour_the_cities():
    scenario = load_file(SCENARIO).model
    start = build_area_board(scenario.map, scenario.catalog)
    taken = build_area_board(scenario.map, scenario.catalog, owner={"paris": "germans"})
    colours = {s.fill for g in start.groups if g.name == "places" for s in g.shapes}
    assert scenario.catalog.factions["germans"].colour in colours
    before = [s.fill for g in start.groups if g.name == "places" for s in g.shapes]
    after = [s.fill for g in taken.groups if g.name == "places" for s in g.shapes]
    assert sum(a != b for a, b in zip(before, after, strict=True)) == 1


@pytest.mark.parametrize(("fmt", "magic"), [("png", b"\x89PNG"), ("pdf", b"%PDF")])
def test_png_and_pdf_boards(tmp_path, fmt, magic, capsys):
    out = tmp_path / f"board.{fmt}"
    assert main(["export", str(SCENARIO), "--format", fmt, "--dpi", "40",
                 "--out", str(out)]) == 0
    assert out.read_bytes().startswith(magic)
    if fmt == "png":
        width, height = Image.open(out).size
        assert 900 < width < 1100 and width > height


def test_formats_the_area_game_lacks_are_refused_with_a_hint(tmp_path, capsys):
    assert main(["export", str(SCENARIO), "--format", "tiled", "--out",
                 str(tmp_path / "x.tmx")]) == 1
    assert "use svg, png, pdf" in capsys.readouterr().err
    assert not (tmp_path / "x.tmx").exists()


# ------------------------------------------------------------------ background picture
BLUE = (0, 0, 255)
PAPER = (0xEF, 0xE9, 0xD6)


def _solid(colour: tuple[int, int, int], fmt: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (50, 32), colour).save(out, fmt)
    return out.getvalue()


def _pixel(img: Image.Image, board_width_mm: float, at: tuple[float, float]
           ) -> tuple[int, int, int]:
    """The pixel of `img` (the whole board) at a point of the built-in map (board units)."""
    k = DEFAULT_WIDTH_MM / 1000.0  # the built-in map is 1000 units wide
    scale = img.width / board_width_mm
    x, y = ((MARGIN_MM + at[0] * k) * scale, (MARGIN_MM + at[1] * k) * scale)
    return img.convert("RGB").getpixel((round(x), round(y)))[:3]


def _over(under: tuple[int, ...], colour: tuple[int, ...], alpha: float) -> tuple[float, ...]:
    return tuple(u * (1 - alpha) + c * alpha for u, c in zip(under, colour, strict=True))


def _close(got: tuple[int, ...], want: tuple[float, ...], tolerance: float = 8) -> bool:
    return all(abs(g - w) <= tolerance for g, w in zip(got, want, strict=True))


def _expected_pixels() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The picture at opacity 0.5 on the paper, outside the fronts and under front 1's tint."""
    picture = _over(PAPER, BLUE, 0.5)
    tint = ImageColor.getrgb(THEATRE_TINTS[0])
    return picture, _over(picture, tint, FRONT_OPACITY_OVER_PICTURE)


OUTSIDE_FRONTS = (150.0, 600.0)  # below front 4, no front there
IN_FRONT_1 = (20.0, 110.0)  # the empty lower left corner of front 1


@pytest.mark.parametrize("source", ["scenario", "map"])
def test_the_svg_embeds_the_background_where_the_map_is_and_it_shows_under_the_fronts(
        tmp_path, capsys, source):
    scenario = linked_copy(tmp_path / "weltkrieg", _solid(BLUE))
    path = scenario if source == "scenario" else scenario.parent / "europe.area-map.yaml"
    out = tmp_path / "board.svg"
    assert main(["export", str(path), "--format", "svg", "--out", str(out)]) == 0
    root = ET.fromstring(out.read_bytes())
    (image,) = root.iter(f"{SVG}image")
    assert image.get(XLINK).startswith("data:image/png;base64,")
    assert image.get("opacity") == "0.5" and image.get("preserveAspectRatio") == "none"
    assert (image.get("x"), image.get("y")) == (str(int(MARGIN_MM)),) * 2
    assert image.get("width") == str(int(DEFAULT_WIDTH_MM))
    board_width = float(root.get("viewBox").split()[2])
    img = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=out.read_bytes(),
                                                 output_width=1000)))
    picture, in_front = _expected_pixels()
    assert _close(_pixel(img, board_width, OUTSIDE_FRONTS), picture)
    assert _close(_pixel(img, board_width, IN_FRONT_1), in_front)


def test_the_png_draws_the_background_as_the_svg_does(tmp_path, capsys):
    scenario = linked_copy(tmp_path / "weltkrieg", _solid(BLUE, "JPEG"), picture_name="e.jpg")
    out = tmp_path / "board.png"
    assert main(["export", str(scenario), "--format", "png", "--dpi", "40",
                 "--out", str(out)]) == 0
    board = build_area_board(load_file(scenario).model.map)
    img = Image.open(out)
    picture, in_front = _expected_pixels()
    assert _close(_pixel(img, board.width, OUTSIDE_FRONTS), picture, 10)  # JPEG blue is ~blue
    assert _close(_pixel(img, board.width, IN_FRONT_1), in_front, 10)


def test_the_pack_preview_shows_the_background(tmp_path, capsys):
    scenario = linked_copy(tmp_path / "weltkrieg", _solid(BLUE))
    out = tmp_path / "w.tcpack"
    assert main(["export", str(scenario), "--format", "pack", "--out", str(out)]) == 0
    with zipfile.ZipFile(out) as pack:
        preview = Image.open(io.BytesIO(pack.read("preview.png")))
        svg = pack.read("board.svg")
    board = build_area_board(load_file(scenario).model.map)
    assert _close(_pixel(preview, board.width, OUTSIDE_FRONTS), _expected_pixels()[0], 10)
    assert b"data:image/png;base64," in svg


def test_a_map_without_background_draws_no_picture_and_opaque_fronts():
    scenario = load_file(SCENARIO).model
    board = build_area_board(scenario.map, scenario.catalog)
    assert "background" not in [g.name for g in board.groups]
    assert {s.opacity for g in board.groups for s in g.shapes} == {1.0}
    assert b"<image" not in board_to_svg(board) and b"xlink" not in board_to_svg(board)


def _truncated_png() -> bytes:
    data = picture((64, 40))
    return data[:60]  # the header (and size) intact, the pixels cut off


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf", "pack"])
@pytest.mark.parametrize(("data", "message"), [
    (None, "cannot be read"),
    (b"GIF89a not allowed", "not a PNG or JPEG"),
    ("truncated", "does not decode"),
])
def test_a_missing_or_broken_background_is_a_located_error(tmp_path, capsys, fmt, data,
                                                           message):
    scenario = linked_copy(tmp_path / "weltkrieg",
                           _truncated_png() if data == "truncated" else data or b"x")
    if data is None:
        (scenario.parent / "europe.png").unlink()
    out = tmp_path / f"board.{'tcpack' if fmt == 'pack' else fmt}"
    assert main(["export", str(scenario), "--format", fmt, "--dpi", "30",
                 "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert message in err and "europe.area-map.yaml: /background/file" in err
    assert "hint" in err and "Traceback" not in err and not out.exists()


def test_the_pdf_embeds_the_background_once_at_its_opacity_under_translucent_fronts(
        tmp_path, capsys):
    scenario = linked_copy(tmp_path / "weltkrieg", _solid(BLUE))
    out = tmp_path / "board.pdf"
    assert main(["export", str(scenario), "--format", "pdf", "--out", str(out)]) == 0
    reader = pypdf.PdfReader(out)
    images, alphas = set(), set()
    for page in reader.pages[1:]:
        resources = page["/Resources"]
        for obj in resources.get("/XObject", {}).values():
            images.add(obj.indirect_reference.idnum)
            assert obj.get_object()["/Width"] == 50  # the picture's own pixels
        for state in resources.get("/ExtGState", {}).values():
            if "/ca" in state.get_object():
                alphas.add(round(float(state.get_object()["/ca"]), 2))
    assert len(images) == 1  # one picture, shown on every page it reaches
    assert alphas == {0.5, FRONT_OPACITY_OVER_PICTURE}
