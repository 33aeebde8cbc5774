"""Keep None, True and False alive under PySide6 6.12 on Python 3.11.

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
"""

from __future__ import annotations

import logging
import sys

log = logging.getLogger(__name__)

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
