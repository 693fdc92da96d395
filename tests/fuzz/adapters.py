"""The pack reader as the fuzzer sees it: the one place to repoint when the reader moves.

The pack reader lives in `exporters/packimport.py` today and is moving to a `packs/` package;
after that move only the import below changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from exporters.packimport import import_pack
from exporters.packzip import PackError

PACK_ERRORS: tuple[type[BaseException], ...] = (PackError,)


def open_pack(pack_file: Path, out_dir: Path) -> Any:
    """Check and extract a pack file into `out_dir`; raises one of PACK_ERRORS when refused."""
    return import_pack(pack_file, out_dir)
