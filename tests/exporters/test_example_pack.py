"""The example pack in examples/ is valid and rebuilds byte for byte."""

from __future__ import annotations

from pathlib import Path

from PIL import ImageFont

import exporters.pack as pack_module
import exporters.png as png
from engine.content import load_scenario
from exporters.pack import build_pack
from packs.format import PACK_SCHEMAS
from packs.reader import import_pack

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "default_4p.tcpack"


def test_example_pack_imports_and_rebuilds_to_the_same_bytes(tmp_path):
    manifest = import_pack(EXAMPLE, tmp_path / "pack")
    scenario = load_scenario(tmp_path / "pack" / "scenario.json")
    rebuilt = build_pack(scenario, manifest["pack"]["version"])
    assert rebuilt.data == EXAMPLE.read_bytes()


def test_example_pack_is_the_default_scenario(tmp_path):
    manifest = import_pack(EXAMPLE, tmp_path / "pack")
    assert manifest["pack"]["id"] == "default_4p"
    assert {f["path"] for f in manifest["files"]} == {
        "board.svg", "catalog.json", "map.json", "preview.png", "ruleset.json",
        "scenario.json", "conformance.json", "schemas/conformance.schema.json",
        *(f"schemas/{name}" for name in PACK_SCHEMAS)}
    assert manifest["pack"]["revision"] == 0


def test_example_pack_rebuilds_with_system_fonts_hidden(tmp_path, monkeypatch):
    """The boards use only the fonts bundled in exporters/fonts: hiding every other font (any
    font file outside that folder fails to open, Pillow's default font is refused) changes
    nothing, so the pack's bytes do not depend on the machine's fonts."""
    bundled = str(png.FONT_DIR)
    real_truetype = ImageFont.truetype

    def no_system_fonts(font, *args, **kwargs):
        if not str(font).startswith(bundled):
            raise OSError(f"system font hidden by the test: {font}")
        return real_truetype(font, *args, **kwargs)

    def no_default(*args, **kwargs):
        raise OSError("Pillow's default font hidden by the test")

    monkeypatch.setattr(ImageFont, "truetype", no_system_fonts)
    monkeypatch.setattr(ImageFont, "load_default", no_default)
    monkeypatch.setenv("FONTCONFIG_FILE", str(tmp_path / "missing-fonts.conf"))
    png._font.cache_clear()
    monkeypatch.setattr(pack_module, "_PICTURES", {})
    try:
        manifest = import_pack(EXAMPLE, tmp_path / "pack")
        scenario = load_scenario(tmp_path / "pack" / "scenario.json")
        rebuilt = build_pack(scenario, manifest["pack"]["version"])
    finally:
        png._font.cache_clear()
    assert rebuilt.data == EXAMPLE.read_bytes()
