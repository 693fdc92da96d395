"""File → Open and drag-and-drop of map packs: checked, extracted per pack, map opened;
bad packs refused with the import's message and nothing written."""

from __future__ import annotations

import zipfile

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMessageBox

from editor.export_dialog import scenario_for
from editor.pack_open import PackOpenError, extract_pack
from exporters.area_pack import build_area_pack, load_area_scenario
from exporters.pack import build_pack_from_file
from tests.editor.conftest import ROOT
from tests.packs.crafted import CRASHERS

pytestmark = pytest.mark.qt
SCENARIO = ROOT / "content" / "scenarios" / "default-2p.scenario.yaml"


@pytest.fixture(scope="module")
def good_pack(tmp_path_factory):
    pack = build_pack_from_file(SCENARIO)
    path = tmp_path_factory.mktemp("packs") / pack.file_name
    path.write_bytes(pack.data)
    return path, pack.manifest


@pytest.fixture
def pack_window(make_window, tmp_path, monkeypatch):
    w = make_window()
    root = tmp_path / "appdata" / "packs"
    monkeypatch.setattr(w, "packs_root", lambda: root)
    # The real message box path, with QMessageBox captured instead of shown.
    w.show_error = w._show_error
    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a: boxes.append((title, text)))
    return w, root, boxes


def _all_files(folder):
    return sorted(p for p in folder.rglob("*")) if folder.exists() else []


def test_open_good_pack_extracts_and_opens_its_map(pack_window, good_pack):
    w, root, boxes = pack_window
    path, manifest = good_pack
    assert w.open_file(path, ask=False)
    assert boxes == []
    folder = root / f"{manifest['pack']['id']}-{manifest['pack']['version']}"
    assert (folder / "manifest.json").is_file()
    assert w.document.path == (folder / "map.json").resolve()
    assert w.document.map.id == "default" and len(w.document.map.forts) == 14
    assert w.source_scenario == (folder / "scenario.json").resolve()
    assert scenario_for(w.source_scenario, w.document.path) is not None  # pack export works
    assert "map pack" in w.statusBar().currentMessage()


def test_reopening_the_same_pack_reuses_its_folder(pack_window, good_pack):
    w, root, _ = pack_window
    path, _ = good_pack
    assert w.open_file(path, ask=False)
    assert w.open_file(path, ask=False)
    assert len(list(root.iterdir())) == 1


def test_dropping_a_pack_opens_it(pack_window, good_pack):
    w, root, boxes = pack_window
    path, _ = good_pack
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    w.dropEvent(event)
    assert boxes == [] and w.document.path.name == "map.json"
    assert w.document.path.is_relative_to(root.resolve())


def test_path_traversal_pack_is_refused_and_nothing_written(pack_window, good_pack, tmp_path):
    w, root, boxes = pack_window
    path, _ = good_pack
    evil = tmp_path / "evil.tcpack"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(evil, "w") as out:
        for info in src.infolist():
            out.writestr(info.filename, src.read(info))
        out.writestr("../escaped.txt", b"owned")
    before = _all_files(tmp_path)
    old_map = w.document.map
    assert not w.open_file(evil, ask=False)
    assert len(boxes) == 1
    title, text = boxes[0]
    assert title == "Cannot open map pack"
    assert "evil.tcpack" in text and ".." in text
    assert _all_files(tmp_path) == before  # no pack folder, no escaped file
    assert not root.exists()
    assert w.document.map is old_map


def test_tampered_pack_reports_the_checksum(pack_window, good_pack, tmp_path):
    w, root, boxes = pack_window
    path, _ = good_pack
    bad = tmp_path / "tampered.tcpack"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(bad, "w") as out:
        for info in src.infolist():
            data = src.read(info)
            out.writestr(info.filename, data.replace(b'"default"', b'"defaulx"')
                         if info.filename == "map.json" else data)
    assert not w.open_file(bad, ask=False)
    assert "checksum" in boxes[0][1] and "map.json" in boxes[0][1]
    assert not root.exists()


def test_extract_pack_without_window_gives_scenario_path(tmp_path, good_pack):
    path, manifest = good_pack
    scenario = extract_pack(path, tmp_path / "packs")
    assert scenario.name == "scenario.json" and scenario.is_file()
    assert scenario.parent.name.startswith(manifest["pack"]["id"])


def test_files_open_map_routes_packs_for_tcstudio_edit(tmp_path, good_pack, monkeypatch):
    from editor import files, pack_open

    path, _ = good_pack
    monkeypatch.setattr(pack_open, "packs_root", lambda: tmp_path / "packs")
    opened = files.open_map(path)
    assert opened.path.name == "map.json" and opened.path.is_relative_to(tmp_path / "packs")
    assert files.opened_via_scenario(opened.path) == opened.path.parent / "scenario.json"
    evil = tmp_path / "broken.tcpack"
    evil.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(files.OpenError, match=r"broken\.tcpack"):
        files.open_map(evil)


@pytest.mark.parametrize("case", sorted(CRASHERS))
def test_crafted_pack_is_refused_when_opened(tmp_path, case):
    make, message = CRASHERS[case]
    pack = tmp_path / "evil.tcpack"
    pack.write_bytes(make())
    root = tmp_path / "appdata" / "packs"
    with pytest.raises(PackOpenError, match=message) as info:
        extract_pack(pack, root)
    assert str(info.value).startswith("evil.tcpack: ")
    assert not (tmp_path / "appdata").exists()


def test_extract_area_pack_gives_its_area_scenario(tmp_path):
    area = ROOT / "content" / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"
    pack = build_area_pack(load_area_scenario(area))
    path = tmp_path / pack.file_name
    path.write_bytes(pack.data)
    scenario = extract_pack(path, tmp_path / "packs")
    assert scenario.name == "area-scenario.json" and scenario.is_file()
    assert extract_pack(path, tmp_path / "packs") == scenario  # reused, not extracted twice


def test_hex_window_opening_an_area_pack_says_why_not(pack_window, tmp_path):
    w, _root, boxes = pack_window
    area = ROOT / "content" / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"
    pack = build_area_pack(load_area_scenario(area))
    path = tmp_path / pack.file_name
    path.write_bytes(pack.data)
    assert not w.open_file(path, ask=False)
    assert len(boxes) == 1 and "area-scenario" in boxes[0][1]
