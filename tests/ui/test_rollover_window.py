"""Rollover in the window: turns sent from the composer roll over when the
context reaches the threshold; the conversation pane charts the context per
turn with the threshold and the rollovers; the composer says how full it is.
Also the rollover part of the settings dialog."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import ExecutionKind, ExecutionStatus
from desktop.services.hub import ServiceHub
from desktop.ui.conversations.token_chart import TurnPoint
from desktop.ui.shell.main_window import MainWindow
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

CONTEXTS = (40_000, 155_000, 30_000, 160_000, 93_000)
"""What the fake API reports after each turn: over 150,000 twice."""


@pytest.mark.gui
@pytest.mark.claude
@pytest.mark.keyring
def test_turns_over_the_threshold_roll_over_and_the_chart_shows_it(rig: Rig) -> None:
    pane, composer = rig.window.conversation, rig.desk.composer
    for n, tokens in enumerate(CONTEXTS, 1):
        rig.api.enqueue(Reply.text(f"Answer {n}.", input_tokens=tokens))

    async def scenario() -> list[ExecutionKind]:
        rig.new_conversation()
        kinds = []
        for n in range(1, len(CONTEXTS) + 1):
            rig.type_and_send(f"Question {n}")
            live = await rig.started(n)
            done = await rig.finished(live)
            assert done.status is ExecutionStatus.SUCCEEDED, done.error
            kinds.append(done.kind)
            await until(lambda n=n: len(pane.chart.points) == n, what=f"turn {n} in the chart")
        return kinds

    kinds = rig.play(scenario())
    assert kinds == ["new", "continue", "rollover", "continue", "rollover"]
    conversation = pane.conversation()
    assert conversation is not None and conversation.last_input_tokens == 93_000
    assert pane.chart.points == [
        TurnPoint(n, tokens, kind == "rollover")
        for n, (tokens, kind) in enumerate(zip(CONTEXTS, kinds, strict=True), 1)
    ]
    assert pane.chart.limit == 150_000
    assert [p.y() for p in pane.chart.threshold.points()] == [150.0, 150.0]
    assert len(pane.chart.rollovers.points()) == 2
    assert composer.fill_label.isVisibleTo(composer)
    assert composer.fill_label.text() == "62% of the rollover threshold"
    assert composer.fill_label.toolTip() == "93,000 of 150,000 context tokens"
    codes = {c.code for c in rig.hub.conversations.list()}
    assert codes == {conversation.code}  # one conversation throughout

    # a new threshold from the settings dialog: the fill level follows on the spine
    dialog = rig.window.open_settings()
    dialog.rollover.tokens_spin.setValue(124_000)
    dialog.button_box.button(QDialogButtonBox.StandardButton.Ok).click()
    rig.play(until(lambda: pane.chart.limit == 124_000, what="the new threshold"))
    assert composer.fill_label.text() == "75% of the rollover threshold"


@pytest.mark.gui
def test_the_rollover_settings_are_edited_in_the_dialog(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot
) -> None:
    dialog = window.open_settings()
    box = dialog.rollover
    assert box.enabled_check.isChecked() and box.tokens_spin.value() == 150_000
    assert box.percent_spin.value() == 0 and box.percent_spin.text() == "Not used"
    assert box.seed_combo.currentData() == "raw"
    box.tokens_spin.setValue(120_000)
    box.percent_spin.setValue(70)
    box.seed_combo.setCurrentIndex(box.seed_combo.findData("summary"))
    box.enabled_check.setChecked(False)
    assert not box.tokens_spin.isEnabled()
    ok = dialog.button_box.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert hub.settings.get("rollover.enabled") == "false"
    assert hub.settings.get("rollover.threshold_tokens") == "120000"
    assert hub.settings.get("rollover.threshold_fraction") == "0.7"
    assert hub.settings.get("rollover.seed") == "summary"

    again = window.open_settings()
    assert not again.rollover.enabled_check.isChecked()
    assert again.rollover.percent_spin.value() == 70
    again.reject()
