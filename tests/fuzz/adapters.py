"""The pack reader as the fuzzer sees it: the one place to repoint when the reader moves.

The pack reader lives in `packs/reader.py`; if it moves, only the import below changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from packs.errors import PackError
from packs.reader import import_pack

PACK_ERRORS: tuple[type[BaseException], ...] = (PackError,)


def open_pack(pack_file: Path, out_dir: Path) -> Any:
    """Check and extract a pack file into `out_dir`; raises one of PACK_ERRORS when refused."""
    return import_pack(pack_file, out_dir)
