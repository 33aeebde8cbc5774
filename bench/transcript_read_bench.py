"""The full reading of a 200 MB transcript in the window: how long, and how long the loop stalls.

    python bench/transcript_read_bench.py                   # this checkout, 3 runs
    python bench/transcript_read_bench.py --code DIR        # another checkout (before/after)
    python bench/transcript_read_bench.py --corpus DIR      # reuse a corpus made before

A throwaway home holds one session of `bench/corpus.py --shape text` (75,000
user and assistant messages, 221 MB at the default `--large-mb 200`), indexed
once. Each run is a new process (Qt offscreen) that builds the real window as
`sessiondesk` does, waits for the session list, then clicks the session as a
person would. From the click, a 5 ms QTimer notes every gap in the event loop
(time the window could not answer) until the transcript panel says the whole
transcript is in (its `loaded` signal). Printed per run: time to the first
screen (the end of the transcript), to the start of the rows' filling (the
reading processes done, the messages in the window) and to the full reading,
the longest gap, the gaps over one 60 Hz frame (16 ms), the window process's
CPU seconds and its reader processes' (from the click), and the load average. The last line is
`RESULT {json}`, the median run, for scripts that collect figures.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.cloned_corpus import make_text_corpus  # noqa: E402
from bench.window_start import indexed_home  # noqa: E402

CHILD = r"""
import json, os, resource, sys, time
from pathlib import Path
from PySide6.QtCore import QElapsedTimer, QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
import qasync, asyncio
from desktop.app import build_window
from desktop.compose import open_services

def cpu(who):
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime

app = QApplication([sys.argv[0]])
hub = open_services(Path(os.environ["SESSIONDESK_HOME"]))
window = build_window(hub)
window.resize(1400, 900)
browser = window.sessions
pane, panel = browser.pane, browser.panel
out = {}
gaps = []
clock = QElapsedTimer()
ticker = QTimer()
ticker.setInterval(5)
state = {"last": None, "cpu": 0.0}
busy = []

def tick():
    # each gap, and how much of it this thread spent running (the rest it waited:
    # for a core other processes held, or for the interpreter lock)
    now, cpu_now = clock.nsecsElapsed() / 1e6, time.thread_time() * 1000
    if state["last"] is not None:
        gaps.append(now - state["last"])
        busy.append(cpu_now - state["cpu"])
    state["last"], state["cpu"] = now, cpu_now

ticker.timeout.connect(tick)
collections = []

def collected(phase, info):
    # the window's cycle collector runs on its thread: a long collection is a stall
    if phase == "start":
        state["gc"] = time.perf_counter()
    elif ticker.isActive():
        collections.append(((time.perf_counter() - state["gc"]) * 1000, info["generation"]))

import gc
gc.callbacks.append(collected)

def first_rows(*_):
    if "first_screen_s" not in out and panel.model.rowCount() > 0:
        out["first_screen_s"] = clock.nsecsElapsed() / 1e9

panel.model.modelReset.connect(first_rows)
panel.model.rowsInserted.connect(first_rows)

def loaded(record):
    if "full_read_s" in out or record is None:
        return
    out["full_read_s"] = clock.nsecsElapsed() / 1e9
    out["rows"] = panel.model.rowCount()
    out["messages"] = record.message_count
    out["cpu_window_s"] = cpu(resource.RUSAGE_SELF) - out.pop("cpu_at_click")
    ticker.stop()
    QTimer.singleShot(50, app.quit)

panel.loaded.connect(loaded)
filler_start = panel._filler.start

def rows_start(*args, **kwargs):
    # the reading processes are done and the messages are in: from here on the
    # window makes and inserts the rows
    out["rows_start_s"] = clock.nsecsElapsed() / 1e9
    out["cpu_window_reading_s"] = cpu(resource.RUSAGE_SELF) - out["cpu_at_click"]
    return filler_start(*args, **kwargs)

panel._filler.start = rows_start

def click():
    if pane.source.rowCount() < 1 or browser.indexer.running():
        QTimer.singleShot(50, click)
        return
    view = pane.view
    where = view.visualRect(pane.proxy.index(0, 0)).center()
    out["load_before"] = os.getloadavg()[0]
    out["cpu_at_click"] = cpu(resource.RUSAGE_SELF)
    clock.start()
    ticker.start()
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, where
    )

window.show()
QTimer.singleShot(1000, click)
QTimer.singleShot(600_000, app.quit)
loop = qasync.QEventLoop(app)
asyncio.set_event_loop(loop)
with loop:
    loop.run_forever()
out["load_after"] = os.getloadavg()[0]
out["longest_stall_ms"] = max(gaps, default=0.0)
out["frames_over_16ms"] = sum(1 for g in gaps if g > 16.0)
out["longest_busy_ms"] = max(busy, default=0.0)
out["busy_over_16ms"] = sum(1 for b in busy if b > 16.0)
out["ticks"] = len(gaps)
out["gc_runs"] = len(collections)
out["gc_longest_ms"], out["gc_generation"] = max(collections, default=(0.0, 0))
window.close()
hub.close()
time.sleep(1.0)  # reader processes that were let go end and are counted
out["cpu_children_s"] = cpu(resource.RUSAGE_CHILDREN)
print(json.dumps(out))
"""


def one_run(code: Path, env: dict[str, str]) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=code, env=env, capture_output=True, text=True
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise SystemExit(f"the window failed: {done.stderr[-2000:]}")
    run: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    if "full_read_s" not in run:
        raise SystemExit(f"the full reading did not end: {run}")
    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="checkout to measure")
    parser.add_argument("--corpus", type=Path, help="a config dir made by bench/corpus.py")
    parser.add_argument("--large-mb", type=float, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    code = args.code.resolve()
    with tempfile.TemporaryDirectory(prefix="sessiondesk-read-") as work:
        config_dir = args.corpus or Path(work) / "claude"
        if args.corpus is None:
            make_text_corpus(config_dir, sessions=0, large_mb=args.large_mb)
        big = max(config_dir.glob("projects/*/*.jsonl"), key=lambda p: p.stat().st_size)
        file_mb = round(big.stat().st_size / 1e6, 1)  # the folder is gone when the result is made
        env = indexed_home(code, Path(work) / "home", config_dir)
        runs = []
        for number in range(args.runs):
            started = time.perf_counter()
            # a copy of the indexed home: the window selects again the session a
            # run before it chose, which would open it before the click
            fresh = Path(work) / f"run-{number}"
            shutil.copytree(env["SESSIONDESK_HOME"], fresh)
            run = one_run(code, env | {"SESSIONDESK_HOME": str(fresh)})
            runs.append(run)
            print(
                f"run {number + 1}: first screen {run['first_screen_s']:.3f} s, "
                f"full reading {run['full_read_s']:.2f} s (rows from "
                f"{run.get('rows_start_s', float('nan')):.2f} s), longest stall "
                f"{run['longest_stall_ms']:.0f} ms, frames over 16 ms {run['frames_over_16ms']}, "
                f"of which busy {run['longest_busy_ms']:.0f} ms ({run['busy_over_16ms']} over 16), "
                f"longest collection {run['gc_longest_ms']:.0f} ms (generation "
                f"{run['gc_generation']}) of {run['gc_runs']}, "
                f"CPU window {run['cpu_window_s']:.2f} s + readers {run['cpu_children_s']:.2f} s, "
                f"load {run['load_before']:.1f}→{run['load_after']:.1f} "
                f"({time.perf_counter() - started:.0f} s in all)",
                flush=True,
            )
    middle = sorted(runs, key=lambda r: r["full_read_s"])[len(runs) // 2]
    result = {
        "file_mb": file_mb,
        "messages": middle["messages"],
        "rows": middle["rows"],
        "first_screen_s": round(middle["first_screen_s"], 3),
        "full_read_s": round(middle["full_read_s"], 2),
        "full_read_s_runs": [round(r["full_read_s"], 2) for r in runs],
        "rows_start_s": round(middle.get("rows_start_s", float("nan")), 2),
        "cpu_window_reading_s": round(middle.get("cpu_window_reading_s", float("nan")), 2),
        "longest_stall_ms": round(middle["longest_stall_ms"], 1),
        "longest_stall_ms_max": round(max(r["longest_stall_ms"] for r in runs), 1),
        "frames_over_16ms": middle["frames_over_16ms"],
        "longest_busy_ms": round(middle["longest_busy_ms"], 1),
        "busy_over_16ms": middle["busy_over_16ms"],
        "gc_longest_ms": round(middle["gc_longest_ms"], 1),
        "cpu_window_s": round(middle["cpu_window_s"], 2),
        "cpu_readers_s": round(middle["cpu_children_s"], 2),
        "load": round(statistics.median(r["load_before"] for r in runs), 2),
    }
    print("RESULT " + json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
