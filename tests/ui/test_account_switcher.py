"""The account switcher: consent off by default, refused pairs disabled with
the reason, its words in each language, and the composer asking for it
instead of changing an existing conversation's account."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.ui.accounts.switcher import AccountSwitcher
from desktop.ui.runs.composer import Composer
from desktop.ui.shell.translations import Translations

pytestmark = pytest.mark.gui

REFUSED = "the policy never carries context between accounts work and client"


def make(qtbot: QtBot) -> AccountSwitcher:
    dialog = AccountSwitcher(
        "work", ["work", "personal", "client"], lambda to: REFUSED if to == "client" else None
    )
    qtbot.addWidget(dialog)
    return dialog


def test_carrying_is_off_by_default_and_refused_pairs_say_why(qtbot: QtBot) -> None:
    dialog = make(qtbot)
    names = [dialog.target_combo.itemData(i) for i in range(dialog.target_combo.count())]
    assert names == ["personal", "client"]  # never the account it already is under
    dialog.choose("personal")
    assert dialog.carry_check.isEnabled() and not dialog.carry_check.isChecked()
    assert dialog.carry_check.text() == "Carry over conversation context"
    assert "sent to Anthropic under the new account" in dialog.helper.text()
    dialog.carry_check.setChecked(True)
    choice = dialog.choice()
    assert choice is not None and choice.account == "personal" and choice.carry

    dialog.choose("client")
    assert not dialog.carry_check.isEnabled() and not dialog.carry_check.isChecked()
    assert not dialog.reason.isHidden()
    assert "never carry context between work and client" in dialog.reason.text()
    choice = dialog.choice()
    assert choice is not None and not choice.carry


@pytest.mark.parametrize(
    ("code", "check", "helper"),
    [
        ("es", "Transferir el contexto de la conversación",
         "El contenido anterior de la conversación se envía a Anthropic con la nueva cuenta."),
        ("zh_CN", "延续对话上下文", "之前的对话内容将以新账户的身份发送给 Anthropic。"),
    ],
)  # fmt: skip
def test_the_consent_reads_in_the_apps_language(
    qapp: QApplication, qtbot: QtBot, catalogs: Path, code: str, check: str, helper: str
) -> None:
    translations = Translations(qapp, [catalogs])
    try:
        assert translations.apply(code)
        dialog = make(qtbot)
        assert dialog.carry_check.text() == check
        assert helper in dialog.helper.text()
    finally:
        translations.apply("en")
        translations.deleteLater()


def test_picking_another_account_on_a_conversation_asks_for_a_switch(qtbot: QtBot) -> None:
    composer = Composer()
    qtbot.addWidget(composer)
    composer.set_accounts(["work", "personal"])
    composer.lock_account("work")
    asked: list[str] = []
    composer.switch_requested.connect(asked.append)

    composer.account_combo.setCurrentIndex(composer.account_combo.findData("personal"))
    composer.account_combo.activated.emit(composer.account_combo.currentIndex())
    assert asked == ["personal"]
    assert composer.account() == "work"  # unchanged until the switch is made

    composer.lock_account(None)  # a new conversation: the picker just picks
    composer.account_combo.setCurrentIndex(composer.account_combo.findData("personal"))
    composer.account_combo.activated.emit(composer.account_combo.currentIndex())
    assert asked == ["personal"] and composer.account() == "personal"


def test_a_rate_limit_offers_to_continue_elsewhere(qtbot: QtBot) -> None:
    composer = Composer()
    qtbot.addWidget(composer)
    composer.set_accounts(["work", "personal"])
    composer.lock_account("work")
    asked: list[str] = []
    composer.switch_requested.connect(asked.append)
    composer.offer_switch(True)
    assert not composer.continue_button.isHidden()
    assert composer.continue_button.text() == "Continue under another account…"
    composer.continue_button.click()
    assert asked == [""]
