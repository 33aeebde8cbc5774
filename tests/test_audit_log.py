"""The audit log with the real `claude`: a rollover, a resumed turn, a switch and
its carry each leave a line naming the conversation and the execution;
`logs` shows them, `--verbose` prints them as they happen, and no secret
reaches any of it."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import CliResult, sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register

pytestmark = [pytest.mark.claude, pytest.mark.keyring, pytest.mark.timeout(400)]

FULL = 5000


def turn(
    home: Path, env: dict[str, str], fake_api: FakeAPI, *args: str, tokens: int = 300
) -> tuple[dict[str, Any], CliResult]:
    fake_api.enqueue(Reply.text("Noted.", input_tokens=tokens))
    result = sessiondesk(home, "--json", *args, env=env, timeout=120)
    assert result.code == 0, result.stderr
    done: dict[str, Any] = result.json_lines()[-1]
    assert done["type"] == "execution" and done["status"] == "succeeded", done
    return done, result


def test_logs_show_a_rollover_a_resume_and_a_switch_and_never_a_secret(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    alpha, beta = claude_account("alpha"), claude_account("beta")
    env = register(home, alpha, claude_bin)
    register(home, beta, claude_bin)
    # a canary in the keyring of an account that never runs, and the keys that do
    canary = f"canary-{secrets.token_hex(12)}"
    added = sessiondesk(home, "accounts", "add", "gamma", "--config-dir", str(home / "g"),
                        "--create", "--auth", "api-key", "--secret-stdin",
                        stdin=canary + "\n", env=env)  # fmt: skip
    assert added.code == 0, added.stderr
    assert sessiondesk(home, "settings", "set", "rollover.threshold_tokens", "1000",
                       env=env).code == 0  # fmt: skip

    first, _ = turn(home, env, fake_api, "run", "--account", "alpha", "--cwd", str(project),
                    "remember HERON", tokens=FULL)  # fmt: skip
    conv = first["conversation_id"]
    rolled, _ = turn(home, env, fake_api, "run", "--conversation", conv, "go on")
    assert rolled["kind"] == "rollover"
    resumed, verbose = turn(home, env, fake_api, "--verbose", "run", "--conversation", conv,
                            "and then?")  # fmt: skip
    assert resumed["resumed"]
    assert f"resume conversation {conv} execution {resumed['execution_id']}" in verbose.stderr
    moved = sessiondesk(home, "--json", "switch", conv, "--to", "beta", "--carry-context", "raw",
                        env=env)  # fmt: skip
    assert moved.code == 0, moved.stderr
    switch_id = moved.json()["execution"]["execution_id"]
    carried, _ = turn(home, env, fake_api, "run", "--conversation", conv, "which bird?")
    assert carried["kind"] == "carryover"

    shown = sessiondesk(home, "--json", "logs", "--conversation", conv, env=env)
    assert shown.code == 0, shown.stderr
    entries = shown.json()
    assert all(e["conversation_id"] == conv and e["execution_id"] for e in entries)
    by = {(e["decision"], e["execution_id"]): e for e in entries}
    rollover = by[("rollover", rolled["execution_id"])]
    assert rollover["old_session"] == first["session_id"]
    assert rollover["new_session"] == rolled["session_id"]
    assert (rollover["tokens"], rollover["threshold"]) == (FULL, 1000)
    assert by[("resume", resumed["execution_id"])]["session"] == rolled["session_id"]
    assert by[("switch", switch_id)]["to_account"] == "beta"
    carry = by[("carry", carried["execution_id"])]
    assert (carry["mode"], carry["from_account"], carry["to_account"]) == ("raw", "alpha", "beta")
    assert carry["bytes"] > 0
    assert by[("fresh", first["execution_id"])]["reason"] == "a new conversation"
    assert by[("context", first["execution_id"])]["context_tokens"] == FULL

    people = sessiondesk(home, "logs", "--conversation", conv, "--since", "2000-01-01", env=env)
    assert people.code == 0 and f"rollover conversation {conv}" in people.stdout
    none = sessiondesk(home, "--json", "logs", "--since", "2999-01-01", env=env)
    assert none.code == 0 and none.json() == []

    # the secrets: the canary, and the part of each key that redaction would not mask
    logged = "".join(p.read_text(errors="replace") for p in (home / "logs").rglob("*")
                     if p.is_file()) + verbose.stderr + shown.stdout  # fmt: skip
    assert logged
    for secret in (canary, alpha.api_key[-16:], beta.api_key[-16:]):
        assert secret not in logged
