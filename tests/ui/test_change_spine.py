"""The change spine: what a service operation or a run changed reaches every view
at once (issue 22) — the composer stops saying "answering" on screen after a
resumed turn, and the pane's header and tree follow an account switch without
the session being chosen again."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.domain.changes import ChangeFeed, OpChanges, RunEvent
from desktop.domain.conversations import ExecutionKind
from desktop.ui.accounts.switcher import SwitchChoice
from desktop.ui.common.changes import Changes
from tests.rig.fakeapi import Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register
from tests.ui.run_kit import Rig, until
from tests.ui.screen_truth import PaintedPlaceholder

BUSY = "Esc"
"""In the busy hint of every language, in no idle one."""


def test_an_op_changes_value_says_what_it_touches() -> None:
    changes = OpChanges.of(conversations=["c1", ""], sessions=[("alpha", "s1"), None, ("", "x")],
                           executions=["e1"], run_events=[RunEvent.ENDED])  # fmt: skip
    assert changes.conversations == {"c1"} and changes.sessions == {("alpha", "s1")}
    assert changes.touches(conversation="c1")
    assert changes.touches(session=("alpha", "s1"))
    assert changes.touches(executions=["e0", "e1"])
    assert not changes.touches(conversation="c2", session=("beta", "s1"), executions=["e2"])
    assert not OpChanges() and OpChanges.of(listing=True)
    merged = changes.merged(OpChanges.of(accounts=["beta"], listing=True))
    assert merged.accounts == {"beta"} and merged.listing and merged.conversations == {"c1"}
    feed, heard = ChangeFeed(), []
    stop = feed.subscribe(heard.append)
    feed.report(OpChanges())  # nothing changed: nobody is told
    feed.report(changes)
    stop()
    feed.report(changes)
    assert heard == [changes]


@pytest.mark.gui
def test_a_report_from_a_worker_thread_reaches_the_views_on_the_window_s_thread(
    qtbot: QtBot,
) -> None:
    feed, spine = ChangeFeed(), Changes()
    spine.follow(feed)
    heard: list[tuple[OpChanges, str]] = []
    spine.changed.connect(lambda c: heard.append((c, threading.current_thread().name)))
    said = OpChanges.of(conversations=["c1"])
    worker = threading.Thread(target=feed.report, args=(said,), name="worker")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: bool(heard), timeout=5000)
    assert heard == [(said, threading.main_thread().name)]
    spine.close()
    feed.report(said)  # a closed window's spine hears nothing more
    qtbot.wait(50)
    assert len(heard) == 1


async def _settle(seconds: float = 0.4) -> None:
    """Let the loop paint what is due (the hint's repaint, the pane's read)."""
    end = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < end:
        QApplication.processEvents()
        await asyncio.sleep(0.02)


@pytest.mark.gui
@pytest.mark.claude
@pytest.mark.keyring
def test_after_resumed_and_continued_turns_the_screen_stops_saying_answering(rig: Rig) -> None:
    for n in range(4):
        rig.api.enqueue(Reply.text(f"Reply {n}: " + " ".join(f"w{i}" for i in range(12)),
                                   chunks=4, delay=0.1))  # fmt: skip
    composer = rig.desk.composer
    painted = PaintedPlaceholder(composer.prompt)

    async def turn(prompt: str, count: int) -> None:
        rig.type_and_send(prompt)
        live = await rig.started(count)
        await until(lambda: BUSY in (painted.on_screen() or ""), 20, "the busy hint on screen")
        await rig.finished(live)
        await rig.settled_on(live)
        await _settle()
        assert BUSY not in composer.prompt.placeholderText(), f"{prompt}: the property"
        assert BUSY not in (painted.on_screen() or ""), f"{prompt}: the screen still says busy"
        assert composer.send_button.isEnabled() is False  # nothing typed yet
        assert not rig.window.commands.stop_run.isEnabled()

    async def scenario() -> None:
        rig.new_conversation()
        await turn("first", 1)
        await turn("second, resumed", 2)  # the shown session goes on: --resume
        pane = rig.window.conversation
        await until(lambda: pane.current_execution() is not None, 20, "the tree")
        pane.continue_selected()  # Continue from the chosen node of the tree
        await turn("third, continued from the tree", 3)
        await turn("fourth, resumed again", 4)

    rig.play(scenario(), timeout=200)


@pytest.mark.gui
@pytest.mark.claude
@pytest.mark.keyring
def test_a_switch_shows_in_the_header_and_tree_without_choosing_the_session_again(
    rig: Rig, home: Path, claude_account: AccountFactory, claude_bin: Path
) -> None:
    register(home, claude_account("beta"), claude_bin)
    rig.api.enqueue(Reply.text("Noted."))
    pane = rig.window.conversation

    def switch_rows() -> list[str]:
        return [e.id for e in pane.model.executions() if e.kind is ExecutionKind.SWITCH]

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("remember the word HERON")
        live = await rig.started()
        first = await rig.finished(live)
        await rig.settled_on(live)
        await until(lambda: pane.header.account_badge.text() == "alpha", 20, "the header")
        chosen = rig.window.sessions.pane.selected_record()
        assert not switch_rows()
        rig.desk.composer.set_accounts(["alpha", "beta"])  # beta was added by another process

        rig.desk.switching._chosen(chosen, SwitchChoice("beta", carry=False))
        assert rig.desk.switching.pending is not None
        await rig.desk.switching.pending
        assert rig.hub.conversations.get(first.conversation_id).account == "beta"
        # the same session stays chosen: nothing else would make the pane read again
        assert rig.window.sessions.pane.selected_record() == chosen
        await until(lambda: pane.header.account_badge.text() == "beta", 10, "the header")
        await until(lambda: len(switch_rows()) == 1, 10, "the switch node in the tree")
        assert rig.desk.composer.account() == "beta"

    rig.play(scenario())


@pytest.mark.gui
@pytest.mark.claude
@pytest.mark.keyring
def test_the_transcript_reads_its_file_again_when_the_spine_says_its_run_ended(rig: Rig) -> None:
    """The run desk no longer tells the transcript a run ended: the spine does."""
    rig.api.enqueue(Reply.text("First."))
    rig.api.enqueue(Reply.text("Second: " + " ".join(f"w{i}" for i in range(40)),
                               chunks=20, delay=0.15))  # fmt: skip
    panel, presenter = rig.desk.panel, rig.desk.presenter
    reads: list[object] = []

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("first")
        first = await rig.started(1)
        await rig.finished(first)
        await rig.settled_on(first)
        rig.type_and_send("second, resumed")  # shown from its file, live rows on top
        live = await rig.started(2)
        await until(lambda: live.transcript.prompt.uuid and live.transcript.text()
                    and presenter.shown() is live and not presenter.is_draft()
                    and not panel.is_loading(), 30, "the second reply to start")  # fmt: skip
        panel.show_record = reads.append  # type: ignore[method-assign]  # counted, not read
        try:
            ended = OpChanges.of(runs=[live.id], run_events=[RunEvent.ENDED])
            rig.window.changes.publish(ended)
            assert reads == [panel.current()], "the spine's end did not reach the transcript"
            reads.clear()
            other = OpChanges.of(runs=["another"], run_events=[RunEvent.ENDED])
            rig.window.changes.publish(other)
            assert reads == [], "another run's end read the transcript"
        finally:
            del panel.show_record  # the class's own again
        await rig.finished(live)
        await rig.settled_on(live)

    rig.play(scenario(), timeout=120)
