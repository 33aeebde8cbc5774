"""Names of the library, through the real command on a real SQLite file:
hiding a conversation from the main list and showing it again (nothing is
deleted), and `search` matching titles, descriptions, tool names and the
files a session touched."""

from __future__ import annotations

import uuid
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from desktop.compose import DB_NAME, open_services
from desktop.domain.accounts import AuthKind
from desktop.store.conversations import SqlConversationRepository
from desktop.store.db import open_database
from tests.clirun import CliResult, sessiondesk
from tests.test_transcript_fixtures import Transcript, text, tool_use

CWD = "/src/harbour"


def _session(config: Path, prompt: str, reply: str, *, tools: bool = False) -> str:
    t = Transcript(session_id=str(uuid.uuid4()), cwd=CWD)
    t.prompt(prompt)
    if tools:  # a search tool, then an edit of one file
        t.reply(tool_use("toolu_1", "Grep", {"pattern": "winch", "path": CWD}))
        t.result("toolu_1", "no matches")
        t.reply(tool_use("toolu_2", "Edit", {"file_path": f"{CWD}/quay_plans.md",
                                             "old_string": "a", "new_string": "b"}))  # fmt: skip
        t.result("toolu_2", "The file was updated.")
    t.reply(text(reply))
    t.write(config / "projects" / "-src-harbour" / f"{t.session_id}.jsonl")
    return t.session_id


@pytest.fixture
def library(home: Path, tmp_path: Path) -> dict[str, Any]:
    """Two sessions of account `work`, each a conversation (SESS-001, SESS-002)."""
    config = tmp_path / "claude"
    first = _session(config, "plan the dock cranes", "Three cranes.", tools=True)
    second = _session(config, "paint the lighthouse", "Red and white.")
    services = open_services(home)
    try:
        services.accounts.add("work", str(config), AuthKind.LOGIN)
        services.sessions.refresh()
        made = []
        with closing(open_database(home / DB_NAME)) as db:
            rows = SqlConversationRepository(db)
            for title, sid in (("Cranes", first), ("Lighthouse", second)):
                conv = rows.create(title, "work", CWD)
                rows.update(conv.id, session_id=sid)
                made.append(conv.code)
    finally:
        services.close()
    return {"config": config, "codes": made, "sessions": [first, second]}


def _ok(result: CliResult) -> Any:
    assert result.code == 0, result.stderr
    return result.json()


def _codes(home: Path, *flags: str) -> list[tuple[str, bool]]:
    listed = _ok(sessiondesk(home, "--json", "conversations", "list", *flags))
    return [(c["code"], c["hidden"]) for c in listed]


def test_a_hidden_conversation_leaves_the_list_and_comes_back(
    home: Path, library: dict[str, Any]
) -> None:
    cranes, lighthouse = library["codes"]
    assert _codes(home) == [(cranes, False), (lighthouse, False)]

    hidden = _ok(sessiondesk(home, "--json", "conversations", "hide", cranes))
    assert (hidden["code"], hidden["hidden"]) == (cranes, True)
    assert _codes(home) == [(lighthouse, False)]
    assert _codes(home, "--hidden") == [(cranes, True), (lighthouse, False)]
    human = sessiondesk(home, "conversations", "list", "--hidden").stdout
    assert "(hidden) Cranes" in human and "(hidden) Lighthouse" not in human

    # nothing is deleted: the conversation, its session and its text are all still there
    shown = _ok(sessiondesk(home, "--json", "conversations", "show", cranes))
    assert shown["title"] == "Cranes" and shown["hidden"] is True
    sessions = _ok(sessiondesk(home, "--json", "sessions", "list"))
    assert library["sessions"][0] in {s["id"] for s in sessions}

    back = _ok(sessiondesk(home, "--json", "conversations", "unhide", cranes))
    assert back["hidden"] is False
    assert _codes(home) == [(cranes, False), (lighthouse, False)]
    said = sessiondesk(home, "conversations", "hide", lighthouse)
    assert said.code == 0 and said.stdout.strip() == f"{lighthouse} · hidden from the list"


def test_hiding_an_unknown_conversation_is_one_line_and_exit_2(
    home: Path, library: dict[str, Any]
) -> None:
    for verb in ("hide", "unhide"):
        refused = sessiondesk(home, "conversations", verb, "SESS-999")
        assert refused.code == 2
        assert refused.stderr.strip().splitlines() == [
            "sessiondesk: error: no conversation SESS-999 (see `sessiondesk conversations list`)"
        ]
    assert _codes(home, "--hidden") == [(library["codes"][0], False), (library["codes"][1], False)]


def _hits(home: Path, query: str, *flags: str) -> list[dict[str, Any]]:
    return _ok(sessiondesk(home, "--json", "search", query, *flags))


def test_search_matches_titles_descriptions_tools_and_files(
    home: Path, library: dict[str, Any]
) -> None:
    _cranes, lighthouse = library["codes"]
    first, second = library["sessions"]
    _ok(sessiondesk(home, "--json", "conversations", "describe", lighthouse,
                    "Red and white stripes, after the GANNET survey"))  # fmt: skip

    by_title = _hits(home, "lighthouse")
    assert (by_title[0]["session_id"], by_title[0]["role"]) == (second, "conversation")
    assert by_title[0]["title"] == f"{lighthouse} · Lighthouse"
    assert [h["session_id"] for h in by_title].count(second) == 1, "one hit per session"
    assert _hits(home, "Cranes")[0]["role"] == "conversation"  # the title, not only the prompt

    by_description = _hits(home, "gannet")
    assert [(h["session_id"], h["role"]) for h in by_description] == [(second, "conversation")]
    assert "[GANNET]" in by_description[0]["snippet"]
    assert _hits(home, '"white stripes"')[0]["session_id"] == second
    assert _hits(home, lighthouse.lower())[0]["session_id"] == second  # its handle too

    by_tool = _hits(home, "Grep")
    assert [(h["session_id"], h["role"]) for h in by_tool] == [(first, "tool_use")]
    by_file = _hits(home, "quay_plans.md")
    assert [(h["session_id"], h["role"]) for h in by_file] == [(first, "tool_use")]
    assert "quay_plans" in by_file[0]["snippet"]

    # a hidden conversation is still found; another account's filter leaves it out
    _ok(sessiondesk(home, "--json", "conversations", "hide", lighthouse))
    assert _hits(home, "gannet")[0]["session_id"] == second
    _ok(sessiondesk(home, "--json", "accounts", "add", "other", "--config-dir",
                    str(library["config"].parent / "other"), "--create"))  # fmt: skip
    assert _hits(home, "gannet", "--account", "other") == []
    assert _hits(home, "nothing-like-this") == []
