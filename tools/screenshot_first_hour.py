"""Pictures of a newcomer's first hour: a first reply of three paragraphs, a session's menu.

    scripts/with-keyring dbus-run-session -- .venv/bin/python tools/screenshot_first_hour.py

Builds the window offscreen over a throwaway home with the made-up accounts of
tools/screenshot.py, sends a new conversation's first prompt from the
composer to the real claude (against the test rig's fake API), waits for the
reply to be read back from disk, and saves docs/first-reply.png; then opens
the new session's right-click menu and saves docs/context-menu.png (an
offscreen menu is its own window, so it is painted onto the window's picture
where it opened). The first-run picture is `tools/screenshot.py --no-accounts`.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import qasync
import screenshot as shots
import screenshot_sessions as sample
from PySide6.QtCore import QPoint
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication

from desktop.app import build_window
from desktop.compose import open_services
from tests.rig.fakeapi import FakeAPI, Reply

DOCS = shots.ROOT / "docs"
PROMPT = "How does the Esk reach the sea? Three short paragraphs, please."
REPLY = (
    "The **Esk** rises on the North York Moors above Westerdale, as a few peaty becks "
    "that meet in the valley.\n\n"
    "It runs east through Danby, Glaisdale and Grosmont, gathering side streams and "
    "passing under old stone bridges on the way.\n\n"
    "At Whitby it widens into a harbour and meets the North Sea between the two piers."
)


async def until(check: object, timeout: float = shots.WAIT_S) -> None:
    deadline = time.monotonic() + timeout
    while not check() and time.monotonic() < deadline:  # type: ignore[operator]
        await asyncio.sleep(0.05)


async def first_reply(window: object, api: FakeAPI) -> None:
    api.enqueue(Reply.text(REPLY, chunks=6, delay=0.05))
    desk = window.runs  # type: ignore[attr-defined]
    window.commands.new_conversation.trigger()  # type: ignore[attr-defined]
    desk.composer.prompt.setPlainText(PROMPT)
    desk.send()
    await until(lambda: desk.controller.runs)
    live = desk.controller.runs[-1]
    await until(lambda: not live.streaming)
    panel = desk.panel
    await until(lambda: panel.current() is not None and desk.presenter.shown() is None
                and not panel.is_loading())  # fmt: skip
    await asyncio.sleep(0.6)
    window.status_bar.clearMessage()  # type: ignore[attr-defined]
    save(window.grab(), DOCS / "first-reply.png")  # type: ignore[attr-defined]


async def context_menu(window: object) -> None:
    browser = window.sessions  # type: ignore[attr-defined]
    view = browser.pane.view
    index = view.currentIndex()
    record = browser.pane.selected_record()
    if record is None:
        raise SystemExit("error: no session is chosen for the menu")
    where = view.visualRect(index).center() + QPoint(40, 0)
    menu = browser.menu.build(record)
    at = view.viewport().mapTo(window, where)  # type: ignore[arg-type]
    menu.popup(view.viewport().mapToGlobal(where))
    await asyncio.sleep(0.3)
    picture = window.grab()  # type: ignore[attr-defined]
    painter = QPainter(picture)
    painter.drawPixmap(at, menu.grab())
    painter.end()
    menu.close()
    save(picture, DOCS / "context-menu.png")


def save(picture: object, path: Path) -> None:
    if not picture.save(str(path)):  # type: ignore[attr-defined]
        raise SystemExit(f"error: could not write {path}")
    print(path)


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    with tempfile.TemporaryDirectory(prefix="sessiondesk-shot-") as tmp, FakeAPI() as api:
        sessions = sample.make_sessions(Path(tmp) / "made")
        home = Path(tmp) / "home"
        home.mkdir()
        os.environ["CLAUDE_CONFIG_DIR"] = str(Path(tmp) / "no-default")
        hub = open_services(home)
        try:
            if not shots.add_accounts(hub, sessions, api.url, Path(tmp)):
                raise SystemExit("error: a turn needs the claude CLI and a keyring")
            window = build_window(hub)
            window.resize(*shots.SIZE)
            window.show()
            window.splitter.setSizes([shots.LEFT, shots.SIZE[0] - shots.LEFT])
            shots.show_session(window, sessions)
            loop = qasync.QEventLoop(app)
            asyncio.set_event_loop(loop)
            loop.run_until_complete(first_reply(window, api))
            loop.run_until_complete(context_menu(window))
            window.close()
            asyncio.set_event_loop(None)
            loop.close()
        finally:
            hub.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
