"""Around a switch: the recap mode, a limit that invites one, and a new
account's secret that must stay in the keyring."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from desktop.vault.keyring_vault import KeyringVault
from tests.clirun import sessiondesk
from tests.rig.claude import ClaudeAccount
from tests.rig.fakeapi import FakeAPI, RecordedRequest, Reply, is_main_turn
from tests.sdrig import spawn
from tests.test_switch_account import (
    body,
    pair,  # noqa: F401 (a fixture)
    started_under_alpha,
    switch,
    system_text,
    turn,
)
from tests.vaultkit import keyring_key

pytestmark = [pytest.mark.claude, pytest.mark.keyring]

CANARY = "sk-ant-api03-CANARY-7f3e9a1c5b2d4e6f8091a2b3c4d5e6f7"


def test_summary_is_written_under_the_old_account_and_seeds_the_new_one(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]],  # noqa: F811
    fake_api: FakeAPI, project: Path,
) -> None:  # fmt: skip
    alpha, beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    assert switch(home, env, first["conversation_id"], "--carry-context", "summary").code == 0
    mark = len(fake_api.requests)

    def from_alpha(request: RecordedRequest) -> bool:
        return is_main_turn(request) and request.headers.get("x-api-key") == alpha.api_key

    fake_api.enqueue(Reply.text("RECAP-OK: they agreed on a code word."), when=from_alpha)
    one, _ = turn(home, env, "run", "--conversation", first["conversation_id"], "continue")
    assert one["account"] == "beta" and one["kind"] == "carryover"
    recap_request = next(r for r in fake_api.requests[mark:] if from_alpha(r))
    assert "MARMOT" in body(recap_request)  # the old account read its own conversation
    seeded = next(
        r for r in fake_api.main_turns()
        if r in fake_api.requests[mark:] and r.headers.get("x-api-key") == beta.api_key
    )  # fmt: skip
    assert "RECAP-OK" in system_text(seeded) and "conversation-summary" in system_text(seeded)


def test_a_rate_limited_run_says_so(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]],  # noqa: F811
    fake_api: FakeAPI, project: Path,
) -> None:  # fmt: skip
    _alpha, _beta, env = pair
    fake_api.enqueue(Reply.error(429), times=None)
    result = sessiondesk(home, "--json", "run", "--account", "alpha", "--cwd", str(project),
                         "hello", env=env, timeout=90)  # fmt: skip
    assert result.code == 1
    done = result.json_lines()[-1]
    assert done["status"] == "failed" and done["error_kind"] == "rate_limited", done


def test_a_secret_set_through_the_cli_is_in_the_keyring_and_nowhere_else(
    home: Path, pair: tuple[ClaudeAccount, ClaudeAccount, dict[str, str]],  # noqa: F811
    fake_api: FakeAPI, project: Path,
) -> None:  # fmt: skip
    _alpha, _beta, env = pair
    first = started_under_alpha(home, env, fake_api, project)
    stored = sessiondesk(home, "accounts", "set-secret", "beta", "--secret-stdin",
                         stdin=CANARY + "\n", env=env)  # fmt: skip
    assert stored.code == 0, stored.stderr
    assert switch(home, env, first["conversation_id"], "--carry-context", "raw").code == 0

    release = threading.Event()
    fake_api.enqueue(Reply.text("held reply", hold=release))
    process = spawn(home, env, "--json", "run", "--conversation", first["conversation_id"], "hi")
    try:
        request = fake_api.wait_for_request(
            lambda r: is_main_turn(r) and r.headers.get("x-api-key") == CANARY, timeout=60
        )
        assert request is not None
        seen = []
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                seen.append(cmdline.read_bytes())
            except OSError:
                continue  # a process that ended meanwhile
        assert any(b"claude" in c for c in seen)
        assert not any(CANARY.encode() in c for c in seen)
    finally:
        release.set()
        out, err = process.communicate(timeout=90)
    assert process.returncode == 0, err
    assert CANARY not in out + err
    assert json.loads(out.splitlines()[-1])["account"] == "beta"

    assert KeyringVault().load(keyring_key(home, "beta")) == CANARY
    for path in home.rglob("*"):
        if path.is_file():
            assert CANARY.encode() not in path.read_bytes(), path
    listed = sessiondesk(home, "--json", "settings", "list", env=env)
    assert CANARY not in listed.stdout
