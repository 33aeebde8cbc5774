"""The Session menu of the menu bar: what right-click on a session offers, for the chosen one.

It is rebuilt each time it opens, from the session list's own context menu,
so the menu bar, the right-click menu and the keyboard always agree.
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from desktop.ui.sessions.context_menu import SessionMenu
from desktop.ui.sessions.session_list import SessionListPane


def fill_session_menu(menu: QMenu, pane: SessionListPane, actions: SessionMenu) -> None:
    menu.clear()
    record = pane.selected_record()
    if record is None:
        none = QAction(menu.tr("Choose a session in the list first"), menu)
        none.setEnabled(False)
        menu.addAction(none)
        return
    source = actions.build(record)
    for action in source.actions():
        action.setParent(menu)  # the right-click menu that made them is thrown away
        menu.addAction(action)
    source.deleteLater()
