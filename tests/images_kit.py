"""Small real image files for tests: PNGs made byte by byte, no image library."""

from __future__ import annotations

import base64
import struct
import zlib
from typing import Any

from tests.rig.fakeapi import RecordedRequest


def png_bytes(width: int, height: int, rgb: tuple[int, int, int] = (220, 40, 40)) -> bytes:
    """A valid PNG of one colour, with a stripe so no two sizes compress alike."""
    rows = []
    for y in range(height):
        colour = bytes(rgb) if y % 7 else bytes((40, 40, 220))
        rows.append(b"\x00" + colour * width)

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )


def sent_images(request: RecordedRequest) -> list[dict[str, Any]]:
    """The image blocks' sources of the request's last user message."""
    users = [m for m in request.json["messages"] if m.get("role") == "user"]
    content = users[-1]["content"] if users else []
    blocks = content if isinstance(content, list) else []
    return [b["source"] for b in blocks if isinstance(b, dict) and b.get("type") == "image"]


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
