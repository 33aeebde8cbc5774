"""The composer's Model and Permission mode choices.

The models are the ones `claude` lists for the account (its answer to
`initialize`), asked for the first time the list is opened: no process starts
for a person who never looks. "Default" leaves the choice to claude (no
`--model`, no `--permission-mode`). Plan mode, and bypass, stand out.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from desktop.domain.run_modes import BYPASS, PERMISSION_MODES, PLAN, ModelOption
from desktop.ui.common.run_mode_words import BYPASS_STYLE, PLAN_STYLE, mode_name, mode_tip

TIP = Qt.ItemDataRole.ToolTipRole
MODEL_WIDTH_PX = 220


class ModelCombo(QComboBox):
    """Asks for its models (`wanted`) when its list is first opened."""

    wanted = Signal()

    def showPopup(self) -> None:
        self.wanted.emit()
        super().showPopup()


class ModeChoices(QWidget):
    changed = Signal()
    """The person picked another model or mode."""
    models_wanted = Signal()
    """The model list was opened and the account's models are not known yet."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loaded = False
        self._note = ""
        """Why the list holds no models (claude could not say), for the tooltip."""
        self.model_label = QLabel(self)
        self.model_combo = ModelCombo(self)
        self.model_combo.setObjectName("modelPicker")
        # as wide as its longest entry: a shown name is never cut
        self.model_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.model_combo.setMaximumWidth(MODEL_WIDTH_PX)  # a cloud provider's long id aside
        self.mode_label = QLabel(self)
        self.mode_combo = QComboBox(self)
        self.mode_combo.setObjectName("permissionModePicker")
        self.mode_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for mode in PERMISSION_MODES:
            self.mode_combo.addItem("", mode)
        self.model_label.setBuddy(self.model_combo)
        self.mode_label.setBuddy(self.mode_combo)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.model_label)
        layout.addWidget(self.model_combo)
        layout.addSpacing(8)
        layout.addWidget(self.mode_label)
        layout.addWidget(self.mode_combo)
        # with the rollover line hidden (no context yet) the row is all this widget's:
        # the choices stay by their labels instead of spreading over the width
        layout.addStretch(1)
        self.model_combo.wanted.connect(self._want_models)
        self.model_combo.activated.connect(lambda _i: self.changed.emit())
        self.mode_combo.activated.connect(self._mode_picked)
        self.mode_combo.currentIndexChanged.connect(lambda _i: self._style_mode())
        self.retranslate_ui()
        self._fill_models([], None)

    # -- what the window sets ----------------------------------------------------------

    def set_models(self, options: list[ModelOption], note: str = "") -> None:
        """The account's models (empty with `note`: claude could not list them)."""
        self._loaded = True
        self._note = note
        self._fill_models(options, self.model())

    def forget_models(self) -> None:
        """Another account: its models are asked for again when the list opens."""
        self._loaded = False
        self._fill_models([], self.model())

    def set_choice(self, model: str | None, mode: str | None) -> None:
        """Show a conversation's remembered choice (None: claude's default)."""
        found = self.model_combo.findData(model or "")
        if found < 0 and model:  # not among the listed ones (chosen on the command line)
            self.model_combo.addItem(model, model)
            found = self.model_combo.count() - 1
        self.model_combo.setCurrentIndex(max(found, 0))
        self.mode_combo.setCurrentIndex(max(self.mode_combo.findData(mode or "default"), 0))

    # -- what the window reads ---------------------------------------------------------

    def model(self) -> str | None:
        data = self.model_combo.currentData()
        return data if isinstance(data, str) and data else None

    def permission_mode(self) -> str | None:
        data = self.mode_combo.currentData()
        return data if isinstance(data, str) and data != "default" else None

    def models_loaded(self) -> bool:
        return self._loaded

    # -- inside ------------------------------------------------------------------------

    def _want_models(self) -> None:
        if not self._loaded:
            self.models_wanted.emit()

    def _mode_picked(self, _index: int) -> None:
        self.changed.emit()

    def _fill_models(self, options: list[ModelOption], keep: str | None) -> None:
        combo = self.model_combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(self.tr("Default"), "")
        combo.setItemData(0, self.tr("Claude's own choice for this account"), TIP)
        for option in options:
            combo.addItem(option.label, option.value)
            if option.resolved:
                combo.setItemData(combo.count() - 1, option.resolved, TIP)
        if not self._loaded:
            combo.addItem(self.tr("Loading…"), None)
            # shown, not chosen: the list fills in under it
            combo.setItemData(combo.count() - 1, 0, Qt.ItemDataRole.UserRole - 1)
        combo.blockSignals(False)
        self.set_choice(keep, self.mode_combo.currentData())
        combo.setToolTip(self._note or self.tr("The model this conversation's turns ask for"))

    def _style_mode(self) -> None:
        mode = self.mode_combo.currentData()
        style = {PLAN: PLAN_STYLE, BYPASS: BYPASS_STYLE}.get(mode, "")
        sheet = f"QComboBox#permissionModePicker {{ {style} }}" if style else ""
        self.mode_combo.setStyleSheet(sheet)
        self.mode_combo.setToolTip(mode_tip(mode))

    def retranslate_ui(self) -> None:
        self.model_label.setText(self.tr("&Model:"))
        self.mode_label.setText(self.tr("Mo&de:"))
        self.model_combo.setAccessibleName(self.tr("Model"))
        self.mode_combo.setAccessibleName(self.tr("Permission mode"))
        for index in range(self.mode_combo.count()):
            mode = self.mode_combo.itemData(index)
            self.mode_combo.setItemText(index, mode_name(mode))
            self.mode_combo.setItemData(index, mode_tip(mode), TIP)
        if self.model_combo.count():
            self.model_combo.setItemText(0, self.tr("Default"))
        self._style_mode()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
