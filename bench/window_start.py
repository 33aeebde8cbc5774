"""Window start: seconds from a new process to the session list painted with rows.

    python bench/window_start.py                  # this checkout, 7 runs
    python bench/window_start.py --code DIR       # another checkout (before/after)
    python bench/window_start.py --sessions 2000  # a bigger home

A home with `--sessions` small sessions (`bench/corpus.py`) is indexed once;
then each run is a new Python process (Qt offscreen) that does what
`sessiondesk` does with no command — open the services, build the window,
show it, run the loop — and stops the clock at the first paint of the session
list holding rows. The clock starts before the interpreter does (the parent's
wall clock, handed over), so imports count. Each child also says when the
window was first painted at all, and when the background refresh ended.
Beside each, the CPU time the process had used by then: other jobs on a
shared machine stretch wall time, not CPU time. Median of the runs.

`--config-dir DIR --home HOME` starts on a corpus already there (e.g. the one
`bench/index_bench.py --keep` leaves) instead of a new home. The last line
printed is `RESULT {json}` with the same figures, for `bench/issue15.py`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.corpus import make_corpus  # noqa: E402

CHILD = r"""
import inspect, json, os, resource, sys, time
started = float(os.environ["BENCH_STARTED"])
from pathlib import Path
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
import qasync, asyncio
from desktop.app import build_window
from desktop.compose import open_services

marks = {}
def mark(name):
    if name not in marks:
        marks[name] = time.time() - started
        usage = resource.getrusage(resource.RUSAGE_SELF)
        marks["cpu to " + name] = usage.ru_utime + usage.ru_stime

app = QApplication([sys.argv[0]])
hub = open_services(Path(os.environ["SESSIONDESK_HOME"]))
# as `sessiondesk` builds it (a checkout from before the option builds all at once)
deferred = "parts_after_paint" in inspect.signature(build_window).parameters
window = build_window(hub, **({"parts_after_paint": True} if deferred else {}))
pane = window.sessions.pane
indexer = window.sessions.indexer

class Painted(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            if watched is window:
                mark("first paint")
            elif pane.session_count() > 0:
                mark("list painted with rows")
        return False

painted = Painted()
window.installEventFilter(painted)
pane.view.viewport().installEventFilter(painted)
indexer.finished.connect(lambda *_: mark("background refresh done"))

def check():
    if "list painted with rows" in marks and "background refresh done" in marks:
        app.quit()
    else:
        QTimer.singleShot(10, check)

window.show()
QTimer.singleShot(10, check)
QTimer.singleShot(60_000, app.quit)
loop = qasync.QEventLoop(app)
asyncio.set_event_loop(loop)
with loop:
    loop.run_forever()
usage = resource.getrusage(resource.RUSAGE_SELF)
marks["cpu in all"] = usage.ru_utime + usage.ru_stime
marks["rows"] = pane.session_count()
print(json.dumps(marks))
window.close()
hub.close()
"""

MARKS = ("first paint", "list painted with rows", "background refresh done")
TARGET = 0.6


def one_start(code: Path, env: dict[str, str]) -> dict[str, float]:
    env = env | {"BENCH_STARTED": repr(time.time())}
    done = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=code, env=env, capture_output=True, text=True
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise SystemExit(f"the window did not start: {done.stderr[-1500:]}")
    marks: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return marks


def indexed_home(code: Path, home: Path, config_dir: Path) -> dict[str, str]:
    """The environment of a window over the Sessiondesk `home` whose one
    account is `config_dir`, indexed once (by `code`'s own command)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {
        "PYTHONPATH": str(code),
        "SESSIONDESK_HOME": str(home),
        "CLAUDE_CONFIG_DIR": str(config_dir),
        "QT_QPA_PLATFORM": "offscreen",
    }
    index = [sys.executable, "-m", "desktop", "index"]
    subprocess.run(index, cwd=code, env=env, check=True, capture_output=True)
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="checkout to measure")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--config-dir", type=Path, help="a corpus to use instead (with --home)")
    parser.add_argument("--home", type=Path, help="the Sessiondesk home indexing --config-dir")
    args = parser.parse_args()
    if (args.config_dir is None) != (args.home is None):
        parser.error("--config-dir and --home go together")
    code = args.code.resolve()
    with tempfile.TemporaryDirectory(prefix="sessiondesk-window-") as work:
        config_dir, home = args.config_dir, args.home
        if config_dir is None:
            config_dir, home = Path(work) / "claude", Path(work) / "home"
            make_corpus(config_dir, args.sessions, total_mb=args.sessions * 0.02, large_mb=0)
        env = indexed_home(code, home, config_dir)
        load = os.getloadavg()[0]
        one_start(code, env)  # untimed: bytecode written, files in the page cache
        runs = [one_start(code, env) for _ in range(args.runs)]
    where = f"the corpus in {args.config_dir}" if args.config_dir else f"{args.sessions} sessions"
    print(f"window start, median of {args.runs} runs, {where}, "
          f"load average {load:.1f} (offscreen)")  # fmt: skip
    print(f"{'':26} {'wall':>8} {'cpu':>8}")
    marks = {}
    for name in MARKS:
        wall = statistics.median(r[name] for r in runs)
        cpu = statistics.median(r["cpu to " + name] for r in runs)
        marks[name] = {"wall": wall, "cpu": cpu}
        target = f"  target ≤ {TARGET} s" if name == "list painted with rows" else ""
        print(f"{name:26} {wall:7.3f}s {cpu:7.3f}s{target}")
    rows = int(statistics.median(r["rows"] for r in runs))
    print(f"{'rows listed':26} {rows}")
    result = {"runs": args.runs, "load": load, "rows": rows, "target": TARGET, "marks": marks}
    print("RESULT", json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
