"""Every built pack read by a client written from docs/pack-format.md alone
(tests/exporters/independent_reader.py, standard library only) equals its sources."""

from __future__ import annotations

import ast
import copy
import dataclasses
import io
import json
import sys
import zipfile
from pathlib import Path

import pytest

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.game import Game
from exporters.packcontent import map_json
from exporters.pipeline import build

from . import independent_reader as reader

READER_SOURCE = Path(reader.__file__)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, tuple[bytes, Path]]:
    out = tmp_path_factory.mktemp("packs")
    assert build(CONTENT_DIR, out).ok
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    # The independent reader reads Trench Club (hex) packs; area packs have their own tests.
    return {e["id"]: ((out / e["file"]).read_bytes(), CONTENT_DIR / e["source"])
            for e in index["packs"] if e["source"].endswith(".scenario.yaml")
            and not e["source"].endswith(".area-scenario.yaml")}


def test_reader_imports_only_the_standard_library():
    tree = ast.parse(READER_SOURCE.read_text(encoding="utf-8"))
    modules = {alias.name.split(".")[0] for node in ast.walk(tree)
               if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module}
    assert modules and modules <= set(sys.stdlib_module_names), modules


def test_every_pack_is_read_and_equals_its_sources(built):
    assert len(built) == len(list((CONTENT_DIR / "scenarios").glob("*.scenario.yaml")))
    for pack_id, (data, source) in built.items():
        pack = reader.read(data)
        scen = load_scenario(source)
        m = scen.map
        assert pack.manifest["pack"]["id"] == pack_id == scen.id
        plain = pack.map
        assert (plain.id, plain.width, plain.height) == (m.id, m.width, m.height)
        assert (plain.orientation, plain.offset) == (m.layout.orientation, m.layout.offset)
        assert plain.terrain == {(c, r): m.terrain_at(m.to_axial(c, r))
                                 for r in range(m.height) for c in range(m.width)}
        assert plain.forts == {f.id: {"name": f.name, "hexes": [m.to_offset(h) for h in f.hexes],
                                      "entrances": [m.to_offset(h) for h in f.entrances],
                                      "owner": f.owner, "facing": f.facing} for f in m.forts}
        assert plain.start_markers == {s.number: m.to_offset(s.hex) for s in m.start_markers}
        assert plain.regions == {r.id: {m.to_offset(h) for h in r.hexes} for r in m.regions}
        assert plain.paths == {p.id: {"kind": p.kind, "terrain": p.terrain, "width": p.width,
                                      "points": [tuple(map(float, pt)) for pt in p.points]}
                               for p in m.paths}
        assert plain.labels == [(lb.text, tuple(lb.at), lb.size, lb.rotation) for lb in m.labels]
        s = pack.scenario
        assert (s.id, s.players, s.half) == (scen.id, scen.players, scen.half)
        assert s.seats == [(x.seat, x.nation, x.team, x.controller) for x in scen.seats]
        assert s.variants == list(scen.variants)
        assert s.starting_money == dict(scen.starting_money)
        # the documented 2-player half: the same forts count as in the engine
        assert reader.forts_in_play(pack) == {f.id for f in Game(scen, seed=1).forts}
        # the documented trench hexes (terrain and path `covers`) are the engine's
        graben = Game(scen, seed=1, variants=("grabenkampf",))
        assert graben.trenches is not None
        assert reader.trench_hexes(plain, s.hexes_in_play) == {
            m.to_offset(graben.board.hexes[i]) for t in graben.trenches.members for i in t}
        # the documented {value, estimated} rule gives the loaded numbers
        for unit in pack.json["catalog.json"]["units"]:
            assert reader.unwrap(unit["speed"]) == scen.catalog.units[unit["id"]].speed


def test_two_player_pack_plays_on_its_half_only(built):
    two = [reader.read(data) for data, _ in built.values()]
    halves = [p for p in two if p.scenario.players == 2]
    assert halves, "the built-in content has a 2-player scenario"
    for pack in halves:
        assert pack.scenario.hexes_in_play == pack.map.regions[pack.scenario.half]
        assert len(pack.scenario.hexes_in_play) < len(pack.map.terrain)


@pytest.mark.parametrize("tamper", ["checksum", "revision", "digest", "unlisted"])
def test_reader_refuses_what_the_docs_refuse(built, tamper):
    data, _ = built["default_4p"]
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        entries = {i.filename: zf.read(i) for i in zf.infolist()}
    manifest = json.loads(entries["manifest.json"])
    if tamper == "checksum":
        entries["map.json"] = entries["map.json"].replace(b"Argonne", b"Argonnf", 1)
        for f in manifest["files"]:
            if f["path"] == "map.json":
                f["size"] = len(entries["map.json"])
    elif tamper == "revision":
        manifest["pack"]["revision"] = 7
    elif tamper == "digest":
        manifest["pack"]["version"] = "1.0.0+000000000000"
    else:
        entries["extra.txt"] = b"x"
    entries["manifest.json"] = json.dumps(manifest).encode()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, body in entries.items():
            zf.writestr(name, body)
    with pytest.raises(reader.PackInvalid):
        reader.read(buf.getvalue())


def test_trench_paths_over_meadow_count_through_their_covers():
    """A trench drawn over meadow (its terrain repainted) is still a trench for the rules: the
    reader finds its hexes from the pack's `covers` alone, as the engine does."""
    scen = load_scenario(CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml")
    m = copy.deepcopy(scen.map)
    for h in list(m.hexes()):
        if m.terrain_at(h) == "trench":
            m.set_terrain(h, "meadow")
    scen = dataclasses.replace(scen, map=m)
    doc = json.loads(json.dumps(map_json(m)))
    plain = reader.read_map(doc)
    assert "t" not in "".join(doc["terrain"]) and plain.trench_covers
    graben = Game(scen, seed=1, variants=("grabenkampf",))
    assert graben.trenches is not None and graben.trenches.members
    assert reader.trench_hexes(plain, set(plain.terrain)) == {
        m.to_offset(graben.board.hexes[i]) for t in graben.trenches.members for i in t}
