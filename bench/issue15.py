"""Every row of issue 15's table in one run: the figure, its target, pass or miss, and the peers.

    .venv/bin/python bench/issue15.py              # full sizes (half an hour and more)
    .venv/bin/python bench/issue15.py --quick      # small sizes: a smoke run
    .venv/bin/python bench/issue15.py --no-peers --skip stall --skip read

Each measure is one of the bench scripts, run as a child process, whose last
line `RESULT {json}` is read: `index_bench.py` (cold index, peak memory, and
the peers ccusage and claude-code-log on the same corpus), `index_phases.py`
(the small sessions alone: the corpus with its big transcript set aside),
`startup_bench.py` (`--version`, and `sessions list` and `search` on the
corpus's own home), `window_start.py` (start to a painted, filled list on that
home), `ui_stall.py` (five runs streaming; needs the real claude and a
keyring: run under D-Bus, or this script starts one) and
`transcript_read_bench.py` (the big transcript read whole in the window).

The rows that depend on the corpus are measured on the three shapes of
`bench/corpus.py`: `text` (2,000 small sessions and one 200 MB transcript of
75,000 messages, cloned from the real CLI's lines), `dense` (issue 27: one
transcript of 230,000 short messages, about 210 MB, beside 2,000 ordinary
sessions, 480 MB in all) and `blobs` (1,000 sessions, 500 MB, request blobs
most of the bytes; `--full-blobs` for the 10,000 sessions / 5 GB one). The
issue's targets are for the text shape; the dense shape's cold index is held
to 4.5× ccusage's time on the same corpus in the same run and 200 MB; the
blob shape's to `index_bench.py`'s own (≤ 20 s at 10,000 sessions / 5 GB).
Every child's whole output is kept in `--work`/logs. Rows (for `--skip`):
cold, small, version, list, search, window, stall, read.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.index_bench import DENSE_GOAL, TARGETS, dense_ok, phase  # noqa: E402

BENCH = Path(__file__).parent
ROWS = {
    "cold": "cold index (`index`, fresh home), peak memory",
    "small": "the 2,000 small sessions alone",
    "version": "`sessiondesk --version`",
    "list": "`sessions list --json`, warm",
    "search": "`search WORD`, whole process",
    "window": "window: start to a painted, filled list (warm)",
    "stall": "longest window stall, 5 runs streaming",
    "read": "full reading of the 200 MB transcript in the window",
}
ON_CORPUS = ("cold", "small", "list", "search", "window", "read")
TEXT_ONLY = ("small", "read")
"""Rows about the text shape's parts: its small sessions, its big transcript."""
COLD_S, COLD_MB, FRAME_MS, READ_S = 3.0, 200.0, 16.0, 1.5
DENSE_BIG = ["--large-mb", "200", "--large-messages", "230000"]
DENSE_BIG_QUICK = ["--large-mb", "20", "--large-messages", "23000"]
SIZES = {
    ("text", False): ["--sessions", "2000", "--large-mb", "200", "--large-messages", "75000"],
    ("text", True): ["--sessions", "200", "--large-mb", "20", "--large-messages", "7500"],
    # the big transcript's texts take what its lines leave of --large-mb: a few words here
    ("dense", False): ["--sessions", "2000", "--total-mb", "480", *DENSE_BIG],
    ("dense", True): ["--sessions", "200", "--total-mb", "48", *DENSE_BIG_QUICK],
    ("blobs", False): ["--sessions", "1000", "--total-mb", "500", "--large-mb", "200"],
    # the big blob session is 25,000 turns whatever its size: about 100 MB at least
    ("blobs", True): ["--sessions", "200", "--total-mb", "140", "--large-mb", "100"],
}
SHAPES = ("text", "dense", "blobs")
FULL_BLOBS = ["--sessions", "10000", "--total-mb", "5000", "--large-mb", "200"]
Row = tuple[str, str, str, str, str, str]
"""Measure, shape, Sessiondesk's figure, target, verdict, peers."""


class Runner:
    """Runs bench scripts as children, keeps their output, reads their RESULT lines."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        logs.mkdir(parents=True, exist_ok=True)

    def run(
        self, name: str, argv: list[str], timeout: float, env: dict[str, str] | None = None
    ) -> dict[str, Any] | str:
        """The child's RESULT, or a line saying why there is none."""
        print(f"· {name}: {' '.join(argv[1:])}", file=sys.stderr, flush=True)
        started = time.perf_counter()
        try:
            done = subprocess.run(
                argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired as stopped:
            (self.logs / f"{name}.log").write_text(str(stopped.stdout or ""))
            return f"stopped after {timeout:.0f} s"
        output = done.stdout + ("\n--- stderr\n" + done.stderr if done.stderr else "")
        (self.logs / f"{name}.log").write_text(output)
        print(f"  {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        return result_of(done.stdout) or f"failed (exit {done.returncode}; logs/{name}.log)"


def result_of(output: str) -> dict[str, Any] | None:
    for line in reversed(output.splitlines()):
        if line.startswith("RESULT "):
            parsed: dict[str, Any] = json.loads(line.removeprefix("RESULT "))
            return parsed
    return None


def seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def verdict(ok: bool) -> str:
    return "pass" if ok else "**miss**"


def peer_text(peers: dict[str, dict[str, Any]], only: str | None = None) -> str:
    shown = []
    for name, peer in peers.items():
        if only and not name.startswith(only):
            continue
        short = name.split()[0]
        if peer.get("seconds") is not None:
            shown.append(f"{short} {peer['seconds']:.2f} s, {peer['rss_mb']:.0f} MB")
        elif peer["status"] == "stopped":
            shown.append(f"{short} stopped after {peer['after']:.0f} s")
        else:
            shown.append(f"{short} {peer['status']}")
    return " · ".join(shown)


def corpus_rows(
    runner: Runner, shape: str, args: argparse.Namespace, skip: set[str]
) -> tuple[list[Row], dict[str, Any]]:
    """The rows measured on one corpus shape, and the RESULTs they came from."""
    work = args.work / shape
    sizes = FULL_BLOBS if shape == "blobs" and args.full_blobs else SIZES[shape, args.quick]
    argv = [sys.executable, str(BENCH / "index_bench.py"), "--shape", shape, *sizes]
    argv += ["--keep", "--work", str(work)]
    if not args.no_peers:
        argv += ["--peers", "--peer-timeout", str(args.peer_timeout)]
    index = runner.run(f"index_bench-{shape}", argv, timeout=7200)
    results: dict[str, Any] = {"index_bench": index}
    rows: list[Row] = []
    if isinstance(index, str):
        return [(ROWS[k], shape, index, "", "", "") for k in ON_CORPUS if k not in skip], results
    try:
        rows += _measured_on(runner, shape, index, work, args, skip, results)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows, results


def _measured_on(
    runner: Runner,
    shape: str,
    index: dict[str, Any],
    work: Path,
    args: argparse.Namespace,
    skip: set[str],
    results: dict[str, Any],
) -> list[Row]:
    corpus, peers = index["corpus"], index["peers"]
    config, home, largest = work / "config", work / "home", Path(corpus["largest"])
    described = f"{shape} ({corpus['sessions']:,} sessions, {corpus['bytes'] / 1e6:,.0f} MB)"
    rows: list[Row] = []
    if "cold" not in skip:
        cold = index["cold"]
        peak = max(cold["peak_mb"], cold.get("workers_rss_mb", 0.0))
        figure = f"{seconds(cold['seconds'])}, peak {peak:.0f} MB ({cold['cpu']:.0f} CPU-s)"
        if shape == "dense":  # issue 27: against ccusage on the same corpus, same run
            ccusage = peers.get("ccusage claude session", {}).get("seconds")
            if ccusage:
                figure += f", {cold['seconds'] / ccusage:.1f}× ccusage"
            met = dense_ok(cold, ccusage)
            target, ok = DENSE_GOAL, "– (no ccusage)" if met is None else verdict(met)
        elif shape == "text":
            target, ok = (
                f"≤ {COLD_S:g} s, ≤ {COLD_MB:g} MB",
                verdict(cold["seconds"] <= COLD_S and peak <= COLD_MB),
            )
        else:
            full = corpus["sessions"] >= 10_000 and corpus["bytes"] >= 4.5e9
            goal = TARGETS["cold"][0]
            target = f"≤ {goal:g} s at 10,000 / 5 GB"
            ok = verdict(cold["seconds"] <= goal) if full else "–"
        rows.append((ROWS["cold"], described, figure, target, ok, peer_text(peers)))
    if shape == "text" and "small" not in skip:
        rows.append(_small_alone(config, largest, work, corpus))
    if {"list", "search", "version"} - skip:
        argv = [sys.executable, str(BENCH / "startup_bench.py"), "--runs", str(args.runs)]
        argv += ["--config-dir", str(config), "--home", str(home)]
        startup = runner.run(f"startup_bench-{shape}", argv, timeout=1800)
        results["startup_bench"] = startup
        for key, name in (("list", "sessions list --json"), ("search", "search WORD")):
            if key not in skip:
                peer = peer_text(peers, "ccusage") if key == "list" else ""
                rows.append(_command_row(key, name, startup, shape, peer))
    if "window" not in skip:
        argv = [sys.executable, str(BENCH / "window_start.py"), "--runs", str(args.runs)]
        argv += ["--config-dir", str(config), "--home", str(home)]
        window = runner.run(f"window_start-{shape}", argv, timeout=1800)
        results["window_start"] = window
        rows.append(_window_row(window, shape))
    if shape == "text" and "read" not in skip:
        read = _transcript_read(runner, config)
        results["transcript_read_bench"] = read
        rows.append(_read_row(read, shape))
    return rows


def _small_alone(config: Path, largest: Path, work: Path, corpus: dict[str, Any]) -> Row:
    """A cold index of the corpus with its big transcript set aside."""
    aside = work / largest.name
    largest.rename(aside)
    try:
        home = work / "home-small"
        print("· index_phases cold, small sessions alone", file=sys.stderr, flush=True)
        cold = phase(ROOT, config, "cold", "--home", str(home))
    except SystemExit as failed:  # phase() says why in one message
        return (ROWS["small"], "text", str(failed).splitlines()[0], "–", "", "")
    finally:
        aside.rename(largest)
        shutil.rmtree(work / "home-small", ignore_errors=True)
    figure = (
        f"{seconds(cold['seconds'])}, {cold['read']:,} sessions, peak {cold['peak_mb']:.0f} MB "
        f"({cold['cpu']:.0f} CPU-s)"
    )
    return (ROWS["small"], "text", figure, "–", "", "")


def _command_row(key: str, name: str, startup: dict[str, Any] | str, shape: str, peer: str) -> Row:
    if isinstance(startup, str):
        return (ROWS[key], shape, startup, "", "", peer)
    command = startup["commands"][name]
    figure = f"{seconds(command['wall'])} ({seconds(command['cpu'])} CPU)"
    target = command["target"]
    return (ROWS[key], shape, figure, f"≤ {target:g} s", verdict(command["wall"] <= target), peer)


def _window_row(window: dict[str, Any] | str, shape: str) -> Row:
    if isinstance(window, str):
        return (ROWS["window"], shape, window, "", "", "")
    mark = window["marks"]["list painted with rows"]
    figure = f"{seconds(mark['wall'])} ({seconds(mark['cpu'])} CPU), {window['rows']:,} rows"
    target = window["target"]
    return (ROWS["window"], shape, figure, f"≤ {target:g} s", verdict(mark["wall"] <= target), "")


def _transcript_read(runner: Runner, config: Path) -> dict[str, Any] | str:
    script = BENCH / "transcript_read_bench.py"
    if not script.exists():
        return "not measured (script missing)"
    argv = [sys.executable, str(script), "--corpus", str(config)]  # it opens the largest file
    return runner.run("transcript_read_bench", argv, timeout=1800, env=_offscreen())


def _read_row(read: dict[str, Any] | str, shape: str) -> Row:
    if isinstance(read, str):
        return (ROWS["read"], shape, read, "", "", "")
    figure = (
        f"{seconds(read['full_read_s'])} for {read['file_mb']:.0f} MB, {read['messages']:,} "
        f"messages; longest stall {read['longest_stall_ms']:.0f} ms, "
        f"{read['frames_over_16ms']} frames > 16 ms"
    )
    ok = read["full_read_s"] <= READ_S and read["longest_stall_ms"] <= FRAME_MS
    return (ROWS["read"], shape, figure, f"≤ {READ_S:g} s, no stall > 16 ms", verdict(ok), "")


def _offscreen() -> dict[str, str]:
    return os.environ | {"QT_QPA_PLATFORM": "offscreen"}


def stall_row(runner: Runner, runs: int) -> tuple[Row, dict[str, Any] | str]:
    argv = [sys.executable, str(BENCH / "ui_stall.py"), "--runs", str(runs)]
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):  # a keyring for the account's key
        argv = ["dbus-run-session", "--", str(ROOT / "scripts" / "with-keyring"), *argv]
    stall = runner.run("ui_stall", argv, timeout=900, env=_offscreen())
    if isinstance(stall, str):
        log = (runner.logs / "ui_stall.log").read_text()
        stall = _stall_from_table(log) or stall
    if isinstance(stall, str):
        return (ROWS["stall"], "–", stall, "", "", ""), stall
    figure = f"{stall['longest_stall_ms']:.0f} ms over {stall['runs']} runs"
    if stall.get("p99_ms") is not None:
        figure += f" (p99 {stall['p99_ms']:.0f} ms, {stall['frames_over_16ms']} frames > 16 ms)"
    ok = verdict(stall["longest_stall_ms"] <= FRAME_MS)
    return (ROWS["stall"], "–", figure, f"≤ {FRAME_MS:g} ms", ok, ""), stall


def _stall_from_table(log: str) -> dict[str, Any] | None:
    """ui_stall.py from before its RESULT line: its target line has the figure."""
    for line in log.splitlines():
        if line.startswith("target:") and "→" in line:
            figure = float(line.split("→")[1].split("ms")[0])
            return {"runs": 5, "longest_stall_ms": figure, "p99_ms": None}
    return None


def version_row(runner: Runner, startup: dict[str, Any] | str | None, runs: int) -> Row:
    if startup is None or isinstance(startup, str):  # no corpus run measured it: a small home
        argv = [sys.executable, str(BENCH / "startup_bench.py"), "--runs", str(runs)]
        startup = runner.run("startup_bench-small", argv, timeout=900)
    if isinstance(startup, str):
        return (ROWS["version"], "–", startup, "", "", "")
    command = startup["commands"]["--version"]
    figure = f"{seconds(command['wall'])} ({seconds(command['cpu'])} CPU)"
    target = command["target"]
    return (ROWS["version"], "–", figure, f"≤ {target:g} s", verdict(command["wall"] <= target), "")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="small corpora: a smoke run")
    parser.add_argument("--no-peers", action="store_true", help="skip ccusage, claude-code-log")
    parser.add_argument("--skip", action="append", default=[], choices=sorted(ROWS))
    parser.add_argument("--full-blobs", action="store_true", help="blob shape at 10,000 / 5 GB")
    parser.add_argument("--shape", action="append", choices=SHAPES)
    parser.add_argument("--runs", type=int, help="runs per start-up measure (7; 3 quick)")
    parser.add_argument("--peer-timeout", type=float, help="seconds (400; 60 quick)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/sessiondesk-issue15"))
    args = parser.parse_args()
    args.runs = args.runs or (3 if args.quick else 7)
    args.peer_timeout = args.peer_timeout or (60 if args.quick else 400)
    skip = set(args.skip)
    shutil.rmtree(args.work, ignore_errors=True)
    runner = Runner(args.work / "logs")
    load = os.getloadavg()
    started = time.perf_counter()
    rows: list[Row] = []
    results: dict[str, Any] = {}
    if set(ON_CORPUS) - skip:
        for shape in args.shape or SHAPES:
            measured, results[shape] = corpus_rows(runner, shape, args, skip)
            rows += measured
    if "version" not in skip:
        first = next((r.get("startup_bench") for r in results.values()), None)
        rows.insert(0, version_row(runner, first, args.runs))
    if "stall" not in skip:
        row, results["ui_stall"] = stall_row(runner, 5)
        rows.append(row)
    order = list(ROWS.values())
    rows.sort(key=lambda r: order.index(r[0]))  # the order; shapes as measured
    after = os.getloadavg()
    print(f"issue 15, {'quick sizes' if args.quick else 'full sizes'} · {os.cpu_count()} cores · "
          f"load average {load[0]:.1f} at the start, {after[0]:.1f} at the end · "
          f"{time.perf_counter() - started:.0f} s")  # fmt: skip
    print()
    print("| measure | corpus | Sessiondesk | target | | peers, same run |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\nlogs of every child: {runner.logs}")
    print("RESULT", json.dumps({"quick": args.quick, "load": load, "rows": rows} | results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
