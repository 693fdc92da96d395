"""The example pack in examples/ is valid and rebuilds byte for byte."""

from __future__ import annotations

from pathlib import Path

from engine.content import load_scenario
from exporters.pack import build_pack
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
        "scenario.json"}
