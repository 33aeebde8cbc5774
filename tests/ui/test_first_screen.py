"""A long transcript shows its end first, then the whole of it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.claude import transcript_aside, transcript_split
from desktop.claude.transcript_aside import load_aside
from desktop.claude.transcripts import load_session
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript import row_filler, transcript_panel
from desktop.ui.transcript.problem_text import problem_line
from desktop.ui.transcript.transcript_panel import FIRST_SCREEN_BYTES, FIRST_SCREEN_MESSAGES
from desktop.ui.transcript.transcript_rows import build_rows
from tests.test_transcript_fixtures import Transcript, text, tool_use
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


def test_the_whole_of_a_long_transcript_read_aside_matches_a_plain_reading(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """A small file made "long" by lowering the limits: its whole is read in a
    process of its own, split across workers, and its rows arrive in slices."""
    monkeypatch.setattr(transcript_panel, "FIRST_SCREEN_BYTES", 10_000)
    monkeypatch.setattr(transcript_split, "SPLIT_BYTES", 0)
    monkeypatch.setattr(transcript_split, "PART_BYTES", 8192)
    monkeypatch.setattr(row_filler, "SLICE_S", 0.0)
    aside: list[object] = []

    def spied(path: str, workers: int) -> object:
        aside.append(load_aside(path, workers))
        return aside[-1]

    monkeypatch.setattr(transcript_aside, "load_aside", spied)
    config = add_account(hub, "work", tmp_path)
    t = Transcript(cwd="/src/long")
    for number in range(400):
        t.prompt(f"question {number}")
        if number % 5 == 0:
            t.reply(tool_use(f"call_{number}", "Bash", {"command": f"echo {number}"}))
            t.result(f"call_{number}", f"{number}\n")
        t.reply(text(f"answer {number} " + "lorem ipsum " * 20))
    path = write(config, t)
    lines = path.read_bytes().split(b"\n")
    lines[len(lines) // 3 : len(lines) // 3] = [b"{not json", b"\xff\xfe"]  # damage mid-file
    path.write_bytes(b"\n".join(lines))
    conversation, problems = load_session(path)
    wanted, _builder = build_rows(conversation.messages, conversation)

    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    panel = browser(window).panel
    inserted: list[int] = []
    panel.model.rowsInserted.connect(lambda _p, first, last: inserted.append(last - first + 1))
    assert pane(window).select_session("work", t.session_id)
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=WAIT_MS)
    first_screen = panel.model.rowCount()
    assert first_screen < len(wanted)
    qtbot.waitUntil(
        lambda: not panel.is_loading() and panel.model.rowCount() == len(wanted), timeout=WAIT_MS
    )
    assert len(aside) == 1 and aside[0] is not None, "the whole was not read aside"
    shown = [(r.kind, r.key, r.message.text, r.result) for r in panel.model.rows()]
    assert shown == [(r.kind, r.key, r.message.text, r.result) for r in wanted]
    assert len(inserted) >= 2 and sum(inserted) == len(wanted)  # in slices, each row once
    assert panel.problems() == [problem_line(p) for p in problems] and len(problems) == 2
    assert panel.banner.isVisible()
    QApplication.processEvents()  # the banner's room taken from the view: it stays at the end
    assert panel.view.is_at_bottom()
    assert 0 < panel.view.delegate.documents_built < len(wanted) // 4  # still laid out lazily


@pytest.mark.parametrize("painting", [True, False], ids=["painted", "not-painted"])
def test_the_whole_is_asked_for_once_the_first_screen_is_painted(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, painting: bool,
) -> None:  # fmt: skip
    """The whole's thread (a lookup, a process spawned) would hold the interpreter
    lock in stretches while the first screen paints: it starts after that paint,
    or after `PAINT_WAIT_MS` in a window that does not paint."""
    monkeypatch.setattr(transcript_panel, "FIRST_SCREEN_BYTES", 10_000)
    config = add_account(hub, "work", tmp_path)
    t = Transcript(cwd="/src/long")
    for number in range(300):
        t.prompt(f"question {number}")
        t.reply(text(f"answer {number} " + "lorem ipsum " * 20))
    write(config, t)

    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    panel = browser(window).panel
    events: list[str] = []
    panel.view.rows_painted.connect(lambda: events.append("painted"))
    real_read = panel._read

    def read(record: object, same: bool, started: float, recent: int | None) -> None:
        events.append("first screen" if recent else "whole")
        real_read(record, same, started, recent)  # type: ignore[arg-type]

    monkeypatch.setattr(panel, "_read", read)
    panel.view.blockSignals(not painting)
    assert pane(window).select_session("work", t.session_id)
    qtbot.waitUntil(
        lambda: not panel.is_loading() and panel.model.rowCount() == 600, timeout=WAIT_MS
    )
    assert events.count("whole") == 1 and events[0] == "first screen"
    if painting:
        assert "painted" in events[: events.index("whole")]
    else:
        assert "painted" not in events
