"""The archive's files: where each copy lives under `<home>/archive/`, and
gzip members appended as a transcript grows.

A gzip file may hold several members one after another; each follow of a
growing transcript appends one member with only the new bytes, so nothing
already compressed is compressed again. The database records the copy's size
after each complete append: bytes past it are a torn write (a crash mid-append)
and are cut off before the next one, and readers never look past it. A copy
shorter than recorded (a power cut before the data reached the disk) is
written whole again at the next follow; that check is why each append is not
synced to disk, which cost more than the compression.

Small transcripts new to the archive in one batch share a file, a pack: one
member each, one after another, each row naming where its copy starts. A
first index archives thousands of them, and creating a file each cost the
kernel more than their reading and compression together. A packed copy is
never appended to: when its original grows, its member is copied as it is
into a file of its own and the new bytes appended there (`write_new`'s
`kept`), and the pack keeps the old bytes, which no row then names; a pack
that no row names at all is removed.

Members are compressed with ISA-L (`isal`), which writes the same gzip format
as zlib about four times faster (a first index archives every transcript:
zlib's level 1 was the larger part of that step's CPU), and they are read
back with zlib, as copies written before were.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from isal import isal_zlib

from desktop.file_lock import exclusive
from desktop.regular_files import HEAD, fingerprint, open_regular

SUFFIX = ".jsonl.gz"
SUBAGENTS = ".subagents"
"""Beside a copy, a folder of its subagents' files and `index.json` (name: sizes)."""
INDEX = "index.json"
PACKS = "packs"
"""An account's folder of packs: small copies made together share a file."""


def relative_file(account: str, session_id: str) -> str:
    """A copy's file of its own (one not packed)."""
    return f"{account}/{session_id}{SUFFIX}"


def in_pack(file: str) -> bool:
    """Whether a row's file is a pack (shared) rather than a copy's own."""
    return f"/{PACKS}/" in file


CHUNK = 1 << 20
LEVEL = 1
"""ISA-L's fast level: a first index archives gigabytes; transcripts still shrink 5-10x."""
_GZIP = 31  # zlib wbits for the gzip container
_NEW = os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """One writer at a time across processes (the window and scripts share a home)."""
    folder.mkdir(parents=True, exist_ok=True)
    with exclusive(folder / ".lock"):
        yield


class Head:
    """`head_digest` of a file taken from its bytes as they are copied, for
    a whole copy: the same digest without opening the original again."""

    def __init__(self, size: int) -> None:
        self._want = min(size, HEAD)
        self._seen = b""

    def watch(self, chunks: Iterable[bytes]) -> Iterator[bytes]:
        for chunk in chunks:
            if len(self._seen) < self._want:
                self._seen += chunk[: self._want - len(self._seen)]
            yield chunk

    def digest(self) -> str:
        return fingerprint(self._seen)


def _range(stream: BinaryIO, start: int, end: int) -> Iterator[bytes]:
    if start:  # a file just opened is at 0: no seek for a whole copy
        stream.seek(start)
    left = end - start
    while left > 0:
        block = stream.read(min(CHUNK, left))
        if not block:
            raise OSError("the file shrank while it was copied")  # an original, or a pack
        left -= len(block)
        yield block


def original_range(path: str | os.PathLike[str], start: int, end: int) -> Iterator[bytes]:
    with open_regular(path) as stream:
        yield from _range(stream, start, end)


def _member(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """One gzip member of these bytes, in pieces, none empty (the compressor
    holds back the start of a small file: a write of nothing is a syscall too)."""
    packer = isal_zlib.compressobj(LEVEL, zlib.DEFLATED, _GZIP)
    for chunk in chunks:
        packed = packer.compress(chunk)
        if packed:
            yield packed
    yield packer.flush()


def member(chunks: Iterable[bytes]) -> bytes:
    """One gzip member of these bytes, whole (a small file's, for a pack)."""
    return b"".join(_member(chunks))


def write_member(chunks: Iterable[bytes], out: BinaryIO) -> None:
    for packed in _member(chunks):
        out.write(packed)


def append(path: Path, stored: int, chunks: Iterable[bytes]) -> int:
    """Append one member after the first `stored` bytes; the copy's new size."""
    with open(path, "r+b") as out:
        out.truncate(stored)  # a torn earlier append is dropped
        out.seek(stored)
        write_member(chunks, out)
        return out.tell()


def write_new(path: Path, chunks: Iterable[bytes], kept: Iterable[bytes] = ()) -> int:
    """A whole copy; its size. `kept`: members compressed before, written as
    they are ahead of the new one (a packed copy moving to a file of its own).
    A new one is written in place: nothing reads a copy before its row (or
    its subagents' `index.json`) names it, and the archive's lock keeps other
    writers out, so a torn one is only rewritten at the next follow. One
    already there (a copy made again) is written beside it and renamed over
    it, so that it is never seen half written."""
    pieces = itertools.chain(kept, _member(chunks))
    try:
        fd = _created(path)
    except FileExistsError:
        return _replaced(path, pieces)
    try:
        return _written(fd, pieces)
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def write_pack(path: Path, members: Iterable[bytes]) -> list[int]:
    """A new pack of these members, written in place as they come (as
    `write_new`: no row names it yet, and its name is its own; a pack held
    whole in memory before its write raised the index's peak): where each
    starts. A pack of none is no file."""
    starts: list[int] = []
    end = 0

    def pieces() -> Iterator[bytes]:
        nonlocal end
        held: list[bytes] = []
        for one in members:
            starts.append(end)
            end += len(one)
            held.append(one)
            if end - starts[-len(held)] >= CHUNK:
                yield b"".join(held)
                held = []
        yield b"".join(held)

    fd = _created(path)
    try:
        _written(fd, pieces())
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    if not starts:
        path.unlink()
    return starts


def _created(path: Path) -> int:
    try:
        return os.open(path, _NEW | os.O_EXCL, 0o666)
    except FileNotFoundError:  # the account's folder, once: not a mkdir per copy
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, _NEW | os.O_EXCL, 0o666)


def _written(fd: int, pieces: Iterable[bytes]) -> int:
    """Write compressed pieces to a new file's descriptor and close it: its
    size. Plain writes: a file object costs a stat, a seek and a tty check per
    copy, and a first index makes thousands of small ones."""
    size = 0
    try:
        for packed in pieces:
            view = memoryview(packed)
            while view:
                done = os.write(fd, view)
                view = view[done:]
                size += done
    finally:
        os.close(fd)
    return size


def _replaced(path: Path, pieces: Iterable[bytes]) -> int:
    temporary = path.with_name(path.name + ".part")
    try:
        fd = os.open(temporary, _NEW | os.O_TRUNC, 0o666)
        size = _written(fd, pieces)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return size


def stored_range(path: Path, start: int, stored: int) -> Iterator[bytes]:
    """A copy's compressed bytes as they are: `stored` of them from `start`."""
    with open(path, "rb") as source:
        yield from _range(source, start, start + stored)


def unpack(source: BinaryIO, stored: int, start: int = 0) -> Iterator[bytes]:
    """The uncompressed bytes of the copy's `stored` bytes from `start` (in a
    pack; else 0, the file's own), member after member."""
    if start:
        source.seek(start)
    left = stored
    unpacker = zlib.decompressobj(_GZIP)
    while left > 0:
        block = source.read(min(CHUNK, left))
        if not block:
            raise OSError(f"archived copy {source.name} is shorter than recorded")
        left -= len(block)
        while block:
            yield unpacker.decompress(block)
            if not unpacker.eof:
                break
            block = unpacker.unused_data
            unpacker = zlib.decompressobj(_GZIP)
    yield unpacker.flush()
