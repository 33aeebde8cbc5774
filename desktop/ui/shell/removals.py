"""Where the window offers its removals, each of which asks first.

Delete Conversation… is in the Conversation menu (greyed there while no
conversation is shown; its key says so in the status bar instead), in the
session list's menu, and on Delete in the list or the execution tree.
Remove Archived Copy… is in the session list's menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu, QWidget

from desktop.services.hub import ServiceHub
from desktop.ui.common.status import StatusBar
from desktop.ui.sessions.session_browser import SessionBrowser

if TYPE_CHECKING:  # they load with the parts built after the first paint
    from desktop.ui.conversations.conversation_pane import ConversationPane
    from desktop.ui.conversations.delete_conversation import ConversationDeleter
    from desktop.ui.settings.archive_removal import ArchiveRemover


def offer_removals(
    hub: ServiceHub,
    window: QWidget,
    status: StatusBar,
    *,
    menu: QMenu,
    pane: ConversationPane,
    sessions: SessionBrowser,
) -> tuple[ConversationDeleter, ArchiveRemover]:
    """Make the two removals and put them where they are offered; `menu` is the
    Conversation menu."""
    from desktop.ui.conversations.delete_conversation import ConversationDeleter
    from desktop.ui.settings.archive_removal import ArchiveRemover

    deleter = ConversationDeleter(hub, status, window)
    action = deleter.action
    action.triggered.connect(lambda: deleter.ask(pane.conversation()))
    menu.addSeparator()
    menu.addAction(action)
    menu.aboutToShow.connect(lambda: action.setEnabled(pane.conversation() is not None))
    menu.aboutToHide.connect(lambda: action.setEnabled(True))
    pane.tree.addAction(action)
    sessions.pane.view.addAction(action)
    sessions.menu.delete_requested.connect(deleter.ask)
    remover = ArchiveRemover(hub, status, window)
    sessions.menu.remove_copy_requested.connect(remover.remove_copy)
    return deleter, remover
