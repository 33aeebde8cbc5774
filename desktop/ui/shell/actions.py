"""The window's actions: one QAction per command, shared by menus and shortcuts.

Later features add their commands here so the menus, the keyboard and a
command palette all reach the same QAction.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QWidget

from desktop.domain.settings import LANGUAGES, SYSTEM


class WindowActions(QObject):
    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.settings = QAction(window)
        self.settings.setShortcut(QKeySequence("Ctrl+,"))
        self.settings.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.quit = QAction(window)
        self.quit.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.full_screen = QAction(window)
        self.full_screen.setCheckable(True)
        self.full_screen.setShortcut(QKeySequence(QKeySequence.StandardKey.FullScreen))
        self.add_account = QAction(window)
        self.add_account.setShortcut(QKeySequence("Ctrl+Shift+A"))
        self.remove_account = QAction(window)
        self.change_secret = QAction(window)
        self.edit_account = QAction(window)
        self.switch_account = QAction(window)
        self.switch_account.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.switch_account.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.switch_account.setEnabled(False)  # until a conversation is shown
        self.about = QAction(window)
        self.about.setMenuRole(QAction.MenuRole.AboutRole)
        self.open_logs = QAction(window)
        self.search = QAction(window)
        self.search.setShortcuts([QKeySequence("Ctrl+K"), QKeySequence("Ctrl+F")])
        self.search.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.reindex = QAction(window)
        self.reindex.setShortcut(QKeySequence("F5"))
        self.new_conversation = QAction(window)
        self.new_conversation.setShortcut(QKeySequence(QKeySequence.StandardKey.New))
        self.stop_run = QAction(window)
        self.stop_run.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.stop_run.setEnabled(False)  # until the conversation shown has a run streaming

        self.language_group = QActionGroup(window)
        self.language_group.setExclusive(True)
        self.languages: dict[str, QAction] = {}
        for code, name in {SYSTEM: "", **LANGUAGES}.items():
            # a language's name is written in that language, never translated
            action = QAction(name, window)
            action.setCheckable(True)
            action.setData(code)
            self.language_group.addAction(action)
            self.languages[code] = action
        self.retranslate()

    def retranslate(self) -> None:
        self.settings.setText(self.tr("&Settings…"))
        self.settings.setStatusTip(self.tr("Where claude lives and the window's language"))
        self.quit.setText(self.tr("&Quit"))
        self.full_screen.setText(self.tr("&Full Screen"))
        self.add_account.setText(self.tr("&Add Account…"))
        self.add_account.setStatusTip(self.tr("Register a Claude config folder as an account"))
        self.remove_account.setText(self.tr("&Remove Account…"))
        self.change_secret.setText(self.tr("Change &Secret…"))
        self.change_secret.setStatusTip(self.tr("Give an API-key or token account a new secret"))
        self.edit_account.setText(self.tr("&Edit Account…"))
        self.edit_account.setStatusTip(
            self.tr("Change an account's config folder or how it signs in")
        )
        self.switch_account.setText(self.tr("S&witch Conversation to Account…"))
        self.switch_account.setStatusTip(
            self.tr("Go on with the conversation shown under another account")
        )
        self.about.setText(self.tr("&About Sessiondesk"))
        self.open_logs.setText(self.tr("Open &Log Folder"))
        self.open_logs.setStatusTip(
            self.tr("The audit log of every resume, replay, carry and rollover, and crash reports")
        )
        self.search.setText(self.tr("&Search Sessions…"))
        self.search.setStatusTip(self.tr("Find words in every session of every account"))
        self.reindex.setText(self.tr("&Reread Sessions"))
        self.reindex.setStatusTip(self.tr("Look for new and changed transcripts now"))
        self.new_conversation.setText(self.tr("&New Conversation"))
        self.new_conversation.setStatusTip(
            self.tr("Start a conversation with the chosen account and working folder")
        )
        self.stop_run.setText(self.tr("S&top Run"))
        self.stop_run.setStatusTip(self.tr("Stop Claude's answer; what it wrote so far is kept"))
        self.languages[SYSTEM].setText(self.tr("&System Language"))
        self.languages[SYSTEM].setStatusTip(self.tr("Speak the desktop's language"))

    def check_language(self, code: str) -> None:
        action = self.languages.get(code)
        if action is not None:
            action.setChecked(True)
