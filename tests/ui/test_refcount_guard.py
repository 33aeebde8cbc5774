"""PySide6 6.12 on Python 3.11 drops a reference to None on every void call;
the window pins None/True/False so a long session cannot use them up."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QObject

from desktop.ui import pyside_workarounds
from desktop.ui.shell.main_window import MainWindow

pytestmark = pytest.mark.gui


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from 3.12 on")
def test_the_window_pins_none_true_and_false(window: MainWindow) -> None:
    assert not pyside_workarounds.pin()  # build_window did it already; once is enough
    before = sys.getrefcount(None)
    assert before > 1 << 39
    holder = QObject()
    for _ in range(20_000):
        holder.setObjectName("x")  # a void call: the kind that leaks
    assert sys.getrefcount(None) > 1 << 39
    assert sys.getrefcount(True) > 1 << 39 and sys.getrefcount(False) > 1 << 39
