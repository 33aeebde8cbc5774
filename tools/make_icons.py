"""Render the app icon's PNG sizes from its SVG, with Qt's own SVG renderer.

    python tools/make_icons.py    # resources/icons/sessiondesk.svg -> sessiondesk-<N>.png

The PNGs are committed: the `.desktop` entry's hicolor theme, the window and
the Windows and macOS recipes (`.ico`, `.icns`) take them as they are. Run this
again after changing the SVG.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from desktop.app import ICON_DIR as ICONS
from desktop.app import ICON_SIZES as SIZES
from desktop.app import ICON_SVG

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ICON_SVG


def png_path(size: int) -> Path:
    return ICONS / f"sessiondesk-{size}.png"


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def main() -> int:
    _app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        print(f"error: {SOURCE} is not a valid SVG", file=sys.stderr)
        return 1
    for size in SIZES:
        if not render(renderer, size).save(str(png_path(size)), "PNG"):
            print(f"error: could not write {png_path(size)}", file=sys.stderr)
            return 1
        print(f"wrote {png_path(size).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
