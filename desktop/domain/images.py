"""Images a person sends with a prompt: which are accepted, how they are sent,
and the short placeholder that stands for one wherever text is kept.

The limits are the Messages API's documented ones: PNG, JPEG, GIF or WebP, at
most 5 MB an image. Claude Code 2.1.332 passes a small image through byte for
byte and shrinks a large one (to JPEG) before sending, so the API's limit is
the one a person can rely on. The type is read from the file's first bytes,
never from its name: a `.png` that is not one is refused here rather than by
the API after the turn started.

A transcript keeps each image as base64 inside the user line; search, exports
and replays never carry that text, only `placeholder` (`[image: png, 34 KB]`).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

import msgspec

from desktop.domain.errors import UsageError

MAX_IMAGE_BYTES = 5 * 1024 * 1024
MAX_IMAGES = 20
"""Per turn: claude.ai's limit per message; the API takes more, but not in one 32 MB request."""

_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)
MEDIA_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")


def sniff(data: bytes) -> str | None:
    """The media type the bytes are, among those the API takes; None otherwise."""
    for signature, media_type in _SIGNATURES:
        if data.startswith(signature):
            return media_type
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def short_type(media_type: str) -> str:
    """`png` for `image/png`: what a placeholder and a thumbnail's caption say."""
    return media_type.rpartition("/")[2] or "image"


def size_text(size: int) -> str:
    """A size as a person reads it: KB below a megabyte, MB above."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    return f"{max(1, round(size / 1024))} KB"


def placeholder(media_type: str, size: int) -> str:
    """What stands for an image in text: `[image: png, 34 KB]`."""
    return f"[image: {short_type(media_type)}, {size_text(size)}]"


@dataclass(frozen=True, slots=True)
class ImageAttachment:
    """One image to send with a turn, checked."""

    name: str
    """The file's name, or what the window calls a pasted image: for messages only."""
    media_type: str
    data: bytes

    @property
    def size(self) -> int:
        return len(self.data)

    def block(self) -> dict[str, Any]:
        """The stream-json content block that sends it."""
        encoded = base64.b64encode(self.data).decode("ascii")
        source = {"type": "base64", "media_type": self.media_type, "data": encoded}
        return {"type": "image", "source": source}

    def ref(self) -> ImageRef:
        """As a transcript will hold it: how a running turn shows what it sent."""
        return ImageRef(self.media_type, self.size, base64.b64encode(self.data).decode("ascii"))


def attachment(name: str, data: bytes, size: int | None = None) -> ImageAttachment:
    """`data` as an image to send, or a UsageError that says why it cannot be.
    `size`: the file's whole size, when `data` is only the start of it."""
    size = len(data) if size is None else size
    media_type = sniff(data)
    if media_type is None:
        raise UsageError(
            f"{name} is not an image Claude accepts (PNG, JPEG, GIF or WebP)",
            kind="image_type",
            name=name,
        )
    if size > MAX_IMAGE_BYTES:
        said, limit = size_text(size), size_text(MAX_IMAGE_BYTES)
        if said == limit:  # just over: "5.0 MB, at most 5.0 MB" would read as no reason
            said, limit = f"{size:,} bytes", f"{MAX_IMAGE_BYTES:,} bytes"
        raise UsageError(
            f"{name} is {said}; an image can be at most {limit} (the Claude API's limit)",
            kind="image_too_big",
            name=name,
            size=said,
            limit=limit,
        )
    return ImageAttachment(name, media_type, data)


def check_count(count: int) -> None:
    if count > MAX_IMAGES:
        raise UsageError(
            f"{count} images: a turn can send at most {MAX_IMAGES}",
            kind="image_count",
            count=count,
            limit=MAX_IMAGES,
        )


def turn_content(text: str, images: tuple[ImageAttachment, ...]) -> str | list[dict[str, Any]]:
    """What one stream-json turn carries: the text alone, or the text and then
    the images (so a session's title and the transcript start with the words)."""
    if not images:
        return text
    return [{"type": "text", "text": text}, *(image.block() for image in images)]


class ImageRef(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """An image a transcript holds, on the message that shows it."""

    media_type: str
    size: int
    """Decoded bytes (from the base64 length)."""
    data: str = ""
    """The base64 as stored, for a thumbnail: only the window's reading keeps it."""

    @property
    def text(self) -> str:
        return placeholder(self.media_type, self.size)

    def decoded(self) -> bytes | None:
        try:
            return base64.b64decode(self.data, validate=True)
        except (binascii.Error, ValueError):
            return None


def decoded_size(encoded_length: int, padding: int = 0) -> int:
    """The bytes a base64 text of that length holds."""
    return max(0, encoded_length * 3 // 4 - padding)


def stored_image(source: Any) -> ImageRef | None:
    """The image of a transcript block's `source`, when it is base64 data."""
    if not isinstance(source, dict):
        return None
    data = source.get("data")
    media_type = source.get("media_type")
    if not isinstance(data, str) or not isinstance(media_type, str):
        return None
    size = decoded_size(len(data), data[-2:].count("="))
    return ImageRef(media_type, size, data)
