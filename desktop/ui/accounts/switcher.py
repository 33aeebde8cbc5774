"""The account switcher: move the shown conversation to another account.

The checkbox and its helper text are the person's consent to send the
conversation's recent content to Anthropic under the other account; it is
off by default, and disabled (with the policy's reason) for a pair of
accounts the settings say never to carry between. The dialog itself only
asks: `SwitchChoice` says what was chosen, and `switch_to` asks the service.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.carry import (
    COPY_REFUSED,
    DAMAGED_NOT_CARRIED,
    NOT_MOVED,
    NOTHING_CARRIED,
    RECAP_FAILED,
    CarryMode,
)
from desktop.domain.conversations import Conversation, Execution
from desktop.services.hub import ServiceHub
from desktop.ui.sessions.navigation import account_avatar


@dataclass(frozen=True, slots=True)
class SwitchChoice:
    account: str
    carry: bool


class AccountSwitcher(QDialog):
    def __init__(
        self,
        current: str,
        accounts: Sequence[str],
        refusal: Callable[[str], str | None],
        parent: QWidget | None = None,
    ) -> None:
        """`refusal(target)`: why context may not be carried to that account, or None."""
        super().__init__(parent)
        self.setObjectName("accountSwitcher")
        self._current = current
        self._refusal = refusal
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.target_label = QLabel(self)
        self.target_combo = QComboBox(self)
        self.target_combo.setObjectName("switchTarget")
        for name in accounts:
            if name != current:
                self.target_combo.addItem(account_avatar(name, 16), name, name)
        self.target_label.setBuddy(self.target_combo)
        self.carry_check = QCheckBox(self)
        self.carry_check.setObjectName("carryContext")
        self.carry_check.setChecked(False)
        self.helper = QLabel(self)
        self.helper.setObjectName("carryHelper")
        self.helper.setWordWrap(True)
        self.reason = QLabel(self)
        self.reason.setObjectName("carryRefusal")
        self.reason.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(self.target_label, self.target_combo)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(form)
        layout.addWidget(self.carry_check)
        layout.addWidget(self.helper)
        layout.addWidget(self.reason)
        layout.addWidget(self.buttons)
        self.target_combo.currentIndexChanged.connect(self._target_changed)
        self.retranslate_ui()
        self.resize(460, self.sizeHint().height())

    def choose(self, account: str) -> None:
        found = self.target_combo.findData(account)
        if found >= 0:
            self.target_combo.setCurrentIndex(found)

    def choice(self) -> SwitchChoice | None:
        target = self.target_combo.currentData()
        if not isinstance(target, str):
            return None
        return SwitchChoice(target, self.carry_check.isEnabled() and self.carry_check.isChecked())

    def _target_changed(self, *_args: object) -> None:
        target = self.target_combo.currentData()
        refusal = self._refusal(target) if isinstance(target, str) else None
        self.carry_check.setEnabled(refusal is None)
        if refusal is not None:
            self.carry_check.setChecked(False)
            # the service's reason is English for the command line: say it in the window's words
            self.reason.setText(
                self.tr(
                    "Not available: the settings never carry context between {old} and {new} "
                    "(Settings → Switching accounts)."
                ).format(old=self._current, new=target)
            )
        self.reason.setVisible(refusal is not None)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(isinstance(target, str))

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Switch account"))
        self.intro.setText(
            self.tr(
                "Move this conversation from {account} to another account. The next "
                "turn starts a new session there."
            ).format(account=self._current)
        )
        self.target_label.setText(self.tr("&Account:"))
        self.carry_check.setText(self.tr("Carry over conversation context"))
        self.helper.setText(
            self.tr(
                "Seeds the new account's session with your recent conversation. The prior "
                "conversation content is sent to Anthropic under the new account."
            )
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("S&witch"))
        self._target_changed()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


async def switch_to(
    hub: ServiceHub, conversation_id: str, choice: SwitchChoice
) -> tuple[Conversation, Execution]:
    """Carry the recent turns when the box was ticked (the default mode when it
    names one), nothing otherwise."""
    mode = CarryMode.NONE
    if choice.carry:
        chosen = hub.switch.default_mode()
        mode = chosen if chosen is not CarryMode.NONE else CarryMode.RAW
    return await hub.switch.switch(conversation_id, choice.account, mode)


def carry_notice_text(notice: str) -> str:
    """A turn's carry-over notice (less was carried than asked) in the window's words."""
    say = {
        NOTHING_CARRIED: lambda: QCoreApplication.translate(
            "CarryNotice",
            "Nothing could be carried from the earlier account (its transcript is missing or "
            "unreadable): this turn started a fresh session.",
        ),
        DAMAGED_NOT_CARRIED: lambda: QCoreApplication.translate(
            "CarryNotice",
            "Nothing was carried from the earlier account: its transcript is damaged (some "
            "lines cannot be read). This turn started a fresh session.",
        ),
        RECAP_FAILED: lambda: QCoreApplication.translate(
            "CarryNotice",
            "The summary could not be written: the recent turns were carried instead.",
        ),
        NOT_MOVED: lambda: QCoreApplication.translate(
            "CarryNotice",
            "The conversation could not be moved whole: the recent turns were carried instead.",
        ),
        COPY_REFUSED: lambda: QCoreApplication.translate(
            "CarryNotice",
            "claude refused the moved conversation: the recent turns were carried instead.",
        ),
    }.get(notice)
    return (
        say()
        if say is not None
        else QCoreApplication.translate(
            "CarryNotice", "Less of the earlier conversation was carried than asked."
        )
    )


def switch_notice_text(notice: str) -> str:
    """Said with the switch's result: what its next turn will not carry, and why."""
    if notice == DAMAGED_NOT_CARRIED:
        return QCoreApplication.translate(
            "CarryNotice",
            "Its transcript under the earlier account is damaged (some lines cannot be "
            "read), so nothing will be carried: the next turn starts a fresh session.",
        )
    return QCoreApplication.translate(
        "CarryNotice",
        "Its transcript under the earlier account cannot be read, so nothing will be "
        "carried: the next turn starts a fresh session.",
    )
