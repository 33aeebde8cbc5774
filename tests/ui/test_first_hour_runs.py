"""The first hour with runs, as a newcomer meets it: each test is a bug seen on screen once.

The real claude against the fake API; what the window shows is compared with
what claude wrote to the transcript file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]

THREE_PARAGRAPHS = (
    "The Esk rises on the moors above Westerdale.\n\n"
    "It runs east through Danby, Glaisdale and Grosmont, gathering becks.\n\n"
    "At Whitby it meets the North Sea between the two piers."
)


def replies_on_disk(path: Path) -> list[str]:
    """The assistant's text blocks as claude wrote them to the transcript file."""
    texts: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry.get("type") != "assistant":
            continue
        for block in entry["message"].get("content", []):
            if isinstance(block, dict) and block.get("type") == "text" and block["text"].strip():
                texts.append(block["text"])
    return texts


def painted_replies(rig: Rig) -> list[str]:
    """The reply rows' text as the view lays it out and paints it (whitespace folded)."""
    view = rig.desk.panel.view
    model = rig.desk.panel.model
    width = view.viewport().width()
    return [
        " ".join(view.delegate.document(row, width).toPlainText().split())
        for row in model.rows()
        if row.kind is RowKind.REPLY
    ]


@pytest.mark.parametrize(("chunks", "delay"), [(1, 0.0), (6, 0.2)])
def test_the_first_reply_of_a_new_conversation_is_shown_whole_as_on_disk(
    rig: Rig, chunks: int, delay: float
) -> None:
    rig.api.enqueue(Reply.text(THREE_PARAGRAPHS, chunks=chunks, delay=delay))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Tell me about the Esk in three paragraphs.")
        live = await rig.started()
        await rig.finished(live)
        await rig.settled_on(live)
        assert live.key is not None
        record = rig.hub.sessions.find(live.key[1], live.key[0])
        on_disk = replies_on_disk(Path(record.path))
        assert on_disk == [THREE_PARAGRAPHS]
        assert rig.texts(RowKind.REPLY) == on_disk
        # what is painted: the delegate's document for each reply row
        assert painted_replies(rig) == [" ".join(THREE_PARAGRAPHS.split())]

    rig.play(scenario())
