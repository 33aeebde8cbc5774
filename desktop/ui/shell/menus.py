"""The Session menu of the menu bar: what right-click on a session offers, for the chosen one.

It is rebuilt each time it opens, from the session list's own context menu,
so the menu bar, the right-click menu and the keyboard always agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from desktop.ui.sessions.session_list import SessionListPane

if TYPE_CHECKING:  # an annotation: the menu's commands are made after the first paint
    from desktop.ui.sessions.context_menu import SessionMenu


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
