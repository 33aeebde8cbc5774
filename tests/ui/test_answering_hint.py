"""The hint "Claude is answering…" follows the conversation shown: while several runs
stream, when the person moves between conversations mid-run, when the
language changes mid-run, and after a stop (searched for as a reported bug;
the case that reproduced it is in test_first_hour_runs)."""

from __future__ import annotations

import asyncio

import pytest

from desktop.ui.runs.run_controller import LiveRun
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


def busy(rig: Rig) -> bool:
    # "Esc" is in the busy hint of every language, and in no idle one
    return "Esc" in rig.desk.composer.prompt.placeholderText()


def slow(text: str) -> Reply:
    return Reply.text(text + " " + " ".join(f"w{i}" for i in range(20)), chunks=10, delay=0.15)


async def show(rig: Rig, live: LiveRun) -> None:
    assert live.key is not None
    rig.window.sessions.pane.select_session(*live.key)
    await until(lambda: (c := rig.desk.panel.current()) is not None and
                (c.account, c.session_id) == live.key, 20, "the session")  # fmt: skip


def test_the_busy_hint_follows_the_conversation_shown(rig: Rig) -> None:
    for n in range(6):
        rig.api.enqueue(slow(f"Reply {n}."))

    async def scenario() -> None:
        lives = []
        for prompt in ("first A", "first B"):
            rig.new_conversation()
            rig.type_and_send(prompt)
            live = await rig.started(len(lives) + 1)
            await rig.finished(live)
            await rig.settled_on(live)
            lives.append(live)
        a, b = lives
        await show(rig, a)
        rig.type_and_send("second A")
        running = await rig.started(3)
        await until(lambda: len(running.transcript.text()) > 5, 20, "the reply")
        assert busy(rig)
        await show(rig, b)
        assert not busy(rig), "B has no run"
        rig.window.commands.languages["es"].trigger()
        await show(rig, a)
        assert busy(rig)
        rig.window.commands.languages["zh_CN"].trigger()
        await rig.finished(running)
        await asyncio.sleep(0.2)
        assert not busy(rig)
        rig.window.commands.languages["en"].trigger()

        # two at once, each ending while the other is shown
        await show(rig, b)
        rig.type_and_send("second B")
        in_b = await rig.started(4)
        await show(rig, a)
        rig.type_and_send("third A")
        in_a = await rig.started(5)
        await rig.finished(in_b)
        await rig.finished(in_a)
        await asyncio.sleep(0.2)
        assert not busy(rig)
        await show(rig, b)
        assert not busy(rig)

        rig.type_and_send("third B")
        stopped = await rig.started(6)
        await until(lambda: len(stopped.transcript.text()) > 5, 20, "the reply")
        rig.window.commands.stop_run.trigger()
        await rig.finished(stopped)
        await asyncio.sleep(0.2)
        assert not busy(rig)

    rig.play(scenario(), timeout=200)
