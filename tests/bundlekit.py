"""Bundle files for tests: a valid one made by the real export, and hostile variants."""

from __future__ import annotations

import hashlib
import io
import json
import stat
import warnings
import zipfile
from pathlib import Path
from typing import Any


def entries(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def manifest_of(path: Path) -> dict[str, Any]:
    return json.loads(entries(path)["manifest.json"])


def build(
    files: dict[str, bytes] | list[tuple[str, bytes]],
    manifest: dict[str, Any] | None = None,
    symlinks: tuple[str, ...] = (),
) -> bytes:
    """A zip of `files` (a list keeps duplicate names), the manifest written last."""
    buffer = io.BytesIO()
    pairs = list(files.items()) if isinstance(files, dict) else list(files)
    if manifest is not None:
        pairs = [(n, b) for n, b in pairs if n != "manifest.json"]
        pairs.append(("manifest.json", json.dumps(manifest).encode()))
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        warnings.simplefilter("ignore")  # duplicate names are what some tests want
        for name, data in pairs:
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            if name in symlinks:
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tree_digest(folder: Path) -> dict[str, str]:
    """Every file under a folder and its sha256: equal before and after means untouched."""
    return {
        str(p.relative_to(folder)): sha(p.read_bytes())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }
