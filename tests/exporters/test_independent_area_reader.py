"""Area packs read by a client written from docs/pack-format.md alone
(tests/exporters/independent_area_reader.py, standard library only): the built-in pack, and
one with a background picture and linked battlefields, equal their sources."""

from __future__ import annotations

import ast
import hashlib
import io
import json
import sys
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from engine.content import load_scenario
from engine.content.convert_area import area_map_to_dict
from exporters.area_pack import build_area_pack, load_area_scenario
from packs.safezip import write_zip

from . import independent_area_reader as reader
from .area_pack_sources import ROOT, SCENARIO_NAME, WELTKRIEG, linked_copy, picture

READER_SOURCE = Path(reader.__file__)


def test_reader_imports_only_the_standard_library_and_its_sibling_reader():
    tree = ast.parse(READER_SOURCE.read_text(encoding="utf-8"))
    modules = {alias.name.split(".")[0] for node in ast.walk(tree)
               if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module}
    relative = {alias.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.level for alias in node.names}
    assert modules and modules <= set(sys.stdlib_module_names), modules
    assert relative == {"independent_reader"}  # itself written from the docs alone


@pytest.fixture(scope="module")
def linked_pack(tmp_path_factory):
    root = tmp_path_factory.mktemp("independent")
    scenario = linked_copy(root / "weltkrieg", picture((120, 70)), {
        2: "../scenarios/default-2p.scenario.yaml", 5: "../scenarios/default-4p.scenario.yaml",
        6: "../scenarios/default-2p.scenario.yaml"})
    return scenario, build_area_pack(load_area_scenario(scenario), source=scenario).data


def test_the_builtin_area_pack_is_read(tmp_path):
    source = WELTKRIEG / SCENARIO_NAME
    pack = reader.read(build_area_pack(load_area_scenario(source), source=source).data)
    assert pack.background is None and pack.links == {} and pack.battlefields == {}
    assert pack.documents["area-map.json"] == json.loads(json.dumps(
        area_map_to_dict(load_area_scenario(source).map)))


def test_a_pack_with_a_background_and_battlefields_equals_its_sources(linked_pack):
    scenario, data = linked_pack
    pack = reader.read(data)
    assert pack.links == {2: "default_2p", 5: "default_4p", 6: "default_2p"}
    picture_file = scenario.parent / "europe.png"
    with Image.open(picture_file) as image:
        size = image.size
    assert pack.background is not None
    assert (pack.background.name, pack.background.format) == ("background.png", "png")
    assert (pack.background.width, pack.background.height) == size == (120, 70)
    assert pack.background.data == picture_file.read_bytes()
    assert pack.background.opacity == 0.5
    for ident, file in (("default_2p", "default-2p"), ("default_4p", "default-4p")):
        source = load_scenario(ROOT / "content" / "scenarios" / f"{file}.scenario.yaml")
        m, plain = source.map, pack.battlefields[ident]
        assert (plain.map.id, plain.map.width, plain.map.height) == (m.id, m.width, m.height)
        assert plain.map.terrain == {(c, r): m.terrain_at(m.to_axial(c, r))
                                     for r in range(m.height) for c in range(m.width)}
        assert plain.map.forts.keys() == {f.id for f in m.forts}
        assert plain.scenario.id == source.id and plain.scenario.players == source.players
        assert plain.scenario.half == source.half
        assert plain.scenario.seats == [(s.seat, s.nation, s.team, s.controller)
                                        for s in source.seats]


def _tampered(data: bytes, name: str, body: bytes) -> bytes:
    """The pack with entry `name` replaced and its manifest record updated to match."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        entries = {i.filename: zf.read(i) for i in zf.infolist()}
    entries[name] = body
    manifest = json.loads(entries["manifest.json"])
    for f in manifest["files"]:
        if f["path"] == name:
            f["sha256"], f["size"] = hashlib.sha256(body).hexdigest(), len(body)
    entries["manifest.json"] = json.dumps(manifest).encode()
    return write_zip(entries)


@pytest.mark.parametrize(("name", "change", "message"), [
    ("background.png", lambda b: b[:16] + (9000).to_bytes(4, "big") + b[20:], "9000 x 70"),
    ("battlefields/default_2p/map.json", lambda b: b.replace(b'"id"', b'"id" ', 1),
     "does not end in the content digest"),
])
def test_the_independent_reader_refuses_what_the_docs_forbid(linked_pack, name, change,
                                                              message):
    _scenario, data = linked_pack
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        body = zf.read(name)
    with pytest.raises(reader.PackInvalid, match=message):
        reader.read(_tampered(data, name, change(body)))
