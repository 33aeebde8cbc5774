"""Fixtures for the window tests: offscreen Qt, compiled catalogs, a real window.

The window runs over a real home (SQLite file, migrations) made by the
`home` fixture. Accounts added directly sign in with the login kept in their
config folder; the `rig` fixture for runs stores its account's key in the
real keyring, so tests using it are marked `keyring`.
"""

from __future__ import annotations

import os

# must happen before the first QApplication exists; pytest-qt creates it lazily
os.environ["QT_QPA_PLATFORM"] = "offscreen"

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QLocale
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.app import TS_DIR, build_window
from desktop.compose import open_services
from desktop.services.hub import ServiceHub
from desktop.ui import pyside_workarounds
from desktop.ui.shell import translations as translations_module
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.theme import theme_controller
from desktop.ui.shell.translations import Translations, catalog_name, compile_catalog
from tests.rig.fakeapi import FakeAPI
from tests.rig.fixtures import AccountFactory
from tests.ui.run_kit import Rig, open_rig

LANGUAGES_WITH_CATALOGS = ("en", "es", "zh_CN")


@pytest.fixture(autouse=True)
def english_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's `system` language is English here, whatever this machine's locale."""
    monkeypatch.setattr(translations_module, "system_locale", lambda: QLocale("en_US"))


@pytest.fixture(scope="session")
def catalogs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The `.qm` files compiled once per run from the `.ts` sources in the tree."""
    folder = tmp_path_factory.mktemp("qm")
    for code in LANGUAGES_WITH_CATALOGS:
        compile_catalog(TS_DIR / f"sessiondesk_{code}.ts", folder / catalog_name(code))
    return folder


@pytest.fixture
def hub(home: Path) -> Iterator[ServiceHub]:
    services = open_services(home)
    yield services
    services.close()


@pytest.fixture
def open_window(
    qapp: QApplication, qtbot: QtBot, catalogs: Path
) -> Iterator[Callable[[ServiceHub], MainWindow]]:
    """Builds windows the way the app does; closes them and resets the language after."""
    made: list[tuple[MainWindow, Translations]] = []

    def make(hub: ServiceHub, *, show: bool = True, parts_after_paint: bool = False) -> MainWindow:
        translations = Translations(qapp, [catalogs])
        window = build_window(hub, translations, parts_after_paint=parts_after_paint)
        made.append((window, translations))
        if show:
            window.show()
            qtbot.waitExposed(window)
        return window

    yield make
    for window, _ in made:
        window.close()
    if made:
        # the next test may have no event loop to collect on
        pyside_workarounds.uninstall_collector(qapp)
    QCoreApplication.processEvents()
    for window, _ in made:
        window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    # language and theme go back once the windows are gone: a window still there read
    # its conversation again on the language change, through a hub its test had closed
    # (a connection left open, reported under a later test)
    for _, translations in made:
        translations.apply("en")
        translations.deleteLater()
    if made:
        theme_controller().apply("system")  # the next test starts in the desktop's colours


@pytest.fixture
def window(hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow]) -> MainWindow:
    # hub first: teardown runs in reverse, so the window closes (and saves) before the hub
    return open_window(hub)


@pytest.fixture
def rig(
    home: Path, hub: ServiceHub, claude_account: AccountFactory, claude_bin: Path,
    fake_api: FakeAPI, tmp_path: Path, qapp: QApplication, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow], monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Rig]:  # fmt: skip
    """The window over a real home with account `alpha` (real claude, fake API) and a
    project folder whose name has a space, ready for runs from the composer."""
    project = tmp_path / "my project"
    project.mkdir()
    with open_rig(home=home, hub=hub, account=claude_account("alpha"), claude_bin=claude_bin,
                  api=fake_api, project=project, qapp=qapp, qtbot=qtbot,
                  open_window=open_window, monkeypatch=monkeypatch) as made:  # fmt: skip
        yield made
