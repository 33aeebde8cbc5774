"""The transcript archive: a compressed copy that follows each transcript as it
grows, so a session whose original Claude Code deleted still lists, opens,
searches and exports; and one session exported as Markdown or HTML."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from desktop.store import archive_files
from tests.clirun import sessiondesk
from tests.test_transcript_fixtures import Transcript, text, tool_use

SID = "44444444-4444-4444-8444-444444444444"


def make(config: Path, t: Transcript) -> Path:
    return t.write(config / "projects" / "-src-app" / f"{SID}.jsonl")


def grow(path: Path, t: Transcript, prompt: str, reply: str) -> None:
    before = len(t.lines)
    t.prompt(prompt)
    t.reply(text(reply))
    rows = t.lines[before:]
    with path.open("ab") as out:
        for row in rows:
            out.write((json.dumps(row, separators=(",", ":")) + "\n").encode())


@pytest.fixture
def config(home: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "claude"
    added = sessiondesk(home, "accounts", "add", "work", "--config-dir", str(folder), "--create")
    assert added.code == 0, added.stderr
    return folder


def copy_of(home: Path) -> Path:
    return home / "archive" / "work" / f"{SID}.jsonl.gz"


def test_the_copy_follows_a_growing_transcript_by_appending_only_new_bytes(
    home: Path, config: Path
) -> None:
    t = Transcript(session_id=SID, cwd="/src/app")
    t.prompt("first question about OSPREY")
    t.reply(text("first answer"))
    original = make(config, t)
    assert sessiondesk(home, "index").code == 0
    first = copy_of(home).read_bytes()
    assert gzip.decompress(first) == original.read_bytes()

    grow(original, t, "second question about KESTREL", "second answer")
    assert sessiondesk(home, "index").code == 0
    second = copy_of(home).read_bytes()
    assert second.startswith(first), "the earlier members are kept as they were"
    assert gzip.decompress(second) == original.read_bytes()
    size = sessiondesk(home, "--json", "sessions", "archive-size").json()
    assert size["files"] == 1 and size["original_bytes"] == original.stat().st_size
    assert 0 < size["bytes"] == len(second)


def test_a_rewritten_transcript_is_copied_whole_again(home: Path, config: Path) -> None:
    t = Transcript(session_id=SID, cwd="/src/app")
    t.prompt("old words")
    t.reply(text("old reply"))
    original = make(config, t)
    assert sessiondesk(home, "index").code == 0
    fresh = Transcript(session_id=SID, cwd="/src/app")
    fresh.prompt("entirely new words, and longer than before")
    fresh.reply(text("a new reply"))
    original.write_bytes(fresh.dumps())
    assert sessiondesk(home, "index").code == 0
    assert gzip.decompress(copy_of(home).read_bytes()) == original.read_bytes()


def test_a_deleted_original_still_lists_opens_searches_and_exports(
    home: Path, config: Path, tmp_path: Path
) -> None:
    t = Transcript(session_id=SID, cwd="/src/app")
    t.prompt("how do PELICANS fly?")
    t.reply(text("Like this:\n\n```python\nprint('<b>flap</b>')\n```"))
    t.reply(tool_use("toolu_9", "Bash", {"command": "echo <script>x</script>"}))
    t.result("toolu_9", "done")
    t.reply(text("All <script>alert(1)</script> set."))
    original = make(config, t)
    before = sessiondesk(home, "--json", "sessions", "show", SID).json()
    original.unlink()

    listed = sessiondesk(home, "--json", "sessions", "list").json()
    assert [(s["missing"], s["archived"]) for s in listed] == [(True, True)]
    shown = sessiondesk(home, "--json", "sessions", "show", SID)
    assert shown.code == 0, shown.stderr
    assert shown.json()["messages"] == before["messages"]
    hits = sessiondesk(home, "--json", "search", "pelicans").json()
    assert [h["session_id"] for h in hits] == [SID]

    page = tmp_path / "out.html"
    exported = sessiondesk(home, "sessions", "export", SID, "--format", "html", "-o", str(page))
    assert exported.code == 0, exported.stderr
    html = page.read_text()
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<details" in html and "Bash" in html
    assert 'class="hl"' in html, "code is highlighted"
    md = tmp_path / "out.md"
    assert sessiondesk(home, "sessions", "export", SID, "--format", "md", "-o", str(md)).code == 0
    document = md.read_text()
    assert "PELICANS" in document and "<details>" in document and "```python" in document


def test_a_deleted_original_without_a_copy_is_a_clear_error(home: Path, config: Path) -> None:
    assert sessiondesk(home, "settings", "set", "archive.enabled", "false").code == 0
    t = Transcript(session_id=SID, cwd="/src/app")
    t.prompt("soon gone")
    t.reply(text("yes"))
    original = make(config, t)
    assert sessiondesk(home, "index").code == 0
    original.unlink()
    shown = sessiondesk(home, "sessions", "show", SID)
    assert shown.code == 1
    assert "no archived copy" in shown.stderr and "Traceback" not in shown.stderr


def test_a_torn_append_is_cut_off_before_the_next(tmp_path: Path) -> None:
    copy = tmp_path / "copy.gz"
    stored = archive_files.write_new(copy, [b"line one\n"])
    with copy.open("ab") as out:
        out.write(b"\x1f\x8b torn half of a member")
    stored = archive_files.append(copy, stored, [b"line two\n"])
    with copy.open("rb") as source:
        assert b"".join(archive_files.unpack(source, stored)) == b"line one\nline two\n"
    assert gzip.decompress(copy.read_bytes()) == b"line one\nline two\n"


def test_a_new_copy_is_written_in_place_and_one_made_again_replaces_it(tmp_path: Path) -> None:
    copy = tmp_path / "work" / "copy.gz"  # its folder too is made on the way
    body = b"".join(f"line {n}\n".encode() for n in range(20000))
    stored = archive_files.write_new(copy, [body[:100000], body[100000:]])
    assert stored == copy.stat().st_size
    assert gzip.decompress(copy.read_bytes()) == body
    again = archive_files.write_new(copy, [b"rewritten\n"])  # the original was rewritten
    assert gzip.decompress(copy.read_bytes()) == b"rewritten\n"
    assert again == copy.stat().st_size
    assert sorted(p.name for p in copy.parent.iterdir()) == ["copy.gz"]  # no `.part` left


def test_a_copy_that_fails_midway_leaves_no_file(tmp_path: Path) -> None:
    def shrinking() -> Iterator[bytes]:
        yield b"first block\n" * 1000
        raise OSError("the transcript shrank while it was copied")

    new, old = tmp_path / "new.gz", tmp_path / "old.gz"
    archive_files.write_new(old, [b"kept\n"])
    for copy in (new, old):
        with pytest.raises(OSError, match="shrank"):
            archive_files.write_new(copy, shrinking())
    assert not new.exists()  # a new copy: nothing half written stays
    assert gzip.decompress(old.read_bytes()) == b"kept\n"  # one made before: untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.gz"]


def test_a_copy_zlib_wrote_grows_and_reads_back_whole(tmp_path: Path) -> None:
    """Copies written before the archive compressed with ISA-L are zlib's
    gzip members: appending to one and reading it back still works."""
    copy = tmp_path / "copy.gz"
    first = b"".join(f'{{"n":{n},"text":"\u636e\u7ebf {n}"}}\n'.encode() for n in range(5000))
    copy.write_bytes(gzip.compress(first, compresslevel=6))
    second = b'{"n":"last"}\n' * 3000
    stored = archive_files.append(copy, copy.stat().st_size, [second[:7000], second[7000:]])
    with copy.open("rb") as source:
        assert b"".join(archive_files.unpack(source, stored)) == first + second
    assert gzip.decompress(copy.read_bytes()) == first + second


def test_an_index_rebuild_keeps_sessions_only_the_archive_has(home: Path, config: Path) -> None:
    t = Transcript(session_id=SID, cwd="/src/app")
    t.prompt("remember the HERON")
    t.reply(text("noted"))
    original = make(config, t)
    assert sessiondesk(home, "index").code == 0
    original.unlink()
    assert sessiondesk(home, "index", "--rebuild").code == 0
    listed = sessiondesk(home, "--json", "sessions", "list").json()
    assert [(s["id"], s["missing"], s["archived"]) for s in listed] == [(SID, True, True)]
    assert sessiondesk(home, "--json", "search", "heron").json()


def test_archive_enabled_is_a_setting_on_by_default(home: Path) -> None:
    services = open_services(home)
    try:
        services.accounts.add("x", str(home / "nowhere"), AuthKind.LOGIN)
        assert services.settings.effective()["archive.enabled"] == "true"
    finally:
        services.close()
