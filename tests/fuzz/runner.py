"""Run the fuzz targets: a supervisor starts a capped worker process per target.

    python -m tests.fuzz.runner TARGET... [--runs N] [--seed S] [--engine mutate|atheris]

The worker caps its address space (RLIMIT_AS) and each input's time (SIGALRM); the supervisor
also kills a worker that stops making progress (a hang in C code) and restarts it after a
crash of the process itself. Every crash is saved as `<kind>-<sha1>` in `--crashes` (default
`build/fuzz-crashes/<target>/`) and printed with its traceback; the summary line per target
gives executions, exec/s and crashes. Exit 1 when anything crashed, hung or ran out of memory.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import resource
import signal
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fuzz.known_classes import known_class
from tests.fuzz.targets import KNOWN_DIR, PROJECT_ROOT, TARGETS, Target, keep_reference_analysis

DEFAULT_MEMORY_MB = 3072
DEFAULT_TIME_LIMIT_S = 5.0
POOL_LIMIT = 400


class Hang(BaseException):
    """An input ran past the per-input time limit (raised by SIGALRM)."""


def corpus_inputs(folder: Path) -> list[tuple[str, bytes]]:
    """(name, bytes) of every file in a corpus folder, sorted by name."""
    if not folder.is_dir():
        return []
    return [(p.name, p.read_bytes()) for p in sorted(folder.iterdir()) if p.is_file()]


def signature(exc: BaseException) -> str:
    """Type of an exception and the innermost project frame that raised it."""
    frames = traceback.extract_tb(exc.__traceback__)
    own = [f for f in frames if str(PROJECT_ROOT) in f.filename and "/tests/fuzz/" not in
           f.filename] or frames
    where = f"{Path(own[-1].filename).name}:{own[-1].lineno}" if own else "?"
    return f"{type(exc).__name__}@{where}"


@dataclass
class Report:
    """What one worker run found."""

    execs: int = 0
    seconds: float = 0.0
    crashes: dict[str, str] = field(default_factory=dict)  # signature -> saved file name
    known: dict[str, str] = field(default_factory=dict)  # crashes of known classes

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data."""
        return {"execs": self.execs, "seconds": self.seconds, "crashes": self.crashes,
                "known": self.known}


def _save_crash(folder: Path, kind: str, data: bytes, detail: str) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{kind}-{hashlib.sha1(data).hexdigest()[:16]}"
    (folder / name).write_bytes(data)
    (folder / f"{name}.txt").write_text(detail, encoding="utf-8", errors="replace")
    return name


def cap_memory(megabytes: int) -> None:
    """Limit this process's address space so runaway memory becomes a MemoryError."""
    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang()


def run_one(target: Target, data: bytes, time_limit: float) -> tuple[str, str | None, str]:
    """Run one input: (outcome label, crash kind or None, crash detail).

    The kind is "crash", "hang", "oom", or "known" for a crash of a class in known_classes.
    """
    signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        return target.run(data), None, ""
    except Hang:
        return "hang", "hang", f"more than {time_limit} s\n{traceback.format_exc()}"
    except MemoryError:
        return "oom", "oom", traceback.format_exc()
    except Exception as exc:
        known = known_class(target.name, exc)
        if known is not None:
            return (f"known:{known.owner}:{signature(exc)}", "known",
                    f"{known.what} (branch {known.owner})\n{traceback.format_exc()}")
        return signature(exc), "crash", f"{signature(exc)}\n{traceback.format_exc()}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def worker(target: Target, runs: int, seed: int, time_limit: float, crashes: Path,
           progress: Path, extra: list[Path], verbose_known: bool = False) -> Report:
    """Replay the corpus, then mutate it `runs` times; the current input goes to `progress`."""
    signal.signal(signal.SIGALRM, _on_alarm)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    rng = random.Random(seed)
    seeds = [d for _, d in corpus_inputs(target.corpus)]
    for folder in extra:
        seeds += [d for _, d in corpus_inputs(folder)]
    if not seeds:
        raise SystemExit(f"no corpus for {target.name} in {target.corpus}")
    pool = list(seeds)
    labels: set[str] = set()
    report = Report()
    fd = os.open(progress, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
    start = time.perf_counter()
    queue = list(seeds)
    while report.execs < runs:
        if queue:
            data = queue.pop(0)
        else:
            # Of two random parents the smaller: cheap inputs keep the rate up.
            parent = min(rng.choice(pool), rng.choice(pool), key=len)
            signal.setitimer(signal.ITIMER_REAL, time_limit)
            try:
                data = target.mutator(parent, rng, pool)
            except (Hang, RecursionError, MemoryError):
                continue  # a mutation too costly to make is no finding
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        os.ftruncate(fd, 0)
        os.pwrite(fd, data, 0)
        label, kind, detail = run_one(target, data, time_limit)
        report.execs += 1
        if report.execs % 2000 == 0:
            report.seconds = time.perf_counter() - start
            (crashes / "progress.json").write_text(json.dumps(report.to_json()))
        if kind is not None:
            sig = label if kind in ("crash", "known") else kind
            found = report.known if kind == "known" else report.crashes
            if sig not in found:
                found[sig] = _save_crash(crashes, kind, data, detail)
                if kind != "known" or verbose_known:
                    sys.stderr.write(f"[{target.name}] {kind}: {detail}\n")
            continue
        if label not in labels:
            labels.add(label)
            if len(pool) < POOL_LIMIT:
                pool.append(data)
            else:
                pool[rng.randrange(len(seeds), POOL_LIMIT)] = data
    os.close(fd)
    report.seconds = time.perf_counter() - start
    return report


def supervise(name: str, runs: int, seed: int, time_limit: float, memory_mb: int,
              crashes: Path, engine: str, extra: list[Path]) -> Report:
    """Run a target's worker to `runs` executions, restarting it when the process dies."""
    total = Report()
    progress = crashes / ".current"
    crashes.mkdir(parents=True, exist_ok=True)
    if engine == "atheris":
        return _supervise_atheris(name, runs, seed, time_limit, memory_mb, crashes, extra)
    attempt = 0
    start = time.perf_counter()
    while total.execs < runs and attempt < 20:
        cmd = [sys.executable, "-m", "tests.fuzz.runner", name, "--worker",
               "--runs", str(runs - total.execs), "--seed", str(seed + attempt),
               "--time-limit", str(time_limit), "--memory-mb", str(memory_mb),
               "--crashes", str(crashes), "--engine", engine]
        for folder in extra:
            cmd += ["--corpus", str(folder)]
        proc = subprocess.Popen(cmd, cwd=PROJECT_ROOT, stdout=subprocess.PIPE, text=True)
        stalled = _watch(proc, progress, time_limit * 4 + 60)
        out = proc.stdout.read() if proc.stdout else ""
        proc.wait()
        attempt += 1
        line = out.strip().splitlines()[-1] if out.strip() else ""
        if proc.returncode == 0 and line.startswith("{"):
            part = json.loads(line)
            total.execs += part["execs"]
            for sig, file in part["crashes"].items():
                total.crashes.setdefault(sig, file)
            for sig, file in part["known"].items():
                total.known.setdefault(sig, file)
            continue
        data = progress.read_bytes() if progress.exists() else b""
        kind = "hang" if stalled else f"died-{proc.returncode}"
        total.crashes.setdefault(kind, _save_crash(crashes, kind, data, f"worker {kind}"))
        total.execs += 1  # the input that killed it; the executions before it are lost
    total.seconds = time.perf_counter() - start
    return total


def _supervise_atheris(name: str, runs: int, seed: int, time_limit: float, memory_mb: int,
                       crashes: Path, extra: list[Path]) -> Report:
    """One libFuzzer run (it stops at the first new crash); figures from its final stats."""
    cmd = [sys.executable, "-m", "tests.fuzz.runner", name, "--worker", "--engine", "atheris",
           "--runs", str(runs), "--seed", str(seed), "--time-limit", str(time_limit),
           "--memory-mb", str(memory_mb), "--crashes", str(crashes)]
    for folder in extra:
        cmd += ["--corpus", str(folder)]
    log = crashes / "atheris.log"
    start = time.perf_counter()
    with log.open("w", encoding="utf-8") as fh:
        subprocess.run(cmd, cwd=PROJECT_ROOT, stdout=fh, stderr=subprocess.STDOUT, check=False)
    report = Report(seconds=time.perf_counter() - start)
    text = log.read_text(encoding="utf-8", errors="replace")
    for line in text.splitlines():
        if line.startswith("stat::number_of_executed_units:"):
            report.execs = int(line.split(":")[-1])
    if _rate(text) > 0:  # libFuzzer's own clock, without the start-up
        report.seconds = report.execs / _rate(text)
    for f in sorted(crashes.iterdir()):
        if f.name.startswith("atheris-"):
            report.crashes[f.name.split("-")[1]] = f.name
        elif f.name.startswith("known-") and f.name.endswith(".txt"):
            sig = f.read_text(encoding="utf-8", errors="replace").splitlines()[0]
            report.known[sig] = f.name.removesuffix(".txt")
    return report


def _rate(log: str) -> float:
    for line in log.splitlines():
        if line.startswith("stat::average_exec_per_sec:"):
            return float(line.split(":")[-1])
    return 0.0


def _watch(proc: subprocess.Popen[str], progress: Path, stall_s: float) -> bool:
    """Wait for the worker; kill it when its current input has not changed for `stall_s`."""
    while proc.poll() is None:
        time.sleep(0.5)
        try:
            age = time.time() - progress.stat().st_mtime
        except FileNotFoundError:
            continue
        if age > stall_s:
            proc.kill()
            return True
    return False


def _atheris_worker(target: Target, runs: int, seed: int, time_limit: float,
                    memory_mb: int, crashes: Path, extra: list[Path]) -> None:
    """Coverage-guided run with atheris (libFuzzer); our mutators mixed with libFuzzer's."""
    import atheris  # the optional `fuzz` extra

    known_seen: set[str] = set()

    def one_input(data: bytes) -> None:
        try:
            target.run(data)
        except Exception as exc:
            # libFuzzer stops at the first crash: keep going past classes fixed elsewhere.
            known = known_class(target.name, exc)
            if known is None:
                raise
            sig = f"known:{known.owner}:{signature(exc)}"
            if sig not in known_seen:
                known_seen.add(sig)
                _save_crash(crashes, "known", data, f"{sig}\n{traceback.format_exc()}")

    def custom_mutator(data: bytes, max_size: int, mseed: int) -> bytes:
        rng = random.Random(mseed)
        if rng.random() < 0.5:
            return atheris.Mutate(data, max_size)
        return target.mutator(data, rng, ())[:max_size]

    folders = [str(target.corpus), *map(str, extra)]
    work = crashes / ".atheris-corpus"
    work.mkdir(parents=True, exist_ok=True)
    argv = [sys.argv[0], f"-runs={runs}", f"-seed={seed}", f"-timeout={int(time_limit)}",
            f"-rss_limit_mb={memory_mb}", f"-artifact_prefix={crashes}/atheris-",
            "-max_len=1048576", "-print_final_stats=1", str(work), *folders]
    atheris.instrument_all()
    atheris.Setup(argv, one_input, custom_mutator=custom_mutator)
    atheris.Fuzz()


def main(argv: list[str] | None = None) -> int:
    """Command line of the fuzz runner; returns 1 when anything crashed."""
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.runner")
    parser.add_argument("targets", nargs="*", help=f"targets (default: all of {list(TARGETS)})")
    parser.add_argument("--runs", type=int, default=300, help="executions per target")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT_S,
                        help="seconds per input before it counts as a hang")
    parser.add_argument("--memory-mb", type=int, default=DEFAULT_MEMORY_MB,
                        help="address-space cap of the worker")
    parser.add_argument("--crashes", type=Path, default=None, help="where crashes are saved")
    parser.add_argument("--corpus", type=Path, action="append", default=[],
                        help="extra corpus folder (e.g. tests/fuzz/known/TARGET)")
    parser.add_argument("--known", action="store_true",
                        help="add tests/fuzz/known/TARGET to each target's corpus")
    parser.add_argument("--strict", action="store_true",
                        help="crashes of known classes (known_classes.py) fail the run too")
    parser.add_argument("--engine", choices=("mutate", "atheris"), default="mutate")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    names = args.targets or list(TARGETS)
    unknown = [n for n in names if n not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {unknown}; choose from {list(TARGETS)}")
    if args.worker:
        target = TARGETS[names[0]]
        keep_reference_analysis()
        with contextlib.suppress(Exception):
            target.run(b"")  # warm up caches before the memory cap and the clock
        cap_memory(args.memory_mb)
        if args.engine == "atheris":
            _atheris_worker(target, args.runs, args.seed, args.time_limit, args.memory_mb,
                            args.crashes, args.corpus)
            return 0
        report = worker(target, args.runs, args.seed, args.time_limit, args.crashes,
                        args.crashes / ".current", args.corpus)
        print(json.dumps(report.to_json()))
        return 0
    failed = False
    for name in names:
        crashes = args.crashes or PROJECT_ROOT / "build" / "fuzz-crashes" / name
        extra = list(args.corpus) + ([KNOWN_DIR / name] if args.known else [])
        report = supervise(name, args.runs, args.seed, args.time_limit, args.memory_mb,
                           crashes, args.engine, extra)
        rate = report.execs / report.seconds if report.seconds else 0.0
        print(f"{name}: {report.execs} executions in {report.seconds:.1f} s "
              f"({rate:.0f} exec/s), {len(report.crashes)} new crash(es), "
              f"{len(report.known)} known crash class(es)"
              + "".join(f"\n  {sig} -> {crashes / f}" for sig, f in report.crashes.items())
              + "".join(f"\n  {sig} -> {crashes / f}" for sig, f in report.known.items()),
              flush=True)
        failed = failed or bool(report.crashes) or (args.strict and bool(report.known))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
