"""Blocking calls and the index's passes go to the process's one executor and
answer on the window's thread."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.sessions.indexer import Indexer
from tests.ui.session_kit import WAIT_MS, add_account, new_session, write


class ThreadStarts:
    """Counts `Thread.start` and `Thread.join` called on this thread while profiling."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self._watched = {threading.Thread.start.__code__: "start",
                         threading.Thread.join.__code__: "join"}  # fmt: skip

    def __enter__(self) -> ThreadStarts:
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *_exc: object) -> None:
        sys.setprofile(None)

    def _profile(self, frame: FrameType, event: str, _arg: object) -> None:
        if event == "call" and frame.f_code in self._watched:
            self.calls.append(self._watched[frame.f_code])


def test_calls_run_on_the_hubs_executor_and_answer_on_the_window_thread(
    hub: ServiceHub, qtbot: QtBot
) -> None:
    background = Background(hub.executor)
    window = threading.get_ident()
    ran: list[str] = []
    told: list[tuple[object, int]] = []
    for _ in range(6):
        background.submit(lambda: ran.append(threading.current_thread().name) or True,
                          lambda result: told.append((result, threading.get_ident())))  # fmt: skip
    qtbot.waitUntil(lambda: len(told) == 6, timeout=WAIT_MS)
    assert told == [(True, window)] * 6
    assert all(name.startswith("sessiondesk-blocking") for name in ran)


def test_the_index_runs_its_passes_on_the_executor_without_joining_a_thread(
    hub: ServiceHub, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = add_account(hub, "work", tmp_path)
    write(config, new_session("/src/harbour", "plan the dock cranes"))
    passes: list[str] = []
    refresh = type(hub.sessions).refresh

    def refreshing(service: object, *args: Any, **kwargs: Any) -> Any:
        passes.append(threading.current_thread().name)
        return refresh(service, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(type(hub.sessions), "refresh", refreshing)
    indexer = Indexer(hub.sessions, hub.executor)
    finished: list[object] = []
    indexer.finished.connect(lambda report, _listing: finished.append(report))
    try:
        indexer.start()
        qtbot.waitUntil(lambda: indexer.completed == 1 and not indexer.running(), timeout=WAIT_MS)
        write(config, new_session("/src/harbour", "and the quay"))
        with ThreadStarts() as seen:
            indexer.start()
            assert indexer.running()
            qtbot.waitUntil(lambda: indexer.completed == 2, timeout=WAIT_MS)
        assert not indexer.running()
        assert "join" not in seen.calls
        assert all(name.startswith("sessiondesk-blocking") for name in passes)
        assert [r.read for r in finished] == [1, 1]  # type: ignore[attr-defined]
    finally:
        indexer.stop()


def test_a_short_pass_lists_its_records_once_its_writes_are_done(
    hub: ServiceHub, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list merges and repaints a pass's last records while the index thread
    rests: listed while the pass still wrote, the repaint waited for the
    interpreter lock at each call into Python (a new run's session, 15 ms)."""
    config = add_account(hub, "work", tmp_path)
    write(config, new_session("/src/harbour", "plan the dock cranes"))
    written: list[bool] = []
    refresh = type(hub.sessions).refresh

    def refreshing(service: object, *args: Any, **kwargs: Any) -> Any:
        written.append(False)
        try:
            return refresh(service, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            written[-1] = True

    monkeypatch.setattr(type(hub.sessions), "refresh", refreshing)
    indexer = Indexer(hub.sessions, hub.executor)
    when_listed: list[bool] = []
    indexer.records.connect(
        lambda records: when_listed.append(written[-1]), Qt.ConnectionType.DirectConnection
    )
    try:
        indexer.start()
        qtbot.waitUntil(lambda: indexer.completed == 1, timeout=WAIT_MS)
    finally:
        indexer.stop()
    assert when_listed == [True]


def test_an_answer_for_a_deleted_background_is_dropped_and_a_closed_one_starts_nothing(
    hub: ServiceHub, qtbot: QtBot
) -> None:
    """A window closed mid-call: the worker's answer finds its Background gone (it used
    to emit on the object being destroyed, a crash) and nothing is called back; a
    closed Background starts no call asked for after."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    parent = QObject()
    background = Background(hub.executor, parent)
    release, started = threading.Event(), threading.Event()
    answers: list[object] = []

    def slow() -> str:
        started.set()
        release.wait(10)
        return "late"

    background.submit(slow, answers.append)
    assert started.wait(10)
    parent.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    release.set()
    qtbot.wait(300)  # the late answer is emitted as the call returns, and routed here
    later = Background(hub.executor)
    marker: list[object] = []
    later.submit(lambda: "after", marker.append)
    qtbot.waitUntil(lambda: bool(marker), timeout=WAIT_MS)
    assert answers == [] and marker == ["after"]

    ran: list[str] = []
    assert later.close(5.0)
    later.submit(lambda: ran.append("ran"), marker.append)
    qtbot.wait(100)
    assert ran == [] and marker == ["after"] and not later.busy()
