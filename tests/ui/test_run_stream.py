"""A prompt typed in the composer streams its reply into the transcript, then reads back once."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from msgspec.structs import replace
from PySide6.QtCore import QEvent, QObject, Qt, QTimer

from desktop.domain.changes import OpChanges, RunEvent
from desktop.domain.conversations import ExecutionStatus
from desktop.ui.runs.live_run import Change, Op
from desktop.ui.runs.run_controller import LiveRun
from desktop.ui.sessions.session_list import SessionListPane
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]

REPLY = "The river is called Esk, and it reaches the sea at Whitby after many bends."
SECOND = "Yes: Esk, once more, and nothing else."
SLOW = " ".join(f"word{n}" for n in range(60))
"""A reply sent a few words at a time, slowly enough to act while it streams."""
GRACE_S = 30.0


def test_a_sent_prompt_streams_in_chunks_and_is_shown_once_after_the_run(rig: Rig) -> None:
    rig.api.enqueue(Reply.text(REPLY, chunks=5, delay=0.2))
    panel = rig.desk.panel
    heard: list[OpChanges] = []
    rig.window.changes.changed.connect(heard.append)

    async def scenario() -> None:
        rig.new_conversation()
        assert rig.desk.presenter.is_draft()
        rig.type_and_send("Which river reaches the sea at Whitby?")
        live = await rig.started()
        # the person's message is there at once, before claude has said anything
        assert rig.texts(RowKind.PROMPT) == ["Which river reaches the sea at Whitby?"]
        assert rig.desk.composer.prompt_text() == "", "the prompt left the box once sent"
        partial: list[str] = []

        def grew() -> bool:
            replies = rig.texts(RowKind.REPLY)
            if replies and live.streaming and (not partial or partial[-1] != replies[0]):
                partial.append(replies[0])
            rig.assert_no_repeats()
            return len(partial) >= 2

        await until(grew, 30, "two partial readings of the reply while it streams")
        assert all(REPLY.startswith(text) and text != REPLY for text in partial[:2])
        assert live.streaming, "partial text was seen before the run ended"
        assert rig.window.commands.stop_run.isEnabled()
        assert "1 run streaming" in rig.desk.indicator.label.text()

        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        assert execution.session_id == live.key[1] if live.key else False
        await rig.settled_on(live)
        assert rig.texts(RowKind.PROMPT) == ["Which river reaches the sea at Whitby?"]
        assert rig.texts(RowKind.REPLY) == [REPLY]
        rig.assert_no_repeats()
        # the draft became the listed, chosen session
        pane = rig.window.navigation
        assert isinstance(pane, SessionListPane)
        chosen = pane.selected_record()
        assert chosen is not None and chosen.session_id == execution.session_id
        assert not rig.window.commands.stop_run.isEnabled()
        assert rig.desk.indicator.label.isHidden()
        # the end was announced once on the spine, by id, after the list took the session
        ends = [i for i, c in enumerate(heard) if RunEvent.ENDED in c.run_events]
        assert len(ends) == 1
        end = heard[ends[0]]
        assert execution.id in end.executions
        assert execution.conversation_id in end.conversations
        assert (execution.account, execution.session_id) in end.sessions
        assert any(c.listing for c in heard[: ends[0]])
        steps = [e for c in heard for e in c.run_events]
        assert steps.index(RunEvent.STARTED) < steps.index(RunEvent.REPLIED) < steps.index(
            RunEvent.ENDED)  # fmt: skip

    rig.play(scenario())
    assert panel.current() is not None


class ListPaints(QObject):
    """How often the session list painted while a row for `key()` was in it."""

    def __init__(self, pane: SessionListPane, key: Callable[[], tuple[str, str] | None]) -> None:
        super().__init__(pane)
        self.with_row = 0
        self._pane, self._key = pane, key
        pane.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        key = self._key()
        if event.type() == QEvent.Type.Paint and key and self._pane.source.row_of(key) >= 0:
            self.with_row += 1
        return False


def test_a_new_conversations_session_is_chosen_after_the_list_painted_its_row(rig: Rig) -> None:
    rig.api.enqueue(Reply.text(REPLY, chunks=5, delay=0.2))
    pane = rig.window.navigation
    assert isinstance(pane, SessionListPane)
    runs = rig.desk.controller.runs
    paints = ListPaints(pane, lambda: runs[0].key if runs else None)
    chosen_after: list[int] = []
    pane.record_selected.connect(
        lambda record: chosen_after.append(paints.with_row) if record is not None else None
    )

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Which river reaches the sea at Whitby?")
        live = await rig.started()
        await until(lambda: bool(chosen_after), 30, "the draft's session to be chosen")
        await rig.finished(live)

    rig.play(scenario())
    # chosen in a later turn of the loop than the one that listed it: the reads that
    # the choice starts in workers did not run beside the list's repaint
    assert chosen_after[0] >= 1


async def continued(rig: Rig) -> tuple[LiveRun, LiveRun]:
    """A first turn, ended and shown; then "Say it again" sent on its chosen session
    (which continues it): both runs, the second started."""
    rig.new_conversation()
    rig.type_and_send("Which river?")
    first = await rig.started()
    await rig.finished(first)
    await rig.settled_on(first)
    rig.type_and_send("Say it again")
    return first, await rig.started(2)


def test_a_chosen_session_is_continued_and_a_reread_mid_run_shows_nothing_twice(
    rig: Rig,
) -> None:
    rig.api.enqueue(Reply.text(REPLY))
    rig.api.enqueue(Reply.text(SECOND, chunks=8, delay=0.25))

    async def scenario() -> None:
        first, second = await continued(rig)
        assert rig.desk.composer.folder() == str(rig.project)
        assert second.origin == first.key and second.key == first.key
        await until(lambda: second.transcript.prompt.uuid and rig.texts(RowKind.REPLY)[1:],
                    30, "the second reply to start")  # fmt: skip
        # read the growing file in the middle of the turn, as the file watcher would
        panel = rig.desk.panel
        for _ in range(3):
            panel.show_record(panel.current())
            await until(lambda: not panel.is_loading(), 10, "the re-read")
            rig.assert_no_repeats()
            assert rig.texts(RowKind.PROMPT).count("Say it again") == 1
            await until(lambda: True)
        execution = await rig.finished(second)
        assert execution.status is ExecutionStatus.SUCCEEDED
        assert execution.session_id == first.key[1] if first.key else False
        await rig.settled_on(second)
        assert rig.texts(RowKind.PROMPT) == ["Which river?", "Say it again"]
        assert rig.texts(RowKind.REPLY) == [REPLY, SECOND]
        rig.assert_no_repeats()
        assert rig.desk.presenter.live_keys() == []

    rig.play(scenario())


async def streaming_slowly(rig: Rig) -> LiveRun:
    """A new conversation's turn whose reply (`SLOW`, queued) has begun to stream."""
    rig.new_conversation()
    rig.type_and_send("Count slowly")
    live = await rig.started()
    await until(lambda: len(live.transcript.text()) > 30, 30, "some of the reply")
    return live


def test_stop_during_a_slow_stream_interrupts_and_keeps_the_partial_reply(rig: Rig) -> None:
    words = SLOW
    rig.api.enqueue(Reply.text(words, chunks=30, delay=0.2))

    async def scenario() -> None:
        live = await streaming_slowly(rig)
        rig.qtbot.keyClick(rig.desk.composer.prompt, Qt.Key.Key_Escape)  # Esc stops
        assert live.stopping
        execution = await rig.finished(live, timeout=30)
        assert execution.status is ExecutionStatus.INTERRUPTED
        kept = live.transcript.text()
        assert kept and kept != words and words.startswith(kept)
        await rig.settled_on(live)
        replies = rig.texts(RowKind.REPLY)
        assert replies and words.startswith(replies[0]) and replies[0] != words
        rig.assert_no_repeats()
        assert rig.desk.composer.error_text() == "", "a stop is not an error"

    rig.play(scenario())


def test_the_desk_shut_down_mid_stream_waits_for_the_turn_to_record_its_end(rig: Rig) -> None:
    rig.api.enqueue(Reply.text(SLOW, chunks=30, delay=0.2))

    async def scenario() -> None:
        live = await streaming_slowly(rig)
        seen: dict[str, float | bool] = {}

        def close() -> None:  # from Qt, as a click on the window's close button: in no task
            began = time.monotonic()
            rig.desk.shutdown(grace=GRACE_S)  # a roomy grace: a loaded machine stops slowly
            seen["seconds"] = time.monotonic() - began
            seen["streaming"] = live.streaming

        QTimer.singleShot(0, close)
        await until(lambda: "seconds" in seen, GRACE_S + 10, "the shutdown to return")
        assert seen["streaming"] is False, "it returned before the turn had ended"
        assert seen["seconds"] < GRACE_S - 5, "it waited for the deadline, not for the end"
        assert live.execution is not None
        execution = rig.hub.conversations.execution(live.execution.id)
        assert execution.status is ExecutionStatus.INTERRUPTED

    rig.play(scenario())


def test_a_fresh_session_from_a_chosen_one_is_shown_on_its_own_then_listed(rig: Rig) -> None:
    rig.api.enqueue(Reply.text(REPLY))
    rig.api.enqueue(Reply.text(SECOND, chunks=4, delay=0.2))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Which river?")
        first = await rig.started()
        await rig.finished(first)
        await rig.settled_on(first)

        rig.desk.composer.fresh_check.setChecked(True)
        rig.type_and_send("Start over: which river?")
        fresh = await rig.started(2)
        assert fresh.origin == first.key and rig.desk.presenter.is_draft()
        assert not rig.desk.composer.fresh(), "a fresh start is a one-off"
        execution = await rig.finished(fresh)
        assert execution.status is ExecutionStatus.SUCCEEDED
        assert fresh.key is not None and fresh.key != first.key
        await rig.settled_on(fresh)
        assert rig.texts(RowKind.REPLY) == [SECOND]
        rig.assert_no_repeats()
        # the conversation went on in a new session; the old one is as it was
        assert first.key is not None and rig.desk.pane.select_session(*first.key)
        await rig.settled_on(first)
        assert rig.texts(RowKind.REPLY) == [REPLY]
        first_run, second_run = (rig.hub.conversations.execution(r.execution.id)
                                 for r in (first, fresh) if r.execution)  # fmt: skip
        assert first_run.conversation_id == second_run.conversation_id

    rig.play(scenario())


def test_a_run_streams_on_the_window_loop_and_blocks_it_only_elsewhere(rig: Rig) -> None:
    """The pipes are read on the window's thread; the keyring, the execution row's
    writes and the index refresh at the end run on another one; news comes a frame
    at a time, so a reply in many chunks is not one update per chunk."""
    rig.api.enqueue(Reply.text(REPLY, chunks=60, delay=0))
    window_thread = threading.current_thread()
    seen: dict[str, set[threading.Thread]] = {}
    runs = rig.hub.runs

    def watch(owner: object, name: str) -> None:
        original = getattr(owner, name)

        def watched(*args: object, **kwargs: object) -> object:
            seen.setdefault(name, set()).add(threading.current_thread())
            return original(*args, **kwargs)

        setattr(owner, name, watched)

    watch(rig.hub.accounts, "secret")
    watch(runs._recorder._executions, "update")  # the execution row's writer
    watch(rig.hub.sessions, "refresh")
    updates: list[int] = []
    rig.desk.controller.updated.connect(lambda _live, changes: updates.append(len(changes)))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Which river reaches the sea at Whitby?")
        live = await rig.started()
        assert live.driver is not None
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        assert live.transcript.text() == REPLY

    rig.play(scenario())
    assert set(seen) == {"secret", "update", "refresh"}, seen
    assert all(window_thread not in threads for threads in seen.values()), seen
    # 60 chunks sent at once: a frame's worth at a time is far fewer updates than chunks
    assert 0 < len(updates) < 60 and max(updates) > 1, updates


def test_a_reread_before_claude_echoes_the_prompt_leaves_it_shown_once(rig: Rig) -> None:
    """claude writes the prompt to its file before it echoes it (with its uuid) on
    stdout. A read in between finds the file's copy: with the prompt's words, written
    after it was sent, it is the prompt, and the live one is not laid under it (under
    load this read often came first, and the prompt showed twice until the echo). A
    prompt the file's copy is not (the same words sent again later) is laid under it,
    and the echo then says they are one (before, the prompt showed twice until the run
    ended: seen in a screenshot of a resumed turn)."""
    hold = threading.Event()  # the turn stays running until the race is played
    rig.api.enqueue(Reply.text(REPLY))
    rig.api.enqueue(Reply.text(SECOND, hold=hold))

    async def scenario() -> None:
        _first, second = await continued(rig)
        await until(lambda: second.transcript.prompt.uuid and len(rig.api.main_turns()) == 2,
                    30, "the prompt echoed and sent")  # fmt: skip
        record = rig.desk.panel.current()
        assert record is not None
        await until(lambda: "Say it again" in Path(record.path).read_text(), 30, "the file")
        prompt = second.transcript.prompt
        echoed = prompt.message
        assert echoed.uuid is not None
        panel = rig.desk.panel

        async def reread(shown: int) -> None:
            # a reading begun before claude wrote the prompt may land first (ours then
            # waits its turn): wait for one with the file's copy in it
            loaded: list[object] = []
            panel.loaded.connect(loaded.append)
            panel.show_record(panel.current())
            await until(lambda: loaded and panel.model.row_of_uuid(echoed.uuid or "") >= 0
                        and rig.texts(RowKind.PROMPT).count("Say it again") == shown,
                        10, f"a re-read showing the prompt {shown} time(s)")  # fmt: skip
            panel.loaded.disconnect(loaded.append)

        # the moment between the file's write and the echo, held still
        prompt.message = replace(echoed, uuid=None)
        await reread(1)
        rig.assert_no_repeats()
        # the same words sent after the file's copy was written: not that copy
        prompt.message = replace(echoed, uuid=None, timestamp="2999-01-01T00:00:00.000Z")
        await reread(2)
        prompt.message = echoed
        rig.desk.controller.updated.emit(second, [Change(Op.UPDATE, prompt)])
        rig.desk.presenter.flush()
        assert rig.texts(RowKind.PROMPT).count("Say it again") == 1
        rig.assert_no_repeats()
        hold.set()
        assert (await rig.finished(second)).status is ExecutionStatus.SUCCEEDED
        await rig.settled_on(second)
        assert rig.texts(RowKind.PROMPT) == ["Which river?", "Say it again"]

    rig.play(scenario())
