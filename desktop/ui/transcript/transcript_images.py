"""An image a prompt sent, as its transcript row shows it: a thumbnail and its
placeholder line (`[image: png, 34 KB]`), never the base64 it is stored as.

The bytes come from the transcript itself (the window's reading keeps them on
the message); they are decoded and scaled when the row is first drawn, and the
scaled picture lives in the row's document only, so scrolling past a hundred
screenshots keeps a few thumbnails in memory, not the images.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QImage, QTextDocument

from desktop.domain.images import ImageRef
from desktop.ui.transcript.transcript_render import Theme, esc

THUMB = QSize(320, 200)
"""The most a thumbnail takes: the reading column stays text."""


def thumbnail(image: ImageRef) -> QImage | None:
    """The image scaled to a thumbnail; None when its bytes are not a picture Qt reads."""
    data = image.decoded()
    picture = QImage.fromData(data) if data else QImage()
    if picture.isNull():
        return None
    if picture.width() <= THUMB.width() and picture.height() <= THUMB.height():
        return picture
    return picture.scaled(
        THUMB, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
    )


def image_html(document: QTextDocument, image: ImageRef, key: str, theme: Theme) -> str:
    """The row's markup; the thumbnail goes into `document` as a resource under `key`."""
    caption = f'<span style="color:{theme.muted}">{esc(image.text)}</span>'
    picture = thumbnail(image)
    if picture is None:
        return f"<p>{caption}</p>"
    url = QUrl(f"sessiondesk-image:{key}")
    document.addResource(QTextDocument.ResourceType.ImageResource, url, picture)
    size = f'width="{picture.width()}" height="{picture.height()}"'
    return f'<p><img src="{esc(url.toString())}" {size}></p><p>{caption}</p>'
