"""`tcstudio import`: check a map pack completely and extract it (the module cannot be
called `import`, a Python keyword)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tcstudio.cli_support import print_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `import` subcommand."""
    p = subparsers.add_parser(
        "import", help="check and extract a map pack (.tcpack)",
        description="Read a map pack safely (paths, sizes, entry count, compression ratio, "
        "checksums, content validation) and extract it to --out. A bad pack writes nothing.")
    p.add_argument("pack", metavar="PACK", help="the .tcpack file")
    p.add_argument("--out", metavar="DIR", help="target folder, must not exist or be empty "
                   "(default: ./PACK-NAME)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Import; 0 ok, 1 bad pack, 2 unreadable input."""
    # lazy: the pack reader loads the pack writer and its PIL renderer; only `import` needs
    # them, and every command module is imported to build the argument parser.
    from packs.errors import PackError
    from packs.reader import InvalidPackContent, import_pack

    pack = Path(args.pack)
    if not pack.is_file():
        sys.stderr.write(f"tcstudio import: {pack}: no such file (hint: give a .tcpack file)\n")
        return 2
    out = Path(args.out) if args.out else Path.cwd() / pack.stem
    try:
        manifest = import_pack(pack, out)
    except InvalidPackContent as err:
        sys.stderr.write(f"tcstudio import: {pack}: {err}\n")
        print_problems(err.problems, "text")
        return 1
    except PackError as err:
        sys.stderr.write(f"tcstudio import: {pack}: {err}\n")
        return 1
    except OSError as err:
        sys.stderr.write(f"tcstudio import: cannot write {err.filename or out}: "
                         f"{err.strerror}\n")
        return 2
    info = manifest["pack"]
    print(f"imported {info['id']} {info['version']} ({len(manifest['files'])} files) to {out}")
    return 0
