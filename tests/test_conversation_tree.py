"""Continue, fork, tree and compare with the real claude through the fake API."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from desktop.compose import open_services
from tests.clirun import CliResult, sessiondesk
from tests.rig.claude import ClaudeAccount
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def turn(home: Path, env: dict[str, str], *args: str) -> dict[str, Any]:
    """One `run`, `continue` or `fork`: its final execution line, which must be a success."""
    result = sessiondesk(home, "--json", *args, env=env, timeout=90)
    assert result.code == 0, result.stderr
    done = result.json_lines()[-1]
    assert done["type"] == "execution" and done["status"] == "succeeded", done
    return done


def rows(home: Path) -> tuple[int, int]:
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        conversations = db.execute("SELECT count(*) FROM conversations").fetchone()[0]
        executions = db.execute("SELECT count(*) FROM executions").fetchone()[0]
    return conversations, executions


def refused(result: CliResult, *words: str) -> None:
    """Bad input: exit 2, one line that says why, no traceback."""
    assert result.code == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert all(w in lines[0] for w in words), lines[0]


def walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [n for node in nodes for n in (node, *walk(node["children"]))]


def test_run_continue_fork_and_continue_the_fork_make_one_tree(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("Noted: ALBATROSS."))
    first = turn(home, env, "run", "--account", "alpha", "--cwd", str(project),
                 "remember ALBATROSS")  # fmt: skip
    fake_api.enqueue(Reply.text("Second turn done."))
    second = turn(home, env, "continue", first["execution_id"], "and a second turn")
    assert (second["kind"], second["resumed"]) == ("continue", True)
    parent_file = account.transcript(second["session_id"])
    parent_bytes = parent_file.read_bytes()

    fake_api.enqueue(Reply.text("Branching off."))
    fork = turn(home, env, "fork", second["execution_id"], "a branch")
    assert (fork["kind"], fork["resumed"]) == ("fork", True)
    assert fork["conversation_id"] != first["conversation_id"]
    assert fork["forked_from_execution_id"] == second["execution_id"]
    fake_api.enqueue(Reply.text("Still on the branch."))
    fork_next = turn(home, env, "continue", fork["execution_id"], "more on the branch")
    assert fork_next["parent_execution_id"] == fork["execution_id"]

    tree = sessiondesk(home, "--json", "tree", first["conversation_id"], env=env).json()
    (root,) = tree
    assert root["execution_id"] == first["execution_id"] and root["kind"] == "new"
    (child,) = root["children"]
    assert child["execution_id"] == second["execution_id"]
    (forked,) = child["children"]
    assert forked["execution_id"] == fork["execution_id"] and forked["kind"] == "fork"
    assert forked["conversation_id"] == fork["conversation_id"] != root["conversation_id"]
    (grandchild,) = forked["children"]
    assert grandchild["execution_id"] == fork_next["execution_id"] and not grandchild["children"]
    nodes = walk(tree)
    assert {n["status"] for n in nodes} == {"succeeded"}
    assert all(set(n) >= {"parent_execution_id", "account", "started", "context_tokens",
                          "resumed"} for n in nodes)  # fmt: skip
    for node in nodes:
        assert account.transcript(node["session_id"]).exists()

    # the fork's own transcript holds the parent's history; the parent's file is untouched
    assert parent_file.read_bytes() == parent_bytes
    shown = sessiondesk(home, "--json", "sessions", "show", fork_next["session_id"], env=env)
    texts = [m["text"] for m in shown.json()["messages"]]
    assert any("ALBATROSS" in t for t in texts) and any("a branch" in t for t in texts)

    human = sessiondesk(home, "tree", root["conversation_id"], env=env)
    lines = human.stdout.splitlines()
    # the continue is the next row of its column; the fork one column in, under its node
    assert lines[1].startswith("- ") and lines[2].startswith("- ") and "continue" in lines[2]
    assert lines[3].startswith("  - ") and "fork · resumed [SESS-" in lines[3]

    # compare the main line, continued, with the branch: they share the first two turns
    fake_api.enqueue(Reply.text("Main line goes on."))
    main = turn(home, env, "continue", second["execution_id"], "main line again")
    compared = sessiondesk(home, "--json", "compare", main["execution_id"],
                           fork_next["execution_id"], env=env)  # fmt: skip
    assert compared.code == 0, compared.stderr
    found = compared.json()
    assert [m["text"] for m in found["common"]] == [
        "remember ALBATROSS", "Noted: ALBATROSS.", "and a second turn", "Second turn done.",
    ]  # fmt: skip
    assert [m["text"] for m in found["a"]] == ["main line again", "Main line goes on."]
    assert [m["text"] for m in found["b"]] == [
        "a branch", "Branching off.", "more on the branch", "Still on the branch.",
    ]  # fmt: skip
    assert all(set(m) == {"role", "text", "uuid"} for part in found.values() for m in part)


def test_a_session_found_on_disk_is_forked_and_continued(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("The bird is a HERON."))
    made = account.run(["-p", "--output-format", "json", "name a bird"], cwd=project)
    assert made.returncode == 0, made.stderr
    session = json.loads(made.stdout)["session_id"]

    fake_api.enqueue(Reply.text("A branch about herons."))
    fork = turn(home, env, "fork", session, "branch off")
    assert (fork["kind"], fork["resumed"]) == ("fork", True)
    assert fork["session_id"] != session
    assert "HERON" in json.dumps(fake_api.main_turns()[-1].json["messages"])

    fake_api.enqueue(Reply.text("On the adopted line."))
    again = turn(home, env, "continue", session, "and on the original?")
    assert (again["kind"], again["resumed"], again["session_id"]) == ("continue", True, session)
    fake_api.enqueue(Reply.text("On the fork."))
    turn(home, env, "continue", fork["execution_id"], "and on the fork?")
    assert "HERON" in json.dumps(fake_api.main_turns()[-1].json["messages"])


def test_with_the_parent_transcript_gone_continue_and_fork_replay_that_node(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("The first word is OSPREY."))
    first = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "word one")
    fake_api.enqueue(Reply.text("The second word is PLOVER."))
    second = turn(home, env, "continue", first["execution_id"], "word two")
    account.transcript(first["session_id"]).unlink()

    # claude refuses to resume the deleted session: the fork replays its parent's history
    fake_api.enqueue(Reply.text("Recovered the fork."))
    fork = turn(home, env, "fork", second["execution_id"], "fork from word two")
    prompt = last_user_text(fake_api.main_turns()[-1])
    assert "OSPREY" in prompt and "PLOVER" in prompt and "fork from word two" in prompt
    assert (fork["kind"], fork["resumed"]) == ("replay", False)
    assert fork["resume_reason"].startswith("rejected by claude: No conversation found")
    assert fork["conversation_id"] != first["conversation_id"]

    fake_api.enqueue(Reply.text("Recovered the continue."))
    cont = turn(home, env, "continue", second["execution_id"], "continue word two")
    prompt = last_user_text(fake_api.main_turns()[-1])
    assert "OSPREY" in prompt and "PLOVER" in prompt and "continue word two" in prompt
    assert (cont["kind"], cont["conversation_id"]) == ("replay", first["conversation_id"])

    # an older node: its own history, not the turns that came after it in its session
    fake_api.enqueue(Reply.text("Back at word one."))
    older = turn(home, env, "fork", first["execution_id"], "fork from word one")
    prompt = last_user_text(fake_api.main_turns()[-1])
    assert "OSPREY" in prompt and "PLOVER" not in prompt
    assert (older["kind"], older["resumed"]) == ("fork", False)
    assert older["forked_from_execution_id"] == first["execution_id"]
    fake_api.enqueue(Reply.text("Word one again."))
    turn(home, env, "continue", first["execution_id"], "continue word one")
    prompt = last_user_text(fake_api.main_turns()[-1])
    assert "OSPREY" in prompt and "PLOVER" not in prompt and "continue word one" in prompt


def test_continuing_an_older_node_replays_its_history_even_with_the_file_there(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("First: KESTREL."), Reply.text("Second: FALCON."))
    first = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "one")
    turn(home, env, "continue", first["execution_id"], "two")
    fake_api.enqueue(Reply.text("From one."))
    older = turn(home, env, "continue", first["execution_id"], "from one")
    assert (older["kind"], older["resumed"], older["parent_execution_id"]) == (
        "replay", False, first["execution_id"],
    )  # fmt: skip
    sent = json.dumps(fake_api.main_turns()[-1].json["messages"])
    assert "KESTREL" in sent and "FALCON" not in sent


def test_no_request_under_another_account_carries_the_conversation(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    alpha = claude_account("alpha")
    beta = claude_account("beta")
    env = register(home, alpha, claude_bin)
    register(home, beta, claude_bin)
    fake_api.enqueue(Reply.text("Your private word is MARMOT."))
    first = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "keep MARMOT")
    before = rows(home)

    result = run_turn(home, env, "--conversation", first["conversation_id"], "--account", "beta",
                      "what was it?")  # fmt: skip
    refused(result, "alpha", "sessiondesk switch")
    assert rows(home) == before
    under_beta = [r for r in fake_api.requests if r.headers.get("x-api-key") == beta.api_key]
    assert not any("MARMOT" in r.raw_body.decode("utf-8", "replace") for r in under_beta)
    assert under_beta == []


def test_bad_references_are_refused_and_write_nothing(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    alpha = claude_account("alpha")
    beta = claude_account("beta")
    env = register(home, alpha, claude_bin)
    register(home, beta, claude_bin)
    fake_api.enqueue(Reply.text("One."))
    one = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "first thread")
    fake_api.enqueue(Reply.text("Two."))
    two = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "second thread")
    # a turn that never got a session
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        db.execute(
            "INSERT INTO executions (id, conversation_id, kind, cwd, prompt, args_json, status,"
            " stop_requested, resumed, started) VALUES ('0e0e0e0e-0000-4000-8000-000000000000',"
            " ?, 'continue', ?, 'x', '[]', 'failed', 0, 0, CURRENT_TIMESTAMP)",
            (one["conversation_id"], str(project)),
        )
    # the same session id in two accounts' folders: ambiguous without --account
    copied = beta.project_dir(project) / alpha.transcript(one["session_id"]).name
    copied.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(alpha.transcript(one["session_id"]), copied)
    sessiondesk(home, "index", env=env)
    before = rows(home)
    asked = len(fake_api.requests)

    refused(sessiondesk(home, "fork", "SESS-999", "x", env=env), "SESS-999")
    refused(sessiondesk(home, "fork", "nothing-like-an-id", "x", env=env), "nothing-like-an-id")
    refused(sessiondesk(home, "tree", "SESS-999", env=env), "SESS-999")
    refused(sessiondesk(home, "compare", one["execution_id"], two["execution_id"], env=env),
            "unrelated")  # fmt: skip
    refused(sessiondesk(home, "fork", "0e0e0e0e-0000-4000-8000-000000000000", "x", env=env),
            "never got a Claude session")  # fmt: skip
    refused(sessiondesk(home, "fork", "0e0e0e0e", "x", env=env), "never got a Claude session")
    unknown = "11111111-2222-4333-8444-555555555555"
    refused(sessiondesk(home, "fork", unknown, "x", env=env), unknown)
    with closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
        for table in ("executions WHERE conversation_id", "conversations WHERE id"):
            db.execute(f"DELETE FROM {table} = ?", (one["conversation_id"],))
    before = rows(home)
    refused(sessiondesk(home, "fork", one["session_id"], "x", env=env), "several accounts")
    assert rows(home) == before
    assert len(fake_api.requests) == asked


def test_conversations_describe_and_show_say_whether_each_turn_resumed(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account: ClaudeAccount = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("Hi."), Reply.text("Again."))
    first = turn(home, env, "run", "--account", "alpha", "--cwd", str(project), "hello")
    turn(home, env, "run", "--conversation", first["conversation_id"], "again")
    described = sessiondesk(home, "--json", "conversations", "describe",
                            first["conversation_id"], "Greetings, twice", env=env)  # fmt: skip
    assert described.json()["description"] == "Greetings, twice"
    shown = sessiondesk(home, "--json", "conversations", "show", first["conversation_id"],
                        env=env).json()  # fmt: skip
    assert shown["description"] == "Greetings, twice"
    assert [(e["resumed"], e["resume_reason"]) for e in shown["executions"]] == [
        (False, "a new conversation"), (True, None),
    ]  # fmt: skip
    human = sessiondesk(home, "conversations", "show", first["conversation_id"], env=env).stdout
    assert "Greetings, twice" in human and "not resumed: a new conversation" in human

    hub = open_services(home)  # the token series is for the window's chart: no command yet
    try:
        series = hub.conversations.token_series(first["conversation_id"])
    finally:
        hub.close()
    assert [p.execution_id for p in series] == [e["execution_id"] for e in shown["executions"]]
    assert [p.context_tokens for p in series] == [e["context_tokens"] for e in shown["executions"]]
    assert all(p.context_tokens for p in series)
