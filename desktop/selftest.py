"""`sessiondesk --self-test`: prove an installed copy can start, without touching its data.

Each step is one thing a packaged app can get wrong on a new machine: the
database (SQLite, the bundled migrations) in a throwaway home, locating
`claude` (missing is reported, not a failure: the window runs without it),
the main window painted on Qt's platform (offscreen unless
`QT_QPA_PLATFORM` names one, so a package test can ask for `xcb`), the icon
in every size, and each translation catalog changing the window's words.
Icons and catalogs are looked up exactly as the window looks them up
(`desktop.asset_paths`, `desktop.app.new_translations`), and the lines say where
they were found: in an installed copy, its package data. Success prints one
line per step and exits 0; the first failure prints one line and exits 1.

Qt ends the process itself when its platform plugin cannot load (a missing
xcb library): a message handler turns that into the same one line first.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.domain.errors import ClaudeNotFoundError

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from desktop.services.hub import ServiceHub
    from desktop.ui.shell.main_window import MainWindow
    from desktop.ui.shell.translations import Translations

LANGUAGES_TO_CHECK = ("en", "es", "zh_CN")
PAINT_WAIT_MS = 10_000


class SelfTestFailure(Exception):
    """A step found something wrong; the message is the line the person sees."""


def self_test(claude: str | None, json_mode: bool = False) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # the steps' own warnings would add lines: what failed is said once, below
    logging.getLogger().addHandler(logging.NullHandler())
    report: list[tuple[str, str]] = []
    step = "start"
    try:
        # a window's background work may still be writing there when a step fails:
        # what failed is the step, never the scratch folder's removal
        with tempfile.TemporaryDirectory(
            prefix="sessiondesk-self-test-", ignore_cleanup_errors=True
        ) as scratch:
            home = Path(scratch)
            step = "qt"
            app = _application()
            step = "database"
            from desktop.compose import DB_NAME, open_services

            hub = open_services(home, claude)
            try:
                report.append((step, f"created {DB_NAME} in a temporary home"))
                step = "claude"
                report.append((step, _claude_line(hub.runs.binary)))
                step = "icons"
                report.append((step, _check_icons(app)))
                step = "window"
                window, translations = _painted_window(app, hub)
                size = f"{window.width()}x{window.height()}"
                report.append((step, f"painted {size} on the {app.platformName()} platform"))
                step = "translations"
                report.append((step, _check_languages(window, translations)))
                window.close()
            finally:
                hub.close()
    except Exception as exc:  # the whole point: any failure is one line, never a traceback
        reason = str(exc) or type(exc).__name__
        _fail(f"{step}: {' '.join(reason.split())}", json_mode)
        return 1
    if json_mode:
        print(json.dumps({"ok": True, "checks": dict(report)}))
    else:
        for name, line in report:
            print(f"{name}: {line}")
        print("self-test passed")
    return 0


def _fail(line: str, json_mode: bool) -> None:
    if json_mode:
        print(json.dumps({"ok": False, "error": line}))
    print(f"sessiondesk: self-test failed: {line}", file=sys.stderr)


def _application() -> QApplication:
    # Qt is imported here: it loads only when the self-test runs
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    warnings: list[str] = []

    def handler(kind: QtMsgType, _context: object, message: str) -> None:
        if kind == QtMsgType.QtFatalMsg:
            # Qt aborts right after this: say why in one line, with the warning that
            # named the plugin, and leave with the self-test's own code
            hint = next((w for w in reversed(warnings) if "plugin" in w), "")
            first = message.strip().splitlines()[0] if message.strip() else "fatal error"
            _fail(f"qt: {first}{f' ({hint})' if hint else ''}", False)
            sys.stderr.flush()
            os._exit(1)
        if kind in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg):
            warnings.append(" ".join(message.split()))

    qInstallMessageHandler(handler)
    from desktop.app import configure_application

    app = QApplication.instance() or QApplication(sys.argv[:1])
    if not isinstance(app, QApplication):
        raise SelfTestFailure("a non-widget Qt application is already running")
    configure_application(app)
    return app


def _claude_line(locate: Callable[[], str]) -> str:
    try:
        return f"found {locate()}"
    except ClaudeNotFoundError:
        return "not found (the window still works; set its path in Settings)"


def _painted_window(app: QApplication, hub: ServiceHub) -> tuple[MainWindow, Translations]:
    from PySide6.QtTest import QTest

    from desktop.app import build_window, new_translations

    # the window's own lookup: a package carries no sources, so only its catalogs count
    translations = new_translations(app, hub.home)
    window = build_window(hub, translations)
    window.show()
    if not QTest.qWaitForWindowExposed(window, PAINT_WAIT_MS):
        raise SelfTestFailure("the main window was never shown")
    app.processEvents()
    image = window.grab().toImage()
    if image.isNull() or image.width() < 200 or image.height() < 200:
        raise SelfTestFailure(f"the window painted an image of {image.width()}x{image.height()}")
    return window, translations


def _check_languages(window: MainWindow, translations: Translations) -> str:
    from PySide6.QtCore import QCoreApplication

    def words() -> list[str]:
        QCoreApplication.processEvents()  # widgets hear of the language change by posted events
        return [action.text() for action in window.menuBar().actions()]

    english: list[str] | None = None
    found: list[str] = []
    for code in LANGUAGES_TO_CHECK:
        if not translations.apply(code):
            raise SelfTestFailure(f"no usable catalog for {code}")
        catalog = translations.catalog_for(code)
        if catalog is not None and str(catalog.parent) not in found:
            found.append(str(catalog.parent))
        shown = words()
        if english is None:
            english = shown
        elif shown == english:
            raise SelfTestFailure(f"the {code} catalog loaded but the menus stayed in English")
    translations.apply("en")
    return f"loaded {', '.join(LANGUAGES_TO_CHECK)} from {', '.join(found)}"


def _check_icons(app: QApplication) -> str:
    from PySide6.QtCore import QSize

    from desktop.app import ICON_DIR, ICON_SIZES, ICON_SVG

    if not ICON_SVG.is_file():
        raise SelfTestFailure(f"no {ICON_SVG.name} in {ICON_DIR}")
    offered = set(app.windowIcon().availableSizes())
    missing = [size for size in ICON_SIZES if QSize(size, size) not in offered]
    if missing:
        raise SelfTestFailure(f"no {', '.join(f'{size}px' for size in missing)} icon in {ICON_DIR}")
    sizes = f"{len(ICON_SIZES)} sizes ({ICON_SIZES[0]}-{ICON_SIZES[-1]} px)"
    return f"{ICON_SVG.name} and {sizes} from {ICON_DIR}"
