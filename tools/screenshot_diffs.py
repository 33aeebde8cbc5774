"""Pictures of an edit waiting for an answer: its diff in the tool card and the permission card.

    scripts/with-keyring dbus-run-session -- .venv/bin/python tools/screenshot_diffs.py

Builds the window offscreen over a throwaway home with the made-up accounts of
tools/screenshot.py, continues the main session from the composer with the
real claude (against the test rig's fake API), which reads config.py and asks
to Edit it; with the Edit's card opened in the transcript and its question
pinned above the composer, saves docs/diff-card-light.png and denies the edit;
then the same from a window started dark, docs/diff-card-dark.png.
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
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication

from desktop.app import build_window
from desktop.compose import open_services
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import FakeAPI, Reply

DOCS = shots.ROOT / "docs"
PROMPT = "Apply that fix to config.py."
OLD = 'def parse_config(path):\n    with open(path, "rb") as handle:\n'
OLD_END = '    return data["server"]["port"]\n'
NEW = 'def parse_config(path: str) -> int:\n    with open(path, "rb") as handle:\n'
NEW_END = '    return data.get("server", {}).get("port", 8080)\n'
MIDDLE = "        data = tomllib.load(handle)\n"


async def until(check: object, timeout: float = shots.WAIT_S) -> None:
    deadline = time.monotonic() + timeout
    while not check() and time.monotonic() < deadline:  # type: ignore[operator]
        await asyncio.sleep(0.05)


async def edit_waiting(window: object, api: FakeAPI, config: Path, theme: str) -> None:
    edit = {"file_path": str(config), "old_string": OLD + MIDDLE + OLD_END,
            "new_string": NEW + MIDDLE + NEW_END}  # fmt: skip
    api.enqueue(
        Reply.tool_use("Read", {"file_path": str(config)}),
        Reply.tool_use("Edit", edit, text="I'll apply the fix to `parse_config`."),
        Reply.text("Left as it was."),
    )
    desk = window.runs  # type: ignore[attr-defined]
    desk.composer.prompt.setPlainText(PROMPT)
    desk.send()
    await until(lambda: any(c.request.tool_name == "Edit" for c in desk.cards.pending()))
    model = desk.panel.model
    await until(lambda: any(r.message.tool_name == "Edit" for r in model.rows()))
    for number, row in enumerate(model.rows()):
        if row.kind is RowKind.TOOL and row.message.tool_name in ("Edit", "Read"):
            model.set_expanded(number, row.message.tool_name == "Edit")
    desk.panel.view.scroll_to_bottom()
    window.status_bar.clearMessage()  # type: ignore[attr-defined]
    await asyncio.sleep(0.6)  # the badge spins, the rows settle
    desk.panel.view.scroll_to_bottom()
    await asyncio.sleep(0.2)
    path = DOCS / f"diff-card-{theme}.png"
    if not window.grab().save(str(path)):  # type: ignore[attr-defined]
        raise SystemExit(f"error: could not write {path}")
    print(path)
    for card in desk.cards.pending():
        card.deny_button.click()
    await until(lambda: not desk.controller.streaming())


def shoot(app: QApplication, theme: str) -> None:
    """One picture, from a window started in `theme` (as a person's next start would be)."""
    with tempfile.TemporaryDirectory(prefix="sessiondesk-shot-") as tmp, FakeAPI() as api:
        sessions = sample.make_sessions(Path(tmp) / "made")
        config = Path(tmp) / "made" / "src" / "config-parser" / "config.py"
        config.write_text(sample.CONFIG_PY, encoding="utf-8")
        home = Path(tmp) / "home"
        home.mkdir()
        os.environ["CLAUDE_CONFIG_DIR"] = str(Path(tmp) / "no-default")
        hub = open_services(home)
        try:
            if not shots.add_accounts(hub, sessions, api.url, Path(tmp)):
                raise SystemExit("error: a turn needs the claude CLI and a keyring")
            hub.settings.set("ui.theme", theme)
            window = build_window(hub)
            window.resize(*shots.SIZE)
            window.show()
            window.default_layout()
            shots.show_session(window, sessions)
            loop = qasync.QEventLoop(app)
            asyncio.set_event_loop(loop)
            loop.run_until_complete(edit_waiting(window, api, config, theme))
            window.close()
            asyncio.set_event_loop(None)
            loop.close()
            # gone before its home is: the next picture's window must not reach this database
            window.deleteLater()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            QCoreApplication.processEvents()
        finally:
            hub.close()


def main() -> int:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    for theme in ("light", "dark"):
        shoot(app, theme)
    return 0


if __name__ == "__main__":
    sys.exit(main())
