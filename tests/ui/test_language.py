"""Switching the window's language while it runs, and keeping the choice."""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop.app import QM_DIR, TS_DIR
from desktop.services.hub import ServiceHub
from desktop.ui.shell import translations as translations_module
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.translations import Translations, catalog_name, language_of
from tools.build_translations import unfinished

pytestmark = pytest.mark.gui


def menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_view_menu_switches_to_spanish_then_chinese_and_back(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot
) -> None:
    assert menu_titles(window)[0] == "&File"
    window.commands.languages["es"].trigger()
    qtbot.waitUntil(lambda: menu_titles(window)[0] == "&Archivo")
    assert menu_titles(window) == [
        "&Archivo",
        "&Ver",
        "&Sesión",
        "C&onversación",
        "&Cuentas",
        "Ay&uda",
    ]
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
        assert QApplication.translate("MenuBar", "&File") == "文件(&F)"
    finally:
        translations.apply("en")
        translations.deleteLater()
    assert QApplication.translate("MenuBar", "&File") == "&File"


def test_without_any_catalog_the_window_stays_english(
    qapp: QApplication, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    translations = Translations(qapp, [tmp_path / "empty"])
    with caplog.at_level(logging.WARNING):
        assert not translations.apply("es")
    translations.deleteLater()
    assert translations.current == "en"
    assert "showing English" in caplog.text
    assert QApplication.translate("MenuBar", "&File") == "&File"


@pytest.mark.parametrize("code", ["en", "es", "zh_CN"])
def test_every_message_is_translated(code: str) -> None:
    ts = TS_DIR / f"sessiondesk_{code}.ts"
    assert ET.parse(ts).getroot().get("language") == code
    assert unfinished(ts) == []


def test_the_check_catches_an_untranslated_string_and_a_missing_plural_form(
    tmp_path: Path,
) -> None:
    ts = tmp_path / "sessiondesk_es.ts"
    ts.write_text(
        '<?xml version="1.0" encoding="utf-8"?><TS version="2.1" language="es"><context>'
        "<name>X</name>"
        "<message><source>Done</source><translation>Hecho</translation></message>"
        '<message><source>New</source><translation type="unfinished"></translation></message>'
        "<message><source>Empty</source><translation></translation></message>"
        '<message numerus="yes"><source>%n files</source><translation>'
        "<numerusform>%n archivo</numerusform><numerusform></numerusform>"
        "</translation></message></context></TS>",
        encoding="utf-8",
    )
    assert unfinished(ts) == ["New", "Empty", "%n files"]


@pytest.mark.parametrize("code", ["en", "es", "zh_CN"])
def test_the_built_catalog_is_not_older_than_its_source(code: str) -> None:
    ts = TS_DIR / f"sessiondesk_{code}.ts"
    qm = QM_DIR / catalog_name(code)
    assert qm.is_file(), f"{qm} is missing: run tools/build_translations.py"
    assert qm.stat().st_mtime >= ts.stat().st_mtime, (
        f"{qm.name} is older than {ts.name}: run tools/build_translations.py"
    )


@pytest.mark.parametrize("code", ["es", "zh_CN"])
def test_counted_messages_have_the_plural_forms_of_the_language(code: str) -> None:
    forms = {"es": 2, "zh_CN": 1}[code]
    root = ET.parse(TS_DIR / f"sessiondesk_{code}.ts").getroot()
    counted = [m for m in root.iter("message") if m.get("numerus") == "yes"]
    assert len(counted) >= 6
    for message in counted:
        translation = message.find("translation")
        assert translation is not None
        assert len(list(translation.iter("numerusform"))) == forms, message.findtext("source")


def test_counts_take_the_plural_form_of_each_language(window: MainWindow, qtbot: QtBot) -> None:
    def messages(n: int) -> str:
        return QApplication.translate("TranscriptPanel", "%Ln messages", "", n)

    assert (messages(1), messages(2)) == ("1 message", "2 messages")
    assert messages(12345) == "12,345 messages"  # %Ln: the number in the locale's digits
    window.set_language("es")
    qtbot.waitUntil(lambda: messages(1) == "1 mensaje")
    assert messages(3) == "3 mensajes"
    window.set_language("zh_CN")
    qtbot.waitUntil(lambda: messages(1) == "1 条消息")
    assert messages(3) == "3 条消息"


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (["es_MX"], "es"),
        (["zh_TW"], "zh_CN"),
        (["zh_CN"], "zh_CN"),
        (["de_DE"], "en"),
        (["en_GB"], "en"),
    ],
)
def test_the_system_language_maps_to_a_catalog(tags: list[str], expected: str) -> None:
    assert language_of(QLocale(tags[0])) == expected


def test_on_first_start_the_window_speaks_the_system_language(
    hub: ServiceHub,
    open_window: Callable[[ServiceHub], MainWindow],
    monkeypatch: pytest.MonkeyPatch,
    qtbot: QtBot,
) -> None:
    monkeypatch.setattr(translations_module, "system_locale", lambda: QLocale("es_ES"))
    assert hub.settings.get("language") == "system"
    window = open_window(hub)
    assert menu_titles(window)[0] == "&Archivo"
    assert window.commands.languages["system"].isChecked()
    assert window.translations is not None and window.translations.current == "es"
    window.commands.languages["zh_CN"].trigger()  # switching still works at run time
    qtbot.waitUntil(lambda: menu_titles(window)[0] == "文件(&F)")
    assert hub.settings.get("language") == "zh_CN"
    window.commands.languages["system"].trigger()
    qtbot.waitUntil(lambda: menu_titles(window)[0] == "&Archivo")
    assert hub.settings.get("language") == "system"


@pytest.mark.parametrize("code", ["es", "zh_CN"])
def test_translations_keep_the_placeholders(code: str) -> None:
    root = ET.parse(TS_DIR / f"sessiondesk_{code}.ts").getroot()
    for message in root.iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        texts = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
        for text in texts:
            for name in ("{path}", "{name}", "{folder}", "{count}", "{language}", "%Ln", "%n"):
                assert (name in source) == (name in text), (source, text)
            assert ("&" in source) == ("&" in text), (source, text)
