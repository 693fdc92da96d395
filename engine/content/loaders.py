"""The one loading pipeline of content files, used by the CLI, the editor and the exporters:

    file -> parse (documents) -> schema (schemas) -> convert (convert_*) -> semantic checks
    (semantic_*) -> resolved documents (a scenario's map, ruleset and catalog filled in)

`load_file` runs it on one file and returns a `Loaded` (problems as values); `load_map` & co.
raise ContentError instead; `validate_report` runs it over folders; `check_map_model` checks a map
being edited in memory against the same schema and semantic checks as its file would meet
(`check_scenario_model` does the same for a scenario with an edited map).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content.area_loading import AREA_KINDS, analyse_area
from engine.content.convert_map import map_from_dict, map_to_dict
from engine.content.convert_rules import catalog_from_dict, ruleset_from_dict
from engine.content.convert_scenario import scenario_from_dict
from engine.content.documents import Document, load_document
from engine.content.problems import ContentError, Problem, error
from engine.content.schema_memo import SchemaMemo
from engine.content.schemas import check_schema
from engine.content.semantic_map import check_map, check_map_data
from engine.content.semantic_rules import (
    check_catalog,
    check_catalog_data,
    check_manifest_data,
    check_ruleset,
)
from engine.content.semantic_scenario import check_scenario
from engine.gcpause import gc_paused
from engine.i18n import Msg, _
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
class LoadCache:
    """Files already analysed, by resolved path: scenarios share their map, ruleset and
    catalog, and a build validates a folder then loads its scenarios, so each document is
    parsed and checked once. Only for one run over files that do not change meanwhile."""

    results: dict[Path, tuple[list[Problem], Any, str | None]] = field(default_factory=dict)
    documents: dict[Path, Document] = field(default_factory=dict)



def _analyse(doc: Document, cache: LoadCache, lenient: bool = False,
             memo: SchemaMemo | None = None) -> tuple[list[Problem], Any]:
    """Schema and semantic problems of a document, and its model when the schema passed (or,
    for a lenient map, whenever a sound model can still be built). An editor passes its
    `memo` so that only what changed is schema-checked again."""
    problems = memo.check(doc) if memo is not None else check_schema(doc)
    if lenient and doc.kind == "map":
        return _analyse_map_leniently(doc, problems)
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
    elif doc.kind in AREA_KINDS:
        semantic, model = analyse_area(doc, lambda path: _analyse_path(path, cache))
    return problems + locate(semantic, doc), model


def _analyse_map_leniently(doc: Document, problems: list[Problem]) -> tuple[list[Problem], Any]:
    """A map model despite errors, when the data can still make a sound one (a fort with one
    entrance, a bad id…), so the editor can open the file and list what to fix."""
    if not any(p.is_error for p in problems):
        problems = problems + locate(check_map_data(doc.data), doc)
    try:
        game_map = map_from_dict(doc.data)
        _check_sound(game_map)
    except Exception:  # untrusted data: any failure means "no model"
        if not any(p.is_error for p in problems):
            raise  # valid data that cannot be converted is a bug, not a user error
        return problems, None
    return problems + locate(check_map(game_map), doc), game_map


def _check_sound(m: GameMap) -> None:
    """Raise ValueError unless the model has the types the editor and exporters rely on."""
    if not (isinstance(m.width, int) and isinstance(m.height, int)):
        raise ValueError("width and height must be integers")
    if len(m.terrain) != m.width * m.height or max(m.terrain, default=0) >= 6:
        raise ValueError("terrain does not match width x height")
    hexes = [h for f in m.forts for h in (*f.hexes, *f.entrances)]
    hexes += [s.hex for s in m.start_markers]
    if not all(isinstance(h.q, int) and isinstance(h.r, int) for h in hexes):
        raise ValueError("coordinates must be integers")


def scenario_reference(doc: Document, key: str) -> Path | None:
    """The file a scenario document names under `key` ("map", "ruleset" or "catalog"),
    resolved against the scenario's folder; None when it names none."""
    ref = doc.data.get(key) if isinstance(doc.data, dict) else None
    if not isinstance(ref, str):
        return None
    base = doc.path.parent if doc.path is not None else Path.cwd()
    target = resolved(base / ref)
    return target if isinstance(target, Path) else None


def resolved(path: Path) -> Path | str:
    """The absolute path with symlinks resolved, or why it cannot be resolved (a symlink
    loop, a NUL character, a name the system refuses)."""
    try:
        return path.resolve()
    except RuntimeError:  # Python 3.11-3.12 report a symlink loop this way
        return "it is a symlink loop"
    except ValueError as exc:  # e.g. "embedded null byte"
        return f"the path is not usable ({exc})"
    except OSError as exc:
        return f"the path is not usable ({exc.strerror or exc})"


def _resolve_scenario(doc: Document, s: Scenario, cache: LoadCache) -> list[Problem]:
    base = doc.path.parent if doc.path is not None else Path.cwd()
    out: list[Problem] = []
    for key, ref, kind in (("map", s.map_ref, "map"), ("ruleset", s.ruleset_ref, "ruleset"),
                           ("catalog", s.catalog_ref, "catalog")):
        target = resolved(base / ref)
        reason: str | None = target if isinstance(target, str) else None
        exists = False
        if isinstance(target, Path):
            try:
                exists = target.is_file()
            except OSError as exc:  # a name too long, and the like
                reason = exc.strerror or str(exc)
        if reason is not None:
            loop = "symlink loop" in reason
            out.append(error(f"scenario.missing_{key}" if loop else "scenario.bad_reference",
                             _("{key} file {ref!r:.200} cannot be used: {reason}", key=key,
                               ref=ref, reason=reason),
                             _("point '{key}' at a {kind} file, relative to the scenario file, "
                               "without NUL characters or lone surrogates", key=key, kind=kind),
                             pointer=f"/{key}"))
            continue
        if not exists:
            out.append(error(f"scenario.missing_{key}",
                             _("{key} file '{ref}' does not exist", key=key, ref=ref),
                             _("paths are relative to the scenario file ({base})", base=base),
                             pointer=f"/{key}"))
            continue
        problems, model, found_kind = _analyse_path(target, cache)
        errors = [p for p in problems if p.is_error]
        if found_kind is not None and found_kind != kind:
            out.append(error("scenario.wrong_kind",
                             _("{key} file '{ref}' is a {found_kind} file", key=key, ref=ref,
                               found_kind=found_kind),
                             _("point '{key}' at a {kind} file", key=key, kind=kind),
                             pointer=f"/{key}"))
        elif errors or model is None:
            out.append(error("scenario.invalid_reference",
                             _("{key} file '{ref}' has {n_errors} error(s), first: {format}",
                               key=key, ref=ref, n_errors=len(errors),
                               format=errors[0].format() if errors else 'unreadable'),
                             _("fix {ref} first", ref=ref), pointer=f"/{key}"))
        else:
            setattr(s, key, model)
    return out


def _analyse_path(path: Path, cache: LoadCache) -> tuple[list[Problem], Any, str | None]:
    key = resolved(path)
    if isinstance(key, str):
        return [error("file.unreadable", _("cannot read the file: {key}", key=key),
                      _("fix or remove the link"), file=str(path))], None, None
    if key in cache.results:
        return cache.results[key]
    try:
        doc = load_document(path)
    except ContentError as exc:
        cache.results[key] = (exc.problems, None, None)
        return cache.results[key]
    cache.documents[key] = doc
    # A placeholder stops a scenario that refers to itself from recursing.
    cache.results[key] = ([], None, doc.kind)
    problems, model = _analyse(doc, cache)
    cache.results[key] = (problems, model, doc.kind)
    return cache.results[key]


@dataclass
class Loaded:
    """What the pipeline made of one file: the parsed document (None when the file could not
    be read or parsed), the model (None when it could not be built) and every problem."""

    path: Path
    document: Document | None
    model: Any
    problems: list[Problem]

    @property
    def kind(self) -> str | None:
        """The content kind ("map", "scenario", …) from `$schema`, if the file parsed."""
        return self.document.kind if self.document is not None else None

    @property
    def errors(self) -> list[Problem]:
        """The problems of severity error."""
        return [p for p in self.problems if p.is_error]

    @property
    def ok(self) -> bool:
        """Whether a model was built and no problem is an error."""
        return self.model is not None and not self.errors


# Each kind of content file with its article, as the wrong-kind message names it.
KIND_WORDS: dict[str, Msg] = {
    "map": _("a map"),
    "catalog": _("a unit catalog"),
    "ruleset": _("a ruleset"),
    "scenario": _("a scenario"),
    "pack-manifest": _("a pack manifest"),
    "enemy-table": _("an enemy action table"),
    "area-map": _("an area map"),
    "army-catalog": _("an army catalog"),
    "area-ruleset": _("an area ruleset"),
    "area-scenario": _("an area scenario"),
}


def kind_words(kind: str) -> str:
    """A kind of content file with its article ("an area scenario"); an unknown kind as
    "a KIND"."""
    return KIND_WORDS.get(kind) or _("a {kind}", kind=kind)


def _wrong_kind(path: Path, doc: Document, kind: str) -> Loaded:
    return Loaded(path, doc, None, [error(
        "document.wrong_kind",
        _("this is {a_kind} file, expected {a_kind2} file", a_kind=kind_words(doc.kind),
          a_kind2=kind_words(kind)),
        _("open {a_kind} file instead", a_kind=kind_words(kind)), file=doc.file, line=1, col=1,
        pointer="/$schema")])


def _load_cached(path: Path, kind: str | None, cache: LoadCache) -> Loaded:
    problems, model, _ = _analyse_path(path, cache)
    key = resolved(path)
    doc = cache.documents.get(key) if isinstance(key, Path) else None
    if doc is None:
        return Loaded(path, None, None, problems)
    if kind is not None and doc.kind != kind:
        return _wrong_kind(path, doc, kind)
    return Loaded(path, doc, model, problems)


def load_file(path: str | os.PathLike[str], kind: str | None = None, *,
              lenient: bool = False, cache: LoadCache | None = None) -> Loaded:
    """Run the loading pipeline on one file and return what came of it; problems are values,
    never raised. With `kind`, a file of another kind gets `document.wrong_kind`. `lenient`
    (maps only) builds the model despite errors when the data still makes a sound map, for
    the editor to open and fix. With `cache`, a file analysed before in the same run is not
    read again (its model is shared: do not change it); `lenient` ignores the cache."""
    path = Path(path)
    with gc_paused():
        if cache is not None and not lenient:
            return _load_cached(path, kind, cache)
        try:
            doc = load_document(path)
        except ContentError as exc:
            return Loaded(path, None, None, exc.problems)
        return _load_parsed(path, doc, kind, lenient)


def load_parsed(path: str | os.PathLike[str], doc: Document, kind: str | None = None, *,
                lenient: bool = False) -> Loaded:
    """`load_file` for the document already parsed from `path`: the same checks and model,
    without reading and parsing the file a second time (a 1M-hex YAML map takes ~0.5 s)."""
    with gc_paused():
        return _load_parsed(Path(path), doc, kind, lenient)


def _load_parsed(path: Path, doc: Document, kind: str | None, lenient: bool) -> Loaded:
    if kind is not None and doc.kind != kind:
        return _wrong_kind(path, doc, kind)
    problems, model = _analyse(doc, LoadCache(), lenient)
    return Loaded(path, doc, model, problems)


def check_map_model(game_map: GameMap) -> list[Problem]:
    """Every problem a map edited in memory would have as a file: the semantic checks plus
    the schema checks of its file form (ids, names, two entrances…), so an editor cannot make
    a file that fails to load. Schema problems that repeat a semantic one are left out."""
    with gc_paused():
        problems = list(check_map(game_map))
        try:
            data = map_to_dict(game_map)
        except (KeyError, ValueError, IndexError) as exc:  # a state the file form cannot hold
            return [*problems, error("map.unwritable", _("cannot write the map: {exc}", exc=exc),
                                     _("undo the last edit"))]
        # map_to_dict keeps the model's list order: both kinds of pointer name the same object.
        seen = {p.pointer for p in problems if p.pointer}
        for p in check_schema(Document(data, "map")):
            if not any(p.pointer and p.pointer.startswith(q) for q in seen):
                problems.append(p)
    return problems


def check_scenario_model(scenario: Scenario) -> list[Problem]:
    """Semantic problems of a resolved scenario whose map may have been edited in memory:
    the map's checks and the scenario's checks against that map, ruleset and catalog."""
    return [*check_map(scenario.map),
            *check_scenario(scenario, scenario.map, scenario.ruleset, scenario.catalog)]


def check_document(doc: Document, memo: SchemaMemo | None = None,
                   cache: LoadCache | None = None) -> list[Problem]:
    """Every schema and semantic problem of a parsed document (scenario references resolved);
    an editor re-checking after each edit passes the same `memo` every time, and may pass a
    `cache` of the referenced files (it must drop it when one of them changes on disk)."""
    with gc_paused():
        problems, _ = _analyse(doc, cache if cache is not None else LoadCache(), memo=memo)
    return problems


def _load(path: str | os.PathLike[str], kind: str, cache: LoadCache | None = None) -> Any:
    loaded = load_file(path, kind, cache=cache)
    if not loaded.ok:
        raise ContentError(loaded.problems)
    return loaded.model


def load_map(path: str | os.PathLike[str]) -> GameMap:
    """Load and check a map file; raise ContentError listing every problem if it has errors."""
    return _load(path, "map")


def load_catalog(path: str | os.PathLike[str]) -> Catalog:
    """Load and check a unit catalog; raise ContentError if it has errors."""
    return _load(path, "catalog")


def load_ruleset(path: str | os.PathLike[str]) -> Ruleset:
    """Load and check a ruleset; raise ContentError if it has errors."""
    return _load(path, "ruleset")


def load_scenario(path: str | os.PathLike[str], cache: LoadCache | None = None) -> Scenario:
    """Load a scenario with its map, ruleset and catalog (relative to it) filled in; with
    `cache`, files analysed before in the same run are reused (see `load_file`)."""
    return _load(path, "scenario", cache)


# A content folder holds tens of files; a folder far above one (a home folder, /tmp) would
# have every JSON and YAML file under it parsed, for minutes.
MAX_CONTENT_FILES = 2_000
MAX_FOLDERS = 10_000


def collect_files(paths: list[Path]) -> tuple[list[Path], list[Problem]]:
    """Content files under the given files and directories (recursively, sorted), at most
    MAX_CONTENT_FILES from MAX_FOLDERS folders per directory (an error says where it
    stopped)."""
    files: list[Path] = []
    problems: list[Problem] = []
    for p in paths:
        if p.is_dir():
            found, stopped = _walk(p)
            files.extend(found)
            if stopped:
                problems.append(error(
                    "file.too_many", _("more than {max_files:,} content files or {max_folders:,} "
                                       "folders: only the first ones are checked",
                                       max_files=MAX_CONTENT_FILES, max_folders=MAX_FOLDERS),
                    _("give the content folder itself, not a folder above it"), file=str(p)))
        elif p.exists():
            files.append(p)
        else:
            problems.append(error("file.not_found", _("no such file or directory"),
                                  _("check the path"), file=str(p)))
    return _dedupe(files, problems), problems


def _walk(folder: Path) -> tuple[list[Path], bool]:
    """The content files under `folder` in sorted order, and whether the walk stopped at a
    bound."""
    files: list[Path] = []
    for folders, (root, dirs, names) in enumerate(os.walk(folder), 1):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        files.extend(Path(root) / n for n in sorted(names)
                     if n.lower().endswith(CONTENT_SUFFIXES) and not n.startswith("."))
        if len(files) > MAX_CONTENT_FILES or folders >= MAX_FOLDERS:
            return files[:MAX_CONTENT_FILES], True
    return files, False


def _dedupe(files: list[Path], problems: list[Problem]) -> list[Path]:
    """Files in order, each once (the same file given twice, or via a directory too).

    A file whose path cannot be resolved (a symlink loop) is reported and skipped; the
    other files are still checked.
    """
    seen: set[Path] = set()
    out = []
    for f in files:
        key = resolved(f)
        if isinstance(key, str):
            problems.append(error("file.unreadable", _("cannot read the file: {key}", key=key),
                                  _("fix or remove the link"), file=str(f)))
        elif key not in seen:
            seen.add(key)
            out.append(f)
    return out


def validate_report(paths: list[Path],
                    cache: LoadCache | None = None) -> tuple[int, list[Problem]]:
    """Validate files and directories; return (files checked, every problem found). A
    `cache` keeps what was analysed for a later `load_file`/`load_scenario` in the same run."""
    files, problems = collect_files([Path(p) for p in paths])
    cache = cache if cache is not None else LoadCache()
    for f in files:
        try:
            with gc_paused():  # per file: cyclic garbage of one file is collected before the next
                found, _model, _kind = _analyse_path(f, cache)
            problems.extend(sorted(found, key=lambda p: (p.line or 0, p.col or 0)))
        except Exception as exc:  # a bug must not hide the other files' results
            problems.append(error("internal.error", f"{type(exc).__name__}: {exc}",
                                  _("please report this with the file"), file=str(f)))
    return len(files), problems


def validate_paths(paths: list[Path], cache: LoadCache | None = None) -> list[Problem]:
    """Every problem in the given files and directories (recursively); `cache` as for
    `validate_report`."""
    return validate_report(paths, cache)[1]
