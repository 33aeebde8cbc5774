"""Line splitting without a length limit, the stderr tail, and stdin framing."""

from __future__ import annotations

import asyncio
import json
import sys
import time

import pytest

from desktop.claude.stream import (
    Tail,
    control_request,
    control_success,
    drain_into,
    encode,
    iter_lines,
    permission_answer,
    user_turn,
)


class Chunks:
    """A ByteSource that hands out fixed pieces, whatever size is asked."""

    def __init__(self, *pieces: bytes) -> None:
        self.pieces = list(pieces)

    async def read(self, n: int = -1) -> bytes:
        return self.pieces.pop(0) if self.pieces else b""


async def collect(source: Chunks | asyncio.StreamReader, chunk: int = 1 << 16) -> list[bytes]:
    return [line async for line in iter_lines(source, chunk)]


def test_lines_split_across_chunks() -> None:
    source = Chunks(b'{"a"', b':1}\n{"b":2}\n\n{"c"', b":3}\n", b'{"tail":true}')
    assert asyncio.run(collect(source)) == [
        b'{"a":1}',
        b'{"b":2}',
        b"",
        b'{"c":3}',
        b'{"tail":true}',  # a last line without its newline is still a line
    ]


def test_many_lines_in_one_chunk() -> None:
    body = b"".join(b"%d\n" % i for i in range(1000))
    assert asyncio.run(collect(Chunks(body))) == [b"%d" % i for i in range(1000)]


def test_ten_megabyte_line_through_a_stream_reader() -> None:
    # the asyncio default limit (64 KiB) is what a naive readline() would hit
    big = json.dumps({"type": "user", "content": "x" * 10_000_000}).encode()

    async def run() -> list[bytes]:
        reader = asyncio.StreamReader()  # default limit
        reader.feed_data(b'{"type":"system"}\n' + big + b'\n{"type":"result"}\n')
        reader.feed_eof()
        return await collect(reader)

    started = time.monotonic()
    lines = asyncio.run(run())
    assert [len(x) for x in lines] == [17, len(big), 17]
    assert lines[1] == big
    # linear, not quadratic, in the line's length
    assert time.monotonic() - started < 2.0


def test_ten_megabyte_line_from_a_real_pipe() -> None:
    script = (
        "import json, sys\n"
        "sys.stdout.write(json.dumps({'type': 'assistant', 'blob': 'y' * 10_000_000}) + '\\n')\n"
        "sys.stdout.write('{\"type\": \"result\"}\\n')\n"
    )

    async def run() -> list[bytes]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", script, stdout=asyncio.subprocess.PIPE
        )
        assert proc.stdout is not None
        lines = [line async for line in iter_lines(proc.stdout)]
        await proc.wait()
        return lines

    lines = asyncio.run(run())
    assert len(lines) == 2
    assert len(json.loads(lines[0])["blob"]) == 10_000_000
    assert json.loads(lines[1]) == {"type": "result"}


def test_tail_keeps_only_the_end() -> None:
    tail = Tail(limit=10)
    tail.write(b"0123456789")
    tail.write(b"abcdef")
    assert tail.text() == "6789abcdef"
    tail.write("é".encode())  # a cut multi-byte char must not raise
    assert tail.text().endswith("é")


def test_drain_into_reads_everything() -> None:
    tail = Tail(limit=8)
    asyncio.run(drain_into(Chunks(b"No conversation ", b"found\n"), tail))
    assert tail.text() == "n found\n"


def test_a_prompt_with_newlines_stays_one_line() -> None:
    data = encode(user_turn("first line\nsecond ✓ line\r\n"))
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert json.loads(data) == {
        "type": "user",
        "message": {"role": "user", "content": "first line\nsecond ✓ line\r\n"},
    }


def test_control_framing() -> None:
    assert control_request("sd-1", "interrupt", {}) == {
        "type": "control_request",
        "request_id": "sd-1",
        "request": {"subtype": "interrupt"},
    }
    assert control_success("r9", {"behavior": "deny", "message": "no"})["response"] == {
        "subtype": "success",
        "request_id": "r9",
        "response": {"behavior": "deny", "message": "no"},
    }


@pytest.mark.parametrize(
    ("allow", "updated", "message", "expected"),
    [
        (True, {"command": "ls"}, None, {"behavior": "allow", "updatedInput": {"command": "ls"}}),
        (False, None, "not now", {"behavior": "deny", "message": "not now"}),
        (False, None, None, {"behavior": "deny", "message": "The person denied this tool call."}),
    ],
)
def test_permission_answers(
    allow: bool, updated: dict[str, str] | None, message: str | None, expected: dict[str, object]
) -> None:
    assert permission_answer(allow, updated_input=updated, message=message) == expected
