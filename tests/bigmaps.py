"""Large, valid maps for benchmarks and scale tests: terrain, forts, regions and paths.

`big_map_data(width, height)` gives map data that passes every check (14 forts, start numbers
1-12, both halves), with the objects that make a real map expensive: halves as one span per
row, an event region shaped like a disk, a ragged region of many short spans, a long river
and roads with many points. The same arguments always give the same data.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.content import dump_canonical
from tests.content.fixtures import valid_map


def _terrain(width: int, height: int, river: int, rnd: random.Random) -> list[str]:
    bridges = set(range(5, width, max(width // 8, 6)))
    plain = "." * 6 + "f=" + "." * 4 + "t"
    rows = []
    for r in range(height):
        if r == river:
            rows.append("".join("b" if c in bridges else "~" for c in range(width)))
        elif r in (river - 1, river + 1):
            rows.append("." * width)
        else:
            rows.append("".join(rnd.choice(plain) for _ in range(width)))
    return rows


def _clear(rows: list[str], cells: list[list[int]]) -> None:
    for c, r in cells:
        rows[r] = rows[r][:c] + "." + rows[r][c + 1:]


def big_map_data(width: int = 1000, height: int = 1000, seed: int = 7) -> dict[str, Any]:
    """Valid map data of `width` x `height` hexes (at least 28 x 16) with many objects."""
    rnd = random.Random(seed)
    data = valid_map()
    river = height // 2
    rows = _terrain(width, height, river, rnd)
    top, bottom = max(3, height // 4), min(height - 4, 3 * height // 4)
    step = max(4, (width - 4) // 7)
    data["forts"] = []
    for half, row in ((0, top), (1, bottom)):
        for k in range(7):
            col = 2 + step * k
            fort = {"id": f"fort_{half}_{k}", "name": f"Fort {half}-{k}",
                    "hexes": [[col, row]], "entrances": [[col - 1, row], [col + 1, row]],
                    "owner": "neutral"}
            _clear(rows, [fort["hexes"][0], *fort["entrances"]])
            data["forts"].append(fort)
    spacing = max(4, (width - 8) // 6)
    data["start_markers"] = (
        [{"number": n + 1, "hex": [4 + spacing * n, 1]} for n in range(6)]
        + [{"number": n + 7, "hex": [4 + spacing * n, height - 2]} for n in range(6)])
    _clear(rows, [m["hex"] for m in data["start_markers"]])
    cx, cy, radius = width // 3, height // 3, min(width, height) // 5
    disk = [[r, max(0, cx - w), min(width - 1, cx + w)]
            for r in range(max(0, cy - radius), min(height, cy + radius + 1))
            if (w := int((radius * radius - (r - cy) ** 2) ** 0.5)) >= 0]
    ragged = [[r, c, min(width - 1, c + rnd.randrange(1, 6))]
              for r in range(0, height, 3) for c in range(rnd.randrange(8), width - 1, 10)]
    data["regions"] = [
        {"id": "half_1_6", "name": "Half 1-6", "spans": [[r, 0, width - 1] for r in range(river)]},
        {"id": "half_7_12", "name": "Half 7-12",
         "spans": [[r, 0, width - 1] for r in range(river, height)]},
        {"id": "gas_attack", "name": "Gas attack", "spans": disk},
        {"id": "shelling", "name": "Shelling", "spans": ragged},
    ]
    wobble = [round(river * 0.75 + 0.4 * ((i * 37) % 11 - 5), 2) for i in range(width)]
    data["paths"] = [
        {"id": "river", "kind": "river", "terrain": "water", "width": 0.6,
         "points": [[float(i), y] for i, y in enumerate(wobble)]},
        *({"id": f"road_{k}", "kind": "road", "terrain": "road", "width": 0.5,
           "points": [[float(x), round(k * height / 9 * 0.75 + (x % 7) * 0.1, 2)]
                      for x in range(0, width, 2)]} for k in range(1, 9)),
    ]
    data.update(id=f"big_{width}x{height}", name=f"Big {width} x {height}", width=width,
                height=height, terrain=rows)
    return data


def write_big_map(path: Path, width: int = 1000, height: int = 1000, fmt: str = "yaml") -> Path:
    """Write `big_map_data(width, height)` to `path` in canonical form; return the path."""
    path.write_text(dump_canonical(big_map_data(width, height), fmt), encoding="utf-8")
    return path
