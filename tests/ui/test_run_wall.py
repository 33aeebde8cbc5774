"""The run wall: three conversations under two accounts at once, a permission request
and Claude's questions answered from the wall, a jump to a conversation, and a turn
another process drives."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from desktop.domain.conversations import ExecutionStatus
from desktop.domain.run_wall import WallState
from desktop.ui.runs.question_card import QuestionCard
from desktop.ui.runs.run_controller import LiveRun
from desktop.ui.runs.run_wall import STATE, RunWall, WallRow
from tests.rig.fakeapi import Reply, tool_results
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, spawn
from tests.ui.run_kit import Rig, until
from tests.ui.test_ask_questions import QUESTIONS

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


def row_of(wall: RunWall, live: LiveRun) -> int:
    return next(i for i, row in enumerate(wall.rows) if row.live is live)


def read_in(row: WallRow) -> bool:
    return row.read is not None and bool(row.read.conversation)


async def shoot(rig: Rig, wall: RunWall) -> None:
    """docs/run-wall-*.png, when asked (SESSIONDESK_SHOT_DIR=docs)."""
    folder = os.environ.get("SESSIONDESK_SHOT_DIR")
    if not folder:
        return
    for code in ("en", "es", "zh_CN"):
        rig.window.set_language(code)
        await asyncio.sleep(0.2)  # the loop turns: the new words are laid out
        wall.grab().save(str(Path(folder) / f"run-wall-{code}.png"))
    rig.window.set_language("en")


def test_three_conversations_under_two_accounts_and_an_answer_from_the_wall(
    rig: Rig, home: Path, claude_account: AccountFactory, claude_bin: Path
) -> None:
    register(home, claude_account("beta"), claude_bin)
    holds = threading.Event(), threading.Event()
    target = rig.project / "made-from-the-wall.txt"
    turns = [
        ("alpha", "How do herons fish?", [Reply.text("They wait.", hold=holds[0])]),
        ("beta", "And kingfishers?", [Reply.text("They dive.", hold=holds[1])]),
        ("alpha", "Make a file for the birds",
         [Reply.tool_use("Bash", {"command": f"touch {target.name}"}, input_tokens=40,
                         output_tokens=9), Reply.text("The file is made.")]),
    ]  # fmt: skip

    async def scenario() -> None:
        lives: list[LiveRun] = []
        for count, (account, prompt, replies) in enumerate(turns, start=1):
            rig.api.enqueue(*replies)
            rig.new_conversation()
            rig.desk.composer.set_accounts(["alpha", "beta"])  # beta came from another process
            rig.desk.composer.set_target(account, None)
            rig.type_and_send(prompt)
            lives.append(await rig.started(count))
            await until(lambda n=count: len(rig.api.main_turns()) >= n, 30, f"request {count}")
        asking = lives[2]
        rig.window.wall.action.trigger()  # View → Runs…, Ctrl+Shift+R
        wall = rig.window.wall.wall
        assert wall is not None and wall.isVisible()

        def all_shown() -> bool:
            if len(wall.rows) != 3 or not all(read_in(r) for r in wall.rows):
                return False
            return wall.rows[row_of(wall, asking)].state is WallState.NEEDS_ANSWER

        await until(all_shown, 30, "three runs on the wall, one asking")
        assert sorted(row.account for row in wall.rows) == ["alpha", "alpha", "beta"]
        codes = {row.read.conversation for row in wall.rows if row.read is not None}
        assert codes == {"SESS-001", "SESS-002", "SESS-003"}
        titles = {wall.table.topLevelItem(i).text(1) for i in range(3)}
        assert "SESS-002 · And kingfishers?" in titles
        states = [wall.table.topLevelItem(i).text(STATE) for i in range(3)]
        assert states.count("running") == 2 and "needs answer: Bash" in states
        assert "2 waiting" not in wall.heading.text() and "3 turns" in wall.heading.text()
        await until(lambda: asking.run.tally.total == 49, 10, "the tokens so far")

        # answered on the wall, through the one controller: the composer's card agrees
        wall.table.setCurrentItem(wall.table.topLevelItem(row_of(wall, asking)))
        await shoot(rig, wall)
        (card,) = wall.cards.pending()
        assert card.isVisible() and card.input_label.text() == f"touch {target.name}"
        rig.qtbot.mouseClick(card.allow_button, Qt.MouseButton.LeftButton)
        execution = await rig.finished(asking)
        assert execution.status is ExecutionStatus.SUCCEEDED and target.exists()
        assert rig.desk.cards.pending() == []
        await until(lambda: len(wall.rows) == 2, 30, "the answered turn off the wall")

        # Enter on a row shows its conversation in the window
        first = lives[0]
        wall.table.setCurrentItem(wall.table.topLevelItem(row_of(wall, first)))
        rig.qtbot.keyClick(wall.table, Qt.Key.Key_Return)
        current = rig.desk.panel.current()
        shown = rig.desk.presenter.shown() is first or (
            current is not None and (current.account, current.session_id) == first.key
        )
        assert shown, "the wall's row opens its conversation"

        for hold in holds:
            hold.set()
        for live in lives[:2]:
            assert (await rig.finished(live)).status is ExecutionStatus.SUCCEEDED
        await until(lambda: not wall.rows, 30, "an empty wall")
        assert wall.empty_label.isVisible() and not wall.table.isVisible()

    rig.play(scenario())


def test_a_turn_another_process_drives_shows_and_stops_from_the_wall(
    rig: Rig, home: Path, claude_account: AccountFactory, claude_bin: Path
) -> None:
    env = register(home, claude_account("beta"), claude_bin)
    hold = threading.Event()
    rig.api.enqueue(Reply.text("never finished", hold=hold))
    proc = spawn(home, env, "--json", "run", "--account", "beta", "--cwd", str(rig.project),
                 "a turn from the command line")  # fmt: skip

    async def scenario() -> None:
        wall = rig.window.wall.open()
        await until(lambda: wall.rows and read_in(wall.rows[0]), 60, "the other process's turn")
        (row,) = wall.rows
        assert row.live is None and row.read is not None and row.read.owner_pid == proc.pid
        item = wall.table.topLevelItem(0)
        assert item.text(0) == "beta" and item.text(STATE) == "running (another process)"
        # the column is a count once the held reply's message_start reported its input;
        # until then the wall may show "?" (not known yet)
        # the wall fills its table again as the turn's figures move: its first item can
        # be gone by then, so each look takes the item shown now
        def tokens_shown() -> bool:
            now = wall.table.topLevelItem(0)
            return now is not None and now.text(3).replace(",", "").isdigit()

        await until(tokens_shown, 30, "the tokens so far")
        wall.table.setCurrentItem(wall.table.topLevelItem(0))
        rig.qtbot.mouseClick(wall.stop_button, Qt.MouseButton.LeftButton)
        await until(lambda: proc.poll() is not None, 60, "the command's turn to stop")
        await until(lambda: not wall.rows, 30, "an empty wall")

    try:
        rig.play(scenario())
        out, err = proc.communicate(timeout=30)
        assert '"status": "interrupted"' in out.splitlines()[-1], err
    finally:
        hold.set()
        if proc.poll() is None:
            proc.kill()


def test_claudes_questions_are_answered_from_the_wall(rig: Rig) -> None:
    rig.api.enqueue(Reply.tool_use("AskUserQuestion", {"questions": QUESTIONS}),
                    Reply.text("SQLite on Linux, then."))  # fmt: skip

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("plan the storage")
        live = await rig.started()
        rig.window.wall.action.trigger()
        wall = rig.window.wall.wall
        assert wall is not None

        def asking() -> bool:
            return len(wall.rows) == 1 and wall.rows[0].state is WallState.NEEDS_ANSWER

        await until(asking, 30, "the question on the wall")
        assert wall.table.topLevelItem(0).text(STATE) == "needs answer: AskUserQuestion"
        (card,) = wall.cards.pending()
        assert isinstance(card, QuestionCard) and card.isVisible()
        first, second = card.boxes
        rig.qtbot.mouseClick(first.option_buttons[0], Qt.MouseButton.LeftButton)
        rig.qtbot.mouseClick(second.option_buttons[0], Qt.MouseButton.LeftButton)
        rig.qtbot.mouseClick(card.send_button, Qt.MouseButton.LeftButton)
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        (result,) = tool_results(rig.api.main_turns()[-1])
        assert not result.is_error
        assert f'"{QUESTIONS[0]["question"]}"="SQLite"' in result.text
        assert f'"{QUESTIONS[1]["question"]}"="Linux"' in result.text
        assert rig.desk.cards.pending() == [], "the composer's card heard the same answer"

    rig.play(scenario())
