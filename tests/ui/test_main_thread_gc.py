"""Cycles are collected on the window's thread, whichever thread made the garbage."""

from __future__ import annotations

import gc
import threading
from typing import ClassVar

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.ui import pyside_workarounds

pytestmark = pytest.mark.gui


class Cycle:
    """Half of a reference cycle that notes the thread it dies on."""

    died_on: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        Cycle.died_on.append(threading.current_thread().name)


def churn() -> None:
    # enough cyclic garbage that Python would collect several times on this thread
    for _ in range(20_000):
        Cycle()


def test_a_worker_thread_never_collects_while_the_window_lives(
    qapp: QApplication, qtbot: QtBot
) -> None:
    Cycle.died_on.clear()
    gc.collect()
    collector = pyside_workarounds.install_collector(qapp)
    try:
        assert not gc.isenabled()
        worker = threading.Thread(target=churn, name="worker")
        worker.start()
        worker.join()
        assert "worker" not in Cycle.died_on
        qtbot.waitUntil(lambda: len(Cycle.died_on) > 0, timeout=5000)
        assert set(Cycle.died_on) == {threading.main_thread().name}
    finally:
        pyside_workarounds.uninstall_collector(qapp)
    assert gc.isenabled()
    assert pyside_workarounds.install_collector(qapp) is collector, "one collector per application"
    pyside_workarounds.uninstall_collector(qapp)


def test_without_it_the_worker_collects(qapp: QApplication) -> None:
    """The hazard is real: the check above would fail without the collector."""
    Cycle.died_on.clear()
    gc.collect()
    assert gc.isenabled()
    worker = threading.Thread(target=churn, name="worker")
    worker.start()
    worker.join()
    assert "worker" in Cycle.died_on


def test_what_lived_through_the_start_is_moved_to_the_oldest_generation_once(
    qapp: QApplication,
) -> None:
    """At its first collection the collector moves the start's survivors to the oldest
    generation (the younger collections no longer walk them); later objects stay young."""
    gc.collect()
    made_at_start = [object()]
    collector = pyside_workarounds.install_collector(qapp)
    try:
        assert any(o is made_at_start for o in gc.get_objects(0))
        collector.collect_due()
        assert any(o is made_at_start for o in gc.get_objects(2))
        made_later = [object()]
        collector.collect_due()
        assert not any(o is made_later for o in gc.get_objects(2))
    finally:
        pyside_workarounds.uninstall_collector(qapp)
