"""The app icon in every usual size, for the `.desktop` entry's theme and the window."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

import desktop.app as app_module

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("size", app_module.ICON_SIZES)
def test_each_png_is_the_size_its_name_says(size: int) -> None:
    image = QImage(str(app_module.ICON_DIR / f"sessiondesk-{size}.png"))
    assert (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel()  # a rounded tile, not a square on white


def test_the_window_icon_offers_every_size(qapp: QApplication) -> None:
    offered = set(app_module.app_icon().availableSizes())
    assert {QSize(size, size) for size in app_module.ICON_SIZES} <= offered
