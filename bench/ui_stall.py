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
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import qasync  # noqa: E402
from PySide6.QtCore import QElapsedTimer, QEvent, QObject, Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from desktop.app import build_window  # noqa: E402
from desktop.claude.spawn import IDLE  # noqa: E402
from desktop.compose import open_services  # noqa: E402
from desktop.domain.accounts import AuthKind  # noqa: E402
from desktop.ui.runs import run_driver  # noqa: E402
from desktop.ui.shell.main_window import MainWindow  # noqa: E402
from tests.rig.claude import find_claude, make_account  # noqa: E402

TICK_MS = 5
FRAME_MS = 16.0
ENDING = "runs ending (incl. re-index)"
PLUMBING = {"run_driver.py", "run_controller.py"}
"""Modules that only pass the runs' news on to the widgets' handlers."""
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


class StackSampler:
    """With --why: the window thread's stack every 2 ms, to say what a long gap was doing.

    A thread of its own reads `sys._current_frames()`; it costs the window a
    little time for the interpreter lock, so figures are taken without it.
    Each sample also carries the window thread's CPU time since the one
    before (its CPU clock is readable from another thread), so the thread's
    work can be told apart from its waiting.
    """

    def __init__(self, meter: StallMeter) -> None:
        self.samples: list[tuple[int, str]] = []
        self.cpu: list[tuple[str, str, str, float]] = []
        """(phase, outermost window frame, innermost frame, ms of the window's CPU)."""
        self.others: dict[tuple[str, str], float] = {}
        """(thread's name, innermost frame of ours) → ms of that thread's CPU while streaming."""
        self.other_samples: list[tuple[int, str, float]] = []
        """(perf_counter_ns, "thread: innermost frame of ours", ms of its CPU since the last)."""
        self._other_cpu: dict[int, int] = {}
        self._meter = meter
        self._main = threading.main_thread().ident
        self._clock = time.pthread_getcpuclockid(self._main or 0)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        last = time.clock_gettime_ns(self._clock)
        while not self._stop.wait(0.002):
            frame = sys._current_frames().get(self._main or 0)
            cpu = time.clock_gettime_ns(self._clock)
            where = self._where(frame)
            self.samples.append((time.perf_counter_ns(), where))
            entry = self._entry(frame)
            self.cpu.append((self._meter.phase, entry, where, (cpu - last) / 1e6))
            last = cpu
            self._sample_others()

    def _sample_others(self) -> None:
        """The other Python threads' CPU since the last sample, by where each one is now."""
        names = {t.ident: t.name for t in threading.enumerate()}
        for ident, frame in sys._current_frames().items():
            if ident in (self._main, threading.get_ident()):
                continue
            try:
                cpu = time.clock_gettime_ns(time.pthread_getcpuclockid(ident))
            except OSError:  # it just ended
                continue
            spent = (cpu - self._other_cpu.get(ident, cpu)) / 1e6
            self._other_cpu[ident] = cpu
            if self._meter.phase != "streaming" or spent <= 0:
                continue
            name = names.get(ident, "?").rstrip("0123456789-_ ")
            key = (name, self._where(frame).split(" < ")[1])
            self.other_samples.append((time.perf_counter_ns(), f"{name}: {key[1]}", spent))
            self.others[key] = self.others.get(key, 0.0) + spent

    def others_spent(self, top: int = 12) -> None:
        total = sum(self.others.values())
        print(f"the process's other Python threads' CPU while streaming ({total:.0f} ms),"
              " by thread and the innermost frame of ours:")  # fmt: skip
        for (name, where), ms in sorted(self.others.items(), key=lambda kv: -kv[1])[:top]:
            print(f"  {ms:7.1f} ms  {name:24} {where}")

    @staticmethod
    def _entry(frame: object) -> str:
        """The outermost frame of the window's code, past the runs' plumbing that
        hands their news on: the handler that did the work."""
        outer = None
        innermost = frame
        while frame is not None:
            code = frame.f_code  # type: ignore[attr-defined]
            name = Path(code.co_filename).name
            if "/desktop/ui/" in code.co_filename and name not in PLUMBING:
                outer = f"{name}:{code.co_name}"
            frame = frame.f_back  # type: ignore[attr-defined]
        if outer is not None:
            return outer
        if innermost is None or "qasync" in innermost.f_code.co_filename:  # type: ignore[attr-defined]
            return "Qt itself (no Python frame on top: painting, layout, events)"
        return "the loop and the runs' plumbing"

    def spent(self, phases: tuple[str, ...], top: int = 12) -> None:
        """The window thread's CPU time in these phases, by handler and by innermost frame.

        The sampler runs only when the window thread lets go of the interpreter
        lock: a Python stretch longer than the switch interval (5 ms) is seen
        where it runs, but a short callback's time is counted where the thread
        next let go, mostly inside Qt's loop. The split favours long stretches."""
        chosen = [c for c in self.cpu if c[0] in phases]
        total = sum(c[3] for c in chosen) or 1.0
        for title, pick in (("handler", 1), ("innermost frames", 2)):
            seen: dict[str, float] = {}
            for sample in chosen:
                seen[sample[pick]] = seen.get(sample[pick], 0.0) + sample[3]
            print(f"the window thread's CPU in {' + '.join(phases)} ({total:.0f} ms), by {title}:")
            for where, ms in sorted(seen.items(), key=lambda kv: -kv[1])[:top]:
                print(f"  {ms:7.1f} ms {100 * ms / total:5.1f}%  {where}")

    @staticmethod
    def _where(frame: object) -> str:
        """The innermost frames of the window's code, of ours and overall: they say most."""
        inner, ours, window = None, None, None
        while frame is not None:
            code = frame.f_code  # type: ignore[attr-defined]
            here = f"{Path(code.co_filename).name}:{code.co_name}"
            inner = inner or here
            if ours is None and "/desktop/" in code.co_filename:
                ours = here
            if window is None and "/desktop/ui/" in code.co_filename:
                window = here
            frame = frame.f_back  # type: ignore[attr-defined]
        return f"{window or '-'} < {ours or '-'} < {inner or 'Qt, or waiting'}"

    def explain(self, gaps: list[tuple[int, int, float]], top: int = 10) -> None:
        """What the window thread was seen doing in the long gaps, most seen first:
        apart for the gaps it spent mostly on its own CPU and the ones it mostly waited."""
        for title, busy in (("mostly busy", True), ("mostly waiting", False)):
            chosen = [g for g in gaps if (g[2] * 1e6 * 2 > g[1] - g[0]) == busy]
            seen: dict[str, int] = {}
            for start, end, _busy in chosen:
                for at, where in self.samples:
                    if start <= at <= end:
                        seen[where] = seen.get(where, 0) + 1
            total = sum(seen.values()) or 1
            print(f"{len(chosen)} gaps over {FRAME_MS:g} ms {title}; the window thread was in:")
            for where, n in sorted(seen.items(), key=lambda kv: -kv[1])[:top]:
                print(f"  {100 * n / total:5.1f}%  {where}")
        for start, end, busy in sorted(gaps, key=lambda g: -g[2])[:5]:
            inside = [where for at, where in self.samples if start <= at <= end]
            common = max(set(inside), key=inside.count) if inside else "-"
            print(f"a gap of {(end - start) / 1e6:.0f} ms, {busy:.0f} ms busy: mostly {common}"
                  f" ({inside.count(common)} of {len(inside)} samples)")  # fmt: skip
            # the CPU that other threads of ours took meanwhile: with the lock held, it is
            # the window's wait (the sample after the gap's end still covers its last 2 ms)
            others: dict[str, float] = {}
            for at, where, ms in self.other_samples:
                if start <= at <= end + 2_000_000:
                    others[where] = others.get(where, 0.0) + ms
            for where, ms in sorted(others.items(), key=lambda kv: -kv[1])[:4]:
                print(f"    meanwhile {ms:5.1f} ms  {where}")


class EventTimer(QApplication):
    """With --events: the window thread's events, each timed, as Qt sends them."""

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv)
        self.events: list[tuple[int, int, int, str]] = []
        """Each event of 1 ms or more: perf_counter_ns start and end, depth, what it was."""
        self._depth = 0

    def notify(self, receiver: QObject, event: QEvent) -> bool:  # type: ignore[override]
        if threading.current_thread() is not threading.main_thread():
            return super().notify(receiver, event)
        start = time.perf_counter_ns()
        self._depth += 1
        try:
            return super().notify(receiver, event)
        finally:
            self._depth -= 1
            end = time.perf_counter_ns()
            if end - start >= 1_000_000:
                self.events.append((start, end, self._depth, _event_name(receiver, event)))

    def explain(self, meter: StallMeter, top: int = 5) -> None:
        start, end = meter.began.get("streaming", 0), meter.began.get(ENDING, 0)
        gaps = [g for g in meter.long if start <= g[1] <= end]
        for begun, ended, busy in sorted(gaps, key=lambda g: g[0] - g[1])[:top]:
            print(f"a gap of {(ended - begun) / 1e6:.0f} ms at {(begun - start) / 1e9:.2f} s of"
                  f" streaming, {busy:.0f} ms busy; the events of 1 ms or more in it:")  # fmt: skip
            for first, last, depth, what in sorted(self.events):
                if first <= ended and last >= begun:
                    print(f"    {'  ' * depth}{(last - first) / 1e6:5.1f} ms  {what}")


def _event_name(receiver: QObject, event: QEvent) -> str:
    name = receiver.objectName()
    if name == "qt_scrollarea_viewport" and receiver.parent() is not None:
        name = f"viewport of {receiver.parent().objectName() or type(receiver.parent()).__name__}"
    return f"{type(receiver).__name__}({name}): {event.type().name}"


class StallMeter:
    """A 5 ms timer that remembers, per phase, how late each tick came and why."""

    def __init__(self) -> None:
        self._phase = "idle"
        self.began: dict[str, int] = {"idle": time.perf_counter_ns()}
        """When each phase began (perf_counter_ns)."""
        self.gaps: dict[str, list[tuple[float, float]]] = {}
        """Per phase: (wall ms between ticks, ms of it on the window thread's CPU)."""
        self.long: list[tuple[int, int, float]] = []
        """Each gap over a frame: perf_counter_ns start and end, ms busy."""
        self._mark = 0
        self._clock = QElapsedTimer()
        self._last = 0
        self._cpu = 0.0
        self._all_cpu = 0.0
        self.others: dict[str, list[float]] = {}
        """Per phase, per gap: ms of CPU the process's other threads used meanwhile."""
        self.collections: dict[str, list[tuple[int, float]]] = {}
        """Per phase: each cyclic garbage collection (generation, ms)."""
        self._collecting = 0
        gc.callbacks.append(self._collected)
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    @property
    def phase(self) -> str:
        return self._phase

    @phase.setter
    def phase(self, phase: str) -> None:
        self._phase = phase
        self.began[phase] = time.perf_counter_ns()

    def by_second(self, phase: str, until: str) -> list[float]:
        """The longest gap (ms) in each second of a phase, from its start."""
        start, end = self.began.get(phase, 0), self.began.get(until, 0)
        seconds = [0.0] * max(1, -(-(end - start) // 1_000_000_000))
        for begun, ended, _busy in self.long:
            if start <= ended <= end:
                at = min(len(seconds) - 1, (ended - start) // 1_000_000_000)
                seconds[at] = max(seconds[at], (ended - begun) / 1e6)
        return seconds

    def start(self) -> None:
        self._clock.start()
        self._last, self._cpu = self._clock.nsecsElapsed(), time.thread_time()
        self._all_cpu = time.process_time()
        self._mark = time.perf_counter_ns()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        gc.callbacks.remove(self._collected)

    def _collected(self, what: str, info: dict[str, int]) -> None:
        if what == "start":
            self._collecting = time.perf_counter_ns()
        elif self._collecting:
            ms = (time.perf_counter_ns() - self._collecting) / 1e6
            self.collections.setdefault(self.phase, []).append((info["generation"], ms))
            self._collecting = 0

    def _tick(self) -> None:
        now, cpu, all_cpu = self._clock.nsecsElapsed(), time.thread_time(), time.process_time()
        gap = ((now - self._last) / 1e6, (cpu - self._cpu) * 1000)
        others = (all_cpu - self._all_cpu) * 1000 - gap[1]
        self._all_cpu = all_cpu
        if gap[0] > FRAME_MS:
            self.others.setdefault(self.phase, []).append(others)
        mark = time.perf_counter_ns()
        if gap[0] > FRAME_MS:
            self.long.append((self._mark, mark, gap[1]))
        self._last, self._cpu, self._mark = now, cpu, mark
        self.gaps.setdefault(self.phase, []).append(gap)


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
            app.explain(meter)
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
