"""The command palette (Ctrl+Shift+P): every action of the window, found by typing.

Commands are collected each time the palette opens, from the window's menu
bar (sub-menus included, each asked to fill itself first as if opened), its
tool bars and the actions added to the window itself. A feature that puts a
QAction in a menu is therefore in the palette without being listed here.
Each row says where the action lives ("View › Language › Español") and shows
its shortcuts; disabled actions are left out, since they cannot run now.

Typing filters fuzzily (`fuzzy.rank`); Up and Down choose, Enter runs the
chosen command, Esc closes and gives the focus back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QMainWindow,
    QMenu,
    QToolBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from desktop.ui.search.search_panel import SearchEdit
from desktop.ui.shell.fuzzy import rank

SEPARATOR = " › "
WIDTH = 620
VISIBLE_ROWS = 12
_MNEMONIC = re.compile(r"\s*\(&\w\)|&(?=[^&])")


def plain(text: str) -> str:
    """A menu text without its mnemonic: "&File" and "文件(&F)" become "File" and "文件"."""
    return _MNEMONIC.sub("", text).replace("&&", "&").strip()


def shortcut_text(action: QAction) -> str:
    native = QKeySequence.SequenceFormat.NativeText
    return ", ".join(key.toString(native) for key in action.shortcuts() if not key.isEmpty())


@dataclass(frozen=True, slots=True)
class Command:
    action: QAction
    label: str
    """Where it lives and what it is called: "File › Settings…"."""
    shortcut: str


def window_commands(window: QMainWindow, leave_out: QAction | None = None) -> list[Command]:
    """Every enabled action of the window's menus, tool bars and own actions, once each."""
    found: list[Command] = []
    seen: set[int] = set() if leave_out is None else {id(leave_out)}

    def walk(actions: list[QAction], path: tuple[str, ...]) -> None:
        for action in actions:
            if action.isSeparator() or not action.isVisible() or id(action) in seen:
                continue
            seen.add(id(action))
            menu = action.menu()
            if isinstance(menu, QMenu):
                menu.aboutToShow.emit()  # menus that fill themselves when opened
                walk(menu.actions(), (*path, plain(menu.title() or action.text())))
            elif action.isEnabled() and plain(action.text()):
                label = SEPARATOR.join((*path, plain(action.text())))
                found.append(Command(action, label, shortcut_text(action)))

    walk(window.menuBar().actions(), ())
    for bar in window.findChildren(QToolBar):
        walk(bar.actions(), ())
    walk(window.actions(), ())
    return found


class CommandPalette(QFrame):
    """A box over the top of the window with the matching commands under it."""

    def __init__(self, window: QMainWindow, menu: QMenu | None = None) -> None:
        super().__init__(window)
        self.setObjectName("commandPalette")
        self._window = window
        self._commands: list[Command] = []
        self._return_focus: QWidget | None = None
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "QFrame#commandPalette { background: palette(base); border: 1px solid palette(mid);"
            " border-radius: 6px; }"
        )
        self.open_action = QAction(window)
        self.open_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.open_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.open_action.triggered.connect(self.open)
        window.addAction(self.open_action)
        if menu is not None:
            first = menu.actions()[0] if menu.actions() else None
            menu.insertAction(first, self.open_action)  # type: ignore[arg-type]
            menu.insertSeparator(first)  # type: ignore[arg-type]

        self.edit = SearchEdit(self)
        self.edit.setObjectName("paletteQuery")
        self.edit.setClearButtonEnabled(True)
        self.list = QTreeWidget(self)
        self.list.setObjectName("paletteCommands")
        self.list.setColumnCount(2)
        self.list.setHeaderHidden(True)
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setFrameShape(QFrame.Shape.NoFrame)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # typing stays in the box
        self.list.setStyleSheet("QTreeWidget#paletteCommands::item { padding: 3px 2px; }")
        self.list.itemClicked.connect(lambda _item, _column: self.run_current())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addWidget(self.edit)
        layout.addWidget(self.list)
        self.edit.textChanged.connect(self._filter)
        self.edit.stepped.connect(self._step)
        self.edit.entered.connect(self.run_current)
        self.edit.escaped.connect(self.close_palette)
        self.edit.focus_lost.connect(self._focus_lost)
        window.installEventFilter(self)
        self.hide()
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.open_action.setText(self.tr("Command &Palette…"))
        self.open_action.setStatusTip(self.tr("Find any command of the window by typing"))
        self.edit.setPlaceholderText(self.tr("Type a command"))
        self.edit.setAccessibleName(self.tr("Command"))
        self.list.setAccessibleName(self.tr("Commands"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Resize and self.isVisible():
            self._place()
        return False

    # -- open and close --------------------------------------------------------------

    def open(self) -> None:
        if self.isVisible():
            self.edit.selectAll()
            return
        focused = QApplication.focusWidget()
        self._return_focus = focused if focused is not None and focused is not self.edit else None
        self._commands = window_commands(self._window, self.open_action)
        self.edit.clear()
        self._filter("")
        self._place()
        self.show()
        self.raise_()
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def close_palette(self) -> None:
        if not self.isVisible():
            return
        self.hide()
        if self._return_focus is not None:
            self._return_focus.setFocus(Qt.FocusReason.PopupFocusReason)
        self._return_focus = None

    def _focus_lost(self) -> None:
        # a click outside closes the palette; a click on a row runs it first
        if not self.list.underMouse():
            self.close_palette()

    def _place(self) -> None:
        width = min(WIDTH, max(240, self._window.width() - 40))
        rows = max(1, min(VISIBLE_ROWS, self.list.topLevelItemCount()))
        row_height = self.list.sizeHintForRow(0)
        if row_height <= 0:
            row_height = self.fontMetrics().height() + 8
        margins = self.layout().contentsMargins()
        height = (self.edit.sizeHint().height() + self.layout().spacing() + rows * row_height
                  + 2 * self.list.frameWidth() + margins.top() + margins.bottom() + 4)  # fmt: skip
        top = self._window.menuBar().height() + 6
        self.setGeometry((self._window.width() - width) // 2, top, width, height)
        self.list.setColumnWidth(0, int(width * 0.68))

    # -- choosing ----------------------------------------------------------------------

    def shown(self) -> list[Command]:
        """The commands listed now, in their order."""
        return [
            self._commands[self.list.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole)]
            for i in range(self.list.topLevelItemCount())
        ]

    def _filter(self, query: str) -> None:
        self.list.clear()
        labels = [c.label for c in self._commands]
        order = rank(query, labels) if query.strip() else list(range(len(labels)))
        for index in order:
            command = self._commands[index]
            item = QTreeWidgetItem([command.label, command.shortcut])
            item.setData(0, Qt.ItemDataRole.UserRole, index)
            item.setToolTip(0, command.action.statusTip() or command.label)
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.list.addTopLevelItem(item)
        if self.list.topLevelItemCount():
            self.list.setCurrentItem(self.list.topLevelItem(0))
        if self.isVisible():
            self._place()

    def _step(self, delta: int) -> None:
        count = self.list.topLevelItemCount()
        if count:
            row = self.list.indexOfTopLevelItem(self.list.currentItem())
            self.list.setCurrentItem(self.list.topLevelItem((row + delta) % count))

    def run_current(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        action = self._commands[item.data(0, Qt.ItemDataRole.UserRole)].action
        self.close_palette()
        # a menu that rebuilt itself while the palette was open may have deleted the action
        if isValid(action) and action.isEnabled():
            action.trigger()
