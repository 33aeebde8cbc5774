"""A long transcript shows its end first, then the whole of it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript.transcript_panel import FIRST_SCREEN_BYTES, FIRST_SCREEN_MESSAGES
from tests.test_transcript_fixtures import Transcript, text
from tests.ui.session_kit import WAIT_MS, add_account, browser, pane, wait_listed, write

pytestmark = pytest.mark.gui


def test_a_long_transcript_shows_its_end_before_the_whole(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    qtbot: QtBot,
) -> None:  # fmt: skip
    config = add_account(hub, "work", tmp_path)
    t = Transcript(cwd="/src/long")
    turns = 1500
    padding = "lorem ipsum dolor " * 200  # makes the file larger than the first-screen limit
    for number in range(turns):
        t.prompt(f"question {number}")
        t.reply(text(f"answer {number} {padding}"))
    path = write(config, t)
    assert path.stat().st_size > FIRST_SCREEN_BYTES

    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    panel = browser(window).panel
    counts: list[int] = []
    panel.model.modelReset.connect(lambda: counts.append(panel.model.rowCount()))
    assert pane(window).select_session("work", t.session_id)
    qtbot.waitUntil(
        lambda: not panel.is_loading() and panel.model.rowCount() >= 2 * turns, timeout=WAIT_MS
    )
    partial = [c for c in counts if 0 < c < 2 * turns]
    assert partial, f"no first screen before the whole transcript: {counts}"
    assert FIRST_SCREEN_MESSAGES <= partial[0] < turns
    assert panel.view.is_at_bottom()
