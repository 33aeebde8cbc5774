"""The rollover part of the settings dialog: whether a conversation whose
context fills up starts a fresh session, at what size, and what seeds it.

Keys `rollover.enabled`, `rollover.threshold_tokens`,
`rollover.threshold_fraction` (shown as a percentage of the model's window;
0 means not used) and `rollover.seed`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QWidget,
)

from desktop.domain.rollover import RolloverPolicy
from desktop.services.settings import SettingsService

ENABLED = "rollover.enabled"
TOKENS = "rollover.threshold_tokens"
FRACTION = "rollover.threshold_fraction"
SEED = "rollover.seed"


class RolloverSettings(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rolloverSettings")
        self.enabled_check = QCheckBox(self)
        self.tokens_spin = QSpinBox(self)
        self.tokens_spin.setRange(1, 100_000_000)
        self.tokens_spin.setSingleStep(5_000)
        self.tokens_spin.setGroupSeparatorShown(True)
        self.percent_spin = QSpinBox(self)
        self.percent_spin.setRange(0, 99)
        self.percent_spin.setSuffix(" %")
        self.seed_combo = QComboBox(self)
        self.seed_combo.addItem("", "raw")
        self.seed_combo.addItem("", "summary")
        self.tokens_label = QLabel(self)
        self.tokens_label.setBuddy(self.tokens_spin)
        self.percent_label = QLabel(self)
        self.percent_label.setBuddy(self.percent_spin)
        self.seed_label = QLabel(self)
        self.seed_label.setBuddy(self.seed_combo)
        self.enabled_check.toggled.connect(self._update_enabled)
        form = QFormLayout(self)
        form.addRow(self.enabled_check)
        form.addRow(self.tokens_label, self.tokens_spin)
        form.addRow(self.percent_label, self.percent_spin)
        form.addRow(self.seed_label, self.seed_combo)
        self.retranslate_ui()

    def load(self, settings: SettingsService) -> None:
        policy = RolloverPolicy.of(settings.effective())
        self.enabled_check.setChecked(policy.enabled)
        self.tokens_spin.setValue(policy.threshold_tokens)
        fraction = policy.threshold_fraction
        self.percent_spin.setValue(round(fraction * 100) if fraction else 0)
        self.seed_combo.setCurrentIndex(max(0, self.seed_combo.findData(policy.seed.value)))
        self._update_enabled()

    def values(self) -> dict[str, str]:
        """What to store, key by key (checked again by SettingsService)."""
        percent = self.percent_spin.value()
        return {
            ENABLED: "true" if self.enabled_check.isChecked() else "false",
            TOKENS: str(self.tokens_spin.value()),
            FRACTION: str(percent / 100) if percent else "",
            SEED: str(self.seed_combo.currentData()),
        }

    def _update_enabled(self) -> None:
        on = self.enabled_check.isChecked()
        for widget in (self.tokens_spin, self.percent_spin, self.seed_combo):
            widget.setEnabled(on)

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("Rollover"))
        self.enabled_check.setText(
            self.tr("&Start a fresh session before the context window is full")
        )
        self.tokens_label.setText(self.tr("At &context tokens:"))
        self.tokens_spin.setSuffix(self.tr(" tokens"))
        self.percent_label.setText(self.tr("Instead, at a &share of the model's window:"))
        self.percent_spin.setSpecialValueText(self.tr("Not used"))
        self.seed_label.setText(self.tr("Seed the &new session with:"))
        self.seed_combo.setItemText(0, self.tr("The recent turns"))
        self.seed_combo.setItemText(1, self.tr("A summary written by Claude"))
        self.setToolTip(
            self.tr(
                "The conversation keeps its SESS handle and its history; the next turn "
                "goes to a new Claude session that starts with a continuation of the old one."
            )
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
