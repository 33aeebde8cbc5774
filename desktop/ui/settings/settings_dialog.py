"""The settings dialog: where `claude` lives, which language the window speaks,
its colours, which folders' sessions are listed, (its own section,
`carry_section`) what switching accounts carries, and when a conversation
rolls over to a fresh session (`RolloverSettings`).

Values are saved through SettingsService (keys `claude.path`, `language`,
`ui.theme`, `sessions.roots`) when OK is pressed; a bad `claude` path keeps
the dialog open with an inline error rather than saving something that
cannot run.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPalette, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.errors import SessiondeskError
from desktop.domain.settings import LANGUAGES, SYSTEM, THEMES
from desktop.services.settings import SettingsService
from desktop.ui.accounts.account_dialogs import error_label
from desktop.ui.common.error_text import error_text
from desktop.ui.settings.carry_section import CarrySection
from desktop.ui.settings.rollover_settings import RolloverSettings
from desktop.ui.settings.roots_editor import FolderListEditor

CLAUDE_PATH = "claude.path"
LANGUAGE = "language"
ROOTS = "sessions.roots"
THEME = "ui.theme"


class SettingsDialog(QDialog):
    language_chosen = Signal(str)
    """Emitted on OK with the chosen language code (saved already)."""
    roots_changed = Signal()
    """Emitted on OK when the listed folders changed (saved already)."""
    theme_chosen = Signal(str)
    """Emitted on OK with the chosen theme: system, light or dark (saved already)."""

    def __init__(
        self,
        settings: SettingsService,
        claude_override: str | None = None,
        parent: QWidget | None = None,
        accounts: list[str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self._settings = settings
        self._override = claude_override
        self._roots: list[str] = []
        self._sized = False
        self.claude_path_edit = QLineEdit(self)
        self.claude_path_edit.setClearButtonEnabled(True)
        self.claude_path_edit.textEdited.connect(self._clear_path_error)
        self.browse_button = QPushButton(self)
        self.browse_button.clicked.connect(self._browse)
        self.path_error_label = error_label(self)
        self.override_note = QLabel(self)
        self.override_note.setWordWrap(True)
        self.override_note.setVisible(bool(claude_override))
        self.language_combo = QComboBox(self)
        self.language_combo.addItem("", SYSTEM)
        for code, name in LANGUAGES.items():
            self.language_combo.addItem(name, code)  # each language in its own words
        self.theme_combo = QComboBox(self)
        for theme in THEMES:
            self.theme_combo.addItem("", theme)
        self.roots_editor = FolderListEditor(self)
        self.roots_hint = QLabel(self)
        self.roots_hint.setWordWrap(True)
        self.roots_hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.carry_section = CarrySection(accounts or [], self)
        self.rollover = RolloverSettings(self)
        self.error_label = error_label(self)
        self.button_box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.button_box.accepted.connect(self.accept)
        self.button_box.rejected.connect(self.reject)

        path_row = QHBoxLayout()
        path_row.addWidget(self.claude_path_edit, 1)
        path_row.addWidget(self.browse_button)
        self.claude_label = QLabel(self)
        self.claude_label.setBuddy(self.claude_path_edit)
        self.language_label = QLabel(self)
        self.language_label.setBuddy(self.language_combo)
        form = QFormLayout()
        form.addRow(self.claude_label, path_row)
        form.addRow("", self.path_error_label)
        form.addRow("", self.override_note)
        form.addRow(self.language_label, self.language_combo)
        self.theme_label = QLabel(self)
        self.theme_label.setBuddy(self.theme_combo)
        form.addRow(self.theme_label, self.theme_combo)
        self.roots_label = QLabel(self)
        self.roots_label.setBuddy(self.roots_editor.list)
        form.addRow(self.roots_label, self.roots_editor)
        form.addRow("", self.roots_hint)
        # the sections scroll on a short screen; the error and the buttons stay in view
        self.page = QWidget(self)
        self._sections = QVBoxLayout(self.page)
        self._sections.setContentsMargins(0, 0, 0, 0)
        self._sections.addLayout(form)
        self._sections.addWidget(self.carry_section)
        self._sections.addWidget(self.rollover)
        self._sections.addStretch(1)
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(self.page)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.error_label)
        layout.addWidget(self.button_box)
        self.setMinimumWidth(560)
        self._load()
        self.retranslate_ui()

    def add_section(self, section: QWidget) -> None:
        """Put another part's section at the end of the scrolled page."""
        self._sections.insertWidget(self._sections.count() - 1, section)  # before the stretch

    def showEvent(self, event: QShowEvent) -> None:
        """As tall as the page, up to nine tenths of the screen (the rest scrolls)."""
        if not self._sized:
            self._sized = True
            screen = (self.parentWidget() or self).screen().availableGeometry()
            bar = self.scroll.verticalScrollBar().sizeHint().width()
            width = max(self.width(), self.page.sizeHint().width() + bar + 24)
            margins = self.layout().contentsMargins()
            chrome = self.button_box.sizeHint().height() + margins.top() + margins.bottom() + 12
            height = self.page.sizeHint().height() + chrome
            most = screen.size() * 0.9
            self.resize(min(width, most.width()), min(height, most.height()))
        super().showEvent(event)

    def _load(self) -> None:
        try:
            self.claude_path_edit.setText(self._settings.get(CLAUDE_PATH))
            language = self._settings.get(LANGUAGE)
            theme = self._settings.get(THEME)
            self._roots = self._stored_roots()
            self.roots_editor.set_folders(self._roots)
            self.carry_section.load(self._settings)
            self.rollover.load(self._settings)
        except SessiondeskError as exc:
            self.error_label.setText(error_text(exc))
            self.error_label.show()
            language = theme = SYSTEM
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(language)))
        self.theme_combo.setCurrentIndex(max(0, self.theme_combo.findData(theme)))

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        self.claude_label.setText(self.tr("&Claude Code program:"))
        self.claude_path_edit.setPlaceholderText(self.tr("Empty: look for claude on the PATH"))
        self.browse_button.setText(self.tr("&Browse…"))
        self.language_label.setText(self.tr("&Language:"))
        self.language_combo.setItemText(0, self.tr("Same as the system"))
        self.theme_label.setText(self.tr("&Theme:"))
        for index, name in enumerate(
            (self.tr("Same as the system"), self.tr("Light"), self.tr("Dark"))
        ):
            self.theme_combo.setItemText(index, name)
        self.roots_label.setText(self.tr("Session &folders:"))
        self.roots_hint.setText(
            self.tr(
                "Only sessions started in these folders (or below them) are listed and "
                "searched. Leave the list empty to see every session."
            )
        )
        if self._override:
            self.override_note.setText(
                self.tr("This run uses {path}, given with --claude on the command line.").format(
                    path=self._override
                )
            )
        if self.path_error_label.isVisibleTo(self):
            self._show_path_error(self.path_problem(self.claude_path_edit.text()))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _stored_roots(self) -> list[str]:
        try:
            value = json.loads(self._settings.get(ROOTS) or "[]")
        except ValueError:
            return []
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

    def chosen_language(self) -> str:
        return str(self.language_combo.currentData())

    def chosen_theme(self) -> str:
        return str(self.theme_combo.currentData())

    def path_problem(self, text: str) -> str | None:
        """Why `text` cannot be the claude program, or None when it can (or is empty)."""
        if not text.strip():
            return None
        path = Path(os.path.expanduser(text.strip()))
        if not path.exists():
            return self.tr("There is no file at this path.")
        if path.is_dir():
            return self.tr("This is a folder; choose the claude program inside it.")
        if not os.access(path, os.X_OK):
            return self.tr("This file is not executable.")
        return None

    def _show_path_error(self, problem: str | None) -> None:
        self.path_error_label.setText(problem or "")
        self.path_error_label.setVisible(problem is not None)

    def _clear_path_error(self) -> None:
        self._show_path_error(None)

    def _browse(self) -> None:
        current = self.claude_path_edit.text().strip()
        start = str(Path(os.path.expanduser(current)).parent) if current else str(Path.home())
        chosen, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Choose the claude program"), start
        )
        if chosen:
            self.claude_path_edit.setText(chosen)
            self._show_path_error(self.path_problem(chosen))

    def accept(self) -> None:
        text = self.claude_path_edit.text().strip()
        problem = self.path_problem(text)
        if problem is not None:
            self._show_path_error(problem)
            self.claude_path_edit.setFocus()
            return
        stored = str(Path(os.path.expanduser(text)).absolute()) if text else ""
        language = self.chosen_language()
        roots = self.roots_editor.folders()
        try:
            self._settings.set(CLAUDE_PATH, stored)
            self._settings.set(LANGUAGE, language)
            self._settings.set(THEME, self.chosen_theme())
            self._settings.set(ROOTS, json.dumps(roots))
            self.carry_section.save(self._settings)
            for key, value in self.rollover.values().items():
                self._settings.set(key, value)
        except SessiondeskError as exc:
            self.error_label.setText(error_text(exc))
            self.error_label.show()
            return
        if roots != self._roots:
            self.roots_changed.emit()
        self.language_chosen.emit(language)
        self.theme_chosen.emit(self.chosen_theme())
        super().accept()
