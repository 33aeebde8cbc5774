"""The conversation pane reads what it shows in a worker, and shows the newest read:
news that comes together makes one read, news that comes while a read is out
one more, a read made in place wins over one still out, and a run's end
still updates its node."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from pytestqt.qtbot import QtBot

from desktop.domain.changes import OpChanges
from desktop.domain.conversations import Conversation, ExecutionStatus
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until
from tests.ui.session_kit import (
    WAIT_MS,
    add_account,
    browser,
    conversation_rows,
    new_session,
    open_session,
    pane,
    wait_indexed,
    write,
)


def readers(hub: ServiceHub, monkeypatch: pytest.MonkeyPatch,
            gate: threading.Event | None = None) -> list[str]:  # fmt: skip
    """The threads the pane's tree reads ran on, from now on; with `gate`, a read
    off the window's thread waits for it."""
    seen: list[str] = []
    service = hub.conversations
    tree = service.tree

    def watched(ref: str):  # type: ignore[no-untyped-def]
        seen.append(threading.current_thread().name)
        if gate is not None and threading.current_thread() is not threading.main_thread():
            gate.wait(10)
        return tree(ref)

    monkeypatch.setattr(service, "tree", watched)
    return seen


@pytest.fixture
def shown(
    home: Path, hub: ServiceHub, tmp_path: Path, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
) -> tuple[MainWindow, Conversation]:  # fmt: skip
    """The window showing a listed session that belongs to a conversation."""
    config = add_account(hub, "work", tmp_path)
    t = new_session("/src/harbour", "plan the dock cranes")
    write(config, t)
    hub.sessions.refresh()
    with conversation_rows(home) as rows:
        made = rows.create("Dock cranes", "work", "/src/harbour")
        rows.update(made.id, session_id=t.session_id)
    window = open_window(hub)
    wait_indexed(qtbot, window)
    open_session(qtbot, window, "work", t.session_id)
    header = window.conversation.header
    qtbot.waitUntil(lambda: header.code_label.text() == made.code, timeout=WAIT_MS)
    return window, made


@pytest.mark.gui
def test_two_quick_changes_fold_into_one_read_off_the_window_thread(
    shown: tuple[MainWindow, Conversation], hub: ServiceHub, qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    window, made = shown
    pane = window.conversation
    gate = threading.Event()
    gate.set()  # open for now
    seen = readers(hub, monkeypatch, gate)
    applied = pane.reader.applied
    hub.conversations.rename(made.id, "Cranes, first plan")
    window.changes.publish(OpChanges.of(conversations=[made.id]))
    hub.conversations.rename(made.id, "Cranes, second plan")
    # before the loop runs again: one read
    window.changes.publish(OpChanges.of(conversations=[made.id]))
    assert pane.reader.busy(), "read in a worker, not in place"
    qtbot.waitUntil(lambda: not pane.reader.busy(), timeout=WAIT_MS)
    assert pane.header.title_edit.text() == "Cranes, second plan"
    assert pane.reader.applied == applied + 1
    assert len(seen) == 1 and threading.main_thread().name not in seen, seen

    # news while a read is out: that read's answer is stale, one more read follows
    gate.clear()
    window.changes.publish(OpChanges.of(conversations=[made.id]))
    qtbot.waitUntil(lambda: len(seen) == 2, timeout=WAIT_MS)  # out, held by the gate
    hub.conversations.rename(made.id, "Cranes, third plan")
    window.changes.publish(OpChanges.of(conversations=[made.id]))
    window.changes.publish(OpChanges.of(conversations=[made.id]))
    gate.set()
    qtbot.waitUntil(lambda: not pane.reader.busy(), timeout=WAIT_MS)
    assert pane.header.title_edit.text() == "Cranes, third plan"
    assert pane.reader.applied == applied + 2, "the held read's answer was not shown"
    assert len(seen) == 3, seen


@pytest.mark.gui
def test_a_read_in_place_wins_over_one_still_out(
    shown: tuple[MainWindow, Conversation], hub: ServiceHub, qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    window, made = shown
    pane = window.conversation
    gate = threading.Event()
    seen = readers(hub, monkeypatch, gate)
    pane.refresh()
    qtbot.waitUntil(lambda: bool(seen), timeout=WAIT_MS)  # out, held in its worker
    hub.conversations.rename(made.id, "Cranes, as saved")
    pane.reload()  # a setting changed: read and shown now
    assert pane.header.title_edit.text() == "Cranes, as saved"
    assert not pane.reader.busy()
    applied = pane.reader.applied
    # straight into the store, past the service (which would tell the window)
    with conversation_rows(hub.home) as behind:
        behind.update(made.id, title="Cranes, renamed behind the pane's back")
    gate.set()  # whatever the held read found, it was asked for before the read in place
    background = window.sessions.background
    qtbot.waitUntil(lambda: not background.busy(), timeout=WAIT_MS)
    marker: list[object] = []  # its answer was posted before this one's: it came first
    background.submit(lambda: None, marker.append)
    qtbot.waitUntil(lambda: bool(marker), timeout=WAIT_MS)
    assert pane.reader.applied == applied, "an answer asked for before was not shown"
    assert pane.header.title_edit.text() == "Cranes, as saved"


@pytest.mark.gui
@pytest.mark.claude
@pytest.mark.keyring
def test_a_runs_end_updates_its_node_from_a_worker(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    rig.api.enqueue(Reply.text("The Esk."))
    pane = rig.window.conversation
    seen = readers(rig.hub, monkeypatch)

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Which river?")
        live = await rig.started(1)
        execution = await rig.finished(live)
        await rig.settled_on(live)
        await until(lambda: pane.model.executions(), what="the turn's node")
        (node,) = pane.model.executions()
        assert node.id == execution.id and node.status is ExecutionStatus.SUCCEEDED
        assert pane.conversation() is not None
        assert pane.conversation().id == execution.conversation_id
        assert seen and threading.main_thread().name not in seen, seen

    rig.play(scenario())


@pytest.mark.gui
def test_a_chosen_sessions_conversation_is_read_once_its_transcript_is_painted(
    shown: tuple[MainWindow, Conversation], hub: ServiceHub, qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    window, made = shown
    panel = browser(window).panel
    record = panel.current()
    assert record is not None
    painted: list[str | None] = []  # the session each paint of transcript rows showed
    panel.view.rows_painted.connect(
        lambda: painted.append(None if panel.current() is None else panel.current().session_id)
    )
    at_read: list[list[str | None]] = []
    service = hub.conversations
    for_session = service.for_session

    def watched(account: str, session_id: str) -> Conversation | None:
        at_read.append(list(painted))
        return for_session(account, session_id)

    monkeypatch.setattr(service, "for_session", watched)
    gate = threading.Event()  # the transcript's read waits for it: no paint before
    show = hub.sessions.show

    def held(*args: object, **kwargs: object) -> object:
        gate.wait(10)
        return show(*args, **kwargs)  # type: ignore[arg-type]

    window.runs.new_conversation()  # a draft: no session chosen, the pane is empty
    qtbot.waitUntil(lambda: window.conversation.conversation() is None, timeout=WAIT_MS)
    monkeypatch.setattr(hub.sessions, "show", held)
    at_read.clear()
    assert pane(window).select_session(record.account, record.session_id)
    qtbot.wait(300)
    assert at_read == [], "the conversation was read while its transcript was still read"
    gate.set()
    qtbot.waitUntil(lambda: window.conversation.conversation() is not None, timeout=WAIT_MS)
    assert at_read and record.session_id in at_read[0], "read before the transcript painted"
    assert window.conversation.conversation().id == made.id  # type: ignore[union-attr]


@pytest.mark.gui
def test_the_conversation_widgets_are_shown_once_before_a_conversation_is(
    hub: ServiceHub, tmp_path: Path, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
) -> None:  # fmt: skip
    """Their first show (resize events, the chart's first layout: ~3 ms) happens after
    the window's first paint, hidden again at once, not in the handler that
    shows a conversation first: a new run's, in the frame its session is chosen."""
    config = add_account(hub, "work", tmp_path)
    write(config, new_session("/src/harbour", "plan the dock cranes"))
    window = open_window(hub)
    wait_indexed(qtbot, window)
    conversation = window.conversation
    chart = conversation.chart
    # shown once: no resize left for the first show, the chart laid out at its size
    pending = Qt.WidgetAttribute.WA_PendingResizeEvent
    qtbot.waitUntil(lambda: not chart.testAttribute(pending), timeout=WAIT_MS)
    assert chart.chart().size().toSize() == chart.viewport().size()
    assert conversation.conversation() is None
    assert not conversation.body.isVisible() and conversation.empty_label.isVisible()


@pytest.mark.gui
def test_a_reads_context_chart_waits_for_the_header_and_tree_to_be_painted(
    shown: tuple[MainWindow, Conversation], hub: ServiceHub, qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """The header and tree of a read reach the screen first, the chart (~5 ms) in a
    later turn of the loop: one piece of 10-15 ms on the window's thread was a frame
    lost while runs stream. A zero timer ran the chart before Qt's posted paint."""
    window, made = shown
    pane = window.conversation
    window.resize(1400, 900)  # at the fixture's size the pane is folded away: nothing to paint
    qtbot.waitUntil(lambda: not pane.header.title_edit.visibleRegion().isEmpty(), timeout=WAIT_MS)
    seen: list[str] = []

    class Paints(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.UpdateRequest:  # the window paints what changed
                seen.append(f"paint: {pane.header.title_edit.text()}")
            return False

    paints = Paints(pane)
    window.installEventFilter(paints)
    show_turns = pane.chart.show_turns

    def charted(*args: object) -> None:
        seen.append(f"chart: {pane.header.title_edit.text()}")
        show_turns(*args)

    monkeypatch.setattr(pane.chart, "show_turns", charted)
    hub.conversations.rename(made.id, "Cranes, painted first")
    window.changes.publish(OpChanges.of(conversations=[made.id]))
    chart = "chart: Cranes, painted first"  # the read's chart, not an earlier one's
    qtbot.waitUntil(lambda: chart in seen, timeout=WAIT_MS)
    assert "paint: Cranes, painted first" in seen[: seen.index(chart)], seen
