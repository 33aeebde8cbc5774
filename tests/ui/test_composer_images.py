"""Images in the composer: pasted and dropped, shown as removable thumbnails,
refused with the reason when they cannot go, sent as image blocks by the real
claude (the fake API sees the file's bytes), and shown as a thumbnail when the
transcript is read back from disk."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication, QWidget

from desktop.ui.runs.attachments import AttachmentTile
from desktop.ui.runs.composer import Composer
from desktop.ui.transcript.transcript_rows import RowKind
from tests.images_kit import b64, png_bytes, sent_images
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]
SHOTS = Path(os.environ.get("SESSIONDESK_SHOTS", "/tmp/sessiondesk-shots"))


def drop_files(composer: Composer, *paths: Path, on: QWidget | None = None) -> None:
    """Drop files on the prompt (or `on`) as a file manager would: enter, then drop."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    target = on or composer.prompt.viewport()
    where = QPoint(10, 10)
    actions = Qt.DropAction.CopyAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(where.toPointF(), actions, mime, buttons, keys)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted(), "a drop of image files is taken"
    QApplication.sendEvent(target, QDropEvent(where.toPointF(), actions, mime, buttons, keys))


def tiles(composer: Composer) -> list[AttachmentTile]:
    return composer.attachments.findChildren(AttachmentTile)


def has_colour(image: QImage, colour: QColor) -> bool:
    """Whether some pixel is near `colour` (the thumbnail's red, say)."""
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            pixel = image.pixelColor(x, y)
            if (
                abs(pixel.red() - colour.red()) < 12
                and abs(pixel.green() - colour.green()) < 12
                and abs(pixel.blue() - colour.blue()) < 12
            ):
                return True
    return False


def test_pasted_and_dropped_images_reach_the_api_and_show_in_the_transcript(
    rig: Rig, tmp_path: Path
) -> None:
    pasted, dropped = png_bytes(48, 32), png_bytes(30, 40, (30, 160, 60))
    photo = tmp_path / "photo.png"
    photo.write_bytes(dropped)
    big = tmp_path / "huge.png"
    with big.open("wb") as handle:
        handle.write(png_bytes(4, 4))
        handle.truncate(7 * 1024 * 1024)
    text = tmp_path / "readme.jpg"
    text.write_text("words, not pixels", encoding="utf-8")
    composer = rig.desk.composer
    gate = threading.Event()  # the reply waits while the session is read mid-turn
    rig.api.enqueue(Reply.text("A red and a green picture.", hold=gate))

    async def scenario() -> None:
        rig.new_conversation()
        # Ctrl+V of an image a screenshot tool put on the clipboard
        clip = QMimeData()
        clip.setData("image/png", pasted)
        QApplication.clipboard().setMimeData(clip)
        composer.prompt.setFocus()
        try:
            rig.qtbot.keyClick(composer.prompt, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
        finally:  # the clipboard owns the data now: left there, Python frees it twice at exit
            QApplication.clipboard().clear()
        assert composer.prompt_text() == "", "the image went beside the prompt, not into it"
        drop_files(composer, photo)
        assert [t.image.data for t in tiles(composer)] == [pasted, dropped]
        assert composer.attachments.isVisible()
        assert tiles(composer)[0].caption.text() == "png · 1 KB"

        # refused, with the reason and the limit; what was attached stays
        drop_files(composer, big)
        assert "huge.png is 7.0 MB; an image can be at most 5.0 MB" in composer.error_text()
        drop_files(composer, text)
        assert "readme.jpg is not an image Claude accepts" in composer.error_text()
        assert len(tiles(composer)) == 2

        # removable: a third image, dropped beside the others, comes and goes by its ×
        drop_files(composer, photo, on=composer.attachments)
        assert len(tiles(composer)) == 3
        rig.qtbot.mouseClick(tiles(composer)[2].remove_button, Qt.MouseButton.LeftButton)
        await until(lambda: len(tiles(composer)) == 2, what="the removed tile to go")
        composer.prompt.setPlainText("What colours are these?")
        SHOTS.mkdir(parents=True, exist_ok=True)
        composer.grab().save(str(SHOTS / "composer-image.png"))

        rig.type_and_send("What colours are these?")
        live = await rig.started()
        assert tiles(composer) == [] and composer.attachments.isHidden(), "sent: cleared"
        # the running turn shows what it sent at once
        assert [r.kind for r in rig.desk.panel.model.rows()][:3] == [
            RowKind.PROMPT, RowKind.IMAGE, RowKind.IMAGE,
        ]  # fmt: skip
        # listed and read while the turn waits: the file's prompt and images, once each
        panel, presenter = rig.desk.panel, rig.desk.presenter

        def read_mid_turn() -> bool:
            read = any(r.kind is RowKind.IMAGE and r.message.uuid for r in panel.model.rows())
            return presenter.shown() is live and not presenter.is_draft() and read

        await until(read_mid_turn, 30, "the session read while its turn waits")
        kinds = [r.kind for r in panel.model.rows()]
        assert (kinds.count(RowKind.PROMPT), kinds.count(RowKind.IMAGE)) == (1, 2), kinds
        gate.set()
        await rig.finished(live)
        (turn,) = rig.api.main_turns()
        assert sent_images(turn) == [
            {"type": "base64", "media_type": "image/png", "data": b64(pasted)},
            {"type": "base64", "media_type": "image/png", "data": b64(dropped)},
        ]
        await rig.settled_on(live)

    rig.play(scenario())

    # read back from Claude Code's own transcript: a thumbnail row, its placeholder line
    rows = rig.desk.panel.model.rows()
    assert [(r.kind, r.message.text) for r in rows][:3] == [
        (RowKind.PROMPT, "What colours are these?"),
        (RowKind.IMAGE, "[image: png, 1 KB]"),
        (RowKind.IMAGE, "[image: png, 1 KB]"),
    ]
    image = rows[1].message.image
    assert image is not None and image.data == b64(pasted)
    view = rig.desk.panel.view
    shot = view.grab().toImage()
    shot.save(str(SHOTS / "transcript-image.png"))
    assert has_colour(shot, QColor(220, 40, 40)), "the red pasted image is drawn"
    assert has_colour(shot, QColor(30, 160, 60)), "the green dropped image is drawn"
