"""The settings dialog's "Switching accounts" section: the `carry_context` policy.

What a switch carries by default (`carry_context.default_mode`), how much
(`carry_context.budget_bytes`), and the account pairs never carried between
(`carry_context.never`), which the switcher honours by disabling its
checkbox with the reason.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.carry import CarryMode, parse_pairs
from desktop.services.settings import SettingsService

DEFAULT_MODE = "carry_context.default_mode"
BUDGET = "carry_context.budget_bytes"
NEVER = "carry_context.never"
PAIR_SEPARATOR = " ↔ "


class CarrySection(QGroupBox):
    def __init__(self, accounts: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("carrySection")
        self._accounts = accounts
        self.mode_combo = QComboBox(self)
        self.mode_combo.setObjectName("carryDefaultMode")
        for mode in CarryMode:
            self.mode_combo.addItem("", mode.value)
        self.budget_spin = QSpinBox(self)
        self.budget_spin.setObjectName("carryBudget")
        self.budget_spin.setRange(1, 1024)
        self.mode_hint = QLabel(self)
        self.mode_hint.setWordWrap(True)
        self.mode_hint.setEnabled(False)  # greyed: advice, not a field
        self.pairs_list = QListWidget(self)
        self.pairs_list.setObjectName("carryNeverPairs")
        self.pairs_list.setMaximumHeight(110)
        self.first_combo = QComboBox(self)
        self.second_combo = QComboBox(self)
        self.add_button = QPushButton(self)
        self.add_button.clicked.connect(self._add_pair)
        self.remove_button = QPushButton(self)
        self.remove_button.clicked.connect(self._remove_pair)
        for combo in (self.first_combo, self.second_combo):
            combo.addItems(accounts)
            combo.currentIndexChanged.connect(self._update_buttons)
        self.second_combo.setCurrentIndex(min(1, len(accounts) - 1))
        self.pairs_list.itemSelectionChanged.connect(self._update_buttons)

        self.mode_label = QLabel(self)
        self.mode_label.setBuddy(self.mode_combo)
        self.budget_label = QLabel(self)
        self.budget_label.setBuddy(self.budget_spin)
        self.pairs_label = QLabel(self)
        self.pairs_label.setBuddy(self.pairs_list)
        pick = QHBoxLayout()
        pick.addWidget(self.first_combo, 1)
        self.between_label = QLabel(PAIR_SEPARATOR.strip(), self)
        pick.addWidget(self.between_label)
        pick.addWidget(self.second_combo, 1)
        pick.addWidget(self.add_button)
        pairs = QVBoxLayout()
        pairs.addWidget(self.pairs_list)
        pairs.addLayout(pick)
        pairs.addWidget(self.remove_button)
        form = QFormLayout(self)
        form.addRow(self.mode_label, self.mode_combo)
        form.addRow("", self.mode_hint)
        form.addRow(self.budget_label, self.budget_spin)
        form.addRow(self.pairs_label, pairs)
        self.retranslate_ui()
        self._update_buttons()

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("Switching accounts"))
        self.mode_label.setText(self.tr("Carry &over by default:"))
        names = {
            CarryMode.NONE: self.tr("Nothing (a fresh session)"),
            CarryMode.RAW: self.tr("Recent turns, as written"),
            CarryMode.SUMMARY: self.tr("A summary written under the old account"),
            CarryMode.MIGRATE: self.tr("The whole history, copied when possible"),
        }
        for index in range(self.mode_combo.count()):
            self.mode_combo.setItemText(index, names[CarryMode(self.mode_combo.itemData(index))])
        self.mode_hint.setText(
            self.tr(
                "sessiondesk switch uses it when --carry-context is not given. The window's "
                "switcher asks each time, and carries this way (recent turns when this is "
                "Nothing). What is carried is sent to Anthropic under the new account."
            )
        )
        self.budget_label.setText(self.tr("Carry at &most:"))
        self.budget_spin.setSuffix(self.tr(" KB"))
        self.pairs_label.setText(self.tr("&Never carry between:"))
        self.pairs_list.setAccessibleName(self.tr("Account pairs never carried between"))
        self.first_combo.setAccessibleName(self.tr("First account of the pair"))
        self.second_combo.setAccessibleName(self.tr("Second account of the pair"))
        self.add_button.setText(self.tr("&Add Pair"))
        self.remove_button.setText(self.tr("Remo&ve Pair"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # -- values ----------------------------------------------------------------------

    def load(self, settings: SettingsService) -> None:
        mode = settings.get(DEFAULT_MODE)
        self.mode_combo.setCurrentIndex(max(0, self.mode_combo.findData(mode)))
        self.budget_spin.setValue(max(1, round(int(settings.get(BUDGET)) / 1000)))
        self.pairs_list.clear()
        try:
            pairs = parse_pairs(settings.get(NEVER))
        except ValueError:
            pairs = []
        for a, b in pairs:
            self._show_pair(a, b)
        self._update_buttons()

    def save(self, settings: SettingsService) -> None:
        settings.set(DEFAULT_MODE, self.default_mode().value)
        old = int(settings.get(BUDGET))
        if round(old / 1000) != self.budget_spin.value():  # keep an exact byte count untouched
            settings.set(BUDGET, str(self.budget_spin.value() * 1000))
        settings.set(NEVER, json.dumps([list(p) for p in self.pairs()]))

    def default_mode(self) -> CarryMode:
        return CarryMode(self.mode_combo.currentData())

    def pairs(self) -> list[tuple[str, str]]:
        found = []
        for row in range(self.pairs_list.count()):
            a, b = self.pairs_list.item(row).data(_PAIR_ROLE)
            found.append((a, b))
        return found

    # -- the pair list -----------------------------------------------------------------

    def _show_pair(self, a: str, b: str) -> None:
        item = QListWidgetItem(f"{a}{PAIR_SEPARATOR}{b}", self.pairs_list)
        item.setData(_PAIR_ROLE, [a, b])

    def _chosen_pair(self) -> tuple[str, str] | None:
        a, b = self.first_combo.currentText(), self.second_combo.currentText()
        if not a or not b or a == b:
            return None
        if any({a, b} == set(p) for p in self.pairs()):
            return None
        return a, b

    def _add_pair(self) -> None:
        pair = self._chosen_pair()
        if pair is not None:
            self._show_pair(*pair)
            self._update_buttons()

    def _remove_pair(self) -> None:
        for item in self.pairs_list.selectedItems():
            self.pairs_list.takeItem(self.pairs_list.row(item))
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.add_button.setEnabled(self._chosen_pair() is not None)
        self.remove_button.setEnabled(bool(self.pairs_list.selectedItems()))


_PAIR_ROLE = Qt.ItemDataRole.UserRole
