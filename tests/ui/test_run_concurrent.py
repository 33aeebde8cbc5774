"""Two conversations stream at once, each on its own; looking away does not stop either."""

from __future__ import annotations

import threading

import pytest

from desktop.domain.conversations import ExecutionStatus
from desktop.ui.runs.run_controller import LiveRun
from desktop.ui.runs.run_indicator import Badge
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]

FIRST = "Herons stand still in the shallows and wait for fish to come close."
SECOND = "Kingfishers dive from a perch and come up with a fish in their beak."


def test_two_conversations_stream_at_once_and_each_keeps_its_own_rows(rig: Rig) -> None:
    gates = threading.Event(), threading.Event()
    rig.api.enqueue(Reply.text(FIRST, chunks=6, delay=0.25, hold=gates[0]))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("How do herons fish?")
        first = await rig.started(1)
        await until(lambda: rig.api.main_turns(), 30, "the first request")
        # streams ~5 s: its session is listed, chosen and read while it still streams,
        # even on a loaded machine
        rig.api.enqueue(Reply.text(SECOND, chunks=12, delay=0.4, hold=gates[1]))
        rig.new_conversation()
        rig.type_and_send("And kingfishers?")
        second = await rig.started(2)
        await until(lambda: len(rig.api.main_turns()) == 2, 30, "the second request")
        assert rig.desk.indicator.label.text() == "2 runs streaming"
        for gate in gates:
            gate.set()

        runs = (first, second)

        def both_mid_stream() -> bool:
            return all(r.streaming and r.transcript.text() for r in runs)

        await until(both_mid_stream, 30, "both replies to be streaming together")
        # the centre follows the second; the first keeps streaming out of sight. Once the
        # second's session is listed it is chosen there, and its rows are laid again on
        # the file's reading: nothing live is shown while that reading is on its way
        await until(lambda: rig.desk.presenter.shown() is second, 10, "the centre on the second")
        assert second.streaming
        grown = len(first.transcript.text())
        await until(lambda: len(first.transcript.text()) > grown or not first.streaming, 10)
        # look at the first while the second goes on
        await until(lambda: first.key and rig.desk.pane.source.row_of(first.key) >= 0, 30)
        assert first.key is not None
        expected = Badge.RUNNING if first.streaming else None
        assert rig.desk.indicator.badge(first.key) is expected
        assert rig.desk.pane.select_session(*first.key)
        await until(lambda: rig.desk.presenter.shown() is first or not first.streaming, 10)
        for live in runs:
            execution = await rig.finished(live)
            assert execution.status is ExecutionStatus.SUCCEEDED
        assert {first.transcript.text(), second.transcript.text()} == {FIRST, SECOND}
        await check_read_back(rig, first)
        assert second.key is not None and rig.desk.pane.select_session(*second.key)
        await check_read_back(rig, second)
        assert len({first.key, second.key}) == 2
        assert rig.desk.indicator.label.isHidden()

    rig.play(scenario())


async def check_read_back(rig: Rig, live: LiveRun) -> None:
    await rig.settled_on(live)
    assert rig.texts(RowKind.PROMPT) == [live.prompt]
    assert rig.texts(RowKind.REPLY) == [live.transcript.text()]
    rig.assert_no_repeats()
