"""Render the screenshots of the content editors for docs/authoring.md: the unit catalog
editor on a new special unit with an ability (and a problem at its field), the ruleset
editor with a variant switched on, the project view of a content folder, and the trigger form
of a scenario with a problem marked at its parameter.
Usage: python -m editor.authoring.shots [OUT_DIR] (default docs/images)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from editor.authoring.catalog_editor import CatalogEditor
from editor.authoring.document import ContentDocument
from editor.authoring.project import ProjectWindow
from editor.authoring.ruleset_editor import RulesetEditor
from editor.scenario.document import ScenarioDocument
from editor.scenario.properties import ScenarioProperties
from engine.paths import CONTENT_DIR, PROJECT_ROOT

SHOTS = ("authoring-catalog.png", "authoring-ruleset.png", "authoring-project.png",
         "authoring-triggers.png")


def _save(widget: QWidget, path: Path) -> None:
    widget.resize(1180, 860)
    widget.show()
    QApplication.processEvents()
    widget.grab().save(str(path))


def main(argv: list[str] | None = None) -> int:
    """Write the PNGs into OUT_DIR (edits go to a scratch copy of content/); exit code."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else PROJECT_ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    _app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="tcstudio-shots-") as scratch:
        root = Path(scratch) / "content"
        shutil.copytree(CONTENT_DIR, root)

        catalog = CatalogEditor(ContentDocument.open(root / "catalog" / "base.catalog.yaml"))
        index = catalog.add_unit(special=True, unit_id="storm_troops")
        doc = catalog.doc
        doc.set_value(("units", index, "name", "en"), "Storm troops")
        doc.set_value(("units", index, "name", "de"), "Stoßtrupp")
        doc.insert_item(("units", index, "abilities"), 0, {"id": "close_combat",
                                                          "params": {"hit_bonus": 2}}, "ability")
        doc.set_value(("units", index, "range", "min"), 2)  # above max 1: shown at the field
        doc.revalidate()
        catalog.select_unit(index)
        catalog.show()
        QApplication.processEvents()
        catalog.form_scroll.ensureWidgetVisible(catalog.form.abilities)
        _save(catalog, out / SHOTS[0])

        ruleset = RulesetEditor(ContentDocument.open(root / "rulesets" / "current.ruleset.yaml"))
        row = ruleset.variants.rows["early_destruction"]
        row.set_enabled(True)
        ruleset.show()
        QApplication.processEvents()
        ruleset.centralWidget().ensureWidgetVisible(row)  # type: ignore[attr-defined]
        _save(ruleset, out / SHOTS[1])

        project = ProjectWindow(root)
        _save(project, out / SHOTS[2])

        props = ScenarioProperties(ScenarioDocument.open(
            root / "scenarios" / "default-2p.scenario.yaml"))
        triggers = props.open_triggers()
        triggers.add_trigger()
        triggers.conditions.add()  # round_is
        triggers.conditions.params.item(0, 1).setText("2")
        triggers.actions.kind.setCurrentIndex(triggers.actions.kind.findData("spawn_unit"))
        triggers.actions.add()
        for row, text in enumerate(("DE", "infantry")):
            triggers.actions.params.item(row, 1).setText(text)
        props.doc.revalidate()
        triggers.resize(900, 720)
        triggers.show()
        QApplication.processEvents()
        triggers.grab().save(str(out / SHOTS[3]))
        props.doc.undo_stack.setClean()
        props.close()
        for window in (catalog, ruleset):
            window.doc.undo_stack.setClean()
            window.close()
        project.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
