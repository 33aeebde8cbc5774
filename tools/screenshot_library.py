"""Pictures of the library pages: the insight page and the bundles page.

    python tools/screenshot_library.py                 # docs/insight.png and docs/bundles.png
                                                       # (and docs/insight-branches-en.png)
    python tools/screenshot_library.py --language es   # docs/insight-es.png, docs/bundles-es.png
    python tools/screenshot_library.py --theme dark --out /tmp   # /tmp/insight-dark.png, …

The window runs offscreen over a throwaway home with made-up accounts,
projects and recorded turns (written through the store, as finished runs
leave them), so nothing of this machine shows.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from desktop.app import build_window, make_translations  # noqa: E402
from desktop.compose import open_services  # noqa: E402
from desktop.domain.accounts import AuthKind  # noqa: E402
from desktop.domain.conversations import ExecutionKind as K  # noqa: E402
from desktop.domain.conversations import ExecutionStatus as S  # noqa: E402
from desktop.domain.settings import THEMES  # noqa: E402
from desktop.services.hub import ServiceHub  # noqa: E402
from tests.ui.library_kit import Turn, record  # noqa: E402

OK, CONTINUE, FORK = Turn(), Turn(K.CONTINUE, resumed_from="s"), Turn(K.FORK, resumed_from="s")

CONVERSATIONS = [
    (
        "Why does parse_config crash on an empty file?",
        "work",
        "/home/ana/src/api",
        [OK, CONTINUE, CONTINUE, Turn(K.REPLAY, cost=0.04, tokens_in=4200, after=1, epoch=1)],
    ),
    (
        "Add retries to the HTTP client",
        "work",
        "/home/ana/src/api",
        [Turn(tokens_in=900, cost=0.03), CONTINUE, Turn(K.CONTINUE, S.FAILED, resumed_from="s")],
    ),
    (
        "Migrate the settings page to the new form kit",
        "work",
        "/home/ana/src/web",
        [OK, CONTINUE, FORK, CONTINUE, Turn(K.ROLLOVER, tokens_in=12000, cost=0.09), CONTINUE],
    ),
    (
        "Flaky login test on CI",
        "work",
        "/home/ana/src/web",
        [OK, Turn(K.CONTINUE, S.INTERRUPTED, resumed_from="s"), CONTINUE],
    ),
    (
        "Plan the reading list for December",
        "personal",
        "/home/ana/notes",
        [OK, Turn(K.REPLAY, tokens_in=2600, cost=0.02), CONTINUE],
    ),
    (
        "Sort the photo archive by year",
        "personal",
        "/home/ana/photos",
        [Turn(tokens_in=300, cost=0.005), Turn(K.CONTINUE, S.FAILED, resumed_from="s")],
    ),
]


def fill(hub: ServiceHub, home: Path, folder: Path) -> None:
    for name in ("personal", "work"):
        config = folder / f"claude-{name}"
        config.mkdir()
        hub.accounts.add(name, str(config), AuthKind.LOGIN)
    for title, account, cwd, turns in CONVERSATIONS:
        record(home, title, account, cwd, turns)
    hub.bundles.create("release 2.0", "What went into 2.0, to write the release notes from")
    hub.bundles.add("release 2.0", ["SESS-001", "SESS-002", "SESS-003"])
    hub.bundles.note("release 2.0", "Keep the notes short: one line per change, newest first.")
    hub.bundles.add("release 2.0", ["SESS-004"])
    hub.bundles.create("reading", "Books and articles for December")
    hub.bundles.add("reading", ["SESS-005"])


def settle(app: QApplication, ms: int = 300) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()
    app.processEvents()


def wait_until(app: QApplication, done: object, seconds: float = 10.0) -> None:
    for _ in range(int(seconds * 20)):
        if done():  # type: ignore[operator]
            return
        settle(app, 50)
    raise SystemExit("the page did not load in time")


def grab(widget: QWidget, path: Path) -> None:
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", default="en")
    parser.add_argument("--theme", choices=list(THEMES), default="system")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    suffix = "" if args.language == "en" else f"-{args.language}"
    suffix += "" if args.theme == "system" else f"-{args.theme}"
    app = QApplication.instance() or QApplication(sys.argv)
    QCoreApplication.setApplicationName("Sessiondesk")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        home = folder / "home"
        os.environ["CLAUDE_CONFIG_DIR"] = str(folder / "no-default")
        hub = open_services(home)
        fill(hub, home, folder)
        hub.settings.set("ui.theme", args.theme)
        hub.settings.set("language", args.language)
        window = build_window(hub, make_translations(app, hub))
        window.show()
        settle(app)
        page = window.library.open_insight()
        page.resize(1100, 720)
        page.tabs.setCurrentIndex(1)  # by project: more rows than by account
        wait_until(app, lambda: page.insight is not None)
        settle(app)
        grab(page, args.out / f"insight{suffix}.png")
        page.chart_tabs.setCurrentIndex(1)  # the branch picture
        settle(app)
        theme = "" if args.theme == "system" else f"-{args.theme}"
        grab(page, args.out / f"insight-branches-{args.language}{theme}.png")
        page.close()
        bundles = window.library.open_bundles()
        bundles.resize(900, 520)
        bundles.reload("release 2.0")
        bundles.item_list.setCurrentRow(1)
        bundles.say(bundles.tr("Note added."))
        settle(app)
        grab(bundles, args.out / f"bundles{suffix}.png")
        window.close()
        hub.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
