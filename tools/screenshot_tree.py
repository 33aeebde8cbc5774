"""Pictures of the conversation pane: the execution tree with a fork and a
failed node, and two branches compared side by side.

    scripts/with-keyring dbus-run-session -- .venv/bin/python tools/screenshot_tree.py

Made-up accounts and sessions as in tools/screenshot.py; the turns are sent
from the window by the real claude CLI against the test rig's fake Messages
API (the failed one is the API refusing the request). Needs the CLI and a
keyring; writes docs/conversation-tree.png and docs/compare.png.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from screenshot import WAIT_S, add_accounts, show_session  # noqa: E402
from screenshot_sessions import make_sessions  # noqa: E402

from desktop.app import build_window  # noqa: E402
from desktop.compose import open_services  # noqa: E402
from tests.rig.fakeapi import FakeAPI, Reply  # noqa: E402

SIZE = (1440, 820)
TURNS = [
    ("Add a test for an empty config file.",
     "Added `test_empty_config`: an empty file now raises `ConfigError` with a clear message."),
    ("Instead, make an empty file give the defaults.",
     "Done: `parse_config` returns `DEFAULTS` for an empty file, and the test checks that."),
    ("Run the whole suite now.", "All 14 tests pass, the new one included."),
]  # fmt: skip


async def until(check: object, timeout: float = WAIT_S) -> None:
    deadline = time.monotonic() + timeout
    while not check() and time.monotonic() < deadline:  # type: ignore[operator]
        await asyncio.sleep(0.05)


async def send(window: object, prompt: str) -> None:
    desk = window.runs  # type: ignore[attr-defined]
    count = len(desk.controller.runs)
    desk.composer.prompt.setPlainText(prompt)
    desk.send()
    await until(lambda: len(desk.controller.runs) > count and not desk.starting)
    await until(lambda: not desk.controller.streaming(), 60)
    await asyncio.sleep(0.6)  # listed, chosen and read back


async def pictures(window: object, api: FakeAPI, out: Path) -> None:
    pane = window.conversation  # type: ignore[attr-defined]
    (first_prompt, first), (fork_prompt, forked), (next_prompt, reply) = TURNS
    api.enqueue(Reply.text(first))
    await send(window, first_prompt)
    first_id = pane.current_execution().id
    pane.tree.setCurrentIndex(pane.model.index_of(first_id))
    pane.fork_selected()
    api.enqueue(Reply.text(forked))
    await send(window, fork_prompt)
    fork_id = max(pane.model.executions(), key=lambda e: e.started).id
    pane.tree.setCurrentIndex(pane.model.index_of(fork_id))
    pane.continue_selected()
    refusal = "prompt is too long: 212000 tokens > 200000 maximum"
    api.enqueue(Reply.error(400, message=refusal), times=None)  # however often claude asks
    await send(window, "And document the defaults in the README.")
    api.reset()
    pane.tree.setCurrentIndex(pane.model.index_of(first_id))
    pane.continue_selected()
    api.enqueue(Reply.text(reply))
    await send(window, next_prompt)
    head = max(pane.model.executions(), key=lambda e: e.started)
    pane.tree.setCurrentIndex(pane.model.index_of(head.id))
    await asyncio.sleep(0.8)
    window.status_bar.clearMessage()  # type: ignore[attr-defined]
    window.grab().save(str(out / "conversation-tree.png"))  # type: ignore[attr-defined]
    selection = pane.tree.selectionModel()
    selection.select(pane.model.index_of(fork_id),
                     selection.SelectionFlag.Select | selection.SelectionFlag.Rows)  # fmt: skip
    dialog = pane.compare_selected()
    dialog.resize(980, 560)
    await asyncio.sleep(0.4)
    dialog.grab().save(str(out / "compare.png"))
    dialog.close()


def take(
    pictures: Callable[[object, FakeAPI, Path], Awaitable[None]],
    size: tuple[int, int] = SIZE,
    panes: tuple[int, int, int] = (320, 580, 540),
) -> Path:
    """Run `pictures` on a window over made-up accounts, turns answered by the fake
    API; the pictures go to the returned folder (docs/)."""
    app = QApplication.instance() or QApplication([sys.argv[0]])
    out = ROOT / "docs"
    with tempfile.TemporaryDirectory(prefix="sessiondesk-tree-") as tmp, FakeAPI() as api:
        sessions = make_sessions(Path(tmp) / "claude-made", real=True)
        home = Path(tmp) / "home"
        home.mkdir()
        os.environ["CLAUDE_CONFIG_DIR"] = str(Path(tmp) / "no-default")
        hub = open_services(home)
        try:
            if not add_accounts(hub, sessions, api.url, Path(tmp)):
                raise SystemExit("error: needs the claude CLI and a keyring (scripts/with-keyring)")
            window = build_window(hub)
            window.resize(*size)
            window.show()
            window.splitter.setSizes(list(panes))
            show_session(window, sessions)
            loop = qasync.QEventLoop(app)
            asyncio.set_event_loop(loop)
            loop.run_until_complete(pictures(window, api, out))
            window.close()
        finally:
            hub.close()
    return out


def main() -> int:
    out = take(pictures)
    print(out / "conversation-tree.png", out / "compare.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
