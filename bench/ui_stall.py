"""How long the window's event loop stalls while five runs stream at once.

Builds the real window offscreen over a throwaway home, starts five new
conversations from the composer (the way a person would: New Conversation,
type, Enter) against the test rig's fake Messages API with slow, chunked
replies, and measures the event loop with a 5 ms QTimer: each gap between
two ticks is time the loop could not answer. Prints max, p99 and the count
of gaps over one 60 Hz frame (16 ms), per phase.

The fake API runs in a child process, as the real one runs elsewhere: its
threads would otherwise take turns with the window for Python's lock. Each
gap is also split by the window thread's own CPU time ("busy"): a long gap
in which the thread did little was spent waiting — for a core held by the
`claude` processes starting up, for a blocking call, or for the interpreter
lock held by a worker thread — rather than running the window's code.

    dbus-run-session -- scripts/with-keyring .venv/bin/python bench/ui_stall.py [--runs 5]

`--sessions N` lists N small sessions beside the runs' (older: the runs'
rows sort on top), as a person's list has a screenful or more.

Besides the gaps it prints the window thread's own CPU time per phase (in
all, and per second): the work the window does, which the machine's load
stretches far less than it stretches the gaps. With `--why` the sampler also
splits that CPU time by where the thread was (by the window's handler that
was called, outermost, and by the innermost frame).

With `--events` the application times every event the window's thread
handles (a Python `notify` around Qt's, so each event costs a little more)
and lists, under each of the longest gaps while streaming, the events of a
millisecond or more inside it, nested as Qt sent them: which widget painted
or laid out, whose answer a worker delivered, which timer fired.

Needs the real claude (the test rig's pinned copy) and a Secret Service
keyring for the account's key, like the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import qasync  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bench.corpus import make_corpus  # noqa: E402
from bench.stall_meter import FRAME_MS, TICK_MS, EventTimer, StackSampler, StallMeter  # noqa: E402
from desktop.app import build_window  # noqa: E402
from desktop.claude.spawn import IDLE  # noqa: E402
from desktop.compose import open_services  # noqa: E402
from desktop.domain.accounts import AuthKind  # noqa: E402
from desktop.ui.runs import run_driver  # noqa: E402
from desktop.ui.shell.main_window import MainWindow  # noqa: E402
from tests.rig.claude import find_claude, make_account  # noqa: E402

ENDING = "runs ending (incl. re-index)"
REPLY = (
    "Here is the plan, step by step.\n\n"
    + "".join(f"{n}. Change `module_{n}.py` so the parser keeps its place.\n" for n in range(1, 13))
    + "\n```python\n"
    + "".join(f"def step_{n}(data):\n    return data.get('k{n}', {n})\n\n" for n in range(8))
    + "```\n\nThat is all; the tests cover each step."
)
SERVER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from tests.rig.fakeapi import FakeAPI, Reply
with FakeAPI() as fake:
    fake.enqueue(Reply.text(sys.argv[2], chunks=int(sys.argv[3]), delay=float(sys.argv[4])),
                 times=None)
    print(fake.url, flush=True)
    sys.stdin.read()  # until the bench closes our stdin
"""


async def until(check: Callable[[], object], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def scenario(
    window: MainWindow, meter: StallMeter, runs: int, project: Path, shot: Path | None = None
) -> None:
    desk, indexer = window.runs, window.sessions.indexer
    controller = desk.controller
    await until(lambda: indexer.completed >= 1 and not indexer.running(), 30, "indexing")
    meter.start()
    await asyncio.sleep(1.0)  # a baseline: the window with nothing to do
    meter.phase = "sends (prepare, spawn)"
    for number in range(1, runs + 1):
        window.commands.new_conversation.trigger()
        desk.composer.folder_edit.setText(str(project))
        desk.composer.prompt.setPlainText(f"Plan number {number}, please")
        QTest.keyClick(desk.composer.prompt, Qt.Key.Key_Return)
        await until(lambda n=number: len(controller.runs) >= n and not desk.starting,
                    30, f"run {number} to start")  # fmt: skip
    meter.phase = "streaming"
    if shot is not None:  # a look at the window mid-stream (the grab itself makes one long gap)
        third = len(REPLY) // 3
        await until(lambda: any(len(r.transcript.text()) > third for r in controller.runs),
                    60, "a reply to be a third in")  # fmt: skip
        # what is on screen (the backing store), as painted bit by bit: not a fresh paint
        screen = window.screen()
        screen.grabWindow(window.winId()).save(str(shot))
        await asyncio.sleep(1.5)  # and once more, later: the runs' replies in, the badges on
        screen.grabWindow(window.winId()).save(str(shot.with_suffix(".later.png")))
    await until(lambda: any(not r.streaming for r in controller.runs), 120, "a run to end")
    meter.phase = ENDING
    await until(lambda: not controller.streaming(), 120, "every run to end")
    await asyncio.sleep(1.0)
    meter.phase = "after"
    await asyncio.sleep(0.5)
    meter.stop()
    failed = [r for r in controller.runs if r.failed()]
    if failed:
        raise SystemExit(f"{len(failed)} runs failed: {failed[0].error}")
    if not all(r.transcript.text() == REPLY for r in controller.runs):
        raise SystemExit("a reply arrived incomplete")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def report(meter: StallMeter, runs: int, elapsed: float) -> bool:
    print(f"{runs} runs streaming at once · {os.cpu_count()} cores · a tick every {TICK_MS} ms"
          f" · {elapsed:.1f} s")  # fmt: skip
    head = ("phase", "ticks", "max gap", "p99 gap", ">16 ms", "max busy", "p99 busy", "window CPU")
    print(f"{head[0]:30} {head[1]:>6} {head[2]:>9} {head[3]:>9} {head[4]:>7}"
          f" {head[5]:>9} {head[6]:>9}  {head[7]}")  # fmt: skip
    rows = [*meter.gaps.items(), ("all", [g for gaps in meter.gaps.values() for g in gaps])]
    for phase, gaps in rows:
        walls, busy = [g[0] for g in gaps], [g[1] for g in gaps]
        late = sum(1 for wall in walls if wall > FRAME_MS)
        print(f"{phase:30} {len(gaps):6d} {max(walls):7.1f}ms {p99(walls):7.1f}ms {late:7d}"
              f" {max(busy):7.1f}ms {p99(busy):7.1f}ms  {sum(busy):5.0f} ms"
              f" ({1000 * sum(busy) / max(sum(walls), 1.0):.0f} ms/s)")  # fmt: skip
    for phase, done in meter.collections.items():
        spent = sum(ms for _g, ms in done)
        gen, longest = max(done, key=lambda c: c[1])
        print(f"garbage collections, {phase}: {len(done)}, {spent:.1f} ms in all,"
              f" the longest {longest:.1f} ms (generation {gen})")  # fmt: skip
    print("phases began at (CLOCK_MONOTONIC, s; for `perf record -k CLOCK_MONOTONIC`): "
          + ", ".join(f"{phase} {at / 1e9:.3f}" for phase, at in meter.began.items()))  # fmt: skip
    seconds = meter.by_second("streaming", ENDING)
    print("streaming, the longest gap over a frame in each second (0: none): "
          + " ".join(f"{ms:.0f}" for ms in seconds))  # fmt: skip
    gaps = meter.gaps.get("streaming", [(0.0, 0.0)])
    streaming, busy = [g[0] for g in gaps], [g[1] for g in gaps]
    ok = max(streaming) <= FRAME_MS
    print(f"target: the longest stall while streaming ≤ {FRAME_MS:g} ms → "
          f"{max(streaming):.1f} ms {'✓' if ok else '✗'}")  # fmt: skip
    result = {
        "runs": runs,
        "longest_stall_ms": round(max(streaming), 1),
        "p99_ms": round(p99(streaming), 1),
        "frames_over_16ms": sum(1 for wall in streaming if wall > FRAME_MS),
        "longest_busy_ms": round(max(busy), 1),
        "p99_busy_ms": round(p99(busy), 1),
        "phase": "streaming",
        "window_cpu_ms": round(sum(busy), 1),
        "window_cpu_ms_per_s": round(1000 * sum(busy) / max(sum(streaming), 1.0), 1),
        "longest_by_second": [round(ms) for ms in seconds],
        "gc_ms": round(sum(ms for _g, ms in meter.collections.get("streaming", [])), 1),
        "window_cpu_ms_ending": round(sum(g[1] for g in meter.gaps.get(ENDING, [])), 1),
        "long_gaps_total_ms": round(sum(w for w in streaming if w > FRAME_MS), 1),
        "busy_ms_in_long_gaps": round(sum(g[1] for g in gaps if g[0] > FRAME_MS), 1),
        "other_threads_ms_in_long_gaps": round(sum(meter.others.get("streaming", [0.0])), 1),
        "nice": run_driver.CLAUDE_NICE,
        "load_avg": round(os.getloadavg()[0], 2),
        "cores": os.cpu_count(),
    }
    print("RESULT " + json.dumps(result))
    return ok


def _nice(text: str) -> int:
    return IDLE if text == "idle" else int(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chunks", type=int, default=80)
    parser.add_argument("--delay", type=float, default=0.05, help="seconds between chunks")
    parser.add_argument("--nice", type=_nice, default=run_driver.CLAUDE_NICE,
                        help="how much lower the claude processes run (0: not;"
                             " 'idle': the idle scheduling class)")  # fmt: skip
    parser.add_argument(
        "--why",
        action="store_true",
        help="sample the window thread's stack and say what the long gaps did",
    )
    parser.add_argument(
        "--events",
        action="store_true",
        help="time the window thread's events and list those in the longest gaps",
    )
    parser.add_argument("--shot", type=Path, help="save a PNG of the window while the runs stream")
    parser.add_argument(
        "--sessions",
        type=int,
        default=0,
        help="small sessions listed beside the runs' (a list of a few rows paints in a"
        " quarter of the time of a screenful)",
    )
    args = parser.parse_args()
    run_driver.CLAUDE_NICE = args.nice
    binary = find_claude()
    work = Path(tempfile.mkdtemp(prefix="sd-stall-"))
    project = work / "project"
    project.mkdir()
    app = QApplication.instance() or (EventTimer if args.events else QApplication)([sys.argv[0]])
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(ROOT), REPLY, str(args.chunks), str(args.delay)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        account = make_account("bench", root=work / "accounts", binary=binary, base_url=url)
        for name, value in account.env.items():  # the shell's part; Sessiondesk adds the rest
            if name not in ("CLAUDE_CONFIG_DIR", "ANTHROPIC_API_KEY"):
                os.environ[name] = value
        os.environ["SESSIONDESK_CLAUDE"] = str(binary)
        os.environ["CLAUDE_CONFIG_DIR"] = str(work / "no-default")
        hub = open_services(work / "home")
        hub.accounts.add("bench", str(account.config_dir), AuthKind.API_KEY, account.api_key)
        if args.sessions:  # older than the runs', indexed before the window opens
            make_corpus(account.config_dir, args.sessions, args.sessions * 0.02, large_mb=0)
            hub.sessions.refresh()
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        window = build_window(hub)
        window.resize(1200, 760)
        window.show()
        meter = StallMeter()
        sampler = StackSampler(meter) if args.why else None
        if sampler is not None:
            sampler.start()
        started = time.perf_counter()
        try:
            loop.run_until_complete(scenario(window, meter, args.runs, project, args.shot))
        finally:
            window.close()
            hub.close()
            if sampler is not None:
                sampler.stop()
        ok = report(meter, args.runs, time.perf_counter() - started)
        if isinstance(app, EventTimer):
            app.explain(meter, ("streaming", ENDING))
        if sampler is not None:
            sampler.explain(meter.long)
            sampler.spent(("streaming",))
            sampler.spent((ENDING,))
            sampler.others_spent()
        return 0 if ok else 1
    finally:
        server.communicate(timeout=10)
        shutil.rmtree(work, ignore_errors=True)  # the throwaway home, accounts and project


if __name__ == "__main__":
    sys.exit(main())
