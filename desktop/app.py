"""The window's composition root: services, the Qt application, translations, the loop.

One asyncio loop drives the window: Qt's, through qasync (`_run_loop`); what
would block it goes to the process's one executor (`compose.blocking_executor`).

`run_app()` is what `sessiondesk` with no command runs. `build_window()` does
everything but the event loop, for tests and for `tools/screenshot.py`.

Icons and translations: `desktop.asset_paths` says where they are (the package data
of an installed copy, or a checkout's `resources/`). In a checkout a missing
catalog is compiled from `i18n/*.ts` into `<home>/cache/i18n/` on first use;
when no catalog can be had the window shows English and logs a warning (see
`desktop.ui.shell.translations`). `--self-test` builds its translations with
`make_translations` too, so it checks what the window loads.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

import qasync
from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop import __version__, asset_paths
from desktop.compose import DB_NAME, open_services
from desktop.crash import report_crash
from desktop.domain.errors import SessiondeskError
from desktop.domain.settings import LANGUAGES, SYSTEM, THEMES
from desktop.home_trouble import explain
from desktop.services.hub import ServiceHub
from desktop.ui import pyside_workarounds
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.messages import show_message
from desktop.ui.shell.theme import THEME_KEY, theme_controller
from desktop.ui.shell.translations import Translations

log = logging.getLogger(__name__)

ASSETS = asset_paths.locate()
ICON_DIR = ASSETS.icon_dir
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The PNGs rendered from the SVG by tools/make_icons.py, for the window and the menus."""
ICON_SVG = ICON_DIR / "sessiondesk.svg"
ICON_FILES = (
    ICON_SVG,
    *(ICON_DIR / f"sessiondesk-{size}.png" for size in ICON_SIZES),
)
QM_DIR = ASSETS.catalog_dir
TS_DIR = asset_paths.SOURCE_TS
"""The checkout's `.ts` sources (for tests and tools); an installed copy has none."""
COMPILE_FROM: Path | None = ASSETS.ts_dir
"""Where a missing catalog is compiled from: a checkout's `i18n/`, never in a package."""
GIL_SWITCH_S = 0.001
"""Blocking work (a run's steps, the index, the views' reads) runs on the executor's threads
beside the window's: with Python's default 5 ms the window's thread can wait that long for
the interpreter lock at every step back from Qt, and a frame is 16 ms."""


def app_icon() -> QIcon:
    """The drawn sizes where they exist (crisp at 16 px), the SVG for any other size."""
    icon = QIcon()
    for size in ICON_SIZES:
        path = ICON_DIR / f"sessiondesk-{size}.png"
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))
    if ICON_SVG.is_file():
        icon.addFile(str(ICON_SVG))
    return icon


def configure_application(app: QApplication) -> None:
    """Names and icon: Qt uses them for window titles, paths and the task bar."""
    sys.setswitchinterval(GIL_SWITCH_S)
    app.setApplicationName("Sessiondesk")
    app.setOrganizationName("Sessiondesk")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("sessiondesk")
    app.setWindowIcon(app_icon())


def make_translations(app: QApplication, hub: ServiceHub) -> Translations:
    """The application's one Translations: a second would leave its translators installed."""
    existing = app.findChild(Translations)
    if existing is not None:
        return existing
    return new_translations(app, hub.home)


def new_translations(app: QApplication, home: Path) -> Translations:
    """Translations looking where the window looks; the self-test's are made here too."""
    return Translations(app, [QM_DIR], ts_dir=COMPILE_FROM, cache_dir=home / "cache" / "i18n")


def saved_choice(hub: ServiceHub, key: str, allowed: Iterable[str]) -> str:
    """A setting's stored value, or `system` when it cannot be read or is not allowed."""
    try:
        value = hub.settings.get(key)
    except SessiondeskError as exc:
        log.warning("could not read the %s setting: %s", key, exc)
        return SYSTEM
    return value if value in allowed else SYSTEM


def build_window(
    hub: ServiceHub, translations: Translations | None = None, *, parts_after_paint: bool = False
) -> MainWindow:
    """The main window over `hub`, speaking the saved language; not shown yet.

    `parts_after_paint`: what is not on screen before a session is chosen (the
    run desk, the conversation pane, the library) is built just after the
    first paint, as the app's start does; otherwise all of it now.
    """
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        raise RuntimeError("build_window needs a QApplication")
    pyside_workarounds.pin()
    pyside_workarounds.install_collector(app)
    configure_application(app)
    hub.use_executor()  # the services' blocking steps keep off the window's loop
    translations = translations or make_translations(app, hub)
    translations.apply(saved_choice(hub, "language", (SYSTEM, *LANGUAGES)))
    theme_controller().apply(saved_choice(hub, THEME_KEY, THEMES))
    window = MainWindow(hub, translations, parts_after_paint=parts_after_paint)
    window.setWindowIcon(app.windowIcon())
    return window


def _startup_error(text: str) -> None:
    # no window exists yet, so this box is the whole app: block until it is read
    box = QMessageBox(
        QMessageBox.Icon.Critical,
        QCoreApplication.translate("App", "Sessiondesk cannot start"),
        text,
        QMessageBox.StandardButton.Ok,
    )
    box.exec()


def _install_crash_hook(home: Path, window: MainWindow) -> None:
    """An exception that escapes a slot becomes a report file and a message box."""

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            QApplication.quit()
            return
        # a full disk or a read-only database is said as such (and has no room for a report)
        known = exc if isinstance(exc, SessiondeskError) else explain(exc, home, home / DB_NAME)
        if known is not None:
            window.show_error(QCoreApplication.translate("App", "Sessiondesk"), known)
            return
        try:
            path = report_crash(home, exc.with_traceback(tb))
        except OSError as failed:
            path = Path(f"({failed.strerror or failed})")  # the report could not be written
        show_message(
            window,
            QCoreApplication.translate("App", "Something went wrong"),
            QCoreApplication.translate(
                "App", "Sessiondesk hit an internal error. Details were written to {path}."
            ).format(path=path),
            QMessageBox.Icon.Critical,
        )

    sys.excepthook = hook


def _run_loop(app: QApplication) -> int:
    """Run Qt's event loop as asyncio's, until the last window closes."""
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    # run_forever is app.exec(): it returns when the app quits, so nothing has to
    # be awaited to notice the end (work that must finish hooks aboutToQuit)
    with loop:
        loop.run_forever()
    asyncio.set_event_loop(None)
    return 0


def run_app(home: Path, claude: str | None) -> int:
    """Open the window over the home's services; returns the process exit code."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    pyside_workarounds.pin()
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])  # our own options are not Qt's to parse
    configure_application(app)
    # here, not at the top: QtNetwork is the lock's alone, and build_window's other
    # callers (tests, screenshots, the start bench) need no lock
    from desktop.ui.shell.single_instance import SingleInstance, bring_forward

    instance = SingleInstance(home, app)
    if not instance.claim():
        # a window already shows this home: it comes forward with our arguments instead
        if instance.hand_over(sys.argv[1:]):
            return 0
        _startup_error(
            QCoreApplication.translate(
                "App", "Sessiondesk is already open on {home} but does not answer."
            ).format(home=home)
        )
        return 1
    try:
        hub = open_services(home, claude)
    except SessiondeskError as exc:
        _startup_error(str(exc))
        return exc.exit_code
    except Exception as exc:  # the last line of defence: a report, never a traceback
        path = report_crash(home, exc)
        _startup_error(
            QCoreApplication.translate(
                "App", "Sessiondesk hit an internal error. Details were written to {path}."
            ).format(path=path)
        )
        return 1
    previous_hook = sys.excepthook
    from desktop.audit_file import install as install_audit_log

    install_audit_log(home)  # the window's decisions go to the same file the commands use
    try:
        window = build_window(hub, parts_after_paint=True)
        _install_crash_hook(home, window)
        instance.arguments_received.connect(lambda _arguments: bring_forward(window))
        window.show()
        return _run_loop(app)
    finally:
        sys.excepthook = previous_hook
        hub.close()
        instance.release()
