"""Find the user-visible strings of the Qt-free packages: those marked for translation
(`_()`, `ngettext()`, `gettext()`, `count()` nouns) and those that should be but are not,
and every `description`/`title` of the JSON Schemas (schema/), which validation hints and
the editors' help show in the user's language.

`python -m tests.i18n_scan` lists what the German catalogue (engine/locale/de.po) lacks;
with `--update` it appends those msgids with empty translations for a translator to fill in.
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.i18n import LOCALE_DIR, parse_po
from engine.paths import SCHEMA_DIR

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "packs", "exporters", "tcstudio")
# The schema keywords holding text for people, and those whose values are content data (an
# example map's own "description" is not the schema's) or maps of names to subschemas.
SCHEMA_TEXT_KEYWORDS = ("description", "title")
SCHEMA_DATA_KEYWORDS = {"examples", "const", "enum", "default"}
SCHEMA_NAME_KEYWORDS = {"properties", "patternProperties", "$defs", "dependentSchemas"}

# Message and hint positions of the problem constructors (engine.content.problems and the
# local shorthands that wrap them).
PROBLEM_CALLS = {"error": (1, 2), "warning": (1, 2), "_warning": (1,), "_error": (1, 2),
                 "err": (1, 2), "PackError": (0,), "ExportError": (0,), "UnsafePathError": (1, 2),
                 "JsonError": (1, 2), "_NumberError": (1,), "ScenarioError": (0,),
                 "SaveError": (0,), "ActionParseError": (0,), "GameFileError": (0,),
                 "AreaGameFileError": (0,), "AreaScenarioError": (0,), "UnknownVariantError": (0,),
                 "UnplayedVariantError": (0,), "UnknownAbilityError": (0,), "EventError": (0,),
                 "UnknownAIError": (0,),
                 "Problem": (2, 3)}
PROBLEM_KEYWORDS = {"message", "hint"}
MESSAGE_VARIABLES = {"message", "hint", "msg"}
# What the command line prints or raises as a message to the user.
CLI_CALLS = {"write": (0,), "print": (0,), "ArgumentTypeError": (0,),
             "AreaCommandError": (0,), "_Usage": (0,)}
CLI_KEYWORDS = {"help", "description"}


@dataclass(frozen=True)
class Marked:
    """A msgid found in the code: its singular (and plural) form and where it is."""

    msgid: str
    plural: str | None
    where: str


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def python_files() -> Iterator[Path]:
    """Every module of the Qt-free packages and the command line."""
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def marked(path: Path, tree: ast.AST) -> Iterator[Marked]:
    """The msgids of one module: `_("…")`, `ngettext("…", "…", n)`, `count(n, "noun")`."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        args = node.args
        if name in ("_", "gettext") and args and _literal(args[0]) is not None:
            yield Marked(_literal(args[0]) or "", None, _where(path, node))
        elif name == "ngettext" and len(args) >= 2 and _literal(args[0]) and _literal(args[1]):
            yield Marked(_literal(args[0]) or "", _literal(args[1]), _where(path, node))
        elif name == "count" and len(args) >= 2 and _literal(args[1]):
            noun = _literal(args[1]) or ""
            plural = _literal(args[2]) if len(args) > 2 else noun + "s"
            yield Marked(f"{{n}} {noun}", f"{{n}} {plural}", _where(path, node))


def schema_texts(schema: Any, where: str) -> Iterator[Marked]:
    """The descriptions and titles of one JSON Schema (and of its subschemas), as msgids."""
    if isinstance(schema, list):
        for item in schema:
            yield from schema_texts(item, where)
    if not isinstance(schema, dict):
        return
    for keyword, value in schema.items():
        if keyword in SCHEMA_TEXT_KEYWORDS and isinstance(value, str) and value:
            yield Marked(value, None, where)
        elif keyword in SCHEMA_NAME_KEYWORDS and isinstance(value, dict):
            for subschema in value.values():
                yield from schema_texts(subschema, where)
        elif keyword not in SCHEMA_DATA_KEYWORDS:
            yield from schema_texts(value, where)


def schema_files() -> Iterator[Path]:
    """Every JSON Schema of schema/."""
    yield from sorted(SCHEMA_DIR.glob("*.schema.json"))


def _is_text(node: ast.expr) -> bool:
    """Whether an expression is (or concatenates) literal English text not marked with _()."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(_is_text(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.BoolOp):
        return any(_is_text(v) for v in node.values)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return False


def unmarked(path: Path, tree: ast.AST) -> Iterator[str]:
    """Where a problem message or hint (or, in tcstudio, a printed message or help text) is
    a plain literal or f-string instead of `_()`."""
    cli = path.relative_to(ROOT).parts[0] == "tcstudio"
    calls = {**PROBLEM_CALLS, **(CLI_CALLS if cli else {})}
    keywords = PROBLEM_KEYWORDS | (CLI_KEYWORDS if cli else set())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            values = [node.args[i] for i in calls.get(name or "", ()) if i < len(node.args)]
            values += [k.value for k in node.keywords if k.arg in keywords]
            for value in values:
                if _is_text(value):
                    yield f"{_where(path, value)}: {ast.unparse(value)[:70]}"
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in MESSAGE_VARIABLES \
                    and _is_text(node.value):
                yield f"{_where(path, node)}: {ast.unparse(node.value)[:70]}"


def scan() -> tuple[list[Marked], list[str]]:
    """Every marked msgid and every unmarked message of the packages, then every schema
    description and title."""
    found: list[Marked] = []
    missing: list[str] = []
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found.extend(marked(path, tree))
        missing.extend(unmarked(path, tree))
    for path in schema_files():
        schema = json.loads(path.read_text(encoding="utf-8"))
        found.extend(schema_texts(schema, path.relative_to(ROOT).as_posix()))
    return found, missing


def _po_quote(text: str) -> str:
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
               .replace("\t", "\\t"))
    return f'"{escaped}"'


def untranslated(language: str = "de") -> list[Marked]:
    """The marked msgids the language's catalogue has no translation for (first place each)."""
    path = LOCALE_DIR / f"{language}.po"
    have = parse_po(path.read_text(encoding="utf-8")) if path.is_file() else {}
    found, _missing = scan()
    out: dict[str, Marked] = {}
    for m in found:
        if m.msgid not in have and m.msgid not in out:
            out[m.msgid] = m
    return list(out.values())


def update(language: str = "de") -> int:
    """Append the untranslated msgids to the catalogue with empty translations."""
    path = LOCALE_DIR / f"{language}.po"
    entries = []
    for m in untranslated(language):
        lines = [f"#: {m.where}", f"msgid {_po_quote(m.msgid)}"]
        if m.plural is None:
            lines.append('msgstr ""')
        else:
            lines += [f"msgid_plural {_po_quote(m.plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        entries.append("\n".join(lines))
    if entries:
        with path.open("a", encoding="utf-8") as f:
            f.write("\n" + "\n\n".join(entries) + "\n")
    return len(entries)


if __name__ == "__main__":
    if "--update" in sys.argv:
        print(f"{update()} msgids added to {LOCALE_DIR / 'de.po'}")
    else:
        for m in untranslated():
            print(f"{m.where}: {m.msgid}")
        for where in scan()[1]:
            print(f"unmarked {where}")
