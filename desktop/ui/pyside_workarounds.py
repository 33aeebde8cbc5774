"""What PySide6 and Python need worked around, each with why and what it measured.

Kept out of the widget rooms: none of these is about what the window shows.

* `lighten_import_hook`: PySide's import hook reads each module's source
  through `inspect`; asking the file's bytes took the 74 window modules' check
  from 11 ms to 2 ms of CPU (bench/RESULTS.md, issue 15 round 3).
* `pin`: on Python 3.11, PySide6 6.12 drops references to None/True/False
  until the interpreter aborts; a crash fix, not a speed-up.
* `MainThreadCollector`: cycles holding Qt objects must die on the window's
  thread; it also spares the window's thread a 35–42 ms collection while
  five runs stream, and 150–275 ms pauses reading a 200 MB transcript
  (bench/RESULTS.md, issue 15).

## None, True and False on 3.11

Keep None, True and False alive under PySide6 6.12 on Python 3.11.

PySide6/Shiboken 6.12 hands back `None` from every void call, and `True` or
`False` through some signal emissions, without taking a reference for them.
On Python 3.12 and later those three objects are immortal (PEP 683), so that
costs nothing; on 3.11 every such call lowers their reference count, and the
interpreter aborts ("none_dealloc: deallocating None") once it reaches zero.
Painting the transcript makes tens of thousands of void calls a minute, so a
3.11 window would die within minutes, and a test run at exit.

Until the project runs on Python 3.12+ (or Shiboken is fixed), `pin()` gives
the three singletons a count no session can use up, which is what 3.12 does
for them anyway. It checks that it found the count where CPython keeps it and
does nothing otherwise.

## Garbage collection on the window's thread

Cyclic garbage collection on the window's thread, never on a worker's.

Python's cycle collector runs on whichever thread happens to allocate when a
threshold is crossed: a thread of the executor for blocking work (a run's
steps, the transcript reader, the highlighter warm-up). A cycle that holds a
Qt object with a live timer (a widget, a QTimer) then dies on that thread, and
Qt warns "Timers cannot be stopped from another thread" or worse. So while the
window lives, automatic collection is off and a timer on the window's thread
collects instead, by the same thresholds Python would use.

What survives the window's start lives as long as the window: at the first
collection it is moved to the oldest generation (`freeze` then `unfreeze`, no
walk), so the younger collections do not walk it again. Left young, the
first middle collection walked it while five runs streamed: 35–42 ms of the
window's thread in one piece.
"""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import Callable
from types import ModuleType

from PySide6.QtCore import QObject, QTimer

log = logging.getLogger(__name__)

ModuleCheck = Callable[[ModuleType], bool]


def _names_pyside(module: ModuleType, hooks_own: ModuleCheck) -> bool:
    """Whether a module's source file names PySide6, asked of its raw bytes.

    PySide's import hook asks this of every module imported after Qt, to give
    each a default for its `__feature__` switches (which Sessiondesk never
    turns on), and answers it with `inspect.getsource`: locating, stat-ing,
    decoding and splitting every file into the line cache, about 0.2 ms a
    module and ~40 ms of the window's start. The same question of the file's
    bytes costs one read; what is not a `.py` file gets the hook's own answer.
    """
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and path.endswith(".py"):
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            pass
    return hooks_own(module)


def lighten_import_hook() -> None:
    """Answer PySide's per-module question from the file's bytes (see `_names_pyside`)."""
    feature = sys.modules.get("shibokensupport.feature")
    hooks_own: ModuleCheck | None = getattr(feature, "_mod_uses_pyside", None)
    if hooks_own is None or getattr(hooks_own, "lightened", False):
        return  # a PySide without that hook, or done already

    def names_pyside(module: ModuleType) -> bool:
        return _names_pyside(module, hooks_own)

    names_pyside.lightened = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = names_pyside  # type: ignore[union-attr]


_HEADROOM = 1 << 40
_pinned = False


def pin() -> bool:
    """Make None/True/False effectively immortal on Python < 3.12; True if done now."""
    global _pinned
    if _pinned or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    import ctypes  # only where it is needed: 9 ms of the window's start on 3.12+

    for value in (None, True, False):
        count = ctypes.c_ssize_t.from_address(id(value))
        # getrefcount() counts its own argument: the field must read one less
        if count.value != sys.getrefcount(value) - 1:
            log.warning("unexpected object layout; reference counts left alone")
            return False
    for value in (None, True, False):
        ctypes.c_ssize_t.from_address(id(value)).value += _HEADROOM
    _pinned = True
    return True


INTERVAL_MS = 500


class MainThreadCollector(QObject):
    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.setObjectName("sessiondesk-gc")
        self._thresholds = gc.get_threshold()
        self._started = False
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.collect_due)

    def start(self) -> None:
        self._started = False
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        """Back to Python's own collection, after a last sweep on this thread."""
        self._timer.stop()
        gc.collect()
        gc.enable()

    def collect_due(self) -> None:
        """Collect the oldest generation whose count has passed its threshold."""
        counts = gc.get_count()
        for generation in (2, 1, 0):
            threshold = self._thresholds[generation]
            if threshold and counts[generation] > threshold:
                gc.collect(generation)
                break
        if not self._started:
            self._started = True
            gc.freeze()  # the start's survivors, young no more
            gc.unfreeze()


def install_collector(app: QObject) -> MainThreadCollector:
    """The application's one collector, started; a second call returns the first."""
    existing = app.findChild(MainThreadCollector, "sessiondesk-gc")
    if isinstance(existing, MainThreadCollector):
        existing.start()
        return existing
    collector = MainThreadCollector(app)
    collector.start()
    return collector


def uninstall_collector(app: QObject) -> None:
    existing = app.findChild(MainThreadCollector, "sessiondesk-gc")
    if isinstance(existing, MainThreadCollector):
        existing.stop()
