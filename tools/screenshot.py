"""Look at the window as a person would: build it offscreen and save a PNG.

    python tools/screenshot.py                       # docs/screenshot.png, English
    python tools/screenshot.py out.png --language es
    python tools/screenshot.py --all                 # English, first run, es, zh_CN
    python tools/screenshot.py --synthetic           # without the claude CLI
    python tools/screenshot.py out.png --language es --theme dark
    python tools/screenshot.py out.png --palette     # with the command palette open
    python tools/screenshot.py --matrix --synthetic  # docs/window-*.png: 800x560 and
                                                     # 1600x1000, light and dark, en/es/zh_CN

The window runs over a throwaway home with two made-up accounts, so the
picture never shows anything of the machine it was taken on. Their sessions
are written by the real claude CLI, driven against the test rig's fake
Messages API (tests/rig/): a Read and a Bash call that really run, a reply with
a code block, a second turn in Chinese. Without the CLI (or with
--synthetic) the same conversation is written in the CLI's on-disk format.

With the CLI and a working keyring (run it under scripts/with-keyring in a
D-Bus session), the picture also shows a turn in flight: sent from the
composer, its reply streamed, and its Bash call waiting on a permission card.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import qasync  # noqa: E402
from PySide6.QtCore import QCoreApplication, QEvent  # noqa: E402  (the platform must be set first)
from PySide6.QtWidgets import QApplication  # noqa: E402
from screenshot_sessions import Sessions, make_sessions  # noqa: E402

from desktop.app import build_window  # noqa: E402
from desktop.compose import open_services  # noqa: E402
from desktop.domain.accounts import AuthKind  # noqa: E402
from desktop.domain.errors import SessiondeskError  # noqa: E402
from desktop.domain.settings import LANGUAGES, THEMES  # noqa: E402
from desktop.ui.transcript.transcript_rows import RowKind  # noqa: E402
from tests.rig.fakeapi import FakeAPI, Reply  # noqa: E402
from tests.ui.layout_kit import TOKENS, record_conversation  # noqa: E402

SIZE = (1200, 760)
MATRIX_SIZES = ((800, 560), (1600, 1000))
MATRIX_THEMES = ("light", "dark")
WAIT_S = 20.0

LIVE_PROMPT = "Run the config tests to be sure the fix holds."
LIVE_TEXT = "I'll run the config tests against the fixed parser."
LIVE_COMMAND = "python3 -m pytest -q tests/test_config.py"


def settle(done: object, timeout: float = WAIT_S) -> None:
    """Run the event loop until `done()` is true (indexing and loading are threaded)."""
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:  # type: ignore[operator]
        QCoreApplication.processEvents()
        time.sleep(0.01)
    for _ in range(5):  # the last layouts and paints
        QCoreApplication.processEvents()


def shoot(
    output: Path,
    language: str,
    sessions: Sessions | None,
    *,
    theme: str = "system",
    palette: str | None = None,
    size: tuple[int, int] = SIZE,
    conversation: bool = False,
) -> Path:
    """One picture; `palette` opens the command palette with that text typed."""
    with tempfile.TemporaryDirectory(prefix="sessiondesk-shot-") as tmp, FakeAPI() as api:
        home = Path(tmp) / "home"
        home.mkdir()
        # keep the machine's own ~/.claude out of the picture
        os.environ["CLAUDE_CONFIG_DIR"] = str(Path(tmp) / "no-default")
        hub = open_services(home)
        try:
            live = add_accounts(hub, sessions, api.url, Path(tmp)) if sessions else False
            live = live and palette is None and not conversation
            if conversation and sessions is not None:  # turns run from the app: tree, chart
                record_conversation(home, sessions.main_account, sessions.main_id, TOKENS)
            hub.settings.set("language", language)
            hub.settings.set("ui.theme", theme)
            window = build_window(hub)
            window.resize(*size)
            window.show()
            window.default_layout()  # as a first start on a screen of this size lays it out
            if sessions is not None:
                show_session(window, sessions)
            if palette is not None:
                window.command_palette.open()
                window.command_palette.edit.setText(palette)
            settle(lambda: True, 0)
            output.parent.mkdir(parents=True, exist_ok=True)
            if live:
                loop = qasync.QEventLoop(QApplication.instance())
                asyncio.set_event_loop(loop)
                loop.run_until_complete(turn_in_flight(window, api, output))
                asyncio.set_event_loop(None)
                loop.close()
            elif not window.grab().save(str(output)):
                raise SystemExit(f"error: could not write {output}")
            window.close()
            if window.translations is not None:
                window.translations.apply("en")  # the next shot starts from English
            # gone before its home is: a later shot's language change reaches every live
            # window, and this one's database no longer exists (it is never made again)
            window.deleteLater()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            QCoreApplication.processEvents()
        finally:
            hub.close()
    return output


def add_accounts(hub: object, sessions: Sessions, api_url: str, folder: Path) -> bool:
    """Register copies of the accounts; True when the main one can run a turn (key in the
    keyring). Copies, so the turn one picture shows is not in the next one's transcript."""
    live = False
    for name, original in sessions.accounts.items():
        config = shutil.copytree(original, folder / "claude" / name, symlinks=True)
        key = sessions.keys.get(name)
        try:
            if key is None:
                raise SessiondeskError("no key")
            hub.accounts.add(name, str(config), AuthKind.API_KEY, key)  # type: ignore[attr-defined]
            live = live or name == sessions.main_account
        except SessiondeskError:  # no keyring here: the picture shows no turn in flight
            hub.accounts.add(name, str(config), AuthKind.LOGIN)  # type: ignore[attr-defined]
    if live:
        os.environ.update(sessions.shell, ANTHROPIC_BASE_URL=api_url)
    return live


async def turn_in_flight(window: object, api: FakeAPI, output: Path) -> None:
    """Send a turn from the composer and take the picture while its Bash call waits."""
    api.enqueue(
        Reply.tool_use("Bash", {"command": LIVE_COMMAND, "description": "Run the config tests"},
                       text=LIVE_TEXT, chunks=4),
        Reply.text("Understood: I will leave the tests to you."),
    )  # fmt: skip
    desk = window.runs  # type: ignore[attr-defined]
    desk.composer.prompt.setPlainText(LIVE_PROMPT)
    desk.send()
    deadline = time.monotonic() + WAIT_S
    while not desk.cards.pending() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    desk.panel.view.scroll_to_bottom()
    window.status_bar.clearMessage()  # type: ignore[attr-defined]
    await asyncio.sleep(0.5)  # the badge spins, the rows settle
    if not window.grab().save(str(output)):  # type: ignore[attr-defined]
        raise SystemExit(f"error: could not write {output}")
    for card in desk.cards.pending():
        card.deny_button.click()
    while desk.controller.streaming() and time.monotonic() < deadline + WAIT_S:
        await asyncio.sleep(0.05)


def show_session(window: object, sessions: Sessions) -> None:
    browser = window.sessions  # type: ignore[attr-defined]
    pane, panel = browser.pane, browser.panel
    settle(lambda: pane.source.rowCount() >= sessions.count and not browser.indexer.running())
    pane.select_session(sessions.main_account, sessions.main_id)
    settle(
        lambda: panel.current() is not None and not panel.is_loading() and panel.model.rowCount()
    )
    model = panel.model
    for number in range(model.rowCount()):
        row = model.row(number)
        if row.kind is RowKind.TOOL and row.message.tool_name == "Read":
            model.set_expanded(number, True)
    panel.view.scroll_to_row(0)
    window.status_bar.clearMessage()  # type: ignore[attr-defined]
    deadline = time.monotonic() + 0.4  # the list's counts are refreshed after a pause
    settle(lambda: time.monotonic() > deadline)


def _size(text: str) -> tuple[int, int]:
    width, _x, height = text.lower().partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--language", choices=list(LANGUAGES), default="en")
    parser.add_argument("--no-accounts", action="store_true", help="the first-run window")
    parser.add_argument("--all", action="store_true", help="every language and the first run")
    parser.add_argument("--synthetic", action="store_true", help="do not run the claude CLI")
    parser.add_argument("--theme", choices=list(THEMES), default="system")
    parser.add_argument("--palette", metavar="TEXT", help="open the command palette, TEXT typed")
    parser.add_argument("--size", type=_size, default=SIZE, metavar="WxH", help="the window's size")
    parser.add_argument("--matrix", action="store_true",
                        help="docs/window-WxH-LANG-THEME.png for the README's table")  # fmt: skip
    args = parser.parse_args(argv)
    _app = QApplication.instance() or QApplication([sys.argv[0]])
    shots = [(args.output, args.language, not args.no_accounts)]
    if args.all:
        stem, suffix = args.output.stem, args.output.suffix
        shots = [
            (args.output, "en", True),
            (args.output.with_name(f"{stem}-first-run{suffix}"), "en", False),
            *[
                (args.output.with_name(f"{stem}-{code}{suffix}"), code, True)
                for code in LANGUAGES
                if code != "en"
            ],
        ]
    if args.matrix:
        return _matrix(real=not args.synthetic)
    with tempfile.TemporaryDirectory(prefix="sessiondesk-claude-") as folder:
        sessions = None
        if any(with_accounts for _o, _l, with_accounts in shots):
            sessions = make_sessions(Path(folder), real=not args.synthetic)
            print(f"sessions written by {sessions.writer}", file=sys.stderr)
        for output, language, with_accounts in shots:
            shown = sessions if with_accounts else None
            print(
                shoot(
                    output, language, shown, theme=args.theme, palette=args.palette, size=args.size
                )
            )
    return 0


def _matrix(*, real: bool) -> int:
    """The default window at both sizes, in both themes and every language, with a
    conversation of five turns (the last a rollover) in the pane."""
    with tempfile.TemporaryDirectory(prefix="sessiondesk-claude-") as folder:
        sessions = make_sessions(Path(folder), real=real)
        for width, height in MATRIX_SIZES:
            for theme in MATRIX_THEMES:
                for code in LANGUAGES:
                    name = f"window-{width}x{height}-{code}-{theme}.png"
                    output = ROOT / "docs" / name
                    shoot(output, code, sessions, theme=theme, size=(width, height),
                          conversation=True)  # fmt: skip
                    print(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
