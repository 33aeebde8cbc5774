"""The transcript of a chosen session: safe Markdown, tool cards, thinking,
subagents, dividers, the problems banner, copying, and a 50,000-message session."""

from __future__ import annotations

import shutil
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QPoint, Qt
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QGuiApplication,
    QImage,
    QPalette,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.domain.accounts import AuthKind
from desktop.domain.transcript import Message, Role
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript import transcript_paint
from desktop.ui.transcript import transcript_render as render
from desktop.ui.transcript.transcript_model import TranscriptModel
from desktop.ui.transcript.transcript_rows import RowKind, build_rows
from desktop.ui.transcript.transcript_view import TranscriptView
from tests.test_transcript_fixtures import REAL, REAL_COMPACTED, Transcript, text, thinking
from tests.ui.session_kit import (
    add_account,
    browser,
    open_session,
    tool_session,
    wait_listed,
    write,
)

pytestmark = pytest.mark.gui

CWD = "/home/ana/src/api"
MARKDOWN = (
    "# Plan\n\nSome **bold words**, `inline_code()` and <script>alert(1)</script> "
    "with <b>raw tags</b>.\n\n```python\ndef greet():\n    return 'hi'\n```\n\n"
    "[the docs](https://example.com/docs) and [a trap](javascript:alert(2))."
)


@pytest.fixture
def shown(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow], qtbot: QtBot
) -> Callable[..., MainWindow]:
    """Writes a transcript for account alpha, opens the window and shows it."""
    config = add_account(hub, "alpha", tmp_path)

    def show(t: Transcript, raw: bytes | None = None) -> MainWindow:
        path = write(config, t)
        if raw is not None:
            path.write_bytes(raw)
        window = open_window(hub)
        wait_listed(qtbot, window, 1)
        open_session(qtbot, window, "alpha", t.session_id)
        return window

    return show


def rows_of(window: MainWindow, kind: RowKind) -> list[int]:
    model = browser(window).panel.model
    return [n for n in range(model.rowCount()) if model.row(n).kind is kind]


def document(window: MainWindow, number: int) -> QTextDocument:
    panel = browser(window).panel
    return panel.view.delegate.document(panel.model.row(number), panel.view.viewport().width())


def fragments(doc: QTextDocument) -> Iterator[tuple[str, object]]:
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            yield fragment.text(), fragment.charFormat()
            it += 1
        block = block.next()


def click_header(qtbot: QtBot, window: MainWindow, number: int) -> None:
    view = browser(window).panel.view
    view.scroll_to_row(number)
    rect = view.visual_rect(number)
    header = view.delegate.header_rect(view.model().row(number), rect)
    assert header.isValid()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=header.center())


def test_markdown_is_rendered_and_raw_html_is_only_text(
    shown: Callable[..., MainWindow],
) -> None:
    t = Transcript(session_id=str(uuid.uuid4()), cwd=CWD)
    t.prompt("is <b>this</b> bold? <img src=x onerror=alert(3)>")
    t.reply(text(MARKDOWN))
    window = shown(t)
    (prompt,) = rows_of(window, RowKind.PROMPT)
    (reply,) = rows_of(window, RowKind.REPLY)

    said = document(window, prompt)
    assert "is <b>this</b> bold? <img src=x onerror=alert(3)>" in said.toPlainText()
    assert "<img" not in said.toHtml() and "&lt;img" in said.toHtml()
    doc = document(window, reply)
    plain = doc.toPlainText()
    assert "<script>alert(1)</script>" in plain and "<b>raw tags</b>" in plain
    assert "<script" not in doc.toHtml()
    formats = list(fragments(doc))
    assert any(t == "bold words" and f.fontWeight() >= 600 for t, f in formats)  # type: ignore[attr-defined]
    assert doc.begin().text() == "Plan" and doc.begin().blockFormat().headingLevel() == 1
    code = [f for t, f in formats if t.startswith("def")]
    assert code and code[0].foreground().color().name() != "#000000"  # type: ignore[attr-defined]
    assert any("Mono" in " ".join(f.fontFamilies() or []) for t, f in formats if "greet" in t)  # type: ignore[attr-defined]
    links = {f.anchorHref() for _t, f in formats if f.isAnchor()}  # type: ignore[attr-defined]
    assert links == {"https://example.com/docs"}
    assert "a trap" in plain


def test_tool_cards_are_closed_and_open_to_show_input_and_result(
    shown: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = shown(tool_session(CWD))
    model = browser(window).panel.model
    assert [k.value for k in model.kinds()] == ["prompt", "reply", "tool", "tool", "reply"]
    read, bash = rows_of(window, RowKind.TOOL)
    assert not model.row(read).expanded
    assert model.row(read).result is not None and "xylophone" in model.row(read).result.text

    click_header(qtbot, window, read)
    assert model.row(read).expanded
    opened = document(window, read).toPlainText()
    assert f"{CWD}/notes.md" in opened and "the magic word is xylophone" in opened
    click_header(qtbot, window, bash)
    failed = document(window, bash)
    assert "Error" in failed.toPlainText() and "AssertionError: 1 != 2" in failed.toPlainText()
    assert "#b91c1c" in failed.toHtml().lower()  # the failure is shown in red
    click_header(qtbot, window, read)
    assert not model.row(read).expanded


def test_thinking_subagents_and_compaction_of_a_real_cli_transcript(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow], qtbot: QtBot
) -> None:
    config = tmp_path / ".claude-real"
    shutil.copytree(REAL, config)
    hub.accounts.add("real", str(config), AuthKind.LOGIN)
    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    open_session(qtbot, window, "real", REAL_COMPACTED)
    model = browser(window).panel.model
    kinds = [k.value for k in model.kinds()]
    assert kinds[:2] == ["prompt", "thinking"]
    assert "divider" in kinds and "summary" in kinds
    assert kinds.index("divider") < kinds.index("summary")
    (think,) = rows_of(window, RowKind.THINKING)
    assert not model.row(think).expanded  # thinking starts closed
    agent = next(
        n for n in rows_of(window, RowKind.TOOL) if model.row(n).message.tool_name == "Agent"
    )
    assert [m.text for m in model.row(agent).subagent or () if m.text] == [
        "list things",
        "all done",
    ]
    model.set_expanded(agent, True)
    assert "all done" in document(window, agent).toPlainText()
    # the subagent's messages live in the card, not in the main thread
    assert not any(model.row(n).message.text == "all done" for n in range(model.rowCount()))


def test_a_damaged_file_shows_a_banner_and_every_readable_message(
    shown: Callable[..., MainWindow],
) -> None:
    t = Transcript(session_id=str(uuid.uuid4()), cwd=CWD)
    t.prompt("first question")
    t.reply(text("first answer"))
    t.prompt("second question")
    t.reply(thinking("hmm"), text("second answer"))
    good = t.dumps().split(b"\n")
    window = shown(t, raw=b"\n".join([*good[:2], b'{"type":"user","message":', *good[2:]]))
    panel = browser(window).panel
    assert panel.banner.isVisible()
    banner = panel.banner_label.text()
    assert "could not be read" in banner and "not valid JSON" in banner
    texts = [panel.model.row(n).message.text for n in range(panel.model.rowCount())]
    assert texts == ["first question", "first answer", "second question", "hmm", "second answer"]


def test_a_damaged_files_banner_counts_what_it_lists_in_the_windows_language(
    shown: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    t = Transcript(session_id=str(uuid.uuid4()), cwd=CWD)
    t.prompt("first question")
    t.reply(text("first answer"))
    good = t.dumps().split(b"\n")
    broken = [good[0], b'{"type":"user","message":', good[1], b"[1, 2]", *good[2:]]
    window = shown(t, raw=b"\n".join(broken))
    panel = browser(window).panel
    banner = panel.banner_label.text()
    assert "2 lines of this transcript could not be read" in banner, banner  # as many as listed
    assert "Line 2: not valid JSON" in banner and "Line 4: JSON, but not an object" in banner
    window.set_language("es")
    qtbot.waitUntil(lambda: "Línea 2" in panel.banner_label.text())
    banner = panel.banner_label.text()
    assert "2 líneas de esta transcripción no se pudieron leer" in banner, banner
    assert "JSON" in banner and "invalid" not in banner and "not an object" not in banner
    window.set_language("zh_CN")
    qtbot.waitUntil(lambda: "第 2 行" in panel.banner_label.text())
    assert "2 行" in panel.banner_label.text()
    window.set_language("en")


def test_selected_rows_are_copied_as_text(shown: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = shown(tool_session(CWD))
    view = browser(window).panel.view
    view.setFocus()
    view.select_row(0)
    view.select_row(1, extend=True)
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    copied = QGuiApplication.clipboard().text()
    assert copied == "read the notes and run the tests\n\nReading them."


def paint(qtbot: QtBot, view: TranscriptView) -> None:
    """Let the view paint once more (an offscreen window paints on the event loop)."""
    done = view.paints
    view.viewport().update()
    qtbot.waitUntil(lambda: view.paints > done, timeout=5000)


def huge_messages(count: int) -> list[Message]:
    out = []
    for number in range(count // 2):
        out.append(Message(Role.USER, f"question {number}: " + "word " * (number % 40),
                           uuid=f"u{number}", timestamp="2026-03-01T09:00:00.000Z"))  # fmt: skip
        out.append(Message(Role.ASSISTANT, f"answer {number}\n\n```python\nprint({number})\n```",
                           uuid=f"a{number}", timestamp="2026-03-01T09:00:01.000Z"))  # fmt: skip
    return out


def test_a_50000_message_session_is_virtualised(qapp: QApplication, qtbot: QtBot) -> None:
    # how fast this is belongs to bench/; here: only what is on screen gets built
    messages = huge_messages(50_000)
    rows, builder = build_rows(messages)
    model = TranscriptModel()
    model.set_rows(rows, builder)
    view = TranscriptView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.setModel(model)
    view.show()
    qtbot.waitExposed(view)
    view.scroll_to_bottom()
    paint(qtbot, view)
    assert model.rowCount() == 50_000
    built = view.delegate.documents_built
    assert 0 < built < 60, built  # only what the viewport shows
    assert view.painted.stop == 50_000 and len(view.painted) < 40

    # scrolling through the middle renders only what passes by
    bar = view.verticalScrollBar()
    for fraction in (0.1, 0.3, 0.5, 0.7, 0.9):
        bar.setValue(int(bar.maximum() * fraction))
        paint(qtbot, view)
    assert view.delegate.documents_built < 400
    assert 40_000 < view.painted.start < 50_000  # the last jump went to 90%


def test_markdown_made_ahead_on_a_thread_is_what_the_rows_show(
    qapp: QApplication, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first screen's Markdown is made on the reading's thread; the documents
    the window then lays out are the ones it would have made itself."""
    messages = [
        Message(Role.USER, "# Title\n\n`code` and **bold**", uuid="u1"),
        Message(Role.ASSISTANT, "```python\nprint(1)\n```\n\nplain *words*", uuid="a1"),
    ]
    view = TranscriptView()
    qtbot.addWidget(view)
    delegate = view.delegate
    rows, _ = build_rows(messages)
    wanted = [delegate.document(row, 700).toHtml() for row in rows]
    made: list[str] = []
    real = render.markdown_html
    monkeypatch.setattr(render, "markdown_html", lambda *a, **k: made.append(a[0]) or real(*a, **k))

    rows, _ = build_rows(messages)  # new rows: nothing kept from the first ones
    worker = threading.Thread(target=delegate.prepare, args=(rows,))
    worker.start()
    worker.join()
    assert len(made) == 2
    assert [delegate.document(row, 700).toHtml() for row in rows] == wanted
    assert len(made) == 2  # taken, not made again

    # made for another theme: not used
    rows, _ = build_rows(messages)
    delegate.prepare(rows)
    dark = QPalette()
    dark.setColor(QPalette.ColorRole.Base, QColor("#202020"))
    delegate.configure(dark, delegate.font)
    assert delegate.dark
    made.clear()
    [delegate.document(row, 700) for row in rows]
    assert len(made) == 2


def test_times_formatted_ahead_on_a_thread_are_what_the_rows_show(
    qapp: QApplication, qtbot: QtBot
) -> None:
    """A first screen's times are formatted on the reading's thread (the first
    formatting loads the zone and locale data); the paint takes them from the
    cache, the same text the window's thread would have made."""
    stamps = ["2024-03-05T09:15:00.250Z", "2019-11-30T23:59:59Z"]
    messages = [
        Message(Role.USER, "hello", uuid="u1", timestamp=stamps[0]),
        Message(Role.ASSISTANT, "hi", uuid="a1", timestamp=stamps[1]),
    ]
    view = TranscriptView()
    qtbot.addWidget(view)
    rows, _ = build_rows(messages)
    transcript_paint._format_time.cache_clear()
    wanted = [transcript_paint._format_time.__wrapped__(s, QLocale().name()) for s in stamps]
    assert all(short for short, _full in wanted)

    worker = threading.Thread(target=view.delegate.prepare, args=(rows,))
    worker.start()
    worker.join()
    assert transcript_paint._format_time.cache_info().currsize == 2
    assert [transcript_paint.format_time(s) for s in stamps] == wanted
    assert transcript_paint._format_time.cache_info().misses == 2  # the paint's were hits


def empty_view(qtbot: QtBot) -> tuple[TranscriptModel, TranscriptView]:
    """A shown 700 × 500 view over an empty model."""
    model = TranscriptModel()
    view = TranscriptView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.setModel(model)
    view.show()
    qtbot.waitExposed(view)
    return model, view


def test_rows_can_be_appended_and_updated_in_place(qapp: QApplication, qtbot: QtBot) -> None:
    model, view = empty_view(qtbot)
    prompt_key = model.append_message(Message(Role.USER, "go", uuid="p1"))
    reply_key = model.append_message(Message(Role.ASSISTANT, "Work", uuid="r1"))
    card_key = model.append_message(
        Message(
            Role.TOOL_USE, tool_name="Bash", input={"command": "ls"}, tool_use_id="t1", uuid="c1"
        )
    )
    assert (prompt_key, reply_key, card_key) == ("p1", "r1", "tool:t1")
    assert model.row(2).result is None
    # the result fills in the card instead of adding a row
    assert (
        model.append_message(Message(Role.TOOL_RESULT, "a.txt", tool_use_id="t1", uuid="x1"))
        == card_key
    )
    assert model.rowCount() == 3 and model.row(2).result.text == "a.txt"
    assert model.row_of_uuid("x1") == 2
    paint(qtbot, view)
    before = model.row(1).revision
    assert model.update_message(
        reply_key, Message(Role.ASSISTANT, "Working on it, done.", uuid="r1")
    )
    assert model.row(1).revision > before
    paint(qtbot, view)
    doc = view.delegate.document(model.row(1), view.viewport().width())
    assert doc.toPlainText() == "Working on it, done."
    assert not model.update_message("nope", Message(Role.ASSISTANT, "x"))
    assert view.is_at_bottom()  # new rows kept the view at the end
    view.select_row(0)
    long = "\n\n".join(f"paragraph {n} of a reply still coming in" for n in range(80))
    assert model.append_message(Message(Role.ASSISTANT, "", uuid="r2")) is None  # nothing yet
    streaming = model.append_message(Message(Role.ASSISTANT, "Para", uuid="r2"))
    for end in (20, 400, len(long)):
        model.update_message(streaming, Message(Role.ASSISTANT, long[:end], uuid="r2"))
        paint(qtbot, view)
        assert view.is_at_bottom() and view.painted.stop == model.rowCount()
    assert view.selected_rows() == [0]  # streaming kept what the reader had selected


def on_screen(view: TranscriptView) -> QImage:
    """The viewport's pixels as the window's backing store holds them (what a paint
    left there), not a fresh rendering as `grab()` would make."""
    viewport = view.viewport()
    origin = viewport.mapTo(view.window(), QPoint(0, 0))
    screen = QGuiApplication.primaryScreen()
    return screen.grabWindow(view.window().winId(), origin.x(), origin.y(),
                             viewport.width(), viewport.height()).toImage()  # fmt: skip


def test_a_reply_growing_at_the_end_repaints_only_itself(qapp: QApplication, qtbot: QtBot) -> None:
    """The rows above a streaming reply move up as drawn; only the reply is painted
    again, and the screen is what a whole repaint would show."""
    model, view = empty_view(qtbot)
    for number in range(8):
        model.append_message(Message(Role.USER, f"question {number}", uuid=f"q{number}"))
        model.append_message(Message(Role.ASSISTANT, f"answer {number} " + "word " * 30,
                                     uuid=f"a{number}"))  # fmt: skip
    key = model.append_message(Message(Role.ASSISTANT, "The reply", uuid="r"))
    paint(qtbot, view)
    assert key is not None and view.is_at_bottom()
    whole = view.viewport().rect()
    for words in (20, 60, 61, 140):
        done = view.paints
        model.update_message(key, Message(Role.ASSISTANT, "The reply " + "grows " * words,
                                          uuid="r"))  # fmt: skip
        qtbot.waitUntil(lambda done=done: view.paints > done, timeout=5000)
        reply = view.visual_rect(model.rowCount() - 1)
        assert view.is_at_bottom()
        assert view.painted_area.top() >= reply.top() > 0, (view.painted_area, reply)
        assert view.painted_area.height() < whole.height()
        partial = on_screen(view)
        paint(qtbot, view)  # the whole viewport drawn again
        assert view.painted_area == whole
        assert on_screen(view) == partial


def anchor_point(window: MainWindow, number: int, href: str) -> QPoint:
    """Where the link to `href` is drawn in the view (row `number` must be on screen)."""
    view = browser(window).panel.view
    view.scroll_to_row(number)
    row = view.model().row(number)
    rect = view.visual_rect(number)
    doc = view.delegate.document(row, rect.width())
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().anchorHref() == href:
                offset = fragment.position() - block.position() + 1
                line = block.layout().lineForTextPosition(offset)
                x, _ = line.cursorToX(offset)
                top = doc.documentLayout().blockBoundingRect(block).top() + line.y()
                origin = view.delegate.body_origin(row, rect)
                return QPoint(int(origin.x() + x), int(origin.y() + top + line.height() / 2))
            it += 1
        block = block.next()
    raise AssertionError(f"no link to {href}")


def test_only_web_links_open_and_only_when_clicked(
    shown: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toString()))
    t = Transcript(session_id=str(uuid.uuid4()), cwd=CWD)
    t.prompt("links please")
    t.reply(text(MARKDOWN))
    window = shown(t)
    assert opened == []  # showing a transcript opens nothing
    (reply,) = rows_of(window, RowKind.REPLY)
    view = browser(window).panel.view
    point = anchor_point(window, reply, "https://example.com/docs")
    with qtbot.waitSignal(view.link_activated) as clicked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert clicked.args == ["https://example.com/docs"]
    assert opened == ["https://example.com/docs"]


def test_the_keyboard_moves_through_rows_and_opens_cards(
    shown: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = shown(tool_session(CWD))
    view = browser(window).panel.view
    model = view.model()
    view.setFocus()
    view.scroll_to_row(0)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    view.select_row(0)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.selected_rows() == [2] and model.row(2).kind is RowKind.TOOL
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert model.row(2).expanded
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert not model.row(2).expanded


def test_a_lost_line_leaves_a_gap_divider_and_keeps_what_came_before(
    shown: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    t = Transcript(session_id=str(uuid.uuid4()), cwd=CWD)
    t.prompt("before the gap")
    t.reply(text("answer before"))
    t.prompt("after the gap")
    t.reply(text("answer after"))
    lines = t.dumps().split(b"\n")
    del lines[1]  # the first reply's line: the next prompt's parent is gone
    window = shown(t, raw=b"\n".join(lines))
    model = browser(window).panel.model
    texts = [(model.row(n).kind.value, model.row(n).message.text) for n in range(model.rowCount())]
    assert texts[0] == ("prompt", "before the gap")
    assert ("divider", "Part of the transcript could not be read here.") in texts
    assert texts[-1] == ("reply", "answer after")
    view = browser(window).panel.view
    divider = next(n for n, (kind, _t) in enumerate(texts) if kind == "divider")
    view.scroll_to_row(divider)
    paint(qtbot, view)
    assert divider in view.painted
