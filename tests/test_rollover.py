"""Rollover: a full context makes the next turn start a fresh session of the
same conversation, seeded with a continuation of the old one.

Real claude against the fake API, whose replies report the token counts each
test chooses; every `sessiondesk` call is its own process, so each turn also
starts the app afresh.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from desktop.compose import open_services
from desktop.domain.conversations import Execution
from desktop.domain.rollover import FRAMING
from desktop.services.run import TurnRequest
from tests.clirun import CliResult, sessiondesk
from tests.rig.claude import ClaudeAccount
from tests.rig.fakeapi import FakeAPI, RecordedRequest, Reply, is_main_turn
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register

pytestmark = [pytest.mark.claude, pytest.mark.keyring]

FULL = 5000
"""A context the fake API reports, over the threshold the tests set."""


@pytest.fixture
def alpha(
    home: Path, claude_account: AccountFactory, claude_bin: Path
) -> tuple[ClaudeAccount, dict[str, str]]:
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    setting(home, env, "rollover.threshold_tokens", "1000")
    return account, env


def setting(home: Path, env: dict[str, str], key: str, value: str) -> None:
    changed = sessiondesk(home, "settings", "set", key, value, env=env)
    assert changed.code == 0, changed.stderr


def turn(home: Path, env: dict[str, str], *args: str) -> tuple[dict[str, Any], CliResult]:
    result = sessiondesk(home, "--json", *args, env=env, timeout=120)
    assert result.code == 0, result.stderr
    done = result.json_lines()[-1]
    assert done["type"] == "execution" and done["status"] == "succeeded", done
    return done, result


def show(home: Path, env: dict[str, str], conversation: str) -> dict[str, Any]:
    shown = sessiondesk(home, "--json", "conversations", "show", conversation, env=env)
    assert shown.code == 0, shown.stderr
    return shown.json()


def system_text(request: RecordedRequest) -> str:
    return json.dumps(request.json.get("system", ""), ensure_ascii=False)


def seeded(request: RecordedRequest) -> bool:
    return is_main_turn(request) and FRAMING.label in system_text(request)


def transcripts(account: ClaudeAccount) -> set[str]:
    return {p.stem for p in (account.config_dir / "projects").glob("*/*.jsonl")}


def walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [n for node in nodes for n in (node, *walk(node["children"]))]


def test_a_full_context_rolls_the_next_turn_over_to_a_seeded_fresh_session(
    home: Path, alpha: tuple[ClaudeAccount, dict[str, str]], fake_api: FakeAPI, project: Path
) -> None:
    account, env = alpha
    fake_api.enqueue(Reply.text("Noted: the code word is MARMOT.", input_tokens=FULL))
    first, _ = turn(home, env, "run", "--account", "alpha", "--cwd", str(project),
                    "remember the code word MARMOT")  # fmt: skip
    conversation = first["conversation_id"]
    assert first["context_tokens"] == FULL
    kept = show(home, env, conversation)  # read back by another process: what a restart sees
    assert kept["last_input_tokens"] == FULL and kept["context_window"]
    before = transcripts(account)
    mark = len(fake_api.requests)

    fake_api.enqueue(Reply.text("MARMOT, still.", input_tokens=300))
    rolled, _ = turn(home, env, "run", "--conversation", conversation, "what was the word?")
    assert rolled["kind"] == "rollover" and not rolled["resumed"]
    assert rolled["conversation_id"] == conversation
    assert rolled["session_id"] != first["session_id"]
    assert rolled["parent_execution_id"] == first["execution_id"]
    assert "1000" in rolled["resume_reason"] and str(FULL) in rolled["resume_reason"]
    assert transcripts(account) - before == {rolled["session_id"]}  # a new transcript file
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        args = db.execute("SELECT args_json FROM executions WHERE id = ?",
                          (rolled["execution_id"],)).fetchone()[0]  # fmt: skip
    assert "sha256" in args and FRAMING.label not in args  # the seed is never stored

    asked = [r for r in fake_api.requests[mark:] if is_main_turn(r)]
    assert asked and seeded(asked[0])  # the first request carries the continuation
    assert "MARMOT" in system_text(asked[0])
    assert "what was the word?" in json.dumps(asked[0].json["messages"])

    shown = show(home, env, conversation)
    assert shown["session_id"] == rolled["session_id"] and shown["code"] == kept["code"]
    assert shown["context_window"] == kept["context_window"] > FULL
    [record] = shown["rollovers"]
    assert record == {
        "execution_id": rolled["execution_id"],
        "old_session_id": first["session_id"],
        "new_session_id": rolled["session_id"],
        "tokens": FULL,
        "threshold": 1000,
        "time": record["time"],
    }
    assert record["time"]

    # the next turn resumes the new session; the block is not sent a second time
    # (claude keeps the first turn's appended system prompt with its session)
    mark = len(fake_api.requests)
    fake_api.enqueue(Reply.text("Yes.", input_tokens=400))
    after, _ = turn(home, env, "run", "--conversation", conversation, "sure?")
    assert after["kind"] == "continue" and after["resumed"]
    assert after["session_id"] == rolled["session_id"]
    for request in fake_api.requests[mark:]:
        text = request.raw_body.decode("utf-8", "replace")
        assert text.count(FRAMING.label) <= 1, "a second copy of the carried block"
        if is_main_turn(request):
            assert FRAMING.label not in json.dumps(request.json["messages"])

    tree = sessiondesk(home, "--json", "tree", conversation, env=env)
    kinds = [n["kind"] for n in walk(tree.json())]
    assert kinds == ["new", "rollover", "continue"]
    human = sessiondesk(home, "tree", conversation, env=env).stdout
    assert "rollover" in human


def test_three_rollovers_in_a_row_keep_one_conversation(
    home: Path, alpha: tuple[ClaudeAccount, dict[str, str]], fake_api: FakeAPI, project: Path
) -> None:
    account, env = alpha
    fake_api.enqueue(Reply.text("One.", input_tokens=FULL))
    first, _ = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "one")
    conversation = first["conversation_id"]
    sessions = [first["session_id"]]
    for word in ("two", "three", "four"):
        fake_api.enqueue(Reply.text(word.title() + ".", input_tokens=FULL))
        done, _ = turn(home, env, "run", "--conversation", conversation, word)
        assert done["kind"] == "rollover" and done["conversation_id"] == conversation
        sessions.append(done["session_id"])
    assert len(set(sessions)) == 4
    assert set(sessions) <= transcripts(account)

    shown = show(home, env, conversation)
    assert [e["kind"] for e in shown["executions"]] == ["new", "rollover", "rollover", "rollover"]
    pairs = [(r["old_session_id"], r["new_session_id"]) for r in shown["rollovers"]]
    assert pairs == list(itertools.pairwise(sessions))
    listed = sessiondesk(home, "--json", "conversations", "list", env=env).json()
    assert [c["id"] for c in listed] == [conversation]


def test_the_window_fraction_is_kept_across_restarts_and_disabled_means_never(
    home: Path, alpha: tuple[ClaudeAccount, dict[str, str]], fake_api: FakeAPI, project: Path
) -> None:
    _, env = alpha
    setting(home, env, "rollover.threshold_tokens", "900000")
    setting(home, env, "rollover.threshold_fraction", "0.5")
    fake_api.enqueue(Reply.text("Big.", input_tokens=40_000))
    first, _ = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "big")
    conversation = first["conversation_id"]
    window = show(home, env, conversation)["context_window"]
    assert window and window // 2 > 40_000  # half the reported window is not reached yet

    fake_api.enqueue(Reply.text("Bigger.", input_tokens=window // 2 + 10))
    second, _ = turn(home, env, "run", "--conversation", conversation, "bigger")
    assert second["kind"] == "continue"

    setting(home, env, "rollover.enabled", "off")
    fake_api.enqueue(Reply.text("Still here."))
    third, _ = turn(home, env, "run", "--conversation", conversation, "again")
    assert third["kind"] == "continue" and third["session_id"] == first["session_id"]

    setting(home, env, "rollover.enabled", "on")
    fake_api.enqueue(Reply.text("Fresh."))
    # the last context is small again (the turn before reported the default)
    fourth, _ = turn(home, env, "run", "--conversation", conversation, "small")
    assert fourth["kind"] == "continue"
    assert show(home, env, conversation)["rollovers"] == []


def test_a_failing_rollover_still_delivers_the_turn_on_the_old_session(
    home: Path, alpha: tuple[ClaudeAccount, dict[str, str]], fake_api: FakeAPI, project: Path
) -> None:
    _, env = alpha
    fake_api.enqueue(Reply.text("Noted.", input_tokens=FULL))
    first, _ = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "note this")
    conversation = first["conversation_id"]

    fake_api.enqueue(Reply.error(400, message="the fresh session is refused"), when=seeded,
                     times=None)  # fmt: skip
    fake_api.enqueue(Reply.text("Delivered on the old session."))
    done, result = turn(home, env, "run", "--conversation", conversation, "the turn")
    assert done["kind"] == "continue" and done["resumed"]
    assert done["session_id"] == first["session_id"]
    assert "the rollover failed" in result.stderr
    assert "Delivered on the old session." in result.stdout

    shown = show(home, env, conversation)
    kinds = [(e["kind"], e["status"]) for e in shown["executions"]]
    assert kinds == [("new", "succeeded"), ("rollover", "failed"), ("continue", "succeeded")]
    assert shown["executions"][2]["parent_execution_id"] == shown["executions"][1]["execution_id"]
    assert shown["session_id"] == first["session_id"] and shown["rollovers"] == []


def test_a_summary_seed_carries_a_recap_written_under_the_same_account(
    home: Path, alpha: tuple[ClaudeAccount, dict[str, str]], fake_api: FakeAPI, project: Path
) -> None:
    _, env = alpha
    setting(home, env, "rollover.seed", "summary")
    fake_api.enqueue(Reply.text("Noted: MARMOT.", input_tokens=FULL))
    first, _ = turn(home, env, "run", "--account", "alpha", "--cwd", str(project),
                    "remember MARMOT")  # fmt: skip
    fake_api.enqueue(
        Reply.text("RECAP-7: the code word is MARMOT."),
        when=lambda r: is_main_turn(r) and "short recap" in json.dumps(r.json),
    )
    mark = len(fake_api.requests)
    rolled, _ = turn(home, env, "run", "--conversation", first["conversation_id"], "go on")
    assert rolled["kind"] == "rollover"
    seeding = next(r for r in fake_api.requests[mark:] if seeded(r))
    assert "RECAP-7" in system_text(seeding) and "conversation-summary" in system_text(seeding)


def test_a_rolled_over_conversation_continues_forks_and_switches(
    home: Path, alpha: tuple[ClaudeAccount, dict[str, str]], fake_api: FakeAPI, project: Path,
    claude_account: AccountFactory, claude_bin: Path,
) -> None:  # fmt: skip
    _, env = alpha
    register(home, claude_account("beta"), claude_bin)
    fake_api.enqueue(Reply.text("One.", input_tokens=FULL))
    first, _ = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "one")
    conversation = first["conversation_id"]
    rolled, _ = turn(home, env, "run", "--conversation", conversation, "two")
    assert rolled["kind"] == "rollover"

    again, _ = turn(home, env, "continue", "SESS-001", "three")
    assert again["conversation_id"] == conversation and again["resumed"]
    assert again["session_id"] == rolled["session_id"]
    forked, _ = turn(home, env, "fork", rolled["execution_id"], "elsewhere")
    assert forked["conversation_id"] != conversation and forked["kind"] == "fork"

    moved = sessiondesk(home, "--json", "switch", conversation, "--to", "beta",
                        "--carry-context", "raw", env=env)  # fmt: skip
    assert moved.code == 0, moved.stderr
    carried, _ = turn(home, env, "run", "--conversation", conversation, "four")
    assert carried["account"] == "beta" and carried["kind"] == "carryover"
    assert carried["conversation_id"] == conversation


def test_a_rollover_says_so_in_the_audit_log(
    home: Path, alpha: tuple[ClaudeAccount, dict[str, str]], fake_api: FakeAPI, project: Path,
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    _, env = alpha
    fake_api.enqueue(Reply.text("One.", input_tokens=FULL))
    first, _ = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "one")
    for key, value in env.items():
        monkeypatch.setenv(key, value)

    async def second_turn() -> Execution:
        run = await hub.runs.prepare(TurnRequest("two", conversation_id=first["conversation_id"]))
        async for _event in run.events():
            pass
        assert run.execution is not None
        return run.execution

    hub = open_services(home)
    try:
        with caplog.at_level(logging.INFO, logger="sessiondesk.audit"):
            done = asyncio.run(second_turn())
    finally:
        hub.close()
    assert done.kind == "rollover" and done.status == "succeeded"
    [line] = [r for r in caplog.records if " rollover conversation " in r.getMessage()]
    assert line.levelno == logging.INFO
    assert first["session_id"] in line.getMessage() and str(done.session_id) in line.getMessage()
