"""`tcstudio import-tiled`: a Tiled map (.tmx or .tmj) back into a Studio map file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.content.problems import ContentError
from engine.i18n import _
from tcstudio.cli_support import not_a_file, print_problems, printable


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `import-tiled` subcommand."""
    p = subparsers.add_parser(
        "import-tiled", help=_("import a Tiled map (.tmx/.tmj) as a map file"),
        description=
        _("Read a Tiled map safely (no DTDs or entities) and write it as a Studio map file. A map "
          "the Studio exported comes back unchanged; terrain painted with the Studio's tileset and "
          "objects typed fort, entrance, start, region, road, river, trench, rail or label are "
          "read from their geometry. Problems are located in the Tiled file; when the file cannot "
          "be mapped nothing is written. A map that breaks the map rules is written for the editor "
          "to fix, and the command exits 1."))
    p.add_argument("tiled", metavar="MAP", help=_("the .tmx or .tmj file"))
    p.add_argument("--out", metavar="FILE", required=True,
                   help=_("map file to write (.map.yaml, or .json for JSON)"))
    p.add_argument("--force", action="store_true", help=_("replace --out if it exists"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Import; 0 ok, 1 the Tiled map has errors, 2 could not run."""
    # lazy: the importer loads shapely and numpy; only this command needs them, and every
    # command module is imported to build the argument parser.
    from engine.content.save import save_document
    from exporters.tiled_import import import_tiled

    source, out = Path(args.tiled), Path(args.out)
    if not source.is_file():
        sys.stderr.write(_("tcstudio import-tiled: {source}: {why} (hint: give a .tmx or "
                           ".tmj file)\n", source=printable(str(source)), why=not_a_file(source)))
        return 2
    if out.exists() and not args.force:
        sys.stderr.write(_("tcstudio import-tiled: {out} exists (hint: choose another --out, or "
                           "add --force to replace it)\n", out=printable(str(out))))
        return 2
    try:
        result = import_tiled(source)
    except ContentError as err:
        print_problems(err.problems, "text")
        return 1
    except OSError as err:
        sys.stderr.write(_("tcstudio import-tiled: cannot read {value}: {strerror}\n",
                           value=err.filename or source, strerror=err.strerror))
        return 2
    if result.problems:
        print_problems(result.problems, "text")
    if result.data is None:
        return 1
    try:
        save_document(result.data, out, yaml=result.yaml)  # the checks made the YAML
    except OSError as err:
        sys.stderr.write(_("tcstudio import-tiled: cannot write {value}: {strerror} (hint: choose "
                           "a folder you can write to)\n", value=err.filename or out,
                           strerror=err.strerror))
        return 2
    if not result.ok:
        errors = sum(p.is_error for p in result.problems)
        print(_("wrote {out} with {errors} error(s) to fix (open it in the editor)", out=out,
                errors=errors))
        return 1
    print(_("wrote {out}", out=out))
    return 0
