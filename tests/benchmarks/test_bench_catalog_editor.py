"""Catalog editor benchmarks (make bench), issue 11: a field edit of the built-in catalog to
its re-validated display (the field's frame, the problems list, the unit table) <= 100 ms.

Measured on the built-in catalog (24 unit types) and on a 53-unit catalog (the size the issue
names: the built-in units and copies under new ids). The baseline in the same run is the
engine's validation of the same data alone (`check_document`), which the edit must include."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from editor.authoring.catalog_editor import CatalogEditor
from editor.authoring.document import ContentDocument
from engine.content import Document, check_document, load_document, save_document

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "content" / "catalog" / "base.catalog.yaml"
BIG = 53


def _catalog_file(tmp_path: Path, size: int | None) -> Path:
    path = tmp_path / "bench.catalog.yaml"
    if size is None:
        shutil.copy(BASE, path)
        return path
    data = load_document(BASE).data
    units = data["units"]
    extra = [copy.deepcopy(units[k % len(units)]) for k in range(size - len(units))]
    for n, u in enumerate(extra):
        u["id"] = f"{u['id']}_{n}"
    data["units"] = units + extra
    save_document(data, path)
    return path


@pytest.fixture(params=[None, BIG], ids=["builtin24", "units53"])
def editor(request, qapp, tmp_path):
    doc = ContentDocument.open(_catalog_file(tmp_path, request.param))
    w = CatalogEditor(doc)
    w.resize(1180, 860)
    w.show()
    infantry = [u["id"] for u in w.units()].index("infantry")
    w.select_unit(infantry)
    QApplication.processEvents()
    yield w
    doc.undo_stack.setClean()
    w.close()


def test_field_edit_to_revalidated_display(benchmark, editor):
    """Spin the speed field (an undo step), validate, mark fields and list, repaint."""
    spin = editor.form.binder.fields[("speed",)].spin
    values = iter(range(10**6))

    def edit() -> None:
        spin.setValue(3 + next(values) % 2)
        spin.editingFinished.emit()
        editor.doc.validation_timer.stop()
        editor.doc.revalidate()
        QApplication.processEvents()

    benchmark(edit)
    assert editor.doc.undo_stack.count() > 1
    assert benchmark.stats.stats.median < 0.100


def test_baseline_validation_alone(benchmark, editor):
    """Baseline: the engine's check of the same catalog data, no window."""
    doc = Document(copy.deepcopy(editor.doc.data), "catalog", editor.doc.path, "yaml")
    problems = benchmark(check_document, doc)
    assert [p for p in problems if p.severity == "error"] == []
