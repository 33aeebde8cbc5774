"""The bundles page: list, create, rename, describe and fill bundles, in order.

Editing a bundle is a few rows of SQLite, done at once; export and import
(whole transcripts) run off the window's thread (`BundleFiles`), and "Load
context" asks its questions in `LoadContextDialog`. Every refusal is said in
the window's words in the line under the lists, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QWidget,
)

from desktop.domain.errors import SessiondeskError
from desktop.domain.references import number_of_link
from desktop.services.hub import ServiceHub
from desktop.ui.common.error_text import error_text
from desktop.ui.common.reference_links import linked_html
from desktop.ui.library.bundles_layout import lay_out

if TYPE_CHECKING:  # the bundles service loads when the page first shows one
    from desktop.domain.bundles import Bundle
    from desktop.services.bundles import ItemView


class BundlesPage(QDialog):
    load_requested = Signal(str)
    """The name of a bundle whose context the person wants to start a turn with."""
    export_requested = Signal(str)
    import_requested = Signal()
    reference_activated = Signal(int)
    """A `[[SESS-042]]` link in a note was clicked (its number)."""

    def __init__(self, hub: ServiceHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bundlesPage")
        self.setWindowFlag(Qt.WindowType.Window)
        self._hub = hub
        self.bundle: Bundle | None = None
        self.views: list[ItemView] = []
        self.prompt: QInputDialog | None = None
        """The open question (a name, a note, an item), for tests and to close it."""

        self.bundle_list = QListWidget(self)
        self.bundle_list.setObjectName("bundleList")
        self.new_button = self._button("bundleNew", self.ask_create)
        self.rename_button = self._button("bundleRename", self.ask_rename)
        self.delete_button = self._button("bundleDelete", self.delete_current)
        self.import_button = self._button("bundleImport", self.import_requested.emit)
        self.list_label = QLabel(self)
        self.list_label.setBuddy(self.bundle_list)

        self.description_label = QLabel(self)
        self.description = QPlainTextEdit(self)
        self.description.setObjectName("bundleDescription")
        self.description.setMaximumHeight(80)
        self.description_label.setBuddy(self.description)
        self.save_description = self._button("bundleSaveDescription", self.describe)
        self.items_label = QLabel(self)
        self.item_list = QListWidget(self)
        self.item_list.setObjectName("bundleItems")
        self.item_list.setWordWrap(True)
        self.items_label.setBuddy(self.item_list)
        # a note's whole text, its references as links that open their conversations
        self.note_text = QLabel(self)
        self.note_text.setObjectName("bundleNoteText")
        self.note_text.setWordWrap(True)
        self.note_text.setTextFormat(Qt.TextFormat.RichText)
        self.note_text.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.note_text.linkActivated.connect(self._link)
        self.note_text.hide()
        self.item_list.currentRowChanged.connect(self._show_note)
        self.up_button = self._button("bundleUp", lambda: self.move(-1))
        self.down_button = self._button("bundleDown", lambda: self.move(1))
        self.remove_button = self._button("bundleRemove", self.remove_current)
        self.note_button = self._button("bundleNote", self.ask_note)
        self.add_button = self._button("bundleAdd", self.ask_item)
        self.load_button = self._button("bundleLoad", self._load)
        self.export_button = self._button("bundleExport", self._export)
        self.load_button.setDefault(True)
        self.message = QLabel(self)
        self.message.setObjectName("bundleMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)  # busy: export and import say no fractions
        self.progress.setMaximumWidth(160)
        self.progress.hide()
        lay_out(self, self)

        self.bundle_list.currentTextChanged.connect(self._chosen)
        self.item_list.currentRowChanged.connect(self._enable)
        self.resize(900, 560)
        self.retranslate()  # the bundles are read when the page opens, not with the window

    def _button(self, name: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(self)
        button.setObjectName(name)
        button.setAutoDefault(False)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    # -- text ----------------------------------------------------------------------

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Bundles"))
        self.list_label.setText(self.tr("&Bundles:"))
        self.new_button.setText(self.tr("&New…"))
        self.rename_button.setText(self.tr("Re&name…"))
        self.delete_button.setText(self.tr("&Delete"))
        self.import_button.setText(self.tr("&Import…"))
        self.description_label.setText(self.tr("D&escription:"))
        self.save_description.setText(self.tr("&Save"))
        self.items_label.setText(self.tr("I&tems, in the order they are loaded:"))
        self.up_button.setText(self.tr("&Up"))
        self.down_button.setText(self.tr("Do&wn"))
        self.remove_button.setText(self.tr("&Remove"))
        self.add_button.setText(self.tr("&Add…"))
        self.note_button.setText(self.tr("Add N&ote…"))
        self.load_button.setText(self.tr("&Load Context…"))
        self.load_button.setToolTip(self.tr("Start a new conversation seeded with these items"))
        self.export_button.setText(self.tr("E&xport…"))
        self.up_button.setAccessibleName(self.tr("Move the item up"))
        self.down_button.setAccessibleName(self.tr("Move the item down"))
        self._fill_items()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def item_text(self, view: ItemView) -> str:
        account = f" ({view.account})" if view.account else ""
        if view.kind == "note":
            return self.tr("Note: {text}").format(text=view.text or "")
        if view.kind == "conversation":
            return f"{view.code or ''} · {view.title or ''}{account}"
        title = view.title or self.tr("(no longer listed)")
        return self.tr("Session {id} · {title}").format(id=(view.ref or "")[:8], title=title) + (
            account
        )

    # -- showing -------------------------------------------------------------------

    def _show_note(self, row: int) -> None:
        view = self.views[row] if 0 <= row < len(self.views) else None
        text = view.text if view is not None and view.kind == "note" else None
        self.note_text.setText(linked_html(text) if text else "")
        self.note_text.setVisible(bool(text))

    def _link(self, link: str) -> None:
        number = number_of_link(link)
        if number is not None:
            self.reference_activated.emit(number)

    def reload(self, choose: str | None = None) -> None:
        """Read the bundles again, keeping (or choosing) one."""
        wanted = choose or (self.bundle.name if self.bundle else None)
        try:
            bundles = self._hub.bundles.list()
        except SessiondeskError as exc:
            self.say(error_text(exc))
            return
        self.bundle_list.blockSignals(True)
        self.bundle_list.clear()
        for bundle in bundles:
            self.bundle_list.addItem(bundle.name)
        self.bundle_list.blockSignals(False)
        names = [b.name for b in bundles]
        row = names.index(wanted) if wanted in names else (0 if names else -1)
        self.bundle_list.setCurrentRow(row)
        if row < 0:
            self._show(None)
        else:
            self._chosen(names[row])

    def _chosen(self, name: str) -> None:
        if not name:
            self._show(None)
            return
        try:
            self._show(self._hub.bundles.get(name))
        except SessiondeskError as exc:
            self.say(error_text(exc))
            self._show(None)

    def _show(self, bundle: Bundle | None, row: int | None = None) -> None:
        self.bundle = bundle
        self.description.setPlainText(bundle.description if bundle else "")
        self.views = self._hub.bundles.views(bundle) if bundle else []
        self._fill_items(row)

    def _fill_items(self, row: int | None = None) -> None:
        keep = self.item_list.currentRow() if row is None else row
        self.item_list.clear()
        for view in self.views:
            item = QListWidgetItem(f"{view.index}. {self.item_text(view)}")
            item.setToolTip(view.text or view.title or view.ref or "")
            self.item_list.addItem(item)
        if self.views:
            self.item_list.setCurrentRow(min(max(keep, 0), len(self.views) - 1))
        self._enable()

    def _enable(self, *_args: object) -> None:
        chosen = self.bundle is not None
        row = self.item_list.currentRow()
        for widget in (self.rename_button, self.delete_button, self.description,
                       self.save_description, self.add_button, self.note_button,
                       self.export_button):  # fmt: skip
            widget.setEnabled(chosen)
        self.load_button.setEnabled(chosen and bool(self.views))
        self.remove_button.setEnabled(row >= 0)
        self.up_button.setEnabled(row > 0)
        self.down_button.setEnabled(0 <= row < len(self.views) - 1)

    def say(self, text: str) -> None:
        self.message.setText(text)

    def busy(self, text: str | None) -> None:
        """Long work under way (`text`), or over (None): the page waits for it."""
        self.progress.setVisible(text is not None)
        if text is not None:
            for button in (self.import_button, self.export_button, self.load_button):
                button.setEnabled(False)
            self.say(text)
        else:
            self.import_button.setEnabled(True)
            self._enable()

    # -- editing -------------------------------------------------------------------

    def _edit(self, change: Callable[[], Bundle | None], done: str, row: int | None = None) -> bool:
        try:
            bundle = change()
        except SessiondeskError as exc:
            self.say(error_text(exc))
            return False
        if bundle is not None and bundle.name != (self.bundle.name if self.bundle else None):
            self.reload(bundle.name)
        elif bundle is not None:
            self._show(bundle, row)
        else:
            self.reload()
        self.say(done)
        return True

    def create(self, name: str, description: str = "") -> bool:
        created = self.tr("Created the bundle “{name}”.").format(name=name.strip())
        return self._edit(lambda: self._hub.bundles.create(name, description), created)

    def rename(self, new_name: str) -> bool:
        if self.bundle is None:
            return False
        old = self.bundle.name
        done = self.tr("Renamed to “{name}”.").format(name=new_name.strip())
        return self._edit(lambda: self._hub.bundles.rename(old, new_name), done)

    def describe(self) -> bool:
        if self.bundle is None:
            return False
        name, text = self.bundle.name, self.description.toPlainText()
        return self._edit(lambda: self._hub.bundles.describe(name, text),
                          self.tr("Description saved."))  # fmt: skip

    def delete_current(self) -> bool:
        if self.bundle is None:
            return False
        name = self.bundle.name

        def gone() -> None:
            self._hub.bundles.delete(name)
            self.bundle = None

        return self._edit(gone, self.tr("Deleted the bundle “{name}”.").format(name=name))

    def add_refs(self, refs: list[str]) -> bool:
        if self.bundle is None or not refs:
            return False
        name = self.bundle.name
        return self._edit(lambda: self._hub.bundles.add(name, refs), self.tr("Added."),
                          row=len(self.views) + len(refs) - 1)  # fmt: skip

    def add_note(self, text: str) -> bool:
        if self.bundle is None:
            return False
        name = self.bundle.name
        return self._edit(lambda: self._hub.bundles.note(name, text), self.tr("Note added."),
                          row=len(self.views))  # fmt: skip

    def move(self, step: int) -> bool:
        row = self.item_list.currentRow()
        if self.bundle is None or not 0 <= row + step < len(self.views) or row < 0:
            return False
        name = self.bundle.name
        return self._edit(lambda: self._hub.bundles.move(name, row + 1, row + 1 + step),
                          self.tr("Moved."), row=row + step)  # fmt: skip

    def remove_current(self) -> bool:
        row = self.item_list.currentRow()
        if self.bundle is None or row < 0:
            return False
        name = self.bundle.name
        return self._edit(lambda: self._hub.bundles.remove(name, str(row + 1)),
                          self.tr("Removed from the bundle."), row=row)  # fmt: skip

    # -- questions -----------------------------------------------------------------

    def _ask(self, title: str, label: str, answer: Callable[[str], object], text: str = "",
             multiline: bool = False) -> QInputDialog:  # fmt: skip
        dialog = QInputDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        if multiline:
            dialog.setOption(QInputDialog.InputDialogOption.UsePlainTextEditForTextInput)
        dialog.setTextValue(text)
        dialog.textValueSelected.connect(answer)
        self.prompt = dialog
        dialog.open()
        return dialog

    def ask_create(self) -> QInputDialog:
        return self._ask(self.tr("New bundle"), self.tr("A name for the bundle:"), self.create)

    def ask_rename(self) -> QInputDialog | None:
        if self.bundle is None:
            return None
        return self._ask(self.tr("Rename bundle"), self.tr("A new name for the bundle:"),
                         self.rename, self.bundle.name)  # fmt: skip

    def ask_note(self) -> QInputDialog:
        return self._ask(self.tr("Add a note"), self.tr("The note's text:"), self.add_note,
                         multiline=True)  # fmt: skip

    def ask_item(self) -> QInputDialog:
        return self._ask(
            self.tr("Add to the bundle"),
            self.tr("Conversations (SESS-042 or id) or session ids, separated by spaces:"),
            lambda text: self.add_refs(text.split()),
        )

    def _load(self) -> None:
        if self.bundle is not None:
            self.load_requested.emit(self.bundle.name)

    def _export(self) -> None:
        if self.bundle is not None:
            self.export_requested.emit(self.bundle.name)
