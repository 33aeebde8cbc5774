"""Start-up of the `sessiondesk` command: median wall time of whole processes.

    python bench/startup_bench.py                  # this checkout, 10 runs each
    python bench/startup_bench.py --code DIR       # another checkout (before/after)

A small home (`bench/corpus.py`: a few sessions in one Claude config dir,
registered as the `default` account) is indexed once; then each command runs
once untimed and `--runs` times timed, each a new `python -m desktop` process,
so the figures are what a script or a shell user waits for with the files in
the page cache: `--version`, `--help`, `sessions list --json`, `search WORD`.
Bytecode is written and reused (PYTHONDONTWRITEBYTECODE is dropped), as an
installed app has it: compiling the package's sources anew on each start would
otherwise be a third of `sessions list`. Each process's CPU time is printed
beside its wall time, as other jobs on a shared machine stretch the wall time
but not the CPU time.

`--config-dir DIR --home HOME` measures on a corpus already there (e.g. the
one `bench/index_bench.py --keep` leaves) instead of the small home. The last
line printed is `RESULT {json}` with the same figures, for `bench/issue15.py`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.corpus import make_corpus

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "--version": ["--version"],
    "--help": ["--help"],
    "sessions list --json": ["--json", "sessions", "list"],
    "search WORD": ["search", "parser"],
}
TARGETS = {"--version": 0.1, "sessions list --json": 0.3, "search WORD": 0.3}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv: list[str], code: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one `python -m desktop ARGV`; fails loudly on a bad exit."""
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(  # in `code`: `-m` puts the working folder first on sys.path
        [sys.executable, "-m", "desktop", *argv], cwd=code, env=env, capture_output=True
    )
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{argv} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    return wall, _children_cpu() - cpu


def measure(
    code: Path, runs: int, sessions: int, corpus: tuple[Path, Path] | None = None
) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds per command, on `corpus` (config dir, home)
    when given, else on a new small home of `sessions` sessions."""
    with tempfile.TemporaryDirectory(prefix="sessiondesk-startup-") as work:
        config_dir, home = corpus or (Path(work) / "claude", Path(work) / "home")
        if corpus is None:
            make_corpus(config_dir, sessions=sessions, total_mb=sessions * 0.02, large_mb=0)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {
            "PYTHONPATH": str(code),
            "SESSIONDESK_HOME": str(home),
            "CLAUDE_CONFIG_DIR": str(config_dir),
        }
        run_once(["index"], code, env)
        figures = {}
        for name, argv in COMMANDS.items():
            run_once(argv, code, env)  # warm: the files in the page cache, the index current
            timed = [run_once(argv, code, env) for _ in range(runs)]
            figures[name] = (
                statistics.median(t[0] for t in timed),
                statistics.median(t[1] for t in timed),
            )
        return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="checkout to measure")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--sessions", type=int, default=5, help="sessions in the small home")
    parser.add_argument("--config-dir", type=Path, help="a corpus to use instead (with --home)")
    parser.add_argument("--home", type=Path, help="the Sessiondesk home indexing --config-dir")
    args = parser.parse_args()
    if (args.config_dir is None) != (args.home is None):
        parser.error("--config-dir and --home go together")
    corpus = (args.config_dir, args.home) if args.config_dir else None
    load = os.getloadavg()[0]
    figures = measure(args.code.resolve(), args.runs, args.sessions, corpus)
    where = f"the corpus in {args.config_dir}" if corpus else f"{args.sessions} sessions"
    print(f"median of {args.runs} runs, {where}, load average {load:.1f}")
    print(f"{'command':24} {'wall':>8} {'cpu':>8}  target")
    for name, (wall, cpu) in figures.items():
        target = TARGETS.get(name)
        verdict = f"≤ {target:.2f} s {'pass' if wall <= target else 'MISSED'}" if target else ""
        print(f"{name:24} {wall:7.3f}s {cpu:7.3f}s  {verdict}")
    commands = {
        name: {"wall": wall, "cpu": cpu, "target": TARGETS.get(name)}
        for name, (wall, cpu) in figures.items()
    }
    print("RESULT", json.dumps({"runs": args.runs, "load": load, "commands": commands}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
