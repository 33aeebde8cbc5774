"""Helpers for the run tests: the real window, the real claude, the fake API, one loop.

The window awaits its services on asyncio, so these tests run it on a qasync
loop, as the app does: each scenario is a coroutine run with
`Rig.play(...)`, and it waits with `until()` (which yields to the loop)
rather than with qtbot.waitUntil (which would not run asyncio's callbacks).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
import qasync
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import Execution
from desktop.services.hub import ServiceHub
from desktop.ui.runs.run_controller import LiveRun
from desktop.ui.runs.run_desk import RunDesk
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.claude import ClaudeAccount
from tests.rig.fakeapi import FakeAPI
from tests.sdrig import register
from tests.ui.session_kit import wait_indexed

T = TypeVar("T")
SCENARIO_S = 150.0
"""A window scenario's time limit: a long one (a tree of five turns) took over 90 s
on a machine loaded to ~10 on two cores."""


async def until(check: Callable[[], object], timeout: float = 20.0, what: str = "") -> None:
    """Yield to the loop until `check()` is true."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what or check}")
        await asyncio.sleep(0.02)


def use_account_env(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    """This process's environment as the person's shell would give it to Sessiondesk."""
    for name in list(os.environ):
        # CLAUDE_CONFIG_DIR stays: the home fixture points it away from the machine's own
        if name.startswith(("ANTHROPIC_", "CLAUDE_")) and name != "CLAUDE_CONFIG_DIR":
            monkeypatch.delenv(name)
    for name, value in env.items():
        if name != "CLAUDE_CONFIG_DIR" and os.environ.get(name) != value:
            monkeypatch.setenv(name, value)


@dataclass
class Rig:
    window: MainWindow
    hub: ServiceHub
    fake: FakeAPI | None
    project: Path
    loop: qasync.QEventLoop
    qtbot: QtBot

    @property
    def desk(self) -> RunDesk:
        return self.window.runs

    @property
    def api(self) -> FakeAPI:
        assert self.fake is not None, "this rig was opened without the fake API"
        return self.fake

    def play(self, scenario: Coroutine[Any, Any, T], timeout: float = SCENARIO_S) -> T:
        """Run `scenario` on the loop; whatever happens, no run is left streaming after it."""

        async def guarded() -> T:
            try:
                return await asyncio.wait_for(scenario, timeout)
            finally:
                await self.wind_down()

        return self.loop.run_until_complete(guarded())

    async def wind_down(self) -> None:
        controller = self.desk.controller
        controller.stop_all()
        await until(lambda: not controller.streaming(), 30, "every run to end")
        await asyncio.sleep(0.05)  # the ends' own callbacks (the list, a reread)

    # -- the composer, as a person uses it ------------------------------------------------------

    def new_conversation(self, folder: Path | None = None) -> None:
        self.window.commands.new_conversation.trigger()
        self.desk.composer.folder_edit.setText(str(folder or self.project))

    def type_and_send(self, prompt: str) -> None:
        edit = self.desk.composer.prompt
        edit.setFocus()
        edit.setPlainText(prompt)
        self.qtbot.keyClick(edit, Qt.Key.Key_Return)

    async def started(self, count: int = 1) -> LiveRun:
        """The `count`-th run of the window, once it has started."""
        runs = self.desk.controller.runs
        await until(lambda: len(runs) >= count and not self.desk.starting, what="a run to start")
        return runs[count - 1]

    async def finished(self, live: LiveRun, timeout: float = 60.0) -> Execution:
        await until(lambda: not live.streaming, timeout, "the run to end")
        assert live.execution is not None
        return self.hub.conversations.execution(live.execution.id)

    async def settled_on(self, live: LiveRun) -> None:
        """Until the centre shows the run's session as read from disk, nothing live on top,
        and the conversation pane and the list's marks have read what the run changed."""
        panel, presenter, pane = self.desk.panel, self.desk.presenter, self.window.conversation

        def done() -> bool:
            current = panel.current()
            return (
                not live.streaming
                and current is not None
                and (current.account, current.session_id) == live.key
                and not panel.is_loading()
                and presenter.shown() is None
                and panel.model.rowCount() > 0
                and not pane.reader.busy()
                and not pane.marking()
            )

        await until(done, 30.0, "the transcript to be read back from disk")

    # -- what the centre shows --------------------------------------------------------------------

    def texts(self, kind: RowKind) -> list[str]:
        model = self.desk.panel.model
        return [row.message.text for row in model.rows() if row.kind is kind]

    def assert_no_repeats(self) -> None:
        """No message shown twice: no uuid on two rows, no prompt or reply text twice."""
        rows = self.desk.panel.model.rows()
        uuids = [u for row in rows for u in row.uuids]
        assert len(uuids) == len(set(uuids)), f"a uuid is shown twice: {uuids}"
        for kind in (RowKind.PROMPT, RowKind.REPLY):
            texts = [t for t in self.texts(kind) if t.strip()]
            assert len(texts) == len(set(texts)), f"a {kind} is shown twice: {texts}"


@contextmanager
def open_rig(
    *,
    home: Path,
    hub: ServiceHub,
    project: Path,
    qapp: QApplication,
    qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    account: ClaudeAccount | None = None,
    claude_bin: Path | None = None,
    api: FakeAPI | None = None,
) -> Iterator[Rig]:
    """The window on a qasync loop; with `account`, registered (its key in the keyring)."""
    if account is not None and claude_bin is not None:
        use_account_env(monkeypatch, register(home, account, claude_bin))
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    window = open_window(hub)
    wait_indexed(qtbot, window)
    rig = Rig(window, hub, api, project, loop, qtbot)
    try:
        yield rig
    finally:
        rig.play(rig.wind_down())
        window.close()
        asyncio.set_event_loop(None)
        loop.close()
