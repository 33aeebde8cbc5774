"""The settings dialog's "Switching accounts" section edits the carry_context
policy, and the switcher honours the pairs it saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop.domain.accounts import AuthKind
from desktop.domain.carry import CarryMode
from desktop.services.hub import ServiceHub
from desktop.ui.accounts.switcher import AccountSwitcher
from desktop.ui.shell.main_window import MainWindow

pytestmark = pytest.mark.gui


def test_the_policy_is_edited_in_its_own_section_and_honoured(
    hub: ServiceHub, window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    for name in ("client", "work"):
        (tmp_path / name).mkdir()
        hub.accounts.add(name, str(tmp_path / name), AuthKind.LOGIN)
    window.navigation.refresh()
    dialog = window.open_settings()
    section = dialog.carry_section
    assert section.isVisible() and section.title() == "Switching accounts"
    assert section.default_mode() is CarryMode.NONE  # the default until someone chooses
    assert section.budget_spin.value() == 24 and section.pairs() == []

    section.mode_combo.setCurrentIndex(section.mode_combo.findData("summary"))
    section.budget_spin.setValue(12)
    section.first_combo.setCurrentText("work")
    section.second_combo.setCurrentText("work")
    assert not section.add_button.isEnabled()  # an account with itself is no pair
    section.second_combo.setCurrentText("client")
    qtbot.mouseClick(section.add_button, Qt.MouseButton.LeftButton)
    assert section.pairs() == [("work", "client")]
    section.first_combo.setCurrentText("client")
    section.second_combo.setCurrentText("work")
    assert not section.add_button.isEnabled()  # the same pair, the other way round

    qtbot.mouseClick(dialog.button_box.button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)  # fmt: skip
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert hub.settings.get("carry_context.default_mode") == "summary"
    assert hub.settings.get("carry_context.budget_bytes") == "12000"
    assert json.loads(hub.settings.get("carry_context.never")) == [["work", "client"]]

    switcher = AccountSwitcher("work", ["work", "client"],
                               lambda to: hub.switch.carry_refusal("work", to))  # fmt: skip
    qtbot.addWidget(switcher)
    assert not switcher.carry_check.isEnabled()
    assert "never carry context between work and client" in switcher.reason.text()

    again = window.open_settings()  # what was saved is what it shows
    assert again.carry_section.default_mode() is CarryMode.SUMMARY
    assert again.carry_section.pairs() == [("work", "client")]
    again.carry_section.pairs_list.setCurrentRow(0)
    qtbot.mouseClick(again.carry_section.remove_button, Qt.MouseButton.LeftButton)
    again.accept()
    assert json.loads(hub.settings.get("carry_context.never")) == []
