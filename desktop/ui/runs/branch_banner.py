"""The line above the composer that says the next turn continues or forks
from a chosen node of the execution tree, with a way back out."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget


class BranchBanner(QWidget):
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("branchBanner")
        self.label = QLabel(self)
        self.label.setObjectName("branchLabel")
        # wrapped, so its words never widen the transcript's column (that took ~50 px
        # from the session list on entering fork or re-run mode)
        self.label.setWordWrap(True)
        self.label.setMinimumWidth(1)
        self.label.setStyleSheet(
            "QLabel#branchLabel { background: #EFF6FF; color: #1E3A8A;"
            " border: 1px solid #93C5FD; border-radius: 6px; padding: 4px 8px; }"
        )
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("branchCancel")
        self.cancel_button.clicked.connect(self.cancelled)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 4, 16, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.cancel_button)
        self._fork = False
        self._rerun = False
        self._node = ""
        self.retranslate_ui()
        self.hide()

    def show_branch(self, *, fork: bool, node: str, rerun: bool = False) -> None:
        self._fork, self._node, self._rerun = fork, node, rerun
        self.retranslate_ui()
        self.show()

    def retranslate_ui(self) -> None:
        if self._rerun:
            text = self.tr(
                "Edit the prompt: the next turn re-runs node {node} as a new branch "
                "(the old branch stays)."
            )
        elif self._fork:
            text = self.tr("The next turn forks from node {node}: a new conversation.")
        else:
            text = self.tr("The next turn continues from node {node}.")
        self.label.setText(text.format(node=self._node))
        self.cancel_button.setText(self.tr("Cancel"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
