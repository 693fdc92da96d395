"""German for the play-test and authoring parts of the Studio (#18).

Each part's committed catalog (editor/translations/<part>_de.ts) must hold a finished German
translation of every message `pyside6-lupdate` finds in the part's sources; every string the
sources mark (tr, translate, QT_*_NOOP) must be one lupdate finds (it silently drops some call
forms); no user-visible literal goes to a Qt setter unwrapped. The compiled catalogs at run
time: test_i18n_parts_german.py.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EDITOR = ROOT / "editor"
TRANSLATIONS = EDITOR / "translations"
TOOLS = Path(sys.executable).parent

PARTS = {
    "playtest": [*sorted((EDITOR / "playtest").glob("*.py")), EDITOR / "balance_dock.py"],
    "authoring": [*sorted((EDITOR / "authoring").glob("*.py")),
                  *sorted((EDITOR / "scenario").glob("*.py")),
                  *sorted((EDITOR / "area").glob("*.py"))],
}

# Setter -> the positions of its user-visible text arguments (None: every argument).
TEXT_ARGS: dict[str, tuple[int, ...] | None] = {
    "setText": (0,), "setToolTip": (0,), "setStatusTip": (0,), "setWindowTitle": (0,),
    "setPlaceholderText": (0,), "addMenu": (0,), "addTab": (1,), "setTabText": (1,),
    "setHorizontalHeaderLabels": (0,), "setVerticalHeaderLabels": (0,),
    "setHeaderLabels": (0,), "addItem": (0,), "addItems": (0,), "setItemText": (1,),
    "showMessage": (0,), "setTitle": (0,), "setLabelText": (0,), "addRow": (0,),
    "setSpecialValueText": (0,), "setFormat": (0,), "setPrefix": (0,), "setSuffix": (0,),
    "QAction": (0,), "QLabel": (0,), "QPushButton": (0,), "QCheckBox": (0,),
    "QRadioButton": (0,), "QGroupBox": (0,), "QToolButton": (0,), "QDockWidget": (0,),
    "QListWidgetItem": (0,), "QTreeWidgetItem": (0,), "QUndoCommand": (0,),
    "information": (1, 2), "warning": (1, 2), "critical": (1, 2), "question": (1, 2),
    "getSaveFileName": (1, 3), "getOpenFileName": (1, 3), "getText": (1, 2),
    "getExistingDirectory": (1,), "beginMacro": (0,), "setInformativeText": (0,),
    # The parts' own ways to a status bar or a message box.
    "status": (0,), "tell": (0, 1), "show_error": (0, 1),
}
WRAPPERS = {"tr", "translate", "QT_TR_NOOP", "QT_TRANSLATE_NOOP"}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def _words(text: str) -> bool:
    """Whether a literal holds words a person reads (markup and symbols alone do not)."""
    return re.search(r"[A-Za-z]{2,}", re.sub(r"<[^>]*>", "", text)) is not None


def unwrapped_literals(node: ast.expr) -> list[str]:
    """The literal texts with words inside `node` that no translation call wraps."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if _words(node.value) else []
    if isinstance(node, ast.Call) and _name(node.func) in WRAPPERS:
        return []
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values
                if isinstance(v, ast.Constant) and _words(str(v.value))]
    if isinstance(node, ast.Call) and _name(node.func) in ("replace", "format", "join") \
            and isinstance(node.func, ast.Attribute):
        return unwrapped_literals(node.func.value) + [
            t for a in node.args for t in unwrapped_literals(a)]
    children: list[ast.expr] = []
    if isinstance(node, ast.BinOp):
        children = [node.left, node.right]
    elif isinstance(node, ast.IfExp):
        children = [node.body, node.orelse]
    elif isinstance(node, (ast.List, ast.Tuple)):
        children = list(node.elts)
    return [t for c in children for t in unwrapped_literals(c)]


def unwrapped_in(path: Path, root: Path = ROOT) -> list[str]:
    """`file:line: setter: text` for each user-visible literal passed to a Qt setter bare."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        positions = TEXT_ARGS.get(_name(node.func) or "", ())
        args = [a for i, a in enumerate(node.args) if positions is None or i in positions]
        for arg in args:
            for text in unwrapped_literals(arg):
                found.append(f"{path.relative_to(root)}:{node.lineno}: "
                             f"{_name(node.func)}: {text!r}")
    return found


def marked_strings(path: Path) -> tuple[set[tuple[str, str, bool]], list[str]]:
    """(context, source, plural) of every literal the file marks for translation, as lupdate
    should file it, and the calls that translate an f-string or a computed text."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[tuple[str, str, bool]] = set()
    bad: list[str] = []

    def visit(node: ast.AST, cls: str) -> None:
        for child in ast.iter_child_nodes(node):
            visit(child, child.name if isinstance(child, ast.ClassDef) else cls)
        if not isinstance(node, ast.Call):
            return
        name = _name(node.func)
        if name not in WRAPPERS or not node.args:
            return
        with_context = name in ("translate", "QT_TRANSLATE_NOOP")
        text_at = 1 if with_context else 0
        if len(node.args) <= text_at:
            return
        text = node.args[text_at]
        if isinstance(text, ast.JoinedStr):
            bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}(f-string)")
            return
        if not (isinstance(text, ast.Constant) and isinstance(text.value, str)):
            return  # a variable holding a string marked elsewhere
        first = node.args[0]
        if with_context:
            if not isinstance(first, ast.Constant):
                return  # translate(context_variable, …): the context is looked up at run time
            context = str(first.value)
        else:
            is_self = isinstance(node.func, ast.Attribute) and isinstance(
                node.func.value, ast.Name) and node.func.value.id == "self"
            context = cls if is_self else ""
        plural = len(node.args) > text_at + 2
        found.add((context, text.value, plural))

    visit(tree, "")
    return found, bad


def read_ts(path: Path) -> dict[tuple[str, str], ET.Element]:
    """The messages of a .ts file by (context, source)."""
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for message in ctx.iter("message"):
            out[(name, message.findtext("source") or "")] = message
    return out


def _lupdate_files(files: list[Path], target: Path) -> Path:
    # Absolute paths: the tool resolves a relative -ts path against another directory.
    subprocess.run([str(TOOLS / "pyside6-lupdate"), *[str(f.resolve()) for f in files], "-ts",
                    str(target.resolve()), "-locations", "none"], check=True,
                   capture_output=True)
    return target


def lupdate(part: str, target: Path) -> dict[tuple[str, str], ET.Element]:
    """Run pyside6-lupdate over the part's sources into `target` and read it."""
    return read_ts(_lupdate_files(PARTS[part], target))


def unfinished(message: ET.Element) -> str | None:
    """Why a committed message has no usable German (None: it has)."""
    translation = message.find("translation")
    if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
        return "unfinished"
    if message.get("numerus") == "yes":
        forms = [f.text or "" for f in translation.iter("numerusform")]
        if len(forms) != 2 or not all(f.strip() for f in forms):
            return "needs a singular and a plural form"
        return None
    return None if (translation.text or "").strip() else "empty"


def missing_german(files: list[Path], committed_ts: Path, tmp: Path) -> list[str]:
    """The messages lupdate finds in `files` that `committed_ts` has no finished German for."""
    fresh = read_ts(_lupdate_files(files, tmp))
    committed = read_ts(committed_ts)
    out = []
    for key, message in fresh.items():
        ctx, src = key
        why = "missing" if key not in committed else unfinished(committed[key])
        if why is None and message.get("numerus") == "yes" \
                and committed[key].get("numerus") != "yes":
            why = "needs plural forms"
        if why:
            out.append(f"{ctx or '<free tr>'}: {src!r} ({why})")
    return out


@pytest.mark.parametrize("part", sorted(PARTS))
def test_every_message_of_the_part_has_a_finished_german_translation(part, tmp_path):
    assert len(lupdate(part, tmp_path / "count.ts")) > 100
    missing = missing_german(PARTS[part], TRANSLATIONS / f"{part}_de.ts", tmp_path / "p.ts")
    assert not missing, (f"{len(missing)} message(s) of {part} lack German in "
                         f"editor/translations/{part}_de.ts (run pyside6-lupdate over the part "
                         f"and translate them): {missing[:10]}")


@pytest.mark.parametrize("part", sorted(PARTS))
def test_lupdate_finds_every_string_the_sources_mark(part, tmp_path):
    fresh = lupdate(part, tmp_path / f"{part}.ts")
    marked: set[tuple[str, str, bool]] = set()
    fstrings: list[str] = []
    for path in PARTS[part]:
        found, bad = marked_strings(path)
        marked |= found
        fstrings += bad
    assert not fstrings, f"translate the template, then fill it in: {fstrings}"
    dropped = [(ctx, src) for ctx, src, _plural in marked if (ctx, src) not in fresh]
    assert not dropped, (f"pyside6-lupdate does not see these (a translate() count that is "
                         f"not a plain name, a context that is not the class…): {dropped[:10]}")
    singular = [(ctx, src) for ctx, src, plural in marked
                if plural and fresh[(ctx, src)].get("numerus") != "yes"]
    assert not singular, (f"plural forms need self.tr(…, '', n) or the free tr(…, '', n); "
                          f"lupdate filed these without them: {singular}")


@pytest.mark.parametrize("part", sorted(PARTS))
def test_no_user_visible_literal_reaches_a_qt_setter_unwrapped(part):
    found = [hit for path in PARTS[part] for hit in unwrapped_in(path)]
    assert not found, found


def test_the_checks_catch_a_new_english_string(tmp_path):
    """An unwrapped label fails the scan; a new tr() without German fails the catalog check."""
    probe = tmp_path / "probe.py"
    probe.write_text('from PySide6.QtWidgets import QLabel, QWidget\n\n\n'
                     'class Probe(QWidget):\n'
                     '    def make(self):\n'
                     '        QLabel("Brand new words")\n'
                     '        return self.tr("Another new sentence")\n', encoding="utf-8")
    assert [hit.split(": ", 2)[2] for hit in unwrapped_in(probe, tmp_path)] == [
        "'Brand new words'"]
    files = [*PARTS["playtest"], probe]
    missing = missing_german(files, TRANSLATIONS / "playtest_de.ts", tmp_path / "p.ts")
    assert missing == ["Probe: 'Another new sentence' (missing)"]
