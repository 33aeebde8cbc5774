"""`switch`: a conversation moves to another account, carrying only what was chosen.

Real claude, two rig accounts, the fake API recording every request with the
credential it came with.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from desktop.domain.replay import OMITTED
from tests.clirun import CliResult, sessiondesk
from tests.rig.claude import ClaudeAccount
from tests.rig.fakeapi import FakeAPI, RecordedRequest, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register

pytestmark = [pytest.mark.claude, pytest.mark.keyring]

LABEL = "earlier conversation under another account"


@pytest.fixture
def pair(
    home: Path, claude_account: AccountFactory, claude_bin: Path
) -> tuple[ClaudeAccount, ClaudeAccount, dict[str, str]]:
    alpha, beta = claude_account("alpha"), claude_account("beta")
    env = register(home, alpha, claude_bin)
    register(home, beta, claude_bin)
    return alpha, beta, env


def turn(home: Path, env: dict[str, str], *args: str) -> tuple[dict[str, Any], CliResult]:
    result = sessiondesk(home, "--json", *args, env=env, timeout=90)
    assert result.code == 0, result.stderr
    done = result.json_lines()[-1]
    assert done["type"] == "execution" and done["status"] == "succeeded", done
    return done, result


def switch(home: Path, env: dict[str, str], conversation: str, *args: str) -> CliResult:
    return sessiondesk(home, "--json", "switch", conversation, "--to", "beta", *args, env=env)


def under(fake_api: FakeAPI, account: ClaudeAccount, since: int = 0) -> list[RecordedRequest]:
    return [
        r
        for r in fake_api.requests[since:]
        if r.path.startswith("/v1/") and r.headers.get("x-api-key") == account.api_key
    ]


def body(request: RecordedRequest) -> str:
    return request.raw_body.decode("utf-8", "replace")


def system_text(request: RecordedRequest) -> str:
    return json.dumps(request.json.get("system", ""), ensure_ascii=False)


def messages_text(request: RecordedRequest) -> str:
    return json.dumps(request.json.get("messages", []), ensure_ascii=False)


def started_under_alpha(
    home: Path, env: dict[str, str], fake_api: FakeAPI, project: Path
) -> dict[str, Any]:
    fake_api.enqueue(Reply.text("Noted: the code word is MARMOT."))
    first, _ = turn(home, env, "run", "--account", "alpha", "--cwd", str(project),
                    "remember the code word MARMOT")  # fmt: skip
    return first


def test_switch_without_carry_sends_nothing_of_the_old_conversation(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]], fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    alpha, beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    mark = len(fake_api.requests)

    moved = switch(home, env, first["conversation_id"])
    assert moved.code == 0, moved.stderr
    record = json.loads(moved.stdout)
    assert record["account"] == "beta" and record["carry_context"] == "none"
    assert record["execution"]["kind"] == "switch"

    one, _ = turn(home, env, "run", "--conversation", first["conversation_id"], "hello again")
    two, _ = turn(home, env, "run", "--conversation", first["conversation_id"], "and again")
    assert one["account"] == two["account"] == "beta"
    assert one["kind"] == "new" and two["resumed"] and two["session_id"] == one["session_id"]
    sent = fake_api.requests[mark:]
    assert sent and all(r.headers.get("x-api-key") == beta.api_key for r in sent
                        if r.path.startswith("/v1/"))  # fmt: skip
    assert not under(fake_api, alpha, mark)
    assert not any("MARMOT" in body(r) for r in sent)
    shown = json.loads(sessiondesk(home, "--json", "conversations", "show",
                                   first["conversation_id"], env=env).stdout)  # fmt: skip
    kinds = [e["kind"] for e in shown["executions"]]
    assert kinds == ["new", "switch", "new", "continue"]


def test_raw_carry_seeds_the_first_request_once(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]], fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    alpha, beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    moved = switch(home, env, first["conversation_id"], "--carry-context", "raw")
    assert moved.code == 0, moved.stderr
    mark = len(fake_api.requests)

    one, _ = turn(home, env, "run", "--conversation", first["conversation_id"], "what was it?")
    assert one["kind"] == "carryover" and one["account"] == "beta"
    first_turns = [r for r in fake_api.main_turns() if r in fake_api.requests[mark:]]
    assert LABEL in system_text(first_turns[0]) and "MARMOT" in system_text(first_turns[0])
    assert "MARMOT" not in messages_text(first_turns[0])
    mark = len(fake_api.requests)

    two, _ = turn(home, env, "run", "--conversation", first["conversation_id"], "and now?")
    assert two["resumed"] and two["session_id"] == one["session_id"]
    for request in under(fake_api, beta, mark):
        text = body(request)
        assert text.count(LABEL) <= 1, "a second copy of the carried block"
        assert LABEL not in messages_text(request) if request.path == "/v1/messages" else True

    # the stored argv holds the block's size and hash, never its text
    # (the session index holds the old session's own text; the carried block is nowhere)
    for stored in home.rglob("*"):
        if stored.is_file():
            assert LABEL.encode() not in stored.read_bytes(), stored
    with closing(sqlite3.connect(home / "sessiondesk.db")) as conn, conn:
        args = conn.execute("SELECT args_json FROM executions WHERE id = ?",
                            (one["execution_id"],)).fetchone()[0]  # fmt: skip
    assert "sha256" in args and LABEL not in args
    assert not under(fake_api, alpha, mark)


def test_migrate_keeps_the_whole_history_under_the_new_account(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]], fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    alpha, beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    old_file = alpha.transcript(first["session_id"])
    before = old_file.read_bytes()
    assert switch(home, env, first["conversation_id"], "--carry-context", "migrate").code == 0
    mark = len(fake_api.requests)

    one, result = turn(home, env, "run", "--conversation", first["conversation_id"], "go on")
    requests = [r for r in fake_api.main_turns() if r in fake_api.requests[mark:]]
    if "notice:" in result.stderr:  # refused by this claude: fell back visibly to raw
        assert LABEL in system_text(requests[0])
    else:
        assert one["resumed"] and "MARMOT" in messages_text(requests[0])
    assert all(r.headers.get("x-api-key") == beta.api_key for r in requests)
    assert old_file.read_bytes() == before


@pytest.mark.parametrize("damage", ["missing", "damaged", "oversized"])
def test_a_bad_old_transcript_leaves_the_switch_working(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]], fake_api: FakeAPI,
    project: Path, damage: str,
) -> None:  # fmt: skip
    alpha, _beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    if damage == "oversized":
        fake_api.enqueue(Reply.text("LATEST " + "y" * 30_000))
        turn(home, env, "run", "--conversation", first["conversation_id"], "EARLY " * 5000)
    path = alpha.transcript(first["session_id"])
    if damage == "missing":
        path.unlink()
    elif damage == "damaged":
        path.write_bytes(b"\x00\xff{not json\n" * 50)
    assert switch(home, env, first["conversation_id"], "--carry-context", "raw").code == 0
    mark = len(fake_api.requests)

    one, result = turn(home, env, "run", "--conversation", first["conversation_id"], "hi")
    assert one["account"] == "beta"
    request = next(r for r in fake_api.main_turns() if r in fake_api.requests[mark:])
    if damage == "oversized":
        system = system_text(request)
        assert LABEL in system and OMITTED in system
        assert "EARLY" not in system  # the older turns were cut to the budget
    else:
        assert "notice:" in result.stderr and "fresh session" in result.stderr
        assert "MARMOT" not in body(request) and one["kind"] == "new"


@pytest.mark.parametrize("mode", ["raw", "migrate"])
def test_a_partly_damaged_old_transcript_carries_nothing_and_says_why(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]], fake_api: FakeAPI,
    project: Path, mode: str,
) -> None:  # fmt: skip
    """Carrying fails closed: one unreadable line in the middle, and its readable
    rest (MARMOT) stays under the old account; the switch and the turn both say so."""
    alpha, _beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    path = alpha.transcript(first["session_id"])
    lines = path.read_bytes().splitlines(keepends=True)
    garbage = b'{"type":"user","message":\x00garbage\n'
    path.write_bytes(b"".join([*lines[:1], garbage, *lines[1:]]))

    moved = switch(home, env, first["conversation_id"], "--carry-context", mode)
    assert moved.code == 0, moved.stderr
    assert "notice:" in moved.stderr and "damaged" in moved.stderr
    assert "damaged" in json.loads(moved.stdout)["notice"]
    mark = len(fake_api.requests)

    one, result = turn(home, env, "run", "--conversation", first["conversation_id"], "hi")
    assert one["account"] == "beta" and one["kind"] == "new"
    assert "notice:" in result.stderr and "damaged" in result.stderr
    assert not any("MARMOT" in body(r) for r in fake_api.requests[mark:])
    assert not under(fake_api, alpha, mark)


def test_policy_refuses_a_carry_between_a_forbidden_pair(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]], fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    _alpha, _beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    assert sessiondesk(home, "settings", "set", "carry_context.never", '[["beta","alpha"]]',
                       env=env).code == 0  # fmt: skip
    refused = switch(home, env, first["conversation_id"], "--carry-context", "raw")
    assert refused.code == 2 and "never carries" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert switch(home, env, first["conversation_id"]).code == 0  # none is always allowed


def test_the_default_mode_setting_never_consents_on_the_command_line(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]], fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    """`carry_context.default_mode raw` pre-selects the window's choice; a `switch`
    without --carry-context still carries nothing (CLI.md)."""
    alpha, _beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    bad = sessiondesk(home, "settings", "set", "carry_context.default_mode", "all", env=env)
    assert bad.code == 2
    assert sessiondesk(home, "settings", "set", "carry_context.default_mode", "raw",
                       env=env).code == 0  # fmt: skip
    moved = switch(home, env, first["conversation_id"])
    assert moved.code == 0, moved.stderr
    assert json.loads(moved.stdout)["carry_context"] == "none"
    mark = len(fake_api.requests)

    one, _ = turn(home, env, "run", "--conversation", first["conversation_id"], "what was it?")
    assert one["kind"] == "new" and one["account"] == "beta"
    assert not any("MARMOT" in body(r) for r in fake_api.requests[mark:])
    assert not under(fake_api, alpha, mark)
