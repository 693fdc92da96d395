"""Which editor a content file opens in, and opening it: unit catalogs and rulesets in their
content editors (maps and scenarios stay with the map editor's window), recovered catalog and
ruleset work included."""

from __future__ import annotations

from pathlib import Path

from editor.authoring.catalog_editor import CatalogEditor
from editor.authoring.document import EDITABLE_KINDS, ContentDocument
from editor.authoring.ruleset_editor import RulesetEditor
from editor.authoring.window import ContentWindow
from editor.recovery import RecoverySlot, RecoveryStore
from engine.content import ContentError, load_document

EDITORS: dict[str, type[ContentWindow]] = {"catalog": CatalogEditor, "ruleset": RulesetEditor}


def content_kind(path: Path) -> str | None:
    """The kind of content in a file ("map", "catalog", …), None when it cannot be read."""
    try:
        return load_document(path).kind
    except (ContentError, OSError):
        return None


def opens_in_content_editor(path: Path) -> bool:
    """Whether a file is a unit catalog or ruleset (opened in its own editor window)."""
    return path.is_file() and content_kind(path) in EDITABLE_KINDS


def open_content_editor(path: Path, recovery: RecoveryStore | None = None) -> ContentWindow:
    """A new, shown editor window on a catalog or ruleset file; ContentError (located
    problems) or OSError when it cannot be opened."""
    doc = ContentDocument.open(path)
    window = EDITORS[doc.kind](doc, recovery)
    window.show()
    return window


def restore_content(slot: RecoverySlot, recovery: RecoveryStore | None = None
                    ) -> ContentWindow:
    """An editor window holding a recovery slot's catalog or ruleset work as unsaved edits to
    its original file (the window keeps the slot); ContentError or OSError when unreadable."""
    info = slot.info()
    recovered = ContentDocument.open(slot.work_path(info.kind))
    original = info.original or Path.cwd() / f"recovered.{info.kind}.yaml"
    doc = ContentDocument(recovered.data, recovered.kind, original)
    window = EDITORS[doc.kind](doc, recovery)
    doc.undo_stack.resetClean()  # recovered work is not saved anywhere yet
    doc.fileChanged.emit()
    if window.recovery_writer is not None:
        window.recovery_writer.adopt(slot)
    window.show()
    return window
