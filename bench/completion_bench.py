"""How long a tab press waits: milliseconds for the shell's completion to answer.

    python bench/completion_bench.py                         # `sessiondesk` on PATH
    python bench/completion_bench.py --command /usr/bin/sessiondesk --runs 30

Two figures, each over a made-up index of 2,000 conversations, 5,000 sessions
and 20 accounts in a throwaway home:
* `__complete`: the one process a tab press may start, asked for `SESS-` handles
  (wall time of the whole process, start to exit);
* bash end to end: `sessiondesk conversations show SESS-04<TAB>` through the
  generated bash script (`COMP_LINE` set, `_sessiondesk` called), in one bash
  that has the script loaded already, as a shell would;
and, for scale, a bare Python start and the same program's `--version` (its start and
nothing else).
The load average is printed: the machine is shared, and a start is mostly CPU.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def fill_index(home: Path, command: list[str]) -> None:
    """A real database (made by the program), then many rows put in directly."""
    subprocess.run([*command, "--home", str(home), "settings", "list"], check=True,
                   capture_output=True)  # fmt: skip
    db = sqlite3.connect(home / "sessiondesk.db")
    with db:
        for n in range(20):
            db.execute(
                "INSERT INTO accounts(name, config_dir, auth, created) VALUES (?, ?, 'login', "
                "'2026-01-01')", (f"account{n:02d}", f"/tmp/account{n:02d}"),
            )  # fmt: skip
        first = db.execute("SELECT min(id) FROM accounts").fetchone()[0]
        db.executemany(
            "INSERT INTO conversations(id, number, title, description, archived, "
            "history_epoch, created, updated) VALUES (?, ?, 'a title', '', 0, 0, "
            "'2026-01-01', '2026-01-01')",
            ((f"{n:08x}-0000-4000-8000-000000000000", n) for n in range(1, 2001)),
        )
        db.executemany(
            "INSERT INTO sessions(account_id, session_id, path, message_count, size, mtime_ns, "
            "read_offset, input_tokens, output_tokens, missing, modified) VALUES "
            "(?, ?, '/x', 1, 1, 1, 0, 0, 0, 0, '2026-01-02')",
            ((first, f"{n:08x}-aaaa-4bbb-8ccc-000000000000") for n in range(5000)),
        )
    db.close()


def timed(argv: list[str], runs: int, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Wall milliseconds of each run, and CPU (user + system) milliseconds: on a loaded
    machine the wall time is mostly waiting for a core, the CPU time is the cost."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, env=env)
        walls.append((time.perf_counter() - started) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
    return walls, cpus


BASH_LOOP = """
source "$1"
runs=$2
line="$3 --home $4 conversations show SESS-04"
for ((i = 0; i < runs; i++)); do
    start=$EPOCHREALTIME
    COMP_LINE=$line; COMP_POINT=${#line}; COMPREPLY=()
    _sessiondesk
    end=$EPOCHREALTIME
    echo "$start $end ${#COMPREPLY[@]}"
done
"""


def bash_times(script: Path, command: str, home: Path, runs: int) -> tuple[list[float], int]:
    done = subprocess.run(
        ["bash", "-c", BASH_LOOP, "bench", str(script), str(runs), command, str(home)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    times, found = [], 0
    for line in done.stdout.split("\n"):
        if line:
            start, end, found_text = line.split()
            times.append((float(end) - float(start)) * 1000)
            found = int(found_text)
    return times, found


def describe(name: str, times: list[float]) -> str:
    return (
        f"{name:<34} median {statistics.median(times):6.1f} ms   min {min(times):6.1f}   "
        f"max {max(times):6.1f}   ({len(times)} runs)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--command", default="sessiondesk", help="the program to time")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    command = shlex.split(args.command)
    if shutil.which(command[0]) is None:
        print(f"error: {command[0]} not found", file=sys.stderr)
        return 2
    env = {**os.environ, "SESSIONDESK_HOME": ""}
    with tempfile.TemporaryDirectory(prefix="completion-bench-") as scratch:
        home = Path(scratch) / "home"
        fill_index(home, command)
        script = Path(scratch) / "sessiondesk.bash"
        printed = subprocess.run(
            [*command, "completions", "bash"], check=True, capture_output=True, text=True
        )
        script.write_text(printed.stdout)
        print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {args.command}")
        for name, argv in (
            ("bare Python start", [sys.executable, "-c", "pass"]),
            ("--version", [*command, "--version"]),
            ("__complete conversation SESS-", [*command, "__complete", "conversation", "SESS-",
                                               str(home)]),
        ):  # fmt: skip
            walls, cpus = timed(argv, args.runs, env)
            print(describe(name, walls))
            print(describe(f"{name} (CPU)", cpus))
        times, found = bash_times(script, args.command, home, args.runs)
        print(describe(f"bash SESS-04<TAB> ({found} found)", times))
        print(describe("bash con<TAB> (no process)", bash_times_static(script, args.runs)))
    return 0


def bash_times_static(script: Path, runs: int) -> list[float]:
    loop = BASH_LOOP.replace('"$3 --home $4 conversations show SESS-04"', '"sessiondesk con"')
    done = subprocess.run(["bash", "-c", loop, "bench", str(script), str(runs), "", ""],
                          check=True, capture_output=True, text=True)  # fmt: skip
    return [
        (float(end) - float(start)) * 1000
        for start, end, _ in (line.split() for line in done.stdout.split("\n") if line)
    ]


if __name__ == "__main__":
    sys.exit(main())
