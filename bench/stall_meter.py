"""What `ui_stall.py` measures the window's loop with, and how it tells why it stalled.

`StallMeter` is the 5 ms QTimer: each gap between two ticks, per phase, split
by the window thread's own CPU time, and each garbage collection. With
`--why`, `StackSampler` samples the window thread's stack (and the other
threads' CPU) every 2 ms; with `--events`, `EventTimer` is the application
and times every event the window thread handles. The scenario (the window,
the runs, the phases) and the report are `ui_stall.py`'s.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication

TICK_MS = 5
FRAME_MS = 16.0
PLUMBING = {"run_driver.py", "run_controller.py"}
"""Modules that only pass the runs' news on to the widgets' handlers."""


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

    def explain(self, meter: StallMeter, phases: tuple[str, str], top: int = 5) -> None:
        """The longest gaps from the start of the first phase to that of the second."""
        start, end = meter.began.get(phases[0], 0), meter.began.get(phases[1], 0)
        gaps = [g for g in meter.long if start <= g[1] <= end]
        for begun, ended, busy in sorted(gaps, key=lambda g: g[0] - g[1])[:top]:
            print(f"a gap of {(ended - begun) / 1e6:.0f} ms at {(begun - start) / 1e9:.2f} s of"
                  f" streaming, {busy:.0f} ms busy; the events of 1 ms or more in it:")  # fmt: skip
            for first, last, depth, what in sorted(self.events):
                if first <= ended and last >= begun:
                    print(f"    {'  ' * depth}{(last - first) / 1e6:5.1f} ms  {what}")


def _event_name(receiver: QObject, event: QEvent) -> str:
    try:
        name = receiver.objectName()
    except RuntimeError:  # the event deleted its receiver (a deferred delete, an animation's end)
        return f"(deleted): {event.type().name}"
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
