"""Switching the window's language while it runs, and keeping the choice."""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop.app import TS_DIR
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.translations import Translations, catalog_name

pytestmark = pytest.mark.gui


def menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_view_menu_switches_to_spanish_then_chinese_and_back(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot
) -> None:
    assert menu_titles(window)[0] == "&File"
    window.commands.languages["es"].trigger()
    qtbot.waitUntil(lambda: menu_titles(window)[0] == "&Archivo")
    assert menu_titles(window) == ["&Archivo", "&Ver", "&Sesión", "&Cuentas", "Ay&uda"]
    assert "Aún no hay cuentas de Claude" in window.transcript.empty_state.text()
    assert window.status_bar.summary_label.text() == "Cuentas: 0"
    assert window.commands.quit.text() == "&Salir"
    assert hub.settings.get("language") == "es"
    assert window.commands.languages["es"].isChecked()

    window.commands.languages["zh_CN"].trigger()
    qtbot.waitUntil(lambda: menu_titles(window)[0] == "文件(&F)")
    assert "还没有 Claude 账户" in window.transcript.empty_state.text()
    assert window.navigation.heading.text() == "账户"
    assert hub.settings.get("language") == "zh_CN"

    window.commands.languages["en"].trigger()
    qtbot.waitUntil(lambda: menu_titles(window)[0] == "&File")
    assert "No Claude accounts yet" in window.transcript.empty_state.text()
    assert hub.settings.get("language") == "en"


def test_the_saved_language_is_spoken_at_the_next_start(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow]
) -> None:
    hub.settings.set("language", "es")
    window = open_window(hub)
    assert menu_titles(window)[0] == "&Archivo"
    assert "Aún no hay cuentas de Claude" in window.transcript.empty_state.text()
    assert window.commands.languages["es"].isChecked()


def test_open_dialogs_follow_a_switch(window: MainWindow, qtbot: QtBot) -> None:
    dialog = window.open_add_account()
    assert dialog.windowTitle() == "Add account"
    window.set_language("es")
    qtbot.waitUntil(lambda: dialog.windowTitle() == "Añadir cuenta")
    assert dialog.name_label.text() == "&Nombre:"
    # Qt's own catalog comes along, so the standard buttons speak Spanish too
    cancel = dialog.button_box.button(QDialogButtonBox.StandardButton.Cancel)
    qtbot.waitUntil(lambda: cancel.text() == "&Cancelar" or cancel.text() == "Cancelar")
    dialog.reject()


def test_catalogs_missing_from_resources_are_compiled_into_the_cache(
    qapp: QApplication, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    translations = Translations(qapp, [tmp_path / "empty"], ts_dir=TS_DIR, cache_dir=cache)
    try:
        assert translations.apply("zh_CN")
        assert translations.current == "zh_CN"
        assert (cache / catalog_name("zh_CN")).is_file()
        assert QApplication.translate("MainWindow", "&File") == "文件(&F)"
    finally:
        translations.apply("en")
        translations.deleteLater()
    assert QApplication.translate("MainWindow", "&File") == "&File"


def test_without_any_catalog_the_window_stays_english(
    qapp: QApplication, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    translations = Translations(qapp, [tmp_path / "empty"])
    with caplog.at_level(logging.WARNING):
        assert not translations.apply("es")
    translations.deleteLater()
    assert translations.current == "en"
    assert "showing English" in caplog.text
    assert QApplication.translate("MainWindow", "&File") == "&File"


@pytest.mark.parametrize("code", ["es", "zh_CN"])
def test_every_message_is_translated(code: str) -> None:
    root = ET.parse(TS_DIR / f"sessiondesk_{code}.ts").getroot()
    assert root.get("language") == code
    untranslated = [
        message.findtext("source")
        for message in root.iter("message")
        if (message.find("translation") is None)
        or message.find("translation").get("type") in {"unfinished", "vanished", "obsolete"}
        or not (
            (message.findtext("translation") or "").strip()
            # a count's plural forms (%n) are children of their own
            or (
                all((form.text or "").strip() for form in message.iter("numerusform"))
                and any(True for _ in message.iter("numerusform"))
            )
        )
    ]
    assert untranslated == []


@pytest.mark.parametrize("code", ["es", "zh_CN"])
def test_translations_keep_the_placeholders(code: str) -> None:
    root = ET.parse(TS_DIR / f"sessiondesk_{code}.ts").getroot()
    for message in root.iter("message"):
        source = message.findtext("source") or ""
        translation = message.findtext("translation") or ""
        for name in ("{path}", "{name}", "{folder}", "{count}", "{language}"):
            assert (name in source) == (name in translation), (source, translation)
        assert ("&" in source) == ("&" in translation), (source, translation)
