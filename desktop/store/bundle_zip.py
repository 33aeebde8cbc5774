"""Bundle files: write one zip, and read one back trusting nothing in it.

Reading checks, in order: that it is a regular file and a sound zip; every
entry's name, kind and declared sizes (`check_entries`); the manifest; that
manifest and entries list the same files; then every transcript's bytes,
counted and hashed while streamed, against what the zip and the manifest
declare. Nothing is extracted to disk here: the caller stages transcripts
only after all of this passed, and `member` checks the bytes again as it
streams them (the file may have changed in between).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from desktop.domain.bundle_format import (
    MANIFEST,
    MAX_MANIFEST,
    BundleError,
    EntryInfo,
    Manifest,
    check_entries,
    check_listing,
    parse_manifest,
)
from desktop.safe_output import replacing

CHUNK = 1 << 20
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, ValueError,
               NotImplementedError, RuntimeError, OSError)  # fmt: skip


def _entry(info: zipfile.ZipInfo) -> EntryInfo:
    mode = info.external_attr >> 16
    return EntryInfo(
        info.filename,
        info.file_size,
        info.compress_size,
        is_dir=info.is_dir(),
        is_symlink=stat.S_ISLNK(mode),
        encrypted=bool(info.flag_bits & 0x1),
    )


def _open(path: str) -> zipfile.ZipFile:
    try:
        info = os.stat(path)
    except OSError as exc:
        raise BundleError(
            f"cannot read {path}: {exc.strerror or exc}", kind="bundle_unreadable", path=path
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise BundleError(f"{path} is not a file", kind="bundle_unreadable", path=path)
    try:
        return zipfile.ZipFile(path)
    except _ZIP_ERRORS:
        raise BundleError(
            f"refused: {path} is not a readable zip file (damaged?)",
            kind="bundle_damaged",
            path=path,
        ) from None


def _stream(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> Iterator[bytes]:
    """The entry's bytes, never more than it declares (and no fewer: checked by the caller)."""
    with archive.open(info) as member:
        left = info.file_size + 1  # one byte past the declared size reveals a lie
        while left > 0:
            block = member.read(min(CHUNK, left))
            if not block:
                return
            left -= len(block)
            yield block


def _digest(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> tuple[int, str]:
    sha = hashlib.sha256()
    size = 0
    for block in _stream(archive, info):
        size += len(block)
        sha.update(block)
    return size, sha.hexdigest()


def read_bundle(path: str) -> Manifest:
    """The validated manifest of a bundle file; BundleError (one line) otherwise."""
    with _open(path) as archive:
        try:
            infos = archive.infolist()
            check_entries([_entry(i) for i in infos])
            by_name = {i.filename: i for i in infos}
            head = by_name[MANIFEST]
            if head.file_size > MAX_MANIFEST:
                raise BundleError("refused: the manifest is too large", kind="bundle_bad_manifest")
            raw = b"".join(_stream(archive, head))
            if len(raw) != head.file_size:
                raise BundleError(
                    "refused: the manifest is not the size the zip declares",
                    kind="bundle_bad_manifest",
                )
            try:
                data = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                raise BundleError(
                    "refused: the manifest is not valid JSON", kind="bundle_bad_manifest"
                ) from None
            manifest = parse_manifest(data)
            check_listing(manifest, set(by_name))
            for session in manifest.sessions:
                info = by_name[session.file]
                size, sha = _digest(archive, info)
                if size != info.file_size or size != session.size:
                    raise BundleError(
                        f"refused: {session.file} is not the size declared",
                        kind="bundle_entry_mismatch",
                        entry=session.file,
                    )
                if sha != session.sha256:
                    raise BundleError(
                        f"refused: {session.file} does not match its sha256",
                        kind="bundle_entry_mismatch",
                        entry=session.file,
                    )
        except _ZIP_ERRORS:
            raise BundleError(
                f"refused: {path} is damaged (an entry cannot be read)",
                kind="bundle_damaged",
                path=path,
            ) from None
    return manifest


def member(path: str, name: str, size: int, sha256: str) -> Iterator[bytes]:
    """One transcript's bytes, checked again against the manifest as they stream."""
    with _open(path) as archive:
        try:
            info = archive.getinfo(name)
            sha = hashlib.sha256()
            seen = 0
            for block in _stream(archive, info):
                seen += len(block)
                sha.update(block)
                yield block
        except (KeyError, *_ZIP_ERRORS):
            raise BundleError(
                f"refused: {name} could not be read again", kind="bundle_entry_mismatch", entry=name
            ) from None
    if seen != size or sha.hexdigest() != sha256:
        raise BundleError(
            f"refused: {name} changed while it was imported",
            kind="bundle_entry_mismatch",
            entry=name,
        )


def write_bundle(
    target: str,
    files: Iterable[tuple[str, Iterable[bytes]]],
    manifest: Callable[[dict[str, tuple[int, str]]], dict[str, Any]],
) -> Path:
    """Write `files` (name, chunks), then the manifest made from their (size, sha256);
    to a temporary file renamed over `target`, so a reader never sees half a bundle
    (`desktop.safe_output`: a folder, a device or a FIFO is refused, a symlink
    written through)."""
    with replacing(target) as (temporary, path):
        digests: dict[str, tuple[int, str]] = {}
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
            for name, chunks in files:
                sha = hashlib.sha256()
                size = 0
                with archive.open(name, "w", force_zip64=True) as out:
                    for chunk in chunks:
                        out.write(chunk)
                        sha.update(chunk)
                        size += len(chunk)
                digests[name] = (size, sha.hexdigest())
            document = json.dumps(manifest(digests), ensure_ascii=False, indent=1)
            archive.writestr(MANIFEST, document)
    return path


class ZipBundleFiles:
    """The BundleFiles port."""

    read = staticmethod(read_bundle)
    member = staticmethod(member)
    write = staticmethod(write_bundle)
