"""The settings dialog's Archive section: keep copies of transcripts (`archive.enabled`), and
how much room the archive takes.

It adds itself to a `SettingsDialog` (`attach()`), saves when the dialog is
accepted, and measures the archive off the window's thread.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QLocale
from PySide6.QtWidgets import QCheckBox, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from desktop.domain.archive import ArchiveSize
from desktop.domain.errors import SessiondeskError
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.error_text import error_text
from desktop.ui.settings.archive_removal import ArchiveRemover
from desktop.ui.settings.settings_dialog import SettingsDialog

ENABLED = "archive.enabled"


class ArchiveSection(QGroupBox):
    def __init__(self, hub: ServiceHub, dialog: SettingsDialog) -> None:
        super().__init__(dialog)
        self.setObjectName("archiveSection")
        self._hub = hub
        self._measured: ArchiveSize | str | None = None
        self._background = Background(hub.executor, self)
        self.enabled = QCheckBox(self)
        self.enabled.setObjectName("archiveEnabled")
        self.size_label = QLabel(self)
        self.size_label.setObjectName("archiveSize")
        self.size_label.setWordWrap(True)
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.enabled)
        layout.addWidget(self.hint)
        layout.addWidget(self.size_label)
        self.prune_button = QPushButton(self)
        self.prune_button.setObjectName("archivePrune")
        row = QHBoxLayout()
        row.addWidget(self.prune_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.remover = ArchiveRemover(hub, None, self)
        self.prune_button.clicked.connect(self.remover.prune)
        self.remover.said.connect(self._removed)
        try:
            self.enabled.setChecked(hub.settings.get(ENABLED) == "true")
        except SessiondeskError as exc:
            self._measured = error_text(exc)
        dialog.accepted.connect(self.save)
        self.retranslate()
        self._background.submit(hub.archive.size, self._show, self._failed)

    @classmethod
    def attach(cls, dialog: SettingsDialog, hub: ServiceHub) -> ArchiveSection:
        """Put the section at the end of the dialog's sections."""
        section = cls(hub, dialog)
        dialog.add_section(section)
        return section

    def retranslate(self) -> None:
        self.setTitle(self.tr("Archive"))
        self.enabled.setText(self.tr("&Keep a compressed copy of every transcript"))
        self.prune_button.setText(self.tr("&Prune Archive…"))
        self.hint.setText(
            self.tr(
                "Claude Code deletes transcripts after some weeks; with a copy, such a "
                "session still opens, searches, exports and continues."
            )
        )
        self._say()

    def _removed(self, said: str) -> None:
        """After a prune: what it freed, then the archive measured again."""
        self.size_label.setText(said)
        self._background.submit(self._hub.archive.size, self._show, self._failed)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _show(self, size: ArchiveSize) -> None:
        self._measured = size
        self._say()

    def _failed(self, error: BaseException) -> None:
        if not isinstance(error, SessiondeskError):
            raise error
        self._measured = error_text(error)
        self._say()

    def _say(self) -> None:
        measured = self._measured
        if measured is None:
            self.size_label.setText(self.tr("Measuring the archive…"))
        elif isinstance(measured, str):
            self.size_label.setText(measured)
        else:
            locale = QLocale()
            text = self.tr(
                "%Ln transcripts, {stored} on disk ({original} uncompressed), in {folder}",
                "",
                measured.files,
            )
            self.size_label.setText(
                text.format(
                    stored=locale.formattedDataSize(measured.stored_bytes),
                    original=locale.formattedDataSize(measured.source_bytes),
                    folder=measured.folder,
                )
            )

    def save(self) -> None:
        try:
            self._hub.settings.set(ENABLED, "true" if self.enabled.isChecked() else "false")
        except SessiondeskError as exc:
            self.size_label.setText(error_text(exc))

    def measured(self) -> ArchiveSize | str | None:
        return self._measured
