"""`tcstudio import`: check a map pack completely and extract it (the module cannot be
called `import`, a Python keyword)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.i18n import _
from tcstudio.cli_support import not_a_file, print_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `import` subcommand."""
    p = subparsers.add_parser(
        "import", help=_("check and extract a map pack (.tcpack)"),
        description=
        _("Read a map pack safely (paths, sizes, entry count, compression ratio, checksums, "
          "content validation) and extract it to --out. A bad pack writes nothing."))
    p.add_argument("pack", metavar="PACK", help=_("the .tcpack file"))
    p.add_argument("--out", metavar="DIR", help=
                   _("target folder, must not exist or be empty (default: ./PACK-NAME)"))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Import; 0 ok, 1 bad pack, 2 unreadable input."""
    # lazy: the pack reader loads the pack writer and its PIL renderer; only `import` needs
    # them, and every command module is imported to build the argument parser.
    from packs.errors import PackError
    from packs.reader import InvalidPackContent, import_pack

    pack = Path(args.pack)
    if not pack.is_file():
        sys.stderr.write(_("tcstudio import: {pack}: {why} (hint: give a .tcpack file)\n",
                           pack=pack, why=not_a_file(pack)))
        return 2
    out = Path(args.out) if args.out else Path.cwd() / pack.stem
    try:
        manifest = import_pack(pack, out)
    except InvalidPackContent as err:
        sys.stderr.write(_("tcstudio import: {pack}: {err}\n", pack=pack, err=err))
        print_problems(err.problems, "text")
        return 1
    except PackError as err:
        sys.stderr.write(_("tcstudio import: {pack}: {err}\n", pack=pack, err=err))
        return 1
    except OSError as err:
        sys.stderr.write(_("tcstudio import: cannot write {value}: {strerror}\n",
                           value=err.filename or out, strerror=err.strerror))
        return 2
    info = manifest["pack"]
    print(_("imported {id} {version} ({n_files} files) to {out}", id=info['id'],
            version=info['version'], n_files=len(manifest['files']), out=out))
    return 0
