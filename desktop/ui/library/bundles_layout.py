"""Where the bundles page's widgets go.

The bundles on the left, with New, Rename, Delete and Import under them; the
chosen bundle on the right: its description (Save beside it), its items in
the order they are loaded, a note's whole text, the item buttons, then
Export and Load Context. The items get the width; the line that says what
happened, and the progress of an export or import, go under both.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)


class BundlesWidgets(Protocol):
    """The page's widgets, as the layout places them (the page is a QWidget too)."""

    bundle_list: QListWidget
    list_label: QLabel
    new_button: QPushButton
    rename_button: QPushButton
    delete_button: QPushButton
    import_button: QPushButton
    description_label: QLabel
    description: QPlainTextEdit
    save_description: QPushButton
    items_label: QLabel
    item_list: QListWidget
    note_text: QLabel
    up_button: QPushButton
    down_button: QPushButton
    remove_button: QPushButton
    add_button: QPushButton
    note_button: QPushButton
    export_button: QPushButton
    load_button: QPushButton
    message: QLabel
    progress: QProgressBar


def lay_out(page: QWidget, widgets: BundlesWidgets) -> None:
    """Place `widgets` on `page` (the page itself holds them as attributes)."""
    left = QWidget(page)
    left_buttons = QHBoxLayout()
    for button in (widgets.new_button, widgets.rename_button, widgets.delete_button):
        left_buttons.addWidget(button)
    left_buttons.addStretch(1)
    left_buttons.addWidget(widgets.import_button)
    left_layout = QVBoxLayout(left)
    left_layout.setContentsMargins(0, 0, 0, 0)
    left_layout.addWidget(widgets.list_label)
    left_layout.addWidget(widgets.bundle_list, 1)
    left_layout.addLayout(left_buttons)

    right = QWidget(page)
    item_buttons = QHBoxLayout()
    for button in (widgets.up_button, widgets.down_button, widgets.remove_button,
                   widgets.add_button, widgets.note_button):  # fmt: skip
        item_buttons.addWidget(button)
    item_buttons.addStretch(1)
    actions = QHBoxLayout()
    actions.addStretch(1)
    actions.addWidget(widgets.export_button)
    actions.addWidget(widgets.load_button)
    right_layout = QVBoxLayout(right)
    right_layout.setContentsMargins(0, 0, 0, 0)
    right_layout.addWidget(widgets.description_label)
    description_row = QHBoxLayout()
    description_row.addWidget(widgets.description, 1)
    description_row.addWidget(widgets.save_description, 0, Qt.AlignmentFlag.AlignBottom)
    right_layout.addLayout(description_row)
    right_layout.addWidget(widgets.items_label)
    right_layout.addWidget(widgets.item_list, 1)
    right_layout.addWidget(widgets.note_text)
    right_layout.addLayout(item_buttons)
    right_layout.addLayout(actions)

    split = QSplitter(Qt.Orientation.Horizontal, page)
    split.addWidget(left)
    split.addWidget(right)
    split.setStretchFactor(1, 1)  # the items get the width
    split.setSizes([240, 660])
    bottom = QHBoxLayout()
    bottom.addWidget(widgets.message, 1)
    bottom.addWidget(widgets.progress)
    layout = QVBoxLayout(page)
    layout.addWidget(split, 1)
    layout.addLayout(bottom)
