"""Writes handed to workers by `LatestWrite`: what stays is the last value asked for."""

from __future__ import annotations

import threading
import time

from pytestqt.qtbot import QtBot

from desktop.compose import blocking_executor
from desktop.ui.common.background import Background
from desktop.ui.common.latest_write import LatestWrite

EXECUTOR = blocking_executor()


def test_writes_asked_in_a_burst_land_in_order_and_the_last_one_stays(qtbot: QtBot) -> None:
    stored: list[int] = []
    window_thread = threading.get_ident()
    threads: set[int] = set()

    def write(value: int) -> None:
        threads.add(threading.get_ident())
        time.sleep(0.002)  # a commit takes a while: later asks pile up meanwhile
        stored.append(value)

    background = Background(EXECUTOR)
    writes = LatestWrite(background, write)
    for value in range(40):
        writes.write(value)
    assert background.wait(10.0)
    assert stored[-1] == 39
    assert stored == sorted(set(stored))  # no older value landed after a newer one
    assert window_thread not in threads


def test_a_failed_write_is_told_on_the_window_thread(qtbot: QtBot) -> None:
    told: list[tuple[str, int]] = []

    def write(_value: str) -> None:
        raise OSError("disk full")

    background = Background(EXECUTOR)
    writes = LatestWrite(background, write, lambda e: told.append((str(e), threading.get_ident())))
    writes.write("x")
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert told == [("disk full", threading.get_ident())]
