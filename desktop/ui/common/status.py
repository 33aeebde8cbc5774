"""The window's status bar: passing messages, a progress meter, a summary.

Long work (indexing, a streaming run) reports through `show_progress()` and
ends with `hide_progress()`; short news goes through `notify()`.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QWidget

NOTIFY_MS = 6000


class StatusBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statusBar")
        self.progress_label = QLabel(self)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setMaximumWidth(180)
        self.progress_bar.setMaximumHeight(14)
        self.progress_bar.setTextVisible(False)
        self.summary_label = QLabel(self)
        self.summary_label.setObjectName("statusSummary")
        self.addPermanentWidget(self.progress_label)
        self.addPermanentWidget(self.progress_bar)
        self.addPermanentWidget(self.summary_label)
        self.hide_progress()

    def notify(self, text: str, timeout_ms: int = NOTIFY_MS) -> None:
        """A message that goes away by itself."""
        self.showMessage(text, timeout_ms)

    def set_summary(self, text: str) -> None:
        """The permanent text at the right end (counts, running runs)."""
        self.summary_label.setText(text)

    def show_progress(self, text: str, done: int = 0, total: int | None = None) -> None:
        """Show work in progress; with no `total` the bar just says "busy"."""
        self.progress_label.setText(text)
        if total is None or total <= 0:
            self.progress_bar.setRange(0, 0)
        else:
            self.progress_bar.setRange(0, total)
            self.progress_bar.setValue(max(0, min(done, total)))
        self.progress_label.show()
        self.progress_bar.show()

    def hide_progress(self) -> None:
        self.progress_label.hide()
        self.progress_bar.hide()
        # a busy bar animates on a timer: stop it when nobody sees it
        self.progress_bar.setRange(0, 1)
        self.progress_label.clear()

    def progress_visible(self) -> bool:
        return not self.progress_bar.isHidden()
