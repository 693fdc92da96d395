"""Authoring steps shared by the end-to-end tests, done in the editors as a designer does:
a special unit `storm_troops` with close_combat +2 in the catalog editor, and the
early_destruction variant at 4 damage in the ruleset editor, both saved."""

from __future__ import annotations

from pathlib import Path

from editor.authoring.catalog_editor import CatalogEditor
from editor.authoring.project import ProjectWindow
from editor.authoring.ruleset_editor import RulesetEditor


def author_unit_and_variant(project: ProjectWindow, root: Path) -> int:
    """Make and save the unit and the variant; the unit's index in the catalog."""
    catalog = project.open_path(root / "catalog" / "base.catalog.yaml")
    assert isinstance(catalog, CatalogEditor)
    catalog.ask_drop_comments = lambda path: True
    index = catalog.add_unit(special=True, unit_id="storm_troops")
    name = catalog.form.binder.fields[("name", "en")]
    name.edit.setText("Storm troops")
    name.edit.textEdited.emit("Storm troops")
    abilities = catalog.form.abilities
    abilities.picker.setCurrentIndex(abilities.picker.findData("close_combat"))
    abilities.add_button.click()
    abilities.params.item(0, 1).setText("2")  # hit_bonus
    assert catalog.doc.value(("units", index, "name", "en")) == "Storm troops"
    assert catalog.save() and not catalog.isWindowModified()

    ruleset = project.open_path(root / "rulesets" / "current.ruleset.yaml")
    assert isinstance(ruleset, RulesetEditor)
    ruleset.ask_drop_comments = lambda path: True
    row = ruleset.variants.rows["early_destruction"]
    row.switch.click()
    names = [row.params.item(r, 0).text() for r in range(row.params.rowCount())]
    row.params.item(names.index("destroyed_at_damage"), 1).setText("4")
    assert ruleset.save() and not ruleset.isWindowModified()
    return index
