"""Images waiting in the composer to go with the next prompt: pasted (Ctrl+V) or
dropped, shown as removable thumbnails, checked as they arrive.

An image that cannot go (not PNG, JPEG, GIF or WebP; over the API's 5 MB) is
refused at once with the reason, so nothing is found wrong after the turn
started. The prompt box hands over what it is given (`offers_images`); text
pastes and drops stay its own.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QEvent, QIODevice, QMimeData, QSize, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QImage, QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from desktop.domain.errors import UsageError
from desktop.domain.images import (
    MEDIA_TYPES,
    ImageAttachment,
    attachment,
    check_count,
    short_type,
    size_text,
)
from desktop.services.attachments import read_image
from desktop.ui.common.error_text import error_text

THUMB = 56
"""A thumbnail's height; its width follows the image, up to twice that."""
IMAGE_SUFFIXES = frozenset(
    {".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff", ".heic", ".avif", ".svg"}
)
"""Dropped files taken as images (and refused if Claude cannot take their kind);
any other file drops into the prompt as its path, as before."""


def _image_files(mime: QMimeData) -> list[Path]:
    files = (Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile())
    return [path for path in files if path.suffix.lower() in IMAGE_SUFFIXES]


def offers_images(mime: QMimeData) -> bool:
    """Whether pasting or dropping `mime` gives images rather than text."""
    if mime.hasImage() or any(mime.hasFormat(kind) for kind in MEDIA_TYPES):
        return True
    return bool(mime.hasUrls() and _image_files(mime))


def _pasted_bytes(mime: QMimeData) -> bytes | None:
    """A pasted image's bytes: as the source gave them when Claude takes that
    kind (a screenshot tool's PNG stays byte for byte), else made a PNG."""
    for media_type in MEDIA_TYPES:
        raw = bytes(mime.data(media_type).data())
        if raw:
            return raw
    image = mime.imageData()
    if not isinstance(image, QImage) or image.isNull():
        return None
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


class AttachmentTile(QFrame):
    """One waiting image: its thumbnail, its kind and size, and × to remove it."""

    removed = Signal(object)

    def __init__(self, image: ImageAttachment, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = image
        self.setObjectName("attachmentTile")
        self.setStyleSheet(
            "QFrame#attachmentTile { border: 1px solid palette(mid); border-radius: 6px; }"
        )
        self.thumbnail = QLabel(self)
        self.thumbnail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        picture = QImage.fromData(image.data)
        if picture.isNull():  # a kind this Qt cannot draw: its name stands in
            self.thumbnail.setText(short_type(image.media_type).upper())
            self.thumbnail.setFixedSize(THUMB, THUMB)
        else:
            scaled = picture.scaled(
                QSize(2 * THUMB, THUMB),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            self.thumbnail.setPixmap(QPixmap.fromImage(scaled))
        self.caption = QLabel(f"{short_type(image.media_type)} · {size_text(image.size)}", self)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.caption.font()
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.85))
        self.caption.setFont(font)
        self.remove_button = QToolButton(self)
        self.remove_button.setObjectName("removeAttachment")
        self.remove_button.setText("×")
        self.remove_button.setAutoRaise(True)
        self.remove_button.clicked.connect(lambda: self.removed.emit(self))
        head = QHBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.addWidget(self.thumbnail, 1)
        head.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 2, 2)
        layout.setSpacing(2)
        layout.addLayout(head)
        layout.addWidget(self.caption)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setToolTip(self.image.name)
        self.remove_button.setToolTip(self.tr("Remove this image"))
        self.remove_button.setAccessibleName(self.tr("Remove image {name}").format(
            name=self.image.name))  # fmt: skip

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class AttachmentStrip(QWidget):
    """The row of waiting images above the prompt; hidden while there is none."""

    refused = Signal(str)
    """Why an offered image was not taken, in the window's language."""
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("attachments")
        self._tiles: list[AttachmentTile] = []
        self._pasted = 0
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.setSpacing(6)
        self._row.addStretch(1)
        self.setAcceptDrops(True)  # more images dropped beside those already waiting
        self.hide()

    def images(self) -> tuple[ImageAttachment, ...]:
        return tuple(tile.image for tile in self._tiles)

    def clear(self) -> None:
        for tile in list(self._tiles):
            self._remove(tile)

    def offer(self, mime: QMimeData) -> None:
        """Take the images a paste or a drop holds; refuse, with the reason, what cannot go."""
        files = _image_files(mime) if mime.hasUrls() else []
        try:
            if files:
                for path in files:
                    self._add(read_image(path))
                return
            data = _pasted_bytes(mime)
            if data is None:
                return
            self._pasted += 1
            self._add(attachment(self.tr("pasted image {n}").format(n=self._pasted), data))
        except UsageError as exc:
            self.refused.emit(error_text(exc))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if offers_images(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        self.offer(event.mimeData())
        event.acceptProposedAction()

    def add_file(self, path: Path | str) -> None:
        """Attach an image file, as a drop of it would."""
        try:
            self._add(read_image(path))
        except UsageError as exc:
            self.refused.emit(error_text(exc))

    def _add(self, image: ImageAttachment) -> None:
        check_count(len(self._tiles) + 1)
        tile = AttachmentTile(image, self)
        tile.removed.connect(self._remove)
        self._tiles.append(tile)
        self._row.insertWidget(len(self._tiles) - 1, tile)
        self.show()
        self.changed.emit()

    def _remove(self, tile: AttachmentTile) -> None:
        self._tiles.remove(tile)
        self._row.removeWidget(tile)
        tile.deleteLater()
        self.setVisible(bool(self._tiles))
        self.changed.emit()
