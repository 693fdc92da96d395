"""Loading content: parse, schema, model, semantic checks; references of scenarios resolved."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content.convert_map import map_from_dict
from engine.content.convert_rules import catalog_from_dict, ruleset_from_dict
from engine.content.convert_scenario import scenario_from_dict
from engine.content.documents import Document, load_document
from engine.content.problems import ContentError, Problem, error
from engine.content.schemas import check_schema
from engine.content.semantic_map import check_map, check_map_data
from engine.content.semantic_rules import (
    check_catalog,
    check_catalog_data,
    check_manifest_data,
    check_ruleset,
)
from engine.content.semantic_scenario import check_scenario
from engine.model import Catalog, GameMap, Ruleset, Scenario

CONTENT_SUFFIXES = (".yaml", ".yml", ".json")


def locate(problems: list[Problem], doc: Document) -> list[Problem]:
    """Fill file, line and column of problems from the document's positions."""
    out = []
    for p in problems:
        line = col = None
        if p.line is None and p.pointer is not None:
            found = doc.locate(p.pointer)
            if found:
                line, col = found
        out.append(p.located(file=p.file or doc.file, line=line, col=col))
    return out


@dataclass
class _Cache:
    """Documents already analysed in this run, by resolved path (scenarios share files)."""

    results: dict[Path, tuple[list[Problem], Any, str | None]] = field(default_factory=dict)


def _analyse(doc: Document, cache: _Cache) -> tuple[list[Problem], Any]:
    """Schema and semantic problems of a document, and its model when the schema passed."""
    problems = check_schema(doc)
    if any(p.is_error for p in problems):
        return problems, None
    data = doc.data
    model: Any = None
    semantic: list[Problem] = []
    if doc.kind == "map":
        semantic = check_map_data(data)
        if not any(p.is_error for p in semantic):
            model = map_from_dict(data)
            semantic += check_map(model)
    elif doc.kind == "catalog":
        semantic = check_catalog_data(data)
        model = catalog_from_dict(data)
        index_of: dict[str, int] = {}
        for i, u in enumerate(data["units"]):
            index_of.setdefault(u["id"], i)
        semantic += check_catalog(model, index_of)
    elif doc.kind == "ruleset":
        model = ruleset_from_dict(data)
        semantic = check_ruleset(model)
    elif doc.kind == "scenario":
        model = scenario_from_dict(data)
        semantic = _resolve_scenario(doc, model, cache)
        semantic += check_scenario(model, model.map, model.ruleset, model.catalog)
    elif doc.kind == "pack-manifest":
        semantic = check_manifest_data(data)
    return problems + locate(semantic, doc), model


def _resolve_scenario(doc: Document, s: Scenario, cache: _Cache) -> list[Problem]:
    base = doc.path.parent if doc.path is not None else Path.cwd()
    out: list[Problem] = []
    for key, ref, kind in (("map", s.map_ref, "map"), ("ruleset", s.ruleset_ref, "ruleset"),
                           ("catalog", s.catalog_ref, "catalog")):
        try:
            target = (base / ref).resolve()
            exists = target.is_file()
        except (ValueError, OSError) as exc:  # NUL, a lone surrogate, a name too long
            reason = exc.strerror if isinstance(exc, OSError) else "not a possible file name"
            out.append(error("scenario.bad_reference", f"{key} file {ref!r:.200}: {reason}",
                             "give the path of a file, relative to the scenario, without NUL "
                             "characters or lone surrogates", pointer=f"/{key}"))
            continue
        if not exists:
            out.append(error(f"scenario.missing_{key}", f"{key} file '{ref}' does not exist",
                             f"paths are relative to the scenario file ({base})",
                             pointer=f"/{key}"))
            continue
        problems, model, found_kind = _analyse_path(target, cache)
        errors = [p for p in problems if p.is_error]
        if found_kind is not None and found_kind != kind:
            out.append(error("scenario.wrong_kind", f"{key} file '{ref}' is a {found_kind} file",
                             f"point '{key}' at a {kind} file", pointer=f"/{key}"))
        elif errors or model is None:
            out.append(error("scenario.invalid_reference",
                             f"{key} file '{ref}' has {len(errors)} error(s), first: "
                             f"{errors[0].format() if errors else 'unreadable'}",
                             f"fix {ref} first", pointer=f"/{key}"))
        else:
            setattr(s, key, model)
    return out


def _analyse_path(path: Path, cache: _Cache) -> tuple[list[Problem], Any, str | None]:
    key = path.resolve()
    if key in cache.results:
        return cache.results[key]
    try:
        doc = load_document(path)
    except ContentError as exc:
        cache.results[key] = (exc.problems, None, None)
        return cache.results[key]
    # A placeholder stops a scenario that refers to itself from recursing.
    cache.results[key] = ([], None, doc.kind)
    problems, model = _analyse(doc, cache)
    cache.results[key] = (problems, model, doc.kind)
    return cache.results[key]


def check_document(doc: Document) -> list[Problem]:
    """Every schema and semantic problem of a parsed document (scenario references resolved)."""
    problems, _ = _analyse(doc, _Cache())
    return problems


def _load(path: str | os.PathLike[str], kind: str) -> Any:
    doc = load_document(path)
    if doc.kind != kind:
        raise ContentError([error("document.wrong_kind", f"this is a {doc.kind} file, "
                                  f"expected a {kind} file", f"open a {kind} file",
                                  file=doc.file, line=1, col=1, pointer="/$schema")])
    problems, model = _analyse(doc, _Cache())
    if model is None or any(p.is_error for p in problems):
        raise ContentError(problems)
    return model


def load_map(path: str | os.PathLike[str]) -> GameMap:
    """Load and check a map file; raise ContentError listing every problem if it has errors."""
    return _load(path, "map")


def load_catalog(path: str | os.PathLike[str]) -> Catalog:
    """Load and check a unit catalog; raise ContentError if it has errors."""
    return _load(path, "catalog")


def load_ruleset(path: str | os.PathLike[str]) -> Ruleset:
    """Load and check a ruleset; raise ContentError if it has errors."""
    return _load(path, "ruleset")


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Load a scenario with its map, ruleset and catalog (relative to it) filled in."""
    return _load(path, "scenario")


def collect_files(paths: list[Path]) -> tuple[list[Path], list[Problem]]:
    """Content files under the given files and directories (recursively, sorted)."""
    files: list[Path] = []
    problems: list[Problem] = []
    for p in paths:
        if p.is_dir():
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                files.extend(Path(root) / n for n in sorted(names)
                             if n.lower().endswith(CONTENT_SUFFIXES) and not n.startswith("."))
        elif p.exists():
            files.append(p)
        else:
            problems.append(error("file.not_found", "no such file or directory",
                                  "check the path", file=str(p)))
    return _dedupe(files), problems


def _dedupe(files: list[Path]) -> list[Path]:
    """Files in order, each once (the same file given twice, or via a directory too)."""
    seen: set[Path] = set()
    out = []
    for f in files:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def validate_report(paths: list[Path]) -> tuple[int, list[Problem]]:
    """Validate files and directories; return (files checked, every problem found)."""
    files, problems = collect_files([Path(p) for p in paths])
    cache = _Cache()
    for f in files:
        try:
            found, _, _ = _analyse_path(f, cache)
            problems.extend(sorted(found, key=lambda p: (p.line or 0, p.col or 0)))
        except Exception as exc:  # a bug must not hide the other files' results
            problems.append(error("internal.error", f"{type(exc).__name__}: {exc}",
                                  "please report this with the file", file=str(f)))
    return len(files), problems


def validate_paths(paths: list[Path]) -> list[Problem]:
    """Every problem in the given files and directories (recursively)."""
    return validate_report(paths)[1]
