"""A bundle import trusts nothing in the file: each hostile or damaged kind is
refused with one line (exit 2) and leaves the target home byte for byte as it was."""

from __future__ import annotations

import json
import struct
import zipfile
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.compose import DB_NAME, open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.bundle_format import BundleError, EntryInfo, check_entries, unsafe_reason
from desktop.store.bundle_zip import read_bundle
from desktop.store.conversations import SqlConversationRepository
from desktop.store.db import open_database
from tests.bundlekit import build, entries, manifest_of, sha, tree_digest
from tests.clirun import sessiondesk
from tests.test_transcript_fixtures import Transcript, text

SID = "55555555-5555-4555-8555-555555555555"
OTHER = "66666666-6666-4666-8666-666666666666"
NAME = f"transcripts/{SID}.jsonl"


@pytest.fixture(scope="module")
def valid(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real export: a session, a conversation with two executions, a note."""
    root = tmp_path_factory.mktemp("source")
    home, config = root / "home", root / "claude"
    t = Transcript(session_id=SID, cwd="/src/app")
    t.prompt("what is the plan for the GANNET release?")
    t.reply(text("Ship on Friday."))
    t.write(config / "projects" / "-src-app" / f"{SID}.jsonl")
    services = open_services(home)
    try:
        services.accounts.add("work", str(config), AuthKind.LOGIN)
        services.sessions.refresh()
        with closing(open_database(home / DB_NAME)) as db:
            rows = SqlConversationRepository(db)
            conv = rows.create("Gannet", "work", "/src/app")
            rows.update(conv.id, session_id=SID)
        services.bundles.create("release", "what the release needs")
        services.bundles.add("release", [conv.code, SID])
        services.bundles.note("release", "ask about the date")
        target = root / "release.zip"
        services.exchange.export("release", str(target))
    finally:
        services.close()
    return target


def test_a_valid_bundle_reads(valid: Path) -> None:
    manifest = read_bundle(str(valid))
    assert manifest.name == "release" and [s.session_id for s in manifest.sessions] == [SID]


def _with_manifest(valid: Path, change: Callable[[dict[str, Any]], None]) -> bytes:
    manifest = manifest_of(valid)
    change(manifest)
    return build(entries(valid), manifest)


def _bomb(valid: Path) -> bytes:
    zeros = bytes(50 << 20)

    def swap(m: dict[str, Any]) -> None:
        m["sessions"][0].update(size=len(zeros), sha256=sha(zeros))

    manifest = manifest_of(valid)
    swap(manifest)
    return build({**entries(valid), NAME: zeros}, manifest)


def _understated(valid: Path) -> bytes:
    """The zip's directory declares fewer bytes than the entry holds."""
    data = bytearray(build(entries(valid)))
    real = len(entries(valid)[NAME])
    for signature, offset in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        at = data.find(signature)
        while at != -1:
            name_len = struct.unpack_from("<H", data, at + (28 if offset == 24 else 26))[0]
            start = at + (46 if offset == 24 else 30)
            if bytes(data[start : start + name_len]) == NAME.encode():
                struct.pack_into("<I", data, at + offset, real // 2)
            at = data.find(signature, at + 4)
    return bytes(data)


def _newer(m: dict[str, Any]) -> None:
    m["version"] = 2


def _missing_file(valid: Path) -> bytes:
    files = entries(valid)
    del files[NAME]
    return build(files)


def _sha_mismatch(valid: Path) -> bytes:
    files = entries(valid)
    files[NAME] = files[NAME].replace(b"GANNET", b"GANNEX")
    return build(files)


HOSTILE: dict[str, tuple[Callable[[Path], bytes], str]] = {
    "damaged": (lambda v: v.read_bytes()[: len(v.read_bytes()) // 2], "not a readable zip"),
    "garbage": (lambda v: b"this is not a zip at all" * 10, "not a readable zip"),
    "traversal": (lambda v: build({**entries(v), "../evil.jsonl": b"x"}), "leaves its folder"),
    "inner traversal": (
        lambda v: build({**entries(v), "transcripts/../../evil": b"x"}),
        "leaves its folder",
    ),
    "absolute": (lambda v: build({**entries(v), "/tmp/evil.jsonl": b"x"}), "absolute path"),
    "windows absolute": (lambda v: build({**entries(v), "C:/evil": b"x"}), "absolute path"),
    "symlink": (
        lambda v: build(
            {**entries(v), "transcripts/link": b"/etc/passwd"}, symlinks=("transcripts/link",)
        ),
        "symbolic link",
    ),
    "zip bomb": (_bomb, "zip bomb"),
    "understated size": (_understated, "refused"),
    "duplicate names": (
        lambda v: build([*entries(v).items(), (NAME, entries(v)[NAME])]),
        "appears twice",
    ),
    "missing file": (_missing_file, "which the file lacks"),
    "extra file": (
        lambda v: build({**entries(v), f"transcripts/{OTHER}.jsonl": b"{}\n"}),
        "does not list",
    ),
    "sha mismatch": (_sha_mismatch, "does not match its sha256"),
    "size lie": (
        lambda v: _with_manifest(v, lambda m: m["sessions"][0].update(size=3)),
        "not the size declared",
    ),
    "newer version": (lambda v: _with_manifest(v, _newer), "newer Sessiondesk"),
    "no manifest": (
        lambda v: build({k: b for k, b in entries(v).items() if k != "manifest.json"}),
        "no manifest",
    ),
    "manifest not json": (
        lambda v: build({**entries(v), "manifest.json": b"{not json"}),
        "not valid JSON",
    ),
    "item without its conversation": (
        lambda v: _with_manifest(v, lambda m: m.update(conversations=[])),
        "does not carry",
    ),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_each_hostile_bundle_is_refused_and_changes_nothing(
    kind: str, valid: Path, target: Path, tmp_path: Path
) -> None:
    make, reason = HOSTILE[kind]
    hostile = tmp_path / "hostile.zip"
    hostile.write_bytes(make(valid))
    before = tree_digest(target)

    result = sessiondesk(target, "bundle", "import", str(hostile), "--account", "mine")

    assert result.code == 2, (kind, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and reason in lines[0], lines
    assert "Traceback" not in result.stderr
    assert tree_digest(target) == before


def test_the_valid_bundle_imports_into_the_same_target(valid: Path, target: Path) -> None:
    result = sessiondesk(target, "--json", "bundle", "import", str(valid), "--account", "mine")
    assert result.code == 0, result.stderr
    assert result.json()["sessions_added"] == [SID]


@pytest.mark.parametrize(
    "name",
    ["../a", "a/../../b", "/abs", "C:x", "a\\b", "", "a//b", "./a", "a/", "x\x00y"],
)
def test_unsafe_names(name: str) -> None:
    assert unsafe_reason(name) is not None


@given(st.text(min_size=1, max_size=40))
def test_a_name_that_passes_stays_inside_its_folder(name: str) -> None:
    if unsafe_reason(name) is None:
        parts = name.split("/")
        assert ".." not in parts and not name.startswith("/") and "\\" not in name
        assert all(parts)


@given(
    st.lists(st.tuples(st.integers(0, 1 << 31), st.integers(0, 1 << 31)), min_size=1, max_size=20)
)
def test_declared_sizes_past_the_limits_are_refused(sizes: list[tuple[int, int]]) -> None:
    infos = [EntryInfo("manifest.json", 10, 10)] + [
        EntryInfo(f"transcripts/{i}.jsonl", size, packed) for i, (size, packed) in enumerate(sizes)
    ]
    total = sum(s for s, _ in sizes) + 10
    bomb = any(s > (1 << 20) and s > 200 * max(p, 1) for s, p in sizes)
    large = any(s > (1 << 30) for s, _ in sizes) or total > (4 << 30)
    if bomb or large:
        with pytest.raises(BundleError):
            check_entries(infos)
    else:
        check_entries(infos)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_any_damage_to_a_valid_bundle_is_refused_cleanly_or_harmless(
    valid: Path, tmp_path: Path, data: st.DataObject
) -> None:
    raw = bytearray(valid.read_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    damaged = tmp_path / "damaged.zip"
    damaged.write_bytes(bytes(raw))
    try:
        manifest = read_bundle(str(damaged))
    except BundleError:
        return
    # a flip the checks cannot see (zip padding, a timestamp) leaves the content intact
    with zipfile.ZipFile(damaged) as archive:
        body = archive.read(NAME)
    assert sha(body) == manifest.sessions[0].sha256
    assert json.loads(archive_manifest(damaged))["version"] == 1


def archive_manifest(path: Path) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read("manifest.json")
