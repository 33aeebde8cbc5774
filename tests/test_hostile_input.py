"""What a hostile tester tried: odd text and numbers, damaged and duplicated
files, unusable folders. Each gets one clear answer, never an internal error,
and one bad file never breaks the rest."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop.claude.session_source import ClaudeTranscripts
from desktop.compose import DB_NAME, open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.errors import StoreError
from desktop.domain.sessions import FileState, Increment, TranscriptFile
from desktop.services.hub import ServiceHub
from desktop.services.sessions import SessionService
from desktop.store.conversations import SqlConversationRepository
from desktop.store.db import open_database
from desktop.store.sessions import SqlSessionIndex
from tests.clirun import CliResult, sessiondesk
from tests.test_transcript_fixtures import Transcript, text

SID = "5e55a000-0000-4000-8000-000000000001"
OTHER = "5e55a000-0000-4000-8000-000000000002"
FFFD = "\ufffd"


def one_line_error(result: CliResult, code: int) -> None:
    assert result.code == code, result.stderr
    assert result.stderr.count("\n") == 1 and "error" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def put(config: Path, project: str | bytes, sid: str, lines: list[str] | bytes) -> Path:
    folder = os.path.join(os.fsencode(config / "projects"), os.fsencode(project))
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, os.fsencode(f"{sid}.jsonl"))
    data = lines if isinstance(lines, bytes) else "".join(x + "\n" for x in lines).encode()
    with open(path, "wb") as out:
        out.write(data)
    return Path(os.fsdecode(path))


def plain(sid: str, words: str = "walrus") -> list[str]:
    t = Transcript(session_id=sid, cwd="/src/api")
    t.prompt(f"tell me about the {words}")
    t.reply(text(f"the {words} is large"))
    return [json.dumps(e) for e in t.lines]


def account(home: Path, name: str, config: Path) -> None:
    config.mkdir(parents=True, exist_ok=True)
    added = sessiondesk(home, "accounts", "add", name, "--config-dir", str(config))
    assert added.code == 0, added.stderr


@pytest.fixture
def config(home: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "claude"
    account(home, "work", folder)
    return folder


# ---- odd text -------------------------------------------------------------------

SURROGATES = [
    # JSON escapes of lone surrogates in content, cwd, model and uuid
    '{"type":"user","uuid":"u\\udcff1","parentUuid":null,"sessionId":"%s",'
    '"cwd":"/src/\\udcffa","timestamp":"2026-01-01T00:00:00Z",'
    '"message":{"role":"user","content":"walrus \\ud800 here"}}',
    '{"type":"assistant","uuid":"a1","parentUuid":"u\\udcff1","sessionId":"%s",'
    '"cwd":"/src/a","timestamp":"2026-01-01T00:00:01Z","message":{"role":"assistant",'
    '"model":"m\\udcff","content":[{"type":"text","text":"hi \\udcff"}],'
    '"usage":{"input_tokens":%d,"output_tokens":5}}}',
]


def odd(sid: str) -> list[str]:
    return [SURROGATES[0] % sid, SURROGATES[1] % (sid, 2**80)]


def test_lone_surrogates_and_huge_counts_are_stored_and_shown_as_replacement_characters(
    home: Path, config: Path
) -> None:
    put(config, "p", SID, odd(SID))
    listed = sessiondesk(home, "--json", "sessions", "list")
    assert listed.code == 0, listed.stderr
    (row,) = listed.json()
    assert row["title"] == f"walrus {FFFD} here"
    assert row["model"] == f"m{FFFD}"
    assert row["input_tokens"] == 2**63 - 1  # the most SQLite holds
    shown = sessiondesk(home, "--json", "sessions", "show", SID)
    assert shown.code == 0, shown.stderr
    texts = [m["text"] for m in shown.json()["messages"]]
    assert texts == [f"walrus {FFFD} here", f"hi {FFFD}"]
    assert shown.json()["messages"][0]["uuid"] == f"u{FFFD}1"
    assert sessiondesk(home, "sessions", "show", SID).code == 0  # for people too
    found = sessiondesk(home, "--json", "search", "walrus")
    assert found.code == 0 and [h["session_id"] for h in found.json()] == [SID]


def test_a_project_folder_whose_name_is_not_utf8(home: Path, config: Path) -> None:
    put(config, b"-src-caf\xe9\xff", SID, plain(SID))
    listed = sessiondesk(home, "--json", "sessions", "list")
    assert listed.code == 0, listed.stderr
    assert FFFD in listed.json()[0]["path"]
    shown = sessiondesk(home, "--json", "sessions", "show", SID)
    assert shown.code == 0, shown.stderr
    assert len(shown.json()["messages"]) == 2


def test_text_on_the_command_line_that_is_not_utf8(home: Path, config: Path) -> None:
    put(config, "p", SID, plain(SID))
    found = sessiondesk(home, "--json", "search", "walrus \udcff")
    assert found.code == 0, found.stderr
    services = open_services(home)
    services.close()
    db = open_database(home / DB_NAME)
    SqlConversationRepository(db).create("first", None, None)
    db.close()
    renamed = sessiondesk(home, "--json", "conversations", "rename", "SESS-001", "caf\udce9")
    assert renamed.code == 0, renamed.stderr
    assert renamed.json()["title"] == f"caf{FFFD}"


def test_a_search_limit_beyond_reason_is_bad_usage(home: Path, config: Path) -> None:
    one_line_error(sessiondesk(home, "search", "x", "--limit", "99999999999999999999"), 2)
    one_line_error(sessiondesk(home, "search", "x", "--limit", "0"), 2)


def test_a_subagent_meta_file_nested_absurdly_deep(home: Path, config: Path) -> None:
    path = put(config, "p", SID, plain(SID))
    agents = path.with_suffix("") / "subagents"
    agents.mkdir(parents=True)
    side = Transcript(session_id=SID, agent_id="a1")
    side.prompt("sub task")
    (agents / "agent-a1.jsonl").write_text("".join(json.dumps(e) + "\n" for e in side.lines))
    (agents / "agent-a1.meta.json").write_text("[" * 100_000 + "]" * 100_000)
    shown = sessiondesk(home, "--json", "sessions", "show", SID)
    assert shown.code == 0, shown.stderr


def test_one_session_id_in_two_project_folders_is_one_session(home: Path, config: Path) -> None:
    older = put(config, "-src-a", SID, plain(SID, "walrus"))
    os.utime(older, (1_700_000_000, 1_700_000_000))
    put(config, "-src-b", SID, plain(SID, "narwhal"))  # copied on, and written since
    listed = sessiondesk(home, "--json", "sessions", "list")
    assert listed.code == 0, listed.stderr
    (row,) = listed.json()
    assert "-src-b" in row["path"]
    assert sessiondesk(home, "--json", "search", "narwhal").json()[0]["session_id"] == SID


def test_a_session_id_is_found_whatever_its_letter_case(home: Path, config: Path) -> None:
    put(config, "p", SID, plain(SID))
    shown = sessiondesk(home, "--json", "sessions", "show", SID.upper())
    assert shown.code == 0, shown.stderr
    assert shown.json()["id"] == SID


@pytest.mark.parametrize(
    "damage", [b"\x00" * 4096, b'{"type":"user"}\r{"type":"user"}\r'], ids=["nul", "cr"]
)
def test_files_of_nul_bytes_or_cr_line_ends_are_flagged_damaged(
    home: Path, config: Path, damage: bytes
) -> None:
    put(config, "p", SID, damage)
    (row,) = sessiondesk(home, "--json", "sessions", "list").json()
    assert row["error"], row


# ---- one bad file never breaks the rest ----------------------------------------------


def test_one_damaged_file_leaves_every_other_session_and_account_working(
    home: Path, config: Path, tmp_path: Path
) -> None:
    put(config, "p", SID, odd(SID))  # broke the whole index before
    put(config, "p", OTHER, plain(OTHER, "narwhal"))
    second = tmp_path / "second"
    account(home, "second", second)
    third = "5e55a000-0000-4000-8000-000000000003"
    put(second, "q", third, plain(third, "narwhal"))

    listed = sessiondesk(home, "--json", "sessions", "list")
    assert listed.code == 0, listed.stderr
    assert {r["id"] for r in listed.json()} == {SID, OTHER, third}
    found = sessiondesk(home, "--json", "search", "narwhal")
    assert {h["session_id"] for h in found.json()} == {OTHER, third}
    assert sessiondesk(home, "--json", "sessions", "show", third).code == 0


class Fragile(ClaudeTranscripts):
    """The real adapter, except that one file breaks it in a way nobody foresaw."""

    def read(self, account: str, file: TranscriptFile, known: FileState | None) -> Increment:
        if file.session_id == SID:
            raise RuntimeError("a bug met a file")
        return super().read(account, file, known)


class Unstorable(SqlSessionIndex):
    """The real index, except that one session cannot be stored with its text."""

    def save_many(self, increments: Any) -> None:
        if any(i.record.session_id == SID and i.texts for i in increments):
            raise StoreError("cannot be stored (test)")
        super().save_many(increments)


@pytest.fixture
def hub(home: Path, tmp_path: Path) -> Iterator[ServiceHub]:
    services = open_services(home)
    services.accounts.add("work", str(tmp_path / "claude"), AuthKind.LOGIN)
    put(tmp_path / "claude", "p", SID, plain(SID, "walrus"))
    put(tmp_path / "claude", "p", OTHER, plain(OTHER, "walrus"))
    yield services
    services.close()


def _service(hub: ServiceHub, index: SqlSessionIndex, source: ClaudeTranscripts) -> SessionService:
    return SessionService(index, source, hub.accounts, hub.settings, workers=1)


def test_a_file_the_reader_trips_on_is_listed_with_its_error(hub: ServiceHub, home: Path) -> None:
    from desktop.store.db import open_database

    db = open_database(home / "sessiondesk.db")
    hub.closers.append(db.close)
    sessions = _service(hub, SqlSessionIndex(db), Fragile())
    report = sessions.refresh()
    assert len(report.errors) == 1 and "a bug met a file" in report.errors[0]
    rows = {r.session_id: r for r in sessions.list()}
    assert rows[SID].error and "a bug met a file" in rows[SID].error
    assert rows[OTHER].error is None and rows[OTHER].message_count == 2
    assert [h.session_id for h in sessions.search("walrus")] == [OTHER]
    assert sessions.refresh().errors == ()  # not read again until it changes


def test_a_session_that_cannot_be_stored_leaves_the_batch_stored(
    hub: ServiceHub, home: Path
) -> None:
    from desktop.store.db import open_database

    db = open_database(home / "sessiondesk.db")
    hub.closers.append(db.close)
    sessions = _service(hub, Unstorable(db), ClaudeTranscripts())
    report = sessions.refresh()
    assert len(report.errors) == 1
    rows = {r.session_id: r for r in sessions.list()}
    assert rows[SID].error and "cannot be stored" in rows[SID].error
    assert rows[OTHER].error is None
    assert [h.session_id for h in sessions.search("walrus")] == [OTHER]


# ---- folders ----------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["a file", "/proc/sessiondesk"])
def test_a_home_that_cannot_be_created_is_one_line(tmp_path: Path, where: str) -> None:
    home = tmp_path / "a file" if where == "a file" else Path(where)
    if where == "a file":
        home.write_text("not a folder")
    result = sessiondesk(home, "--home", str(home), "accounts", "list")
    one_line_error(result, 1)
    assert str(home) in result.stderr


def test_a_config_dir_that_does_not_exist_is_refused_unless_created(
    home: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "typo"
    one_line_error(sessiondesk(home, "accounts", "add", "a", "--config-dir", str(missing)), 2)
    assert not missing.exists()
    made = sessiondesk(home, "accounts", "add", "a", "--config-dir", str(missing), "--create")
    assert made.code == 0, made.stderr
    assert missing.is_dir()
