"""Images as Sessiondesk checks, sends and reads them, without claude: the type
from the bytes, the API's limit, the placeholder that stands in for stored
base64, and a transcript line read the same from its bytes and from its dict."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from desktop.domain.errors import UsageError
from desktop.domain.images import (
    MAX_IMAGE_BYTES,
    MAX_IMAGES,
    attachment,
    check_count,
    placeholder,
    sniff,
    turn_content,
)
from desktop.domain.transcript_decode import decode_entry, decode_index, index_of, parse_entry
from desktop.domain.transcript_text import flatten
from desktop.services.attachments import read_image
from tests.images_kit import b64, png_bytes

PNG = png_bytes(40, 30)


def stored_line(data: bytes, media_type: str = "image/png") -> dict[str, object]:
    """A user line as Claude Code 2.1.332 writes one sent with an image block."""
    source = {"type": "base64", "media_type": media_type, "data": b64(data)}
    return {
        "parentUuid": None, "isSidechain": False, "type": "user", "uuid": "u-1",
        "timestamp": "2026-11-28T04:00:00.000Z", "sessionId": "s-1", "cwd": "/tmp/x",
        "message": {"role": "user", "content": [
            {"type": "text", "text": "what is on the screen"},
            {"type": "image", "source": source},
        ]},
    }  # fmt: skip


@pytest.mark.parametrize(
    ("head", "kind"),
    [
        (PNG, "image/png"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "image/jpeg"),
        (b"GIF89a\x01\x00", "image/gif"),
        (b"RIFF\x10\x00\x00\x00WEBPVP8 ", "image/webp"),
        (b"BM\x36\x00", None),  # a BMP: an image, not one the API takes
        (b"%PDF-1.7", None),
        (b"", None),
    ],
)
def test_the_type_is_read_from_the_bytes(head: bytes, kind: str | None) -> None:
    assert sniff(head) == kind


def test_refusals_name_the_file_and_the_limit() -> None:
    with pytest.raises(
        UsageError, match=r"shot\.png is 5,242,881 bytes; .* at most 5,242,880 bytes"
    ) as big:
        attachment("shot.png", PNG, size=MAX_IMAGE_BYTES + 1)
    assert big.value.kind == "image_too_big" and big.value.exit_code == 2
    with pytest.raises(UsageError, match=r"notes\.png is not an image Claude accepts"):
        attachment("notes.png", b"plain words")
    with pytest.raises(UsageError, match=f"at most {MAX_IMAGES}"):
        check_count(MAX_IMAGES + 1)
    assert attachment("ok.png", PNG, size=MAX_IMAGE_BYTES).media_type == "image/png"


def test_a_file_is_read_whole_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "ok.png"
    path.write_bytes(PNG)
    assert read_image(path).data == PNG
    with pytest.raises(UsageError, match="cannot read the image"):
        read_image(tmp_path)  # a folder


def test_a_turn_sends_the_words_then_each_image_as_a_base64_block() -> None:
    image = attachment("a.png", PNG)
    assert turn_content("hi", ()) == "hi"
    source = {"type": "base64", "media_type": "image/png", "data": b64(PNG)}
    assert turn_content("hi", (image,)) == [
        {"type": "text", "text": "hi"},
        {"type": "image", "source": source},
    ]


def test_a_stored_image_reads_as_its_placeholder_every_way() -> None:
    big = PNG + bytes(34 * 1024)
    line = stored_line(big)
    data = json.dumps(line, separators=(",", ":")).encode()
    full = parse_entry(line)
    assert decode_entry(data) == full  # from the line's bytes as from its dict
    text, image = full.messages
    assert text.text == "what is on the screen" and text.image is None
    assert image.text == placeholder("image/png", len(big)) == "[image: png, 34 KB]"
    assert image.image is not None and image.image.decoded() == big
    assert full.is_prompt
    # the index, search and exports: the placeholder, never the base64
    indexed = decode_index(data)
    assert indexed == index_of(line)
    assert indexed.prompt == "what is on the screen\n[image: png, 34 KB]"
    assert b64(big) not in json.dumps(image.to_dict())
    assert image.to_dict()["image"] == {"media_type": "image/png", "size": len(big)}
    assert flatten(line["message"]["content"]) == indexed.prompt  # type: ignore[index]


def test_an_image_with_odd_data_still_reads() -> None:
    line = stored_line(PNG)
    line["message"]["content"][1]["source"] = {"type": "url", "url": "x"}  # type: ignore[index]
    assert parse_entry(line).messages[1].text == "[image]"
    line["message"]["content"][1]["source"]["data"] = "@@not base64@@"  # type: ignore[index]
    line["message"]["content"][1]["source"]["media_type"] = "image/png"  # type: ignore[index]
    shown = parse_entry(line).messages[1]
    assert shown.image is not None and shown.image.decoded() is None


def test_an_image_message_crosses_between_the_reading_processes_whole() -> None:
    from desktop.claude.transcript_wire import pack_messages, unpack_messages

    message = parse_entry(stored_line(PNG)).messages[1]
    assert unpack_messages(pack_messages([message])) == [message]
    # the fallback for batches msgpack cannot hold: a lone surrogate rides along
    odd = msgspec.structs.replace(message, text="\ud800")
    assert unpack_messages(pack_messages([odd, message])) == [odd, message]
