"""A stored secret never shows in the window: no label, field, list, tooltip or title."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from desktop.domain.accounts import AuthKind
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow

pytestmark = [pytest.mark.gui, pytest.mark.keyring]

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.EditRole)


def _model_texts(model: QAbstractItemModel, parent: QModelIndex) -> Iterator[str]:
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            for role in ROLES:
                value = model.data(index, role)
                if value is not None:
                    yield str(value)
            yield from _model_texts(model, index)


def visible_texts(root: QWidget) -> list[str]:
    texts = [root.windowTitle(), root.toolTip()]
    for widget in [root, *root.findChildren(QWidget)]:
        texts += [widget.toolTip(), widget.statusTip(), widget.accessibleName()]
        if isinstance(widget, QLabel | QAbstractButton | QLineEdit):
            texts.append(widget.text())
        if isinstance(widget, QPlainTextEdit | QTextEdit):
            texts.append(widget.toPlainText())
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            texts += list(_model_texts(widget.model(), QModelIndex()))
    return [t for t in texts if t]


def test_the_window_never_shows_a_stored_secret(
    hub: ServiceHub,
    open_window: Callable[[ServiceHub], MainWindow],
    tmp_path: Path,
) -> None:
    secret = "sk-ant-api03-" + secrets.token_urlsafe(32)
    config = tmp_path / "work claude"
    config.mkdir()
    hub.accounts.add("work", str(config), AuthKind.API_KEY, secret)
    try:
        window = open_window(hub)
        texts = visible_texts(window)
        assert any("work" in t for t in texts), "the account itself is shown"
        assert not [t for t in texts if secret in t or secret[-12:] in t]
        # the settings dialog and the account dialog are part of the window too
        dialog = window.open_add_account()
        assert not [t for t in visible_texts(dialog) if secret in t]
        dialog.reject()
    finally:
        hub.accounts.remove("work")
