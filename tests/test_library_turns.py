"""The library with the real claude through the fake API: a bundle exported from
one home and imported into another, loaded as context for a turn; a session
whose transcript Claude Code deleted, replayed from the archive; and `stats`
totals against the executions recorded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text
from tests.rig.fixtures import AccountFactory
from tests.sdrig import app_env, register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def _turn(home: Path, env: dict[str, str], *args: str) -> dict[str, Any]:
    result = run_turn(home, env, *args)
    assert result.code in (0, 1), result.stderr
    return result.json_lines()[-1]


def _ok(result: Any) -> Any:
    assert result.code == 0, result.stderr
    return result.json()


def _shape(shown: dict[str, Any]) -> dict[str, Any]:
    """What must survive a move between homes (ids, handles and account change)."""
    keep = ("kind", "status", "session_id", "usage", "cost_usd", "context_tokens", "exit_code")
    return {
        "title": shown["title"],
        "session_id": shown["session_id"],
        "cwd": shown["cwd"],
        "executions": [{k: e[k] for k in keep} for e in shown["executions"]],
    }


def test_a_bundle_moves_to_another_home_and_seeds_a_turn(
    home: Path, tmp_path: Path, claude_account: AccountFactory, claude_bin: Path,
    fake_api: FakeAPI, project: Path,
) -> None:  # fmt: skip
    alpha = claude_account("alpha")
    env_a = register(home, alpha, claude_bin)
    fake_api.enqueue(Reply.text("Noted: the ship is called ALBATROSS."))
    first = _turn(home, env_a, "--account", "alpha", "--cwd", str(project), "name the ship")
    fake_api.enqueue(Reply.text("It sails at DAWN."))
    _turn(home, env_a, "--conversation", first["conversation_id"], "and when?")
    source = _ok(sessiondesk(home, "--json", "conversations", "show", first["conversation_id"],
                             env=env_a))  # fmt: skip
    session = source["session_id"]
    sessions_a = _ok(sessiondesk(home, "--json", "sessions", "show", session, env=env_a))

    _ok(sessiondesk(home, "--json", "bundle", "create", "voyage", "--description", "the ship",
                    env=env_a))  # fmt: skip
    _ok(sessiondesk(home, "--json", "bundle", "add", "voyage", source["code"], env=env_a))
    _ok(sessiondesk(home, "--json", "bundle", "note", "voyage", "Crew of twelve.", env=env_a))
    bundle_file = tmp_path / "voyage.zip"
    exported = _ok(sessiondesk(home, "--json", "bundle", "export", "voyage", str(bundle_file),
                               env=env_a))  # fmt: skip
    assert (exported["conversations"], exported["sessions"]) == (1, 1)

    # another home, which already has a conversation of its own
    other = tmp_path / "other-home"
    other.mkdir()
    beta = claude_account("beta")
    # the rig's environment names the first home: this one's must win
    env_b = {**app_env(beta, claude_bin), "SESSIONDESK_HOME": str(other)}
    added = sessiondesk(
        other, "accounts", "add", "beta", "--config-dir", str(beta.config_dir),
        "--auth", "api-key", "--secret-stdin", stdin=beta.api_key + "\n", env=env_b,
    )  # fmt: skip
    assert added.code == 0, added.stderr
    fake_api.enqueue(Reply.text("Hello from the other home."))
    mine = _turn(other, env_b, "--account", "beta", "--cwd", str(project), "hello")
    mine_code = _ok(sessiondesk(other, "--json", "conversations", "show",
                                mine["conversation_id"], env=env_b))["code"]  # fmt: skip

    imported = _ok(sessiondesk(other, "--json", "bundle", "import", str(bundle_file),
                               "--account", "beta", env=env_b))  # fmt: skip
    assert imported["sessions_added"] == [session]
    (code,) = imported["conversations"]
    assert code != mine_code
    listed = _ok(sessiondesk(other, "--json", "conversations", "list", env=env_b))
    assert len({c["code"] for c in listed}) == len(listed) == 2
    moved = _ok(sessiondesk(other, "--json", "conversations", "show", code, env=env_b))
    assert _shape(moved) == _shape(source)
    assert moved["account"] == "beta"
    sessions_b = _ok(sessiondesk(other, "--json", "sessions", "show", session, env=env_b))
    assert sessions_b["messages"] == sessions_a["messages"]
    assert sessions_b["archived"] is True
    # never into a Claude config dir: only our archive holds it
    assert not list(beta.config_dir.glob(f"projects/*/{session}.jsonl"))
    assert (other / "archive" / "beta" / f"{session}.jsonl.gz").is_file()
    shown = _ok(sessiondesk(other, "--json", "bundle", "show", "voyage", env=env_b))
    assert [i["kind"] for i in shown["items"]] == ["conversation", "note"]
    assert shown["items"][0]["code"] == code

    fake_api.enqueue(Reply.text("Loaded."))
    loaded = sessiondesk(
        other, "--json", "bundle", "load", "voyage", "--account", "beta",
        "--cwd", str(project), "what do we know?", env=env_b, timeout=90,
    )  # fmt: skip
    assert loaded.code == 0, loaded.stderr
    assert loaded.json_lines()[-1]["status"] == "succeeded"
    sent = last_user_text(fake_api.main_turns()[-1])
    assert "ALBATROSS" in sent and "DAWN" in sent and "Crew of twelve." in sent
    assert "what do we know?" in sent and code in sent


def test_a_bundle_with_another_accounts_items_needs_confirmation(
    home: Path, tmp_path: Path, claude_account: AccountFactory, claude_bin: Path,
    fake_api: FakeAPI, project: Path,
) -> None:  # fmt: skip
    alpha = claude_account("alpha")
    env = register(home, alpha, claude_bin)
    fake_api.enqueue(Reply.text("The code is OSPREY."))
    done = _turn(home, env, "--account", "alpha", "--cwd", str(project), "pick a code")
    _ok(sessiondesk(home, "--json", "accounts", "add", "gamma", "--config-dir",
                    str(tmp_path / "gamma"), "--create", env=env))  # fmt: skip
    _ok(sessiondesk(home, "--json", "bundle", "create", "codes", env=env))
    _ok(sessiondesk(home, "--json", "bundle", "add", "codes", done["conversation_id"], env=env))
    refused = sessiondesk(home, "bundle", "load", "codes", "--account", "gamma",
                          "--cwd", str(project), "go", env=env)  # fmt: skip
    assert refused.code == 2
    assert "alpha" in refused.stderr and "--confirm-cross-account" in refused.stderr
    assert len(fake_api.main_turns()) == 1, "nothing was sent"


def test_a_deleted_transcript_opens_from_the_archive_and_replays(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("The password is MARMALADE."))
    first = _turn(home, env, "--account", "alpha", "--cwd", str(project), "set a password")
    fake_api.enqueue(Reply.text("And the hint is ORANGE."))
    _turn(home, env, "--conversation", first["conversation_id"], "and a hint")
    session = first["session_id"]
    before = _ok(sessiondesk(home, "--json", "sessions", "show", session, env=env))
    account.transcript(session).unlink()

    after = _ok(sessiondesk(home, "--json", "sessions", "show", session, env=env))
    assert after["messages"] == before["messages"] and after["missing"] is True
    hits = _ok(sessiondesk(home, "--json", "search", "marmalade", env=env))
    assert session in {h["session_id"] for h in hits}

    fake_api.enqueue(Reply.text("Recalled."))
    again = run_turn(home, env, "--conversation", first["conversation_id"], "what was it?")
    assert again.code == 0, again.stderr
    assert again.json_lines()[-1]["kind"] == "replay"
    prompt = last_user_text(fake_api.main_turns()[-1])
    assert "MARMALADE" in prompt and "ORANGE" in prompt


def test_stats_totals_match_the_executions_recorded(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    fake_api.enqueue(Reply.text("One."))
    first = _turn(home, env, "--account", "alpha", "--cwd", str(project), "one")
    fake_api.enqueue(Reply.text("Two."))
    _turn(home, env, "--conversation", first["conversation_id"], "two")
    fake_api.enqueue(Reply.error(401, "authentication_error", "invalid x-api-key"))
    failed = _turn(home, env, "--account", "alpha", "--cwd", str(project), "three")
    assert failed["status"] == "failed"

    convs = _ok(sessiondesk(home, "--json", "conversations", "list", env=env))
    shown = [
        _ok(sessiondesk(home, "--json", "conversations", "show", c["id"], env=env)) for c in convs
    ]
    executions = [e for conv in shown for e in conv["executions"]]
    stats = _ok(sessiondesk(home, "--json", "stats", env=env))
    totals = stats["totals"]
    usage = [e["usage"] or {} for e in executions]
    assert totals["turns"] == len(executions) == 3
    assert (totals["succeeded"], totals["failed"]) == (2, 1)
    assert totals["success_rate"] == pytest.approx(2 / 3, abs=1e-3)
    assert totals["input_tokens"] == sum(u.get("input_tokens", 0) for u in usage) > 0
    assert totals["output_tokens"] == sum(u.get("output_tokens", 0) for u in usage) > 0
    assert totals["cost_usd"] == pytest.approx(sum(e["cost_usd"] or 0 for e in executions))
    assert totals["resumes"] == 1 and totals["replays"] == 0
    assert [a["account"] for a in stats["accounts"]] == ["alpha"]
    assert [p["cwd"] for p in stats["projects"]] == [str(project)]
    assert sorted(c["turns"] for c in stats["conversations"]) == [1, 2]
    later = _ok(sessiondesk(home, "--json", "stats", "--since", "2999-01-01", env=env))
    assert later["totals"]["turns"] == 0
    bad = sessiondesk(home, "stats", "--since", "someday", env=env)
    assert bad.code == 2 and "YYYY-MM-DD" in bad.stderr
    assert json.dumps(stats)  # plain JSON all the way down
