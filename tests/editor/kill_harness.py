"""Kill the editor's real save and autosave code paths with SIGKILL, many times, and check.

Run as a script (Qt-free, so it may fork): `kill_harness.py save|autosave ROUNDS DIR SEED`.
Each round forks a child that loops over the real code path — `editor.files.save_map` (File >
Save) or `RecoverySlot.write` (autosave) — alternating two versions of the default map, and
kills it with SIGKILL at a random instant. Then, as the next start of the editor would, it
opens the map or looks for orphaned recoveries and checks: the file is the old or the new
version and loads; recovery is offered with the work back; no temp file is left visible.
Prints one JSON line: rounds run, failures (each with its round), and how many kills left a
temp file behind (proof that kills landed mid-write).
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path

from editor import files
from editor.recovery import RecoveryStore
from engine.content.atomic import temp_files_beside
from engine.model import GameMap

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_MAP = ROOT / "content" / "maps" / "default.map.yaml"


def _versions() -> tuple[GameMap, bytes, bytes]:
    game_map = files.open_map(DEFAULT_MAP).map
    return game_map, bytes(game_map.terrain), bytes(len(game_map.terrain))


def _run_child(loop_once, ready_fd: int) -> None:
    """The killed process: loop forever, telling the parent once the first write is done."""
    try:
        loop_once(0)
        os.write(ready_fd, b"r")
        i = 1
        while True:
            loop_once(i)
            i += 1
    finally:
        os._exit(70)  # only reached if the code path raised


def _kill_during(loop_once, rng: random.Random, max_delay: float) -> str | None:
    """Fork a child running `loop_once(i)` forever, kill it mid-flight; None or a failure."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _run_child(loop_once, write_fd)
    os.close(write_fd)
    ready = os.read(read_fd, 1)
    os.close(read_fd)
    time.sleep(rng.uniform(0, max_delay))
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if not ready:
        return f"the child failed before its first write (status {status})"
    if not os.WIFSIGNALED(status):
        return f"the child ended by itself (status {status}), not by the kill"
    return None


def save_rounds(rounds: int, work: Path, rng: random.Random) -> dict:
    """Kill File > Save's code path `rounds` times; the map must always be old or new."""
    game_map, a, b = _versions()
    target = work / "work.map.yaml"
    files.save_map(game_map, target)

    def save_once(i: int) -> None:
        game_map.terrain = bytearray(b if i % 2 else a)
        files.save_map(game_map, target)

    failures, temps_left = [], 0
    for n in range(rounds):
        problem = _kill_during(save_once, rng, 0.03)
        temps_left += bool(temp_files_beside(target))
        try:
            terrain = bytes(files.open_map(target).map.terrain)  # the next open
        except files.OpenError as exc:
            problem = problem or f"the map does not load: {exc}"
        else:
            if terrain not in (a, b):
                problem = problem or "the map is neither the old nor the new version"
        visible = sorted(p.name for p in work.iterdir() if p.name != target.name)
        if visible:
            problem = problem or f"left beside the map after the next open: {visible}"
        if problem:
            failures.append({"round": n, "problem": problem})
    return {"rounds": rounds, "failures": failures, "temps_left_by_kills": temps_left}


def autosave_rounds(rounds: int, work: Path, rng: random.Random) -> dict:
    """Kill the autosave's code path `rounds` times; the work must be offered back each time."""
    game_map, a, b = _versions()
    original = work / "edited.map.yaml"
    store = RecoveryStore(work / "recovery")
    failures, temps_left = [], 0
    for n in range(rounds):
        # The child claims its own slot, as each window does.
        def autosave_once(i: int, slot_box: list = []) -> None:  # noqa: B006 (per child)
            if not slot_box:
                slot_box.append(store.claim())
            game_map.terrain = bytearray(b if i % 2 else a)
            slot_box[0].write(game_map, original)

        problem = _kill_during(autosave_once, rng, 0.03)
        orphans = store.orphans()  # the next start
        if len(orphans) != 1:
            problem = problem or f"{len(orphans)} recoveries offered, expected 1"
        for slot in orphans:
            temps_left += bool(temp_files_beside(slot.map_path) or
                               temp_files_beside(slot.dir / "recovery.json"))
            info = slot.info()
            try:
                terrain = bytes(files.open_map(slot.map_path).map.terrain)
            except files.OpenError as exc:
                problem = problem or f"the recovered work does not load: {exc}"
            else:
                if terrain not in (a, b):
                    problem = problem or "the recovered work is neither version written"
            if info.original != original:
                problem = problem or f"the recovery names {info.original}, not {original}"
            slot.close()  # declined: the slot goes, temp files of the killed write with it
        left = sorted(p.name for p in store.dir.iterdir())
        if left:
            problem = problem or f"left in the recovery folder after the restore: {left}"
        if problem:
            failures.append({"round": n, "problem": problem})
    return {"rounds": rounds, "failures": failures, "temps_left_by_kills": temps_left}


def main(argv: list[str]) -> int:
    """Run the rounds named on the command line and print the JSON summary."""
    mode, rounds, work, seed = argv[1], int(argv[2]), Path(argv[3]), int(argv[4])
    work.mkdir(parents=True, exist_ok=True)
    run = {"save": save_rounds, "autosave": autosave_rounds}[mode]
    started = time.monotonic()
    summary = run(rounds, work, random.Random(seed))
    summary["seconds"] = round(time.monotonic() - started, 2)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
