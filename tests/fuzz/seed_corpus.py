"""Write the seed inputs of every fuzz target into tests/fuzz/corpus/<target>/seed-*.

    python -m tests.fuzz.seed_corpus

Seeds come from the built-in content, a pack built from it (its two pictures shrunk so that a
mutation costs milliseconds, not tens), saves of real games in every phase and the legal action
strings of those games. Files not named `seed-*` (kept crashing inputs) are left alone.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile

from engine.paths import CONTENT_DIR, PROJECT_ROOT
from engine.rules.savefile import save_data
from packs.safezip import write_zip
from tests.fuzz.targets import CORPUS_DIR, base_states

EXAMPLE_PACK = PROJECT_ROOT / "examples" / "default_4p.tcpack"
SMALL_PICTURES = {"board.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>\n',
                  "preview.png": b"\x89PNG\r\n\x1a\n"}


def small_pack(units: int | None = None) -> bytes:
    """The example pack with tiny pictures (and only `units` unit types), manifest refreshed.

    A pack that passes the manifest checks has its content validated; a catalog of four unit
    types makes that three times cheaper, so the fuzzer goes deep more often.
    """
    with zipfile.ZipFile(EXAMPLE_PACK) as zf:
        entries = {i.filename: zf.read(i) for i in zf.infolist()}
    entries.update(SMALL_PICTURES)
    if units is not None:
        catalog = json.loads(entries["catalog.json"])
        catalog["units"] = catalog["units"][:units]
        entries["catalog.json"] = (json.dumps(catalog, indent=2) + "\n").encode()
    manifest = json.loads(entries["manifest.json"])
    for f in manifest["files"]:
        body = entries[f["path"]]
        f["size"] = len(body)
        f["sha256"] = hashlib.sha256(body).hexdigest()
    entries["manifest.json"] = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    return write_zip(entries)


def pack_entries(data: bytes) -> dict[str, bytes]:
    """The entries of a zip, by name."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def content_seeds(pack: bytes) -> dict[str, bytes]:
    """Built-in content files (YAML) and their JSON forms from the pack."""
    seeds = {f"seed-{p.parent.name}-{p.name}": p.read_bytes()
             for p in sorted(CONTENT_DIR.rglob("*.yaml"))}
    for name, body in pack_entries(pack).items():
        if name.endswith(".json"):
            seeds[f"seed-pack-{name}"] = body
    return seeds


def save_seeds() -> dict[str, bytes]:
    """Saves of real games in every phase, naming their scenario relative to saves/."""
    seeds = {}
    for i, state in enumerate(base_states()):
        data = save_data(state, CONTENT_DIR / "x.json")
        data["scenario_path"] = "../content/" + data["scenario_path"]
        seeds[f"seed-{i:02d}-{state.phase}.json"] = (json.dumps(data, indent=1) + "\n").encode()
    return seeds


def action_seeds() -> dict[str, bytes]:
    """For each base state, some of its legal actions (and one of another state)."""
    seeds = {}
    states = base_states()
    for i, state in enumerate(states):
        legal = [str(a) for a in state.legal_actions()]
        lines = [f"@{i}", *legal[:2], *legal[-2:], *[str(a) for a in states[-1 - i].history[-2:]]]
        seeds[f"seed-{i:02d}-{state.phase}.txt"] = ("\n".join(lines) + "\n").encode()
    return seeds


def write(target: str, seeds: dict[str, bytes]) -> None:
    """Replace the seed-* files of a target's corpus with `seeds`."""
    folder = CORPUS_DIR / target
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("seed-*"):
        old.unlink()
    for name, body in seeds.items():
        (folder / name).write_bytes(body)


def main() -> None:
    """Regenerate every target's seeds."""
    pack = small_pack()
    content = content_seeds(pack)
    write("content", content)
    write("validate", content)
    write("pack", {"seed-default_4p-small.tcpack": pack,
                   "seed-default_4p-four-units.tcpack": small_pack(units=4)})
    write("save", save_seeds())
    write("action", action_seeds())


if __name__ == "__main__":
    main()
